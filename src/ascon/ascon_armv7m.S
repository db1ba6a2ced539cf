/*
 * Ascon-p (SP 800-232, 3.2-3.4) and Ascon's whole-block loops for ARMv7-M and ARMv7E-M
 * (Cortex-M3, Cortex-M4; little-endian): the entry points of src/ascon/ascon_internal.h
 * on its LWC_IMPL_BI32 layout (s[i] = E | O << 32, the even and the odd bits of S_i), which
 * LWC_IMPL_ARMV7M keeps. Same results as ascon_bi32.c with ascon_aead.c and ascon_hash.c.
 *
 * Design
 *  - The ten halves live in r0-r9 for a whole call: through the rounds and, in the loops,
 *    from the first block to the last (the blocks touch S0 || S1 only). The rounds
 *    (ascon_p12, falling through into ascon_p8) are straight-line code with two
 *    scratch registers; the loops keep their pointers and count in a stack frame.
 *  - S-box (sbox_half, once for the even halves, once for the odd ones): chi between
 *    two affine layers, in place. Each chi term ~a & b is one instruction (BIC, AND,
 *    ORR or ORN) and one EOR; chi's in-place order reads x0 after its update in x4's
 *    term and x2 after its update in x1's term, which changes nothing (x0 changes only
 *    where x1 = 0, which zeroes x4's term; likewise x2 where x3 = 0). The S-box's final
 *    NOT of x2 is not executed: every register may hold its word's complement (a mask
 *    per word, tracked by the assembler), which the linear layer and the constant
 *    preserve, and each term is computed from complemented or plain inputs by the one
 *    instruction that fits (flipping its target where only the complement is one
 *    instruction). The per-round choices (round_group) bring the masks back to zero
 *    every four rounds, so rounds 4 and 12 start and end on plain words (checked at
 *    assembly time). 3 + 10 + 3 = 16 instructions a half: 32 a round.
 *  - Linear layer: x ^= ROR(x, a) ^ ROR(x, b) on 64-bit words is, on the halves, two
 *    32-bit rotations each (ascon_bi32.c); both terms of a half fold into one EOR with a
 *    rotated operand after a first EOR that pre-combines them:
 *    x ^ ROR(y, a) ^ ROR(z, b) = x ^ ROR(z ^ ROR(y, a - b), b). 4 instructions a word,
 *    20 a round; with the constant (2), 54 instructions a round.
 *  - Bytes to lanes: the 64-bit word's bit i goes to bit i/2 of E (i even) or O (i odd):
 *    the index bits rotate right by one, a 6-cycle of index bits, i.e. five transpositions
 *    of the word-select bit (5) with bits 4, 3, 2, 1, 0, each one swap-move between the two
 *    32-bit words (interleave, 20 instructions; deinterleave the same swaps backwards).
 * Register map: r0/r1 = E/O of S0, r2/r3 S1, r4/r5 S2, r6/r7 S3, r8/r9 S4 (s[] in memory
 * in the same order: one LDM, one STM); r10, r11 the rounds' scratch; r12 and lr free in
 * the rounds (lr: their return address), the loops' pointers and scratch.
 * Constant time: no table, no branch on data; the branches test the public round and
 * block counts.
 */
#include "../../include/lwc/config.h"
#if LWC_ASCON_IMPL == LWC_IMPL_ARMV7M

    .syntax unified
    .thumb

/* ---- the S-box ---------------------------------------------------------------------- */

/* u = ~a & b (flip 0) or its complement (flip 1), from registers holding a ^ ma, b ^ mb
 * (ma, mb: 0 or 1, complemented). One instruction; where only one of the two results is
 * one instruction, the other flip is an assembly error. */
.macro chi_term u, a, b, ma, mb, flip
    .if (\ma == 0) && (\mb == 0) && (\flip == 0)
        bic \u, \b, \a              @ b & ~a
    .elseif (\ma == 0) && (\mb == 0)
        orn \u, \a, \b              @ a | ~b
    .elseif (\ma == 1) && (\mb == 0) && (\flip == 0)
        and \u, \a, \b              @ ~a held: ~a & b
    .elseif (\ma == 0) && (\mb == 1) && (\flip == 1)
        orr \u, \a, \b              @ ~b held: a | ~b
    .elseif (\ma == 1) && (\mb == 1) && (\flip == 0)
        bic \u, \a, \b              @ ~a & ~(~b)
    .elseif (\ma == 1) && (\mb == 1)
        orn \u, \b, \a              @ ~b | ~(~a)
    .else
        .error "chi_term: no one-instruction form for this flip"
    .endif
.endm

/*
 * The S-box on one set of halves x0..x4, whose registers hold x_i ^ M_i (the masks M0-M4,
 * assembler symbols); f_t, f0, f2, f4, f1: the flips of chi's terms for x3 (computed first,
 * into r10, from the originals), x0, x2, x4, x1 (in that order, r11). Leaves the masks of
 * its outputs in N0-N4 (sbox_commit makes them current after both halves).
 * 16 instructions; clobbers r10, r11.
 */
.macro sbox_half x0, x1, x2, x3, x4, f_t, f0, f2, f4, f1
    eor \x0, \x0, \x4               @ the first affine layer
    eor \x4, \x4, \x3
    eor \x2, \x2, \x1
    .set N0, M0 ^ M4
    .set N1, M1
    .set N2, M2 ^ M1
    .set N3, M3
    .set N4, M4 ^ M3
    chi_term r10, \x4, \x0, N4, N0, \f_t    @ x3's term ~x4 & x0, before x0 and x4 change
    chi_term r11, \x1, \x2, N1, N2, \f0
    eor \x0, \x0, r11
    .set N0, N0 ^ \f0
    chi_term r11, \x3, \x4, N3, N4, \f2
    eor \x2, \x2, r11
    .set N2, N2 ^ \f2
    chi_term r11, \x0, \x1, N0, N1, \f4
    eor \x4, \x4, r11
    .set N4, N4 ^ \f4
    chi_term r11, \x2, \x3, N2, N3, \f1
    eor \x1, \x1, r11
    .set N1, N1 ^ \f1
    eor \x3, \x3, r10
    .set N3, N3 ^ \f_t
    eor \x1, \x1, \x0               @ the second affine layer
    .set N1, N1 ^ N0
    eor \x0, \x0, \x4
    .set N0, N0 ^ N4
    eor \x3, \x3, \x2
    .set N3, N3 ^ N2
    .set N2, N2 ^ 1                 @ x2 = ~x2: a mask, no instruction
.endm

.macro sbox_commit
    .set M0, N0
    .set M1, N1
    .set M2, N2
    .set M3, N3
    .set M4, N4
.endm

/* ---- the linear layer --------------------------------------------------------------- */

/* e ^= ROR(a1 ^ ROR(b1, r1), r3), o ^= ROR(a2 ^ ROR(b2, r2), r4): one word's linear layer
 * (the sources a1..b2 are e and o). 4 instructions; clobbers r10, r11. */
.macro linear e, o, a1, b1, r1, a2, b2, r2, r3, r4
    eor r10, \a1, \b1, ror #\r1
    eor r11, \a2, \b2, ror #\r2
    eor \e, \e, r10, ror #\r3
    eor \o, \o, r11, ror #\r4
.endm

/* ---- a round ------------------------------------------------------------------------ */

/* Bits 0, 2, 4, 6 (even) or 1, 3, 5, 7 (odd) of round i's constant (15 - i) << 4 | i. */
#define RC(i) ((15 - (i)) << 4 | (i))
#define RC_EVEN(i) ((RC(i) & 1) | (RC(i) >> 1 & 2) | (RC(i) >> 2 & 4) | (RC(i) >> 3 & 8))
#define RC_ODD(i) ((RC(i) >> 1 & 1) | (RC(i) >> 2 & 2) | (RC(i) >> 3 & 4) | (RC(i) >> 4 & 8))

/* Round i of Ascon-p with chi's flips (sbox_half's order). 54 instructions; clobbers
 * r10, r11. */
.macro round i, f_t, f0, f2, f4, f1
    eor r4, r4, #RC_EVEN(\i)
    eor r5, r5, #RC_ODD(\i)
    sbox_half r0, r2, r4, r6, r8, \f_t, \f0, \f2, \f4, \f1
    sbox_half r1, r3, r5, r7, r9, \f_t, \f0, \f2, \f4, \f1
    sbox_commit
    /* S0: rotations by 19, 28; S1: 61, 39; S2: 1, 6; S3: 10, 17; S4: 7, 41 (64-bit), as
     * 32-bit rotations of the halves (ascon_bi32.c), each pair folded (above). */
    linear r0, r1, r0, r1, 27, r1, r0, 28, 14, 14
    linear r2, r3, r3, r3, 11, r2, r2, 11, 19, 20
    linear r4, r5, r4, r5, 29, r5, r4, 30, 3, 3
    linear r6, r7, r6, r7, 3, r7, r6, 4, 5, 5
    linear r8, r9, r9, r9, 17, r8, r8, 17, 3, 4
.endm

/* Rounds i..i+3, from plain words back to plain words: the flips found by searching the
 * mask transitions for a 4-round cycle through zero masks (checked below). */
.macro round_group i
    .if (M0 | M1 | M2 | M3 | M4) != 0
        .error "round_group: the masks are not zero at the group's start"
    .endif
    round (\i), 0, 0, 0, 0, 0
    round (\i + 1), 0, 1, 0, 0, 0
    round (\i + 2), 0, 0, 0, 0, 0
    round (\i + 3), 1, 1, 1, 1, 0
    .if (M0 | M1 | M2 | M3 | M4) != 0
        .error "round_group: the masks are not zero at the group's end"
    .endif
.endm

/*
 * ascon_p12, ascon_p8 (internal): Ascon-p[12] (rounds 0-11), Ascon-p[8] (rounds 4-11).
 * In and out: the state in r0-r9 (register map above). Clobbers r10, r11; no stack.
 * Instructions, counted: 54 a round and BX: 649 (p12), 433 (p8).
 */
    .section .text.ascon_rounds, "ax", %progbits
    .type ascon_p12, %function
    .thumb_func
ascon_p12:
    .set M0, 0
    .set M1, 0
    .set M2, 0
    .set M3, 0
    .set M4, 0
    round_group 0
    .size ascon_p12, . - ascon_p12
    .type ascon_p8, %function
    .thumb_func
ascon_p8:
    round_group 4
    round_group 8
    bx lr
    .size ascon_p8, . - ascon_p8

/*
 * void lwc_ascon_permute(uint64_t s[5], uint8_t first_round)
 * Ascon-p[12] (first_round 0, LWC_ASCON_P12) or Ascon-p[8] (any other value: the modes
 * pass only LWC_ASCON_P8) on s.
 * In: r0 = s, r1 = first_round. Clobbers r0-r3, r12 (AAPCS); 40 bytes of stack, no
 * state word among them. Instructions, counted: the rounds and 9.
 */
    .section .text.lwc_ascon_permute, "ax", %progbits
    .global lwc_ascon_permute
    .type lwc_ascon_permute, %function
    .thumb_func
lwc_ascon_permute:
    push {r0, r4-r11, lr}
    cmp r1, #0                      @ LWC_ASCON_P12
    ldm r0, {r0-r9}
    bne 1f
    bl ascon_p12
    b 2f
1:  bl ascon_p8
2:  ldr r12, [sp]
    stm r12, {r0-r9}
    pop {r0, r4-r11, pc}
    .size lwc_ascon_permute, . - lwc_ascon_permute

/* ---- bytes and lanes ---------------------------------------------------------------- */

/* One transposition of index bits: the bits of hi at the positions in m <-> the bits of lo
 * s higher (t: scratch). 4 instructions. */
.macro swapmove lo, hi, s, m, t
    eor \t, \hi, \lo, lsr #\s
    and \t, \t, #\m
    eor \hi, \hi, \t
    eor \lo, \lo, \t, lsl #\s
.endm
/* The same for s = 16, m = 0x0000ffff (no immediate form: UXTH). 4 instructions. */
.macro swapmove16 lo, hi, t
    eor \t, \hi, \lo, lsr #16
    uxth \t, \t
    eor \hi, \hi, \t
    eor \lo, \lo, \t, lsl #16
.endm

/* The 64-bit word hi:lo (two little-endian loads) to its lane: E in lo, O in hi (index bit
 * 5 swapped with bits 4, 3, 2, 1, 0 in turn). 20 instructions; t: scratch. */
.macro interleave lo, hi, t
    swapmove16 \lo, \hi, \t
    swapmove \lo, \hi, 8, 0x00ff00ff, \t
    swapmove \lo, \hi, 4, 0x0f0f0f0f, \t
    swapmove \lo, \hi, 2, 0x33333333, \t
    swapmove \lo, \hi, 1, 0x55555555, \t
.endm
/* Its inverse: the lane E (in e), O (in o) to the word o:e. 20 instructions. */
.macro deinterleave e, o, t
    swapmove \e, \o, 1, 0x55555555, \t
    swapmove \e, \o, 2, 0x33333333, \t
    swapmove \e, \o, 4, 0x0f0f0f0f, \t
    swapmove \e, \o, 8, 0x00ff00ff, \t
    swapmove16 \e, \o, \t
.endm

/* ---- the mode loops ----------------------------------------------------------------- */

/*
 * The loops (ascon_internal.h): the state in r0-r9 from the first block to the last, the
 * C arguments in a frame: [sp] = s, FRAME_1/2/3 = the second, third and fourth argument
 * (the pointers advance there, the count goes down there). The input is read with
 * single-word loads (LDR takes any alignment on ARMv7-M, LDM and LDRD do not), each
 * word once, a whole block before any output of it (out == in allowed).
 */
#define FRAME_1 4
#define FRAME_2 8
#define FRAME_3 12

/* Entry: returns at once if count (r0-r7) is 0; else saves r0-r11 and lr (r12 for
 * 8-byte alignment; r0-r3 are the frame's arguments) and loads the state. */
.macro loop_entry count
    cbnz \count, 8f
    bx lr
8:  push {r0-r12, lr}
    ldm r0, {r0-r9}
.endm
/* The loop's end: the count at [sp, #off] down by one, back to 1b while blocks are left;
 * then the state stored, the registers restored. */
.macro loop_exit off
    ldr r12, [sp, #\off]
    subs r12, r12, #1
    str r12, [sp, #\off]
    bne 1b
    ldr r12, [sp]
    stm r12, {r0-r9}
    add sp, sp, #16
    pop {r4-r12, pc}
.endm

/* e ^= E, o ^= O of the 8 bytes at r12 (advanced by 8). 24 instructions; clobbers r10,
 * r11, lr. */
.macro absorb_word e, o
    ldr r10, [r12], #4
    ldr r11, [r12], #4
    interleave r10, r11, lr
    eor \e, \e, r10
    eor \o, \o, r11
.endm

/* The 8 bytes of the lane e, o to lr (advanced by 8), e and o kept. 24 instructions;
 * clobbers r10-r12. */
.macro squeeze_word e, o
    mov r10, \e
    mov r11, \o
    deinterleave r10, r11, r12
    str r10, [lr], #4
    str r11, [lr], #4
.endm

/*
 * void lwc_ascon_aead_absorb(uint64_t s[5], const uint8_t *in, size_t blocks)
 * Per 16-byte block: S0 || S1 ^= the block, Ascon-p[8].
 * In: r0 = s, r1 = in, r2 = blocks. Clobbers r0-r3, r12 (AAPCS); 56 bytes of stack, no
 * state word among them. Instructions, counted: per block p8 and 55; per call 10.
 */
    .section .text.lwc_ascon_aead_absorb, "ax", %progbits
    .global lwc_ascon_aead_absorb
    .type lwc_ascon_aead_absorb, %function
    .thumb_func
lwc_ascon_aead_absorb:
    loop_entry r2
1:  ldr r12, [sp, #FRAME_1]
    absorb_word r0, r1
    absorb_word r2, r3
    str r12, [sp, #FRAME_1]
    bl ascon_p8
    loop_exit FRAME_2
    .size lwc_ascon_aead_absorb, . - lwc_ascon_aead_absorb

/*
 * void lwc_ascon_aead_encrypt_blocks(uint64_t s[5], uint8_t *out, const uint8_t *in,
 *                                    size_t blocks)
 * Per 16-byte block: S0 || S1 ^= P, C = S0 || S1 to out (only written), Ascon-p[8].
 * In: r0 = s, r1 = out, r2 = in, r3 = blocks. Clobbers and stack as
 * lwc_ascon_aead_absorb. Instructions, counted: per block p8 and 105; per call 10.
 */
    .section .text.lwc_ascon_aead_encrypt_blocks, "ax", %progbits
    .global lwc_ascon_aead_encrypt_blocks
    .type lwc_ascon_aead_encrypt_blocks, %function
    .thumb_func
lwc_ascon_aead_encrypt_blocks:
    loop_entry r3
1:  ldr r12, [sp, #FRAME_2]
    absorb_word r0, r1
    absorb_word r2, r3
    str r12, [sp, #FRAME_2]
    ldr lr, [sp, #FRAME_1]
    squeeze_word r0, r1
    squeeze_word r2, r3
    str lr, [sp, #FRAME_1]
    bl ascon_p8
    loop_exit FRAME_3
    .size lwc_ascon_aead_encrypt_blocks, . - lwc_ascon_aead_encrypt_blocks

/* Decryption's half block: C (8 bytes at r12, advanced) read once; P = e, o ^ C's lane
 * to out (the pointer at [sp, #FRAME_1], advanced); e, o = C's lane. 51 instructions;
 * clobbers r10, r11, lr. */
.macro decrypt_word e, o
    ldr r10, [r12], #4
    ldr r11, [r12], #4
    interleave r10, r11, lr
    eor \e, \e, r10
    eor \o, \o, r11
    deinterleave \e, \o, lr
    ldr lr, [sp, #FRAME_1]
    str \e, [lr], #4
    str \o, [lr], #4
    str lr, [sp, #FRAME_1]
    mov \e, r10
    mov \o, r11
.endm

/*
 * void lwc_ascon_aead_decrypt_blocks(uint64_t s[5], uint8_t *out, const uint8_t *in,
 *                                    size_t blocks)
 * Per 16-byte block: C read once, P = S0 || S1 ^ C to out, S0 || S1 = C, Ascon-p[8]; a
 * half block at a time (out == in: the second half is read before it is written).
 * In: r0 = s, r1 = out, r2 = in, r3 = blocks. Clobbers and stack as
 * lwc_ascon_aead_absorb. Instructions, counted: per block p8 and 109; per call 10.
 */
    .section .text.lwc_ascon_aead_decrypt_blocks, "ax", %progbits
    .global lwc_ascon_aead_decrypt_blocks
    .type lwc_ascon_aead_decrypt_blocks, %function
    .thumb_func
lwc_ascon_aead_decrypt_blocks:
    loop_entry r3
1:  ldr r12, [sp, #FRAME_2]
    decrypt_word r0, r1
    decrypt_word r2, r3
    str r12, [sp, #FRAME_2]
    bl ascon_p8
    loop_exit FRAME_3
    .size lwc_ascon_aead_decrypt_blocks, . - lwc_ascon_aead_decrypt_blocks

/*
 * void lwc_ascon_hash_absorb(uint64_t s[5], const uint8_t *in, size_t blocks)
 * Per 8-byte block: S0 ^= the block, Ascon-p[12].
 * In: r0 = s, r1 = in, r2 = blocks. Clobbers and stack as lwc_ascon_aead_absorb.
 * Instructions, counted: per block p12 and 31; per call 10.
 */
    .section .text.lwc_ascon_hash_absorb, "ax", %progbits
    .global lwc_ascon_hash_absorb
    .type lwc_ascon_hash_absorb, %function
    .thumb_func
lwc_ascon_hash_absorb:
    loop_entry r2
1:  ldr r12, [sp, #FRAME_1]
    absorb_word r0, r1
    str r12, [sp, #FRAME_1]
    bl ascon_p12
    loop_exit FRAME_2
    .size lwc_ascon_hash_absorb, . - lwc_ascon_hash_absorb

#endif
