#include <stdlib.h>
#include <string.h>

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

void rng_counter_near_edge(uint8_t *iv, size_t bs)
{
    static const size_t windows[3] = {1, 2, 4};
    rng_fill(iv, bs);
    if (rng_below(4) == 0)
        return;
    const size_t trailing = rng_below(2) ? windows[rng_below(3)] : 1 + rng_below((uint32_t)bs);
    memset(iv + bs - trailing, 0xff, trailing);
    iv[bs - 1] = (uint8_t)(0xff - rng_below(6));
}
