/*
 * The RISC-V runtime of qemusim firmware in QEMU's user mode (mcu/rv32imc/board.h): QEMU
 * loads the segments (.data initialised, .bss zeroed), sets the stack pointer and jumps to
 * qemusim_start, which calls main(); sim_exit is exit_group(2). A return from main, or the
 * end of the input, ends the run with QEMUSIM_EXIT_CRASH; a fault (an illegal instruction,
 * a bad address) kills the process with a signal, which the runner reports as exit 66.
 * No global pointer: the linker script defines no __global_pointer$, so the linker makes
 * no gp-relative accesses.
 */
#include <stdint.h>

#include "simio.h"

int main(void);

__attribute__((noreturn)) void qemusim_start(void)
{
	board_init();
	main();
	sim_exit(QEMUSIM_EXIT_CRASH);
}

void sim_exit(uint8_t code)
{
	for (;;)
		rv_linux_syscall(RV_LINUX_EXIT_GROUP, code, 0, 0);
}

void sim_input_ended(void)
{
	static const char message[] = "\nqemusim: end of input\n";
	rv_linux_syscall(RV_LINUX_WRITE, 2, (long)message, sizeof message - 1);
	sim_exit(QEMUSIM_EXIT_CRASH);
}
