/*
 * An RV32IMC core in QEMU's user mode (qemu-riscv32: the guest runs as a Linux process,
 * one guest instruction stream, no devices) for qemusim firmware: the console is the
 * process's stdin and stdout, through the RISC-V Linux system calls (ecall, number in a7,
 * arguments in a0-a2, result in a0). Included by ../../firmware/simio.h.
 */
#ifndef QEMUSIM_BOARD_H
#define QEMUSIM_BOARD_H

#include <stdint.h>

#define RV_LINUX_READ 63
#define RV_LINUX_WRITE 64
#define RV_LINUX_EXIT_GROUP 94

static inline long rv_linux_syscall(long number, long a, long b, long c)
{
	register long a0 __asm__("a0") = a;
	register long a1 __asm__("a1") = b;
	register long a2 __asm__("a2") = c;
	register long a7 __asm__("a7") = number;
	__asm__ __volatile__("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
	return a0;
}

/* Nothing to set up: QEMU gives the process its stack and zeroed .bss. */
static inline void board_init(void)
{
}

static inline void sim_putc(char c)
{
	rv_linux_syscall(RV_LINUX_WRITE, 1, (long)&c, 1);
}

void sim_input_ended(void);

/* Blocks in read(2); the end of the input ends the run (sim_input_ended). */
static inline uint8_t sim_getc(void)
{
	uint8_t c;
	if (rv_linux_syscall(RV_LINUX_READ, 0, (long)&c, 1) != 1)
		sim_input_ended();
	return c;
}

#endif
