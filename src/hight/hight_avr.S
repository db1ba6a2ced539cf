/*
 * HIGHT block encryption, decryption and key schedule for classic AVR cores (MOVW, LPM Rd,Z).
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
 *  - LWC_HIGHT_COMPACT (a build option, like LWC_CTR_ONLINE) trades speed for flash:
 *    encrypt and decrypt compute F0/F1 with shifts in a one-round loop, no tables, and
 *    CTR goes through the shared C engine on that encrypt (see "Compact ECB" below).
 * Constant time: no branch depends on data; the only branches are the fixed-count loops.
 * LPM, LD and LDD take the same time for every address on AVR (no data cache).
 */
#include "../common/lwc_avr.h"
#if LWC_HIGHT_IMPL == LWC_IMPL_AVR

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
#define CNT r16 /* loop counter over the rounds or 8-round blocks (callee-saved: pushed) */
/*
 * r0: F-function value. r1: current subkey byte. Z (r31:r30): input pointer before the
 * rounds, then ZL = F input and ZH = table page. Y (r29:r28, pushed): key schedule.
 * X (r27:r26): output pointer.
 */

/* ---- entry and exit of encrypt/decrypt (both variants) ------------------------------ */

/* Whitening with the next four key bytes at Y+: a op= k0, b ^= k1, c op= k2, d ^= k3,
 * op = add or sub. 12 cycles. Clobbers r0. */
.macro WHITEN op, a, b, c, d
    ld   r0, Y+
    \op  \a, r0
    ld   r0, Y+
    eor  \b, r0
    ld   r0, Y+
    \op  \c, r0
    ld   r0, Y+
    eor  \d, r0
.endm

/* Saves CNT and Y; Y = ks->wk, X = the pointer in register pair out, Z = that in src. */
.macro ENC_SAVE out, src
    push CNT
    push r28
    push r29
    movw r28, r24           /* Y = ks->wk */
    movw r26, \out
    movw r30, \src
.endm

/* The initial transformation on the block in P0..P7 (WK0..WK3 added/XORed into bytes 0,
 * 2, 4, 6); leaves Y = ks->sk and SREG.T as set_t (clt, set, or nothing: T kept) makes
 * it: what ENC_FINISH does. */
.macro ENC_WHITEN_START set_t
    WHITEN add, P0, P2, P4, P6
    adiw r28, 4             /* Y = ks->sk */
    \set_t
.endm

/* Entry of lwc_hight_encrypt: X = out, the block loaded from in; T = 0 (ENC_FINISH
 * stores the ciphertext). */
.macro ENC_ENTRY
    ENC_SAVE r22, r20       /* X = out, Z = in */
    .irp p, P0, P1, P2, P3, P4, P5, P6, P7
    ld   \p, Z+
    .endr
    ENC_WHITEN_START clt
.endm

/* ENC_ENTRY for the CBC-MAC step (lwc_hight_cbc_step): the block at X (chain, also the
 * output) XORed with the message at Z as it is loaded, each message byte stored at Y (copy,
 * r19:r18) once the chain byte at its offset is read; X rewound to the output, Y = ks->wk
 * (parked in CNT and r0 meanwhile; r1 the temporary). */
.macro ENC_ENTRY_XOR_COPY
    ENC_SAVE r22, r20       /* X = chain, Z = m */
    mov  CNT, r24           /* ks */
    mov  r0, r25
    movw r28, r18           /* Y = copy */
    .irp p, P0, P1, P2, P3, P4, P5, P6, P7
    ld   \p, Z+
    ld   r1, X+
    st   Y+, \p
    eor  \p, r1
    .endr
    clr  r1
    sbiw r26, 8             /* X = chain again: the output */
    mov  r28, CNT           /* Y = ks->wk */
    mov  r29, r0
    ENC_WHITEN_START clt
.endm

/* After the rounds of either variant, from Y = ks->sk + 128 (r1 = 0): the last round does
 * not rotate the state, so the ciphertext is X_32 rotated back by one byte,
 * C_j = X_{32,j+1}, with WK4..WK7 on bytes 0, 2, 4, 6. T = 0 (lwc_hight_encrypt,
 * lwc_hight_cbc_step): stores C at X, restores Y and CNT and returns. T = 1: returns to
 * lwc_hight_ctr_secret's call with C in P1..P7, P0 (X and the stack untouched). */
.macro ENC_FINISH
    subi r28, 132           /* Y = ks->wk + 4 */
    sbci r29, 0
    WHITEN add, P1, P3, P5, P7
    brtc 9f
    ret
9:
    .irp p, P1, P2, P3, P4, P5, P6, P7, P0
    st   X+, \p
    .endr
    pop  r29
    pop  r28
    pop  CNT
    ret
.endm

/* Saves CNT and Y; X = out; X_32 = C rotated up by one byte, with WK4..WK7 removed from
 * bytes 0, 2, 4, 6 of C; leaves Y = ks->sk. */
.macro DEC_ENTRY
    push CNT
    push r28
    push r29
    movw r28, r24
    adiw r28, 4             /* Y = ks->wk + 4 */
    movw r26, r22           /* X = out */
    movw r30, r20           /* Z = in */
    .irp p, P1, P2, P3, P4, P5, P6, P7, P0
    ld   \p, Z+
    .endr
    WHITEN sub, P1, P3, P5, P7
.endm

/* From Y = ks->wk + 4: the final transformation, P = X_0 with WK0..WK3 removed from
 * bytes 0, 2, 4, 6, stored at X; restores Y and CNT. */
.macro DEC_EXIT
    ld   r0, -Y
    eor  P6, r0
    ld   r0, -Y
    sub  P4, r0
    ld   r0, -Y
    eor  P2, r0
    ld   r0, -Y
    sub  P0, r0
    .irp p, P0, P1, P2, P3, P4, P5, P6, P7
    st   X+, \p
    .endr
    pop  r29
    pop  r28
    pop  CNT
.endm

#ifndef LWC_HIGHT_COMPACT

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
 * Cycles (instruction count): 32 rounds of 33, plus 42 before the rounds, 23 of loop
 * control and 47 after them with CALL and RET; measured figures: docs/BENCHMARKS.md.
 */
.section .text.lwc_hight_encrypt, "ax", @progbits
.global lwc_hight_encrypt
.type lwc_hight_encrypt, @function
lwc_hight_encrypt:
    ENC_ENTRY
    .global lwc_hight_encrypt_loaded
lwc_hight_encrypt_loaded:           /* lwc_hight_cbc_step jumps here, _ctr_secret calls */
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
    clr  r1
    ENC_FINISH
.size lwc_hight_encrypt, . - lwc_hight_encrypt

/* ---- lwc_hight_decrypt --------------------------------------------------------------- */
/*
 * void lwc_hight_decrypt(const lwc_hight_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out == in allowed).
 * Clobbers: r0, r18-r27, r30, r31 (r1 cleared on return). Stack: 5 bytes.
 * Cycles (instruction count): 32 rounds of 33, plus 43 before the rounds, 23 of loop
 * control and 45 after them with CALL and RET; measured figures: docs/BENCHMARKS.md.
 */
.section .text.lwc_hight_decrypt, "ax", @progbits
.global lwc_hight_decrypt
.type lwc_hight_decrypt, @function
lwc_hight_decrypt:
    DEC_ENTRY
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
    adiw r28, 28            /* Y = ks->wk + 4 (from ks->sk - 32) */
    DEC_EXIT
    clr  r1
    ret
.size lwc_hight_decrypt, . - lwc_hight_decrypt

#else /* LWC_HIGHT_COMPACT */
/* ==== Compact ECB (LWC_HIGHT_COMPACT) ==================================================
 * No F tables: F0 and F1 are computed with shifts (12 cycles each instead of a 4-cycle
 * LPM), and one round is the loop body, the state being rotated by one register with
 * MOV after each round instead of renamed by unrolling. About a quarter of the flash of
 * the table version for ECB, at roughly twice its cycles (docs/BENCHMARKS.md, asm-compact).
 * Register map as above, plus: */
#define FT r30   /* F value, then F value combined with the subkey */
#define FU r31   /* F temporary */
#define ZERO r1  /* carry-in of ROL1 */
/* r0: subkey byte. Y: subkeys (LD Y+ / LD -Y). X: output pointer. CNT: rounds left. */

/* FT = F0(s) = ROL1(s) ^ ROL2(s) ^ ROL7(s). 12 cycles; clobbers FU (not SREG.T, which
 * selects ENC_FINISH's store). */
.macro F0_CALC s
    mov  FT, \s
    lsl  FT
    adc  FT, ZERO           /* FT = ROL1(s) */
    mov  FU, FT
    lsl  FU
    adc  FU, ZERO           /* FU = ROL2(s) */
    eor  FT, FU
    mov  FU, \s
    lsr  FU                 /* C = bit 0 of s */
    mov  FU, \s
    ror  FU                 /* FU = ROR1(s) = ROL7(s) */
    eor  FT, FU
.endm

/* FT = F1(s) = ROL3(s) ^ ROL4(s) ^ ROL6(s). 12 cycles; clobbers FU and r0 (not SREG.T). */
.macro F1_CALC s
    mov  FT, \s
    swap FT                 /* FT = ROL4(s) */
    mov  FU, FT
    lsl  FU
    adc  FU, ZERO
    lsl  FU
    adc  FU, ZERO           /* FU = ROL6(s) */
    eor  FU, FT
    mov  r0, FT
    lsr  r0                 /* C = bit 0 of FT */
    ror  FT                 /* FT = ROR1(ROL4(s)) = ROL3(s) */
    eor  FT, FU
.endm

/* dst = dst op (F1(src) ^ sk), sk = next subkey byte (ld_op: "ld r0, Y+" or "ld r0, -Y").
 * 16 cycles. */
.macro F1_STEP_C op, dst, src, ld_sk:vararg
    F1_CALC \src
    \ld_sk
    eor  FT, r0
    \op  \dst, FT
.endm

/* dst ^= F0(src) + sk. 16 cycles. */
.macro F0_STEP_C dst, src, ld_sk:vararg
    F0_CALC \src
    \ld_sk
    add  FT, r0
    eor  \dst, FT
.endm

/* ---- lwc_hight_encrypt (compact) ----------------------------------------------------- */
/*
 * void lwc_hight_encrypt(const lwc_hight_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out == in allowed).
 * Clobbers: r0, r18-r27, r30, r31 (r1 cleared on return). Stack: 5 bytes.
 * Cycles (instruction count): 32 rounds of 4 F steps (64), the rotation (9) and the
 * loop (4); measured figures: docs/BENCHMARKS.md (asm-compact).
 */
.section .text.lwc_hight_encrypt, "ax", @progbits
.global lwc_hight_encrypt
.type lwc_hight_encrypt, @function
lwc_hight_encrypt:
    ENC_ENTRY
    .global lwc_hight_encrypt_loaded
lwc_hight_encrypt_loaded:           /* lwc_hight_cbc_step jumps here, _ctr_secret calls */
    ldi  CNT, 32
0:
    /* Round i on X_{i,j} = Pj, subkeys SK_{4i..4i+3} in order. */
    F1_STEP_C add, P1, P0, ld r0, Y+
    F0_STEP_C P3, P2, ld r0, Y+
    F1_STEP_C add, P5, P4, ld r0, Y+
    F0_STEP_C P7, P6, ld r0, Y+
    /* X_{i+1,j+1} = the updated X_{i,j}: move every byte one register up. */
    mov  r0, P7
    mov  P7, P6
    mov  P6, P5
    mov  P5, P4
    mov  P4, P3
    mov  P3, P2
    mov  P2, P1
    mov  P1, P0
    mov  P0, r0
    dec  CNT
    breq 1f                 /* the loop body is too long for BRNE */
    rjmp 0b
1:
    ENC_FINISH
.size lwc_hight_encrypt, . - lwc_hight_encrypt

/* ---- lwc_hight_decrypt (compact) ----------------------------------------------------- */
/*
 * void lwc_hight_decrypt(const lwc_hight_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out == in allowed).
 * Clobbers: r0, r18-r27, r30, r31 (r1 cleared on return). Stack: 5 bytes.
 * Cycles: as encryption (the same steps, inverted, with LD -Y).
 */
.section .text.lwc_hight_decrypt, "ax", @progbits
.global lwc_hight_decrypt
.type lwc_hight_decrypt, @function
lwc_hight_decrypt:
    DEC_ENTRY
    subi r28, -128          /* Y = ks->sk + 128: read down from SK_127 */
    sbci r29, -1
    ldi  CNT, 32
0:
    /* Inverse of round i on X_{i+1,j} = Pj, subkeys SK_{4i+3..4i} in that order. */
    F0_STEP_C P0, P7, ld r0, -Y
    F1_STEP_C sub, P6, P5, ld r0, -Y
    F0_STEP_C P4, P3, ld r0, -Y
    F1_STEP_C sub, P2, P1, ld r0, -Y
    /* X_{i,j-1} = the updated X_{i+1,j}: move every byte one register down. */
    mov  r0, P0
    mov  P0, P1
    mov  P1, P2
    mov  P2, P3
    mov  P3, P4
    mov  P4, P5
    mov  P5, P6
    mov  P6, P7
    mov  P7, r0
    dec  CNT
    breq 1f
    rjmp 0b
1:
    sbiw r28, 4             /* Y = ks->wk + 4 (from ks->sk) */
    DEC_EXIT
    ret
.size lwc_hight_decrypt, . - lwc_hight_decrypt

#endif /* LWC_HIGHT_COMPACT */

/* ---- lwc_hight_cbc_step ---------------------------------------------------------------
 * void lwc_hight_cbc_step(const lwc_hight_key *ks, uint8_t *chain, const uint8_t *m,
 *                         uint8_t *copy)
 * chain = E(chain ^ m), a step of CBC-MAC (src/modes/mac.c, lwc_cbc_step_fn), m stored at
 * copy as it is read (copy == chain: no copy, the result overwrites it):
 * ENC_ENTRY_XOR_COPY, then the rounds of lwc_hight_encrypt (either variant). In: r25:r24 =
 * ks, r23:r22 = chain, r21:r20 = m, r19:r18 = copy; m overlaps neither chain nor copy. Same
 * clobbers as encrypt; cycles: encrypt's + 51 (the 8 extra loads, stores and XORs, ks
 * parked, the rewind, the jump).
 */
.section .text.lwc_hight_cbc_step, "ax", @progbits
.global lwc_hight_cbc_step
.type lwc_hight_cbc_step, @function
lwc_hight_cbc_step:
    ENC_ENTRY_XOR_COPY
    LWC_JMP lwc_hight_encrypt_loaded
.size lwc_hight_cbc_step, . - lwc_hight_cbc_step

/* ---- lwc_hight_ctr_secret -------------------------------------------------------------
 * void lwc_hight_ctr_secret(const lwc_hight_key *ks, uint8_t *counter, uint8_t *out,
 *                           const uint8_t *in, size_t blocks)
 * out[i] = in[i] ^ E(counter + i) for i < blocks (blocks >= 1), counter + blocks stored
 * back (mod 2^64, big-endian): EAX's CTR over a message's whole blocks (src/modes/eax.c;
 * lwc_ctr_secret_fn). out == in allowed; counter overlaps neither. The counter stays in
 * CT0..CT7 across the blocks; each block is copied to P0..P7, whitened as
 * lwc_hight_encrypt's entry does, run through encrypt's rounds (either variant) by a call
 * that ENC_FINISH returns from with T = 1, and XORed with in as it is stored at X.
 * Constant time: the increment carries through all 8 bytes whatever their values, and
 * the only branch is the loop over blocks. The keystream is only in registers.
 * In: r25:r24 = ks, r23:r22 = counter, r21:r20 = out, r19:r18 = in, r17:r16 = blocks.
 * Clobbers: r0, r18-r27, r30, r31 (r1 cleared on return). Stack: 23 bytes (17 registers,
 * counter, the return address, the call into the rounds).
 * Cycles (instruction count, CALL and RET 4): per block, the whitenings and rounds of
 * lwc_hight_encrypt + 69 (counter copy 4, increment 9, Y 1, CALL 4, BRTC 1, RET 4, XOR
 * and store 40, in 2, loop 4); per call 117 (saves and restores 76, counter load and
 * store 32, setup 7, RET 4, the last BRNE -1) and the caller's CALL.
 */
#define CT0 r2   /* counter[0..7] (CT7 = counter[7], the least significant byte) */
#define CT1 r3
#define CT2 r4
#define CT3 r5
#define CT4 r6
#define CT5 r7
#define CT6 r8
#define CT7 r9
#define KSL r10  /* ks (r11:r10), Y's value at each block's start */
#define INL r12  /* in (r13:r12), advanced by 8 per block */
#define NBH r14  /* blocks left, high byte; the low byte in NBL */
#define NBL r17
#define CTR_SECRET_SAVED r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r16, r17, \
    r28, r29
#define CTR_SECRET_SAVED_REV r29, r28, r17, r16, r14, r13, r12, r11, r10, r9, r8, r7, r6, r5, \
    r4, r3, r2

.section .text.lwc_hight_ctr_secret, "ax", @progbits
.global lwc_hight_ctr_secret
.type lwc_hight_ctr_secret, @function
lwc_hight_ctr_secret:
    .irp r, CTR_SECRET_SAVED
    push \r
    .endr
    push r22                /* counter, for the store at the end */
    push r23
    movw r30, r22           /* Z = counter */
    .irp c, CT0, CT1, CT2, CT3, CT4, CT5, CT6, CT7
    ld   \c, Z+
    .endr
    movw KSL, r24
    movw INL, r18
    movw r26, r20           /* X = out */
    mov  NBH, r17
    mov  NBL, r16
    set                     /* ENC_FINISH returns here; the rounds keep T */
0:
    movw P0, CT0
    movw P2, CT2
    movw P4, CT4
    movw P6, CT6
    sec                     /* counter + 1 (r1 = 0: the ABI on entry, the rounds after) */
    .irp c, CT7, CT6, CT5, CT4, CT3, CT2, CT1, CT0
    adc  \c, r1
    .endr
    movw r28, KSL           /* Y = ks->wk */
    ENC_WHITEN_START        /* T stays set */
    LWC_CALL lwc_hight_encrypt_loaded
    movw r30, INL           /* Z = in */
    .irp p, P1, P2, P3, P4, P5, P6, P7, P0
    ld   r0, Z+
    eor  \p, r0
    st   X+, \p
    .endr
    movw INL, r30
    subi NBL, 1
    sbc  NBH, r1            /* Z flag: both bytes 0 (SBC keeps Z only if its result is 0) */
    brne 0b
    pop  r31
    pop  r30                /* Z = counter */
    .irp c, CT0, CT1, CT2, CT3, CT4, CT5, CT6, CT7
    st   Z+, \c
    .endr
    .irp r, CTR_SECRET_SAVED_REV
    pop  \r
    .endr
    ret
.size lwc_hight_ctr_secret, . - lwc_hight_ctr_secret

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
 * Cycles: docs/BENCHMARKS.md (setkey).
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


#ifndef LWC_HIGHT_COMPACT /* the CTR path uses the F tables */
/* ==== CTR mode ======================================================================== */
/*
 * lwc_hight_ctr (include/lwc/hight.h, ATmega build) is: ks (136 bytes), counter[8] at
 * offset 136 (the NEXT counter block, big-endian: counter[7] = P7 is its least
 * significant byte), pre_valid at 144, pre[11] at 145, then stream and used (C only).
 * The division of work with hight.c is the assembly CTR contract of
 * src/common/lwc_internal.h: hight.c cuts the work at window ends, carries into
 * counter[6..0] and clears pre_valid; this code rebuilds pre when pre_valid is 0.
 *
 * Precomputation (derivation for our byte order). Within a window of 256 blocks only
 * P7 = the low counter byte changes; P0..P6 are fixed. The initial transformation does
 * not touch P7, so X_0,7 = P7 and X_0,0..6 are fixed. A round computes, from X_i,
 *   L0: X_{i+1,2} = X_{i,1} + (F1(X_{i,0}) ^ SK_{4i})
 *   L1: X_{i+1,4} = X_{i,3} ^ (F0(X_{i,2}) + SK_{4i+1})
 *   L2: X_{i+1,6} = X_{i,5} + (F1(X_{i,4}) ^ SK_{4i+2})
 *   L3: X_{i+1,0} = X_{i,7} ^ (F0(X_{i,6}) + SK_{4i+3})
 * and X_{i+1,2j+1} = X_{i,2j}. Tracking which bytes depend on P7 (v = varies, f = fixed),
 * a lane is "fixed" when both inputs are fixed (skipped), "mask" when only its F input
 * is fixed (the F value is precomputed: 1 cycle), "full" otherwise; "full" lanes whose
 * added/XORed input is fixed need that byte loaded (1 cycle, from a register):
 *   round 0: L0 fixed, L1 fixed, L2 fixed, L3 mask           state after: v f f f f f f f
 *   round 1: L0 full+load, L1 fixed, L2 fixed, L3 fixed                   f v v f f f f f
 *   round 2: L0 mask, L1 full+load, L2 fixed, L3 fixed                    f f v v v f f f
 *   round 3: L0 fixed, L1 full, L2 full+load, L3 fixed                    f f f v v v v f
 *   round 4: L0 fixed, L1 mask, L2 full, L3 full+load                     v f f f v v v v
 *   round 5: L0 full+load, L1 fixed, L2 full, L3 full                     v v v f f v v v
 *   round 6: L0 full, L1 full+load, L2 mask, L3 full                      v v v v v f v v
 *   round 7: L0 full, L1 full, L2 full+load, L3 full                      all v
 * So the first 8 rounds cost 16 full lanes (8 cycles), 4 masks and 7 loads instead of
 * 32 full lanes plus the initial transformation: 11 precomputed bytes K0..K10 (4 masks,
 * 7 loads), held in registers during ctr_crypt and in ctx->pre between calls.
 * Window: the low counter byte (256 blocks). Rebuild (pre_valid = 0 on entry: after
 * setiv, or when the previous call ended a window): the values are captured by running
 * the first 8 rounds in full on a counter block of the window ("capture" mode of
 * SPECIAL_ROUND):
 *  - separate variant (default): on the counter block, whose state is then discarded,
 *    and every block of the call takes the fast path;
 *  - online variant (LWC_CTR_ONLINE): the call's first block is itself encrypted in
 *    capture mode and continues into the common rounds 8..31.
 */

/* Precomputed bytes (registers during lwc_hight_ctr_blocks). */
#define K0 r2
#define K1 r3
#define K2 r4
#define K3 r5
#define K4 r6
#define K5 r7
#define K6 r8
#define K7 r9
#define K8 r10
#define K9 r11
#define K10 r12
#define RCNT r13  /* loop counter over the 8-round blocks of rounds 8..31 */
#define OUTL r14  /* output pointer (r15:r14) */
#define NB r16    /* remaining blocks */
/* X: input pointer. Y: ctx + 136 between blocks, subkeys during the rounds. Z: F
 * tables during the rounds, output pointer during the XOR. r0, r1: temporaries. */

#define CTX_COUNTER 136
#define CTX_VALID 8 /* offsets from ctx + 136 */
#define CTX_PRE 9

.equ L_FULL, 0  /* computed */
.equ L_FIXED, 1 /* skipped: precomputed into a later load or mask */
.equ L_MASK, 2  /* F value precomputed */
.equ L_LOAD, 3  /* computed, but its added/XORed input byte is precomputed */
.equ M_FAST, 0
.equ M_CAPTURE, 1

/*
 * One lane of a first-8-round block: tab 1: dst += F1(src) ^ SK[Y+q]; tab 0:
 * dst ^= F0(src) + SK[Y+q]. cls as above, kr its precomputed register. In capture mode
 * every lane is computed and the precomputed values are copied into kr; in fast mode
 * fixed lanes vanish, masks cost 1 cycle and loads 1 cycle. ZH is switched only when
 * the table changes (zpage tracks it at assembly time).
 */
.macro PLANE mode, cls, tab, dst, src, q, kr
.if (\mode == M_FAST) && (\cls == L_FIXED)
.elseif (\mode == M_FAST) && (\cls == L_MASK)
  .if \tab
    add  \dst, \kr
  .else
    eor  \dst, \kr
  .endif
.else
  .if \cls == L_LOAD
    .if \mode == M_FAST
    mov  \dst, \kr
    .else
    mov  \kr, \dst
    .endif
  .endif
  .if zpage != \tab
    ldi  r31, hi8(hight_f\tab)
    .set zpage, \tab
  .endif
    mov  r30, \src
    lpm  r0, Z
    ldd  r1, Y+\q
  .if \tab
    eor  r0, r1
  .else
    add  r0, r1
  .endif
  .if (\cls == L_MASK)
    mov  \kr, r0
  .endif
  .if \tab
    add  \dst, r0
  .else
    eor  \dst, r0
  .endif
.endif
.endm

/* Round k (0..7) of the first 8 rounds, same register convention as ENC_ROUND; c0..c3
 * and k0..k3 give the class and precomputed register of lanes L0..L3. */
.macro SPECIAL_ROUND mode, k, c0, k0, c1, k1, c2, k2, c3, k3, x0, x1, x2, x3, x4, x5, x6, x7
.if (\k % 2) == 0
    PLANE \mode, \c0, 1, \x1, \x0, 4*\k+0, \k0
    PLANE \mode, \c2, 1, \x5, \x4, 4*\k+2, \k2
    PLANE \mode, \c1, 0, \x3, \x2, 4*\k+1, \k1
    PLANE \mode, \c3, 0, \x7, \x6, 4*\k+3, \k3
.else
    PLANE \mode, \c1, 0, \x3, \x2, 4*\k+1, \k1
    PLANE \mode, \c3, 0, \x7, \x6, 4*\k+3, \k3
    PLANE \mode, \c0, 1, \x1, \x0, 4*\k+0, \k0
    PLANE \mode, \c2, 1, \x5, \x4, 4*\k+2, \k2
.endif
.endm

/* Rounds 0..7 (subkeys at Y+0..31) with the classes of the table above. In fast mode
 * only X_0,7 (P7) needs to be set on entry. */
.macro FIRST8 mode
    .set zpage, -1
    SPECIAL_ROUND \mode, 0, L_FIXED,none, L_FIXED,none, L_FIXED,none, L_MASK,K0, \
        P0, P1, P2, P3, P4, P5, P6, P7
    SPECIAL_ROUND \mode, 1, L_LOAD,K1, L_FIXED,none, L_FIXED,none, L_FIXED,none, \
        P7, P0, P1, P2, P3, P4, P5, P6
    SPECIAL_ROUND \mode, 2, L_MASK,K2, L_LOAD,K3, L_FIXED,none, L_FIXED,none, \
        P6, P7, P0, P1, P2, P3, P4, P5
    SPECIAL_ROUND \mode, 3, L_FIXED,none, L_FULL,none, L_LOAD,K4, L_FIXED,none, \
        P5, P6, P7, P0, P1, P2, P3, P4
    SPECIAL_ROUND \mode, 4, L_FIXED,none, L_MASK,K5, L_FULL,none, L_LOAD,K6, \
        P4, P5, P6, P7, P0, P1, P2, P3
    SPECIAL_ROUND \mode, 5, L_LOAD,K7, L_FIXED,none, L_FULL,none, L_FULL,none, \
        P3, P4, P5, P6, P7, P0, P1, P2
    SPECIAL_ROUND \mode, 6, L_FULL,none, L_LOAD,K8, L_MASK,K9, L_FULL,none, \
        P2, P3, P4, P5, P6, P7, P0, P1
    SPECIAL_ROUND \mode, 7, L_FULL,none, L_FULL,none, L_LOAD,K10, L_FULL,none, \
        P1, P2, P3, P4, P5, P6, P7, P0
.endm

/* Loads K0..K10 from ctx->pre; Y = ctx + 136. 22 cycles. */
.macro PRE_LOAD
    .set pre_off, CTX_PRE
    .irp k, K0, K1, K2, K3, K4, K5, K6, K7, K8, K9, K10
    ldd  \k, Y+pre_off
    .set pre_off, pre_off + 1
    .endr
.endm

/* Push or pop the callee-saved registers used by the CTR routine. */
#define CTR_SAVED r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15, r16, r28, r29
#define CTR_SAVED_REV r29, r28, r16, r15, r14, r13, r12, r11, r10, r9, r8, r7, r6, r5, r4, \
    r3, r2

/*
 * void lwc_hight_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in,
 *                           uint8_t nblocks)
 * The assembly side of the CTR contract (src/common/lwc_internal.h), for
 * lwc_hight_ctr_crypt (hight.c). counter: the counter of an lwc_hight_ctr (ctx + 136).
 * nblocks >= 1 blocks within the
 * counter's window: out[0..8n) = in ^ E_K(counter), E_K(counter + 1), ...; adds n to the
 * low counter byte (the carry out of it is hight.c's); out == in allowed. If
 * ctx->pre_valid is 0, first rebuilds ctx->pre and sets pre_valid.
 * In: r25:r24 = counter, r23:r22 = out, r21:r20 = in, r18 = nblocks.
 * Clobbers: r0, r18-r27, r30, r31 (r1 cleared). Stack: 19 bytes (17 registers and the
 * return address).
 * Timing: depends only on nblocks and on pre_valid (public), never on the key or the
 * data. A rebuild runs rounds 0..7 in a separate pass, or (online) in capture mode on
 * the first block. Cycles and flash: docs/BENCHMARKS.md.
 */
.section .text.lwc_hight_ctr_blocks, "ax", @progbits
.global lwc_hight_ctr_blocks
.type lwc_hight_ctr_blocks, @function
lwc_hight_ctr_blocks:
    .irp r, CTR_SAVED
    push \r
    .endr
    mov  NB, r18
    movw OUTL, r22
    movw r26, r20           /* X = in */
    movw r28, r24           /* Y = ctx->counter = ctx + 136 */
    ldd  r0, Y+CTX_VALID
    sbrc r0, 0
    rjmp .Lvalid
    /* A new window: rounds 0..7 in capture mode on the counter block. */
    ldi  r30, 1
    std  Y+CTX_VALID, r30
    ldd  P0, Y+0
    ldd  P1, Y+1
    ldd  P2, Y+2
    ldd  P3, Y+3
    ldd  P4, Y+4
    ldd  P5, Y+5
    ldd  P6, Y+6
    ldd  P7, Y+7
    subi r28, CTX_COUNTER   /* Y = ctx->ks.wk */
    sbci r29, 0
    WHITEN add, P0, P2, P4, P6
    adiw r28, 4             /* Y = ctx->ks.sk */
    FIRST8 M_CAPTURE
    movw r30, r28           /* Z = ctx->pre (Y = ctx + 8) */
    subi r30, lo8(8 - CTX_COUNTER - CTX_PRE)
    sbci r31, hi8(8 - CTX_COUNTER - CTX_PRE)
    .irp k, K0, K1, K2, K3, K4, K5, K6, K7, K8, K9, K10
    st   Z+, \k
    .endr
#ifdef LWC_CTR_ONLINE
    rjmp .Lrest             /* this block goes on with rounds 8..31 */
#else
    subi r28, -(CTX_COUNTER - 8) /* Y = ctx + 136; the capture's state is discarded */
    sbci r29, -1
    rjmp .Lfast
#endif
.Lvalid:
    PRE_LOAD
.Lfast:
    ldd  P7, Y+7            /* X_0,7 = the low counter byte */
    subi r28, CTX_COUNTER - 8 /* Y = ctx->ks.sk */
    sbci r29, 0
    FIRST8 M_FAST
.Lrest:
    /* Rounds 8..31. */
    adiw r28, 32
    ldi  r31, hi8(hight_f1)
    ldi  r30, 3
    mov  RCNT, r30
0:
    ENC_ROUND 0, P0, P1, P2, P3, P4, P5, P6, P7
    ENC_ROUND 1, P7, P0, P1, P2, P3, P4, P5, P6
    ENC_ROUND 2, P6, P7, P0, P1, P2, P3, P4, P5
    ENC_ROUND 3, P5, P6, P7, P0, P1, P2, P3, P4
    ENC_ROUND 4, P4, P5, P6, P7, P0, P1, P2, P3
    ENC_ROUND 5, P3, P4, P5, P6, P7, P0, P1, P2
    ENC_ROUND 6, P2, P3, P4, P5, P6, P7, P0, P1
    ENC_ROUND 7, P1, P2, P3, P4, P5, P6, P7, P0
    adiw r28, 32
    dec  RCNT
    breq 1f
    rjmp 0b
1:
    /* Final transformation (as in lwc_hight_encrypt) merged with the keystream XOR. */
    subi r28, 132           /* Y = ctx->ks.wk + 4 */
    sbci r29, 0
    movw r30, OUTL
    WHITEN add, P1, P3, P5, P7
    .irp p, P1, P2, P3, P4, P5, P6, P7, P0
    ld   r0, X+
    eor  \p, r0
    st   Z+, \p
    .endr
    movw OUTL, r30
    subi r28, -(CTX_COUNTER - 8) /* Y = ctx + 136 */
    sbci r29, -1
    /* Counter + 1: the low byte (hight.c carries out of it). */
    ldd  r0, Y+7
    inc  r0
    std  Y+7, r0
    dec  NB
    breq 2f
    rjmp .Lfast
2:
    .irp r, CTR_SAVED_REV
    pop  \r
    .endr
    clr  r1
    ret
.size lwc_hight_ctr_blocks, . - lwc_hight_ctr_blocks

#endif /* LWC_HIGHT_COMPACT */
#endif
