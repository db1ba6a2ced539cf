#include <stdlib.h>

#include "rng.h"

static uint64_t state;

void rng_seed(uint64_t seed)
{
    state = seed;
}

uint64_t rng_seed_from_env(uint64_t fallback)
{
    const char *env = getenv("LWC_TEST_SEED");
    state = env ? strtoull(env, NULL, 0) : fallback;
    return state;
}

uint64_t rng_next(void)
{
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint32_t rng_below(uint32_t n)
{
    return (uint32_t)((rng_next() >> 32) * n >> 32);
}

void rng_fill(uint8_t *p, size_t n)
{
    while (n--)
        *p++ = (uint8_t)rng_next();
}
