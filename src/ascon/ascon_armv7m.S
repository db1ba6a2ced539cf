/*
 * Ascon for ARMv7-M and ARMv7E-M (Cortex-M3, Cortex-M4; little-endian): the permutation
 * Ascon-p (SP 800-232, 3.2-3.4), Ascon-AEAD128 from its initialization to its tag, and the
 * hashes' whole-block loop: the entry points of src/ascon/ascon_internal.h for its
 * LWC_IMPL_ARMV7M, whose state layout is LWC_IMPL_BI32's (s[i] = E | O << 32, the even and
 * the odd bits of S_i). Same results as ascon_bi32.c with ascon_aead.c and ascon_hash.c.
 *
 * Design
 *  - The ten halves live in r0-r9 for a whole call: through the rounds and, in
 *    Ascon-AEAD128, from the initialization to the tag (the blocks touch S0 || S1 only;
 *    no state word is ever stored). The rounds (ascon_p12, falling through into ascon_p8)
 *    are straight-line code with two scratch registers; the mode code keeps its pointers
 *    and counts in a stack frame.
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
 *    assembly time). 3 + 10 + 3 = 16 instructions a half, 32 a round: the reference
 *    circuit's 22 operations (11 XOR, 5 AND, 5 NOT and the final NOT) less the NOTs,
 *    which BIC and ORN absorb and the masks make free; every remaining one combines two
 *    different words, which a Thumb-2 instruction does at most once.
 *  - Linear layer: x ^= ROR(x, a) ^ ROR(x, b) on 64-bit words is, on the halves, two
 *    32-bit rotations each (ascon_bi32.c); both terms of a half fold into one EOR with a
 *    rotated operand after a first EOR that pre-combines them:
 *    x ^ ROR(y, a) ^ ROR(z, b) = x ^ ROR(z ^ ROR(y, a - b), b). 4 instructions a word,
 *    20 a round; with the constant (2), 54 instructions a round.
 *  - Bytes to lanes: the 64-bit word's bit i goes to bit i/2 of E (i even) or O (i odd):
 *    the index bits rotate right by one, a 6-cycle of index bits, i.e. five transpositions
 *    of the word-select bit (5) with bits 4, 3, 2, 1, 0, each one swap-move between the two
 *    32-bit words (interleave, 20 instructions; deinterleave the same swaps backwards).
 *    A whole AEAD block costs four: the input's lanes in, the output's bytes out.
 *  - The last, partial blocks pass through a 16-byte frame buffer (byte loops over the
 *    public length, each input byte read once); the tag's bytes go out the same way.
 * Register map: r0/r1 = E/O of S0, r2/r3 S1, r4/r5 S2, r6/r7 S3, r8/r9 S4 (s[] in memory
 * in the same order: one LDM, one STM); r10, r11 the rounds' scratch; r12 and lr free in
 * the rounds (lr: their return address), the mode code's pointers and scratch.
 * Constant time: no table, no branch on data; the branches test public values only (the
 * first round, lengths and counts, the tag's length, the direction).
 */
#include "../../include/lwc/config.h"
#if LWC_ASCON_IMPL == LWC_IMPL_ARMV7M

    .syntax unified
    .thumb

#include "../common/lwc_thumb2.h"

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

/* x ^= ~a & b (its mask nx flipped with flip): one chi term through r11. 2 instructions. */
.macro chi_xor x, nx, a, b, na, nb, flip
    chi_term r11, \a, \b, \na, \nb, \flip
    eor \x, \x, r11
    .set \nx, \nx ^ \flip
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
    chi_xor \x0, N0, \x1, \x2, N1, N2, \f0
    chi_xor \x2, N2, \x3, \x4, N3, N4, \f2
    chi_xor \x4, N4, \x0, \x1, N0, N1, \f4
    chi_xor \x1, N1, \x2, \x3, N2, N3, \f1
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
 * state word among them. Instructions, counted: the rounds and 9 (8 for Ascon-p[8]).
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

/* A transposition of index bits is one swap-move (lwc_thumb2.h) between the two words;
 * for s = 16, m = 0x0000ffff (no immediate form) the mask is a UXTH. 4 instructions. */
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
 * The loops keep the state in r0-r9 from the first block to the last, their pointers and
 * counts in a stack frame. The input is read with single-word loads (LDR takes any
 * alignment on ARMv7-M, LDM and LDRD do not), each word once, a whole block before any
 * output of it (out == in allowed).
 */

/* The count at [sp, #off] down by one; back to label while blocks are left. 4
 * instructions; clobbers r12. */
.macro count_down off, label
    ldr r12, [sp, #\off]
    subs r12, r12, #1
    str r12, [sp, #\off]
    bne \label
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

/* ---- Ascon-AEAD128 ------------------------------------------------------------------ */

/* lwc_aead_msg's fields (ascon_aead.c checks the offsets). */
#define MSG_NONCE 0
#define MSG_AD 8        /* and ad_len after it (one LDRD) */
#define MSG_IN 16       /* and len after it */
#define MSG_OUT 24

/* lwc_ascon_aead_crypt's frame, below the pushed r4-r11, lr (8-byte aligned in all). */
#define BUF 0           /* 16 bytes: the last block's bytes (wiped before returning) */
#define KEY 16          /* the key's lanes */
#define TAG 20          /* the full tag's 16 bytes */
#define MSG 24          /* the lwc_aead_msg */
#define DECRYPT 28
#define IN 32           /* input of the current phase, advanced a block at a time */
#define OUT 36          /* output, likewise */
#define COUNT 40        /* whole blocks left */
#define REST 44         /* the bytes of the last, partial block (0-15), after COUNT (STRD) */
#define LOCAL_BYTES 52
#define TAG_LEN (LOCAL_BYTES + 36) /* the fifth argument, above the pushed registers */

/* The IV's lane (SP 800-232, 4.1: 0x00001000808c0001), computed here: bit 2j of the word
 * to bit j of IV_E, bit 2j + 1 to bit j of IV_O. */
#define IV_LO 0x808c0001
#define IV_HI 0x00001000
    .set IV_E, 0
    .set IV_O, 0
    .set j, 0
    .rept 16
    .set IV_E, IV_E | ((IV_LO >> (2 * j)) & 1) << j | ((IV_HI >> (2 * j)) & 1) << (j + 16)
    .set IV_O, IV_O | ((IV_LO >> (2 * j + 1)) & 1) << j | ((IV_HI >> (2 * j + 1)) & 1) << (j + 16)
    .set j, j + 1
    .endr

/* Decryption's half block: C (8 bytes at r12, advanced) read once; P = e, o ^ C's lane
 * to out (the pointer at [sp, #OUT], advanced); e, o = C's lane. 50 instructions;
 * clobbers r10, r11, lr. */
.macro decrypt_word e, o
    absorb_word \e, \o
    deinterleave \e, \o, lr
    ldr lr, [sp, #OUT]
    str \e, [lr], #4
    str \o, [lr], #4
    str lr, [sp, #OUT]
    mov \e, r10
    mov \o, r11
.endm

/* S0 ^= the padding 01 at byte r11 (0-15) of the rate S0 || S1: bit 4 r11 of E0 || E1
 * (byte k's even bits are nibble k of the even half). A register shift by 32 or more
 * gives 0, so both halves take their shift without a branch. 7 instructions; clobbers
 * r10-r12. */
.macro pad
    lsl r11, r11, #2
    movs r12, #1
    lsl r10, r12, r11
    eor r0, r0, r10
    sub r11, r11, #32       @ negative below byte 8: its low byte is 224 or more
    lsl r10, r12, r11
    eor r2, r2, r10
.endm

/*
 * The message's last block (mode 1: encryption, 2: decryption): the [sp, #REST] bytes at
 * [sp, #IN] (0-15), then the padding. The rate S0 || S1 goes to BUF as bytes; each input
 * byte x is read once and XORed with the state's byte w there; x ^ w goes to [sp, #OUT]
 * and the state takes x ^ w (mode 1) or x (2); then BUF back to lanes. With no bytes,
 * the padding only. Instructions, counted: 5 (no bytes), else 96 and 8 a byte.
 */
.macro last_block mode
    ldr r11, [sp, #REST]
    cmp r11, #0
    bne 6f
    eor r0, r0, #1          @ no bytes: the padding 01 at byte 0 only
    b 9f
6:  deinterleave r0, r1, r10
    deinterleave r2, r3, r10
    strd r0, r1, [sp, #BUF]
    strd r2, r3, [sp, #(BUF + 8)]
    ldrd r1, r2, [sp, #IN]  @ in, out
    movs r0, #0
7:  ldrb r3, [r1, r0]
    ldrb r10, [sp, r0]
    eor r10, r10, r3
    .if \mode == 1
        strb r10, [r2, r0]
        strb r10, [sp, r0]
    .else
        strb r10, [r2, r0]
        strb r3, [sp, r0]
    .endif
    adds r0, r0, #1
    cmp r0, r11
    blo 7b
    ldrd r0, r1, [sp, #BUF]
    interleave r0, r1, r10
    ldrd r2, r3, [sp, #(BUF + 8)]
    interleave r2, r3, r10
    pad
9:
.endm

/* r11 bytes from r12 to r10 (pointers advanced, r11 zeroed): whole words while 4 or more
 * are left (LDR and STR take any alignment), then bytes; each source byte read once.
 * 5 instructions a word, 4 a byte, 4 besides; clobbers lr. */
.macro copy_bytes
5:  subs r11, r11, #4
    blo 6f
    ldr lr, [r12], #4
    str lr, [r10], #4
    b 5b
6:  adds r11, r11, #4
    beq 6f
5:  ldrb lr, [r12], #1
    strb lr, [r10], #1
    subs r11, r11, #1
    bne 5b
6:
.endm

/* The associated data's last block: the [sp, #REST] bytes at [sp, #IN] (0-15), zero-padded
 * in BUF, XORed into S0 || S1 as lanes (S1 only if there are more than 8), then the
 * padding. Instructions, counted: 5 (no bytes); 1-8 bytes 42 and copy_bytes, 9-15
 * bytes 66 and copy_bytes. */
.macro last_ad_block
    ldr r11, [sp, #REST]
    cmp r11, #0
    bne 7f
    eor r0, r0, #1          @ no bytes: the padding 01 at byte 0 only
    b 9f
7:  movs r10, #0
    movs r12, #0
    strd r10, r12, [sp, #BUF]
    strd r10, r12, [sp, #(BUF + 8)]
    mov r10, sp
    ldr r12, [sp, #IN]
    copy_bytes
    ldrd r10, r11, [sp, #BUF]
    interleave r10, r11, r12
    eor r0, r0, r10
    eor r1, r1, r11
    ldr r11, [sp, #REST]
    cmp r11, #8
    bls 8f
    ldrd r10, r11, [sp, #(BUF + 8)]
    interleave r10, r11, r12
    eor r2, r2, r10
    eor r3, r3, r11
    ldr r11, [sp, #REST]
8:  pad
9:
.endm

/* S3 || S4 ^= the key (at [sp, #KEY]) or, with 2, S2 || S3. 6 instructions; clobbers
 * r10-r12, lr. */
.macro add_key e_lo, o_lo, e_hi, o_hi
    ldr r12, [sp, #KEY]
    ldm r12, {r10-r12, lr}
    eor \e_lo, \e_lo, r10
    eor \o_lo, \o_lo, r11
    eor \e_hi, \e_hi, r12
    eor \o_hi, \o_hi, lr
.endm

/* [sp, #COUNT] = len / 16 and [sp, #REST] = len % 16 from r11 = len; Z set if no whole
 * block. 3 instructions; clobbers r11, r12. */
.macro split_blocks
    and r12, r11, #15
    lsrs r11, r11, #4
    strd r11, r12, [sp, #COUNT]
.endm

/*
 * void lwc_ascon_aead_crypt(const lwc_ascon_aead128_key *k, const lwc_aead_msg *m,
 *                           uint8_t decrypt, uint8_t *tag, size_t tag_len)
 * Ascon-AEAD128 after the checks (ascon_aead.c): the initialization with m->nonce, the
 * associated data, m->len bytes from m->in to m->out (encryption, or decryption if
 * decrypt), the finalization; the tag's first tag_len bytes (1-16) to tag. The state
 * stays in r0-r9 throughout; the whole blocks run as ascon_internal.h describes
 * lwc_ascon_aead_absorb, _encrypt_blocks and _decrypt_blocks, the last ones through BUF.
 * In: r0 = k, r1 = m, r2 = decrypt, r3 = tag, [sp] = tag_len. Clobbers r0-r3, r12 (AAPCS);
 * 88 bytes of stack (BUF wiped). Instructions, counted (and the total measured on the
 * emulated Cortex-M4, 2472 for 8 bytes of associated data, 16 of message, an 8-byte
 * tag): the initialization 59 and p12; the associated data 4 if none, else 9, per whole
 * block p8 and 55, the last block last_ad_block, p8 and 1; the message 12 (encryption
 * 13), per whole block p8 and 105 (decryption 107), the last block last_block; the
 * finalization p12 and 46 (66 for a tag over 8 bytes) and copy_bytes of the tag.
 */
    .section .text.lwc_ascon_aead_crypt, "ax", %progbits
    .global lwc_ascon_aead_crypt
    .type lwc_ascon_aead_crypt, %function
    .thumb_func
lwc_ascon_aead_crypt:
    push {r4-r11, lr}
    sub sp, sp, #LOCAL_BYTES
    strd r0, r3, [sp, #KEY]
    strd r1, r2, [sp, #MSG]
    ldr r12, [r1, #MSG_NONCE]       @ S = IV || K || N
    ldr r6, [r12]
    ldr r7, [r12, #4]
    ldr r8, [r12, #8]
    ldr r9, [r12, #12]
    interleave r6, r7, r10
    interleave r8, r9, r10
    ldm r0, {r2-r5}
    ldr r0, =IV_E
    ldr r1, =IV_O
    bl ascon_p12
    add_key r6, r7, r8, r9
    ldr r12, [sp, #MSG]             @ the associated data, if any
    ldrd r10, r11, [r12, #MSG_AD]
    cmp r11, #0
    beq 23f
    str r10, [sp, #IN]
    split_blocks
    beq 22f
21: ldr r12, [sp, #IN]
    absorb_word r0, r1
    absorb_word r2, r3
    str r12, [sp, #IN]
    bl ascon_p8
    count_down COUNT, 21b
22: last_ad_block
    bl ascon_p8
23: eor r9, r9, #0x80000000         @ domain separation: bit 63 of S4, bit 31 of its O
    ldr r12, [sp, #MSG]             @ the message: encryption from 24, decryption from 27
    ldrd r10, r11, [r12, #MSG_IN]
    ldr lr, [r12, #MSG_OUT]
    strd r10, lr, [sp, #IN]
    ldr r12, [sp, #DECRYPT]
    cmp r12, #0
    bne 27f
    split_blocks
    beq 26f
24: ldr r12, [sp, #IN]              @ C = S0 || S1 ^= P
    absorb_word r0, r1
    absorb_word r2, r3
    str r12, [sp, #IN]
    ldr lr, [sp, #OUT]
    squeeze_word r0, r1
    squeeze_word r2, r3
    str lr, [sp, #OUT]
    bl ascon_p8
    count_down COUNT, 24b
26: last_block 1                    @ (labels below 20: the macros')
    b 31f
27: split_blocks
    beq 29f
28: ldr r12, [sp, #IN]              @ P = S0 || S1 ^ C, S0 || S1 = C
    decrypt_word r0, r1
    decrypt_word r2, r3
    str r12, [sp, #IN]
    bl ascon_p8
    count_down COUNT, 28b
29: last_block 2
31: add_key r4, r5, r6, r7          @ the finalization
    bl ascon_p12
    add_key r6, r7, r8, r9          @ the tag: S3 || S4 ^ K, S4 only if more than 8 bytes
    deinterleave r6, r7, r10
    ldr r11, [sp, #TAG_LEN]
    cmp r11, #8
    bls 32f
    deinterleave r8, r9, r10
32: strd r6, r7, [sp, #BUF]
    strd r8, r9, [sp, #(BUF + 8)]
    ldr r10, [sp, #TAG]
    mov r12, sp
    copy_bytes
    movs r0, #0
    movs r1, #0
    strd r0, r1, [sp, #BUF]
    strd r0, r1, [sp, #(BUF + 8)]
    add sp, sp, #LOCAL_BYTES
    pop {r4-r11, pc}
    .ltorg
    .size lwc_ascon_aead_crypt, . - lwc_ascon_aead_crypt

/*
 * void lwc_ascon_hash_absorb(uint64_t s[5], const uint8_t *in, size_t blocks)
 * Per 8-byte block: S0 ^= the block, Ascon-p[12].
 * In: r0 = s, r1 = in, r2 = blocks. Clobbers r0-r3, r12 (AAPCS); 48 bytes of stack (s,
 * in and blocks at [sp], [sp, #4], [sp, #8]), no state word among them. Instructions,
 * counted: per block p12 and 31; per call 7 (2 for no block).
 */
    .section .text.lwc_ascon_hash_absorb, "ax", %progbits
    .global lwc_ascon_hash_absorb
    .type lwc_ascon_hash_absorb, %function
    .thumb_func
lwc_ascon_hash_absorb:
    cbnz r2, 1f
    bx lr
1:  push {r0-r2, r4-r11, lr}
    ldm r0, {r0-r9}
2:  ldr r12, [sp, #4]
    absorb_word r0, r1
    str r12, [sp, #4]
    bl ascon_p12
    count_down 8, 2b
    ldr r12, [sp]
    stm r12, {r0-r9}
    add sp, sp, #12
    pop {r4-r11, pc}
    .size lwc_ascon_hash_absorb, . - lwc_ascon_hash_absorb

#endif
