/*
 * The firmware side of protocol.h, shared by lwc_server.c and tiny_server.c: reading
 * lengths, writing result records, and measuring one call.
 */
#ifndef LWC_SERVER_IO_H
#define LWC_SERVER_IO_H

#ifdef __AVR__
#include <avr/pgmspace.h>
#endif

#include "protocol.h"
#include "simio.h"

static inline uint16_t read_u16(void)
{
    uint16_t v = sim_getc();
    return (uint16_t)(v | (uint16_t)sim_getc() << 8);
}

static inline void put_bytes(const uint8_t *data, uint16_t n)
{
    for (uint16_t i = 0; i < n; i++)
        sim_putc((char)data[i]);
}

/* The banner: SERVER_BANNER, the number of cipher ids, the buffer size. */
static inline void send_banner(uint8_t cipher_ids)
{
    sim_puts_P(PSTR(SERVER_BANNER));
    sim_putc((char)cipher_ids);
    sim_putc((char)(SERVER_MAX_PIECE & 0xff));
    sim_putc((char)(SERVER_MAX_PIECE >> 8));
}

/* A result record: its header, then the data. */
static inline void reply(uint32_t cycles, uint16_t stack, const uint8_t *data, uint16_t n)
{
    sim_putc(RESULT_MARK);
    for (uint8_t i = 0; i < 4; i++)
        sim_putc((char)(cycles >> (8 * i)));
    sim_putc((char)stack);
    sim_putc((char)(stack >> 8));
    put_bytes(data, n);
}

/*
 * Paints the stack, stamps the cycle counter, makes exactly one call and stamps again,
 * leaving the cycles and the stack peak in the caller's `cycles` and `stack`. Through
 * lwc_server's cipher table the cycles include the indirect call (ICALL) and the table
 * adapter, a constant few cycles per call. A target without a cycle counter (qemusim:
 * QEMU is not cycle-accurate) reports SERVER_NO_CYCLES.
 */
#if SIM_HAS_CYCLE_COUNTER
#ifdef TEST_SUBSET
/* A firmware for a small MCU (tests/common/served.h) stops when a call's stack reached the
 * end of the painted area (all free RAM): it may have overwritten static data, the
 * measurement's own variables among them. The full firmware, on MCUs with kilobytes to
 * spare, leaves the check out, so that its measured call sites compile as they always have
 * and the reference figures stay comparable. */
#define SERVER_EXIT_STACK_OVERFLOW 5
#define check_stack(stack)                                                            \
    do {                                                                              \
        if ((stack) == (uint16_t)(sim_stack_top + 1 - (uint16_t)__heap_start))      \
            sim_exit(SERVER_EXIT_STACK_OVERFLOW);                                     \
    } while (0)
#else
#define check_stack(stack) ((void)0)
#endif

#if defined(TEST_SUBSET) && FLASHEND < 0x2000
/*
 * On an MCU with 8 KB of flash or less (the ATtiny85) the measurement is out of line, not
 * inlined at each measured call (about 230 bytes of flash a call site, which leave no room
 * for the modes there); the figures on the larger MCUs stay as their inline call sites
 * give them. measure_begin(top) paints from __heap_start up to its own stack pointer and
 * records top, its caller's: the two bytes between hold its return address, where the
 * measured call's own return address goes next, so the peak is that of the inline paint;
 * then it stamps and returns: its RET is in the window and taken off the cycles.
 * measured_stack() runs first after the call: like measure_begin it pushes nothing
 * (avr-objdump), so its return address lands where the call's did and the scan is exact.
 */
#ifdef __AVR_3_BYTE_PC__
#define SERVER_RET_CYCLES 5
#else
#define SERVER_RET_CYCLES 4
#endif
static __attribute__((noinline, unused)) void measure_begin(uint16_t top)
{
    sim_stack_top = top;
    for (uint16_t a = (uint16_t)__heap_start; a <= SP; a++)
        *(volatile uint8_t *)a = SIM_STACK_PATTERN;
    sim_cycles_begin();
}

static __attribute__((noinline, unused)) uint32_t measured_cycles(void)
{
    return sim_cycles_latched() - SERVER_RET_CYCLES;
}

static __attribute__((noinline, unused)) uint16_t measured_stack(void)
{
    const uint16_t stack = sim_stack_peak();
    check_stack(stack);
    return stack;
}

#define MEASURE(call)                \
    do {                             \
        measure_begin(SP);           \
        call;                        \
        sim_cycles_stamp();          \
        stack = measured_stack();    \
        cycles = measured_cycles();  \
    } while (0)
#else
#define MEASURE(call)              \
    do {                           \
        sim_stack_paint();         \
        sim_cycles_begin();        \
        call;                      \
        cycles = sim_cycles_end(); \
        stack = sim_stack_peak();  \
        check_stack(stack);        \
    } while (0)
#endif
#else
#define MEASURE(call)              \
    do {                           \
        sim_stack_paint();         \
        call;                      \
        cycles = SERVER_NO_CYCLES; \
        stack = sim_stack_peak();  \
    } while (0)
#endif

#endif
