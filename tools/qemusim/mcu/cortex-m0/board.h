/*
 * QEMU's microbit (BBC micro:bit v1: a Nordic nRF51822, Cortex-M0, 256 KB of flash, 16 KB
 * of RAM) for qemusim firmware: the console on the nRF51's UART, and board_init() for the
 * reset handler (../../firmware/startup_arm.c). Included by ../../firmware/simio.h.
 *
 * Registers from the nRF51 Series Reference Manual v3.0, chapter 29 (UART): tasks are
 * started by writing 1, events are set by the peripheral and cleared by writing 0. QEMU
 * connects the UART to the first -serial chardev and models a 6-byte receive FIFO.
 */
#ifndef QEMUSIM_BOARD_H
#define QEMUSIM_BOARD_H

#include <stdint.h>

#define NRF51_UART0 0x40002000u
#define NRF51_UART_STARTRX 0x000 /* task: start the receiver */
#define NRF51_UART_STARTTX 0x008 /* task: start the transmitter */
#define NRF51_UART_RXDRDY 0x108  /* event: a byte is in RXD */
#define NRF51_UART_TXDRDY 0x11c  /* event: the byte written to TXD has gone */
#define NRF51_UART_INTENSET 0x304
#define NRF51_UART_ENABLE 0x500
#define NRF51_UART_RXD 0x518
#define NRF51_UART_TXD 0x51c
#define NRF51_UART_ENABLE_ON 4u
#define NRF51_UART_INT_RXDRDY (1u << 2)

/* The UART's interrupt is IRQ 2 (its peripheral ID: address bits 12-16); the NVIC's
 * set-enable and clear-pending registers for IRQs 0-31 (ARMv6-M Architecture Reference
 * Manual). */
#define NRF51_UART0_IRQ 2
#define NVIC_ISER0 0xe000e100u
#define NVIC_ICPR0 0xe000e280u

#define NRF51_UART_REG(off) (*(volatile uint32_t *)(NRF51_UART0 + (off)))

/* The UART on, both directions started, its receive event raising the interrupt (only to
 * wake WFI: the reset handler masks interrupts with PRIMASK). */
static inline void board_init(void)
{
	NRF51_UART_REG(NRF51_UART_ENABLE) = NRF51_UART_ENABLE_ON;
	NRF51_UART_REG(NRF51_UART_STARTTX) = 1;
	NRF51_UART_REG(NRF51_UART_STARTRX) = 1;
	NRF51_UART_REG(NRF51_UART_INTENSET) = NRF51_UART_INT_RXDRDY;
	*(volatile uint32_t *)NVIC_ISER0 = 1u << NRF51_UART0_IRQ;
}

/* One byte at a time: a write to TXD while the previous byte is still going is lost. */
static inline void sim_putc(char c)
{
	NRF51_UART_REG(NRF51_UART_TXD) = (uint8_t)c;
	while (!NRF51_UART_REG(NRF51_UART_TXDRDY)) {
		/* wait until it has gone */
	}
	NRF51_UART_REG(NRF51_UART_TXDRDY) = 0;
}

/*
 * Waits with WFI, as on the mps2-an386 (../cortex-m4/board.h): the event is cleared before
 * RXD is read (reading RXD raises it again while the FIFO holds more), then the NVIC's
 * pending bit.
 */
static inline uint8_t sim_getc(void)
{
	while (!NRF51_UART_REG(NRF51_UART_RXDRDY))
		__asm__ __volatile__("wfi" ::: "memory");
	NRF51_UART_REG(NRF51_UART_RXDRDY) = 0;
	const uint8_t c = (uint8_t)NRF51_UART_REG(NRF51_UART_RXD);
	*(volatile uint32_t *)NVIC_ICPR0 = 1u << NRF51_UART0_IRQ;
	return c;
}

#endif
