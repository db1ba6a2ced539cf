/*
 * Revised CHAM (88/112/120 rounds) for ARMv6-M (Cortex-M0, M0+): block encryption and
 * decryption on aligned words, the CTR whole-block function of lwc_ctr_xcrypt_words and
 * the modes' hooks (CBC-MAC's step, EAX's CTR with a secret counter; all in
 * src/common/lwc_internal.h). The key schedule stays in C (lwc_chamN_K_setkey) and is
 * read here in its stored form (include/lwc/cham.h): rk[j] = ROR1(RK[j]) ^ 1 for even j,
 * ROR8(RK[j] ^ 2^(w-1)) for odd j (the rotation for this assembly's key table only).
 *
 * Round i maps (X0, X1, X2, X3) to (X1, X2, X3, Y):
 *   even i: Y = ROL8((X0 ^ i) + (ROL1(X1) ^ RK[i mod 2k/w]))
 *   odd i:  Y = ROL1((X0 ^ i) + (ROL8(X1) ^ RK[i mod 2k/w]))
 *
 * Design
 *  - Registers: X0..X3 in r0-r3 (round i writes r(i mod 4) from r(i+1 mod 4): no moves),
 *    r4 the term t = ROL(X1) ^ RK, r5 the round counter c, r6 = 31 and r7 = 24 (RORS
 *    takes its count from a register: ROL1 = ROR31, ROL8 = ROR24). That is all eight low
 *    registers: the round keys are read from a table on the stack (SP-relative LDR
 *    needs no base register), one key period copied per call from the stored keys: 16
 *    words, or the 8 of CHAM-128/128 (its encryption loops over 8 rounds; its decryption
 *    takes the period twice).
 *  - t without a copy of X1: ROL1(X1) ^ RK = ROL1(X1 ^ ROR1(RK)) and ROL8(X1) ^ RK =
 *    ROL8(X1 ^ ROR8(RK)), so the table holds the keys rotated back (the stored keys:
 *    cham.c rotates the odd ones for this assembly): t is loaded, XORed with X1 and
 *    rotated (3 instructions).
 *  - Round counter, as in the AVR assembly: the words written by odd rounds (X1 and X3
 *    at the start) are kept XORed with 1, so an odd round i XORs in the same c = i - 1 as
 *    the even round before it; c is updated once per pair. The stored keys carry the
 *    masks: the even ones ^ 1 cancel the mask of X1, the odd ones ^ 2^(w-1) make
 *    ROL1(s ^ 2^(w-1)) = ROL1(s) ^ 1. So the CHAM-128 table is a copy of the stored keys.
 *    A pair of rounds: 13 instructions.
 *  - CHAM-64/128: a 16-bit word sits in the low half of a register. REV16 is ROL8 of both
 *    halves, whatever the high half holds; ROL1 needs the word doubled (w * 0x10001,
 *    r7), so that ROR31 of the register rotates the low half. The words written by even
 *    rounds (REV16) keep a don't-care high half; those written by odd rounds, which the
 *    even rounds rotate by 1, are doubled after their ROL1 (UXTH, MULS, RORS; the mask
 *    1 is then in both halves, as in the doubled even keys; the odd keys' low halves are
 *    the stored ones). A pair: 15 instructions.
 *  - Loops of 16 rounds (the key table's period), left after 8 of them when the round
 *    count is 16n + 8 (88, 120); decryption enters its loop at the second half then.
 *    Fully unrolled code would take about 2 % fewer instructions per block for 4 to 6
 *    times the flash.
 *  - CTR: one block per pass; the counter is copied to the stack per call (the context of
 *    CHAM-64/128 may be 2-byte aligned only) and its last four bytes (big-endian) advanced
 *    there, with no carry out of them (lwc_ctr_xcrypt_words's contract), then copied back.
 *    Pointers and the block count wait in r8-r12 during the rounds.
 *  - The modes' hooks (CBC-MAC's step, EAX's CTR with a secret counter) the same way; the
 *    step, one block a call, keeps its pointers on the stack, not in high registers.
 *  - The key table is wiped before returning. The frame and CTR pieces: lwc_armv6m.h.
 * Constant time: no table indexed by data; the only branches are on the public round and
 * block counts and on the hooks' pointers' alignment. Instruction counts below are counted from the code (the measured figures
 * are in docs/BENCHMARKS.md, section 32-bit MCUs).
 */
#include "../common/lwc_armv6m.h"
#if LWC_CHAM_IMPL == LWC_IMPL_ARMV6M

/* The stack frame of every entry point: the key table, then the counter's copy (CTR). */
#define TABLE 0
#define COUNTER 64
#define FRAME 80

/* ---- CHAM-128 rounds -------------------------------------------------------------------
 * One round: target a, source b, key table slot j. 6 instructions. */
.macro c128_even a, b, j
    ldr r4, [sp, #TABLE + 4 * (\j)]   @ ROR1(RK) ^ 1
    eors r4, \b
    rors r4, r6                     @ t = ROL1(X1) ^ RK
    eors \a, r5                     @ X0 ^ i
    adds \a, r4
    rors \a, r7                     @ ROL8
.endm

.macro c128_odd a, b, j
    ldr r4, [sp, #TABLE + 4 * (\j)]   @ ROR8(RK ^ 2^31)
    eors r4, \b
    rors r4, r7                     @ t = ROL8(X1) ^ RK ^ 2^31
    eors \a, r5                     @ (X0 ^ 1) ^ (i - 1)
    adds \a, r4
    rors \a, r6                     @ ROL1(s) ^ 1
.endm

/* Rounds 8m .. 8m + 7 with the table slots j .. j + 7 (j = 0 or 8), the round macros
 * even and odd (CHAM-128: 52 instructions; CHAM-64/128: 60). */
.macro rounds_8 even, odd, j
    .irp p, 0, 4
        \even r0, r1, \j + \p
        \odd r1, r2, \j + \p + 1
        adds r5, #2
        \even r2, r3, \j + \p + 2
        \odd r3, r0, \j + \p + 3
        adds r5, #2
    .endr
.endm

/*
 * cham128_128_enc_rounds, cham128_256_enc_rounds: the 112 or 120 rounds. In: r0-r3 =
 * X0..X3 (X1, X3 ^ 1), the key table at [sp]: one key period, 8 or 16 slots (the loop
 * over the 8 slots of CHAM-128/128 needs no copy of them). Out: r0-r3 (X1, X3 ^ 1).
 * Clobbers r4-r7. 3 + 54 per 8 rounds + 1 (112 rounds: 760; 120: 814).
 */
    routine cham128_128_enc_rounds
    movs r5, #0
    movs r6, #31
    movs r7, #24
1:  rounds_8 c128_even, c128_odd, 0
    cmp r5, #112
    bne 1b
    bx lr
    .size cham128_128_enc_rounds, . - cham128_128_enc_rounds

    routine cham128_256_enc_rounds
    movs r5, #0
    movs r6, #31
    movs r7, #24
1:  rounds_8 c128_even, c128_odd, 0
    cmp r5, #120
    beq 2f
    rounds_8 c128_even, c128_odd, 8
    b 1b
2:  bx lr
    .size cham128_256_enc_rounds, . - cham128_256_enc_rounds

/* The inverse rounds: an odd round undone as (ROR1(Y) - t) ^ c, an even one as
 * (ROR8(Y) - t) ^ c, the counts 1 and 8 from r10 and r9 (no low register is left).
 * 7 instructions. */
.macro c128_undo_odd a, b, j
    mov r4, r10
    rors \a, r4
    ldr r4, [sp, #TABLE + 4 * (\j)]
    eors r4, \b
    rors r4, r7
    subs \a, r4
    eors \a, r5
.endm

.macro c128_undo_even a, b, j
    mov r4, r9
    rors \a, r4
    ldr r4, [sp, #TABLE + 4 * (\j)]
    eors r4, \b
    rors r4, r6
    subs \a, r4
    eors \a, r5
.endm

/* Rounds 8m + 7 down to 8m, table slots j + 7 .. j, with the inverse round macros even
 * and odd; c = 8m + 6 on entry. CHAM-128: 60 instructions, CHAM-64/128: 64; the flags of
 * the last SUBS: N when c went below 0. */
.macro undo_8 even, odd, j
    .irp p, 4, 0
        \odd r3, r0, \j + \p + 3
        \even r2, r3, \j + \p + 2
        subs r5, #2
        \odd r1, r2, \j + \p + 1
        \even r0, r1, \j + \p
        subs r5, #2
    .endr
.endm

/*
 * cham128_dec_rounds: r8 = 112 or 120 rounds. In: r0-r3 = the ciphertext words (X1, X3
 * ^ 1), the key table at [sp]. Out: r0-r3 (X1, X3 ^ 1). Clobbers r4-r7, r9, r10.
 * 11 + 61 per 8 rounds (112: 865; 120: 926).
 */
    routine cham128_dec_rounds
    movs r6, #31
    movs r7, #24
    movs r4, #8
    mov r9, r4
    movs r4, #1
    mov r10, r4
    mov r5, r8
    subs r5, #2                     @ c of the last pair
    mov r4, r8
    lsls r4, r4, #28                @ bit 3 of the round count: start at the lower half
    bmi 2f
1:  undo_8 c128_undo_even, c128_undo_odd, 8
2:  undo_8 c128_undo_even, c128_undo_odd, 0
    bpl 1b
    bx lr
    .size cham128_dec_rounds, . - cham128_dec_rounds

/* ---- CHAM-64/128 rounds ----------------------------------------------------------------
 * r7 = 0x10001; the even table entries are the stored keys doubled, the odd ones the
 * stored keys (ROR8 already). 6 and 8 instructions. */
.macro c64_even a, b, j
    ldr r4, [sp, #TABLE + 4 * (\j)]
    eors r4, \b                     @ both halves: X1 is doubled
    rors r4, r6                     @ t = ROL1(X1) ^ RK in both halves
    eors \a, r5
    adds \a, r4
    rev16 \a, \a                    @ ROL8 of the low half
.endm

.macro c64_odd a, b, j
    ldr r4, [sp, #TABLE + 4 * (\j)]
    eors r4, \b
    rev16 r4, r4                    @ t = ROL8(X1) ^ RK ^ 2^15 in the low half
    eors \a, r5
    adds \a, r4
    uxth \a, \a
    muls \a, r7, \a                 @ doubled
    rors \a, r6                     @ ROL1(s) ^ 1 in both halves
.endm

/*
 * cham64_enc_rounds: the 88 rounds. In: r0-r3 = X0..X3 (X0, X2 in the low halves, X1, X3
 * doubled and ^ 0x10001), the key table at [sp], r7 = 0x10001. Out: the same forms.
 * Clobbers r4-r6. 2 + 64 per 8 rounds + 1 (88 rounds: 707).
 */
    routine cham64_enc_rounds
    movs r5, #0
    movs r6, #31
1:  rounds_8 c64_even, c64_odd, 0
    cmp r5, #88
    beq 2f
    rounds_8 c64_even, c64_odd, 8
    b 1b
2:  bx lr
    .size cham64_enc_rounds, . - cham64_enc_rounds

/* Undone: an odd round as double((ROR1(Y) - t) ^ c), an even one as (REV16(Y) - t) ^ c;
 * the count 1 from r10. 9 and 6 instructions. */
.macro c64_undo_odd a, b, j
    mov r4, r10
    rors \a, r4
    ldr r4, [sp, #TABLE + 4 * (\j)]
    eors r4, \b
    rev16 r4, r4
    subs \a, r4
    eors \a, r5
    uxth \a, \a
    muls \a, r7, \a
.endm

.macro c64_undo_even a, b, j
    rev16 \a, \a
    ldr r4, [sp, #TABLE + 4 * (\j)]
    eors r4, \b
    rors r4, r6
    subs \a, r4
    eors \a, r5
.endm

/*
 * cham64_dec_rounds: the 88 rounds backwards, same forms as cham64_enc_rounds.
 * Clobbers r4-r6, r10. 5 + 64 per 8 rounds and 2 per 16 (88 rounds: 715).
 */
    routine cham64_dec_rounds
    movs r6, #31
    movs r4, #1
    mov r10, r4
    movs r5, #86                    @ c of the last pair; 88 = 16 * 5 + 8
    b 2f
1:  undo_8 c64_undo_even, c64_undo_odd, 8
2:  undo_8 c64_undo_even, c64_undo_odd, 0
    bmi 3f                          @ (the loop is beyond a conditional branch's reach)
    b 1b
3:  bx lr
    .size cham64_dec_rounds, . - cham64_dec_rounds

/* ---- key tables, state forms, entry points ---------------------------------------------
 * The CHAM-128 key table, a copy of the stored keys at r0 (words: 8 or 16), `slots` of
 * them (8: one period of CHAM-128/128, for its encryption; 16: CHAM-128/128's twice, for
 * the decryption). Clobbers r0-r7. 5, 10 or 7 instructions. */
.macro c128_table words, slots
    mov r7, sp
    .rept \slots / \words
        .rept \words / 6
            ldm r0!, {r1-r6}
            stm r7!, {r1-r6}
        .endr
        .if \words % 6 == 2
            ldm r0!, {r1, r2}
            stm r7!, {r1, r2}
        .else
            ldm r0!, {r1-r4}
            stm r7!, {r1-r4}
        .endif
        .if \slots > \words
            subs r0, #4 * \words
        .endif
    .endr
.endm

/* CHAM-64/128's key table pairs j and j + 1 (below) to r1, r2, r3, r5. 6 instructions. */
.macro c64_pairs j
    ldrh r1, [r0, #4 * \j]
    muls r1, r7, r1                 @ even: doubled
    ldrh r2, [r0, #4 * \j + 2]     @ odd: as stored
    ldrh r3, [r0, #4 * \j + 4]
    muls r3, r7, r3
    ldrh r5, [r0, #4 * \j + 6]
.endm

/* The CHAM-64/128 key table from the 16 stored keys at r0 (halfwords: the context may be
 * 2-byte aligned only), two pairs a store: to the frame at [sp], or with `push` pushed
 * (the frame made by it: the CBC-MAC step). r7 = 0x10001 (set here). Clobbers r1-r5.
 * 32 or 31 instructions. */
.macro c64_table make=
    movs r7, #1
    lsls r7, r7, #16
    adds r7, #1
    .ifb \make
        mov r4, sp
        .irp j, 0, 2, 4, 6
            c64_pairs \j
            stm r4!, {r1, r2, r3, r5}
        .endr
    .else
        .irp j, 6, 4, 2, 0
            c64_pairs \j
            push {r1, r2, r3, r5}
        .endr
    .endif
.endm

/* X1 and X3 ^ 1 (the masks of the words odd rounds write); on the way out again. */
.macro c128_masks
    movs r4, #1
    eors r1, r4
    eors r3, r4
.endm

/* CHAM-64/128: the two block words in r0 (X0 | X1 << 16) and r2 (X2 | X3 << 16) to the
 * round forms (X1, X3 doubled and masked in r1, r3), and back. 6 and 8 instructions. */
.macro c64_unpack
    lsrs r1, r0, #16
    muls r1, r7, r1
    eors r1, r7
    lsrs r3, r2, #16
    muls r3, r7, r3
    eors r3, r7
.endm

.macro c64_pack
    eors r1, r7
    lsls r1, r1, #16
    uxth r0, r0
    orrs r0, r1
    eors r3, r7
    lsls r3, r3, #16
    uxth r2, r2
    orrs r2, r3
.endm

/*
 * void lwc_cham128_K_encrypt_words(const void *ks, uint8_t *out, const uint8_t *in) and
 * the decrypt_words: one block, out and in 4-byte aligned (out == in allowed). Clobbers
 * r0-r3, r12 (AAPCS). The rounds and 39 (CHAM-128/256 encryption), 32 (CHAM-128/128),
 * 44 or 47 (decryption) instructions.
 */
.macro c128_block name, k, words, rounds, dir
    function \name
    enter FRAME
    mov r11, r1
    mov r12, r2
    .ifc \dir, enc
        c128_table \words, \words
    .else
        c128_table \words, 16
        movs r4, #\rounds
        mov r8, r4
    .endif
    mov r4, r12
    ldm r4!, {r0-r3}
    c128_masks
    .ifc \dir, enc
        bl cham128_\k\()_enc_rounds
    .else
        bl cham128_dec_rounds
    .endif
    c128_masks
    mov r4, r11
    stm r4!, {r0-r3}
    .ifc \dir, enc
        wipe_frame 4 * \words
    .else
        wipe_frame COUNTER
    .endif
    leave FRAME
    .size \name, . - \name
.endm
    c128_block lwc_cham128_128_encrypt_words, 128, 8, 112, enc
    c128_block lwc_cham128_128_decrypt_words, 128, 8, 112, dec
    c128_block lwc_cham128_256_encrypt_words, 256, 16, 120, enc
    c128_block lwc_cham128_256_decrypt_words, 256, 16, 120, dec

/*
 * void lwc_cham128_K_ctr_words(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks):
 * the lwc_ctr_words_fn of lwc_internal.h, the round keys at ctx, the counter right after
 * them. Clobbers r0-r3, r12 (AAPCS). Per block the rounds and 31 instructions; 61 or 55
 * per call. r9 = the context's counter, r10 = in, r11 = out, r12 = blocks left during the
 * rounds.
 */
.macro c128_ctr name, k, words
    function \name
    enter FRAME
    mov r10, r2
    mov r11, r1
    mov r12, r3
    mov r1, r0
    adds r1, #4 * \words            @ the counter (4-byte aligned: the keys are words)
    mov r9, r1
    ldm r1!, {r2-r5}
    add r1, sp, #COUNTER
    stm r1!, {r2-r5}
    c128_table \words, \words
1:  add r4, sp, #COUNTER
    ldm r4!, {r0-r3}
    c128_masks
    bl cham128_\k\()_enc_rounds
    c128_masks
    ctr_xor r4, r5, r6, r0, r1, r2, r3
    ctr_next COUNTER + 12, 1b
    ldr r5, [sp, #COUNTER + 12]     @ the last four bytes back
    mov r4, r9
    str r5, [r4, #12]
    wipe_frame 4 * \words
    leave FRAME
    .size \name, . - \name
.endm
    c128_ctr lwc_cham128_128_ctr_words, 128, 8
    c128_ctr lwc_cham128_256_ctr_words, 256, 16

/*
 * void lwc_cham64_128_encrypt_words / decrypt_words(const void *ks, uint8_t *out,
 * const uint8_t *in): one block, out and in 4-byte aligned (out == in allowed).
 * Clobbers r0-r3, r12 (AAPCS). The rounds and 78 instructions.
 */
.macro c64_block name, dir
    function \name
    enter FRAME
    mov r11, r1
    mov r12, r2
    c64_table
    mov r4, r12
    ldm r4!, {r0, r2}
    c64_unpack
    bl cham64_\dir\()_rounds
    c64_pack
    mov r4, r11
    stm r4!, {r0, r2}
    wipe_frame COUNTER
    leave FRAME
    .size \name, . - \name
.endm
    c64_block lwc_cham64_128_encrypt_words, enc
    c64_block lwc_cham64_128_decrypt_words, dec

/*
 * void lwc_cham64_128_ctr_words(void *ctx, uint8_t *out, const uint8_t *in,
 * size_t nblocks): as the CHAM-128 ones; the context is 2-byte aligned, so the counter is
 * copied in halfwords. Per block the rounds and 34 instructions; about 70 per call.
 */
    function lwc_cham64_128_ctr_words
    enter FRAME
    mov r10, r2
    mov r11, r1
    mov r12, r3
    mov r1, r0
    adds r1, #32                    @ the counter
    mov r9, r1
    .irp h, 0, 2
        ldrh r2, [r1, #2 * \h]
        ldrh r3, [r1, #2 * \h + 2]
        lsls r3, r3, #16
        orrs r2, r3
        str r2, [sp, #COUNTER + 2 * \h]
    .endr
    c64_table
1:  ldr r0, [sp, #COUNTER]
    ldr r2, [sp, #COUNTER + 4]
    c64_unpack
    bl cham64_enc_rounds
    c64_pack
    ctr_xor r4, r5, r6, r0, r2
    ctr_next COUNTER + 4, 1b
    ldr r5, [sp, #COUNTER + 4]      @ the last four bytes back
    mov r4, r9
    strh r5, [r4, #4]
    lsrs r5, r5, #16
    strh r5, [r4, #6]
    wipe_frame COUNTER
    leave FRAME
    .size lwc_cham64_128_ctr_words, . - lwc_cham64_128_ctr_words

/* ---- the modes' hooks (lwc_internal.h) -------------------------------------------------
 * void lwc_chamN_K_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy)
 * lwc_cbc_step_fn: chain = E(chain ^ m), m stored at copy (copy == chain allowed: the
 * chain is loaded first); misaligned pointers through lwc_chamN_K_cbc_step_bounce
 * (cham.c). Clobbers r0-r3, r12 (AAPCS). The rounds and the key table as the block
 * functions, no high register used: the pointers wait on the stack above the table. The
 * rounds and 42 (CHAM-128/128), 46 (CHAM-128/256) or 73 (CHAM-64/128) instructions, the key
 * table's 5, 7 or 31 of them.
 */
.macro c128_cbc_step name, k, words
    function \name
    push {r1-r7, lr}
    cbc_unless_aligned r4, 9f
    sub sp, #4 * \words
    c128_table \words, \words
    cbc_in chain=r4, m=r6, copy=r7, slot=(4 * \words), c0=r0, c1=r1, c2=r2, c3=r3, u=r4, v=r5
    c128_masks
    bl cham128_\k\()_enc_rounds
    c128_masks
    ldr r4, [sp, #4 * \words]
    stm r4!, {r0-r3}
    wipe_frame 4 * \words
    add sp, #4 * \words
    pop {r1-r7, pc}
9:  bl \name\()_bounce
    pop {r1-r7, pc}
    .size \name, . - \name
.endm
    c128_cbc_step lwc_cham128_128_cbc_step, 128, 8
    c128_cbc_step lwc_cham128_256_cbc_step, 256, 16

    function lwc_cham64_128_cbc_step
    push {r1-r7, lr}
    cbc_unless_aligned r4, 9f
    c64_table push                  @ the table, COUNTER bytes
    cbc_in chain=r4, m=r4, copy=r4, slot=COUNTER, c0=r0, c1=r2, u=r5, v=r6
    c64_unpack
    bl cham64_enc_rounds
    c64_pack
    ldr r4, [sp, #COUNTER]
    stm r4!, {r0, r2}
    wipe_frame COUNTER
    add sp, #COUNTER
    pop {r1-r7, pc}
9:  bl lwc_cham64_128_cbc_step_bounce
    pop {r1-r7, pc}
    .size lwc_cham64_128_cbc_step, . - lwc_cham64_128_cbc_step

/*
 * void lwc_chamN_K_ctr_secret_words(const void *ks, uint8_t *counter, uint8_t *out,
 *                                   const uint8_t *in, size_t blocks)
 * lwc_ctr_secret_fn on 4-byte aligned counter, out and in: out[i] = in[i] ^ E(counter + i)
 * for i < blocks (>= 1), counter + blocks stored back, the increment over the whole block
 * whatever the carries (secret_next16, secret_next8; the counter is EAX's N', secret). The
 * counter on the stack as big-endian words during the call; the frame wiped after.
 * Clobbers r0-r3, r12 (AAPCS). Per block the rounds and 39 (CHAM-128) or 36 instructions.
 * r9 = counter, r10 = in, r11 = out, r12 = in's end.
 */
.macro c128_ctr_secret name, k, words
    function \name
    secret_ctr_enter FRAME, 4, COUNTER
    c128_table \words, \words
1:  secret_next16 COUNTER, r0, r1, r2, r3, r4, r5, r6, r7
    c128_masks
    bl cham128_\k\()_enc_rounds
    c128_masks
    ctr_xor r4, r5, r6, r0, r1, r2, r3
    next_block 1b
    secret_ctr_leave FRAME, 4, COUNTER
    .size \name, . - \name
.endm
    c128_ctr_secret lwc_cham128_128_ctr_secret_words, 128, 8
    c128_ctr_secret lwc_cham128_256_ctr_secret_words, 256, 16

    function lwc_cham64_128_ctr_secret_words
    secret_ctr_enter FRAME, 2, COUNTER
    c64_table
1:  secret_next8 COUNTER, r0, r2, r4, r5
    c64_unpack
    bl cham64_enc_rounds
    c64_pack
    ctr_xor r4, r5, r6, r0, r2
    next_block 1b
    secret_ctr_leave FRAME, 2, COUNTER
    .size lwc_cham64_128_ctr_secret_words, . - lwc_cham64_128_ctr_secret_words

#endif
