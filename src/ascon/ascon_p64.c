/*
 * The Ascon permutation Ascon-p (SP 800-232, 3.2-3.4) on five 64-bit words: the C of the
 * LWC_IMPL_C layout (src/ascon/ascon_internal.h). Each round: the round constant into S2,
 * the 5-bit S-box bitsliced over the 64 columns, the linear layer (each word XORed with
 * two rotations of itself). No table, no branch on data.
 */
#include "ascon_internal.h"

#if LWC_ASCON_IMPL == LWC_IMPL_C

static inline uint64_t ror64(uint64_t x, unsigned n)
{
    return x >> n | x << (64 - n);
}

void lwc_ascon_permute(uint64_t s[5], uint8_t first_round)
{
    uint64_t x0 = s[0], x1 = s[1], x2 = s[2], x3 = s[3], x4 = s[4];
    for (unsigned i = first_round; i < 12; i++) {
        x2 ^= (uint64_t)((15u - i) << 4 | i);
        /* S-box: chi of Keccak between an affine layer before and after. */
        x0 ^= x4;
        x4 ^= x3;
        x2 ^= x1;
        const uint64_t t0 = ~x0 & x1, t1 = ~x1 & x2, t2 = ~x2 & x3, t3 = ~x3 & x4, t4 = ~x4 & x0;
        x0 ^= t1;
        x1 ^= t2;
        x2 ^= t3;
        x3 ^= t4;
        x4 ^= t0;
        x1 ^= x0;
        x0 ^= x4;
        x3 ^= x2;
        x2 = ~x2;
        x0 ^= ror64(x0, 19) ^ ror64(x0, 28);
        x1 ^= ror64(x1, 61) ^ ror64(x1, 39);
        x2 ^= ror64(x2, 1) ^ ror64(x2, 6);
        x3 ^= ror64(x3, 10) ^ ror64(x3, 17);
        x4 ^= ror64(x4, 7) ^ ror64(x4, 41);
    }
    s[0] = x0;
    s[1] = x1;
    s[2] = x2;
    s[3] = x3;
    s[4] = x4;
}

#endif
