/*
 * regs_call (tests/target/registers.c): calls a library function with given pointer
 * arguments and keeps every register as the function returned them, so that the test can
 * check what the function leaves behind (include/lwc.h "Secrets") and that it kept the
 * avr-gcc ABI.
 *
 * void regs_call(const void *a, void *b, const void *c, void (*fn)(void))
 * Calls fn with a, b, c in r25:r24, r23:r22, r21:r20, b again in r19:r18 (a fourth pointer
 * argument: the CBC-MAC step's copy, whose "no copy" is copy == chain) and the callee-saved
 * registers r2..r17, r28, r29 set to REGS_PATTERN + their number, then stores r0..r31 after its return in
 * regs_after[0..31] (STS: no register is used to store them).
 */
#include "../../src/common/lwc_avr.h"
#include "registers.h"

    .section .bss.regs_after, "aw", @nobits
    .global regs_after
regs_after:
    .skip 32

    .section .text.regs_call, "ax", @progbits
    .global regs_call
    .type regs_call, @function
regs_call:
    PUSH_CALLEE_SAVED
    movw r30, r18                   /* Z = fn (a stub address in the first 128 KB on an
                                       ATmega2560: ICALL reaches it with EIND 0) */
    .irp n, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
    ldi  r18, REGS_PATTERN + \n
    mov  r\n, r18
    .endr
    movw r18, r22
    icall
    .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    sts  regs_after + \n, r\n
    .endr
    POP_CALLEE_SAVED
    clr  r1
    ret
    .size regs_call, . - regs_call

/*
 * void regs_call_args(const uint8_t regs[18], uint16_t stack_arg, void (*fn)(void))
 * Calls fn with r8..r25 = regs[0..17] (the argument registers of a ten-argument function:
 * Ascon-AEAD128's encrypt and decrypt), stack_arg pushed as its tenth argument, and r2..r7,
 * r28, r29 = REGS_PATTERN + their number; stores r0..r31 after its return in regs_after
 * (r8..r17 must come back as regs[0..9], r25:r24 holds the result).
 */
    .section .text.regs_call_args, "ax", @progbits
    .global regs_call_args
    .type regs_call_args, @function
regs_call_args:
    PUSH_CALLEE_SAVED
    movw r30, r20                   /* Z = fn */
    push r23                        /* the stack argument: its low byte at the lower address */
    push r22
    movw r26, r24
    .irp n, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25
    ld   r\n, X+
    .endr
    .irp n, 2, 3, 4, 5, 6, 7, 28, 29
    ldi  r26, REGS_PATTERN + \n
    mov  r\n, r26
    .endr
    icall
    .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    sts  regs_after + \n, r\n
    .endr
    pop  r0
    pop  r0
    POP_CALLEE_SAVED
    clr  r1
    ret
    .size regs_call_args, . - regs_call_args
