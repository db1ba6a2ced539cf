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

#endif /* LWC_ARCH_AVR */
#endif
