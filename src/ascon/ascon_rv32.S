/*
 * Ascon-p and Ascon-AEAD128 after its checks for 32-bit RISC-V (RV32I and up; ilp32 ABI):
 * LWC_ASCON_IMPL == LWC_IMPL_RV32 (lwc/config.h). The state is the LWC_IMPL_C layout of
 * ascon_internal.h: s[i] = S_i, a little-endian 64-bit word, here as two 32-bit halves
 * (lo = bits 0-31). ascon_aead.c keeps the checks, ascon_hash.c the hashes (on
 * lwc_ascon_permute).
 *
 * Design
 *  - No bit interleaving: RV32I has no rotate instruction, so a 64-bit rotation of two
 *    halves (per half: two shifts, two XORs into the result) costs what two 32-bit
 *    rotations of interleaved halves cost, and the data then needs no (un)zipping.
 *  - Linear layer: S ^ ROR(S, a) ^ ROR(S, b) = S ^ ROR(U, a) with U = S ^ ROR(S, b - a):
 *    16 instructions a word, S updated in place from U in two temporaries.
 *  - S-box with complemented words: RV32I has no AND-NOT, so ~a & b costs three
 *    instructions. Some words are kept complemented (X = ~x) so that each chi term
 *    ~x[i+1] & x[i+2] is one AND (x[i+1] complemented, x[i+2] not) or one OR whose
 *    complement goes into x[i] (x[i+1] plain, x[i+2] complemented): 4 of the 5 terms take
 *    two instructions, and the S-box's final NOT of x2 is only bookkeeping. Round A starts
 *    with x2, x4 complemented and ends with x0, x2, x4; round B starts there and ends with
 *    x1, x2, x4; one NOT of x1 closes the pair. 17 instructions per S-box of 32 bits
 *    (22 with plain words), 35 per round on average.
 *  - The 12 rounds unrolled in pairs (A, B), Ascon-p[8] entering at round 4; the
 *    constants are immediates. Between permutations S2 and S4 stay complemented (the
 *    block loops only touch S0, S1).
 *  - The AEAD keeps the state in registers from the initialization to the tag; its block
 *    loops read and write the buffers a word at a time when in and out are both
 *    word-aligned, a byte at a time otherwise (the branch is on the pointers, public); the
 *    last (partial) blocks and the tag pass through 16 bytes of stack.
 * Register map: S0 = a2 (lo), a3 (hi); S1 = a4, a5; S2 = a6, a7; S3 = t3, t4; S4 = t5, t6;
 * t0-t2 temporaries; ra the rounds' return address (the AEAD's other registers: at
 * lwc_ascon_aead_crypt).
 * Instruction counts (counted from the code, and the per-block figure measured: 945 per
 * encrypted block): a round 116 (a pair 232: S-boxes 68, the NOT of x1 2, constants 2,
 * linear layers 160); Ascon-p[12] 1392 + 1 (the return), Ascon-p[8] 928 + 1. Where the
 * floor is: the complement bookkeeping of the S-box cannot do better than 17.5 a half per
 * round (its five chi terms form an odd cycle: one term at least takes three instructions,
 * or a NOT), and each word's linear layer takes 8 shifts and 8 XORs (no rotate; we know
 * of no shorter form); so Ascon-AEAD128 over 1 KiB with 8 bytes of associated data, 544
 * rounds (12 + 8 + 64 * 8 + 12), runs 63104 instructions of rounds, 61.6 per byte, before
 * its loads and stores. Bit interleaving would save 3 a round (S2's rotation by 1 moves
 * one half without rotating it: 113 a round, 60.0 per byte) but zip every word it absorbs
 * and unzip every word it writes, a few dozen instructions each.
 * Constant time: no table, no branch on data (only on the public block count and the
 * pointers' alignment).
 */
#include "../../include/lwc/config.h"
#if LWC_ASCON_IMPL == LWC_IMPL_RV32

/* S-box round A on one set of halves x0..x4 (x2, x4 complemented in; x0, x2, x4 out).
 * 17 instructions; clobbers t0-t2. */
.macro sbox_a x0, x1, x2, x3, x4
    xor \x0, \x0, \x4       /* x0 ^= x4: X0 = ~x0 */
    xor \x4, \x4, \x3       /* x4 ^= x3: X4 = ~x4 */
    xor \x2, \x2, \x1       /* x2 ^= x1: X2 = ~x2 */
    or t0, \x4, \x0         /* t0 = ~x4 & x0 = X4 & ~X0 = (X4 | X0) ^ X0 */
    xor t0, t0, \x0
    and t1, \x0, \x1        /* t1 = ~x0 & x1 = X0 & X1 */
    or t2, \x1, \x2         /* x0 ^= ~x1 & x2 = ~(X1 | X2): X0 plain again */
    xor \x0, \x0, t2
    and t2, \x2, \x3        /* x1 ^= ~x2 & x3 = X2 & X3 */
    xor \x1, \x1, t2
    or t2, \x3, \x4         /* x2 ^= ~x3 & x4 = ~(X3 | X4): X2 plain */
    xor \x2, \x2, t2
    xor \x3, \x3, t0
    xor \x4, \x4, t1        /* X4 = ~x4 still */
    xor \x1, \x1, \x0       /* x1 ^= x0 */
    xor \x0, \x0, \x4       /* x0 ^= x4: X0 = ~x0 */
    xor \x3, \x3, \x2       /* x3 ^= x2; x2 = ~x2: X2 = ~x2 (no instruction) */
.endm

/* S-box round B on one set of halves (x0, x2, x4 complemented in; x1, x2, x4 out).
 * 17 instructions; clobbers t0-t2. */
.macro sbox_b x0, x1, x2, x3, x4
    xor \x0, \x0, \x4       /* x0 ^= x4: X0 = x0 */
    xor \x4, \x4, \x3       /* X4 = ~x4 */
    xor \x2, \x2, \x1       /* X2 = ~x2 */
    and t0, \x4, \x0        /* t0 = ~x4 & x0 = X4 & X0 */
    or t1, \x0, \x1         /* t1 = ~x0 & x1 = (X0 | X1) ^ X0 */
    xor t1, t1, \x0
    or t2, \x1, \x2         /* x0 ^= ~x1 & x2 = ~(X1 | X2): X0 = ~x0 */
    xor \x0, \x0, t2
    and t2, \x2, \x3        /* x1 ^= X2 & X3 */
    xor \x1, \x1, t2
    or t2, \x3, \x4         /* x2 ^= ~(X3 | X4): X2 = x2 */
    xor \x2, \x2, t2
    xor \x3, \x3, t0
    xor \x4, \x4, t1        /* X4 = ~x4 */
    xor \x1, \x1, \x0       /* X1 = ~x1 */
    xor \x0, \x0, \x4       /* X0 = x0 */
    xor \x3, \x3, \x2       /* X3 = x3; x2 = ~x2: X2 = ~x2 */
.endm

/* d ^= the half of ROR64(s, r) (0 < r < 32) whose low part comes from a, high part from b:
 * d ^= a >> r ^ b << (32 - r). 4 instructions; clobbers t2. */
.macro xor_shr d, a, b, r
    srli t2, \a, (\r)
    xor \d, \d, t2
    slli t2, \b, 32 - (\r)
    xor \d, \d, t2
.endm

/* (lo, hi) ^= ROR64((lo, hi), a) ^ ROR64((lo, hi), b) for 0 < a < b < 64, a, b not 32:
 * U = S ^ ROR64(S, b - a) in t0 (lo), t1 (hi), then S ^= ROR64(U, a). 16 instructions;
 * clobbers t0-t2. */
.macro sigma lo, hi, a, b
    .if \b - \a < 32
        srli t0, \lo, \b - \a
        slli t2, \hi, 32 - (\b - \a)
        xor t0, t0, t2
        srli t1, \hi, \b - \a
        slli t2, \lo, 32 - (\b - \a)
        xor t1, t1, t2
    .else                   /* a rotation by 32 + k: the halves swap */
        srli t0, \hi, \b - \a - 32
        slli t2, \lo, 64 - (\b - \a)
        xor t0, t0, t2
        srli t1, \lo, \b - \a - 32
        slli t2, \hi, 64 - (\b - \a)
        xor t1, t1, t2
    .endif
    xor t0, t0, \lo
    xor t1, t1, \hi
    .if \a < 32
        xor_shr \lo, t0, t1, \a
        xor_shr \hi, t1, t0, \a
    .else
        xor_shr \lo, t1, t0, \a - 32
        xor_shr \hi, t0, t1, \a - 32
    .endif
.endm

/* Σ0..Σ4 of the linear layer (SP 800-232, 3.4). 80 instructions. */
.macro linear
    sigma a2, a3, 19, 28
    sigma a4, a5, 39, 61
    sigma a6, a7, 1, 6
    sigma t3, t4, 10, 17
    sigma t5, t6, 7, 41
.endm

/* Rounds i (an A round) and i + 1 (a B round): the constant (15 - i) << 4 | i into S2's
 * low byte, the S-boxes, the linear layer; then x1's complement undone. 232 instructions. */
.macro round_pair i
    xori a6, a6, (15 - \i) << 4 | \i
    sbox_a a2, a4, a6, t3, t5
    sbox_a a3, a5, a7, t4, t6
    linear
    xori a6, a6, (14 - \i) << 4 | (\i + 1)
    sbox_b a2, a4, a6, t3, t5
    sbox_b a3, a5, a7, t4, t6
    linear
    not a4, a4
    not a5, a5
.endm

/* The state from (or to) s (a register not of the state), S2 and S4 complemented (the
 * rounds' entry state). 14 instructions each. */
.macro load_state s
    lw a2, 0(\s)
    lw a3, 4(\s)
    lw a4, 8(\s)
    lw a5, 12(\s)
    lw a6, 16(\s)
    lw a7, 20(\s)
    lw t3, 24(\s)
    lw t4, 28(\s)
    lw t5, 32(\s)
    lw t6, 36(\s)
    complement_s2_s4
.endm

.macro store_state s
    complement_s2_s4
    sw a2, 0(\s)
    sw a3, 4(\s)
    sw a4, 8(\s)
    sw a5, 12(\s)
    sw a6, 16(\s)
    sw a7, 20(\s)
    sw t3, 24(\s)
    sw t4, 28(\s)
    sw t5, 32(\s)
    sw t6, 36(\s)
.endm

.macro complement_s2_s4
    not a6, a6
    not a7, a7
    not t5, t5
    not t6, t6
.endm

/*
 * ascon_rounds12, ascon_rounds8: Ascon-p[12] (rounds 0-11) and Ascon-p[8] (rounds 4-11)
 * on the state in registers (the register map; S2, S4 complemented in and out).
 * Clobbers t0-t2. 1393 and 929 instructions with the return.
 */
    .section .text.ascon_rounds, "ax", @progbits
    .type ascon_rounds12, @function
ascon_rounds12:
    round_pair 0
    round_pair 2
ascon_rounds8:
    round_pair 4
    round_pair 6
    round_pair 8
    round_pair 10
    ret
    .size ascon_rounds12, . - ascon_rounds12

/*
 * void lwc_ascon_permute(uint64_t s[5], uint8_t first_round)
 * Rounds first_round..11 of Ascon-p on s: first_round 0 (Ascon-p[12]) or 4 (Ascon-p[8]),
 * the only two the modes use (ascon_internal.h). In: a0 = s, a1 = first_round.
 * Clobbers a1-a7, t0-t6; no stack. Instructions: Ascon-p[12] 1393 + 34, p[8] 929 + 33.
 */
    .section .text.lwc_ascon_permute, "ax", @progbits
    .global lwc_ascon_permute
    .type lwc_ascon_permute, @function
lwc_ascon_permute:
    load_state a0
    mv t0, a1
    mv a1, ra               /* the caller's return address, past the rounds' jal */
    bnez t0, 1f
    jal ascon_rounds12
    j 2f
1:  jal ascon_rounds8
2:  store_state a0
    jr a1
    .size lwc_ascon_permute, . - lwc_ascon_permute

/* lwc_ascon_aead_crypt reads lwc_aead_msg's fields at these offsets (a static assertion in
 * ascon_aead.c checks them): pointers and lengths alternate, one word each. */
#define MSG_NONCE 0
#define MSG_AD 8
#define MSG_AD_LEN 12
#define MSG_IN 16
#define MSG_LEN 20
#define MSG_OUT 24

/* lwc_ascon_aead_crypt's frame: BUF, 16 bytes (the last block's bytes and the tag's; wiped
 * before returning), then the saved ra and s0-s9. */
#define BUF 0
#define FRAME 64

/* w = the little-endian word at off(p): one load where the buffers are aligned (align 1),
 * else four bytes. */
.macro load_word align, w, off, p
    .if \align
        lw \w, \off(\p)
    .else
        lbu \w, \off(\p)
        lbu t2, \off + 1(\p)
        slli t2, t2, 8
        or \w, \w, t2
        lbu t2, \off + 2(\p)
        slli t2, t2, 16
        or \w, \w, t2
        lbu t2, \off + 3(\p)
        slli t2, t2, 24
        or \w, \w, t2
    .endif
.endm

/* off(p) = the word w, likewise. Clobbers t2 (bytewise). */
.macro store_word align, w, off, p
    .if \align
        sw \w, \off(\p)
    .else
        sb \w, \off(\p)
        srli t2, \w, 8
        sb t2, \off + 1(\p)
        srli t2, \w, 16
        sb t2, \off + 2(\p)
        srli t2, \w, 24
        sb t2, \off + 3(\p)
    .endif
.endm

/* The loops below: s1 = out (encryption, decryption), s2 = in, s3 = the end of in's whole
 * blocks (s2 < s3: at least one block). */

/* Associated data: per block S0 || S1 ^= in, Ascon-p[8]. */
.macro absorb_loop align
1:  load_word \align, t0, 0, s2
    xor a2, a2, t0
    load_word \align, t0, 4, s2
    xor a3, a3, t0
    load_word \align, t0, 8, s2
    xor a4, a4, t0
    load_word \align, t0, 12, s2
    xor a5, a5, t0
    addi s2, s2, 16
    jal ascon_rounds8
    bne s2, s3, 1b
.endm

/* One state word x ^= the word at off(in), then out's word = x. */
.macro encrypt_word align, x, off
    load_word \align, t0, \off, s2
    xor \x, \x, t0
    store_word \align, \x, \off, s1
.endm

/* One state word: P = x ^ C to out's word, x = C (C read once). */
.macro decrypt_word align, x, off
    load_word \align, t0, \off, s2
    xor t1, \x, t0
    store_word \align, t1, \off, s1
    mv \x, t0
.endm

/* The loop over blocks of `op` (encrypt_word or decrypt_word). */
.macro crypt_loop op, align
1:  \op \align, a2, 0
    \op \align, a3, 4
    \op \align, a4, 8
    \op \align, a5, 12
    addi s2, s2, 16
    addi s1, s1, 16
    jal ascon_rounds8
    bne s2, s3, 1b
.endm

/* The whole blocks of n = the length at MSG_len(s0) from s2 (s1: out, for the en/decryption
 * loops), by `loop` (absorb_loop or crypt_loop op): s3 = their end, s9 = n % 16 (the last
 * block's bytes); the loop aligned if s2 (and s1) are word-aligned, bytewise else. */
.macro whole_blocks len, loop, op=
    lw t0, \len(s0)
    andi s9, t0, 15
    sub t0, t0, s9
    add s3, s2, t0
    beq s2, s3, 3f
    .ifb \op
        andi t0, s2, 3
    .else
        or t0, s1, s2
        andi t0, t0, 3
    .endif
    bnez t0, 2f
    \loop \op 1
    j 3f
2:  \loop \op 0
3:
.endm

/* BUF = the last block's s9 bytes from s2, zeros after them (each byte read once). */
.macro last_block_in
    sw zero, BUF(sp)
    sw zero, BUF + 4(sp)
    sw zero, BUF + 8(sp)
    sw zero, BUF + 12(sp)
    addi a0, sp, BUF
    mv a1, s2
    mv t1, s9
    jal copy_bytes
.endm

/* The padding byte 01 at BUF + s9 (s9 < 16). */
.macro pad_buf
    add t0, sp, s9
    li t1, 1
    sb t1, BUF(t0)
.endm

/* S0 || S1 ^= BUF. */
.macro xor_buf
    lw t0, BUF(sp)
    xor a2, a2, t0
    lw t0, BUF + 4(sp)
    xor a3, a3, t0
    lw t0, BUF + 8(sp)
    xor a4, a4, t0
    lw t0, BUF + 12(sp)
    xor a5, a5, t0
.endm

/* BUF's word at off ^= the state word x (decryption: the last block's P from its C). */
.macro buf_xor_word x, off
    lw t0, BUF + \off(sp)
    xor t0, t0, \x
    sw t0, BUF + \off(sp)
.endm

/* (lo, hi) ^= the key's lane at off(s5). */
.macro add_key lo, hi, off
    lw t0, \off(s5)
    xor \lo, \lo, t0
    lw t0, \off + 4(s5)
    xor \hi, \hi, t0
.endm

/*
 * copy_bytes: t1 bytes from a1 to a0, in order, each read once (t1 may be 0). Clobbers t0,
 * t1, a0, a1. 3 + 5 per byte instructions with the return.
 */
    .section .text.lwc_ascon_aead_crypt, "ax", @progbits
    .type copy_bytes, @function
copy_bytes:
    add t1, a1, t1
    beq a1, t1, 2f
1:  lbu t0, 0(a1)
    sb t0, 0(a0)
    addi a1, a1, 1
    addi a0, a0, 1
    bne a1, t1, 1b
2:  ret
    .size copy_bytes, . - copy_bytes

/*
 * void lwc_ascon_aead_crypt(const lwc_ascon_aead128_key *k, const lwc_aead_msg *m,
 *                           uint8_t decrypt, uint8_t *tag, size_t tag_len)
 * Ascon-AEAD128 after the checks (ascon_aead.c): the initialization with m->nonce, the
 * associated data, m->len bytes from m->in to m->out (encryption, or decryption if decrypt
 * is not 0; out == in allowed, out only written, each input byte read once), the tag's
 * first tag_len (4..16) bytes to tag. The state stays in registers from the initialization
 * to the tag; the last blocks' bytes and the tag pass through BUF, which is wiped.
 * Registers besides the rounds': s0 = m, s1 = out, s2 = in (or ad), s3 = the end of its
 * whole blocks, s5 = k, s6 = decrypt, s7 = tag, s8 = tag_len, s9 = the last block's bytes.
 * Clobbers a0-a7, t0-t6; 64 bytes of stack. Instructions (measured, make bench, with the
 * C checks of lwc_ascon_aead128_encrypt): 5025 for 16 bytes with 8 bytes of associated
 * data and an 8-byte tag, 945 per further block (aligned buffers; decryption 949).
 */
    .global lwc_ascon_aead_crypt
    .type lwc_ascon_aead_crypt, @function
lwc_ascon_aead_crypt:
    addi sp, sp, -FRAME
    sw ra, 16(sp)
    sw s0, 20(sp)
    sw s1, 24(sp)
    sw s2, 28(sp)
    sw s3, 32(sp)
    sw s5, 36(sp)
    sw s6, 40(sp)
    sw s7, 44(sp)
    sw s8, 48(sp)
    sw s9, 52(sp)
    mv s0, a1
    mv s5, a0
    mv s6, a2
    mv s7, a3
    mv s8, a4
    lw a0, MSG_NONCE(s0)            /* S = IV || K || N */
    andi t0, a0, 3
    bnez t0, 10f
    load_word 1, t3, 0, a0
    load_word 1, t4, 4, a0
    load_word 1, t5, 8, a0
    load_word 1, t6, 12, a0
    j 11f
10: load_word 0, t3, 0, a0
    load_word 0, t4, 4, a0
    load_word 0, t5, 8, a0
    load_word 0, t6, 12, a0
11: li a2, 0x808c0001               /* LWC_ASCON_AEAD128_IV */
    li a3, 0x00001000
    lw a4, 0(s5)
    lw a5, 4(s5)
    lw a6, 8(s5)
    lw a7, 12(s5)
    complement_s2_s4
    jal ascon_rounds12
    add_key t3, t4, 0               /* S3 || S4 ^= K */
    add_key t5, t6, 8
    lw t0, MSG_AD_LEN(s0)           /* the associated data, if any */
    beqz t0, 12f
    lw s2, MSG_AD(s0)
    whole_blocks MSG_AD_LEN, absorb_loop
    last_block_in
    pad_buf
    xor_buf
    jal ascon_rounds8
12: li t0, 0x80000000               /* the domain separation: bit 63 of S4 */
    xor t6, t6, t0
    lw s2, MSG_IN(s0)               /* the message */
    lw s1, MSG_OUT(s0)
    bnez s6, 14f
    whole_blocks MSG_LEN, crypt_loop, encrypt_word
    last_block_in                   /* the last block: S0 || S1 ^= P || 01, C = its bytes */
    pad_buf
    xor_buf
    sw a2, BUF(sp)
    sw a3, BUF + 4(sp)
    sw a4, BUF + 8(sp)
    sw a5, BUF + 12(sp)
    j 15f
14: whole_blocks MSG_LEN, crypt_loop, decrypt_word
    last_block_in                   /* the last block: P = S0 || S1 ^ C to BUF, ... */
    buf_xor_word a2, 0
    buf_xor_word a3, 4
    buf_xor_word a4, 8
    buf_xor_word a5, 12
15: mv a0, s1                       /* the last block's bytes to out */
    addi a1, sp, BUF
    mv t1, s9
    jal copy_bytes
    beqz s6, 17f
    add a0, sp, s9                  /* decryption: S0 || S1 ^= P || 01 (BUF past P zeroed) */
    addi a1, sp, BUF + 16
16: sb zero, BUF(a0)
    addi a0, a0, 1
    bne a0, a1, 16b
    pad_buf
    xor_buf
17: add_key a6, a7, 0               /* the finalization: S2 || S3 ^= K */
    add_key t3, t4, 8
    jal ascon_rounds12
    add_key t3, t4, 0               /* the tag: S3 || S4 ^ K (S4 complemented in the rounds) */
    add_key t5, t6, 8
    not t5, t5
    not t6, t6
    sw t3, BUF(sp)
    sw t4, BUF + 4(sp)
    sw t5, BUF + 8(sp)
    sw t6, BUF + 12(sp)
    mv a0, s7
    addi a1, sp, BUF
    mv t1, s8
    jal copy_bytes
    sw zero, BUF(sp)
    sw zero, BUF + 4(sp)
    sw zero, BUF + 8(sp)
    sw zero, BUF + 12(sp)
    lw ra, 16(sp)
    lw s0, 20(sp)
    lw s1, 24(sp)
    lw s2, 28(sp)
    lw s3, 32(sp)
    lw s5, 36(sp)
    lw s6, 40(sp)
    lw s7, 44(sp)
    lw s8, 48(sp)
    lw s9, 52(sp)
    addi sp, sp, FRAME
    ret
    .size lwc_ascon_aead_crypt, . - lwc_ascon_aead_crypt

#endif
