/*
 * The Ascon permutation Ascon-p (SP 800-232, 3.2-3.4) on bit-interleaved 32-bit halves: the
 * C of the LWC_IMPL_BI32 layout (src/ascon/ascon_internal.h) for 32-bit and 8-bit cores.
 * The S-box acts on the even halves and on the odd halves alike (bit by bit); the linear
 * layer's 64-bit rotations become 32-bit ones: by r/2 within each half for an even r, and
 * across the halves for an odd r (E' = ROR(O, (r-1)/2), O' = ROR(E, (r+1)/2)). No table, no
 * branch on data.
 */
#include "ascon_internal.h"

#if LWC_ASCON_IMPL == LWC_IMPL_BI32

/* The S-box on one set of halves. */
#define SBOX(x0, x1, x2, x3, x4)                                                                  \
    do {                                                                                          \
        x0 ^= x4;                                                                                 \
        x4 ^= x3;                                                                                 \
        x2 ^= x1;                                                                                 \
        const uint32_t t0 = ~x0 & x1, t1 = ~x1 & x2, t2 = ~x2 & x3, t3 = ~x3 & x4, t4 = ~x4 & x0; \
        x0 ^= t1;                                                                                 \
        x1 ^= t2;                                                                                 \
        x2 ^= t3;                                                                                 \
        x3 ^= t4;                                                                                 \
        x4 ^= t0;                                                                                 \
        x1 ^= x0;                                                                                 \
        x0 ^= x4;                                                                                 \
        x3 ^= x2;                                                                                 \
        x2 = ~x2;                                                                                 \
    } while (0)

#define ROR lwc_ror32

void lwc_ascon_permute(uint64_t s[5], uint8_t first_round)
{
    uint32_t e0 = (uint32_t)s[0], e1 = (uint32_t)s[1], e2 = (uint32_t)s[2], e3 = (uint32_t)s[3],
             e4 = (uint32_t)s[4];
    uint32_t o0 = (uint32_t)(s[0] >> 32), o1 = (uint32_t)(s[1] >> 32), o2 = (uint32_t)(s[2] >> 32),
             o3 = (uint32_t)(s[3] >> 32), o4 = (uint32_t)(s[4] >> 32);
    for (unsigned i = first_round; i < 12; i++) {
        const uint64_t c = lwc_ascon_import((15u - i) << 4 | i); /* the constant's lane */
        e2 ^= (uint32_t)c;
        o2 ^= (uint32_t)(c >> 32);
        SBOX(e0, e1, e2, e3, e4);
        SBOX(o0, o1, o2, o3, o4);
        /* S0: rotations by 19 and 28; S1: 61, 39; S2: 1, 6; S3: 10, 17; S4: 7, 41. */
        uint32_t e = e0, o = o0;
        e0 ^= ROR(o, 9) ^ ROR(e, 14);
        o0 ^= ROR(e, 10) ^ ROR(o, 14);
        e = e1, o = o1;
        e1 ^= ROR(o, 30) ^ ROR(o, 19);
        o1 ^= ROR(e, 31) ^ ROR(e, 20);
        e = e2, o = o2;
        e2 ^= o ^ ROR(e, 3);
        o2 ^= ROR(e, 1) ^ ROR(o, 3);
        e = e3, o = o3;
        e3 ^= ROR(e, 5) ^ ROR(o, 8);
        o3 ^= ROR(o, 5) ^ ROR(e, 9);
        e = e4, o = o4;
        e4 ^= ROR(o, 3) ^ ROR(o, 20);
        o4 ^= ROR(e, 4) ^ ROR(e, 21);
    }
    s[0] = e0 | (uint64_t)o0 << 32;
    s[1] = e1 | (uint64_t)o1 << 32;
    s[2] = e2 | (uint64_t)o2 << 32;
    s[3] = e3 | (uint64_t)o3 << 32;
    s[4] = e4 | (uint64_t)o4 << 32;
}

#endif
