/* Command line shared by test_target and bench_avr:
 *   [--mcu MCU] [--ciphers id,id,...] [--blocks-only] [--no-drbg] [--no-modes] [--modes-only]
 *   [--no-records] [--no-ascon] SIMULATOR FIRMWARE VARIANT
 * --blocks-only: the firmware serves single-block operations only (no CTR, no DRBG, no
 * modes, no Ascon), as the ATtiny45 firmware does; --no-drbg: it serves no CTR_DRBG (too
 * little RAM); --no-modes: no authenticated modes (too little flash or RAM), nor sealed
 * records; --modes-only: the authenticated modes alone (a target whose flash holds the modes
 * or the rest, not both: conf field split_modes, mk/firmware.mk); --no-records: no sealed
 * records (too little flash); --no-ascon: Ascon is not tested there (conf: ascon := none).
 * --ciphers also takes ascon_aead and ascon_hash (Ascon-AEAD128, Ascon's hashes). */
#ifndef LWC_SIM_OPTIONS_H
#define LWC_SIM_OPTIONS_H

#include "../common/cipher_table.h"

typedef struct {
    const char *mcu;
    const char *ciphers; /* comma-separated ids, or NULL for all */
    int blocks_only;
    int no_drbg;  /* set by --blocks-only too */
    int no_modes; /* set by --blocks-only too */
    int modes_only;
    int no_records; /* set by --blocks-only too */
    int no_ascon;   /* set by --blocks-only too */
    const char *simulator, *firmware, *variant; /* simulator: tools/avrsim or tools/qemusim runner */
} sim_options;

/* Returns 0, or prints the usage and returns -1. */
int sim_options_parse(sim_options *o, int argc, char **argv);

/* Whether the options select cipher c, or the cipher (or DRBG) with this id. */
int sim_options_selects(const sim_options *o, const test_cipher *c);
int sim_options_selects_name(const sim_options *o, const char *name);

#endif
