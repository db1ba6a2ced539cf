/*
 * The Ascon permutation Ascon-p (SP 800-232, 3.2-3.4) for ATmega AVR cores (MOVW, LDD; no
 * MUL): lwc_ascon_permute of src/ascon/ascon_internal.h on the LWC_IMPL_C layout, the
 * state s[5] as the 40-byte string S0 || S1 || .. || S4, each word little-endian (byte j
 * of S_i at s + 8i + j). Same results as ascon_p64.c.
 *
 * Design
 *  - S2 stays in registers for the whole call (it takes the round constant and, in the
 *    linear layer, the only third copy); S0, S1, S3, S4 stay in memory, read through Z
 *    with LDD/STD (2 cycles a byte each way).
 *  - S-box: bitsliced on whole bytes, one column (byte j of each word) at a time: the
 *    four memory bytes loaded, the 5-bit S-box computed as chi between two affine
 *    layers (the circuit of ascon_p64.c), the four stored back.
 *  - Linear layer: per word, x ^= ROR(x, a) ^ ROR(x, b) with a copy y of x rotated by the
 *    bit part (ROR1/ROL1 chains, 10 cycles each) and XORed into x with its bytes renamed
 *    (the byte part costs nothing). The second rotation continues from the first where
 *    their bit parts are close (S0: 3 then 4 bits; S1: left 1 then 3; S3: 1 then 2; S4:
 *    right 1, then left 1 = back 2); S2 takes a second copy (right 1, left 2).
 *  - Round constant: (15 - i) << 4 | i = 0xf0 - 15 i in a register, 0x0f less per round;
 *    the loop ends after round 11 (0x4b), when it reaches 0x3c.
 * Constant time: no table, no branch but the round count (public).
 */
#include "../common/lwc_avr.h"
#if LWC_ASCON_IMPL == LWC_IMPL_AVR

/* ---- register map (numbers: the macros compute byte registers as base + j) ---------- */
#define SQ0 0      /* r0, r1: copies of x0, x1 in the S-box (r1 = 0 again on return) */
#define SQ1 1
#define X2 2       /* r2..r9: S2, byte j in r(2 + j), for the whole call */
#define ACC 10     /* r10..r17: the word in the linear layer; S2's second copy */
#define YW 18      /* r18..r25: the rotated copy in the linear layer */
#define A0 18      /* r18..r21: S-box column bytes of S0, S1 (a MOVW pair), S3, S4 */
#define A1 19
#define A3 20
#define A4 21
#define RC 26      /* r26: round constant */
#define TMP 27     /* r27: S-box temporary */
/* Z (r30:r31) = s. */

/* ROR1 / ROL1 of the 64-bit word in b..b+7: 10 cycles */
.macro ror1 b
    bst (\b), 0
    lsr (\b)+7
    .irp j, 6, 5, 4, 3, 2, 1, 0
        ror (\b)+\j
    .endr
    bld (\b)+7, 7
.endm
.macro rol1 b
    bst (\b)+7, 7
    lsl (\b)
    .irp j, 1, 2, 3, 4, 5, 6, 7
        rol (\b)+\j
    .endr
    bld (\b), 0
.endm

/* x ^= y rotated right by 8 * n bits (n bytes: renaming only). 8 cycles */
.macro xor_ror_bytes x, y, n
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        eor (\x)+\j, (\y)+((\j+\n)&7)
    .endr
.endm

/* d = s, 64-bit. 4 cycles */
.macro copy64 d, s
    .irp j, 0, 2, 4, 6
        movw (\d)+\j, (\s)+\j
    .endr
.endm

/* ACC = S_w from memory / S_w = ACC. 16 cycles each */
.macro load_word w
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        ldd (ACC)+\j, Z+8*(\w)+\j
    .endr
.endm
.macro store_word w
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        std Z+8*(\w)+\j, (ACC)+\j
    .endr
.endm

/* x ^= ~a & b (a kept). 4 cycles */
.macro xor_andn x, a, b
    mov TMP, \a
    com TMP
    and TMP, \b
    eor \x, TMP
.endm

/* The S-box on column j: x0..x4 = byte j of S0..S4 (x2 in a register). 43 cycles (44
 * for column 0, which first adds the round constant to S2). */
.macro sbox_column j
    ldd A0, Z+\j
    ldd A1, Z+8+\j
    ldd A3, Z+24+\j
    ldd A4, Z+32+\j
    .if \j == 0
        eor X2, RC
    .endif
    eor A0, A4              /* x0 ^= x4, x4 ^= x3, x2 ^= x1 */
    eor A4, A3
    eor (X2)+\j, A1
    movw SQ0, A0            /* the x0, x1 that chi's last two terms read */
    xor_andn A0, A1, (X2)+\j
    xor_andn A1, (X2)+\j, A3
    xor_andn (X2)+\j, A3, A4
    xor_andn A3, A4, SQ0
    com SQ0                 /* x4 ^= ~x0 & x1 */
    and SQ0, SQ1
    eor A4, SQ0
    eor A1, A0              /* x1 ^= x0, x0 ^= x4, x3 ^= x2, x2 = ~x2 */
    eor A0, A4
    eor A3, (X2)+\j
    com (X2)+\j
    std Z+\j, A0
    std Z+8+\j, A1
    std Z+24+\j, A3
    std Z+32+\j, A4
.endm

/*
 * void lwc_ascon_permute(uint64_t s[5], uint8_t first_round)
 * Rounds first_round..11 of Ascon-p on s (first_round <= 11: 0 for Ascon-p[12], 4 for
 * Ascon-p[8]).
 * In: r25:r24 = s, r22 = first_round. Out: s permuted.
 * Clobbers r0, r18-r27, r30, r31 (r1 = 0 again); 18 bytes of stack (the pushed r2-r17
 * and the return address; 19 on 3-byte-PC cores), no state byte among them.
 * Cycles, counted: per round 744 (S-box 345, linear layer 394, constant and loop 5),
 * per call 107 (pushes, pops, S2 in and out, the constant, the call's RET).
 */
.section .text.lwc_ascon_permute, "ax", @progbits
.global lwc_ascon_permute
.type lwc_ascon_permute, @function
lwc_ascon_permute:
    .irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
        push r\r
    .endr
    movw r30, r24
    mov TMP, r22            /* RC = 0xf0 - 15 * first_round */
    swap TMP
    sub TMP, r22
    ldi RC, 0xf0
    sub RC, TMP
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        ldd (X2)+\j, Z+16+\j
    .endr
1:  .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        sbox_column \j
    .endr
    /* S0 ^= ROR(S0, 19) ^ ROR(S0, 28): 3 bits then 2 bytes, 4 bits then 3 bytes */
    load_word 0
    copy64 YW, ACC
    ror1 YW
    ror1 YW
    ror1 YW
    xor_ror_bytes ACC, YW, 2
    ror1 YW
    xor_ror_bytes ACC, YW, 3
    store_word 0
    /* S1 ^= ROR(S1, 61) ^ ROR(S1, 39): ROL 1 then 5 bytes, ROL 3 */
    load_word 1
    copy64 YW, ACC
    rol1 YW
    xor_ror_bytes ACC, YW, 5
    rol1 YW
    rol1 YW
    xor_ror_bytes ACC, YW, 0
    store_word 1
    /* S2 ^= ROR(S2, 1) ^ ROR(S2, 6): ROR 1; ROL 2 then 1 byte (second copy in ACC) */
    copy64 YW, X2
    copy64 ACC, X2
    ror1 YW
    xor_ror_bytes X2, YW, 0
    rol1 ACC
    rol1 ACC
    xor_ror_bytes X2, ACC, 1
    /* S3 ^= ROR(S3, 10) ^ ROR(S3, 17): ROR 1 then 2 bytes, ROR 2 then 1 byte */
    load_word 3
    copy64 YW, ACC
    ror1 YW
    xor_ror_bytes ACC, YW, 2
    ror1 YW
    xor_ror_bytes ACC, YW, 1
    store_word 3
    /* S4 ^= ROR(S4, 7) ^ ROR(S4, 41): ROR 1 then 5 bytes, ROL 1 then 1 byte */
    load_word 4
    copy64 YW, ACC
    ror1 YW
    xor_ror_bytes ACC, YW, 5
    rol1 YW
    rol1 YW
    xor_ror_bytes ACC, YW, 1
    store_word 4
    subi RC, 0x0f
    cpi RC, 0x3c
    breq 2f                 /* the loop body is beyond BRNE's reach */
    rjmp 1b
2:  .irp j, 0, 1, 2, 3, 4, 5, 6, 7
        std Z+16+\j, (X2)+\j
    .endr
    clr r1
    .irp r, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop r\r
    .endr
    ret
.size lwc_ascon_permute, . - lwc_ascon_permute

#endif
