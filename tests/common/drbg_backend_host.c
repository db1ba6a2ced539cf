#include "drbg_vectors.h"

/* One state for whichever DRBG the calls name; state points at the ops to use. */
static uint64_t host_state[TEST_MAX_DRBG_STATE / 8 + 1];

static const drbg_ops *ops(const drbg_backend *b, const test_drbg *d)
{
    return b->state ? &d->plain : &d->fast;
}

static int host_instantiate(const drbg_backend *b, const test_drbg *d, int df, const uint8_t *e,
                            size_t en, const uint8_t *n, size_t nn, const uint8_t *p, size_t pn)
{
    ops(b, d)->wipe(host_state);
    return df ? ops(b, d)->instantiate(host_state, e, en, n, nn, p, pn)
              : ops(b, d)->instantiate_nodf(host_state, e, en, p, pn);
}

static int host_reseed(const drbg_backend *b, const test_drbg *d, int df, const uint8_t *e, size_t en,
                       const uint8_t *a, size_t an)
{
    return df ? ops(b, d)->reseed(host_state, e, en, a, an) : ops(b, d)->reseed_nodf(host_state, e, en, a, an);
}

static int host_generate(const drbg_backend *b, const test_drbg *d, uint8_t *o, size_t on,
                         const uint8_t *a, size_t an)
{
    return ops(b, d)->generate(host_state, o, on, a, an);
}

static int host_interval(const drbg_backend *b, const test_drbg *d, uint64_t i)
{
    return ops(b, d)->set_reseed_interval(host_state, i);
}

static const int plain_marker = 1;
const drbg_backend host_drbg_backend = {"host", host_instantiate, host_reseed, host_generate,
                                        host_interval, NULL};
const drbg_backend host_plain_drbg_backend = {"host plain", host_instantiate, host_reseed,
                                              host_generate, host_interval, (void *)&plain_marker};
