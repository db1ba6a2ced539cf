/*
 * The devices armsim's firmware uses on QEMU's mps2-an386, and the exit codes shared by
 * the runner (../armsim) and the firmware side (simio.h). Plain #defines only.
 *
 * UART0 is the CMSDK APB UART (ARM DDI 0479, "Cortex-M System Design Kit", APB UART) at
 * 0x40004000 in the AN386 memory map; QEMU connects it to the first -serial chardev.
 */
#ifndef ARMSIM_MAP_H
#define ARMSIM_MAP_H

#define ARMSIM_UART0 0x40004000u
#define ARMSIM_UART_DATA 0x00  /* read: received byte; write: byte to send */
#define ARMSIM_UART_STATE 0x04 /* bit 0 TX buffer full, bit 1 RX buffer full */
#define ARMSIM_UART_CTRL 0x08  /* bit 0 TX enable, bit 1 RX enable */
#define ARMSIM_UART_INTCLEAR 0x0c /* write 1s: clear interrupt status bits */
#define ARMSIM_UART_BAUDDIV 0x10
#define ARMSIM_STATE_TXFULL 0x1u
#define ARMSIM_STATE_RXFULL 0x2u
#define ARMSIM_CTRL_TXEN 0x1u
#define ARMSIM_CTRL_RXEN 0x2u
#define ARMSIM_CTRL_RXINTEN 0x8u
#define ARMSIM_INT_RX 0x2u

/* UART0's receive interrupt is IRQ 0 of the AN386; the NVIC's set-enable and
 * clear-pending registers for IRQs 0-31 (ARMv7-M Architecture Reference Manual). */
#define ARMSIM_UART0_RX_IRQ 0
#define ARMSIM_NVIC_ISER0 0xe000e100u
#define ARMSIM_NVIC_ICPR0 0xe000e280u

/* Exit codes 0..ARMSIM_EXIT_MAX belong to the firmware (sim_exit); as in avrsim. */
#define ARMSIM_EXIT_MAX 63
#define ARMSIM_EXIT_USAGE 64 /* bad command line (runner) */
#define ARMSIM_EXIT_LOAD 65  /* ELF missing or not an ARM ELF (runner) */
#define ARMSIM_EXIT_CRASH 66 /* a fault handler ran (firmware) or QEMU failed (runner) */
#define ARMSIM_EXIT_TIMEOUT 68 /* --timeout reached: the firmware hung (runner) */

#endif
