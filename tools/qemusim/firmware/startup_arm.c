/*
 * The Cortex-M runtime of qemusim firmware (with the MCU's board.ld): the vector table,
 * .data copy, .bss clear, board_init() (board.h), then main(); sim_exit by semihosting. A
 * fault, or a return from main, ends the run with QEMUSIM_EXIT_CRASH. Thumb-1 only, so
 * that it serves ARMv6-M (Cortex-M0/M0+) as well as ARMv7-M.
 */
#include <stdint.h>

#include "simio.h"

int main(void);

extern uint32_t __data_start[], __data_end[], __data_load[], __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

__attribute__((noreturn)) void qemusim_start(void)
{
	for (uint32_t *d = __data_start, *s = __data_load; d < __data_end;)
		*d++ = *s++;
	for (uint32_t *d = __bss_start; d < __bss_end;)
		*d++ = 0;
	__asm__ __volatile__("cpsid i" ::: "memory"); /* interrupts only wake WFI (sim_getc) */
	board_init();
	main();
	sim_exit(QEMUSIM_EXIT_CRASH);
}

/*
 * Semihosting SYS_EXIT_EXTENDED (0x20): r1 points at {ADP_Stopped_ApplicationExit, code},
 * and QEMU (-semihosting-config enable=on) exits with that code. The plain SYS_EXIT of
 * 32-bit ARM carries no code (QEMU would exit 0 or 1).
 */
#define SYS_EXIT_EXTENDED 0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

void sim_exit(uint8_t code)
{
	const uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, code};
	register uint32_t op __asm__("r0") = SYS_EXIT_EXTENDED;
	register const uint32_t *arg __asm__("r1") = block;
	__asm__ __volatile__("bkpt 0xab" : : "r"(op), "r"(arg) : "memory");
	for (;;) {
		/* not reached under QEMU */
	}
}

__attribute__((noreturn)) static void fault(void)
{
	sim_puts("\nqemusim: fault\n");
	sim_exit(QEMUSIM_EXIT_CRASH);
}

/* Initial SP, reset, then NMI, HardFault, and on ARMv7-M MemManage, BusFault, UsageFault
 * (reserved on ARMv6-M, where every fault is a HardFault). */
__attribute__((section(".vectors"), used)) static void (*const vectors[])(void) = {
	(void (*)(void))__stack_top, qemusim_start, fault, fault, fault, fault, fault,
};
