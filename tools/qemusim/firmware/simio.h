/*
 * simio for armsim: the firmware interface of tools/avrsim/firmware/simio.h, for a
 * Cortex-M4 firmware running in QEMU's mps2-an386 (../README.md). Link simio.c and
 * startup.c, with armsim.ld.
 *
 * Console: sim_putc/sim_puts/sim_put_hex/sim_put_u32 write to the runner's stdout,
 * sim_getc/sim_read read its stdin (blocking), through UART0. sim_exit ends the run with
 * an exit code (semihosting). PSTR/sim_puts_P exist so that AVR firmware code builds
 * unchanged: constants need no special access on ARM.
 *
 * QEMU has no cycle counter (it is not cycle-accurate): SIM_HAS_CYCLE_COUNTER is 0 and
 * there is no sim_cycles_begin/end. Instruction counts come from the trace instead
 * (../count_insns.c and sim_mark_begin/sim_mark_end below).
 */
#ifndef SIMIO_H
#define SIMIO_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

#define SIM_HAS_CYCLE_COUNTER 0

#define SIM_UART_REG(off) (*(volatile uint32_t *)(ARMSIM_UART0 + (off)))

/* UART0 is enabled by the reset handler (startup.c). */
static inline void sim_putc(char c)
{
	while (SIM_UART_REG(ARMSIM_UART_STATE) & ARMSIM_STATE_TXFULL) {
		/* wait for room */
	}
	SIM_UART_REG(ARMSIM_UART_DATA) = (uint8_t)c;
}

/*
 * Waits with WFI rather than spinning, so that QEMU's CPU thread sleeps and leaves the host
 * CPU to the thread that feeds the UART: the receive interrupt is enabled but masked
 * (PRIMASK, set by the reset handler), so it only wakes the core. Its pending state is
 * cleared at the UART, then at the NVIC, after each byte.
 */
static inline uint8_t sim_getc(void)
{
	while (!(SIM_UART_REG(ARMSIM_UART_STATE) & ARMSIM_STATE_RXFULL))
		__asm__ __volatile__("wfi" ::: "memory");
	const uint8_t c = (uint8_t)SIM_UART_REG(ARMSIM_UART_DATA);
	SIM_UART_REG(ARMSIM_UART_INTCLEAR) = ARMSIM_INT_RX;
	*(volatile uint32_t *)ARMSIM_NVIC_ICPR0 = 1u << ARMSIM_UART0_RX_IRQ;
	return c;
}

void sim_puts(const char *s);
#define PSTR(s) (s)
#define sim_puts_P sim_puts
/* Two lower-case hex digits per byte, in memory order, no separators. */
void sim_put_hex(const void *p, size_t n);
void sim_put_u32(uint32_t v);
void sim_read(void *p, size_t n);

/*
 * Semihosting SYS_EXIT_EXTENDED (0x20): r1 points at {ADP_Stopped_ApplicationExit, code},
 * and QEMU (-semihosting-config enable=on) exits with that code. The plain SYS_EXIT of
 * 32-bit ARM carries no code (QEMU would exit 0 or 1). code 0 = success.
 */
#define SIM_SYS_EXIT_EXTENDED 0x20u
#define SIM_ADP_STOPPED_APPLICATION_EXIT 0x20026u

__attribute__((noreturn)) void sim_exit(uint8_t code);

/*
 * Stack measurement, as in avrsim's simio.h but over a window: sim_stack_paint() fills
 * the SIM_STACK_WINDOW bytes below the stack pointer P with SIM_STACK_PATTERN words, and
 * sim_stack_peak() returns P - L for the lowest changed byte L (0: nothing written). A
 * result of SIM_STACK_WINDOW means the call may have used more. Both are forced inline
 * and must be called directly from the same function.
 */
#define SIM_STACK_PATTERN 0xA5A5A5A5u
#define SIM_STACK_WINDOW 4096u

extern uint32_t sim_stack_top;

__attribute__((always_inline)) static inline uint32_t sim_sp(void)
{
	uint32_t sp;
	__asm__ __volatile__("mov %0, sp" : "=r"(sp));
	return sp;
}

__attribute__((always_inline)) static inline void sim_stack_paint(void)
{
	const uint32_t top = sim_sp();
	sim_stack_top = top;
	for (volatile uint32_t *p = (volatile uint32_t *)(top - SIM_STACK_WINDOW); p < (volatile uint32_t *)top; p++)
		*p = SIM_STACK_PATTERN;
}

__attribute__((always_inline)) static inline uint16_t sim_stack_peak(void)
{
	const volatile uint32_t *w = (const volatile uint32_t *)(sim_stack_top - SIM_STACK_WINDOW);
	while ((uint32_t)w < sim_stack_top && *w == SIM_STACK_PATTERN)
		w++;
	const volatile uint8_t *p = (const volatile uint8_t *)w;
	while ((uint32_t)p < sim_stack_top && *p == (uint8_t)SIM_STACK_PATTERN)
		p++;
	return (uint16_t)(sim_stack_top - (uint32_t)p);
}

/*
 * Instruction-count markers: ../count_insns counts the instructions executed from the
 * first instruction of sim_mark_begin() to the first of sim_mark_end() (it finds their
 * addresses with nm), minus the two that belong to the markers (sim_mark_begin's return
 * and the call of sim_mark_end), so an empty region counts 0; ../test_qemusim.sh checks
 * that on firmware/calibration_cortex-m4.S.
 */
void sim_mark_begin(void);
void sim_mark_end(void);

/* One measured region around exactly one call. */
#define SIM_REGION(call)         \
	do {                     \
		sim_mark_begin(); \
		call;            \
		sim_mark_end();   \
	} while (0)

#endif
