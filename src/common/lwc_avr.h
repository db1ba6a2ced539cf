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

/* LWC_CALL f: a call that reaches any address of flash: CALL, or RCALL on cores without
 * JMP/CALL, whose flash (at most 8 KB) RCALL's +-4 KB reach covers with the linker's
 * wrap-around (avr-gcc links them with --pmem-wrap-around). */
.macro LWC_CALL f
#ifdef __AVR_HAVE_JMP_CALL__
    call \f
#else
    rcall \f
#endif
.endm

/* LWC_AVR_RETURN_BYTES: bytes a call pushes (the return address): 3 on cores with a 3-byte
 * PC (over 128 KB of flash), else 2. */
#ifdef __AVR_3_BYTE_PC__
#define LWC_AVR_RETURN_BYTES 3
#else
#define LWC_AVR_RETURN_BYTES 2
#endif

/*
 * CTR_CARRY_INTO_COUNTER last, valid: add 1 into the counter bytes last..0 at Y (the
 * bytes above the precomputation window, big-endian) and clear the window's valid flag
 * at Y + valid: every byte, no early exit, so the cost is the same for every counter.
 * 5 (last + 1) + 4 cycles. Clobbers r0 and the carry; leaves r1 = 0.
 */
.macro CTR_CARRY_INTO_COUNTER last, valid
    clr  r1
    sec
    .set lwc_carry_byte, \last
    .rept \last + 1
    ldd  r0, Y + lwc_carry_byte
    adc  r0, r1
    std  Y + lwc_carry_byte, r0
    .set lwc_carry_byte, lwc_carry_byte - 1
    .endr
    std  Y + \valid, r1
.endm

#endif /* LWC_ARCH_AVR */
#endif
