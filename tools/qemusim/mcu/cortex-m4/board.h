/*
 * QEMU's mps2-an386 (ARM Application Note 386: a Cortex-M4 on the MPS2 board) for qemusim
 * firmware: the console on UART0, and board_init() for the reset handler
 * (../../firmware/startup_arm.c). Included by ../../firmware/simio.h.
 *
 * UART0 is the CMSDK APB UART (ARM DDI 0479, "Cortex-M System Design Kit", APB UART) at
 * 0x40004000 in the AN386 memory map; QEMU connects it to the first -serial chardev.
 */
#ifndef QEMUSIM_BOARD_H
#define QEMUSIM_BOARD_H

#include <stdint.h>

#define AN386_UART0 0x40004000u
#define AN386_UART_DATA 0x00     /* read: received byte; write: byte to send */
#define AN386_UART_STATE 0x04    /* bit 0 TX buffer full, bit 1 RX buffer full */
#define AN386_UART_CTRL 0x08     /* bit 0 TX enable, bit 1 RX enable */
#define AN386_UART_INTCLEAR 0x0c /* write 1s: clear interrupt status bits */
#define AN386_UART_BAUDDIV 0x10
#define AN386_STATE_TXFULL 0x1u
#define AN386_STATE_RXFULL 0x2u
#define AN386_CTRL_TXEN 0x1u
#define AN386_CTRL_RXEN 0x2u
#define AN386_CTRL_RXINTEN 0x8u
#define AN386_INT_RX 0x2u

/* UART0's receive interrupt is IRQ 0 of the AN386; the NVIC's set-enable and
 * clear-pending registers for IRQs 0-31 (ARMv7-M Architecture Reference Manual). */
#define AN386_UART0_RX_IRQ 0
#define NVIC_ISER0 0xe000e100u
#define NVIC_ICPR0 0xe000e280u

#define AN386_UART_REG(off) (*(volatile uint32_t *)(AN386_UART0 + (off)))

/* UART0 on, its receive interrupt enabled (only to wake WFI: the reset handler masks
 * interrupts with PRIMASK). */
static inline void board_init(void)
{
	AN386_UART_REG(AN386_UART_BAUDDIV) = 16; /* the smallest legal divisor; QEMU ignores speed */
	AN386_UART_REG(AN386_UART_CTRL) = AN386_CTRL_TXEN | AN386_CTRL_RXEN | AN386_CTRL_RXINTEN;
	*(volatile uint32_t *)NVIC_ISER0 = 1u << AN386_UART0_RX_IRQ;
}

static inline void sim_putc(char c)
{
	while (AN386_UART_REG(AN386_UART_STATE) & AN386_STATE_TXFULL) {
		/* wait for room */
	}
	AN386_UART_REG(AN386_UART_DATA) = (uint8_t)c;
}

/*
 * Waits with WFI rather than spinning, so that QEMU's CPU thread sleeps and leaves the host
 * CPU to the thread that feeds the UART: the receive interrupt is enabled but masked
 * (PRIMASK), so it only wakes the core. Its pending state is cleared at the UART, then at
 * the NVIC, after each byte.
 */
static inline uint8_t sim_getc(void)
{
	while (!(AN386_UART_REG(AN386_UART_STATE) & AN386_STATE_RXFULL))
		__asm__ __volatile__("wfi" ::: "memory");
	const uint8_t c = (uint8_t)AN386_UART_REG(AN386_UART_DATA);
	AN386_UART_REG(AN386_UART_INTCLEAR) = AN386_INT_RX;
	*(volatile uint32_t *)NVIC_ICPR0 = 1u << AN386_UART0_RX_IRQ;
	return c;
}

#endif
