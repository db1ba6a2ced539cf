/* Deterministic test randomness (splitmix64); the seed is printed so failures replay. */
#ifndef LWC_TEST_RNG_H
#define LWC_TEST_RNG_H

#include <stddef.h>
#include <stdint.h>

void rng_seed(uint64_t seed);
/* Seeds from $LWC_TEST_SEED if set (to replay a run), else from fallback; returns the seed. */
uint64_t rng_seed_from_env(uint64_t fallback);
uint64_t rng_next(void);
/* Uniform in [0, n). */
uint32_t rng_below(uint32_t n);
void rng_fill(uint8_t *p, size_t n);

#endif
