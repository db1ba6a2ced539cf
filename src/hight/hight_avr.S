/*
 * HIGHT block encryption, decryption and key schedule for ATmega AVR cores (MUL, MOVW).
 * Same results as the C reference in hight.c (byte i of a block is P_i; key schedule
 * layout lwc_hight_key: wk[0..7] at offset 0, sk[0..127] at offset 8).
 *
 * Design
 *  - The whole state X_0..X_7 lives in eight registers. A HIGHT round moves every byte
 *    one position up (X_{i+1,j+1} = X_{i,j}, four of them after an update); instead of
 *    moving bytes, the round macro is invoked with its register arguments rotated, so
 *    eight unrolled rounds bring the naming back to the start and the loop runs 4 times.
 *  - F0 and F1 are read from two 256-byte flash tables (hight_ftables.h, generated),
 *    aligned to 256 bytes so that ZL = x and ZH selects the table: LPM, 3 cycles.
 *  - Subkeys are read from RAM with LDD Y+q (q < 32 inside the 8-round block), so each
 *    round can do both lookups of one table first: ZH changes once per round.
 *  - The key schedule (lwc_hight_setkey_avr) keeps the 16 key bytes in registers.
 * Constant time: no branch depends on data; the only branches are the fixed-count loops.
 * LPM, LD and LDD take the same time for every address on AVR (no data cache).
 */
#if defined(__AVR_MEGA__) && !defined(LWC_NO_ASM)

#include "hight_ftables.h"

/* ---- register map ------------------------------------------------------------------ */
/* State bytes. P0..P7 hold X_0..X_7 at the start and the end of each 8-round block. */
#define P0 r18
#define P1 r19
#define P2 r20
#define P3 r21
#define P4 r22
#define P5 r23
#define P6 r24
#define P7 r25
#define CNT r16 /* loop counter over the 8-round blocks (callee-saved: pushed) */
/*
 * r0: F-function value. r1: current subkey byte. Z (r31:r30): input pointer before the
 * rounds, then ZL = F input and ZH = table page. Y (r29:r28, pushed): key schedule.
 * X (r27:r26): output pointer.
 */

/* ---- F tables ------------------------------------------------------------------------ */
/* Read with LPM, which reaches the lower 64 KiB: .progmem sections come first in flash. */
.section .progmem.hight_ftables, "a", @progbits
.balign 256
hight_f0:
    .byte HIGHT_F0_BYTES
hight_f1:
    .byte HIGHT_F1_BYTES

/* ---- round function ---------------------------------------------------------------- */

/* dst = dst OP (F1(src) ^ SK[Y+q]), OP = add (encrypt) or sub (decrypt). ZH must select
 * hight_f1. 8 cycles. */
.macro F1_STEP op, dst, src, q
    mov  r30, \src
    lpm  r0, Z
    ldd  r1, Y+\q
    eor  r0, r1
    \op  \dst, r0
.endm

/* dst ^= F0(src) + SK[Y+q]. ZH must select hight_f0. 8 cycles. */
.macro F0_STEP dst, src, q
    mov  r30, \src
    lpm  r0, Z
    ldd  r1, Y+\q
    add  r0, r1
    eor  \dst, r0
.endm

/*
 * Encryption round k (0..7) of an 8-round block on x0..x7 = the registers holding
 * X_{i,0..7}, subkeys SK_{4i..4i+3} at Y+4k. Afterwards the register passed as xj holds
 * X_{i+1,j+1}: the next round is invoked with the arguments rotated right by one.
 * Even rounds start with F1 (ZH = hi8(hight_f1) on entry) and odd rounds with F0, so ZH
 * is switched once per round. 33 cycles.
 */
.macro ENC_ROUND k, x0, x1, x2, x3, x4, x5, x6, x7
.if (\k % 2) == 0
    F1_STEP add, \x1, \x0, 4*\k+0
    F1_STEP add, \x5, \x4, 4*\k+2
    ldi  r31, hi8(hight_f0)
    F0_STEP \x3, \x2, 4*\k+1
    F0_STEP \x7, \x6, 4*\k+3
.else
    F0_STEP \x3, \x2, 4*\k+1
    F0_STEP \x7, \x6, 4*\k+3
    ldi  r31, hi8(hight_f1)
    F1_STEP add, \x1, \x0, 4*\k+0
    F1_STEP add, \x5, \x4, 4*\k+2
.endif
.endm

/*
 * Decryption round k (7..0) of an 8-round block (inverse of ENC_ROUND k) on x0..x7 = the
 * registers holding X_{i+1,0..7}, subkeys SK_{4i..4i+3} at Y+4k. Afterwards the register
 * passed as xj holds X_{i,j-1}: the next round is invoked with the arguments rotated
 * left by one. Odd rounds (run first) start with F1, even rounds with F0. 33 cycles.
 */
.macro DEC_ROUND k, x0, x1, x2, x3, x4, x5, x6, x7
.if (\k % 2) == 1
    F1_STEP sub, \x6, \x5, 4*\k+2
    F1_STEP sub, \x2, \x1, 4*\k+0
    ldi  r31, hi8(hight_f0)
    F0_STEP \x0, \x7, 4*\k+3
    F0_STEP \x4, \x3, 4*\k+1
.else
    F0_STEP \x0, \x7, 4*\k+3
    F0_STEP \x4, \x3, 4*\k+1
    ldi  r31, hi8(hight_f1)
    F1_STEP sub, \x6, \x5, 4*\k+2
    F1_STEP sub, \x2, \x1, 4*\k+0
.endif
.endm

/* ---- lwc_hight_encrypt --------------------------------------------------------------- */
/*
 * void lwc_hight_encrypt(const lwc_hight_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out == in allowed).
 * Clobbers: r0, r18-r27, r30, r31 (r1 cleared on return). Stack: 5 bytes (r16, r28,
 * r29, return address).
 * Cycles: 1165 from the CALL through RET (measured, avrsim): 32 rounds of 33,
 * plus 41 before the rounds, 23 of loop control and 45 after them with CALL and RET.
 */
.section .text.lwc_hight_encrypt, "ax", @progbits
.global lwc_hight_encrypt
.type lwc_hight_encrypt, @function
lwc_hight_encrypt:
    push CNT
    push r28
    push r29
    movw r28, r24           /* Y = ks->wk */
    movw r26, r22           /* X = out */
    movw r30, r20           /* Z = in */
    ld   P0, Z+
    ld   P1, Z+
    ld   P2, Z+
    ld   P3, Z+
    ld   P4, Z+
    ld   P5, Z+
    ld   P6, Z+
    ld   P7, Z+
    /* Initial transformation: X_0 = P with WK0..WK3 added/XORed into bytes 0, 2, 4, 6. */
    ld   r0, Y+
    add  P0, r0
    ld   r0, Y+
    eor  P2, r0
    ld   r0, Y+
    add  P4, r0
    ld   r0, Y+
    eor  P6, r0
    adiw r28, 4             /* Y = ks->sk */
    ldi  r31, hi8(hight_f1)
    ldi  CNT, 4
0:
    ENC_ROUND 0, P0, P1, P2, P3, P4, P5, P6, P7
    ENC_ROUND 1, P7, P0, P1, P2, P3, P4, P5, P6
    ENC_ROUND 2, P6, P7, P0, P1, P2, P3, P4, P5
    ENC_ROUND 3, P5, P6, P7, P0, P1, P2, P3, P4
    ENC_ROUND 4, P4, P5, P6, P7, P0, P1, P2, P3
    ENC_ROUND 5, P3, P4, P5, P6, P7, P0, P1, P2
    ENC_ROUND 6, P2, P3, P4, P5, P6, P7, P0, P1
    ENC_ROUND 7, P1, P2, P3, P4, P5, P6, P7, P0
    adiw r28, 32            /* next 8 rounds' subkeys */
    dec  CNT
    breq 1f                 /* the loop body is too long for BRNE */
    rjmp 0b
1:
    /*
     * The last round of HIGHT does not rotate the state, so the ciphertext is X_32
     * rotated back by one byte: C_j = X_{32,j+1}, with WK4..WK7 on bytes 0, 2, 4, 6.
     */
    subi r28, 132           /* Y = ks->wk + 4 (from ks->sk + 128) */
    sbci r29, 0
    ld   r0, Y+
    add  P1, r0
    st   X+, P1
    st   X+, P2
    ld   r0, Y+
    eor  P3, r0
    st   X+, P3
    st   X+, P4
    ld   r0, Y+
    add  P5, r0
    st   X+, P5
    st   X+, P6
    ld   r0, Y+
    eor  P7, r0
    st   X+, P7
    st   X+, P0
    pop  r29
    pop  r28
    pop  CNT
    clr  r1
    ret
.size lwc_hight_encrypt, . - lwc_hight_encrypt

/* ---- lwc_hight_decrypt --------------------------------------------------------------- */
/*
 * void lwc_hight_decrypt(const lwc_hight_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out == in allowed).
 * Clobbers: r0, r18-r27, r30, r31 (r1 cleared on return). Stack: 5 bytes.
 * Cycles: 1167 from the CALL through RET (measured, avrsim): 32 rounds of 33,
 * plus 43 before the rounds, 23 of loop control and 45 after them with CALL and RET.
 */
.section .text.lwc_hight_decrypt, "ax", @progbits
.global lwc_hight_decrypt
.type lwc_hight_decrypt, @function
lwc_hight_decrypt:
    push CNT
    push r28
    push r29
    movw r28, r24
    adiw r28, 4             /* Y = ks->wk + 4 */
    movw r26, r22           /* X = out */
    movw r30, r20           /* Z = in */
    /* X_32 = C rotated up by one byte, with WK4..WK7 removed from bytes 0, 2, 4, 6 of C. */
    ld   P1, Z+
    ld   P2, Z+
    ld   P3, Z+
    ld   P4, Z+
    ld   P5, Z+
    ld   P6, Z+
    ld   P7, Z+
    ld   P0, Z+
    ld   r0, Y+
    sub  P1, r0
    ld   r0, Y+
    eor  P3, r0
    ld   r0, Y+
    sub  P5, r0
    ld   r0, Y+
    eor  P7, r0
    subi r28, -96           /* Y = ks->sk + 96: subkeys of rounds 24..31 */
    sbci r29, -1
    ldi  r31, hi8(hight_f1)
    ldi  CNT, 4
0:
    DEC_ROUND 7, P0, P1, P2, P3, P4, P5, P6, P7
    DEC_ROUND 6, P1, P2, P3, P4, P5, P6, P7, P0
    DEC_ROUND 5, P2, P3, P4, P5, P6, P7, P0, P1
    DEC_ROUND 4, P3, P4, P5, P6, P7, P0, P1, P2
    DEC_ROUND 3, P4, P5, P6, P7, P0, P1, P2, P3
    DEC_ROUND 2, P5, P6, P7, P0, P1, P2, P3, P4
    DEC_ROUND 1, P6, P7, P0, P1, P2, P3, P4, P5
    DEC_ROUND 0, P7, P0, P1, P2, P3, P4, P5, P6
    sbiw r28, 32            /* previous 8 rounds' subkeys */
    dec  CNT
    breq 1f                 /* the loop body is too long for BRNE */
    rjmp 0b
1:
    /* Final transformation: P = X_0 with WK0..WK3 removed from bytes 0, 2, 4, 6. */
    adiw r28, 28            /* Y = ks->wk + 4 (from ks->sk - 32) */
    ld   r0, -Y
    eor  P6, r0
    ld   r0, -Y
    sub  P4, r0
    ld   r0, -Y
    eor  P2, r0
    ld   r0, -Y
    sub  P0, r0
    st   X+, P0
    st   X+, P1
    st   X+, P2
    st   X+, P3
    st   X+, P4
    st   X+, P5
    st   X+, P6
    st   X+, P7
    pop  r29
    pop  r28
    pop  CNT
    clr  r1
    ret
.size lwc_hight_decrypt, . - lwc_hight_decrypt

/* ---- lwc_hight_setkey_avr ------------------------------------------------------------ */
/*
 * Key schedule register map: the 16 key bytes stay in registers. KA0..KA7 hold
 * MK_{(j-i) mod 8} for j = 0..7 at the start of each pair of subkey rows i, i+1, and
 * KB0..KB7 likewise MK_{8+((j-i) mod 8)}; both groups are rotated by two bytes (MOVW)
 * per pair of rows.
 */
#define KA0 r2
#define KA1 r3
#define KA2 r4
#define KA3 r5
#define KA4 r6
#define KA5 r7
#define KA6 r8
#define KA7 r9
#define KB0 r18
#define KB1 r19
#define KB2 r20
#define KB3 r21
#define KB4 r22
#define KB5 r23
#define KB6 r24
#define KB7 r25
/* CNT (r16): loop counter. X: output (st X+). Z: key input, then delta (lpm Z+).
 * r1:r0: per-byte temporary (r0) and the spare pair of the MOVW rotation. */

/* Eight subkey bytes: SK = k_j + DELTA (next delta byte from Z+), stored at X+. 48 cycles. */
.macro SK_ROW8 k0, k1, k2, k3, k4, k5, k6, k7
    .irp k, \k0, \k1, \k2, \k3, \k4, \k5, \k6, \k7
    lpm  r0, Z+
    add  r0, \k
    st   X+, r0
    .endr
.endm

/* Rotates a group of eight key registers up by two: k_j <- k_{j-2 mod 8}. 5 cycles. */
.macro ROT2 k0, k1, k2, k3, k4, k5, k6, k7
    movw r0, \k6
    movw \k6, \k4
    movw \k4, \k2
    movw \k2, \k0
    movw \k0, r0
.endm

/*
 * void lwc_hight_setkey_avr(lwc_hight_key *ks, const uint8_t *key, const uint8_t *delta)
 * Helper of lwc_hight_setkey (hight.c), which passes its delta table (128 bytes in
 * flash, lower 64 KiB): WK and SK exactly as the C reference computes them.
 * In: r25:r24 = ks, r23:r22 = key, r21:r20 = delta.
 * Clobbers: r0, r18-r27, r30, r31 (r1 cleared on return). Stack: 11 bytes (r2-r9,
 * r16, return address).
 * Cycles: 916 from entry through RET (measured, avrsim; lwc_hight_setkey: 925 from its
 * CALL through RET).
 */
.section .text.lwc_hight_setkey_avr, "ax", @progbits
.global lwc_hight_setkey_avr
.type lwc_hight_setkey_avr, @function
lwc_hight_setkey_avr:
    .irp r, KA0, KA1, KA2, KA3, KA4, KA5, KA6, KA7, CNT
    push \r
    .endr
    movw r26, r24           /* X = ks->wk */
    movw r0, r20            /* keep delta: r21:r20 is about to receive key bytes */
    movw r30, r22           /* Z = key */
    .irp k, KA0, KA1, KA2, KA3, KA4, KA5, KA6, KA7, KB0, KB1, KB2, KB3, KB4, KB5, KB6, KB7
    ld   \k, Z+
    .endr
    /* WK0..WK3 = MK12..MK15, WK4..WK7 = MK0..MK3. */
    .irp k, KB4, KB5, KB6, KB7, KA0, KA1, KA2, KA3
    st   X+, \k
    .endr
    movw r30, r0            /* Z = delta */
    ldi  CNT, 4
0:
    /* Row i (even): SK_{16i+j} = MK_{(j-i) mod 8} + delta, SK_{16i+8+j} = MK_{8+...}. */
    SK_ROW8 KA0, KA1, KA2, KA3, KA4, KA5, KA6, KA7
    SK_ROW8 KB0, KB1, KB2, KB3, KB4, KB5, KB6, KB7
    /* Row i+1: the key index of column j is one less, i.e. the group read rotated. */
    SK_ROW8 KA7, KA0, KA1, KA2, KA3, KA4, KA5, KA6
    SK_ROW8 KB7, KB0, KB1, KB2, KB3, KB4, KB5, KB6
    ROT2 KA0, KA1, KA2, KA3, KA4, KA5, KA6, KA7
    ROT2 KB0, KB1, KB2, KB3, KB4, KB5, KB6, KB7
    dec  CNT
    breq 1f                 /* the loop body is too long for BRNE */
    rjmp 0b
1:
    clr  r1
    .irp r, CNT, KA7, KA6, KA5, KA4, KA3, KA2, KA1, KA0
    pop  \r
    .endr
    ret
.size lwc_hight_setkey_avr, . - lwc_hight_setkey_avr

#endif
