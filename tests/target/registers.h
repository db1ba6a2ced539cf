/* Shared by tests/target/registers.c and registers.S. */
#ifndef LWC_TEST_REGISTERS_H
#define LWC_TEST_REGISTERS_H

/* regs_call sets callee-saved register n to REGS_PATTERN + n before the call. */
#define REGS_PATTERN 0xa0

#endif
