/* Every CTR_DRBG of the library, optimised and plain, behind uniform entry points. */
#ifndef LWC_TEST_DRBG_TABLE_H
#define LWC_TEST_DRBG_TABLE_H

#include "lwc.h"

typedef struct {
    int (*instantiate)(void *d, const uint8_t *entropy, size_t entropy_len, const uint8_t *nonce,
                       size_t nonce_len, const uint8_t *pers, size_t pers_len);
    int (*instantiate_nodf)(void *d, const uint8_t *entropy, size_t entropy_len, const uint8_t *pers,
                            size_t pers_len);
    int (*reseed)(void *d, const uint8_t *entropy, size_t entropy_len, const uint8_t *add, size_t add_len);
    int (*reseed_nodf)(void *d, const uint8_t *entropy, size_t entropy_len, const uint8_t *add,
                       size_t add_len);
    int (*generate)(void *d, uint8_t *out, size_t out_len, const uint8_t *add, size_t add_len);
    int (*set_reseed_interval)(void *d, uint64_t interval);
    void (*wipe)(void *d);
} drbg_ops;

typedef struct {
    const char *name;
    uint8_t block_bytes;
    uint8_t key_bytes;
    uint16_t state_size;
    drbg_ops fast;  /* the library's entry points (precomputed tables) */
    drbg_ops plain; /* the same code built with -DLWC_DRBG_PLAIN */
} test_drbg;

extern const test_drbg test_drbgs[];
extern const unsigned test_drbg_count;
#define TEST_MAX_DRBG_STATE sizeof(lwc_lea256_drbg)

const test_drbg *test_drbg_find(const char *name);

#endif
