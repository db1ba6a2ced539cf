/*
 * simio for qemusim: the firmware interface of tools/avrsim/firmware/simio.h, for a
 * firmware running on one of QEMU's boards (../README.md). The MCU's board.h
 * (../mcu/<mcu>/, on the include path) provides the console (sim_putc, sim_getc) and
 * board_init(); link simio.c and startup_<arch>.c, with the MCU's board.ld.
 *
 * Console: sim_putc/sim_puts/sim_put_hex/sim_put_u32 write to the runner's stdout,
 * sim_getc/sim_read read its stdin (blocking). sim_exit ends the run with an exit code.
 * PSTR/sim_puts_P exist so that AVR firmware code builds unchanged: constants need no
 * special access here.
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

/* Exit codes 0..QEMUSIM_EXIT_MAX belong to the firmware (sim_exit); as in avrsim. The
 * runner (../qemusim) gives the others. */
#define QEMUSIM_EXIT_MAX 63
#define QEMUSIM_EXIT_USAGE 64   /* bad command line (runner) */
#define QEMUSIM_EXIT_LOAD 65    /* ELF missing or not for the MCU's architecture (runner) */
#define QEMUSIM_EXIT_CRASH 66   /* a fault (firmware), or QEMU failed (runner) */
#define QEMUSIM_EXIT_TIMEOUT 68 /* --timeout reached: the firmware hung (runner) */

void sim_puts(const char *s);
#define PSTR(s) (s)
#define sim_puts_P sim_puts
/* Two lower-case hex digits per byte, in memory order, no separators. */
void sim_put_hex(const void *p, size_t n);
void sim_put_u32(uint32_t v);
void sim_read(void *p, size_t n);

/* Ends the run with exit code `code` (startup_<arch>.c); 0 = success. */
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

extern uintptr_t sim_stack_top;

__attribute__((always_inline)) static inline uintptr_t sim_sp(void)
{
	uintptr_t sp;
#if defined(__riscv)
	__asm__ __volatile__("mv %0, sp" : "=r"(sp));
#else
	__asm__ __volatile__("mov %0, sp" : "=r"(sp));
#endif
	return sp;
}

__attribute__((always_inline)) static inline void sim_stack_paint(void)
{
	const uintptr_t top = sim_sp();
	sim_stack_top = top;
	for (volatile uint32_t *p = (volatile uint32_t *)(top - SIM_STACK_WINDOW); p < (volatile uint32_t *)top; p++)
		*p = SIM_STACK_PATTERN;
}

__attribute__((always_inline)) static inline uint16_t sim_stack_peak(void)
{
	const volatile uint32_t *w = (const volatile uint32_t *)(sim_stack_top - SIM_STACK_WINDOW);
	while ((uintptr_t)w < sim_stack_top && *w == SIM_STACK_PATTERN)
		w++;
	const volatile uint8_t *p = (const volatile uint8_t *)w;
	while ((uintptr_t)p < sim_stack_top && *p == (uint8_t)SIM_STACK_PATTERN)
		p++;
	return (uint16_t)(sim_stack_top - (uintptr_t)p);
}

/*
 * Instruction-count markers: ../count_insns counts the instructions executed from the
 * first instruction of sim_mark_begin() to the first of sim_mark_end() (it finds their
 * addresses with nm), minus the two that belong to the markers (sim_mark_begin's return
 * and the call of sim_mark_end), so an empty region counts 0; ../test_qemusim.sh checks
 * that on each MCU's calibration sequences (calibration_<mcu>.S).
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
