/*
 * simio: firmware side of the avrsim host-I/O device (see simio_map.h and
 * ../README.md). For avr-gcc C code on the MCUs avrsim runs (ATmega128, ATmega328P,
 * ATmega2560, ATtiny45, ATtiny85); link simio.c as well.
 *
 * Console: sim_putc/sim_puts/sim_puts_P/sim_put_hex/sim_put_u32 write to
 * the runner's stdout, sim_getc/sim_read read its stdin (blocking; reading
 * past its end aborts the run), sim_exit ends the run with an exit code.
 *
 * Cycle measurement:
 *
 *     sim_cycles_begin();
 *     lwc_encrypt(...);                 // code under measurement
 *     uint32_t c = sim_cycles_end();    // exact cycles of the code above
 *
 * Stack measurement (both calls must sit directly in the same function):
 *
 *     sim_stack_paint();
 *     lwc_encrypt(...);
 *     uint16_t bytes = sim_stack_peak();
 */
#ifndef SIMIO_H
#define SIMIO_H

#include <stddef.h>
#include <stdint.h>
#include <avr/io.h>

#include "simio_map.h"

#if defined(__AVR_ATmega128__) || defined(__AVR_ATmega328P__) || defined(__AVR_ATmega2560__)
#define SIM_ADDR_OUT SIM_ATMEGA_OUT
#define SIM_ADDR_IN SIM_ATMEGA_IN
#define SIM_ADDR_STAMP SIM_ATMEGA_STAMP
#define SIM_ADDR_EXIT SIM_ATMEGA_EXIT
#define SIM_ADDR_CYC0 SIM_ATMEGA_CYC0
#elif defined(__AVR_ATtiny45__) || defined(__AVR_ATtiny85__)
#define SIM_ADDR_OUT SIM_ATTINY_X5_OUT
#define SIM_ADDR_IN SIM_ATTINY_X5_IN
#define SIM_ADDR_STAMP SIM_ATTINY_X5_STAMP
#define SIM_ADDR_EXIT SIM_ATTINY_X5_EXIT
#define SIM_ADDR_CYC0 SIM_ATTINY_X5_CYC0
#else
#error "simio.h: avrsim has no register map for this MCU"
#endif

/* avrsim latches the simulator's cycle counter (sim_cycles_begin/end below). */
#define SIM_HAS_CYCLE_COUNTER 1

#define SIM_REG8(addr) (*(volatile uint8_t *)(addr))

static inline void sim_putc(char c)
{
	SIM_REG8(SIM_ADDR_OUT) = (uint8_t)c;
}

static inline uint8_t sim_getc(void)
{
	return SIM_REG8(SIM_ADDR_IN);
}

void sim_puts(const char *s);
/* s is in program memory (PSTR, PROGMEM): saves RAM on the ATtiny45. */
void sim_puts_P(const char *s);
/* Two lower-case hex digits per byte, in memory order, no separators. */
void sim_put_hex(const void *p, size_t n);
void sim_put_u32(uint32_t v);
void sim_read(void *p, size_t n);

/* code 0 = success; 1..SIM_EXIT_MAX = failure reported by the firmware. */
__attribute__((noreturn)) static inline void sim_exit(uint8_t code)
{
	SIM_REG8(SIM_ADDR_EXIT) = code;
	for (;;) {
		/* not reached in the simulator */
	}
}

/*
 * Cycle measurement.
 *
 * sim_cycles_begin() latches the cycle counter and copies the latch to
 * sim_cycles_start; sim_cycles_end() latches again and returns the
 * difference minus SIM_CYCLES_OVERHEAD, the cost of that copy. Both
 * sequences are fixed inline assembly, so the overhead does not depend on
 * the compiler, and tools/avrsim/firmware/calibration.c checks that an
 * empty measurement gives exactly 0.
 *
 * The latch records the cycle on which the writing instruction starts, so
 * a raw measurement covers the begin sequence (one STAMP write, four CYC
 * reads, four STS to RAM) and everything up to the end STAMP write.
 * Datasheet cycles: STS 2, LDS 2, IN 1, OUT 1, so the overhead is
 * 2 + 4 * (2 + 2) = 18 on the ATmegas (extended I/O needs LDS/STS) and
 * 1 + 4 * (1 + 2) = 13 on the ATtinys (IN/OUT).
 *
 * The "memory" clobbers stop the compiler from moving memory accesses and
 * calls across either stamp. Pure register arithmetic may still be moved;
 * measure such code by calling a function that is not inlined.
 */
#if SIM_ADDR_STAMP < 0x60
#define SIM_IO_CYCLES 1
#define SIM_ASM_STAMP "out %i[stamp], __zero_reg__\n\t"
#define SIM_ASM_COPY(n) \
	"in __tmp_reg__, %i[cyc" #n "]\n\t" \
	"sts sim_cycles_start+" #n ", __tmp_reg__\n\t"
#else
#define SIM_IO_CYCLES 2
#define SIM_ASM_STAMP "sts %[stamp], __zero_reg__\n\t"
#define SIM_ASM_COPY(n) \
	"lds __tmp_reg__, %[cyc" #n "]\n\t" \
	"sts sim_cycles_start+" #n ", __tmp_reg__\n\t"
#endif

#define SIM_CYCLES_OVERHEAD (SIM_IO_CYCLES + 4 * (SIM_IO_CYCLES + 2))

/* Written only by sim_cycles_begin(); defined in simio.c. */
extern uint32_t sim_cycles_start;

__attribute__((always_inline)) static inline void sim_cycles_begin(void)
{
	__asm__ __volatile__(
		SIM_ASM_STAMP
		SIM_ASM_COPY(0) SIM_ASM_COPY(1) SIM_ASM_COPY(2) SIM_ASM_COPY(3)
		:
		: [stamp] "n"(SIM_ADDR_STAMP),
		  [cyc0] "n"(SIM_ADDR_CYC0), [cyc1] "n"(SIM_ADDR_CYC0 + 1),
		  [cyc2] "n"(SIM_ADDR_CYC0 + 2), [cyc3] "n"(SIM_ADDR_CYC0 + 3)
		: "memory");
}

/* The end of a measurement in two steps: sim_cycles_stamp() latches the counter,
 * sim_cycles_latched() (later, in any function) returns the cycles since
 * sim_cycles_begin() up to that stamp. sim_cycles_end() does both. */
__attribute__((always_inline)) static inline void sim_cycles_stamp(void)
{
	__asm__ __volatile__(SIM_ASM_STAMP : : [stamp] "n"(SIM_ADDR_STAMP) : "memory");
}

__attribute__((always_inline)) static inline uint32_t sim_cycles_latched(void)
{
	uint32_t now = (uint32_t)SIM_REG8(SIM_ADDR_CYC0)
		| (uint32_t)SIM_REG8(SIM_ADDR_CYC0 + 1) << 8
		| (uint32_t)SIM_REG8(SIM_ADDR_CYC0 + 2) << 16
		| (uint32_t)SIM_REG8(SIM_ADDR_CYC0 + 3) << 24;
	return now - sim_cycles_start - SIM_CYCLES_OVERHEAD;
}

__attribute__((always_inline)) static inline uint32_t sim_cycles_end(void)
{
	sim_cycles_stamp();
	return sim_cycles_latched();
}

/*
 * Stack measurement.
 *
 * sim_stack_paint() records the stack pointer P (the address of the first
 * free byte, AVR SP points there) and fills every byte from __heap_start
 * (the end of .data/.bss/.noinit; nothing may use malloc) up to and
 * including P with SIM_STACK_PATTERN.
 *
 * sim_stack_peak() then finds the lowest address L in that range that no
 * longer holds the pattern and returns P + 1 - L: the number of bytes
 * below the paint point that were written since, i.e. the deepest stack
 * excursion of the code in between. For a call f() between the two this
 * is f's total stack need including the return address pushed by the call
 * (2 bytes, 3 on the ATmega2560), the registers its prologue saves, its frame and
 * everything its callees use. The frame of the measuring function itself
 * lies above P and is not counted. 0 means nothing was written.
 *
 * Both are forced inline and call nothing, so they use no stack below P
 * themselves; that is why they must be called directly from the same
 * function (the same SP), not through a non-inlined wrapper. The stores and
 * loads are volatile so the compiler cannot turn the loops into memset()
 * or similar calls, whose return address would land in the painted area.
 *
 * Limits: a stack byte that happens to be written with the pattern value
 * at the very bottom of the excursion is not seen (undercount); a result of
 * P + 1 - __heap_start means the stack reached the end of the painted area
 * and may have overflowed into static data.
 */
#define SIM_STACK_PATTERN 0xA5

/* Defined by the avr-libc linker scripts. */
extern uint8_t __heap_start[];
/* P of the last sim_stack_paint(); defined in simio.c. */
extern uint16_t sim_stack_top;

__attribute__((always_inline)) static inline void sim_stack_paint(void)
{
	uint16_t top = SP;
	sim_stack_top = top;
	for (uint16_t a = (uint16_t)__heap_start; a <= top; a++)
		*(volatile uint8_t *)a = SIM_STACK_PATTERN;
}

__attribute__((always_inline)) static inline uint16_t sim_stack_peak(void)
{
	uint16_t a = (uint16_t)__heap_start;
	while (a <= sim_stack_top && *(volatile uint8_t *)a == SIM_STACK_PATTERN)
		a++;
	return sim_stack_top + 1 - a;
}

#endif
