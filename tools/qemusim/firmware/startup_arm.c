/*
 * Reset and fault handling for armsim firmware on mps2-an386 (with armsim.ld): the
 * vector table, .data copy, .bss clear, UART0 enable (its receive interrupt only wakes
 * the core, see sim_getc), then main(). A fault, or a return
 * from main, ends the run with ARMSIM_EXIT_CRASH.
 */
#include <stdint.h>

#include "simio.h"

int main(void);

extern uint32_t __data_start[], __data_end[], __data_load[], __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

__attribute__((noreturn)) void armsim_reset(void)
{
	for (uint32_t *d = __data_start, *s = __data_load; d < __data_end;)
		*d++ = *s++;
	for (uint32_t *d = __bss_start; d < __bss_end;)
		*d++ = 0;
	SIM_UART_REG(ARMSIM_UART_BAUDDIV) = 16; /* the smallest legal divisor; QEMU ignores speed */
	SIM_UART_REG(ARMSIM_UART_CTRL) = ARMSIM_CTRL_TXEN | ARMSIM_CTRL_RXEN | ARMSIM_CTRL_RXINTEN;
	__asm__ __volatile__("cpsid i" ::: "memory"); /* interrupts only wake WFI (sim_getc) */
	*(volatile uint32_t *)ARMSIM_NVIC_ISER0 = 1u << ARMSIM_UART0_RX_IRQ;
	main();
	sim_exit(ARMSIM_EXIT_CRASH);
}

__attribute__((noreturn)) static void fault(void)
{
	sim_puts("\narmsim: fault\n");
	sim_exit(ARMSIM_EXIT_CRASH);
}

/* Initial SP, reset, then NMI, HardFault, MemManage, BusFault, UsageFault. */
__attribute__((section(".vectors"), used)) static void (*const vectors[])(void) = {
	(void (*)(void))__stack_top, armsim_reset, fault, fault, fault, fault, fault,
};
