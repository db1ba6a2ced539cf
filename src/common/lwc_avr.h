/*
 * Included first by every AVR assembly file (.S only): lwc/config.h, which decides whether
 * the file assembles to anything, and the macros the files share. Besides lwc/config.h,
 * the only file that reads the compiler's device macros.
 */
#ifndef LWC_AVR_H
#define LWC_AVR_H

#include "../../include/lwc/config.h"

#if LWC_ARCH_AVR
/* LOAD_SP lo, hi: the stack pointer into lo:hi (hi = 0 on cores with an 8-bit SP). SPL and
 * SPH are I/O registers 0x3d and 0x3e on every AVR core. */
.macro LOAD_SP lo, hi
    in \lo, 0x3d
#ifdef __AVR_HAVE_8BIT_SP__
    clr \hi
#else
    in \hi, 0x3e
#endif
.endm

/* PUSH_CALLEE_SAVED / POP_CALLEE_SAVED: the registers a function must give back as it got
 * them under the avr-gcc ABI (r2-r17, r28, r29), pushed and popped in mirror order. */
.macro PUSH_CALLEE_SAVED
    .irp reg, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
    push r\reg
    .endr
.endm
.macro POP_CALLEE_SAVED
    .irp reg, 29, 28, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
    pop  r\reg
    .endr
.endm

/* LWC_JMP target: a jump anywhere in flash (the CBC-MAC steps into their cipher's rounds,
 * another section): JMP where the core has it, else RJMP, which reaches all of the 8 KB at
 * most that such cores have (the linker wraps around). */
.macro LWC_JMP target
#ifdef __AVR_HAVE_JMP_CALL__
    jmp  \target
#else
    rjmp \target
#endif
.endm

/* LWC_CALL target: a call anywhere in flash (EAX's CTR, lwc_X_ctr_secret, into its
 * cipher's rounds in another section): CALL where the core has it, else RCALL (same reach
 * as LWC_JMP). */
.macro LWC_CALL target
#ifdef __AVR_HAVE_JMP_CALL__
    call  \target
#else
    rcall \target
#endif
.endm

/* LWC_AVR_RETURN_BYTES: bytes a call pushes (the return address): 3 on cores with a 3-byte
 * PC (over 128 KB of flash), else 2. */
#ifdef __AVR_3_BYTE_PC__
#define LWC_AVR_RETURN_BYTES 3
#else
#define LWC_AVR_RETURN_BYTES 2
#endif

#endif /* LWC_ARCH_AVR */
#endif
