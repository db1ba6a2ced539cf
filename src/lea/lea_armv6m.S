/*
 * LEA-128/128, LEA-128/192, LEA-128/256 for ARMv6-M (Cortex-M0, M0+): block encryption and
 * decryption on aligned words, the CTR whole-block function of lwc_ctr_xcrypt_words and
 * the modes' hooks (CBC-MAC's step, EAX's CTR with a secret counter; all in
 * src/common/lwc_internal.h); lea.c does the rest (key schedule, misaligned blocks, CTR's
 * partial blocks and the counter's carry). The folded key schedule of lea.c: per round the
 * words (RK0, RK1, RK1^RK2, RK1^RK4) for LEA-128, whose round keys have RK1 = RK3 = RK5,
 * and (RK0, RK1, RK1^RK2, RK3, RK3^RK4, RK5) for LEA-192/256.
 *
 * Encryption round, on 32-bit little-endian words:
 *   X0' = ROL9((X0 ^ RK0) + (X1 ^ RK1))
 *   X1' = ROR5((X1 ^ RK2) + (X2 ^ RK3))
 *   X2' = ROR3((X2 ^ RK4) + (X3 ^ RK5))
 *   X3' = X0
 *
 * Design
 *  - Thumb-1 has eight low registers for its ALU: the state takes four (r0-r3), the
 *    round-key pointer one (r4), a key word in transit one (r5), and two hold rotation
 *    counts (RORS takes its count from a register; the third count is loaded into r5 when
 *    it is free). Words are never moved: a round macro writes X0', X1', X2' over X1, X2, X3
 *    and leaves X0 as X3', so four rounds with the names rotated bring them back.
 *  - Folded keys: X1 is XORed in place with RK1, added, and the key word t = RK1^RK2 is
 *    XORed with it (t ^= X1 ^ RK1 = X1 ^ RK2) instead of a copy of X1; likewise X2 with
 *    RK3 and RK3^RK4. The key word register takes every XOR whose other side must
 *    survive, so no state word is copied. LEA-128 loads RK1 once per round for its three
 *    uses.
 *  - One loop over four rounds for every key size (24 = 4 * 6, 28 = 4 * 7, 32 = 4 * 8
 *    rounds): fully unrolled code would take 0.75 instructions per round less, about 4 %
 *    of CTR, for 0.7 to 1.6 KB more flash. The loop ends where the round-key pointer
 *    reaches its end, held in lr.
 *  - CTR: one block per pass (no low register is left for a second one); the counter's
 *    first three words are loaded with the block, its last four bytes (big-endian) are
 *    advanced in memory, with no carry out of them (lwc_ctr_xcrypt_words's contract).
 *    Pointers and the block count wait in r8-r12 during the rounds.
 *  - EAX's CTR (ctr_secret): the same, the counter on the stack as big-endian words so
 *    that its increment carries through all 16 bytes with ADDS/ADCS, no branch.
 * Constant time: no table; the only branches are on the public round and block counts and
 * on the hooks' pointers' alignment.
 * Instruction counts below are counted from the code (the measured figures are in
 * docs/BENCHMARKS.md, section 32-bit MCUs).
 */
#include "../common/lwc_armv6m.h"
#if LWC_LEA_IMPL == LWC_IMPL_ARMV6M

/* Bytes of round keys and the counter's offset in a CTR context (lea.c checks them). */
#define LEA128_KS_BYTES (24 * 16)
#define LEA192_KS_BYTES (28 * 24)
#define LEA256_KS_BYTES (32 * 24)

/* ---- encryption ----------------------------------------------------------------------
 * One round on (a, b, c, d) = (X0, X1, X2, X3) with its round key at [r4, #off]; leaves
 * (X0', X1', X2', X3') in (b, c, d, a). r6 = 5, r7 = 23 (ROL9 = ROR23); clobbers r5.
 * 17 instructions (LEA-128) or 19 (LEA-192/256). */
.macro enc_round_128 a, b, c, d, off
    ldr r5, [r4, #\off + 4]     @ RK1 = RK3 = RK5
    eors \d, r5                 @ X3 ^ RK5
    eors \c, r5                 @ X2 ^ RK3
    eors \b, r5                 @ X1 ^ RK1
    ldr r5, [r4, #\off + 12]    @ RK1 ^ RK4
    eors r5, \c                 @ X2 ^ RK4
    adds \d, r5
    movs r5, #3
    rors \d, r5                 @ X2' = ROR3((X2 ^ RK4) + (X3 ^ RK5))
    ldr r5, [r4, #\off + 8]     @ RK1 ^ RK2
    eors r5, \b                 @ X1 ^ RK2
    adds \c, r5
    rors \c, r6                 @ X1' = ROR5((X1 ^ RK2) + (X2 ^ RK3))
    ldr r5, [r4, #\off]         @ RK0
    eors r5, \a                 @ X0 ^ RK0
    adds \b, r5
    rors \b, r7                 @ X0' = ROL9((X0 ^ RK0) + (X1 ^ RK1))
.endm

.macro enc_round_192 a, b, c, d, off
    ldr r5, [r4, #\off + 20]    @ RK5
    eors \d, r5
    ldr r5, [r4, #\off + 12]    @ RK3
    eors \c, r5
    ldr r5, [r4, #\off + 16]    @ RK3 ^ RK4
    eors r5, \c                 @ X2 ^ RK4
    adds \d, r5
    movs r5, #3
    rors \d, r5                 @ X2'
    ldr r5, [r4, #\off + 4]     @ RK1
    eors \b, r5
    ldr r5, [r4, #\off + 8]     @ RK1 ^ RK2
    eors r5, \b                 @ X1 ^ RK2
    adds \c, r5
    rors \c, r6                 @ X1'
    ldr r5, [r4, #\off]         @ RK0
    eors r5, \a
    adds \b, r5
    rors \b, r7                 @ X0'
.endm

/* Four rounds from r4 (stride: round-key bytes per round); the names come back. */
.macro enc_4 round, stride
    \round r0, r1, r2, r3, 0
    \round r1, r2, r3, r0, \stride
    \round r2, r3, r0, r1, 2 * \stride
    \round r3, r0, r1, r2, 3 * \stride
.endm

/*
 * lea128_enc_rounds, lea192_enc_rounds, lea256_enc_rounds: the 24, 28 or 32 rounds.
 * In: r0-r3 = X0..X3, r4 = round keys. Out: r0-r3 = the ciphertext words, r4 = the round
 * keys' end. Clobbers r5-r7, lr (returns through the stack). LEA-128: 7 + 6 * 71 + 1 =
 * 434 instructions; LEA-192: 9 + 7 * 79 + 1 = 563; LEA-256: 642.
 */
    routine lea128_enc_rounds
    push {lr}
    movs r5, #LEA128_KS_BYTES / 4
    lsls r5, r5, #2
    adds r5, r4
    mov lr, r5                  @ the end of the round keys
    movs r6, #5
    movs r7, #23
1:  enc_4 enc_round_128, 16
    adds r4, #4 * 16
    cmp r4, lr
    bne 1b
    pop {pc}
    .size lea128_enc_rounds, . - lea128_enc_rounds

    routine lea256_enc_rounds
    push {lr}
    movs r5, #LEA256_KS_BYTES / 4
    b 2f
    .size lea256_enc_rounds, . - lea256_enc_rounds
    .type lea192_enc_rounds, %function
    .thumb_func
lea192_enc_rounds:
    push {lr}
    movs r5, #LEA192_KS_BYTES / 4
2:  lsls r5, r5, #2
    adds r5, r4
    mov lr, r5
    movs r6, #5
    movs r7, #23
1:  enc_4 enc_round_192, 24
    adds r4, #4 * 24
    cmp r4, lr
    bne 1b
    pop {pc}
    .size lea192_enc_rounds, . - lea192_enc_rounds

/* ---- decryption ----------------------------------------------------------------------
 * The inverse of enc_round: from (b, c, d, a) holding (X0', X1', X2', X3') back to
 * (a, b, c, d) = (X0, X1, X2, X3), the round key at [r4, #off]:
 *   X1 ^ RK1 = ROR9(X0') - (X3' ^ RK0), X2 ^ RK3 = ROL5(X1') - (X1 ^ RK2),
 *   X3 ^ RK5 = ROL3(X2') - (X2 ^ RK4).
 * r6 = 9, r7 = 27 (ROL5 = ROR27; ROL3 = ROR29 through r5); clobbers r5. 17 or 19
 * instructions. */
.macro dec_round_128 a, b, c, d, off
    ldr r5, [r4, #\off]         @ RK0
    eors r5, \a                 @ X0 ^ RK0
    rors \b, r6
    subs \b, r5                 @ X1 ^ RK1
    ldr r5, [r4, #\off + 8]     @ RK1 ^ RK2
    eors r5, \b                 @ X1 ^ RK2
    rors \c, r7
    subs \c, r5                 @ X2 ^ RK3
    movs r5, #29
    rors \d, r5
    ldr r5, [r4, #\off + 12]    @ RK1 ^ RK4
    eors r5, \c                 @ X2 ^ RK4
    subs \d, r5                 @ X3 ^ RK5
    ldr r5, [r4, #\off + 4]     @ RK1 = RK3 = RK5
    eors \d, r5
    eors \c, r5
    eors \b, r5
.endm

.macro dec_round_192 a, b, c, d, off
    ldr r5, [r4, #\off]         @ RK0
    eors r5, \a
    rors \b, r6
    subs \b, r5                 @ X1 ^ RK1
    ldr r5, [r4, #\off + 8]     @ RK1 ^ RK2
    eors r5, \b
    rors \c, r7
    subs \c, r5                 @ X2 ^ RK3
    movs r5, #29
    rors \d, r5
    ldr r5, [r4, #\off + 16]    @ RK3 ^ RK4
    eors r5, \c
    subs \d, r5                 @ X3 ^ RK5
    ldr r5, [r4, #\off + 20]    @ RK5
    eors \d, r5
    ldr r5, [r4, #\off + 12]    @ RK3
    eors \c, r5
    ldr r5, [r4, #\off + 4]     @ RK1
    eors \b, r5
.endm

/* The inverse of enc_4 on the four rounds at r4. */
.macro dec_4 round, stride
    \round r3, r0, r1, r2, 3 * \stride
    \round r2, r3, r0, r1, 2 * \stride
    \round r1, r2, r3, r0, \stride
    \round r0, r1, r2, r3, 0
.endm

/*
 * lea128_dec_rounds, lea192_dec_rounds, lea256_dec_rounds: the rounds backwards.
 * In: r0-r3 = ciphertext words, r4 = round keys. Out: r0-r3 = plaintext words. Clobbers
 * r4-r7, lr (returns through the stack). LEA-128: 8 + 6 * 71 + 1 = 435 instructions;
 * LEA-192: 564; LEA-256: 643.
 */
.macro dec_rounds round, stride
    mov lr, r4                  @ where the loop ends
    lsls r5, r5, #2
    adds r4, r5                 @ the end of the round keys
    movs r6, #9
    movs r7, #27
1:  subs r4, #4 * \stride
    dec_4 \round, \stride
    cmp r4, lr
    bne 1b
    pop {pc}
.endm

    routine lea128_dec_rounds
    push {lr}
    movs r5, #LEA128_KS_BYTES / 4
    dec_rounds dec_round_128, 16
    .size lea128_dec_rounds, . - lea128_dec_rounds

    routine lea256_dec_rounds
    push {lr}
    movs r5, #LEA256_KS_BYTES / 4
    b 2f
    .size lea256_dec_rounds, . - lea256_dec_rounds
    .type lea192_dec_rounds, %function
    .thumb_func
lea192_dec_rounds:
    push {lr}
    movs r5, #LEA192_KS_BYTES / 4
2:  dec_rounds dec_round_192, 24
    .size lea192_dec_rounds, . - lea192_dec_rounds

/* ---- entry points --------------------------------------------------------------------
 * void lwc_leaN_encrypt_words(const uint32_t *rk, uint8_t *out, const uint8_t *in) and
 * lwc_leaN_decrypt_words: one block, out and in 4-byte aligned (out == in allowed).
 * Clobbers r0-r3, r12 (AAPCS). The rounds and 9 instructions. */
.macro block_words name, rounds
    function \name
    push {r1, r4-r7, lr}
    mov r4, r0
    ldm r2, {r0-r3}
    bl \rounds
    pop {r4}                    @ out
    stm r4!, {r0-r3}
    pop {r4-r7, pc}
    .size \name, . - \name
.endm
    block_words lwc_lea128_encrypt_words, lea128_enc_rounds
    block_words lwc_lea192_encrypt_words, lea192_enc_rounds
    block_words lwc_lea256_encrypt_words, lea256_enc_rounds
    block_words lwc_lea128_decrypt_words, lea128_dec_rounds
    block_words lwc_lea192_decrypt_words, lea192_dec_rounds
    block_words lwc_lea256_decrypt_words, lea256_dec_rounds

/*
 * void lwc_leaN_ctr_words(lwc_leaN_ctr *ctx, uint8_t *out, const uint8_t *in,
 *                         size_t nblocks)
 * The lwc_ctr_words_fn of lwc_internal.h: out = in ^ E(counter + i), i < nblocks >= 1,
 * out and in 4-byte aligned; the counter's last four bytes advanced by nblocks (no carry
 * out of them). The round keys are at ctx, the counter right after them; a copy of it on
 * the stack during the call. Clobbers r0-r3, r12 (AAPCS). Per block the rounds and 28
 * instructions; 35 per call. r8 = round keys, r9 = the context's counter, r10 = in,
 * r11 = out, r12 = blocks left.
 */
.macro ctr_words name, rounds, ks_bytes
    function \name
    enter 16
    mov r8, r0
    movs r4, #\ks_bytes / 4
    lsls r4, r4, #2
    adds r0, r4
    mov r9, r0
    mov r10, r2
    mov r11, r1
    mov r12, r3
    ldm r0!, {r4-r7}
    mov r0, sp
    stm r0!, {r4-r7}
1:  mov r4, sp
    ldm r4!, {r0-r3}            @ the counter block's words
    mov r4, r8
    bl \rounds
    ctr_xor r4, r5, r6, r0, r1, r2, r3
    ctr_next 12, 1b
    ldr r5, [sp, #12]           @ the last four bytes back
    mov r4, r9
    str r5, [r4, #12]
    leave 16
    .size \name, . - \name
.endm
    ctr_words lwc_lea128_ctr_words, lea128_enc_rounds, LEA128_KS_BYTES
    ctr_words lwc_lea192_ctr_words, lea192_enc_rounds, LEA192_KS_BYTES
    ctr_words lwc_lea256_ctr_words, lea256_enc_rounds, LEA256_KS_BYTES

/* ---- the modes' hooks (lwc_internal.h) -------------------------------------------------
 * void lwc_leaN_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy)
 * lwc_cbc_step_fn: chain = E(chain ^ m), m stored at copy (copy == chain allowed: the
 * chain is loaded first); misaligned pointers through lwc_leaN_cbc_step_bounce (lea.c).
 * Clobbers r0-r3, r12 (AAPCS). The rounds and 23 instructions.
 */
.macro cbc_step name, rounds
    function \name
    push {r1, r4-r7, lr}        @ chain, for the result
    cbc_unless_aligned r4, 9f
    mov r12, r0
    cbc_in chain=r1, m=r2, copy=r3, c0=r4, c1=r5, c2=r6, c3=r7, u=r0, v=r1, u2=r4, v2=r5, \
        x0=r0, x1=r1, x2=r2, x3=r3
    mov r4, r12                 @ the round keys
    bl \rounds
    pop {r4}
    stm r4!, {r0-r3}
    pop {r4-r7, pc}
9:  bl \name\()_bounce
    pop {r1, r4-r7, pc}
    .size \name, . - \name
.endm
    cbc_step lwc_lea128_cbc_step, lea128_enc_rounds
    cbc_step lwc_lea192_cbc_step, lea192_enc_rounds
    cbc_step lwc_lea256_cbc_step, lea256_enc_rounds

/*
 * void lwc_leaN_ctr_secret_words(const void *ks, uint8_t *counter, uint8_t *out,
 *                                const uint8_t *in, size_t blocks)
 * lwc_ctr_secret_fn on 4-byte aligned counter, out and in: out[i] = in[i] ^ E(counter + i)
 * for i < blocks (>= 1), counter + blocks stored back, the increment over all 16 bytes
 * whatever the carries (secret_next16; the counter is EAX's N', secret). The counter on
 * the stack as big-endian words during the call, wiped after. Clobbers r0-r3, r12
 * (AAPCS). Per block the rounds and 34 instructions; about 57 per call. r8 = round keys,
 * r9 = counter, r10 = in, r11 = out, r12 = in's end.
 */
.macro ctr_secret_words name, rounds
    function \name
    secret_ctr_enter 16, 4, 0
    mov r8, r0
1:  secret_next16 0, r0, r1, r2, r3, r4, r5, r6, r7
    mov r4, r8
    bl \rounds
    ctr_xor r4, r5, r6, r0, r1, r2, r3
    next_block 1b
    secret_ctr_leave 16, 4, 0
    .size \name, . - \name
.endm
    ctr_secret_words lwc_lea128_ctr_secret_words, lea128_enc_rounds
    ctr_secret_words lwc_lea192_ctr_secret_words, lea192_enc_rounds
    ctr_secret_words lwc_lea256_ctr_secret_words, lea256_enc_rounds

#endif
