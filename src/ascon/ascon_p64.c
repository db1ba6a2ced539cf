/*
 * The Ascon permutation Ascon-p (SP 800-232, 3.2-3.4) on five 64-bit words: the C of the
 * LWC_IMPL_C layout (src/ascon/ascon_internal.h). Each round: the round constant into S2,
 * the 5-bit S-box bitsliced over the 64 columns, the linear layer (each word XORed with
 * two rotations of itself). No table, no branch on data.
 *
 * On 64-bit cores (LWC_ASCON_FAST64) the rounds are unrolled, and a whole Ascon-AEAD128 call
 * (after ascon_aead.c's checks) and the hashes' whole-block loop are here too, with the
 * state in five local words (registers) throughout and the rounds inlined; on AVR (the
 * ATtiny and reference builds) the rounds run in a loop, and the loops of ascon_aead.c and
 * ascon_hash.c call them.
 */
#include "ascon_internal.h"
#include "../common/lwc_simd.h"

#if LWC_ASCON_IMPL == LWC_IMPL_C

static inline uint64_t ror64(uint64_t x, unsigned n)
{
    return x >> n | x << (64 - n);
}

/* Round i on the words x0..x4 (lvalues). The linear layer as x ^ ror(x ^ ror(x, a - b), b),
 * the same value as x ^ ror(x, a) ^ ror(x, b) in one operation fewer on two-operand ISAs. */
#define ASCON_ROUND(x0, x1, x2, x3, x4, i)                                                     \
    do {                                                                                       \
        x2 ^= (uint64_t)((15u - (i)) << 4 | (i));                                              \
        /* S-box: chi of Keccak between an affine layer before and after. */                   \
        x0 ^= x4;                                                                              \
        x4 ^= x3;                                                                              \
        x2 ^= x1;                                                                              \
        const uint64_t t0_ = x0 ^ (~x1 & x2), t1_ = x1 ^ (~x2 & x3), t2_ = x2 ^ (~x3 & x4);    \
        const uint64_t t3_ = x3 ^ (~x4 & x0), t4_ = x4 ^ (~x0 & x1);                           \
        const uint64_t y1_ = t1_ ^ t0_, y0_ = t0_ ^ t4_, y3_ = t3_ ^ t2_, y2_ = ~t2_;           \
        x0 = y0_ ^ ror64(y0_ ^ ror64(y0_, 28 - 19), 19);                                       \
        x1 = y1_ ^ ror64(y1_ ^ ror64(y1_, 61 - 39), 39);                                       \
        x2 = y2_ ^ ror64(y2_ ^ ror64(y2_, 6 - 1), 1);                                          \
        x3 = y3_ ^ ror64(y3_ ^ ror64(y3_, 17 - 10), 10);                                        \
        x4 = t4_ ^ ror64(t4_ ^ ror64(t4_, 41 - 7), 7);                                         \
    } while (0)

#if LWC_ASCON_FAST64
/* Rounds first..11 on the words, unrolled (first is public: the jump into the sequence). */
#define ASCON_ROUNDS_FROM(x0, x1, x2, x3, x4, first)                                           \
    do {                                                                                       \
        switch (first) {                                                                       \
        case 0: ASCON_ROUND(x0, x1, x2, x3, x4, 0); /* fall through */                         \
        case 1: ASCON_ROUND(x0, x1, x2, x3, x4, 1); /* fall through */                         \
        case 2: ASCON_ROUND(x0, x1, x2, x3, x4, 2); /* fall through */                         \
        case 3: ASCON_ROUND(x0, x1, x2, x3, x4, 3); /* fall through */                         \
        case 4: ASCON_ROUND(x0, x1, x2, x3, x4, 4); /* fall through */                         \
        case 5: ASCON_ROUND(x0, x1, x2, x3, x4, 5); /* fall through */                         \
        case 6: ASCON_ROUND(x0, x1, x2, x3, x4, 6); /* fall through */                         \
        case 7: ASCON_ROUND(x0, x1, x2, x3, x4, 7); /* fall through */                         \
        case 8: ASCON_ROUND(x0, x1, x2, x3, x4, 8); /* fall through */                         \
        case 9: ASCON_ROUND(x0, x1, x2, x3, x4, 9); /* fall through */                         \
        case 10: ASCON_ROUND(x0, x1, x2, x3, x4, 10); /* fall through */                       \
        case 11: ASCON_ROUND(x0, x1, x2, x3, x4, 11); /* fall through */                       \
        default: break;                                                                        \
        }                                                                                      \
    } while (0)
#else
#define ASCON_ROUNDS_FROM(x0, x1, x2, x3, x4, first)                                           \
    do {                                                                                       \
        for (unsigned r_ = (first); r_ < 12; r_++)                                             \
            ASCON_ROUND(x0, x1, x2, x3, x4, r_);                                               \
    } while (0)
#endif
#define ASCON_P8(x0, x1, x2, x3, x4) ASCON_ROUNDS_FROM(x0, x1, x2, x3, x4, LWC_ASCON_P8)

void lwc_ascon_permute(uint64_t s[5], uint8_t first_round)
{
    uint64_t x0 = s[0], x1 = s[1], x2 = s[2], x3 = s[3], x4 = s[4];
    ASCON_ROUNDS_FROM(x0, x1, x2, x3, x4, first_round);
    s[0] = x0;
    s[1] = x1;
    s[2] = x2;
    s[3] = x3;
    s[4] = x4;
}

#if LWC_ASCON_FAST64
/* The whole Ascon-AEAD128 call and the hashes' loop with the state in locals; the blocks'
 * words little-endian (lwc_ascon_load: a load on little-endian cores). */
#define LOAD_STATE uint64_t x0 = s[0], x1 = s[1], x2 = s[2], x3 = s[3], x4 = s[4]
#define STORE_STATE \
    do {            \
        s[0] = x0;  \
        s[1] = x1;  \
        s[2] = x2;  \
        s[3] = x3;  \
        s[4] = x4;  \
    } while (0)

/* The padding byte 01 at byte n < 16 of S0 || S1. */
#define PAD(x0, x1, n)                                       \
    do {                                                     \
        if ((n) < 8)                                         \
            x0 ^= (uint64_t)1 << (8 * (n));                  \
        else                                                 \
            x1 ^= (uint64_t)1 << (8 * ((n) - 8));            \
    } while (0)

static inline __attribute__((always_inline)) void aead_whole(const uint64_t key[2], const uint8_t *nonce,
                                                              const uint8_t *ad, size_t ad_len, uint8_t *out,
                                                              const uint8_t *in, size_t len, uint8_t decrypt,
                                                              uint8_t tag[16])
{
    const uint64_t k0 = key[0], k1 = key[1];
    uint64_t x0 = LWC_ASCON_AEAD128_IV, x1 = k0, x2 = k1, x3 = lwc_ascon_load(nonce, 8);
    uint64_t x4 = lwc_ascon_load(nonce + 8, 8);
    ASCON_ROUNDS_FROM(x0, x1, x2, x3, x4, LWC_ASCON_P12);
    x3 ^= k0;
    x4 ^= k1;
    if (ad_len) {
        for (; ad_len >= 16; ad_len -= 16, ad += 16) {
            x0 ^= lwc_ascon_load(ad, 8);
            x1 ^= lwc_ascon_load(ad + 8, 8);
            ASCON_P8(x0, x1, x2, x3, x4);
        }
        const size_t n0 = ad_len < 8 ? ad_len : 8, n1 = ad_len - n0;
        x0 ^= lwc_ascon_load_bytes(ad, n0);
        x1 ^= n1 ? lwc_ascon_load_bytes(ad + 8, n1) : 0;
        PAD(x0, x1, ad_len);
        ASCON_P8(x0, x1, x2, x3, x4);
    }
    x4 ^= (uint64_t)1 << 63; /* the domain separation */
    if (decrypt) {
        for (; len >= 16; len -= 16, in += 16, out += 16) {
            const uint64_t c0 = lwc_ascon_load(in, 8), c1 = lwc_ascon_load(in + 8, 8);
            lwc_ascon_store(out, x0 ^ c0, 8);
            lwc_ascon_store(out + 8, x1 ^ c1, 8);
            x0 = c0;
            x1 = c1;
            ASCON_P8(x0, x1, x2, x3, x4);
        }
    } else {
        for (; len >= 16; len -= 16, in += 16, out += 16) {
            x0 ^= lwc_ascon_load(in, 8);
            x1 ^= lwc_ascon_load(in + 8, 8);
            lwc_ascon_store(out, x0, 8);
            lwc_ascon_store(out + 8, x1, 8);
            ASCON_P8(x0, x1, x2, x3, x4);
        }
    }
    /* The last block, len < 16 bytes (in and out NULL only with len 0: nothing read or
     * written then), padded. */
    const size_t n0 = len < 8 ? len : 8, n1 = len - n0;
    const uint64_t y0 = x0 ^ lwc_ascon_load_bytes(in, n0), y1 = x1 ^ (n1 ? lwc_ascon_load_bytes(in + 8, n1) : 0);
    lwc_ascon_store_bytes(out, y0, n0);
    if (n1)
        lwc_ascon_store_bytes(out + 8, y1, n1);
    if (decrypt) { /* S takes the ciphertext's bytes, keeps the others */
        x0 ^= y0 & lwc_ascon_byte_mask(n0);
        x1 ^= y1 & lwc_ascon_byte_mask(n1);
    } else {
        x0 = y0;
        x1 = y1;
    }
    PAD(x0, x1, len);
    x2 ^= k0;
    x3 ^= k1;
    ASCON_ROUNDS_FROM(x0, x1, x2, x3, x4, LWC_ASCON_P12);
    lwc_ascon_store(tag, x3 ^ k0, 8);
    lwc_ascon_store(tag + 8, x4 ^ k1, 8);
}

#if LWC_SIMD_X86_64
/* The same compiled with BMI1 and BMI2: ~a & b in one instruction (andn), rotations into
 * another register (rorx); for the CPUs at SIMD level AVX2 or above that have them. */
__attribute__((target("bmi,bmi2"))) static void aead_whole_bmi(const uint64_t key[2], const uint8_t *nonce,
                                                               const uint8_t *ad, size_t ad_len, uint8_t *out,
                                                               const uint8_t *in, size_t len, uint8_t decrypt,
                                                               uint8_t tag[16])
{
    aead_whole(key, nonce, ad, ad_len, out, in, len, decrypt, tag);
}
#endif

void lwc_ascon_aead_whole(const uint64_t key[2], const uint8_t *nonce, const uint8_t *ad, size_t ad_len,
                          uint8_t *out, const uint8_t *in, size_t len, uint8_t decrypt, uint8_t tag[16])
{
#if LWC_SIMD_X86_64
    if ((lwc_simd_features() & LWC_SIMD_HAS_BMI) && lwc_simd_level() >= LWC_SIMD_AVX2) {
        aead_whole_bmi(key, nonce, ad, ad_len, out, in, len, decrypt, tag);
        return;
    }
#endif
    aead_whole(key, nonce, ad, ad_len, out, in, len, decrypt, tag);
}

void lwc_ascon_hash_absorb(uint64_t s[5], const uint8_t *in, size_t blocks)
{
    LOAD_STATE;
    for (; blocks; blocks--, in += 8) {
        x0 ^= lwc_ascon_load(in, 8);
        ASCON_ROUNDS_FROM(x0, x1, x2, x3, x4, 0);
    }
    STORE_STATE;
}
#endif

#endif
