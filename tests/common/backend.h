/*
 * An implementation under test, reached through two operations so that the same vector
 * and differential tests run on the host and on a simulated MCU.
 */
#ifndef LWC_TEST_BACKEND_H
#define LWC_TEST_BACKEND_H

#include "cipher_table.h"

typedef struct test_backend {
    const char *name;
    /* ECB over nblocks blocks with a fresh key schedule. Returns 0, or -1 if the
     * implementation could not be reached (reported by the backend). */
    int (*ecb)(const struct test_backend *b, const test_cipher *c, int decrypt,
               const uint8_t *key, uint8_t *out, const uint8_t *in, size_t nblocks);
    /* CTR over len bytes from a fresh context, fed as successive ctr_crypt calls of
     * `chunk` bytes (the last one shorter); chunk 0 means a single call. */
    int (*ctr)(const struct test_backend *b, const test_cipher *c, const uint8_t *key,
               const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len, size_t chunk);
    void *state;
} test_backend;

/* The library linked into this program, called directly. */
extern const test_backend host_backend;

#endif
