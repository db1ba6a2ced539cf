/*
 * Included first by every ARMv6-M assembly file (.S only): lwc/config.h, which decides
 * whether the file assembles to anything, and the frame and CTR pieces the files share.
 * Conventions of the files: AAPCS (r0-r3, r12 clobbered; r4-r11 saved); Thumb-1 only
 * (eight low registers for the ALU, no shifted operands, RORS by a register); a frame of
 * FRAME bytes at [sp] during a call, which the rounds routines (called with BL, which
 * leaves sp alone) read SP-relative; in CTR, r10 = in, r11 = out, r12 = the blocks left.
 */
#ifndef LWC_ARMV6M_H
#define LWC_ARMV6M_H

#include "../../include/lwc/config.h"

#if LWC_ARCH_ARMV6M
    .syntax unified
    .thumb

/* An entry point (global) or a routine of the file (local), each in its own section
 * (--gc-sections). */
.macro function name
    .section .text.\name, "ax", %progbits
    .global \name
    .type \name, %function
    .thumb_func
\name:
.endm

.macro routine name
    .section .text.\name, "ax", %progbits
    .type \name, %function
    .thumb_func
\name:
.endm

/* enter: r4-r7, lr and r8-r11 saved and a frame of `bytes` made (clobbers r4-r7, which
 * hold nothing yet); leave: undone, and return. 8 + 1 and 1 + 8 instructions. */
.macro enter bytes
    push {r4-r7, lr}
    mov r4, r8
    mov r5, r9
    mov r6, r10
    mov r7, r11
    push {r4-r7}
    sub sp, #\bytes
.endm

.macro leave bytes
    add sp, #\bytes
    pop {r4-r7}
    mov r8, r4
    mov r9, r5
    mov r10, r6
    mov r11, r7
    pop {r4-r7, pc}
.endm

/* Zeroes [sp, #0 .. bytes) (a multiple of 16). Clobbers r0-r4. */
.macro wipe_frame bytes
    movs r0, #0
    movs r1, #0
    movs r2, #0
    movs r3, #0
    mov r4, sp
    .rept \bytes / 16
        stm r4!, {r0-r3}
    .endr
.endm

/* CTR: out = in ^ the keystream block in a, b (8 bytes) or a, b, c, d (16 bytes, ascending
 * registers), in and out from r10 and r11 and advanced; p, t0, t1 scratch. 10 or 13
 * instructions. */
.macro ctr_xor p, t0, t1, a, b, c, d
    mov \p, r10
    ldm \p!, {\t0, \t1}
    eors \a, \t0
    eors \b, \t1
    .ifnb \c
        ldm \p!, {\t0, \t1}
        eors \c, \t0
        eors \d, \t1
    .endif
    mov r10, \p
    mov \p, r11
    .ifnb \c
        stm \p!, {\a, \b, \c, \d}
    .else
        stm \p!, {\a, \b}
    .endif
    mov r11, \p
.endm

/* CTR: the counter's last four bytes (a big-endian number, the word at [sp, #slot]) + 1,
 * then back to `loop` while blocks are left (no carry out of those bytes: the contract of
 * lwc_ctr_xcrypt_words). Clobbers r5. 9 instructions. */
.macro ctr_next slot, loop
    ldr r5, [sp, #\slot]
    rev r5, r5
    adds r5, #1
    rev r5, r5
    str r5, [sp, #\slot]
    mov r5, r12
    subs r5, #1
    mov r12, r5
    bne \loop
.endm

/* EAX's CTR with a secret counter (lwc_X_ctr_secret_words): the counter at [sp, #slot] as
 * big-endian words, the most significant first (its bytes loaded as words and REVed by
 * secret_counter_in), so that the increment is ADDS and ADCS over the whole block, the
 * carry through every word whatever their values (constant time). secret_next16: the
 * counter block's words (little-endian, as ldm of its bytes) to a, b, c, d (ascending
 * registers), the counter + 1 stored back; t0..t3 scratch. 17 instructions. */
.macro secret_next16 slot, a, b, c, d, t0, t1, t2, t3
    add \t0, sp, #\slot
    ldm \t0!, {\a, \b, \c, \d}
    movs \t3, #0
    adds \t2, \d, #1
    mov \t1, \c                  @ (MOV leaves the carry)
    adcs \t1, \t3
    mov \t0, \b
    adcs \t0, \t3
    adcs \t3, \a
    str \t3, [sp, #\slot]
    str \t0, [sp, #\slot + 4]
    str \t1, [sp, #\slot + 8]
    str \t2, [sp, #\slot + 12]
    rev \a, \a
    rev \b, \b
    rev \c, \c
    rev \d, \d
.endm

/* The same for 8-byte blocks: the counter block's words to a, b. 9 instructions. */
.macro secret_next8 slot, a, b, t0, t1
    ldr \a, [sp, #\slot]
    ldr \b, [sp, #\slot + 4]
    movs \t0, #0
    adds \t1, \b, #1
    adcs \t0, \a
    str \t0, [sp, #\slot]
    str \t1, [sp, #\slot + 4]
    rev \a, \a
    rev \b, \b
.endm

/* The counter (`words` aligned words at p) to [sp, #slot] as secret_next wants it, and
 * back (p kept); clobbers t. 3 instructions a word. */
.macro secret_counter_in p, t, words, slot
    .irp w, 0, 1, 2, 3
        .if \w < \words
            ldr \t, [\p, #4 * \w]
            rev \t, \t
            str \t, [sp, #\slot + 4 * \w]
        .endif
    .endr
.endm

.macro secret_counter_out p, t, words, slot
    .irp w, 0, 1, 2, 3
        .if \w < \words
            ldr \t, [sp, #\slot + 4 * \w]
            rev \t, \t
            str \t, [\p, #4 * \w]
        .endif
    .endr
.endm

/* The modes' CBC-MAC step (lwc_X_cbc_step, its arguments in r0-r3 as they came): on to
 * `label` unless chain (r1), m (r2) and copy (r3) are all 4-byte aligned; there the step
 * calls its C bounce (LWC_MODE_HOOKS_WORDS), which calls it again on aligned copies.
 * Clobbers t. 5 instructions. */
.macro cbc_unless_aligned t, label
    mov \t, r1
    orrs \t, r2
    orrs \t, r3
    lsls \t, \t, #30
    bne \label
.endm

/* The CBC-MAC step's block in (lwc_X_cbc_step): x = chain ^ m, 8 bytes or 16 (c2 given), m
 * stored at copy as it is read, each word once, after the chain is loaded (so copy ==
 * chain is allowed). chain, m, copy: the pointers' registers (advanced); with slot, loaded
 * from [sp, #slot], + 4, + 8 (r1-r3 as pushed) as each is needed, so that over 8 bytes
 * they may be one register. c0..c3: the chain's registers (ascending); (u, v) the
 * message's first two words, (u2, v2) its next two (if blank, u and v again); x0..x3 the
 * results (if blank, the chain's registers; else the message's or others). 4 + 4 per 8
 * bytes, 1 more per pointer loaded and per result in neither register of its word.
 */
.macro cbc_in chain, m, copy, slot, c0, c1, c2, c3, u, v, u2, v2, x0, x1, x2, x3
    .ifnb \slot
        ldr \chain, [sp, #\slot]
    .endif
    .ifb \c2
        ldm \chain!, {\c0, \c1}          @ the chain
    .else
        ldm \chain!, {\c0, \c1, \c2, \c3}
    .endif
    .ifnb \slot
        ldr \m, [sp, #\slot + 4]
        cbc_in_words \m, \copy, \c0, \c1, \u, \v, \x0, \x1, (\slot + 8)
    .else
        cbc_in_words \m, \copy, \c0, \c1, \u, \v, \x0, \x1
    .endif
    .ifnb \c2
        .ifb \u2
            cbc_in_words \m, \copy, \c2, \c3, \u, \v, \x2, \x3
        .else
            cbc_in_words \m, \copy, \c2, \c3, \u2, \v2, \x2, \x3
        .endif
    .endif
.endm

/* Its 8 bytes: m's two words to u, v, stored at copy (its pointer loaded from [sp, #slot]
 * first if slot is given), XORed with the chain's c0, c1 into x0, x1. */
.macro cbc_in_words m, copy, c0, c1, u, v, x0, x1, slot
    ldm \m!, {\u, \v}                 @ m, each word read once
    .ifnb \slot
        ldr \copy, [sp, #\slot]
    .endif
    stm \copy!, {\u, \v}              @ the copy
    xor_into \c0, \u, \x0
    xor_into \c1, \v, \x1
.endm

/* x = c ^ w: x blank or c (into c), w, or another register (2 instructions). */
.macro xor_into c, w, x
    .ifb \x
        eors \c, \w
    .else
        .ifc \x, \c
            eors \c, \w
        .else
            .ifc \x, \w
                eors \w, \c
            .else
                movs \x, \w
                eors \x, \c
            .endif
        .endif
    .endif
.endm

/* lwc_X_ctr_secret_words's frame of `frame` bytes made (enter), counter in r9, in in r10,
 * out in r11, in's end (its fifth argument, the blocks, times the block's 4 * `words`
 * bytes) in r12, the counter's `words` words at [sp, #slot] (secret_counter_in); ks kept
 * in r0. Clobbers r4. 17 + 3 per word. */
.macro secret_ctr_enter frame, words, slot
    enter \frame
    ldr r4, [sp, #\frame + 36]  @ blocks, above the frame and the 9 saved registers
    lsls r4, r4, #2 + \words / 2 @ (2 words: 8 bytes a block; 4 words: 16)
    add r4, r3
    mov r12, r4
    mov r9, r1
    mov r10, r3
    mov r11, r2
    secret_counter_in r1, r4, \words, \slot
.endm

/* Its end: the counter back, the whole frame (key material, counter) wiped, and return. */
.macro secret_ctr_leave frame, words, slot
    mov r4, r9
    secret_counter_out r4, r5, \words, \slot
    wipe_frame \frame / 16 * 16
    .set wipe_at, \frame / 16 * 16
    .rept (\frame % 16) / 4
        str r0, [sp, #wipe_at]  @ (r0 = 0)
        .set wipe_at, wipe_at + 4
    .endr
    leave \frame
.endm

/* Back to `loop` while in (r10, advanced by ctr_xor) is short of its end (r12). 2
 * instructions. */
.macro next_block loop
    cmp r10, r12
    bne \loop
.endm
#endif

#endif
