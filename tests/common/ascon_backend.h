/*
 * Ascon (lwc/ascon.h) as an implementation under test, reached through two operations so
 * that the same vector and differential tests run on the host and on a simulated MCU; and
 * Ascon-AEAD128 as a row of the AEAD table (mode_table.h), for code that runs any AEAD.
 */
#ifndef LWC_TEST_ASCON_BACKEND_H
#define LWC_TEST_ASCON_BACKEND_H

#include "mode_backend.h"

/* Returned by a backend when the implementation could not be reached (not a library code). */
#define ASCON_TRANSPORT_ERROR 1000

/* Ascon-AEAD128's entry points with the table's signatures (key_size: its key's sizeof); on
 * AVR in flash, as the mode table (read it with test_ascon_aead128_row). */
extern const test_aead test_ascon_aead128 TEST_MODE_ROM;
void test_ascon_aead128_row(test_aead *row);

enum { ASCON_HASH256, ASCON_XOF128, ASCON_CXOF128, ASCON_HASHES };
extern const char *const ascon_hash_names[ASCON_HASHES];

typedef struct ascon_backend {
    const char *name;
    /* Largest nonce + ad + message + tag of an AEAD call, and largest custom + message and
     * output of a hash call. */
    size_t max_data;
    /* One Ascon-AEAD128 call under a fresh key: decrypt reads tag, encrypt writes it (the
     * bytes it does not write hold MODE_FILL). Returns the library's code. */
    int (*aead)(const struct ascon_backend *b, int decrypt, const uint8_t *key, uint8_t *out, uint8_t *tag,
                size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                const uint8_t *in, size_t len);
    /* Hash256 (out_len 32), XOF128 or CXOF128 (custom ignored for the others) of in[0..len):
     * chunk 0 is the one-shot call; else init (cxof128_init), update in chunk-byte calls,
     * then final (Hash256) or squeezes of chunk bytes. Returns the library's code (of the
     * first call that failed). */
    int (*hash)(const struct ascon_backend *b, int kind, uint8_t *out, size_t out_len, const uint8_t *custom,
                size_t custom_len, const uint8_t *in, size_t len, size_t chunk);
    void *state;
} ascon_backend;

/* The library linked into this program, called directly (out and in apart). */
extern const ascon_backend host_ascon_backend;

/*
 * The Ascon vector sets in dir (each must be there, complete): the final standard's KATs
 * (LWC_AEAD_KAT_128_128.txt, LWC_HASH_KAT_128_256.txt, LWC_XOF_KAT_128_512.txt,
 * LWC_CXOF_KAT_128_512.txt) on b: AEAD both ways and a flipped tag bit rejected, the hashes
 * with each of chunks[0..nchunks) (0: one call); and ascon_v12.txt, whose Ascon v1.2
 * results must NOT be reproduced. Vectors larger than b->max_data are skipped, and so are
 * the sets and v1.2 lines of an operation the backend does not have (NULL).
 */
void ascon_vectors_run_all(const ascon_backend *b, const char *dir, const size_t *chunks, size_t nchunks);
/* One of those sets, for callers that split the work (a simulator's cycle budget per session). */
enum { ASCON_SET_AEAD, ASCON_SET_HASH256, ASCON_SET_XOF128, ASCON_SET_CXOF128, ASCON_SET_V12, ASCON_VECTOR_SETS };
void ascon_vectors_run_set(const ascon_backend *b, const char *dir, unsigned set, const size_t *chunks,
                           size_t nchunks);

#endif
