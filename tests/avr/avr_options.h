/* Command line shared by test_avr and bench_avr:
 *   [--mcu atmega128|attiny45] [--ciphers id,id,...] [--blocks-only] AVRSIM FIRMWARE VARIANT
 * --blocks-only: the firmware serves single-block operations only (no CTR, no DRBG), as
 * the ATtiny45 firmware does. */
#ifndef LWC_AVR_OPTIONS_H
#define LWC_AVR_OPTIONS_H

#include "../common/cipher_table.h"

typedef struct {
    const char *mcu;
    const char *ciphers; /* comma-separated ids, or NULL for all */
    int blocks_only;
    const char *avrsim, *firmware, *variant;
} avr_options;

/* Returns 0, or prints the usage and returns -1. */
int avr_options_parse(avr_options *o, int argc, char **argv);

/* Whether the options select cipher c, or the cipher (or DRBG) with this id. */
int avr_options_selects(const avr_options *o, const test_cipher *c);
int avr_options_selects_name(const avr_options *o, const char *name);

#endif
