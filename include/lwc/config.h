/*
 * lwc build configuration: which implementation each cipher family uses, decided once
 * here from the compiler's target feature macros and the user's options. Every other
 * file (C and assembly) asks this header; it is the only public one that reads the
 * compiler's device macros. Preprocessor only, so that the .S files can include it.
 *
 * LWC_<FAMILY>_IMPL (FAMILY = PRESENT, LEA, HIGHT, CHAM, AES) is one of:
 *   LWC_IMPL_C            portable C (src/<family>/<family>.c)
 *   LWC_IMPL_BITSLICE32   table-free 32-bit C (PRESENT, AES: present_bs32.c, aes_ct32.c)
 *   LWC_IMPL_AVR          AVR assembly (src/<family>/<family>_avr.S) on the ATmega class
 *                         (below); LEA's also needs MUL
 *   LWC_IMPL_AVR_TINY     PRESENT: size-optimised assembly (present_tiny_avr.S) for the
 *                         ATtiny class (below)
 *   LWC_IMPL_AVR_TINY_FAST  PRESENT: the speed-optimised one (present_tiny_fast_avr.S)
 *   LWC_IMPL_AVR_SMALL    AES: size-optimised assembly (aes_small_avr.S) on the ATmega
 *                         class, with LWC_AES_SMALL
 *   LWC_IMPL_ARMV6M       Thumb-1 assembly for ARMv6-M (Cortex-M0/M0+; little-endian):
 *                         LEA, HIGHT and CHAM (src/<family>/<family>_armv6m.S); the
 *                         bitsliced PRESENT's and AES's rounds are LWC_IMPL_BITSLICE32
 *                         with assembly of their own (LWC_PRESENT_BS32_ARMV6M,
 *                         LWC_AES_CT32_ARMV6M below)
 * LWC_ASCON_IMPL (src/ascon/, the layout of Ascon's state) is one of:
 *   LWC_IMPL_C            five 64-bit words (ascon_p64.c): 64-bit cores and AVR
 *   LWC_IMPL_AVR          the same layout, the permutation in AVR assembly (ascon_avr.S)
 *                         on the ATmega class (below)
 *   LWC_IMPL_AVR_TINY     the same layout, size-optimised AVR assembly (ascon_tiny_avr.S:
 *                         the rounds in loops, the state in RAM) for the ATtiny class
 *   LWC_IMPL_BI32         five 64-bit words each kept as two bit-interleaved 32-bit halves,
 *                         even and odd bits (ascon_bi32.c), so that the 64-bit rotations
 *                         are 32-bit ones: cores with 32-bit registers
 *   LWC_IMPL_ARMV7M       the LWC_IMPL_BI32 layout; the permutation, Ascon-AEAD128 from
 *                         its initialization to its tag and the hashes' block loop in
 *                         Thumb-2 assembly (ascon_armv7m.S) on ARMv7-M (Cortex-M3/M4),
 *                         little-endian
 *   LWC_IMPL_RV32         the LWC_IMPL_C layout (two 32-bit halves a word, no interleaving:
 *                         without a rotate instruction a 64-bit rotation costs what two
 *                         32-bit ones do), the permutation and Ascon-AEAD128 after its
 *                         checks in RV32I assembly (ascon_rv32.S) on 32-bit RISC-V; not
 *                         with LWC_SMALL (its unrolled rounds take 5.5 KB: the
 *                         bit-interleaved C there)
 *   LWC_IMPL_ARMV6M       the LWC_IMPL_C layout, the permutation and the AEAD block loops
 *                         in Thumb-1 assembly (ascon_armv6m.S) on ARMv6-M (no interleaving
 *                         either: an immediate shift pair per rotation half, and the data
 *                         needs no (un)zipping); not with LWC_SMALL (3.5 KB of rounds)
 *
 * Classes of classic AVR cores (32 registers, MOVW and LPM Rd,Z: what every AVR assembly
 * here needs), by the instructions the core has:
 *   ATmega class: MUL or JMP/CALL (avr-gcc's avr4, avr35, avr5, avr51, avr6: ATmega8/48/88,
 *     the USB ATmega8u2/16u2/32u2, ATmega328P, ATmega32u4, ATmega128, ATmega2560, ...):
 *     the ATmega assembly of every family, LEA's only with MUL (it multiplies; without
 *     MUL, LEA is C). The assembly makes no CALL or JMP (cores without them have at most
 *     8 KB of flash); on cores with a 3-byte PC (avr6, over 128 KB of flash) calls push
 *     3 bytes, which only the ATtiny PRESENT's fast variant depends on (it refuses them).
 *   ATtiny class: neither MUL nor JMP/CALL (avr25: ATtiny25/45/85, 24/44/84, 2313, ...;
 *     at most 8 KB of flash and 512 B of RAM): the ATtiny PRESENT, which keeps no
 *     256-byte key schedule, the ATtiny Ascon (rolled rounds), and the C reference for
 *     the other families (smaller in flash than their ATmega assembly).
 *   Other AVR cores (no MOVW: avr1, avr2, avr3, avr31; the 16-register AVRrc; XMEGA,
 *     whose instruction timings differ and which the tests do not simulate): C.
 *
 * User options. Define them identically for the library and for every file that
 * includes lwc.h. Those marked [layout] change public struct layouts where they take
 * effect; there, a library and an application built differently fail to link, with an
 * undefined reference to lwc_layout_<OPTION>_<0 or 1> naming the option.
 *   LWC_NO_ASM             [layout] the portable C everywhere (no assembly)
 *   LWC_BITSLICE32=0|1     [layout] 1: table-free, constant-time PRESENT and AES over 32-bit
 *                          words (present_bs32.c, aes_ct32.c), the default on every target
 *                          but AVR. 0: their table-based C reference instead, an explicit
 *                          opt-in that is NOT constant-time on a CPU with a data cache (it
 *                          indexes S-box tables with secret data); the default on AVR, which
 *                          has no data cache (1 there needs LWC_NO_ASM too)
 *   LWC_HIGHT_COMPACT      [layout] HIGHT's AVR assembly without F tables (CTR then runs
 *                          on the C engine)
 *   LWC_PRESENT_TINY_FAST  [layout] the speed-optimised ATtiny PRESENT
 *   LWC_CTR_ONLINE         PRESENT's, HIGHT's and LEA's AVR CTR paths rebuild their
 *                          precomputation during the first block of a window instead
 *                          of in a separate pass (CHAM's has one way)
 *   LWC_CHAM64_CTR_1WAY    CHAM-64/128's AVR CTR without the 2-way pass (1 KB less flash)
 *   LWC_PRESENT_CTR_WINDOW=16|32  counter bits of PRESENT's AVR CTR precomputation window
 *   LWC_AES_RAM_TABLES     AES's AVR assembly reads its S-boxes from RAM (512 bytes,
 *                          copied by the C startup code) instead of flash: faster
 *   LWC_AES_SMALL          AES's size-optimised ATmega assembly (aes_small_avr.S: under
 *                          a quarter of the fast one's flash, slower); same key layout.
 *                          Not with LWC_AES_RAM_TABLES
 *   LWC_DRBG_PLAIN         CTR_DRBG computes what its precomputed tables hold
 *   LWC_NO_SIMD            no host SIMD kernels (LWC_HOST_SIMD 0): the portable C only
 *   LWC_ASCON_BI32=0|1     Ascon's state as bit-interleaved 32-bit halves (1, the default on
 *                          32-bit cores but where Ascon has assembly for them: ARMv6-M and
 *                          RV32 without LWC_SMALL) or as 64-bit words (0, elsewhere); the
 *                          same struct sizes and results either way; 1 there means the C
 *   LWC_SMALL=0|1          1: the smaller form of every family's code for 32-bit cores:
 *                          rounds in short loops instead of unrolled, no passes over two
 *                          blocks at once, at some speed (docs/BENCHMARKS.md: the
 *                          cortex-m0-small build); the default when the compiler optimises
 *                          for size (-Os: __OPTIMIZE_SIZE__), else 0. Not a [layout]
 *                          option: the same key schedules and contexts either way, so a
 *                          library and an application may differ in it. No effect on 8/16-bit
 *                          cores, whose C is always the small form (their assembly has the
 *                          options above).
 */
#ifndef LWC_CONFIG_H
#define LWC_CONFIG_H

#define LWC_IMPL_C 1
#define LWC_IMPL_BITSLICE32 2
#define LWC_IMPL_AVR 3
#define LWC_IMPL_AVR_TINY 4
#define LWC_IMPL_AVR_TINY_FAST 5
#define LWC_IMPL_AVR_SMALL 6
#define LWC_IMPL_ARMV6M 7
#define LWC_IMPL_BI32 8
#define LWC_IMPL_ARMV7M 9
#define LWC_IMPL_RV32 10

#ifndef LWC_SMALL
#if defined(__OPTIMIZE_SIZE__)
#define LWC_SMALL 1
#else
#define LWC_SMALL 0
#endif
#endif

/* The target, from the compiler's feature macros (not from device names). */
#if defined(__AVR__)
#define LWC_ARCH_AVR 1 /* any AVR core: constant tables in flash */
#else
#define LWC_ARCH_AVR 0
#endif
#if defined(__x86_64__)
#define LWC_ARCH_X86_64 1
#else
#define LWC_ARCH_X86_64 0
#endif
#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)
#define LWC_ARCH_ARMV7M 1 /* Cortex-M3/M4: Thumb-2 with the DSP-less ARMv7-M core */
#else
#define LWC_ARCH_ARMV7M 0
#endif
#if defined(__ARM_ARCH_6M__) && !defined(__ARM_BIG_ENDIAN)
#define LWC_ARCH_ARMV6M 1 /* Cortex-M0/M0+: Thumb-1, 8 low registers, two-operand ALU */
#else
#define LWC_ARCH_ARMV6M 0
#endif
#if defined(__riscv) && defined(__riscv_xlen) && __riscv_xlen == 32 && defined(__riscv_mul)
#define LWC_ARCH_RV32 1 /* RV32IM: 31 registers, three-operand ALU, no rotate instruction */
#else
#define LWC_ARCH_RV32 0
#endif
#if defined(__AVR__) && !defined(__AVR_TINY__) && !defined(__AVR_XMEGA__) && \
    defined(__AVR_HAVE_MOVW__) && defined(__AVR_HAVE_LPMX__)
#define LWC_AVR_CLASSIC 1 /* 32 registers, MOVW, LPM Rd,Z: what every AVR assembly needs */
#else
#define LWC_AVR_CLASSIC 0
#endif
#if defined(__AVR_HAVE_MUL__)
#define LWC_AVR_MUL 1
#else
#define LWC_AVR_MUL 0
#endif
#if LWC_AVR_CLASSIC && (LWC_AVR_MUL || defined(__AVR_HAVE_JMP_CALL__))
#define LWC_AVR_MEGA 1 /* the ATmega class (above) */
#else
#define LWC_AVR_MEGA 0
#endif
#define LWC_AVR_TINY_CLASS (LWC_AVR_CLASSIC && !LWC_AVR_MEGA)

#if defined(LWC_NO_ASM)
#define LWC_ASM_ALLOWED 0
#else
#define LWC_ASM_ALLOWED 1
#endif

/* Hosts with run-time chosen SIMD kernels: GCC 8+ or clang (target attributes for
 * AVX-512 and VAES, cpuid.h), unless the portable C is asked for. */
#if (defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 8)) && LWC_ASM_ALLOWED && \
    !defined(LWC_NO_SIMD)
#define LWC_SIMD_COMPILER 1
#else
#define LWC_SIMD_COMPILER 0
#endif
#if LWC_SIMD_COMPILER && defined(__x86_64__)
#define LWC_SIMD_X86_64 1
#else
#define LWC_SIMD_X86_64 0
#endif
#if LWC_SIMD_COMPILER && defined(__aarch64__) && defined(__ARM_NEON)
#define LWC_SIMD_AARCH64 1
#else
#define LWC_SIMD_AARCH64 0
#endif
#define LWC_HOST_SIMD (LWC_SIMD_X86_64 || LWC_SIMD_AARCH64)

/* Constant time wherever there is a data cache: tables only on AVR, or when asked for. */
#ifndef LWC_BITSLICE32
#define LWC_BITSLICE32 (!LWC_ARCH_AVR)
#endif
#if LWC_BITSLICE32 && LWC_AVR_CLASSIC && LWC_ASM_ALLOWED
#error "LWC_BITSLICE32 replaces the AVR assembly: build with -DLWC_NO_ASM too"
#endif

#if LWC_AVR_MEGA && LWC_ASM_ALLOWED
#define LWC_ASM_FAMILY_IMPL LWC_IMPL_AVR
#else
#define LWC_ASM_FAMILY_IMPL LWC_IMPL_C
#endif
/* The ARX families (LEA, HIGHT, CHAM): the ATmega assembly, or the ARMv6-M assembly. */
#if LWC_ARCH_ARMV6M && LWC_ASM_ALLOWED
#define LWC_ARX_IMPL LWC_IMPL_ARMV6M
#else
#define LWC_ARX_IMPL LWC_ASM_FAMILY_IMPL
#endif
#if LWC_ARX_IMPL == LWC_IMPL_AVR && !LWC_AVR_MUL
#define LWC_LEA_IMPL LWC_IMPL_C
#else
#define LWC_LEA_IMPL LWC_ARX_IMPL
#endif
#define LWC_HIGHT_IMPL LWC_ARX_IMPL
#define LWC_CHAM_IMPL LWC_ARX_IMPL
/* Their C shaped for RV32IM (31 registers, no rotate instruction): LEA's and HIGHT's CTR
 * two counter blocks per pass (LEA's round keys loaded once for both; HIGHT's blocks in the
 * lanes of its words; not with LWC_SMALL), CHAM's CTR on aligned words
 * (lwc_ctr_xcrypt_words), its CHAM-64/128 encryption with 16-bit rotations made by a
 * multiply-high (unrolled: not with LWC_SMALL). */
#define LWC_LEA_CTR_2WAY (LWC_LEA_IMPL == LWC_IMPL_C && LWC_ARCH_RV32 && !LWC_SMALL)
#define LWC_CHAM_RV32 (LWC_CHAM_IMPL == LWC_IMPL_C && LWC_ARCH_RV32)
#define LWC_HIGHT_CTR_2WAY (LWC_HIGHT_IMPL == LWC_IMPL_C && LWC_ARCH_RV32 && !LWC_SMALL)

#if LWC_BITSLICE32
#define LWC_AES_IMPL LWC_IMPL_BITSLICE32
#define LWC_PRESENT_IMPL LWC_IMPL_BITSLICE32
#else
#if LWC_ASM_FAMILY_IMPL == LWC_IMPL_AVR && defined(LWC_AES_SMALL)
#define LWC_AES_IMPL LWC_IMPL_AVR_SMALL
#else
#define LWC_AES_IMPL LWC_ASM_FAMILY_IMPL
#endif
#if LWC_ASM_FAMILY_IMPL == LWC_IMPL_AVR
#define LWC_PRESENT_IMPL LWC_IMPL_AVR
#elif LWC_AVR_TINY_CLASS && LWC_ASM_ALLOWED && defined(LWC_PRESENT_TINY_FAST)
#define LWC_PRESENT_IMPL LWC_IMPL_AVR_TINY_FAST
#elif LWC_AVR_TINY_CLASS && LWC_ASM_ALLOWED
#define LWC_PRESENT_IMPL LWC_IMPL_AVR_TINY
#else
#define LWC_PRESENT_IMPL LWC_IMPL_C
#endif
#endif

/* Either AES assembly for AVR: the S-boxes 256-byte aligned in flash (or RAM), the CBC-MAC
 * step in assembly. */
#define LWC_AES_AVR_ASM (LWC_AES_IMPL == LWC_IMPL_AVR || LWC_AES_IMPL == LWC_IMPL_AVR_SMALL)
#if LWC_AES_IMPL == LWC_IMPL_AVR_SMALL && defined(LWC_AES_RAM_TABLES)
#error "LWC_AES_SMALL reads its S-boxes from flash: build it without LWC_AES_RAM_TABLES"
#endif

/* The fixsliced AES: its rounds in Thumb-2 on ARMv7-M (aes_ct32_armv7m.S), in RV32I on
 * 32-bit RISC-V (aes_ct32_rv32.S); on x86-64 its key schedule also holds the FIPS 197 round
 * keys, which the AES-NI kernels load (a layout of the target, whatever LWC_NO_SIMD says). */
#define LWC_AES_CT32_THUMB2 (LWC_AES_IMPL == LWC_IMPL_BITSLICE32 && LWC_ARCH_ARMV7M && LWC_ASM_ALLOWED)
#define LWC_AES_CT32_RV32 (LWC_AES_IMPL == LWC_IMPL_BITSLICE32 && LWC_ARCH_RV32 && LWC_ASM_ALLOWED)
#define LWC_AES_CT32_ASM (LWC_AES_CT32_THUMB2 || LWC_AES_CT32_RV32)
/* On ARMv6-M its encryption rounds and CTR passes in Thumb-1 (aes_ct32_armv6m.S: the ten
 * rounds unrolled: 8,532 bytes of code); with LWC_SMALL (the -Os build, cortex-m0-small) the C,
 * whose rounds loop. */
#define LWC_AES_CT32_ARMV6M \
    (LWC_AES_IMPL == LWC_IMPL_BITSLICE32 && LWC_ARCH_ARMV6M && LWC_ASM_ALLOWED && !LWC_SMALL)
/* The bitsliced PRESENT's rounds in Thumb-1 on ARMv6-M (present_bs32_armv6m.S). */
#define LWC_PRESENT_BS32_ARMV6M (LWC_PRESENT_IMPL == LWC_IMPL_BITSLICE32 && LWC_ARCH_ARMV6M && LWC_ASM_ALLOWED)
#define LWC_AES_STANDARD_KEYS (LWC_AES_IMPL == LWC_IMPL_BITSLICE32 && LWC_ARCH_X86_64)

/* Ascon: bit-interleaved halves on 32-bit cores, where they make every rotation a 32-bit
 * one; 64-bit words elsewhere, AVR included (avr-gcc's 64-bit code runs the permutation
 * in half the cycles of its 32-bit rotations by odd amounts), and the permutation in
 * assembly on the ATmega class (byte rotations are renamings there), rolled up for size on
 * the ATtiny class, and on ARMv7-M (the ten halves fit in registers, the rotations in the
 * operands' barrel shifter; without LWC_NO_ASM); 64-bit words with the permutation and the
 * AEAD block loops in assembly on ARMv6-M, the permutation and the whole AEAD on RV32 (their
 * speed builds: the -Os builds keep the smaller C). */
#define LWC_ASCON_RV32_ASM (LWC_ARCH_RV32 && LWC_ASM_ALLOWED && !LWC_SMALL)
#define LWC_ASCON_ARMV6M_ASM (LWC_ARCH_ARMV6M && LWC_ASM_ALLOWED && !LWC_SMALL)
#ifndef LWC_ASCON_BI32
#if !LWC_ARCH_AVR && defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 4 && !LWC_ASCON_RV32_ASM && \
    !LWC_ASCON_ARMV6M_ASM
#define LWC_ASCON_BI32 1
#else
#define LWC_ASCON_BI32 0
#endif
#endif
#if LWC_ASCON_BI32 && LWC_ARCH_ARMV7M && LWC_ASM_ALLOWED && !defined(__ARM_BIG_ENDIAN)
#define LWC_ASCON_IMPL LWC_IMPL_ARMV7M
#elif LWC_ASCON_BI32
#define LWC_ASCON_IMPL LWC_IMPL_BI32
#elif LWC_AVR_MEGA && LWC_ASM_ALLOWED
#define LWC_ASCON_IMPL LWC_IMPL_AVR
#elif LWC_ASCON_RV32_ASM
#define LWC_ASCON_IMPL LWC_IMPL_RV32
#elif LWC_ASCON_ARMV6M_ASM
#define LWC_ASCON_IMPL LWC_IMPL_ARMV6M
#elif LWC_AVR_TINY_CLASS && LWC_ASM_ALLOWED
#define LWC_ASCON_IMPL LWC_IMPL_AVR_TINY
#else
#define LWC_ASCON_IMPL LWC_IMPL_C
#endif

/* HIGHT's AVR CTR path needs the F tables of the default variant. */
#if LWC_HIGHT_IMPL == LWC_IMPL_AVR && !defined(LWC_HIGHT_COMPACT)
#define LWC_HIGHT_ASM_CTR 1
#else
#define LWC_HIGHT_ASM_CTR 0
#endif

/* PRESENT's AVR CTR: counter bits of its precomputation window. */
#ifndef LWC_PRESENT_CTR_WINDOW
#define LWC_PRESENT_CTR_WINDOW 16
#endif
#if LWC_PRESENT_CTR_WINDOW != 16 && LWC_PRESENT_CTR_WINDOW != 32
#error "LWC_PRESENT_CTR_WINDOW must be 16 or 32"
#endif

/*
 * The layout check. LWC_LAYOUT_TAGS(M) applies M to lwc_layout_<OPTION>_<value> for each
 * [layout] option that takes effect on this target. Every file that includes lwc.h
 * requires these symbols (LWC_LAYOUT_REQUIRE); src/common/layout.c (hosted targets) or
 * src/common/layout.S (bare metal), compiled with the library's options, defines them.
 */
#if LWC_AVR_CLASSIC && LWC_ASM_ALLOWED
#define LWC_LAYOUT_TAG_ASM(M) M(lwc_layout_LWC_NO_ASM_0)
#elif LWC_AVR_CLASSIC
#define LWC_LAYOUT_TAG_ASM(M) M(lwc_layout_LWC_NO_ASM_1)
#else
#define LWC_LAYOUT_TAG_ASM(M)
#endif
#if LWC_HIGHT_IMPL == LWC_IMPL_AVR && defined(LWC_HIGHT_COMPACT)
#define LWC_LAYOUT_TAG_HIGHT(M) M(lwc_layout_LWC_HIGHT_COMPACT_1)
#elif LWC_HIGHT_IMPL == LWC_IMPL_AVR
#define LWC_LAYOUT_TAG_HIGHT(M) M(lwc_layout_LWC_HIGHT_COMPACT_0)
#else
#define LWC_LAYOUT_TAG_HIGHT(M)
#endif
#if LWC_PRESENT_IMPL == LWC_IMPL_AVR_TINY_FAST
#define LWC_LAYOUT_TAG_TINY(M) M(lwc_layout_LWC_PRESENT_TINY_FAST_1)
#elif LWC_PRESENT_IMPL == LWC_IMPL_AVR_TINY
#define LWC_LAYOUT_TAG_TINY(M) M(lwc_layout_LWC_PRESENT_TINY_FAST_0)
#else
#define LWC_LAYOUT_TAG_TINY(M)
#endif
#if LWC_AVR_CLASSIC
#define LWC_LAYOUT_TAG_BITSLICE(M)
#elif LWC_BITSLICE32
#define LWC_LAYOUT_TAG_BITSLICE(M) M(lwc_layout_LWC_BITSLICE32_1)
#else
#define LWC_LAYOUT_TAG_BITSLICE(M) M(lwc_layout_LWC_BITSLICE32_0)
#endif
#define LWC_LAYOUT_TAGS(M) \
    LWC_LAYOUT_TAG_ASM(M) LWC_LAYOUT_TAG_HIGHT(M) LWC_LAYOUT_TAG_TINY(M) LWC_LAYOUT_TAG_BITSLICE(M)

/* Hosted ELF targets, where the library may be a shared object; else bare metal. */
#if defined(__ELF__) && defined(__unix__)
#define LWC_LAYOUT_HOSTED 1
#else
#define LWC_LAYOUT_HOSTED 0
#endif
#if defined(__ASSEMBLER__) || !defined(__ELF__)
#define LWC_LAYOUT_REQUIRE(tag)
#elif LWC_LAYOUT_HOSTED
/* A pointer in .init_array to a no-op function of the library (layout.c): the dynamic
 * linker must resolve it; it runs at start-up. */
#define LWC_LAYOUT_REQUIRE(tag) \
    void tag(void);             \
    __attribute__((used, section(".init_array"))) static void (*tag##_required)(void) = tag;
#define LWC_LAYOUT_DEFINE(tag) \
    void tag(void) {}
#else
/* Bare metal (static links only): a zero-byte relocation in a section the linker keeps,
 * against a label in an empty section (layout.S); no memory, no code. */
#if defined(__AVR__)
#define LWC_LAYOUT_SECTION ".init0,\"ax\",@progbits"
#else
#define LWC_LAYOUT_SECTION ".init_array,\"aw\",%init_array"
#endif
#define LWC_LAYOUT_REQUIRE(tag) \
    __asm__(".pushsection " LWC_LAYOUT_SECTION "\n\t.reloc ., BFD_RELOC_NONE, " #tag "\n\t.popsection");
#endif

#endif
