/*
 * PRESENT-80 and PRESENT-128 for AVR cores outside the ATmega class (ATtiny45: 4 KB
 * flash, 256 B SRAM, no MUL, no JMP/CALL), optimised for speed; built instead of
 * present_tiny_avr.S with -DLWC_PRESENT_TINY_FAST. The key schedule runs on the fly in
 * registers; lwc_present_key holds the key and, for decryption, the key register after
 * the 31 forward steps (include/lwc/present.h), which setkey computes.
 *
 * Design
 *  - State byte j (bits 8j+7..8j, block[7 - j]) lives in register Sj. Round key r is the
 *    top 64 bits of the key register, which sits in r(26-n)..r25 (n = 10 or 16 key
 *    bytes, r25 most significant), so round key byte j is r(18 + j) for both key sizes.
 *  - S-box + pLayer: the pLayer sends bit k of nibble 2b + e (byte b) to bit 2b + e of
 *    16-bit word k, i.e. to state byte 2k + b/4. One 256-byte table applies the S-box to
 *    both nibbles of a byte and moves bit k of nibble e to bit 2k + e (field k = the two
 *    bits bound for word k). State bytes 4h..4h+3 then form a 4x4 matrix of 2-bit fields
 *    whose transpose (two swap-moves: nibbles between rows 0,2 and 1,3, then fields
 *    1,3 / 0,2 between rows 0,1 and 2,3) leaves state byte 2k + h in register S(4h + k).
 *    Three MOVWs put it back in S(2k + h): the pairs (S1,S3), (S2,S6), (S4,S5) rotate.
 *    Decryption undoes the MOVWs, transposes (its own inverse) and looks up the inverse
 *    table.
 *  - Key step (forward, one subroutine per key size, called through ICALL so that
 *    PRESENT-80 firmware does not link PRESENT-128's): rotate left by 61 bits = byte
 *    moves (MOVW) + rotate right by 3 bits, S-box on the top nibble(s) from a 16-byte
 *    table (the ATtiny tables' packed S / S^-1), round counter into key bits 19..15 /
 *    66..62, both in r17:r18 for either size. The backward step undoes it (inverse
 *    S-box, rotate left 3, byte moves).
 *  - Round counter RC: encryption and setkey count i + 224 up (i = 1..31, INC ends the
 *    loop at 0); decryption counts i down to 1. The low five bits are i in both cases.
 *  - Constant time: loops over public counts only; the only secret-dependent addresses
 *    are LPM indices (constant timing on AVR).
 *
 * Cycles and flash: docs/BENCHMARKS.md (make bench, tiny-fast; the flash includes the
 * padding before the 256-byte aligned tables).
 * Stack: 24 bytes (25 in setkey); lwc_present_key: 32 bytes. Routine counts below are
 * from the instruction timings.
 */
#include "../common/lwc_avr.h"
#if LWC_PRESENT_IMPL == LWC_IMPL_AVR_TINY_FAST

#include "present_sbox_bytes.h"
#include "present_tiny_fast_tables.h"

/* Register map */
#define TMPL  r0    /* r0:r1: MOVW scratch pair (r1 cleared before returning) */
#define COUNT r1    /* byte counter of the copy loops, 0 after them */
#define S1    r2    /* state bytes; MOVW pairs (S1,S3) (S2,S6) (S4,S5) (S0,S7) */
#define S3    r3
#define S2    r4
#define S6    r5
#define S4    r6
#define S5    r7
#define S0    r8
#define S7    r9
/* r10..r25: the key register, least significant byte first (PRESENT-80: r16..r25). */
#define TMP   r26   /* scratch (ANDI-capable) */
#define RC    r27   /* round counter, see the header */
#define KSTEPL r28  /* r28:r29: word address of the key step subroutine (ICALL) */
#define KSTEPH r29
#define NKEY  r18   /* key bytes (10 or 16) at entry */
#define INL   r20   /* arguments: in, out, ks */
#define OUTL  r22
#define OUTH  r23
#define KSL   r24
#define KEY_END 26  /* data address just above the key register (r25) */

/* The key register, most significant byte first. */
#define KEY80_DOWN  r25, r24, r23, r22, r21, r20, r19, r18, r17, r16
#define KEY80_UP    r16, r17, r18, r19, r20, r21, r22, r23, r24, r25
#define KEY128_DOWN r25, r24, r23, r22, r21, r20, r19, r18, r17, r16, r15, r14, r13, r12, r11, r10
#define KEY128_UP   r10, r11, r12, r13, r14, r15, r16, r17, r18, r19, r20, r21, r22, r23, r24, r25

/* ---- tables ---------------------------------------------------------------------- */
/* 256-byte aligned, so that ZL is the index and ZH the table. Every table and routine
 * has its own section: a firmware links what its calls reach. */
.section .progmem.present_tiny_fast_enc, "a", @progbits
.balign 256
spread_sbox:            /* S on both nibbles, bit k of nibble e to bit 2k + e */
    .byte PRESENT_SPREAD_SBOX_BYTES

.section .progmem.present_tiny_fast_dec, "a", @progbits
.balign 256
inv_spread_sbox:        /* its inverse */
    .byte PRESENT_INV_SPREAD_SBOX_BYTES

/* 16-byte aligned: ORI adds its address to the nibble. */
.section .progmem.present_tiny_fast_key, "a", @progbits
.balign 16
key_sbox:               /* byte x: S^-1[x] << 4 | S[x] */
    .byte PRESENT_SBOX_PACKED_BYTES

/* ---- round steps ------------------------------------------------------------------ */

/* S ^= round key (r18..r25). 8 cycles. */
.macro ADD_ROUND_KEY
    eor S0, r18
    eor S1, r19
    eor S2, r20
    eor S3, r21
    eor S4, r22
    eor S5, r23
    eor S6, r24
    eor S7, r25
.endm

/* Every state byte through the table ZH points to. 32 cycles. */
.macro LOOKUP
  .irp s, S0, S1, S2, S3, S4, S5, S6, S7
    mov ZL, \s
    lpm \s, Z
  .endr
.endm

/* Swap-move: exchange the high nibble of a with the low nibble of c. 7 cycles. */
.macro SWAP_NIBBLES a, c
    mov TMP, \a
    swap TMP
    eor TMP, \c
    andi TMP, 0x0F
    eor \c, TMP
    swap TMP
    eor \a, TMP
.endm

/* Swap-move: exchange the 2-bit fields 1 and 3 of a with the fields 0 and 2 of b.
 * 9 cycles. */
.macro SWAP_FIELDS a, b
    mov TMP, \a
    lsr TMP
    lsr TMP
    eor TMP, \b
    andi TMP, 0x33
    eor \b, TMP
    lsl TMP
    lsl TMP
    eor \a, TMP
.endm

/* Transpose the 4x4 matrices of 2-bit fields S0..S3 and S4..S7 (rows = bytes): field k
 * of row b goes to field b of row k. Its own inverse. 64 cycles. */
.macro TRANSPOSE_MATRICES
    SWAP_NIBBLES S0, S2
    SWAP_NIBBLES S1, S3
    SWAP_FIELDS S0, S1
    SWAP_FIELDS S2, S3
    SWAP_NIBBLES S4, S6
    SWAP_NIBBLES S5, S7
    SWAP_FIELDS S4, S5
    SWAP_FIELDS S6, S7
.endm

/* After TRANSPOSE_MATRICES, move state byte 2k + h from S(4h + k) to S(2k + h): S1 -> S2 -> S4
 * -> S1 and S3 -> S6 -> S5 -> S3, as three MOVW pairs. 4 cycles. */
.macro PERMUTE
    movw TMPL, S4
    movw S4, S2
    movw S2, S1
    movw S1, TMPL
.endm

/* The inverse of PERMUTE. 4 cycles. */
.macro UNPERMUTE
    movw TMPL, S1
    movw S1, S2
    movw S2, S4
    movw S4, TMPL
.endm

/* Load the block from X+ (block[0] = S7) / store it to Z+. 16 cycles each. */
.macro LOAD_STATE
  .irp s, S7, S6, S5, S4, S3, S2, S1, S0
    ld \s, X+
  .endr
.endm
.macro STORE_STATE
  .irp s, S7, S6, S5, S4, S3, S2, S1, S0
    st Z+, \s
  .endr
.endm

/* A core's start: save the registers, keep the key step (Z) and the out pointer, load the
 * block from in. Leaves Z = ks. */
.macro CORE_ENTRY
    rcall save_regs
    movw KSTEPL, ZL
    push OUTL
    push OUTH
    movw XL, INL
    LOAD_STATE
    movw ZL, KSL
.endm

/* A core's end: store the block to out, restore the registers, return. */
.macro CORE_EXIT
    pop ZH
    pop ZL
    STORE_STATE
    rjmp restore_regs
.endm

/* ---- key steps -------------------------------------------------------------------- */

/* Rotate the key register (its bytes listed most significant first, lsb = the last) right
 * by one bit. n + 2 cycles. */
.macro KEY_ROR1 msb, lsb, down:vararg
    bst \lsb, 0
  .irp k, \down
    ror \k
  .endr
    bld \msb, 7
.endm

/* Rotate it left by one bit (bytes listed least significant first). n + 2 cycles. */
.macro KEY_ROL1 msb, lsb, up:vararg
    bst \msb, 7
  .irp k, \up
    rol \k
  .endr
    bld \lsb, 0
.endm

/* dst = key_sbox[ZL] (ZL < 16): S^-1 << 4 | S of that nibble. 5 cycles. */
.macro KEY_SBOX_LPM dst
    ori ZL, lo8(key_sbox)
    ldi ZH, hi8(key_sbox)
    lpm \dst, Z
.endm

/* PRESENT-80: the top nibble of r25 through S (inverse = 0) or S^-1 (1). 12 / 11 cycles. */
.macro KEY80_SBOX inverse
    mov ZL, r25
    andi ZL, 0xF0
    eor r25, ZL
    swap ZL
    KEY_SBOX_LPM TMP
  .if !\inverse
    swap TMP
  .endif
    andi TMP, 0xF0
    or r25, TMP
.endm

/* PRESENT-128: both nibbles of r25 through S or S^-1. 20 cycles. */
.macro KEY128_SBOX inverse
    mov ZL, r25
    andi ZL, 0x0F
    KEY_SBOX_LPM TMP
  .if \inverse
    swap TMP
  .endif
    andi TMP, 0x0F
    mov ZL, r25
    swap ZL
    andi ZL, 0x0F
    KEY_SBOX_LPM ZL         /* LPM into ZL: defined without post-increment */
  .if !\inverse
    swap ZL
  .endif
    andi ZL, 0xF0
    or TMP, ZL
    mov r25, TMP
.endm

/* PRESENT-128: rotate the key register by 64 bits (swap r10..r17 and r18..r25). 12
 * cycles. */
.macro SWAP_KEY_PAIRS low, high
    movw TMPL, \low
    movw \low, \high
    movw \high, TMPL
.endm
.macro SWAP_KEY_HALVES
    SWAP_KEY_PAIRS r10, r18
    SWAP_KEY_PAIRS r12, r20
    SWAP_KEY_PAIRS r14, r22
    SWAP_KEY_PAIRS r16, r24
.endm

/* PRESENT-80: XOR the round counter i (low 5 bits of RC) into key bits 19..15: i >> 1
 * into r18 (bits 23..16), bit 0 into bit 7 of r17. 7 cycles. */
.macro KEY80_COUNTER
    mov TMP, RC
    lsr TMP
    andi TMP, 0x0F
    eor r18, TMP
    clr TMP                 /* keeps C = i & 1 */
    ror TMP
    eor r17, TMP
.endm

/* PRESENT-128: i into key bits 66..62: i >> 2 into r18 (bits 71..64), bits 1..0 into
 * bits 7..6 of r17. 9 cycles. */
.macro KEY128_COUNTER
    clr TMPL
    mov TMP, RC
    lsr TMP
    ror TMPL
    lsr TMP
    ror TMPL
    andi TMP, 0x07
    eor r18, TMP
    eor r17, TMPL
.endm

/*
 * key80_forward: key register K(i) -> K(i + 1) for i = RC & 31: rotate left by 61 bits
 * (bytes two down, then right by 3 bits), S-box, counter. 65 cycles incl. RET.
 * Clobbers r0, r1, TMP, Z, T.
 */
.section .text.lwc_present80_tiny_fast_forward, "ax", @progbits
key80_forward:
    movw TMPL, r16
    movw r16, r18
    movw r18, r20
    movw r20, r22
    movw r22, r24
    movw r24, TMPL
  .rept 3
    KEY_ROR1 r25, r16, KEY80_DOWN
  .endr
    KEY80_SBOX 0
    KEY80_COUNTER
    ret

/* key80_backward: K(i + 1) -> K(i) for i = RC & 31 (the inverse of key80_forward). 64
 * cycles incl. RET. Same clobbers. */
.section .text.lwc_present80_tiny_fast_backward, "ax", @progbits
key80_backward:
    KEY80_COUNTER
    KEY80_SBOX 1
  .rept 3
    KEY_ROL1 r25, r16, KEY80_UP
  .endr
    movw TMPL, r24
    movw r24, r22
    movw r22, r20
    movw r20, r18
    movw r18, r16
    movw r16, TMPL
    ret

/* transpose: TRANSPOSE_MATRICES as a subroutine, shared by both directions (and keeping
 * the round loops within BRNE's reach). 71 cycles incl. RCALL and RET. Clobbers TMP. */
.section .text.lwc_present_tiny_fast_common, "ax", @progbits
transpose:
    TRANSPOSE_MATRICES
    ret

/*
 * save_regs (RCALL first thing): pushes the callee-saved r2..r17, r28, r29 below the
 * caller's return address; restore_regs (RJMP at the end) clears the call-clobbered
 * registers that held secrets (the key register's r18..r25, r0, TMP, the T flag), pops
 * the saved ones, clears r1 and returns to the caller. 51 cycles incl. RCALL / 51 incl.
 * RJMP. save_regs clobbers X. It moves a 2-byte return address, and the key steps are
 * reached by ICALL through 16-bit word addresses: the ATtiny class has a 2-byte PC.
 */
#if LWC_AVR_RETURN_BYTES != 2
#error "present_tiny_fast_avr.S assumes a 2-byte PC (the ATtiny class)"
#endif
save_regs:
    pop r26
    pop r27
  .irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
    push r\r
  .endr
    push r27
    push r26
    ret

restore_regs:
    clr r0
    clr r1
    movw r18, r0
    movw r20, r0
    movw r22, r0
    movw r24, r0
    clr TMP
    clt
  .irp r, 29, 28, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
    pop r\r
  .endr
    ret

/* load_key: key register = NKEY bytes from Z+ (most significant first), written through
 * the registers' data addresses from r25 down. 7n + 6 cycles incl. RET. Clobbers r0, X,
 * NKEY; leaves COUNT = 0. */
load_key:
    mov COUNT, NKEY
    ldi XL, KEY_END
    clr XH
1:  ld r0, Z+
    st -X, r0
    dec COUNT
    brne 1b
    ret

/*
 * void lwc_present80_setkey(lwc_present_key *ks, const uint8_t *key): ks->key = key,
 * ks->last = the key register after 31 forward steps.
 */
.section .text.lwc_present80_setkey, "ax", @progbits
.global lwc_present80_setkey
.type lwc_present80_setkey, @function
lwc_present80_setkey:
    ldi NKEY, 10
    ldi ZL, pm_lo8(key80_forward)
    ldi ZH, pm_hi8(key80_forward)
    /* fall through */

/* The setkey core. In: r24 = ks, r22 = key, NKEY, Z = the forward key step. */
present_fast_setkey:
    rcall save_regs
    movw KSTEPL, ZL
    movw XL, OUTL
    movw ZL, KSL
    mov COUNT, NKEY
1:  ld r0, X+               /* ks->key = key */
    st Z+, r0
    dec COUNT
    brne 1b
    movw ZL, KSL
    push ZL
    push ZH
    push NKEY
    rcall load_key
    ldi RC, 1 + 224
2:  movw ZL, KSTEPL
    icall
    inc RC
    brne 2b
    pop COUNT
    pop ZH
    pop ZL
    adiw ZL, 16             /* ks->last */
    ldi XL, KEY_END
    clr XH
3:  ld r0, -X               /* ks->last = the key register, r25 first */
    st Z+, r0
    dec COUNT
    brne 3b
    rjmp restore_regs

/*
 * void lwc_present80_encrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)
 */
.section .text.lwc_present80_encrypt, "ax", @progbits
.global lwc_present80_encrypt
.type lwc_present80_encrypt, @function
lwc_present80_encrypt:
    ldi NKEY, 10
    ldi ZL, pm_lo8(key80_forward)
    ldi ZH, pm_hi8(key80_forward)
    /* fall through */

/* The encryption core. In: r24 = ks, r22 = out, r20 = in, NKEY, Z = the forward key
 * step. Round: 123 cycles + the key step's (incl. RET). */
present_fast_encrypt:
    CORE_ENTRY
    rcall load_key          /* K(1) */
    ldi RC, 1 + 224
    ldi ZH, hi8(spread_sbox)
1:  ADD_ROUND_KEY           /* K(i) */
    LOOKUP
    rcall transpose
    PERMUTE
    movw ZL, KSTEPL         /* K(i) -> K(i + 1) */
    icall
    ldi ZH, hi8(spread_sbox)
    inc RC
    brne 1b
    ADD_ROUND_KEY           /* K(32) */
    CORE_EXIT

/*
 * void lwc_present80_decrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)
 */
.section .text.lwc_present80_decrypt, "ax", @progbits
.global lwc_present80_decrypt
.type lwc_present80_decrypt, @function
lwc_present80_decrypt:
    ldi NKEY, 10
    ldi ZL, pm_lo8(key80_backward)
    ldi ZH, pm_hi8(key80_backward)
    /* fall through */

/* The decryption core. In: as present_fast_encrypt, Z = the backward key step. Round:
 * 123 cycles + the key step's. */
present_fast_decrypt:
    CORE_ENTRY
    adiw ZL, 16
    rcall load_key          /* K(32) from ks->last */
    ldi RC, 31
    ldi ZH, hi8(inv_spread_sbox)
    ADD_ROUND_KEY           /* K(32) */
1:  UNPERMUTE
    rcall transpose
    LOOKUP
    movw ZL, KSTEPL         /* K(i + 1) -> K(i) */
    icall
    ldi ZH, hi8(inv_spread_sbox)
    ADD_ROUND_KEY           /* K(i) */
    dec RC
    brne 1b
    CORE_EXIT

/* ---- PRESENT-128 ---------------------------------------------------------------------- */

/* key128_forward: as key80_forward for the 128-bit register (bytes eight down = the
 * halves swapped). 99 cycles incl. RET. Same clobbers. */
.section .text.lwc_present128_tiny_fast_forward, "ax", @progbits
key128_forward:
    SWAP_KEY_HALVES
  .rept 3
    KEY_ROR1 r25, r10, KEY128_DOWN
  .endr
    KEY128_SBOX 0
    KEY128_COUNTER
    ret

/* key128_backward: the inverse of key128_forward. 99 cycles incl. RET. */
.section .text.lwc_present128_tiny_fast_backward, "ax", @progbits
key128_backward:
    KEY128_COUNTER
    KEY128_SBOX 1
  .rept 3
    KEY_ROL1 r25, r10, KEY128_UP
  .endr
    SWAP_KEY_HALVES
    ret

.section .text.lwc_present128_setkey, "ax", @progbits
.global lwc_present128_setkey
.type lwc_present128_setkey, @function
lwc_present128_setkey:
    ldi NKEY, 16
    ldi ZL, pm_lo8(key128_forward)
    ldi ZH, pm_hi8(key128_forward)
    rjmp present_fast_setkey

.section .text.lwc_present128_encrypt, "ax", @progbits
.global lwc_present128_encrypt
.type lwc_present128_encrypt, @function
lwc_present128_encrypt:
    ldi NKEY, 16
    ldi ZL, pm_lo8(key128_forward)
    ldi ZH, pm_hi8(key128_forward)
    rjmp present_fast_encrypt

.section .text.lwc_present128_decrypt, "ax", @progbits
.global lwc_present128_decrypt
.type lwc_present128_decrypt, @function
lwc_present128_decrypt:
    ldi NKEY, 16
    ldi ZL, pm_lo8(key128_backward)
    ldi ZH, pm_hi8(key128_backward)
    rjmp present_fast_decrypt

#endif
