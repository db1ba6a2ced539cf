#include <string.h>

#include "drbg_table.h"

/* Adapters with the table's signatures for the entry points named N(D, op). */
#define ADAPTERS(D, N, tag)                                                                        \
    int N(D, instantiate)(lwc_##D##_drbg *, const uint8_t *, size_t, const uint8_t *, size_t,      \
                          const uint8_t *, size_t);                                                \
    int N(D, instantiate_nodf)(lwc_##D##_drbg *, const uint8_t *, size_t, const uint8_t *, size_t);\
    int N(D, reseed)(lwc_##D##_drbg *, const uint8_t *, size_t, const uint8_t *, size_t);          \
    int N(D, reseed_nodf)(lwc_##D##_drbg *, const uint8_t *, size_t, const uint8_t *, size_t);     \
    int N(D, generate)(lwc_##D##_drbg *, uint8_t *, size_t, const uint8_t *, size_t);              \
    int N(D, set_reseed_interval)(lwc_##D##_drbg *, uint64_t);                                     \
    void N(D, wipe)(lwc_##D##_drbg *);                                                             \
    static int D##_##tag##_instantiate(void *d, const uint8_t *e, size_t en, const uint8_t *n,    \
                                       size_t nn, const uint8_t *p, size_t pn)                     \
    {                                                                                              \
        return N(D, instantiate)(d, e, en, n, nn, p, pn);                                          \
    }                                                                                              \
    static int D##_##tag##_instantiate_nodf(void *d, const uint8_t *e, size_t en, const uint8_t *p, \
                                            size_t pn)                                             \
    {                                                                                              \
        return N(D, instantiate_nodf)(d, e, en, p, pn);                                            \
    }                                                                                              \
    static int D##_##tag##_reseed(void *d, const uint8_t *e, size_t en, const uint8_t *a, size_t an) \
    {                                                                                              \
        return N(D, reseed)(d, e, en, a, an);                                                      \
    }                                                                                              \
    static int D##_##tag##_reseed_nodf(void *d, const uint8_t *e, size_t en, const uint8_t *a,     \
                                       size_t an)                                                  \
    {                                                                                              \
        return N(D, reseed_nodf)(d, e, en, a, an);                                                 \
    }                                                                                              \
    static int D##_##tag##_generate(void *d, uint8_t *o, size_t on, const uint8_t *a, size_t an)   \
    {                                                                                              \
        return N(D, generate)(d, o, on, a, an);                                                    \
    }                                                                                              \
    static int D##_##tag##_interval(void *d, uint64_t i)                                           \
    {                                                                                              \
        return N(D, set_reseed_interval)(d, i);                                                    \
    }                                                                                              \
    static void D##_##tag##_wipe(void *d)                                                          \
    {                                                                                              \
        N(D, wipe)(d);                                                                             \
    }
#define OPS(D, tag)                                                                                \
    {D##_##tag##_instantiate, D##_##tag##_instantiate_nodf, D##_##tag##_reseed,                    \
     D##_##tag##_reseed_nodf, D##_##tag##_generate, D##_##tag##_interval, D##_##tag##_wipe}

#define FAST_NAME(D, op) lwc_##D##_drbg_##op
#define PLAIN_NAME(D, op) plain_##D##_drbg_##op
#define BOTH(D, BLOCK, KEY)                                                                        \
    TEST_IF_DRBG_SERVED(D, ADAPTERS(D, FAST_NAME, fast) ADAPTERS(D, PLAIN_NAME, plain))
#define ROW(D, BLOCK, KEY)                                                                         \
    TEST_IF_DRBG_SERVED(D, {#D, BLOCK, KEY, sizeof(lwc_##D##_drbg), OPS(D, fast), OPS(D, plain),  \
                            test_drbg_index_##D},)

LWC_TEST_DRBGS(BOTH)

/* A firmware that serves no DRBG has an empty table (a GNU C extension, not used on hosts). */
const test_drbg test_drbgs[] = {LWC_TEST_DRBGS(ROW)};
const unsigned test_drbg_count = sizeof test_drbgs / sizeof test_drbgs[0];

const test_drbg *test_drbg_find(const char *name)
{
    for (unsigned i = 0; i < test_drbg_count; i++)
        if (strcmp(test_drbgs[i].name, name) == 0)
            return &test_drbgs[i];
    return NULL;
}

const test_drbg *test_drbg_at(unsigned index)
{
    for (unsigned i = 0; i < test_drbg_count; i++)
        if (test_drbgs[i].index == index)
            return &test_drbgs[i];
    return NULL;
}
