/*
 * HIGHT for ARMv6-M (Cortex-M0, M0+): block encryption and decryption on aligned words,
 * the CTR whole-block function of lwc_ctr_xcrypt_words and the modes' hooks (CBC-MAC's
 * step, EAX's CTR with a secret counter; all in src/common/lwc_internal.h).
 * The key schedule stays in C (lwc_hight_setkey: wk[0..7] at offset 0, sk[0..127] at 8).
 *
 * Round i on the bytes X0..X7 (SK0..SK3 = sk[4i..4i+3]):
 *   X2' = X1 + (F1(X0) ^ SK0), X4' = X3 ^ (F0(X2) + SK1),
 *   X6' = X5 + (F1(X4) ^ SK2), X0' = X7 ^ (F0(X6) + SK3), X1' = X0, X3' = X2, X5' = X4,
 *   X7' = X6; F0 = ROL1 ^ ROL2 ^ ROL7, F1 = ROL3 ^ ROL4 ^ ROL6.
 *
 * Design (the lanes of hight.c's SWAR form)
 *  - Four words of two 16-bit lanes, each lane a byte twice (x * 0x0101): a = (X2, X6),
 *    b = (X0, X4) hold the F inputs, oa = (X3, X7), ob = (X1, X5) what they are added or
 *    XORed into. In a doubled lane the byte ROL_n(x) is bits 8-n..15-n, so F0 and F1 of
 *    both lanes are shifts and XORs, their low bytes valid: F0(a) = (a ^ a >> 1) >> 6 ^
 *    a >> 1, F1(b) = (b ^ b >> 1) >> 4 ^ b >> 2 (5 and 6 instructions).
 *  - A round writes its results over oa and ob (oa ^ (F0(a) + (SK1, SK3)) are (X4', X0'):
 *    doubled, REV swaps the lanes; (ob + (F1(b) ^ (SK0, SK2))) are (X2', X6')): then
 *    (a, b, oa, ob) are the registers of (ob, oa, a, b) of the round before, a rotation of
 *    period 4: four rounds with the names rotated, and the loop runs eight times.
 *  - Registers: the four words in r0-r3, r4 and r5 scratch, r6 the round-key pointer,
 *    r7 = 0x00ff00ff (the lanes' low bytes). 27 instructions a round.
 *  - Round keys from a table on the stack built per call (the key schedule is bytes, at
 *    any address): per round (SK1, SK3) and (SK0, SK2) as lanes, and the whitening keys
 *    as lanes; wiped before returning.
 *  - CTR: one block per pass through the same code as a single block; the counter is
 *    copied to the stack (the context is bytes) and its last four bytes (big-endian)
 *    advanced there, with no carry out of them (lwc_ctr_xcrypt_words's contract). The
 *    frame and CTR pieces: lwc_armv6m.h.
 *  - EAX's CTR (ctr_secret) the same with its whole 8-byte counter advanced. CBC-MAC's
 *    step, one block a call, builds no table (405 instructions): it reads the key
 *    schedule's words (when 4-byte aligned) and splits them into the lanes as it goes,
 *    the whitening keys included, 1 instruction a round more (hight_enc_rounds_sk).
 * Constant time: no table indexed by data; the only branches are on the public round and
 * block counts and on the hooks' pointers' alignment. Instruction counts below are counted from the code (the measured figures
 * are in docs/BENCHMARKS.md, section 32-bit MCUs).
 */
#include "../common/lwc_armv6m.h"
#if LWC_HIGHT_IMPL == LWC_IMPL_ARMV6M

/* The stack frame: the whitening lanes, the round keys (two words a round), the counter. */
#define WK_IN_ADD 0     /* (WK0, WK2) */
#define WK_IN_XOR 4     /* (WK1, WK3) */
#define WK_OUT_ADD 8    /* (WK4, WK6) */
#define WK_OUT_XOR 12   /* (WK5, WK7) */
#define ROUND_KEYS 16   /* round i: (SK1, SK3) at + 8i, (SK0, SK2) at + 8i + 4 */
#define COUNTER (ROUND_KEYS + 256)
#define FRAME (COUNTER + 8)

/* ---- rounds ----------------------------------------------------------------------------
 * F0(x) and F1(x) in the low bytes of the lanes of r5 (their high bytes garbage); f0_high:
 * F0(x) in the high bytes (ROL_n(x) is bits 8..15 of a doubled lane shifted left by n;
 * the low bytes garbage). Clobber r4. 5, 5 and 6 instructions. */
.macro f0 x
    lsrs r4, \x, #1
    movs r5, \x
    eors r5, r4
    lsrs r5, r5, #6
    eors r5, r4
.endm

.macro f0_high x
    lsls r4, \x, #1
    eors r4, \x
    lsls r5, \x, #6
    eors r5, r4
    lsls r5, r5, #1             @ x << 1 ^ x << 2 ^ x << 7
.endm

.macro f1 x
    lsrs r4, \x, #1
    movs r5, \x
    eors r5, r4
    lsrs r5, r5, #4
    lsrs r4, \x, #2
    eors r5, r4
.endm

/* One round with its keys at [r6, #off]; afterwards oa holds the new b, ob the new a.
 * keys = table: the key table's lanes (two words a round), 27 instructions; keys = sk:
 * the key schedule's bytes SK0..SK3 as one word, 4-byte aligned, 28 instructions: SK0 and
 * SK2 are its lanes' low bytes, SK1 and SK3 their high bytes, so F0 + (SK1, SK3) is added
 * in the high bytes (BICS clears the low ones; oa is doubled, so its high bytes are
 * X3, X7 too). */
.macro round a, b, oa, ob, off, keys=table
    .ifc \keys, table
        f0 \a
        ands r5, r7
        ldr r4, [r6, #\off]     @ (SK1, SK3)
        adds r5, r4
        eors \oa, r5            @ (X4', X0')
        ands \oa, r7
        lsls r4, \oa, #8
    .else
        f0_high \a
        bics r5, r7
        ldr r4, [r6, #\off]     @ SK0 | SK1 << 8 | SK2 << 16 | SK3 << 24
        bics r4, r7             @ (SK1, SK3) << 8
        adds r5, r4
        eors \oa, r5            @ (X4', X0') << 8
        bics \oa, r7
        lsrs r4, \oa, #8
    .endif
    orrs \oa, r4                @ doubled
    rev \oa, \oa                @ (X0', X4'): the new b
    f1 \b
    .ifc \keys, table
        ldr r4, [r6, #\off + 4] @ (SK0, SK2)
    .else
        ldr r4, [r6, #\off]     @ (SK0, SK2) in the lanes' low bytes, the rest masked off
    .endif
    eors r5, r4
    ands r5, r7
    ands \ob, r7
    adds \ob, r5                @ (X2', X6')
    ands \ob, r7
    lsls r4, \ob, #8
    orrs \ob, r4                @ doubled: the new a
.endm

/* Its inverse: from oa = the new b, ob = the new a back to oa, ob (a and b are the same
 * before and after the round): oa = REV(new b) ^ (F0(a) + K1), ob = new a - (F1(b) ^ K0),
 * lane by lane (the high bytes set first, so no borrow crosses a lane). 28 instructions. */
.macro unround a, b, oa, ob, off
    rev \oa, \oa
    f0 \a
    ands r5, r7
    ldr r4, [r6, #\off]
    adds r5, r4
    eors \oa, r5
    ands \oa, r7
    lsls r4, \oa, #8
    orrs \oa, r4
    f1 \b
    ldr r4, [r6, #\off + 4]
    eors r5, r4
    ands r5, r7
    mvns r4, r7
    orrs \ob, r4
    subs \ob, r5
    ands \ob, r7
    lsls r4, \ob, #8
    orrs \ob, r4
.endm

/*
 * hight_enc_rounds, hight_dec_rounds: the 32 rounds, or undone. In and out: r0 = a,
 * r1 = b, r2 = oa, r3 = ob; r7 = 0x00ff00ff; the frame at [sp]. Clobbers r4-r6, r8.
 * 4 + 8 * 111 + 1 = 893 and 4 + 8 * 115 + 1 = 925 instructions.
 */
    routine hight_enc_rounds
    add r6, sp, #ROUND_KEYS
    add r4, sp, #COUNTER
    mov r8, r4                  @ the round keys' end
1:  round r0, r1, r2, r3, 0
    round r3, r2, r0, r1, 8
    round r1, r0, r3, r2, 16
    round r2, r3, r1, r0, 24
    adds r6, #32
    cmp r6, r8
    bne 1b
    bx lr
    .size hight_enc_rounds, . - hight_enc_rounds

/* hight_enc_rounds_sk: the same with the round keys read from the key schedule's sk (r6
 * = the key schedule, 4-byte aligned; sk at + 8), no table (the CBC-MAC step: one block
 * a call). Out: r6 = the key schedule + 128. Clobbers r4, r5, r12. 3 + 8 * 115 + 1 = 924
 * instructions. */
    routine hight_enc_rounds_sk
    movs r4, #128
    adds r4, r6
    mov r12, r4                 @ where r6 stops: sk's end - 8
1:  round r0, r1, r2, r3, 8, sk
    round r3, r2, r0, r1, 12, sk
    round r1, r0, r3, r2, 16, sk
    round r2, r3, r1, r0, 20, sk
    adds r6, #16
    cmp r6, r12
    bne 1b
    bx lr
    .size hight_enc_rounds_sk, . - hight_enc_rounds_sk

    routine hight_dec_rounds
    add r6, sp, #COUNTER
    add r4, sp, #ROUND_KEYS
    mov r8, r4
1:  subs r6, #32
    unround r2, r3, r1, r0, 24
    unround r1, r0, r3, r2, 16
    unround r3, r2, r0, r1, 8
    unround r0, r1, r2, r3, 0
    cmp r6, r8
    bne 1b
    bx lr
    .size hight_dec_rounds, . - hight_dec_rounds

/* ---- the frame, the lanes, the entry points --------------------------------------------
 * The key table from the key schedule at r0 (clobbers r0, r2-r5). 21 + 32 * 12 = 405
 * instructions. */
.macro key_table
    .irp w, 0, 1, 4, 5          @ (WK0, WK2), (WK1, WK3), (WK4, WK6), (WK5, WK7)
        ldrb r2, [r0, #\w]
        ldrb r3, [r0, #\w + 2]
        lsls r3, r3, #16
        orrs r2, r3
        str r2, [sp, #WK_IN_ADD + 4 * ((\w & 1) + (\w & 4) / 2)]
    .endr
    adds r0, #8                 @ sk
    add r4, sp, #ROUND_KEYS
1:  ldrb r2, [r0, #1]
    ldrb r3, [r0, #3]
    lsls r3, r3, #16
    orrs r2, r3                 @ (SK1, SK3)
    ldrb r5, [r0, #0]
    ldrb r3, [r0, #2]
    lsls r3, r3, #16
    orrs r5, r3                 @ (SK0, SK2)
    stm r4!, {r2, r5}
    adds r0, #4
    add r3, sp, #COUNTER        @ (the table ends where the counter's slot starts)
    cmp r4, r3
    bne 1b
.endm

/* r7 = 0x00ff00ff. */
.macro lanes_mask
    movs r7, #255
    lsls r4, r7, #16
    orrs r7, r4
.endm

/* The bytes of a block as two words (r0 = bytes 0-3, r1 = bytes 4-7) to the lanes of
 * their even and odd bytes: (B0, B4) into lo, (B2, B6) into hi (from r0, r1 masked), and
 * (B1, B5), (B3, B7) from r0, r1 shifted. Clobbers r4, r5. 22 instructions; the lanes
 * clean (high bytes 0): r4 = (B0, B4), r2 = (B2, B6), r5 = (B1, B5), r0 = (B3, B7). */
.macro split
    movs r2, r0
    ands r2, r7                 @ (B0, B2)
    movs r3, r1
    ands r3, r7                 @ (B4, B6)
    lsrs r0, r0, #8
    ands r0, r7                 @ (B1, B3)
    lsrs r1, r1, #8
    ands r1, r7                 @ (B5, B7)
    uxth r4, r2
    lsls r5, r3, #16
    orrs r4, r5                 @ (B0, B4)
    lsrs r2, r2, #16
    lsrs r3, r3, #16
    lsls r3, r3, #16
    orrs r2, r3                 @ (B2, B6)
    uxth r5, r0
    lsls r3, r1, #16
    orrs r5, r3                 @ (B1, B5)
    lsrs r0, r0, #16
    lsrs r1, r1, #16
    lsls r1, r1, #16
    orrs r0, r1                 @ (B3, B7)
.endm

/* The inverse: the low bytes of the lanes p = (B0, B4), q = (B1, B5), r = (B2, B6),
 * s = (B3, B7) (each clean, none of them r4 or r5) to r4 = bytes 0-3, r5 = bytes 4-7.
 * Clobbers p..s. 13 instructions. */
.macro join p, q, r, s
    lsls \q, \q, #8
    orrs \p, \q                 @ (B0 B1, B4 B5)
    lsls \s, \s, #8
    orrs \r, \s                 @ (B2 B3, B6 B7)
    uxth r4, \p
    lsls r5, \r, #16
    orrs r4, r5
    lsrs r5, \p, #16
    lsrs \r, \r, #16
    lsls \r, \r, #16
    orrs r5, \r
.endm

/* x doubled (x clean). */
.macro double x
    lsls r4, \x, #8
    orrs \x, r4
.endm

/* Whitening lanes to reg: from the frame's slot, or with wk = ks from the key schedule's
 * word at [r6, #off] (4-byte aligned): its even bytes (WK0, WK2 or WK4, WK6), or with odd
 * its odd bytes shifted down (WK1, WK3 or WK5, WK7; the high bytes for the caller to mask).
 * 1 or 2 instructions. */
.macro wk_lanes wk, reg, slot, off, odd
    .ifc \wk, frame
        ldr \reg, [sp, #\slot]
    .else
        ldr \reg, [r6, #\off]
        .ifb \odd
            ands \reg, r7
        .else
            lsrs \reg, \reg, #8
        .endif
    .endif
.endm

/* Encryption's input: X0 = P0 + WK0, X2 = P2 ^ WK1, X4 = P4 + WK2, X6 = P6 ^ WK3, to
 * r0 = a, r1 = b, r2 = oa, r3 = ob doubled; the whitening lanes from the frame, or with
 * wk = ks split from the key schedule's words at r6 (4-byte aligned). 38 or 41
 * instructions. */
.macro enc_in wk=frame
    split                       @ r4 = (P0, P4), r2 = (P2, P6), r5 = (P1, P5), r0 = (P3, P7)
    wk_lanes \wk, r1, WK_IN_ADD, 0 @ (WK0, WK2)
    adds r1, r4
    ands r1, r7                 @ b = (X0, X4)
    wk_lanes \wk, r3, WK_IN_XOR, 0, odd
    eors r3, r2                 @ (X2, X6)
    .ifnc \wk, frame
        ands r3, r7
    .endif
    movs r2, r0                 @ oa = (X3, X7)
    movs r0, r3                 @ a
    movs r3, r5                 @ ob = (X1, X5)
    double r0
    double r1
    double r2
    double r3
.endm

/* Encryption's output from X_32: (X1 + WK4, X2, X3 ^ WK5, X4, X5 + WK6, X6, X7 ^ WK7, X0)
 * to r4, r5; the whitening lanes as enc_in's. 23 or 25 instructions. */
.macro enc_out wk=frame
    ands r3, r7
    wk_lanes \wk, r4, WK_OUT_ADD, 4 @ (WK4, WK6)
    adds r3, r4
    ands r3, r7                 @ (C0, C4)
    ands r0, r7                 @ (C1, C5)
    wk_lanes \wk, r4, WK_OUT_XOR, 4, odd
    eors r2, r4
    ands r2, r7                 @ (C2, C6)
    rev r1, r1
    ands r1, r7                 @ (C3, C7) = (X4, X0)
    join r3, r0, r2, r1
.endm

/* Decryption's input: the ciphertext to X_32 (ob = (C0 - WK4, C4 - WK6), a = (C1, C5),
 * oa = (C2 ^ WK5, C6 ^ WK7), b = (C7, C3)). 40 instructions. */
.macro dec_in
    split                       @ r4 = (C0, C4), r2 = (C2, C6), r5 = (C1, C5), r0 = (C3, C7)
    mvns r3, r7
    orrs r3, r4
    ldr r4, [sp, #WK_OUT_ADD]
    subs r3, r4
    ands r3, r7                 @ ob
    ldr r4, [sp, #WK_OUT_XOR]
    eors r2, r4                 @ oa
    rev r1, r0
    lsrs r1, r1, #8
    ands r1, r7                 @ b = (C7, C3)
    movs r0, r5                 @ a
    double r0
    double r1
    double r2
    double r3
.endm

/* Decryption's output: (X0 - WK0, X1, X2 ^ WK1, X3, X4 - WK2, X5, X6 ^ WK3, X7) to r4,
 * r5. 23 instructions. */
.macro dec_out
    mvns r4, r7
    orrs r1, r4
    ldr r4, [sp, #WK_IN_ADD]
    subs r1, r4
    ands r1, r7                 @ (P0, P4)
    ldr r4, [sp, #WK_IN_XOR]
    eors r0, r4
    ands r0, r7                 @ (P2, P6)
    ands r3, r7                 @ (P1, P5)
    ands r2, r7                 @ (P3, P7)
    join r1, r3, r0, r2
.endm

/*
 * void lwc_hight_encrypt_words / lwc_hight_decrypt_words(const void *ks, uint8_t *out,
 * const uint8_t *in): one block, out and in 4-byte aligned (out == in allowed).
 * Clobbers r0-r3, r12 (AAPCS). The rounds, the key table and about 100 instructions.
 */
.macro block name, dir
    function \name
    enter FRAME
    mov r11, r1
    mov r12, r2
    key_table
    lanes_mask
    mov r4, r12
    ldm r4!, {r0, r1}
    \dir\()_in
    bl hight_\dir\()_rounds
    \dir\()_out
    mov r3, r11
    stm r3!, {r4, r5}
    wipe_frame COUNTER
    leave FRAME
    .size \name, . - \name
.endm
    block lwc_hight_encrypt_words, enc
    block lwc_hight_decrypt_words, dec

/*
 * void lwc_hight_ctr_words(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks):
 * the lwc_ctr_words_fn of lwc_internal.h, the key schedule at ctx, the counter right after
 * it (offset 136, hight.c checks). Clobbers r0-r3, r12 (AAPCS). Per block the rounds and
 * 84 instructions; about 490 per call (the key table). r9 = the context's counter,
 * r10 = in, r11 = out, r12 = blocks left.
 */
    function lwc_hight_ctr_words
    enter FRAME
    mov r10, r2
    mov r11, r1
    mov r12, r3
    movs r1, #136
    adds r1, r0
    mov r9, r1
    .irp w, 0, 4                @ the counter's bytes as two words (the context is bytes)
        ldrb r2, [r1, #\w]
        ldrb r3, [r1, #\w + 1]
        lsls r3, r3, #8
        orrs r2, r3
        ldrb r3, [r1, #\w + 2]
        lsls r3, r3, #16
        orrs r2, r3
        ldrb r3, [r1, #\w + 3]
        lsls r3, r3, #24
        orrs r2, r3
        str r2, [sp, #COUNTER + \w]
    .endr
    key_table
    lanes_mask
1:  ldr r0, [sp, #COUNTER]
    ldr r1, [sp, #COUNTER + 4]
    enc_in
    bl hight_enc_rounds
    enc_out
    ctr_xor r3, r0, r1, r4, r5
    ctr_next COUNTER + 4, 1b
    ldr r5, [sp, #COUNTER + 4]  @ the last four bytes back
    mov r4, r9
    .irp b, 4, 5, 6
        strb r5, [r4, #\b]
        lsrs r5, r5, #8
    .endr
    strb r5, [r4, #7]
    wipe_frame COUNTER
    leave FRAME
    .size lwc_hight_ctr_words, . - lwc_hight_ctr_words

/* ---- the modes' hooks (lwc_internal.h) -------------------------------------------------
 * void lwc_hight_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy)
 * lwc_cbc_step_fn: chain = E(chain ^ m), m stored at copy (copy == chain allowed: the
 * chain is loaded first). All keys straight from the key schedule (one block a call: no
 * table, no frame, nothing to wipe), which must be 4-byte aligned, as chain, m and copy:
 * else through lwc_hight_cbc_step_bounce (hight.c). r6 = the key schedule. Clobbers r0-r3,
 * r12 (AAPCS). 924 + 90 instructions.
 */
    function lwc_hight_cbc_step
    push {r1-r7, lr}
    mov r4, r0
    orrs r4, r1
    orrs r4, r2
    orrs r4, r3
    lsls r4, r4, #30
    bne 9f
    lanes_mask
    movs r6, r0
    cbc_in chain=r4, m=r4, copy=r4, slot=0, c0=r0, c1=r1, u=r2, v=r3
    enc_in ks
    bl hight_enc_rounds_sk
    subs r6, #128
    enc_out ks
    ldr r3, [sp, #0]            @ chain, as pushed
    stm r3!, {r4, r5}
    pop {r1-r7, pc}
9:  bl lwc_hight_cbc_step_bounce
    pop {r1-r7, pc}
    .size lwc_hight_cbc_step, . - lwc_hight_cbc_step

/*
 * void lwc_hight_ctr_secret_words(const void *ks, uint8_t *counter, uint8_t *out,
 *                                 const uint8_t *in, size_t blocks)
 * lwc_ctr_secret_fn on 4-byte aligned counter, out and in: out[i] = in[i] ^ E(counter + i)
 * for i < blocks (>= 1), counter + blocks stored back, the increment over all 8 bytes
 * whatever the carries (secret_next8; the counter is EAX's N', secret). The key table and
 * the counter (big-endian words) on the stack, wiped after. Clobbers r0-r3, r12 (AAPCS).
 * Per block the rounds and 83 instructions; about 480 per call. r9 = counter, r10 = in,
 * r11 = out, r12 = in's end.
 */
    function lwc_hight_ctr_secret_words
    secret_ctr_enter FRAME, 2, COUNTER
    key_table
    lanes_mask
1:  secret_next8 COUNTER, r0, r1, r4, r5
    enc_in
    bl hight_enc_rounds
    enc_out
    ctr_xor r3, r0, r1, r4, r5
    next_block 1b
    secret_ctr_leave FRAME, 2, COUNTER
    .size lwc_hight_ctr_secret_words, . - lwc_hight_ctr_secret_words

#endif
