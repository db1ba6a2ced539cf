/* CTR_DRBG known-answer tests (NIST CAVP, TTAK.KO-12.0189) against a backend. */
#ifndef LWC_TEST_DRBG_VECTORS_H
#define LWC_TEST_DRBG_VECTORS_H

#include "drbg_table.h"

/* Returned by a backend when the implementation could not be reached (not a library code). */
#define DRBG_TRANSPORT_ERROR 1000

/* One DRBG instance, reached through the library's calls; each returns the library's
 * result code (or DRBG_TRANSPORT_ERROR). instantiate starts a new instance: the backend
 * wipes its state first, so that nothing (such as a reseed interval, which instantiating
 * an instantiated state keeps) carries over from the previous case. */
typedef struct drbg_backend {
    const char *name;
    int (*instantiate)(const struct drbg_backend *b, const test_drbg *d, int df, const uint8_t *entropy,
                       size_t entropy_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,
                       size_t pers_len);
    int (*reseed)(const struct drbg_backend *b, const test_drbg *d, int df, const uint8_t *entropy,
                  size_t entropy_len, const uint8_t *add, size_t add_len);
    int (*generate)(const struct drbg_backend *b, const test_drbg *d, uint8_t *out, size_t out_len,
                    const uint8_t *add, size_t add_len);
    int (*set_reseed_interval)(const struct drbg_backend *b, const test_drbg *d, uint64_t interval);
    void *state;
} drbg_backend;

extern const drbg_backend host_drbg_backend;       /* the library (precomputed tables) */
extern const drbg_backend host_plain_drbg_backend; /* the plain path */

/* The embedded specification cases, then the vector files of dir (each must be there,
 * complete: a missing or short file is a failure). */
void drbg_vectors_run_all(const drbg_backend *b, const char *dir);

/* Restricts drbg_vectors_run_all to the DRBGs accept returns nonzero for (NULL: all). */
typedef int (*drbg_filter_fn)(const test_drbg *d);
void drbg_vectors_set_filter(drbg_filter_fn accept);

#endif
