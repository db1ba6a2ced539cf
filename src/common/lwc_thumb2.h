/*
 * Included by the Thumb-2 assembly files (.S only) after lwc/config.h: the macros they
 * share.
 */
#ifndef LWC_THUMB2_H
#define LWC_THUMB2_H

/* One swap-move: the bits of b at the positions in m <-> the bits of a s higher (t:
 * scratch; m an immediate). 4 instructions. */
.macro swapmove a, b, s, m, t
    eor \t, \b, \a, lsr #\s
    and \t, \t, #\m
    eor \b, \b, \t
    eor \a, \a, \t, lsl #\s
.endm

#endif
