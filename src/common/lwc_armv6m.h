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
#endif

#endif
