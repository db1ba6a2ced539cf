/*
 * Register map of the avrsim host-I/O device.
 *
 * Shared by the runner (tools/avrsim/avrsim.c) and the firmware side
 * (simio.h) so that both always agree. Plain #defines only: this file is
 * included by host C, AVR C and AVR assembly.
 *
 * All addresses are data-space addresses (what LDS/STS and C pointers use).
 * Addresses below 0x60 are also reachable with IN/OUT at (address - 0x20).
 *
 *   OUT    write: byte goes to the runner's stdout
 *   IN     read:  next byte of the runner's stdin (blocks; EOF ends the run)
 *   STAMP  write: latch the simulator cycle counter
 *   CYC0..CYC3    read: bits 0-7 .. 24-31 of the latched cycle counter
 *   EXIT   write: end the simulation, the value is the runner's exit code
 *   WATCH_ADDR0..1, WATCH_LEN0..1  write: a window of data memory (little-endian)
 *   WATCH_CTRL    write 1: count the loads of each byte of the window that come before the
 *                 first store to it, from zero; write 0: stop counting (ATmegas only)
 *   WATCH_MIN, WATCH_MAX  read: the least and the most such count over the window (at most
 *                 255): 1 and 1 when every byte was read exactly once
 *
 * Each address was chosen from the "Reserved" rows of the register summary
 * in the device datasheet, so no real peripheral lives there and simavr
 * models nothing there (the runner also checks this at start-up).
 */
#ifndef SIMIO_MAP_H
#define SIMIO_MAP_H

/*
 * ATmega128, ATmega328P, ATmega2560: the top eight addresses of the extended I/O space
 * 0x60-0xFF, accessed by LDS/STS. In the "Register Summary" of each datasheet they are
 * reserved:
 *   ATmega128 (2467): all 64 I/O registers 0x20-0x5F are in use; 0x9E-0xFF are reserved
 *     (the last register in use is UCSR1C at 0x9D).
 *   ATmega328P (8271): 0xC7-0xFF are reserved (the last register in use is UDR0 at 0xC6).
 *   ATmega2560 (2549): 0xD7-0xFF are reserved (UDR2 at 0xD6; the next registers in use
 *     start at 0x100, PINH).
 * avr-libc's iom128.h, iom328p.h and iomxx0_1.h define nothing at 0xF8-0xFF either.
 */
#define SIM_ATMEGA_OUT   0xF8
#define SIM_ATMEGA_IN    0xF9
#define SIM_ATMEGA_STAMP 0xFA
#define SIM_ATMEGA_EXIT  0xFB
#define SIM_ATMEGA_CYC0  0xFC /* CYC0..CYC3 = 0xFC..0xFF */
/* The read watch, in the same reserved ranges. */
#define SIM_ATMEGA_WATCH_ADDR0 0xF0 /* WATCH_ADDR0..1 = 0xF0..0xF1 */
#define SIM_ATMEGA_WATCH_LEN0  0xF2 /* WATCH_LEN0..1 = 0xF2..0xF3 */
#define SIM_ATMEGA_WATCH_CTRL  0xF4
#define SIM_ATMEGA_WATCH_MIN   0xF5
#define SIM_ATMEGA_WATCH_MAX   0xF6

/*
 * ATtiny45, ATtiny85 (datasheet 2586, ATtiny25/45/85, "Register Summary"): there is no
 * extended I/O space and the reserved I/O addresses are 0x00-0x02, 0x09-0x0C, 0x19-0x1B,
 * 0x36 and 0x3C. The four counter bytes take the contiguous block 0x09-0x0C, the rest
 * 0x19-0x1B and 0x3C; access is by IN/OUT. avr-libc's iotnx5.h defines nothing there.
 */
#define SIM_ATTINY_X5_OUT    0x39 /* I/O 0x19 */
#define SIM_ATTINY_X5_IN     0x3A /* I/O 0x1A */
#define SIM_ATTINY_X5_STAMP  0x3B /* I/O 0x1B */
#define SIM_ATTINY_X5_EXIT   0x5C /* I/O 0x3C */
#define SIM_ATTINY_X5_CYC0   0x29 /* CYC0..CYC3 = I/O 0x09..0x0C */

/*
 * EXIT values 0..SIM_EXIT_MAX are passed through as the runner's exit
 * code; the runner's own failure codes start above it.
 */
#define SIM_EXIT_MAX 63

#endif
