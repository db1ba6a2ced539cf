/* Macros shared by the AVR assembly files (included from .S only). */
#ifndef LWC_AVR_H
#define LWC_AVR_H

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

#endif
