/* Every CTR_DRBG of the library, optimised and plain, behind uniform entry points. */
#ifndef LWC_TEST_DRBG_TABLE_H
#define LWC_TEST_DRBG_TABLE_H

#include "lwc.h"
#include "served.h"

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
    uint8_t index;  /* the DRBG index (position in the host's table) */
} test_drbg;

/* Every CTR_DRBG, M(id, block bytes, key bytes), in the order of test_drbgs[] on the host:
 * the positions are the DRBG indices of tests/target/protocol.h. */
#define LWC_TEST_DRBGS(M) M(aes128, 16, 16) M(lea128, 16, 16) M(lea192, 16, 24) M(lea256, 16, 32) M(hight, 8, 16)
#define TEST_DRBG_INDEX(D, BLOCK, KEY) test_drbg_index_##D,
enum { LWC_TEST_DRBGS(TEST_DRBG_INDEX) TEST_DRBG_IDS };

/* The rows this build serves (served.h): all of them on the host. */
extern const test_drbg test_drbgs[];
extern const unsigned test_drbg_count;
#define TEST_DRBG_MEMBER(D, BLOCK, KEY) TEST_IF_DRBG_SERVED(D, lwc_##D##_drbg D;)
typedef union { char none; LWC_TEST_DRBGS(TEST_DRBG_MEMBER) } test_any_drbg;
#define TEST_MAX_DRBG_STATE sizeof(test_any_drbg)

const test_drbg *test_drbg_find(const char *name);
/* The served row of DRBG index `index`, or NULL. */
const test_drbg *test_drbg_at(unsigned index);

#endif
