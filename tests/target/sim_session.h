/* Host side of tests/target/protocol.h: drives a test firmware in its simulator (tools/avrsim,
 * tools/qemusim) through pipes. */
#ifndef LWC_SIM_SESSION_H
#define LWC_SIM_SESSION_H

#include "../common/backend.h"
#include "../common/drbg_vectors.h"
#include "../common/mode_backend.h"
#include "../common/record_table.h"

/* Cost of one call measured on the simulated MCU. */
typedef struct {
    uint32_t cycles;
    uint16_t stack;
} op_cost;

typedef struct sim_session sim_session;

/* Starts `sim --mcu mcu firmware` (sim: a simulator runner); NULL (with a message) on failure. */
sim_session *sim_session_open(const char *sim, const char *mcu, const char *firmware);
/* Asks the firmware to exit and returns the runner's exit status (0 = clean). */
int sim_session_close(sim_session *s);
/* The largest CTR piece or DRBG request the firmware takes (its buffer, <= SERVER_MAX_PIECE). */
size_t sim_max_piece(const sim_session *s);

/*
 * ECB over n blocks with one key: setkey cost in *setkey_cost, per-block costs in
 * block_costs[n] (either may be NULL). Returns 0, or -1 after a protocol failure.
 */
int sim_blocks(sim_session *s, const test_cipher *c, int decrypt, const uint8_t *key,
               uint8_t *out, const uint8_t *in, size_t n, op_cost *setkey_cost, op_cost *block_costs);

/* CTR: ctr_init, then one ctr_crypt per piece (lengths pieces[0..n)). Same conventions. */
int sim_ctr(sim_session *s, const test_cipher *c, const uint8_t *key, const uint8_t *iv,
            uint8_t *out, const uint8_t *in, const size_t *pieces, size_t npieces,
            op_cost *init_cost, op_cost *piece_costs);

/*
 * Records under one key: ctr_init(key, iv), then for each record r: ctr_setiv(ivs + r * block
 * bytes) and one ctr_crypt of lens[r] bytes (the records' bytes one after the other in in
 * and out). Costs of ctr_init, of each setiv and of each crypt; any may be NULL. Returns 0
 * or -1.
 */
int sim_records(sim_session *s, const test_cipher *c, const uint8_t *key, const uint8_t *iv, const uint8_t *ivs,
                const size_t *lens, size_t nrecords, uint8_t *out, const uint8_t *in, op_cost *init_cost,
                op_cost *setiv_costs, op_cost *crypt_costs);

/* The target's sizeof the key schedule and CTR context of c. Returns 0 or -1. */
int sim_sizes(sim_session *s, const test_cipher *c, uint16_t *key_size, uint16_t *ctr_size);

/* The target's sizeof the CMAC, EAX and CCM keys of m (0: no CCM). Returns 0 or -1. */
int sim_mode_sizes(sim_session *s, const test_mode_cipher *m, uint16_t sizes[3]);

/* A test backend whose state is an open session. */
test_backend sim_backend(sim_session *s);

/* The target's sizeof the state of test_drbgs[index]. Returns 0 or -1. */
int sim_drbg_size(sim_session *s, unsigned index, uint16_t *size);

/*
 * The firmware's DRBG state, on the optimised (plain = 0) or plain path of test_drbgs[index].
 * Each returns the library's code, or DRBG_TRANSPORT_ERROR; cost may be NULL.
 */
int sim_drbg_instantiate(sim_session *s, unsigned index, int plain, int df, const uint8_t *entropy,
                         size_t entropy_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,
                         size_t pers_len, op_cost *cost);
int sim_drbg_reseed(sim_session *s, unsigned index, int plain, int df, const uint8_t *entropy,
                    size_t entropy_len, const uint8_t *add, size_t add_len, op_cost *cost);
int sim_drbg_generate(sim_session *s, unsigned index, int plain, uint8_t *out, size_t out_len,
                      const uint8_t *add, size_t add_len, op_cost *cost);

/*
 * CMAC of in[0..len) (at most sim_max_piece bytes) under key: chunk 0 is one lwc_X_cmac
 * call, else init, update in chunk-byte calls and final. The tag buffer as the firmware left
 * it (MODE_FILL where not written) goes to tag. Costs of the key setup and of the whole CMAC
 * (the calls added up; the largest stack), either may be NULL. Returns the library's code or
 * MODE_TRANSPORT_ERROR.
 */
int sim_cmac(sim_session *s, const test_mode_cipher *m, const uint8_t *key, uint8_t *tag, size_t tag_len,
             const uint8_t *in, size_t len, size_t chunk, op_cost *setkey_cost, op_cost *cost);

/* One EAX or CCM call of a series under one key, run in place on the firmware (nonce, ad,
 * message and tag at most sim_max_piece bytes in all). */
typedef struct {
    int decrypt;
    const uint8_t *nonce, *ad, *in;
    size_t nonce_len, ad_len, len, tag_len;
    uint8_t *out; /* len bytes: the message buffer after the call */
    uint8_t *tag; /* decrypt: the tag sent; encrypt: the tag buffer after the call */
    int result;   /* the library's code */
    op_cost cost;
} sim_aead_call;

/* The calls of calls[0..n) under one key (setup cost in setkey_cost, may be NULL). Returns 0,
 * or -1 after a protocol failure. */
int sim_aead(sim_session *s, const test_mode_cipher *m, int mode, const uint8_t *key, sim_aead_call *calls, size_t n,
             op_cost *setkey_cost);

/* One lwc_seal of a series on the firmware's sealer (OP_SEAL), in place in its buffer. */
typedef struct {
    const uint8_t *payload;
    size_t len, out_cap; /* out_cap as lwc_seal gets it (at most sim_max_piece) */
    uint8_t *out;        /* len + LWC_RECORD_OVERHEAD_BYTES: the buffer after the call (MODE_FILL where
                            not written, the payload at byte 12 until sealed) */
    int result;          /* the library's code */
    op_cost cost;
} sim_seal_call;

/*
 * Suite t's sealer_init(node_key, node_id, epoch, boot) on the firmware, its record counter
 * then set to count (when init returned 0), and the calls of calls[0..n). init_result gets
 * sealer_init's code; sealer_size the target's sizeof(lwc_sealer) and init_cost the call's
 * cost (either may be NULL). Returns 0, or -1 after a protocol failure.
 */
int sim_seal(sim_session *s, const test_record_suite *t, const uint8_t *node_key, uint32_t node_id, uint8_t epoch,
             uint32_t boot, uint32_t count, sim_seal_call *calls, size_t n, int *init_result, uint16_t *sealer_size,
             op_cost *init_cost);

/* A mode backend on the session's firmware (in place, sim_max_piece bytes a call). */
mode_backend sim_mode_backend(sim_session *s);

/* A DRBG backend on the session's firmware (valid while the session is open). */
drbg_backend sim_drbg_backend(sim_session *s, int plain);

#endif
