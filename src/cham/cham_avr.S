/*
 * Revised CHAM (88/112/120 rounds) block encryption and decryption for ATmega AVR cores
 * (MOVW, LDD). Same results as the C reference in cham.c; the key schedule stays in C
 * (lwc_chamN_K_setkey) and is read here in its stored form (include/lwc/cham.h):
 * rk[j] = ROR1(RK[j]) ^ 1 for even j, RK[j] ^ 2^(w-1) for odd j, little-endian words.
 *
 * Round i maps (X0, X1, X2, X3) to (X1, X2, X3, Y):
 *   even i: Y = ROL8((X0 ^ i) + (ROL1(X1) ^ RK[i mod 2k/w]))
 *   odd i:  Y = ROL1((X0 ^ i) + (ROL8(X1) ^ RK[i mod 2k/w]))
 *
 * Design
 *  - The four state words live in four register sets A, B, C, D (X0..X3 at the start).
 *    Y is computed in place in the registers of X0; instead of moving words, the next
 *    round's macro is invoked with the sets rotated (X0 = B, X1 = C, ...).
 *  - ROL8 costs nothing: the bytes of the word are renamed. Only the sets written by even
 *    rounds (A and C) are ever renamed; they come back to their original byte order every
 *    16 rounds (32-bit words) or 8 rounds (16-bit words). The sets written by odd rounds
 *    (B and D) are never renamed.
 *  - ROL1 is LSL/ROL.../ADC with the carry out of the top byte added back into bit 0.
 *    The even rounds need ROL1(X1) ^ RK = ROL1(X1 ^ ROR1(RK)): with ROR1(RK) stored, the
 *    round key is loaded straight into the temporary that is then rotated (no copy).
 *  - Round counter: the words of B and D (X1 and X3 at the start) are kept XORed with 1,
 *    so an odd round i XORs in the same register value c = i - 1 as the even round before
 *    it, and c is updated once per pair of rounds. The masks stay in place by themselves:
 *    the stored odd round keys carry 2^(w-1), and ROL1(s ^ 2^(w-1)) = ROL1(s) ^ 1; the
 *    stored even round keys carry ^ 1, which cancels the mask of X1.
 *  - CHAM-64/128 encryption is fully unrolled (88 rounds). The other loops run over 16
 *    unrolled rounds, one key period of CHAM-64/128 and CHAM-128/256 (two of
 *    CHAM-128/128), so the round keys are read with fixed LDD displacements and Z never
 *    moves. 88 and 120 rounds are 16n + 8: CHAM-128/256 encryption leaves its loop after
 *    the first half, the two decryptions enter theirs at the second half (the byte order
 *    of A and C at that point is handled by the load/store code).
 *  - Round keys of even rounds are cached in registers where registers are left: all
 *    eight of them for CHAM-64/128, rk[0] and three bytes of rk[2] for CHAM-128.
 *  - CTR (lwc_chamN_K_ctr_blocks, called by the lwc_chamN_K_ctr_* wrappers in cham.c):
 *    whole blocks in one call, the counter incremented in the context (ADIW, ADD/ADC), the
 *    keystream XORed in with LD/ST. Rounds 0, 1 and 4 and parts of rounds 2 and 3 do not
 *    depend on X3, which holds the low counter bits: they are precomputed per counter
 *    window (see "CHAM-64/128 CTR" and "CHAM-128 CTR" below).
 *  - CHAM-64/128 CTR runs pairs of blocks in a 2-way pass (both states in registers, each
 *    round key loaded once for both blocks; "2-way CTR pass" below), a lone last block in
 *    the single-block code; -DLWC_CHAM64_CTR_1WAY builds the single-block code only
 *    (docs/BENCHMARKS.md: asm against asm-compact).
 *  - CHAM-64/128 encryption spends each cached round key in its last use (no MOVW copy)
 *    and leaves out the counter XORs of rounds 0 and 1 (c = 0) and the masks of the
 *    result (undone inside rounds 85 and 87).
 *  - A fixed-key CHAM-64/128 CTR (key and IV as immediates) is generated per build by
 *    tools/gen/gen_cham_fixed_key.py from the 2-way pass; it is not part of the library.
 * Constant time: the only branches are on the round counter (and, in CTR, on the block
 * count and the public rebuild flag).
 */
#include "../common/lwc_avr.h"
#if LWC_CHAM_IMPL == LWC_IMPL_AVR

/* Round counts (LWC_CHAMx_ROUNDS in include/lwc/cham.h). */
#define C64_ROUNDS 88
#define C128_128_ROUNDS 112
#define C128_256_ROUNDS 120

#define KT r0    /* key byte in transit (LDD), XORed with a state byte */
#define ZERO r1  /* avr-gcc's zero register: carry-in for ROL1 */

/* ---- ctr_secret's counter ------------------------------------------------------------
 * The counter block (Z) into the byte registers regs, in order. 2 cycles a byte. */
.macro COUNTER_LOAD regs:vararg
    .set off, 0
    .irp reg, \regs
    ldd  \reg, Z+off
    .set off, off + 1
    .endr
.endm

/* Counter bytes off, off + 1 (big-endian: off + 1 the less significant) at Z + off, loaded in
 * the MOVW pair lo (and the register after it): stores them + carry (add=1: + one, a
 * register holding 1) through the MOVW pair t0, t1. 7 cycles. */
.macro COUNTER_PAIR lo, off, t0, t1, one, add=0
    movw \t0, \lo
    .if \add
    add  \t1, \one
    .else
    adc  \t1, ZERO
    .endif
    adc  \t0, ZERO
    std  Z+\off+1, \t1
    std  Z+\off, \t0
.endm

/* counter + 1 (Z), branch-free: lo, rest are the MOVW pairs that COUNTER_LOAD filled with
 * bytes off, off + 1, then off + 2, off + 3, ...; the carry runs from the last pair (the
 * least significant) to lo. 3.5 cycles a byte. */
.macro COUNTER_INC t0, t1, one, off, lo, rest:vararg
    .ifb \rest
    COUNTER_PAIR \lo, \off, \t0, \t1, \one, add=1
    .else
    COUNTER_INC \t0, \t1, \one, (\off + 2), \rest
    COUNTER_PAIR \lo, \off, \t0, \t1, \one
    .endif
.endm

/* The block in regs to out (X+); with xor_in=1 XORed with in (Z+) through t on the way,
 * ctr_secret's store. 2 cycles a byte (5 with xor_in=1). */
.macro STORE_BLOCK xor_in, t, regs:vararg
    .irp reg, \regs
    .if \xor_in
    ld   \t, Z+
    eor  \reg, \t
    .endif
    st   X+, \reg
    .endr
.endm

/* =====================================================================================
 * CHAM-64/128: 16-bit words, 16 round keys (32 bytes), 88 rounds.
 * ===================================================================================== */

/* ---- register map ------------------------------------------------------------------ */
/* Stored round keys rk[j] = ROR1(RK[j]) ^ 1 of the even rounds, cached for the whole
 * call (callee-saved: pushed). */
#define RK0L r2
#define RK0H r3
#define RK2L r4
#define RK2H r5
#define RK4L r6
#define RK4H r7
#define RK6L r8
#define RK6H r9
#define RK8L r10
#define RK8H r11
#define RK10L r12
#define RK10H r13
#define RK12L r14
#define RK12H r15
#define RK14L r28
#define RK14H r29
/* State: set S holds S0 (low byte) and S1 (high byte) while the byte order is unchanged. */
#define A0 r16
#define A1 r17
#define B0 r18
#define B1 r19
#define C0 r20
#define C1 r21
#define D0 r22
#define D1 r23
#define T0 r24   /* t = ROL1(X1) ^ RK in the even rounds, key byte ^ X1 byte in the odd */
#define T1 r25
#define CTR r26  /* round counter c (XL: X addresses out only after the rounds) */
/* r27 (XH) and r0 (OUTL, below) hold out during the rounds; Z = ks throughout. */

/* ---- rounds ---------------------------------------------------------------------------
 * x0, x1: bytes (low, high) of X0, whose registers receive the result; y0, y1: bytes of
 * X1; k0, k1: cached round key; q: byte offset of the round key in ks. */

/* Even round: x = (x ^ c) + ROL1(y ^ k) (c = i), with k = ROR1(RK) ^ 1 (the stored form) and
 * y = X1 ^ 1 (an odd-round word, masked): ROL1(y ^ k) = ROL1(X1) ^ RK. The caller swaps
 * the names of x0 and x1 afterwards (ROL8). k0, k1 is a MOVW pair. 9 cycles; 1 less with
 * xor=0 (round 0: c = 0) and 1 less with spend=1 (the key's last use in an encryption:
 * t is formed in k0, k1 themselves, no MOVW; the registers are restored by the POPs). */
.macro E64_EVEN x0, x1, y0, y1, k0, k1, xor=1, spend=0
    .if \spend
    eor  \k0, \y0
    eor  \k1, \y1
    lsl  \k0
    rol  \k1
    adc  \k0, ZERO
    .else
    movw T0, \k0
    eor  T0, \y0
    eor  T1, \y1
    lsl  T0
    rol  T1
    adc  T0, ZERO           /* t = ROL1(X1) ^ RK */
    .endif
    .if \xor
    eor  \x0, CTR
    .endif
    .if \spend
    add  \x0, \k0
    adc  \x1, \k1
    .else
    add  \x0, T0
    adc  \x1, T1
    .endif
.endm

/* Odd round: x = ROL1((x ^ c) + (ROL8(y) ^ rk)), c += 2. x = X0 ^ 1 (masked) and c = i - 1,
 * so x ^ c = X0 ^ i; rk = RK ^ 0x8000 makes the sum, and so the result, come out with the
 * same masks: ROL1(s ^ 0x8000) = ROL1(s) ^ 1. EOR leaves the carry of the addition chain
 * alone, so each key byte goes straight from LDD into the sum. 13 cycles.
 * Options for the first and last rounds of encryption: xor=0 leaves out x ^ c (c = 0),
 * step sets c += step (0: no update), unmask=1 removes the mask of the result by
 * flipping the top bit of the sum (x1 in r16..r31) instead of XORing 1 afterwards. */
.macro E64_ODD x0, x1, y0, y1, q, xor=1, step=2, unmask=0
    .if \xor
    eor  \x0, CTR
    .endif
    .if \step
    subi CTR, -\step
    .endif
    ldd  T0, Z+\q
    eor  T0, \y1
    add  \x0, T0
    ldd  T0, Z+\q+1
    eor  T0, \y0
    adc  \x1, T0
    .if \unmask
    subi \x1, 0x80
    .endif
    lsl  \x0
    rol  \x1
    adc  \x0, ZERO
.endm

/* Inverse of E64_EVEN: x = ROR8(Y) (the caller passes Y's bytes swapped) becomes
 * X0 = (x - ROL1(y ^ k)) ^ c, c -= 2 (c = i); SUBI sets N once c is below 0. 10 cycles. */
.macro D64_EVEN x0, x1, y0, y1, k0, k1
    movw T0, \k0
    eor  T0, \y0
    eor  T1, \y1
    lsl  T0
    rol  T1
    adc  T0, ZERO
    sub  \x0, T0
    sbc  \x1, T1
    eor  \x0, CTR
    subi CTR, 2
.endm

/* Inverse of E64_ODD: x = Y ^ 1 becomes X0 ^ 1 = (ROR1(x) - (ROL8(y) ^ rk)) ^ c (c = i - 1).
 * ROR1(x) = ROR1(Y) ^ 0x8000 and rk = RK ^ 0x8000: the two masks cancel in the
 * difference. 13 cycles; clobbers the T flag. */
.macro D64_ODD x0, x1, y0, y1, q
    bst  \x0, 0
    lsr  \x1
    ror  \x0
    bld  \x1, 7            /* ROR1 */
    ldd  T0, Z+\q
    eor  T0, \y1
    sub  \x0, T0
    ldd  T0, Z+\q+1
    eor  T0, \y0
    sbc  \x1, T0
    eor  \x0, CTR
.endm

/* Loads the round keys of the even rounds (Z = ks) into their cache registers. 32 cycles
 * (the 2-way CTR pass keeps rk[0..6] and reloads rk[8..14] with C64_LOAD_RK_8_14). */
.macro C64_LOAD_RK
    ldd  RK0L, Z+0
    ldd  RK0H, Z+1
    ldd  RK2L, Z+4
    ldd  RK2H, Z+5
    ldd  RK4L, Z+8
    ldd  RK4H, Z+9
    ldd  RK6L, Z+12
    ldd  RK6H, Z+13
    C64_LOAD_RK_8_14
.endm

.macro C64_LOAD_RK_8_14
    ldd  RK8L, Z+16
    ldd  RK8H, Z+17
    ldd  RK10L, Z+20
    ldd  RK10H, Z+21
    ldd  RK12L, Z+24
    ldd  RK12H, Z+25
    ldd  RK14L, Z+28
    ldd  RK14H, Z+29
.endm

/* Entry shared by both directions: saves the callee-saved registers, keeps out (in
 * OUTL = r0 and XH: the odd rounds use T0 for key bytes, so r0 is free), loads the block
 * from in (r21:r20) into A, B, C, D (masking B and D with CTR = 1), Z = ks (r25:r24) and
 * the cached round keys. 91 cycles. */
#define OUTL r0
.macro C64_ENTER
    PUSH_CALLEE_SAVED
    mov  OUTL, r22
    mov  r27, r23
    movw r30, r20
    ld   A0, Z+
    ld   A1, Z+
    ld   B0, Z+
    ld   B1, Z+
    ld   C0, Z+
    ld   C1, Z+
    ld   D0, Z+
    ld   D1, Z+
    movw r30, r24
    ldi  CTR, 1
    eor  B0, CTR            /* the odd-round words X1 and X3 are kept XORed with 1 */
    eor  D0, CTR
    C64_LOAD_RK
.endm

/* C64_ENTER for the CBC-MAC step (lwc_cham64_128_cbc_step): the block at r23:r22 (chain,
 * also the output) XORed with the message at r21:r20 as it is loaded, each message byte
 * stored at r19:r18 (copy) once the chain byte at its offset is read (Y = chain, X = copy,
 * r1 the temporary, out's high byte parked in RK0L: all are set afterwards). */
.macro C64_ENTER_XOR_COPY
    PUSH_CALLEE_SAVED
    mov  OUTL, r22
    mov  RK0L, r23
    movw r28, r22           /* Y = chain */
    movw r30, r20           /* Z = m */
    movw r26, r18           /* X = copy */
    .irp reg, A0, A1, B0, B1, C0, C1, D0, D1
    ld   \reg, Z+
    ld   r1, Y+
    st   X+, \reg
    eor  \reg, r1
    .endr
    clr  r1
    mov  r27, RK0L
    movw r30, r24
    ldi  CTR, 1
    eor  B0, CTR            /* the odd-round words X1 and X3 are kept XORed with 1 */
    eor  D0, CTR
    C64_LOAD_RK
.endm


/* Unmasks B and D (unless the last rounds did: unmask=0), stores A, B, C, D to out, clears
 * T0 and T1 (key-dependent temporaries; T0 gets out's low byte, T1 r1 = 0), restores the
 * callee-saved registers and returns. 61 cycles with RET (58 with unmask=0). */
.macro C64_LEAVE unmask=1
    mov  r26, OUTL          /* X = out */
    .if \unmask
    ldi  T0, 1
    eor  B0, T0             /* unmask X1 and X3 */
    eor  D0, T0
    .endif
    STORE_BLOCK 0, T0, A0, A1, B0, B1, C0, C1, D0, D1
    movw T0, OUTL
    POP_CALLEE_SAVED
    ret
.endm

/* Rounds 16n .. 16n+7 and 16n+8 .. 16n+15. Every even round swaps the byte names of its
 * set (ROL8), so A and C are back in order after each half. 88 cycles each. */
/* first=1: rounds 0 .. 7 of an encryption; last=1: its last rounds of the key period
 * (80 .. 87, or 72 .. 79 for E64_ROUNDS_8_15), each cached key's last use (spent). */
.macro E64_ROUNDS_0_7 first=0, last=0
    .if \first             /* rounds 0 and 1: c = 0, set to 1 by C64_ENTER's masking */
    E64_EVEN A0, A1, B0, B1, RK0L, RK0H, xor=0
    E64_ODD  B0, B1, C0, C1, 2, xor=0, step=1
    .else
    E64_EVEN A0, A1, B0, B1, RK0L, RK0H, spend=\last
    E64_ODD  B0, B1, C0, C1, 2
    .endif
    E64_EVEN C0, C1, D0, D1, RK2L, RK2H, spend=\last
    E64_ODD  D0, D1, A1, A0, 6
    E64_EVEN A1, A0, B0, B1, RK4L, RK4H, spend=\last
    .if \last              /* rounds 85 and 87 unmask B and D; c stays after round 87 */
    E64_ODD  B0, B1, C1, C0, 10, unmask=1
    E64_EVEN C1, C0, D0, D1, RK6L, RK6H, spend=1
    E64_ODD  D0, D1, A0, A1, 14, step=0, unmask=1
    .else
    E64_ODD  B0, B1, C1, C0, 10
    E64_EVEN C1, C0, D0, D1, RK6L, RK6H
    E64_ODD  D0, D1, A0, A1, 14
    .endif
.endm

.macro E64_ROUNDS_8_15 last=0
    E64_EVEN A0, A1, B0, B1, RK8L, RK8H, spend=\last
    E64_ODD  B0, B1, C0, C1, 18
    E64_EVEN C0, C1, D0, D1, RK10L, RK10H, spend=\last
    E64_ODD  D0, D1, A1, A0, 22
    E64_EVEN A1, A0, B0, B1, RK12L, RK12H, spend=\last
    E64_ODD  B0, B1, C1, C0, 26
    E64_EVEN C1, C0, D0, D1, RK14L, RK14H, spend=\last
    E64_ODD  D0, D1, A0, A1, 30
.endm

/* ---- lwc_cham64_128_encrypt ------------------------------------------------------------
 * void lwc_cham64_128_encrypt(const lwc_cham64_128_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out == in allowed).
 * Clobbers: r0, r18-r27, r30, r31, T flag, flags (r1 stays 0). Stack: 20 bytes (18
 * registers, return address). Cycles and flash: docs/BENCHMARKS.md.
 */
.section .text.lwc_cham64_128_encrypt, "ax", @progbits
.global lwc_cham64_128_encrypt
.type lwc_cham64_128_encrypt, @function
lwc_cham64_128_encrypt:
    C64_ENTER
    .global lwc_cham64_128_encrypt_loaded
lwc_cham64_128_encrypt_loaded:      /* lwc_cham64_128_cbc_step continues here */
    clt                     /* T = 0: out = the block */
    .global lwc_cham64_128_encrypt_rounds
lwc_cham64_128_encrypt_rounds:      /* called by lwc_cham64_128_ctr_secret with T = 1 */
    /* 88 = 16 * 5 + 8 rounds, unrolled: no loop overhead. */
    E64_ROUNDS_0_7 first=1
    E64_ROUNDS_8_15
    .rept 3
    E64_ROUNDS_0_7
    E64_ROUNDS_8_15
    .endr
    E64_ROUNDS_0_7
    E64_ROUNDS_8_15 last=1  /* the last uses of rk[8], ..., rk[14] */
    E64_ROUNDS_0_7 last=1   /* of rk[0], ..., rk[6] */
    brts .Lc64e_ctr
    C64_LEAVE unmask=0
.Lc64e_ctr:
    ret                     /* to lwc_cham64_128_ctr_secret: A, B, C, D = the block */
.size lwc_cham64_128_encrypt, . - lwc_cham64_128_encrypt


/* ---- lwc_cham64_128_cbc_step ------------------------------------------------------------
 * void lwc_cham64_128_cbc_step(const lwc_cham64_128_key *ks, uint8_t *chain, const uint8_t *m,
 *                              uint8_t *copy)
 * chain = E(chain ^ m), a step of CBC-MAC (src/modes/mac.c, lwc_cbc_step_fn), m stored at
 * copy as it is read (copy == chain: no copy, the result overwrites it):
 * C64_ENTER_XOR_COPY, then the rounds of lwc_cham64_128_encrypt. In: r25:r24 = ks,
 * r23:r22 = chain, r21:r20 = m, r19:r18 = copy; m overlaps neither chain nor copy. Same
 * clobbers as encrypt; cycles: encrypt's + 47.
 */
.section .text.lwc_cham64_128_cbc_step, "ax", @progbits
.global lwc_cham64_128_cbc_step
.type lwc_cham64_128_cbc_step, @function
lwc_cham64_128_cbc_step:
    C64_ENTER_XOR_COPY
    LWC_JMP lwc_cham64_128_encrypt_loaded
.size lwc_cham64_128_cbc_step, . - lwc_cham64_128_cbc_step

/* ---- lwc_cham64_128_ctr_secret -----------------------------------------------------------
 * void lwc_cham64_128_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out,
 *                                const uint8_t *in, size_t blocks)
 * out[i] = in[i] ^ E(counter + i) for i < blocks, counter += blocks (mod 2^64, big-endian):
 * EAX's CTR over a message's whole blocks (src/modes/eax.c, lwc_ctr_secret_fn), whose
 * counter is secret: no branch or index on it, every block the same cycles. Per block:
 * the counter loaded and counter + 1 stored back (COUNTER_INC, branch-free), the round keys
 * cached (encrypt's last rounds spend them), the rounds of lwc_cham64_128_encrypt called
 * with T set (they return with the block in A, B, C, D), in XORed in as it is stored.
 * The callee-saved registers are pushed once per call; in, counter and blocks wait on the
 * stack during the rounds (out in OUTL, XH; Z = ks), popped and pushed again per block.
 * In: r25:r24 = ks, r23:r22 = counter, r21:r20 = out, r19:r18 = in (out == in allowed;
 * counter overlaps neither), r17:r16 = blocks (>= 1). Clobbers: r0, r18-r27, r30, r31,
 * T flag, flags (r1 stays 0). Stack: 28 bytes (18 registers, blocks, counter, in, two
 * return addresses). The branches depend on blocks only.
 */
.section .text.lwc_cham64_128_ctr_secret, "ax", @progbits
.global lwc_cham64_128_ctr_secret
.type lwc_cham64_128_ctr_secret, @function
lwc_cham64_128_ctr_secret:
    PUSH_CALLEE_SAVED
    set                     /* encrypt's rounds return with the block */
    push r16                /* frame, top first: in, counter, blocks */
    push r17
    push r22
    push r23
    push r18
    push r19
    movw r26, r20           /* X = out */
    movw r30, r22           /* Z = counter */
    movw T0, r24            /* T = ks */
.Lc64s_block:
    /* Z = counter, X = out, T = ks: the block from the counter, counter + 1 stored back
     * (RK0L, RK0H free until C64_LOAD_RK), B and D masked, the round keys cached. */
    mov  OUTL, r26          /* out in OUTL, XH during the rounds */
    COUNTER_LOAD A0, A1, B0, B1, C0, C1, D0, D1
    ldi  CTR, 1
    COUNTER_INC RK0L, RK0H, CTR, 0, A0, B0, C0, D0
    eor  B0, CTR            /* the odd-round words X1 and X3 are kept XORed with 1 */
    eor  D0, CTR
    movw r30, T0            /* Z = ks */
    C64_LOAD_RK
    LWC_CALL lwc_cham64_128_encrypt_rounds
    mov  r26, OUTL          /* X = out */
    movw T0, r30            /* T = ks */
    pop  r31                /* Z = in */
    pop  r30
    STORE_BLOCK 1, OUTL, A0, A1, B0, B1, C0, C1, D0, D1
    movw RK0L, r30          /* in + 8, parked (RK0 is reloaded) */
    pop  r31                /* Z = counter */
    pop  r30
    pop  B1                 /* blocks - 1 */
    pop  B0
    subi B0, 1
    sbci B1, 0
    breq .Lc64s_done
    push B0
    push B1
    push r30
    push r31
    push RK0L
    push RK0H
    rjmp .Lc64s_block
.Lc64s_done:
    POP_CALLEE_SAVED
    ret
.size lwc_cham64_128_ctr_secret, . - lwc_cham64_128_ctr_secret

/* Undo rounds 16n+15 .. 16n+8 and 16n+7 .. 16n (A and C are back in order after each).
 * 92 cycles each. */
.macro D64_UNDO_15_8
    D64_ODD  D0, D1, A0, A1, 30
    D64_EVEN C1, C0, D0, D1, RK14L, RK14H
    D64_ODD  B0, B1, C1, C0, 26
    D64_EVEN A1, A0, B0, B1, RK12L, RK12H
    D64_ODD  D0, D1, A1, A0, 22
    D64_EVEN C0, C1, D0, D1, RK10L, RK10H
    D64_ODD  B0, B1, C0, C1, 18
    D64_EVEN A0, A1, B0, B1, RK8L, RK8H
.endm

.macro D64_UNDO_7_0
    D64_ODD  D0, D1, A0, A1, 14
    D64_EVEN C1, C0, D0, D1, RK6L, RK6H
    D64_ODD  B0, B1, C1, C0, 10
    D64_EVEN A1, A0, B0, B1, RK4L, RK4H
    D64_ODD  D0, D1, A1, A0, 6
    D64_EVEN C0, C1, D0, D1, RK2L, RK2H
    D64_ODD  B0, B1, C0, C1, 2
    D64_EVEN A0, A1, B0, B1, RK0L, RK0H
.endm

/* ---- lwc_cham64_128_decrypt ------------------------------------------------------------
 * void lwc_cham64_128_decrypt(const lwc_cham64_128_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out == in allowed).
 * Clobbers: r0, r18-r27, r30, r31, T flag, flags (r1 stays 0). Stack: 20 bytes.
 * Cycles and flash: docs/BENCHMARKS.md.
 */
.section .text.lwc_cham64_128_decrypt, "ax", @progbits
.global lwc_cham64_128_decrypt
.type lwc_cham64_128_decrypt, @function
lwc_cham64_128_decrypt:
    C64_ENTER
    ldi  CTR, C64_ROUNDS - 2
    rjmp .Lc64d_low         /* 88 = 16 * 5 + 8: the first pass undoes rounds 87 .. 80 */
.Lc64d_loop:
    D64_UNDO_15_8
.Lc64d_low:
    D64_UNDO_7_0
    brmi .Lc64d_done        /* c went below 0: round 0 is undone */
    rjmp .Lc64d_loop
.Lc64d_done:
    C64_LEAVE
.size lwc_cham64_128_decrypt, . - lwc_cham64_128_decrypt

/* ---- CHAM-64/128 CTR ------------------------------------------------------------------
 * Precomputation. The counter block is one big-endian integer whose least significant
 * byte is byte 7; CHAM-64 loads X3 = bytes 6..7 (little-endian word), so the 16 low
 * counter bits are exactly X3, and X0, X1, X2 (bytes 0..5) are fixed within a window of
 * 2^16 blocks. Which round inputs are fixed in a window (Yi = output of round i):
 *   round 0: X0, X1 -> Y0 fixed          round 3: X3, Y0 -> Y3 varies, ROL8(Y0) ^ RK3 fixed
 *   round 1: X1, X2 -> Y1 fixed          round 4: Y0, Y1 -> Y4 fixed
 *   round 2: X2, X3 -> Y2 varies, X2 ^ 2 fixed
 * and from round 5 on every round reads a varying word. So ctx->pre holds, in register
 * form (masks and byte names as the rounds leave them): Y4 (set A), Y1 (B), X2 ^ 2 (C),
 * and K3 = ROL8(Y0) ^ RK3; a block does round 2 without its counter XOR, round 3 with K3
 * in place of the round key, skips rounds 0, 1 and 4 and runs rounds 5 .. 87. When the
 * low 16 bits wrap to 0 (ff ff -> 00 00, the full wrap ff..ff -> 00..00 included),
 * cham.c carries into bytes 0..5 and clears pre_valid (the assembly CTR contract of
 * src/common/lwc_internal.h): the next call of this routine recomputes pre from the new
 * counter first (the rebuild), as after setiv.
 * ctx offsets: checked against the struct in cham.c. */
#define C64X_COUNTER 32  /* counter[8] */
#define C64X_VALID 40    /* pre_valid */
#define C64X_PRE 41      /* pre[8]: A0, A1 (Y4), B0, B1 (Y1 ^ 1), C0, C1 (X2 ^ 2), K3 */
#define C64X_K3 47
#define C64X_IN 49       /* io: in, out (little-endian pointers), block count */
#define C64X_OUT 51
#define C64X_COUNT 53

/* ---- lwc_cham64_128_ctr_blocks ----------------------------------------------------------
 * void lwc_cham64_128_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in,
 *                                uint8_t blocks)
 * The assembly side of the CTR contract (src/common/lwc_internal.h). counter: the counter
 * of an lwc_cham64_128_ctr, whose key schedule precedes it.
 * In: r25:r24 = counter, r23:r22 = out, r21:r20 = in (out == in allowed),
 * r18 = blocks (1..255; the caller keeps the 16-bit window from wrapping inside a call:
 * the counter bytes 0..5 are not touched here). If ctx->pre_valid is 0, first rebuilds
 * ctx->pre from the counter (see above) and sets pre_valid. Then, per block: out = in ^ E(counter),
 * counter's low 16 bits += 1 (ADIW, branch-free), in and out advance 8 bytes: pairs of
 * blocks in the 2-way pass (below), a lone last block in the single-block code.
 * Clobbers: r0, r18-r27, r30, r31, flags (r1 stays 0). Stack: 20 bytes (18 registers,
 * return address). The branches depend on blocks and pre_valid only (public). Cycles and
 * flash: docs/BENCHMARKS.md (asm; asm-compact with LWC_CHAM64_CTR_1WAY). Rounds 5 .. 87
 * of the single-block code are unrolled (a loop would cost 15 cycles per block); the
 * 2-way pass loops over the 16-round key period, 19 cycles of loop control per pair by
 * instruction count, to stay within 4 KB per variant.
 */
.section .text.lwc_cham64_128_ctr_blocks, "ax", @progbits
.global lwc_cham64_128_ctr_blocks
.type lwc_cham64_128_ctr_blocks, @function
lwc_cham64_128_ctr_blocks:
    PUSH_CALLEE_SAVED
    movw r30, r24
    sbiw r30, C64X_COUNTER  /* Z = ctx */
    std  Z+C64X_IN, r20     /* pointers and count live in ctx: no register is left */
    std  Z+C64X_IN+1, r21
    std  Z+C64X_OUT, r22
    std  Z+C64X_OUT+1, r23
    std  Z+C64X_COUNT, r18
    C64_LOAD_RK
    ldd  T0, Z+C64X_VALID
    sbrc T0, 0
    rjmp .Lc64c_check
    /* Rebuild: rounds 0, 1 and 4 and K3 from X0, X1, X2 (not from X3). */
    ldd  A0, Z+C64X_COUNTER+0
    ldd  A1, Z+C64X_COUNTER+1
    ldd  B0, Z+C64X_COUNTER+2
    ldd  B1, Z+C64X_COUNTER+3
    ldd  C0, Z+C64X_COUNTER+4
    ldd  C1, Z+C64X_COUNTER+5
    ldi  T0, 1
    eor  B0, T0             /* X1 masked, as in C64_ENTER */
    ldi  CTR, 0
    E64_EVEN A0, A1, B0, B1, RK0L, RK0H
    E64_ODD  B0, B1, C0, C1, 2
    eor  C0, CTR            /* X2 ^ 2: the counter XOR of round 2 */
    ldd  T0, Z+6            /* K3 = ROL8(Y0) ^ rk[3], as E64_ODD D0, D1, A1, A0, 6 forms it */
    eor  T0, A0
    std  Z+C64X_K3, T0
    ldd  T0, Z+7
    eor  T0, A1
    std  Z+C64X_K3+1, T0
    ldi  CTR, 4
    E64_EVEN A1, A0, B0, B1, RK4L, RK4H
    std  Z+C64X_PRE+0, A0
    std  Z+C64X_PRE+1, A1
    std  Z+C64X_PRE+2, B0
    std  Z+C64X_PRE+3, B1
    std  Z+C64X_PRE+4, C0
    std  Z+C64X_PRE+5, C1
    ldi  T0, 1
    std  Z+C64X_VALID, T0
.Lc64c_check:
    ldd  T0, Z+C64X_COUNT
#ifndef LWC_CHAM64_CTR_1WAY
    cpi  T0, 2
    brlo .Lc64c_single
    rjmp .Lc64p_pass        /* pairs of blocks first (below), then at most one block */
.Lc64p_done:               /* back from the pairs: count is 0 or 1 */
    C64_LOAD_RK_8_14
    ldd  T0, Z+C64X_COUNT
.Lc64c_single:
#endif
    tst  T0
    brne .Lc64c_block
    rjmp .Lc64c_done
.Lc64c_block:
    /* Fixed words from pre, X3 = counter bytes 6, 7 (masked); counter += 1 with the low
     * byte (7) in r24 for ADIW. */
    ldd  A0, Z+C64X_PRE+0
    ldd  A1, Z+C64X_PRE+1
    ldd  B0, Z+C64X_PRE+2
    ldd  B1, Z+C64X_PRE+3
    ldd  C0, Z+C64X_PRE+4
    ldd  C1, Z+C64X_PRE+5
    ldd  T0, Z+C64X_COUNTER+7
    ldd  T1, Z+C64X_COUNTER+6
    mov  D0, T1
    mov  D1, T0
    adiw T0, 1
    std  Z+C64X_COUNTER+7, T0
    std  Z+C64X_COUNTER+6, T1
    ldi  T0, 1
    eor  D0, T0
    ldi  CTR, 2
    /* Round 2: E64_EVEN C0, C1, D0, D1, RK2L, RK2H without the counter XOR (in pre). */
    movw T0, RK2L
    eor  T0, D0
    eor  T1, D1
    lsl  T0
    rol  T1
    adc  T0, ZERO
    add  C0, T0
    adc  C1, T1
    /* Round 3: E64_ODD D0, D1, A1, A0, 6 with K3 = ROL8(Y0) ^ rk[3] from pre. */
    eor  D0, CTR
    subi CTR, -2
    ldd  T0, Z+C64X_K3
    add  D0, T0
    ldd  T0, Z+C64X_K3+1
    adc  D1, T0
    lsl  D0
    rol  D1
    adc  D0, ZERO
    /* Round 4 is in pre (A = Y4). Rounds 5 .. 7, then 8 .. 87 = 16 * 5, unrolled. */
    E64_ODD  B0, B1, C1, C0, 10
    E64_EVEN C1, C0, D0, D1, RK6L, RK6H
    E64_ODD  D0, D1, A0, A1, 14
    .rept 5
    E64_ROUNDS_8_15
    E64_ROUNDS_0_7
    .endr
    /* Keystream in A, B, C, D (B and D masked): out = in ^ keystream. */
    ldi  T0, 1
    eor  B0, T0
    eor  D0, T0
    ldd  r26, Z+C64X_IN
    ldd  r27, Z+C64X_IN+1
    .irp reg, A0, A1, B0, B1, C0, C1, D0, D1
    ld   T0, X+
    eor  \reg, T0
    .endr
    std  Z+C64X_IN, r26
    std  Z+C64X_IN+1, r27
    ldd  r26, Z+C64X_OUT
    ldd  r27, Z+C64X_OUT+1
    .irp reg, A0, A1, B0, B1, C0, C1, D0, D1
    st   X+, \reg
    .endr
    std  Z+C64X_OUT, r26
    std  Z+C64X_OUT+1, r27
    ldd  T0, Z+C64X_COUNT
    dec  T0
    std  Z+C64X_COUNT, T0
    breq .Lc64c_done
    rjmp .Lc64c_block
.Lc64c_done:
    clr  T0                 /* key-dependent temporaries */
    clr  T1
    POP_CALLEE_SAVED
    ret
#ifndef LWC_CHAM64_CTR_1WAY
/* ---- 2-way CTR pass (part of lwc_cham64_128_ctr_blocks) --------------------------------
 * Two counter blocks n, n + 1 per pass (same window, so the same pre), all 16 state bytes
 * in registers: every round key is loaded once per round and used for both blocks, and
 * the second block XORs its key into the loaded copy itself (no MOVW). Rounds 2, 3, 5 .. 7
 * as in the single-block path, then rounds 8 .. 87 in a loop over the 16-round key
 * period (rk offsets fixed), leaving when the round counter reaches 88. Only 4 of the 8
 * even round keys fit in registers: rk[0], rk[2], rk[4], rk[6], in the registers of the
 * single-block cache (rk[8..14] are reloaded for it after the pairs). Per round, both
 * blocks: 22 cycles odd, 21 even (18 with a cached key). Entered with ctx->count >= 2;
 * returns to .Lc64p_done with count 0 or 1. Branches on the count and the round
 * counter only. */
#undef A0
#undef A1
#undef B0
#undef B1
#undef C0
#undef C1
#undef D0
#undef D1
#undef T0
#undef T1
#undef CTR
#undef OUTL
/* Block n in sets A, B, C, D and block n + 1 in E, F, G, H (X0..X3 at round 0). A/E and
 * B/F are MOVW pairs (the copy from pre); D and H are ADIW pairs with byte 1 (counter
 * byte 7, the least significant) in the even register. */
#define A0 r14
#define A1 r15
#define E0 r18
#define E1 r19
#define B0 r20
#define B1 r21
#define F0 r22
#define F1 r23
#define C0 r28
#define C1 r29
#define G0 r0
#define G1 r17
#define D0 r25
#define D1 r24
#define H0 r27
#define H1 r26
#define T0 r10   /* block n's copy of the round key (MOVW) */
#define T1 r11
#define K0 r12   /* round key, loaded once per round */
#define K1 r13
#define CTR r16  /* round counter c, as in the single-block rounds */
/* RK0L .. RK6H (r2 .. r9): cached even round keys, as in the single-block map. */

/* ROL1 of a word (low, high). */
.macro ROL1W lo, hi
    lsl  \lo
    rol  \hi
    adc  \lo, ZERO
.endm

/* Even round (E64_EVEN) on both blocks, round key at ks offset q: 21 cycles. */
.macro E2_EVEN xa0, xa1, ya0, ya1, xb0, xb1, yb0, yb1, q
    ldd  K0, Z+\q
    ldd  K1, Z+\q+1
    movw T0, K0
    eor  T0, \ya0
    eor  T1, \ya1
    ROL1W T0, T1
    eor  \xa0, CTR
    add  \xa0, T0
    adc  \xa1, T1
    eor  K0, \yb0
    eor  K1, \yb1
    ROL1W K0, K1
    eor  \xb0, CTR
    add  \xb0, K0
    adc  \xb1, K1
.endm

/* The same with the round key cached in k0, k1 (a MOVW pair): 18 cycles. */
.macro E2_EVEN_RK xa0, xa1, ya0, ya1, xb0, xb1, yb0, yb1, k0, k1
    movw T0, \k0
    eor  T0, \ya0
    eor  T1, \ya1
    ROL1W T0, T1
    eor  \xa0, CTR
    add  \xa0, T0
    adc  \xa1, T1
    movw T0, \k0
    eor  T0, \yb0
    eor  T1, \yb1
    ROL1W T0, T1
    eor  \xb0, CTR
    add  \xb0, T0
    adc  \xb1, T1
.endm

/* Odd round (E64_ODD) on both blocks, c += 2: 22 cycles. */
.macro E2_ODD xa0, xa1, ya0, ya1, xb0, xb1, yb0, yb1, q
    eor  \xa0, CTR
    eor  \xb0, CTR
    subi CTR, -2
    ldd  K0, Z+\q
    ldd  K1, Z+\q+1
    movw T0, K0
    eor  T0, \ya1
    eor  T1, \ya0
    add  \xa0, T0
    adc  \xa1, T1
    ROL1W \xa0, \xa1
    eor  K0, \yb1
    eor  K1, \yb0
    add  \xb0, K0
    adc  \xb1, K1
    ROL1W \xb0, \xb1
.endm

.Lc64p_pass:
    /* Fixed words from pre for both blocks; X3 = counter bytes 6, 7 (n and n + 1, masked);
     * the counter in ctx += 2. */
    ldd  A0, Z+C64X_PRE+0
    ldd  A1, Z+C64X_PRE+1
    movw E0, A0
    ldd  B0, Z+C64X_PRE+2
    ldd  B1, Z+C64X_PRE+3
    movw F0, B0
    ldd  C0, Z+C64X_PRE+4
    ldd  C1, Z+C64X_PRE+5
    ldd  G0, Z+C64X_PRE+4
    ldd  G1, Z+C64X_PRE+5
    ldd  D1, Z+C64X_COUNTER+7
    ldd  D0, Z+C64X_COUNTER+6
    movw H1, D1
    adiw H1, 2
    std  Z+C64X_COUNTER+7, H1
    std  Z+C64X_COUNTER+6, H0
    sbiw H1, 1
    ldi  CTR, 1
    eor  D0, CTR
    eor  H0, CTR
    ldi  CTR, 2
    /* Round 2 without the counter XOR (in pre), cached rk[2]. */
    movw T0, RK2L
    eor  T0, D0
    eor  T1, D1
    ROL1W T0, T1
    add  C0, T0
    adc  C1, T1
    movw T0, RK2L
    eor  T0, H0
    eor  T1, H1
    ROL1W T0, T1
    add  G0, T0
    adc  G1, T1
    /* Round 3 with K3 = ROL8(Y0) ^ rk[3] from pre (no state byte to XOR into the key). */
    ldd  K0, Z+C64X_K3
    ldd  K1, Z+C64X_K3+1
    eor  D0, CTR
    eor  H0, CTR
    subi CTR, -2
    add  D0, K0
    adc  D1, K1
    ROL1W D0, D1
    add  H0, K0
    adc  H1, K1
    ROL1W H0, H1
    /* Round 4 is in pre. Rounds 5 .. 7 (the sets named as after round 4). */
    E2_ODD     B0, B1, C1, C0, F0, F1, G1, G0, 10
    E2_EVEN_RK C1, C0, D0, D1, G1, G0, H0, H1, RK6L, RK6H
    E2_ODD     D0, D1, A0, A1, H0, H1, E0, E1, 14
.Lc64p_rounds:
    /* Rounds 16n + 8 .. 16n + 15. */
    E2_EVEN    A0, A1, B0, B1, E0, E1, F0, F1, 16
    E2_ODD     B0, B1, C0, C1, F0, F1, G0, G1, 18
    E2_EVEN    C0, C1, D0, D1, G0, G1, H0, H1, 20
    E2_ODD     D0, D1, A1, A0, H0, H1, E1, E0, 22
    E2_EVEN    A1, A0, B0, B1, E1, E0, F0, F1, 24
    E2_ODD     B0, B1, C1, C0, F0, F1, G1, G0, 26
    E2_EVEN    C1, C0, D0, D1, G1, G0, H0, H1, 28
    E2_ODD     D0, D1, A0, A1, H0, H1, E0, E1, 30
    /* Rounds 16n + 16 .. 16n + 23. */
    E2_EVEN_RK A0, A1, B0, B1, E0, E1, F0, F1, RK0L, RK0H
    E2_ODD     B0, B1, C0, C1, F0, F1, G0, G1, 2
    E2_EVEN_RK C0, C1, D0, D1, G0, G1, H0, H1, RK2L, RK2H
    E2_ODD     D0, D1, A1, A0, H0, H1, E1, E0, 6
    E2_EVEN_RK A1, A0, B0, B1, E1, E0, F0, F1, RK4L, RK4H
    E2_ODD     B0, B1, C1, C0, F0, F1, G1, G0, 10
    E2_EVEN_RK C1, C0, D0, D1, G1, G0, H0, H1, RK6L, RK6H
    E2_ODD     D0, D1, A0, A1, H0, H1, E0, E1, 14
    cpi  CTR, C64_ROUNDS
    breq .Lc64p_keystream   /* 88 = 16 * 5 + 8: rounds 80 .. 87 were the last */
    rjmp .Lc64p_rounds
.Lc64p_keystream:
    /* Unmask, out = in ^ keystream for both blocks: Z takes the in and out pointers in
     * turn (K keeps ctx, T the pointer). */
    ldi  CTR, 1
    eor  B0, CTR
    eor  D0, CTR
    eor  F0, CTR
    eor  H0, CTR
    movw K0, r30
    ldd  T0, Z+C64X_IN
    ldd  T1, Z+C64X_IN+1
    movw r30, T0
    .irp reg, A0, A1, B0, B1, C0, C1, D0, D1, E0, E1, F0, F1, G0, G1, H0, H1
    ld   T0, Z+
    eor  \reg, T0
    .endr
    movw T0, r30
    movw r30, K0
    std  Z+C64X_IN, T0
    std  Z+C64X_IN+1, T1
    ldd  T0, Z+C64X_OUT
    ldd  T1, Z+C64X_OUT+1
    movw r30, T0
    .irp reg, A0, A1, B0, B1, C0, C1, D0, D1, E0, E1, F0, F1, G0, G1, H0, H1
    st   Z+, \reg
    .endr
    movw T0, r30
    movw r30, K0
    std  Z+C64X_OUT, T0
    std  Z+C64X_OUT+1, T1
    ldd  CTR, Z+C64X_COUNT
    subi CTR, 2
    std  Z+C64X_COUNT, CTR
    cpi  CTR, 2
    brlo .Lc64p_last
    rjmp .Lc64p_pass
.Lc64p_last:
    rjmp .Lc64p_done
#undef A0
#undef A1
#undef B0
#undef B1
#undef C0
#undef C1
#undef D0
#undef D1
#undef E0
#undef E1
#undef F0
#undef F1
#undef G0
#undef G1
#undef H0
#undef H1
#undef T0
#undef T1
#undef K0
#undef K1
#undef CTR
#undef OUTL
#endif /* !LWC_CHAM64_CTR_1WAY */
.size lwc_cham64_128_ctr_blocks, . - lwc_cham64_128_ctr_blocks


#undef RK0L
#undef RK0H
#undef RK2L
#undef RK2H
#undef RK4L
#undef RK4H
#undef RK6L
#undef RK6H
#undef RK8L
#undef RK8H
#undef RK10L
#undef RK10H
#undef RK12L
#undef RK12H
#undef RK14L
#undef RK14H
#undef A0
#undef A1
#undef B0
#undef B1
#undef C0
#undef C1
#undef D0
#undef D1
#undef T0
#undef T1
#undef CTR
#undef OUTL

/* =====================================================================================
 * CHAM-128/128 and CHAM-128/256: 32-bit words, 8 or 16 round keys, 112 or 120 rounds.
 * ===================================================================================== */

/* ---- register map ------------------------------------------------------------------ */
#define RK0 r2   /* rk[0], cached for the whole call (callee-saved: pushed) */
#define RK1 r3
#define RK2 r4
#define RK3 r5
/* State: set S holds bytes S0 (least significant) .. S3 while the byte order is unchanged. */
#define A0 r6
#define A1 r7
#define A2 r8
#define A3 r9
#define B0 r10
#define B1 r11
#define B2 r12
#define B3 r13
#define C0 r14
#define C1 r15
#define C2 r16
#define C3 r17
#define D0 r22
#define D1 r23
#define D2 r24
#define D3 r25
#define T0 r18   /* t = ROL1(X1) ^ RK in the even rounds */
#define T1 r19
#define T2 r20
#define T3 r21
#define CTR r28  /* round counter c (callee-saved: pushed) */
/* Bytes 0..2 of rk[2], cached (byte 3 is read with LDD: no register left for it). */
#define RKB0 r26 /* XL: out is on the stack during the rounds */
#define RKB1 r27
#define RKB2 r29 /* callee-saved: pushed */
/* Z = ks (after the block is loaded). */

/* ---- round steps -----------------------------------------------------------------------
 * x0..x3: bytes of X0 (least significant first), whose registers receive the result;
 * y0..y3: bytes of X1; q: byte offset of the round key in ks. */

/* T = rk ^ y, rk = ROR1(RK) ^ 1, y = X1 ^ 1 (masked). key says where rk comes from:
 * ldd: ks at offset q (12 cycles); rk0: the cached rk[0] (6 cycles); rk2: rk[2], partly
 * cached, q = 8 (8 cycles). */
.macro T_RK_XOR_Y q, y0, y1, y2, y3, key=ldd
  .ifc \key, rk0
    movw T0, RK0
    movw T2, RK2
  .else
  .ifc \key, rk2
    movw T0, RKB0
    mov  T2, RKB2
    ldd  T3, Z+\q+3
  .else
    ldd  T0, Z+\q
    ldd  T1, Z+\q+1
    ldd  T2, Z+\q+2
    ldd  T3, Z+\q+3
  .endif
  .endif
    eor  T0, \y0
    eor  T1, \y1
    eor  T2, \y2
    eor  T3, \y3
.endm

/* T = ROL1(T): now ROL1(X1) ^ RK. 5 cycles. */
.macro ROL1_T
    lsl  T0
    rol  T1
    rol  T2
    rol  T3
    adc  T0, ZERO
.endm

/* x = (x ^ c) + T (c = i). 5 cycles. */
.macro E128_ADD_T x0, x1, x2, x3
    eor  \x0, CTR
    add  \x0, T0
    adc  \x1, T1
    adc  \x2, T2
    adc  \x3, T3
.endm

/* x = ROR8(Y) (the caller passes Y's bytes rotated) becomes X0 = (x - T) ^ c, c -= 2
 * (c = i); SUBI comes last: its N flag tells when c went below 0. 6 cycles. */
.macro D128_SUB_T x0, x1, x2, x3
    sub  \x0, T0
    sbc  \x1, T1
    sbc  \x2, T2
    sbc  \x3, T3
    eor  \x0, CTR
    subi CTR, 2
.endm

/* Even round: x = (x ^ i) + (ROL1(X1) ^ RK); the caller renames x afterwards (ROL8: the
 * register of byte 3 becomes byte 0). y = X1 ^ 1, an odd-round word. 22 cycles
 * (key=rk0, the cached rk[0]: 16; key=rk2: 18). */
.macro E128_EVEN x0, x1, x2, x3, y0, y1, y2, y3, q, key=ldd
    T_RK_XOR_Y \q, \y0, \y1, \y2, \y3, \key
    ROL1_T
    E128_ADD_T \x0, \x1, \x2, \x3
.endm

/* Odd round: x = ROL1((x ^ c) + (ROL8(X1) ^ rk)), c += 2. x = X0 ^ 1 (masked) and
 * c = i - 1, so x ^ c = X0 ^ i; rk = RK ^ 2^31 makes the sum, and so the result, come
 * out with the same masks: ROL1(s ^ 2^31) = ROL1(s) ^ 1. EOR leaves the carry of the
 * addition chain alone, so each key byte goes straight from LDD into the sum. 23 cycles. */
.macro E128_ODD x0, x1, x2, x3, y0, y1, y2, y3, q
    eor  \x0, CTR
    subi CTR, -2
    ldd  KT, Z+\q
    eor  KT, \y3
    add  \x0, KT
    ldd  KT, Z+\q+1
    eor  KT, \y0
    adc  \x1, KT
    ldd  KT, Z+\q+2
    eor  KT, \y1
    adc  \x2, KT
    ldd  KT, Z+\q+3
    eor  KT, \y2
    adc  \x3, KT
    lsl  \x0
    rol  \x1
    rol  \x2
    rol  \x3
    adc  \x0, ZERO
.endm

/* Inverse of E128_EVEN, with x = Y's bytes rotated (ROR8). 23 cycles (rk0: 17, rk2: 19). */
.macro D128_EVEN x0, x1, x2, x3, y0, y1, y2, y3, q, key=ldd
    T_RK_XOR_Y \q, \y0, \y1, \y2, \y3, \key
    ROL1_T
    D128_SUB_T \x0, \x1, \x2, \x3
.endm

/* Inverse of E128_ODD: x = Y ^ 1 becomes X0 ^ 1 = (ROR1(x) - (ROL8(X1) ^ rk)) ^ c
 * (c = i - 1). ROR1(x) = ROR1(Y) ^ 2^31 and rk = RK ^ 2^31: the masks cancel in the
 * difference. 23 cycles; clobbers the T flag. */
.macro D128_ODD x0, x1, x2, x3, y0, y1, y2, y3, q
    bst  \x0, 0
    lsr  \x3
    ror  \x2
    ror  \x1
    ror  \x0
    bld  \x3, 7            /* ROR1 */
    ldd  KT, Z+\q
    eor  KT, \y3
    sub  \x0, KT
    ldd  KT, Z+\q+1
    eor  KT, \y0
    sbc  \x1, KT
    ldd  KT, Z+\q+2
    eor  KT, \y1
    sbc  \x2, KT
    ldd  KT, Z+\q+3
    eor  KT, \y2
    sbc  \x3, KT
    eor  \x0, CTR
.endm

/* Caches rk[0] and bytes 0..2 of rk[2] (Z = ks). 14 cycles (8 + 6). */
.macro C128_LOAD_RK
    C128_LOAD_RK0
    C128_LOAD_RKB
.endm

.macro C128_LOAD_RK0
    ldd  RK0, Z+0
    ldd  RK1, Z+1
    ldd  RK2, Z+2
    ldd  RK3, Z+3
.endm

.macro C128_LOAD_RKB
    ldd  RKB0, Z+8
    ldd  RKB1, Z+9
    ldd  RKB2, Z+10
.endm

/* Entry shared by all four routines: saves the callee-saved registers and out (r23:r22),
 * loads the block from in (r21:r20) into A, B, C, D, with the words of A and C going to
 * the byte registers a0..a3 and c0..c3 (the byte order the first executed round expects),
 * masks B and D, Z = ks (r25:r24), caches rk[0] and rk[2] bytes 0..2. 92 cycles. */
.macro C128_ENTER a0, a1, a2, a3, c0, c1, c2, c3
    PUSH_CALLEE_SAVED
    push r22                /* out: needed only after the rounds */
    push r23
    movw T0, r24            /* ks, parked while D (r22-r25) is loaded */
    movw r30, r20
    ld   \a0, Z+
    ld   \a1, Z+
    ld   \a2, Z+
    ld   \a3, Z+
    ld   B0, Z+
    ld   B1, Z+
    ld   B2, Z+
    ld   B3, Z+
    ld   \c0, Z+
    ld   \c1, Z+
    ld   \c2, Z+
    ld   \c3, Z+
    ld   D0, Z+
    ld   D1, Z+
    ld   D2, Z+
    ld   D3, Z+
    movw r30, T0
    ldi  T0, 1
    eor  B0, T0             /* the odd-round words X1 and X3 are kept XORed with 1 */
    eor  D0, T0
    C128_LOAD_RK
.endm

/* C128_ENTER for the CBC-MAC step (lwc_cham128_K_cbc_step): the block at r23:r22 (chain,
 * also the output) XORed with the message at r21:r20 as it is loaded, each message byte
 * stored at r19:r18 (copy) once the chain byte at its offset is read (X = chain, Y = copy,
 * KT the temporary, ks parked in T2:T3: all are free until the round keys are loaded). */
.macro C128_ENTER_XOR_COPY a0, a1, a2, a3, c0, c1, c2, c3
    PUSH_CALLEE_SAVED
    push r22                /* out: needed only after the rounds */
    push r23
    movw r30, r20           /* Z = m */
    movw T2, r24            /* ks, parked while D (r22-r25) is loaded */
    movw r26, r22           /* X = chain */
    movw r28, r18           /* Y = copy */
    .irp reg, \a0, \a1, \a2, \a3, B0, B1, B2, B3, \c0, \c1, \c2, \c3, D0, D1, D2, D3
    ld   \reg, Z+
    ld   KT, X+
    st   Y+, \reg
    eor  \reg, KT
    .endr
    movw r30, T2
    ldi  T0, 1
    eor  B0, T0             /* the odd-round words X1 and X3 are kept XORed with 1 */
    eor  D0, T0
    C128_LOAD_RK
.endm

/* Unmasks B and D, stores A, B, C, D to out (popped into X), the words of A and C taken
 * from a0..a3 and c0..c3, clears the registers that held key-dependent temporaries,
 * restores the callee-saved registers and returns. 83 cycles with RET. */
.macro C128_LEAVE a0, a1, a2, a3, c0, c1, c2, c3
    pop  r27                /* X = out */
    pop  r26
    ldi  T0, 1
    eor  B0, T0             /* unmask X1 and X3 */
    eor  D0, T0
    STORE_BLOCK 0, T0, \a0, \a1, \a2, \a3, B0, B1, B2, B3, \c0, \c1, \c2, \c3, D0, D1, D2, D3
    clr  T1
    clr  T2
    clr  T3
    clr  KT
    POP_CALLEE_SAVED
    ret
.endm

/* ---- lwc_cham128_128_encrypt -----------------------------------------------------------
 * void lwc_cham128_128_encrypt(const lwc_cham128_128_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out == in allowed).
 * Clobbers: r0, r18-r27, r30, r31, T flag, flags (r1 stays 0). Stack: 22 bytes (18
 * registers, out, return address). Cycles and flash: docs/BENCHMARKS.md.
 */
.section .text.lwc_cham128_128_encrypt, "ax", @progbits
.global lwc_cham128_128_encrypt
.type lwc_cham128_128_encrypt, @function
lwc_cham128_128_encrypt:
    C128_ENTER A0, A1, A2, A3, C0, C1, C2, C3
    .global lwc_cham128_128_encrypt_loaded
lwc_cham128_128_encrypt_loaded:     /* lwc_cham128_128_cbc_step continues here */
    clt                     /* T = 0: out = the block */
    .global lwc_cham128_128_encrypt_rounds
lwc_cham128_128_encrypt_rounds:      /* called by lwc_cham128_128_ctr_secret with T = 1 */
    ldi  CTR, 0
.Lc128e_loop:
    /* Rounds 16n .. 16n+15: two key periods. Every even round rotates the byte names of
     * its set by one (ROL8); after 16 rounds A and C are back in order. */
    E128_EVEN A0, A1, A2, A3, B0, B1, B2, B3, 0, rk0
    E128_ODD  B0, B1, B2, B3, C0, C1, C2, C3, 4
    E128_EVEN C0, C1, C2, C3, D0, D1, D2, D3, 8, rk2
    E128_ODD  D0, D1, D2, D3, A3, A0, A1, A2, 12
    E128_EVEN A3, A0, A1, A2, B0, B1, B2, B3, 16
    E128_ODD  B0, B1, B2, B3, C3, C0, C1, C2, 20
    E128_EVEN C3, C0, C1, C2, D0, D1, D2, D3, 24
    E128_ODD  D0, D1, D2, D3, A2, A3, A0, A1, 28
    E128_EVEN A2, A3, A0, A1, B0, B1, B2, B3, 0, rk0
    E128_ODD  B0, B1, B2, B3, C2, C3, C0, C1, 4
    E128_EVEN C2, C3, C0, C1, D0, D1, D2, D3, 8, rk2
    E128_ODD  D0, D1, D2, D3, A1, A2, A3, A0, 12
    E128_EVEN A1, A2, A3, A0, B0, B1, B2, B3, 16
    E128_ODD  B0, B1, B2, B3, C1, C2, C3, C0, 20
    E128_EVEN C1, C2, C3, C0, D0, D1, D2, D3, 24
    E128_ODD  D0, D1, D2, D3, A0, A1, A2, A3, 28
    cpi  CTR, C128_128_ROUNDS
    breq .Lc128e_done       /* 112 = 16 * 7 */
    rjmp .Lc128e_loop
.Lc128e_done:
    brts .Lc128e_ctr
    C128_LEAVE A0, A1, A2, A3, C0, C1, C2, C3
.Lc128e_ctr:
    ret                     /* to lwc_cham128_128_ctr_secret: A, B, C, D = the block */
.size lwc_cham128_128_encrypt, . - lwc_cham128_128_encrypt

/* ---- lwc_cham128_128_decrypt -----------------------------------------------------------
 * void lwc_cham128_128_decrypt(const lwc_cham128_128_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out == in allowed).
 * Clobbers: r0, r18-r27, r30, r31, T flag, flags (r1 stays 0). Stack: 22 bytes.
 * Cycles and flash: docs/BENCHMARKS.md.
 */
.section .text.lwc_cham128_128_decrypt, "ax", @progbits
.global lwc_cham128_128_decrypt
.type lwc_cham128_128_decrypt, @function
lwc_cham128_128_decrypt:
    C128_ENTER A0, A1, A2, A3, C0, C1, C2, C3
    ldi  CTR, C128_128_ROUNDS - 2
.Lc128d_loop:
    /* Undo rounds 16n+15 .. 16n. */
    D128_ODD  D0, D1, D2, D3, A0, A1, A2, A3, 28
    D128_EVEN C1, C2, C3, C0, D0, D1, D2, D3, 24
    D128_ODD  B0, B1, B2, B3, C1, C2, C3, C0, 20
    D128_EVEN A1, A2, A3, A0, B0, B1, B2, B3, 16
    D128_ODD  D0, D1, D2, D3, A1, A2, A3, A0, 12
    D128_EVEN C2, C3, C0, C1, D0, D1, D2, D3, 8, rk2
    D128_ODD  B0, B1, B2, B3, C2, C3, C0, C1, 4
    D128_EVEN A2, A3, A0, A1, B0, B1, B2, B3, 0, rk0
    D128_ODD  D0, D1, D2, D3, A2, A3, A0, A1, 28
    D128_EVEN C3, C0, C1, C2, D0, D1, D2, D3, 24
    D128_ODD  B0, B1, B2, B3, C3, C0, C1, C2, 20
    D128_EVEN A3, A0, A1, A2, B0, B1, B2, B3, 16
    D128_ODD  D0, D1, D2, D3, A3, A0, A1, A2, 12
    D128_EVEN C0, C1, C2, C3, D0, D1, D2, D3, 8, rk2
    D128_ODD  B0, B1, B2, B3, C0, C1, C2, C3, 4
    D128_EVEN A0, A1, A2, A3, B0, B1, B2, B3, 0, rk0
    brmi .Lc128d_done       /* c went below 0: round 0 is undone */
    rjmp .Lc128d_loop
.Lc128d_done:
    C128_LEAVE A0, A1, A2, A3, C0, C1, C2, C3
.size lwc_cham128_128_decrypt, . - lwc_cham128_128_decrypt

/* ---- lwc_cham128_256_encrypt -----------------------------------------------------------
 * void lwc_cham128_256_encrypt(const lwc_cham128_256_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out == in allowed).
 * Clobbers: r0, r18-r27, r30, r31, T flag, flags (r1 stays 0). Stack: 22 bytes.
 * Cycles and flash: docs/BENCHMARKS.md.
 */
.section .text.lwc_cham128_256_encrypt, "ax", @progbits
.global lwc_cham128_256_encrypt
.type lwc_cham128_256_encrypt, @function
lwc_cham128_256_encrypt:
    C128_ENTER A0, A1, A2, A3, C0, C1, C2, C3
    .global lwc_cham128_256_encrypt_loaded
lwc_cham128_256_encrypt_loaded:     /* lwc_cham128_256_cbc_step continues here */
    clt                     /* T = 0: out = the block */
    .global lwc_cham128_256_encrypt_rounds
lwc_cham128_256_encrypt_rounds:      /* called by lwc_cham128_256_ctr_secret with T = 1 */
    ldi  CTR, 0
    rjmp .Lc256e_low        /* the loop is entered at its first half and left after it */
.Lc256e_loop:
    /* Rounds 16n+8 .. 16n+15. */
    E128_EVEN A2, A3, A0, A1, B0, B1, B2, B3, 32
    E128_ODD  B0, B1, B2, B3, C2, C3, C0, C1, 36
    E128_EVEN C2, C3, C0, C1, D0, D1, D2, D3, 40
    E128_ODD  D0, D1, D2, D3, A1, A2, A3, A0, 44
    E128_EVEN A1, A2, A3, A0, B0, B1, B2, B3, 48
    E128_ODD  B0, B1, B2, B3, C1, C2, C3, C0, 52
    E128_EVEN C1, C2, C3, C0, D0, D1, D2, D3, 56
    E128_ODD  D0, D1, D2, D3, A0, A1, A2, A3, 60
.Lc256e_low:
    /* Rounds 16n .. 16n+7. */
    E128_EVEN A0, A1, A2, A3, B0, B1, B2, B3, 0, rk0
    E128_ODD  B0, B1, B2, B3, C0, C1, C2, C3, 4
    E128_EVEN C0, C1, C2, C3, D0, D1, D2, D3, 8, rk2
    E128_ODD  D0, D1, D2, D3, A3, A0, A1, A2, 12
    E128_EVEN A3, A0, A1, A2, B0, B1, B2, B3, 16
    E128_ODD  B0, B1, B2, B3, C3, C0, C1, C2, 20
    E128_EVEN C3, C0, C1, C2, D0, D1, D2, D3, 24
    E128_ODD  D0, D1, D2, D3, A2, A3, A0, A1, 28
    cpi  CTR, C128_256_ROUNDS
    breq .Lc256e_done       /* 120 = 16 * 7 + 8: done after rounds 112 .. 119 */
    rjmp .Lc256e_loop
.Lc256e_done:
    brts .Lc256e_ctr
    C128_LEAVE A2, A3, A0, A1, C2, C3, C0, C1   /* A and C are rotated by two bytes here */
.Lc256e_ctr:
    ret                     /* to lwc_cham128_256_ctr_secret: A, B, C, D = the block */
.size lwc_cham128_256_encrypt, . - lwc_cham128_256_encrypt

/* ---- lwc_cham128_128_cbc_step, lwc_cham128_256_cbc_step --------------------------------
 * void lwc_cham128_K_cbc_step(const lwc_cham128_K_key *ks, uint8_t *chain, const uint8_t *m,
 *                             uint8_t *copy)
 * chain = E(chain ^ m), a step of CBC-MAC (src/modes/mac.c, lwc_cbc_step_fn), m stored at
 * copy as it is read (copy == chain: no copy, the result overwrites it):
 * C128_ENTER_XOR_COPY, then the rounds of lwc_cham128_K_encrypt. In: r25:r24 = ks,
 * r23:r22 = chain, r21:r20 = m, r19:r18 = copy; m overlaps neither chain nor copy. Same
 * clobbers as encrypt; cycles: encrypt's + 85.
 */
.section .text.lwc_cham128_128_cbc_step, "ax", @progbits
.global lwc_cham128_128_cbc_step
.type lwc_cham128_128_cbc_step, @function
lwc_cham128_128_cbc_step:
    C128_ENTER_XOR_COPY A0, A1, A2, A3, C0, C1, C2, C3
    LWC_JMP lwc_cham128_128_encrypt_loaded
.size lwc_cham128_128_cbc_step, . - lwc_cham128_128_cbc_step

.section .text.lwc_cham128_256_cbc_step, "ax", @progbits
.global lwc_cham128_256_cbc_step
.type lwc_cham128_256_cbc_step, @function
lwc_cham128_256_cbc_step:
    C128_ENTER_XOR_COPY A0, A1, A2, A3, C0, C1, C2, C3
    LWC_JMP lwc_cham128_256_encrypt_loaded
.size lwc_cham128_256_cbc_step, . - lwc_cham128_256_cbc_step

/* ---- lwc_cham128_128_ctr_secret, lwc_cham128_256_ctr_secret ------------------------------
 * void lwc_cham128_K_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out,
 *                               const uint8_t *in, size_t blocks)
 * out[i] = in[i] ^ E(counter + i) for i < blocks, counter += blocks (mod 2^128, big-
 * endian): EAX's CTR over a message's whole blocks (src/modes/eax.c, lwc_ctr_secret_fn),
 * whose counter is secret: no branch or index on it, every block the same cycles. Per
 * block: the counter loaded and counter + 1 stored back (COUNTER_INC, branch-free), the
 * rounds of lwc_cham128_K_encrypt called with T set (they return with the block in A, B,
 * C, D; the byte names of A and C as encrypt leaves them: a0..a3, c0..c3), in XORed in as
 * it is stored. rk[0] stays cached for the whole call; rk[2]'s bytes (in X and Y, which
 * carry the pointers between blocks) are reloaded per block. The callee-saved registers
 * are pushed once per call; out, in, counter and blocks wait on the stack during the
 * rounds, popped and pushed again per block.
 * In: r25:r24 = ks, r23:r22 = counter, r21:r20 = out, r19:r18 = in (out == in allowed;
 * counter overlaps neither), r17:r16 = blocks (>= 1). Clobbers: r0, r18-r27, r30, r31,
 * T flag, flags (r1 stays 0). Stack: 30 bytes (18 registers, blocks, counter, in, out,
 * two return addresses). The branches depend on blocks only.
 */
.macro C128_CTR_SECRET rounds, a0, a1, a2, a3, c0, c1, c2, c3
    PUSH_CALLEE_SAVED
    set                     /* encrypt's rounds return with the block */
    push r16                /* frame, top first: out, in, counter, blocks */
    push r17
    push r22
    push r23
    push r18
    push r19
    push r20
    push r21
    movw r30, r24
    C128_LOAD_RK0
    movw r26, r24           /* X = ks, parked while D (r22-r25) is loaded */
    movw r30, r22           /* Z = counter */
1:  /* Z = counter, X = ks: the block from the counter, counter + 1 stored back, B and D
     * masked, rk[2]'s bytes cached. */
    COUNTER_LOAD A0, A1, A2, A3, B0, B1, B2, B3, C0, C1, C2, C3, D0, D1, D2, D3
    ldi  CTR, 1
    COUNTER_INC T0, T1, CTR, 0, A0, A2, B0, B2, C0, C2, D0, D2
    eor  B0, CTR            /* the odd-round words X1 and X3 are kept XORed with 1 */
    eor  D0, CTR
    movw r30, r26           /* Z = ks */
    C128_LOAD_RKB
    LWC_CALL \rounds
    movw T2, r30            /* T2, T3 = ks */
    pop  r27                /* X = out */
    pop  r26
    pop  r31                /* Z = in */
    pop  r30
    ldi  T0, 1
    eor  B0, T0             /* unmask X1 and X3 */
    eor  D0, T0
    STORE_BLOCK 1, T0, \a0, \a1, \a2, \a3, B0, B1, B2, B3, \c0, \c1, \c2, \c3, D0, D1, D2, D3
    movw T0, r30            /* in + 16 */
    pop  r31                /* Z = counter */
    pop  r30
    pop  r29                /* Y = blocks - 1 */
    pop  r28
    sbiw r28, 1
    breq 2f
    push r28
    push r29
    push r30
    push r31
    push T0
    push T1
    push r26
    push r27
    movw r26, T2            /* X = ks */
    rjmp 1b
2:  clr  KT                 /* a key-dependent temporary */
    POP_CALLEE_SAVED
    ret
.endm

.section .text.lwc_cham128_128_ctr_secret, "ax", @progbits
.global lwc_cham128_128_ctr_secret
.type lwc_cham128_128_ctr_secret, @function
lwc_cham128_128_ctr_secret:
    C128_CTR_SECRET lwc_cham128_128_encrypt_rounds, A0, A1, A2, A3, C0, C1, C2, C3
.size lwc_cham128_128_ctr_secret, . - lwc_cham128_128_ctr_secret

.section .text.lwc_cham128_256_ctr_secret, "ax", @progbits
.global lwc_cham128_256_ctr_secret
.type lwc_cham128_256_ctr_secret, @function
lwc_cham128_256_ctr_secret:
    C128_CTR_SECRET lwc_cham128_256_encrypt_rounds, A2, A3, A0, A1, C2, C3, C0, C1
.size lwc_cham128_256_ctr_secret, . - lwc_cham128_256_ctr_secret

/* ---- lwc_cham128_256_decrypt -----------------------------------------------------------
 * void lwc_cham128_256_decrypt(const lwc_cham128_256_key *ks, uint8_t *out, const uint8_t *in)
 * In: r25:r24 = ks, r23:r22 = out, r21:r20 = in (out == in allowed).
 * Clobbers: r0, r18-r27, r30, r31, T flag, flags (r1 stays 0). Stack: 22 bytes.
 * Cycles and flash: docs/BENCHMARKS.md.
 */
.section .text.lwc_cham128_256_decrypt, "ax", @progbits
.global lwc_cham128_256_decrypt
.type lwc_cham128_256_decrypt, @function
lwc_cham128_256_decrypt:
    /* 120 = 16 * 7 + 8: the first pass undoes rounds 119 .. 112 only, starting where the
     * loop has A and C rotated by two bytes. */
    C128_ENTER A2, A3, A0, A1, C2, C3, C0, C1
    ldi  CTR, C128_256_ROUNDS - 2
    rjmp .Lc256d_low
.Lc256d_loop:
    /* Undo rounds 16n+15 .. 16n+8. */
    D128_ODD  D0, D1, D2, D3, A0, A1, A2, A3, 60
    D128_EVEN C1, C2, C3, C0, D0, D1, D2, D3, 56
    D128_ODD  B0, B1, B2, B3, C1, C2, C3, C0, 52
    D128_EVEN A1, A2, A3, A0, B0, B1, B2, B3, 48
    D128_ODD  D0, D1, D2, D3, A1, A2, A3, A0, 44
    D128_EVEN C2, C3, C0, C1, D0, D1, D2, D3, 40
    D128_ODD  B0, B1, B2, B3, C2, C3, C0, C1, 36
    D128_EVEN A2, A3, A0, A1, B0, B1, B2, B3, 32
.Lc256d_low:
    /* Undo rounds 16n+7 .. 16n. */
    D128_ODD  D0, D1, D2, D3, A2, A3, A0, A1, 28
    D128_EVEN C3, C0, C1, C2, D0, D1, D2, D3, 24
    D128_ODD  B0, B1, B2, B3, C3, C0, C1, C2, 20
    D128_EVEN A3, A0, A1, A2, B0, B1, B2, B3, 16
    D128_ODD  D0, D1, D2, D3, A3, A0, A1, A2, 12
    D128_EVEN C0, C1, C2, C3, D0, D1, D2, D3, 8, rk2
    D128_ODD  B0, B1, B2, B3, C0, C1, C2, C3, 4
    D128_EVEN A0, A1, A2, A3, B0, B1, B2, B3, 0, rk0
    brmi .Lc256d_done       /* c went below 0: round 0 is undone */
    rjmp .Lc256d_loop
.Lc256d_done:
    C128_LEAVE A0, A1, A2, A3, C0, C1, C2, C3
.size lwc_cham128_256_decrypt, . - lwc_cham128_256_decrypt

/* ---- CHAM-128 CTR -----------------------------------------------------------------------
 * Precomputation. CHAM-128 loads X3 = bytes 12..15 (little-endian word), and the big-
 * endian counter has its least significant byte at 15: the 32 low counter bits are
 * exactly X3, and X0, X1, X2 are fixed within a window of 2^32 blocks. As for CHAM-64
 * (same word structure), rounds 0, 1 and 4 read X0, X1, X2, Y0, Y1 only, round 2 XORs the
 * fixed X2 with 2 and round 3 adds the fixed ROL8(Y0) ^ RK3; ctx->pre holds, in register
 * form: Y4 (set A, byte names as round 4 leaves them), Y1 (B, masked), X2 ^ 2 (C),
 * K3 = ROL8(Y0) ^ rk[3], and a copy of bytes 2, 3 of rk[2], so that rounds 2 and 3 run
 * with Z on the fields. A block runs rounds 2 and 3 that way, then 5 .. N-1. When the
 * low 32 bits wrap to 0 (the full wrap ff..ff -> 00..00 included), cham.c carries into
 * bytes 0..11 and clears pre_valid: the routine rebuilds pre from the new counter first,
 * as after setiv.
 * The context fields after the key schedule are addressed from F = ctx + sizeof ks
 * (LDD reaches 63 bytes: the CHAM-128/256 schedule alone is 64); cham.c checks the
 * offsets. */
#define C128X_COUNTER 0  /* counter[16] */
#define C128X_VALID 16   /* pre_valid */
#define C128X_PRE 17     /* pre[18]: A0..A3 (Y4), B0..B3 (Y1 ^ 1), C0..C3 (X2 ^ 2), */
#define C128X_K3 29      /* K3 (4 bytes), */
#define C128X_RK2 33     /* bytes 2, 3 of rk[2] */
#define C128X_IN 35      /* io: in, out (little-endian pointers), block count */
#define C128X_OUT 37
#define C128X_COUNT 39

/* Z from ks to F = ks + n (n = bytes of the key schedule), and back. 2 cycles each. */
.macro Z_TO_FIELDS n
    subi r30, lo8(-\n)
    sbci r31, hi8(-\n)
.endm

.macro Z_TO_KS n
    subi r30, lo8(\n)
    sbci r31, hi8(\n)
.endm

/* Entry of both CTR routines (r25:r24 = counter = F, r23:r22 = out, r21:r20 = in, r18 = blocks,
 * n = bytes of the key schedule): saves the callee-saved registers, stores in, out and
 * blocks in ctx->io, caches rk[0] and rk[2] bytes 0..2, then, if pre_valid is 0,
 * rebuilds ctx->pre from counter words X0, X1, X2 (rounds 0, 1, 4 and K3) and sets
 * pre_valid.
 * Leaves Z = F. */
.macro C128_CTR_ENTER n
    PUSH_CALLEE_SAVED
    movw r30, r24
    Z_TO_KS \n
    C128_LOAD_RK            /* RKB2 for the rebuild's copy (reloaded from the copy per block) */
    Z_TO_FIELDS \n
    std  Z+C128X_IN, r20    /* pointers and count live in ctx: no register is left */
    std  Z+C128X_IN+1, r21
    std  Z+C128X_OUT, r22
    std  Z+C128X_OUT+1, r23
    std  Z+C128X_COUNT, r18
    ldd  T0, Z+C128X_VALID
    sbrc T0, 0
    rjmp 9f                 /* pre is valid */
    ldd  A0, Z+C128X_COUNTER+0
    ldd  A1, Z+C128X_COUNTER+1
    ldd  A2, Z+C128X_COUNTER+2
    ldd  A3, Z+C128X_COUNTER+3
    ldd  B0, Z+C128X_COUNTER+4
    ldd  B1, Z+C128X_COUNTER+5
    ldd  B2, Z+C128X_COUNTER+6
    ldd  B3, Z+C128X_COUNTER+7
    ldd  C0, Z+C128X_COUNTER+8
    ldd  C1, Z+C128X_COUNTER+9
    ldd  C2, Z+C128X_COUNTER+10
    ldd  C3, Z+C128X_COUNTER+11
    ldi  T0, 1
    eor  B0, T0             /* X1 masked, as in C128_ENTER */
    ldi  CTR, 0
    Z_TO_KS \n
    E128_EVEN A0, A1, A2, A3, B0, B1, B2, B3, 0, rk0
    E128_ODD  B0, B1, B2, B3, C0, C1, C2, C3, 4
    eor  C0, CTR            /* X2 ^ 2: the counter XOR of round 2 */
    /* K3 = ROL8(Y0) ^ rk[3], as E128_ODD D0, D1, D2, D3, A3, A0, A1, A2, 12 forms it. */
    ldd  T0, Z+12
    eor  T0, A2
    ldd  T1, Z+13
    eor  T1, A3
    ldd  T2, Z+14
    eor  T2, A0
    ldd  T3, Z+15
    eor  T3, A1
    ldd  KT, Z+11
    Z_TO_FIELDS \n
    std  Z+C128X_K3, T0
    std  Z+C128X_K3+1, T1
    std  Z+C128X_K3+2, T2
    std  Z+C128X_K3+3, T3
    std  Z+C128X_RK2+1, KT
    std  Z+C128X_RK2, RKB2
    Z_TO_KS \n
    ldi  CTR, 4
    E128_EVEN A3, A0, A1, A2, B0, B1, B2, B3, 16
    Z_TO_FIELDS \n
    std  Z+C128X_PRE+0, A0
    std  Z+C128X_PRE+1, A1
    std  Z+C128X_PRE+2, A2
    std  Z+C128X_PRE+3, A3
    std  Z+C128X_PRE+4, B0
    std  Z+C128X_PRE+5, B1
    std  Z+C128X_PRE+6, B2
    std  Z+C128X_PRE+7, B3
    std  Z+C128X_PRE+8, C0
    std  Z+C128X_PRE+9, C1
    std  Z+C128X_PRE+10, C2
    std  Z+C128X_PRE+11, C3
    ldi  T0, 1
    std  Z+C128X_VALID, T0
9:
.endm

/* Start of a block (Z = F): the fixed words from ctx->pre, X3 = counter bytes 12..15
 * (masked), counter's low 32 bits += 1 (ADD/ADC, branch-free), RKB2 (Y carried the
 * pointers; RKB0, RKB1 stay from C128_CTR_ENTER), rounds 2 and 3 (see above), c = 4,
 * Z = ks: ready for round 5. */
.macro C128_CTR_LOAD n
    ldd  A0, Z+C128X_PRE+0
    ldd  A1, Z+C128X_PRE+1
    ldd  A2, Z+C128X_PRE+2
    ldd  A3, Z+C128X_PRE+3
    ldd  B0, Z+C128X_PRE+4
    ldd  B1, Z+C128X_PRE+5
    ldd  B2, Z+C128X_PRE+6
    ldd  B3, Z+C128X_PRE+7
    ldd  C0, Z+C128X_PRE+8
    ldd  C1, Z+C128X_PRE+9
    ldd  C2, Z+C128X_PRE+10
    ldd  C3, Z+C128X_PRE+11
    ldd  D0, Z+C128X_COUNTER+12
    ldd  D1, Z+C128X_COUNTER+13
    ldd  D2, Z+C128X_COUNTER+14
    ldd  D3, Z+C128X_COUNTER+15
    movw T0, D0
    movw T2, D2
    ldi  CTR, 1
    add  T3, CTR            /* byte 15 is the least significant */
    adc  T2, ZERO
    adc  T1, ZERO
    adc  T0, ZERO
    std  Z+C128X_COUNTER+12, T0
    std  Z+C128X_COUNTER+13, T1
    std  Z+C128X_COUNTER+14, T2
    std  Z+C128X_COUNTER+15, T3
    eor  D0, CTR            /* X3 masked */
    ldi  CTR, 2
    /* Round 2: E128_EVEN C0, C1, C2, C3, D0, D1, D2, D3, 8, rk2 without the counter XOR
     * (in pre), rk[2] bytes 2, 3 from the copy. */
    ldd  RKB2, Z+C128X_RK2
    movw T0, RKB0
    mov  T2, RKB2
    ldd  T3, Z+C128X_RK2+1
    eor  T0, D0
    eor  T1, D1
    eor  T2, D2
    eor  T3, D3
    ROL1_T
    add  C0, T0
    adc  C1, T1
    adc  C2, T2
    adc  C3, T3
    /* Round 3: E128_ODD D0, D1, D2, D3, A3, A0, A1, A2, 12 with K3 from pre. */
    eor  D0, CTR
    subi CTR, -2
    ldd  KT, Z+C128X_K3
    add  D0, KT
    ldd  KT, Z+C128X_K3+1
    adc  D1, KT
    ldd  KT, Z+C128X_K3+2
    adc  D2, KT
    ldd  KT, Z+C128X_K3+3
    adc  D3, KT
    lsl  D0
    rol  D1
    rol  D2
    rol  D3
    adc  D0, ZERO
    Z_TO_KS \n
.endm

/* End of a block: Z = F, out = in ^ keystream (words a, B, c, D; B and D masked), in and
 * out advanced (through Y: CTR is free and RKB2 is reloaded by C128_CTR_LOAD); back to
 * label while blocks are left, else on to done. */
.macro C128_CTR_STORE n, label, done, a0, a1, a2, a3, c0, c1, c2, c3
    Z_TO_FIELDS \n
    ldi  T0, 1
    eor  B0, T0
    eor  D0, T0
    ldd  r28, Z+C128X_IN
    ldd  r29, Z+C128X_IN+1
    .irp reg, \a0, \a1, \a2, \a3, B0, B1, B2, B3, \c0, \c1, \c2, \c3, D0, D1, D2, D3
    ld   T0, Y+
    eor  \reg, T0
    .endr
    std  Z+C128X_IN, r28
    std  Z+C128X_IN+1, r29
    ldd  r28, Z+C128X_OUT
    ldd  r29, Z+C128X_OUT+1
    .irp reg, \a0, \a1, \a2, \a3, B0, B1, B2, B3, \c0, \c1, \c2, \c3, D0, D1, D2, D3
    st   Y+, \reg
    .endr
    std  Z+C128X_OUT, r28
    std  Z+C128X_OUT+1, r29
    ldd  T0, Z+C128X_COUNT
    dec  T0
    std  Z+C128X_COUNT, T0
    breq \done
    rjmp \label
.endm

/* Exit: clears the key-dependent temporaries and cached key bytes, restores the
 * callee-saved registers and returns. */
.macro C128_CTR_LEAVE
    clr  RKB0
    clr  RKB1
    clr  T1
    clr  T2
    clr  T3
    clr  KT
    POP_CALLEE_SAVED
    ret
.endm

/* Rounds of CHAM-128/128 CTR (byte names as in lwc_cham128_128_encrypt): 0 and 1, 2 .. 4,
 * 5 .. 15. */
.macro C128C_R0_1
    E128_EVEN A0, A1, A2, A3, B0, B1, B2, B3, 0, rk0
    E128_ODD  B0, B1, B2, B3, C0, C1, C2, C3, 4
.endm

.macro C128C_R2_4
    E128_EVEN C0, C1, C2, C3, D0, D1, D2, D3, 8, rk2
    E128_ODD  D0, D1, D2, D3, A3, A0, A1, A2, 12
    E128_EVEN A3, A0, A1, A2, B0, B1, B2, B3, 16
.endm

.macro C128C_R5_15
    E128_ODD  B0, B1, B2, B3, C3, C0, C1, C2, 20
    E128_EVEN C3, C0, C1, C2, D0, D1, D2, D3, 24
    E128_ODD  D0, D1, D2, D3, A2, A3, A0, A1, 28
    E128_EVEN A2, A3, A0, A1, B0, B1, B2, B3, 0, rk0
    E128_ODD  B0, B1, B2, B3, C2, C3, C0, C1, 4
    E128_EVEN C2, C3, C0, C1, D0, D1, D2, D3, 8, rk2
    E128_ODD  D0, D1, D2, D3, A1, A2, A3, A0, 12
    E128_EVEN A1, A2, A3, A0, B0, B1, B2, B3, 16
    E128_ODD  B0, B1, B2, B3, C1, C2, C3, C0, 20
    E128_EVEN C1, C2, C3, C0, D0, D1, D2, D3, 24
    E128_ODD  D0, D1, D2, D3, A0, A1, A2, A3, 28
.endm

/* ---- lwc_cham128_128_ctr_blocks, lwc_cham128_256_ctr_blocks -------------------------------
 * void lwc_cham128_K_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in,
 *                               uint8_t blocks)
 * The assembly side of the CTR contract (src/common/lwc_internal.h). counter: the counter
 * of an lwc_cham128_K_ctr, whose key schedule precedes it.
 * In: r25:r24 = counter, r23:r22 = out, r21:r20 = in (out == in allowed),
 * r18 = blocks (1..255; the caller keeps the 32-bit window from wrapping inside a call:
 * counter bytes 0..11 are not touched here). If ctx->pre_valid is 0, first rebuilds
 * ctx->pre and sets pre_valid. Then, per
 * block: out = in ^ E(counter), counter's low 32 bits += 1, in and out advance 16 bytes.
 * Clobbers: r0, r18-r27, r30, r31, flags (r1 stays 0). Stack: 20 bytes.
 * The branches depend on blocks, pre_valid and the round counter only (public). Cycles
 * and flash: docs/BENCHMARKS.md.
 */
.section .text.lwc_cham128_128_ctr_blocks, "ax", @progbits
.global lwc_cham128_128_ctr_blocks
.type lwc_cham128_128_ctr_blocks, @function
lwc_cham128_128_ctr_blocks:
    C128_CTR_ENTER 32
.Lc128c_block:
    C128_CTR_LOAD 32
    rjmp .Lc128c_round5
.Lc128c_loop:
    /* 32 rounds per pass, entered at round 5: the round counter is tested after rounds
     * 15, 47, 79 and 111 only. */
    C128C_R0_1
    C128C_R2_4
    C128C_R5_15
    C128C_R0_1
    C128C_R2_4
.Lc128c_round5:
    C128C_R5_15
    cpi  CTR, C128_128_ROUNDS
    breq .Lc128c_out
    rjmp .Lc128c_loop
.Lc128c_out:
    C128_CTR_STORE 32, .Lc128c_block, .Lc128c_done, A0, A1, A2, A3, C0, C1, C2, C3
.Lc128c_done:
    C128_CTR_LEAVE
.size lwc_cham128_128_ctr_blocks, . - lwc_cham128_128_ctr_blocks

/* Rounds of CHAM-128/256 CTR (byte names as in lwc_cham128_256_encrypt): 16n+8 .. 16n+15,
 * 16n and 16n+1, 16n+2 .. 16n+4, 16n+5 .. 16n+7. */
.macro C256C_R8_15
    E128_EVEN A2, A3, A0, A1, B0, B1, B2, B3, 32
    E128_ODD  B0, B1, B2, B3, C2, C3, C0, C1, 36
    E128_EVEN C2, C3, C0, C1, D0, D1, D2, D3, 40
    E128_ODD  D0, D1, D2, D3, A1, A2, A3, A0, 44
    E128_EVEN A1, A2, A3, A0, B0, B1, B2, B3, 48
    E128_ODD  B0, B1, B2, B3, C1, C2, C3, C0, 52
    E128_EVEN C1, C2, C3, C0, D0, D1, D2, D3, 56
    E128_ODD  D0, D1, D2, D3, A0, A1, A2, A3, 60
.endm

.macro C256C_R0_1
    E128_EVEN A0, A1, A2, A3, B0, B1, B2, B3, 0, rk0
    E128_ODD  B0, B1, B2, B3, C0, C1, C2, C3, 4
.endm

.macro C256C_R2_4
    E128_EVEN C0, C1, C2, C3, D0, D1, D2, D3, 8, rk2
    E128_ODD  D0, D1, D2, D3, A3, A0, A1, A2, 12
    E128_EVEN A3, A0, A1, A2, B0, B1, B2, B3, 16
.endm

.macro C256C_R5_7
    E128_ODD  B0, B1, B2, B3, C3, C0, C1, C2, 20
    E128_EVEN C3, C0, C1, C2, D0, D1, D2, D3, 24
    E128_ODD  D0, D1, D2, D3, A2, A3, A0, A1, 28
.endm

.section .text.lwc_cham128_256_ctr_blocks, "ax", @progbits
.global lwc_cham128_256_ctr_blocks
.type lwc_cham128_256_ctr_blocks, @function
lwc_cham128_256_ctr_blocks:
    C128_CTR_ENTER 64
.Lc256c_block:
    C128_CTR_LOAD 64
    rjmp .Lc256c_round5
.Lc256c_loop:
    /* 32 rounds per pass, entered at round 5: 120 = 5 + 3 + 16 + 3 * 32, the round
     * counter is tested after rounds 23, 55, 87 and 119 only. */
    C256C_R8_15
    C256C_R0_1
    C256C_R2_4
.Lc256c_round5:
    C256C_R5_7
    C256C_R8_15
    C256C_R0_1
    C256C_R2_4
    C256C_R5_7
    cpi  CTR, C128_256_ROUNDS
    breq .Lc256c_out
    rjmp .Lc256c_loop
.Lc256c_out:
    C128_CTR_STORE 64, .Lc256c_block, .Lc256c_done, A2, A3, A0, A1, C2, C3, C0, C1
.Lc256c_done:
    C128_CTR_LEAVE
.size lwc_cham128_256_ctr_blocks, . - lwc_cham128_256_ctr_blocks

#endif
