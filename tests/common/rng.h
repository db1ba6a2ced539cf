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
/*
 * A counter block of bs bytes: random, or (3 times in 4) random but for its last 1, 2 or
 * 4 bytes (the windows of the ATmega CTR paths) or more, which are ff but for a last byte
 * a few blocks below a carry: messages from it cross carries and window ends.
 */
void rng_counter_near_edge(uint8_t *iv, size_t bs);

#endif
