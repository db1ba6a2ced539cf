/* Host side of tests/avr/protocol.h: drives lwc_server.elf in avrsim through pipes. */
#ifndef LWC_AVR_SESSION_H
#define LWC_AVR_SESSION_H

#include "../common/backend.h"
#include "../common/drbg_vectors.h"

/* Cost of one call measured on the simulated MCU. */
typedef struct {
    uint32_t cycles;
    uint16_t stack;
} op_cost;

typedef struct avr_session avr_session;

/* Starts `avrsim --mcu mcu firmware`; NULL (with a message) on failure. */
avr_session *avr_session_open(const char *avrsim, const char *mcu, const char *firmware);
/* Asks the firmware to exit and returns the runner's exit status (0 = clean). */
int avr_session_close(avr_session *s);

/*
 * ECB over n blocks with one key: setkey cost in *setkey_cost, per-block costs in
 * block_costs[n] (either may be NULL). Returns 0, or -1 after a protocol failure.
 */
int avr_blocks(avr_session *s, const test_cipher *c, int decrypt, const uint8_t *key,
               uint8_t *out, const uint8_t *in, size_t n, op_cost *setkey_cost, op_cost *block_costs);

/* CTR: ctr_init, then one ctr_crypt per piece (lengths pieces[0..n)). Same conventions. */
int avr_ctr(avr_session *s, const test_cipher *c, const uint8_t *key, const uint8_t *iv,
            uint8_t *out, const uint8_t *in, const size_t *pieces, size_t npieces,
            op_cost *init_cost, op_cost *piece_costs);

/* The target's sizeof the key schedule and CTR context of c. Returns 0 or -1. */
int avr_sizes(avr_session *s, const test_cipher *c, uint16_t *key_size, uint16_t *ctr_size);

/* A test backend whose state is an open session. */
test_backend avr_backend(avr_session *s);

/*
 * The firmware's DRBG state, on the optimised (plain = 0) or plain path of test_drbgs[index].
 * Each returns the library's code, or DRBG_TRANSPORT_ERROR; cost may be NULL.
 */
int avr_drbg_instantiate(avr_session *s, unsigned index, int plain, int df, const uint8_t *entropy,
                         size_t entropy_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,
                         size_t pers_len, op_cost *cost);
int avr_drbg_reseed(avr_session *s, unsigned index, int plain, int df, const uint8_t *entropy,
                    size_t entropy_len, const uint8_t *add, size_t add_len, op_cost *cost);
int avr_drbg_generate(avr_session *s, unsigned index, int plain, uint8_t *out, size_t out_len,
                      const uint8_t *add, size_t add_len, op_cost *cost);

/* A DRBG backend on the session's firmware (valid while the session is open). */
drbg_backend avr_drbg_backend(avr_session *s, int plain);

#endif
