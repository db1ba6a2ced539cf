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
 *
 * Classes of classic AVR cores (32 registers, MOVW and LPM Rd,Z: what every AVR assembly
 * here needs), by the instructions the core has:
 *   ATmega class: MUL or JMP/CALL (avr-gcc's avr4, avr35, avr5, avr51, avr6: ATmega8/48/88,
 *     the USB ATmega8u2/16u2/32u2, ATmega328P, ATmega32u4, ATmega128, ATmega2560, ...):
 *     the ATmega assembly of every family, LEA's only with MUL (it multiplies; without
 *     MUL, LEA is C). Cores without JMP/CALL (at most 8 KB of flash) reach every address
 *     with RCALL (LWC_CALL in src/common/lwc_avr.h); on cores with a 3-byte PC (avr6,
 *     over 128 KB of flash) calls push 3 bytes, which no assembly here depends on.
 *   ATtiny class: neither MUL nor JMP/CALL (avr25: ATtiny25/45/85, 24/44/84, 2313, ...;
 *     at most 8 KB of flash and 512 B of RAM): the ATtiny PRESENT, which keeps no
 *     256-byte key schedule, and the C reference for the other families (smaller in
 *     flash than their ATmega assembly).
 *   Other AVR cores (no MOVW: avr1, avr2, avr3, avr31; the 16-register AVRrc; XMEGA,
 *     whose instruction timings differ and which the tests do not simulate): C.
 *
 * User options. Define them identically for the library and for every file that
 * includes lwc.h. Those marked [layout] change public struct layouts where they take
 * effect; there, a library and an application built differently fail to link, with an
 * undefined reference to lwc_layout_<OPTION>_<0 or 1> naming the option.
 *   LWC_NO_ASM             [layout] the portable C everywhere (no assembly)
 *   LWC_BITSLICE32=0|1     [layout] table-free PRESENT and AES over 32-bit words (default:
 *                          1 on Cortex-M3/M4, 0 elsewhere; not combinable with the AVR
 *                          assembly)
 *   LWC_HIGHT_COMPACT      [layout] HIGHT's AVR assembly without F tables (CTR then runs
 *                          on the C engine)
 *   LWC_PRESENT_TINY_FAST  [layout] the speed-optimised ATtiny PRESENT
 *   LWC_CTR_ONLINE         AVR CTR paths build their precomputation during the first
 *                          block of a window instead of in a separate pass
 *   LWC_CHAM64_CTR_1WAY    CHAM-64/128's AVR CTR without the 2-way pass (1 KB less flash)
 *   LWC_PRESENT_CTR_WINDOW=16|32  counter bits of PRESENT's AVR CTR precomputation window
 *   LWC_AES_RAM_TABLES     AES's AVR assembly reads its S-boxes from RAM (512 bytes,
 *                          copied by the C startup code) instead of flash: faster
 *   LWC_DRBG_PLAIN         CTR_DRBG computes what its precomputed tables hold
 */
#ifndef LWC_CONFIG_H
#define LWC_CONFIG_H

#define LWC_IMPL_C 1
#define LWC_IMPL_BITSLICE32 2
#define LWC_IMPL_AVR 3
#define LWC_IMPL_AVR_TINY 4
#define LWC_IMPL_AVR_TINY_FAST 5

/* The target, from the compiler's feature macros (not from device names). */
#if defined(__AVR__)
#define LWC_ARCH_AVR 1 /* any AVR core: constant tables in flash */
#else
#define LWC_ARCH_AVR 0
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
#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_7M__)
#define LWC_CORTEX_M34 1
#else
#define LWC_CORTEX_M34 0
#endif

#if defined(LWC_NO_ASM)
#define LWC_ASM_ALLOWED 0
#else
#define LWC_ASM_ALLOWED 1
#endif

#ifndef LWC_BITSLICE32
#define LWC_BITSLICE32 LWC_CORTEX_M34
#endif
#if LWC_BITSLICE32 && LWC_AVR_CLASSIC && LWC_ASM_ALLOWED
#error "LWC_BITSLICE32 replaces the AVR assembly: build with -DLWC_NO_ASM too"
#endif

#if LWC_AVR_MEGA && LWC_ASM_ALLOWED
#define LWC_ASM_FAMILY_IMPL LWC_IMPL_AVR
#else
#define LWC_ASM_FAMILY_IMPL LWC_IMPL_C
#endif
#if LWC_ASM_FAMILY_IMPL == LWC_IMPL_AVR && LWC_AVR_MUL
#define LWC_LEA_IMPL LWC_IMPL_AVR
#else
#define LWC_LEA_IMPL LWC_IMPL_C
#endif
#define LWC_HIGHT_IMPL LWC_ASM_FAMILY_IMPL
#define LWC_CHAM_IMPL LWC_ASM_FAMILY_IMPL

#if LWC_BITSLICE32
#define LWC_AES_IMPL LWC_IMPL_BITSLICE32
#define LWC_PRESENT_IMPL LWC_IMPL_BITSLICE32
#else
#define LWC_AES_IMPL LWC_ASM_FAMILY_IMPL
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

/* HIGHT's AVR CTR path needs the F tables of the default variant. */
#if LWC_HIGHT_IMPL == LWC_IMPL_AVR && !defined(LWC_HIGHT_COMPACT)
#define LWC_HIGHT_ASM_CTR 1
#else
#define LWC_HIGHT_ASM_CTR 0
#endif

/*
 * The layout check. LWC_LAYOUT_TAGS(M) applies M to lwc_layout_<OPTION>_<value> for each
 * [layout] option that takes effect on this target. Every file that includes lwc.h
 * requires these symbols (a zero-byte relocation in a section the linker keeps);
 * src/common/layout.c (src/common/layout_avr.S on AVR), compiled with the library's
 * options, defines them.
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

/* The section that carries the requirement: one the linker always keeps, zero bytes. */
#if defined(__AVR__)
#define LWC_LAYOUT_SECTION ".init0,\"ax\",@progbits"
#else
#define LWC_LAYOUT_SECTION ".init_array,\"aw\",%init_array"
#endif
#if defined(__ELF__) && !defined(__ASSEMBLER__)
#define LWC_LAYOUT_REQUIRE(tag) \
    __asm__(".pushsection " LWC_LAYOUT_SECTION "\n\t.reloc ., BFD_RELOC_NONE, " #tag "\n\t.popsection");
#else
#define LWC_LAYOUT_REQUIRE(tag)
#endif

#endif
