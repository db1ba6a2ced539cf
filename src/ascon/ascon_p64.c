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

/* The constant of round i, c_{4+i} of the standard. */
#define ASCON_CONSTANT(i) ((uint64_t)((15u - (i)) << 4 | (i)))

/* x ^ ror(x, a) ^ ror(x, b) (a > b), the linear layer of one word. On 64-bit cores as
 * written: the two rotations side by side, two operations deep (rorx copies as it rotates);
 * elsewhere as x ^ ror(x ^ ror(x, a - b), b), the same value in one copy fewer on
 * two-operand ISAs. */
#if LWC_ASCON_FAST64
#define ASCON_LINEAR(x, a, b) ((x) ^ ror64((x), (a)) ^ ror64((x), (b)))
#else
#define ASCON_LINEAR(x, a, b) ((x) ^ ror64((x) ^ ror64((x), (a) - (b)), (b)))
#endif

/* The round's five words as GCC must take them, computed: without it, GCC reassociates the
 * XORs across rounds (the constant's XOR and its complement apart again) into about two
 * operations a round more than the round below, and the x86-64 cores are bound by the
 * operations' count (the message loop alone, on Zen 5: 3.03 against 2.93 TSC ticks per
 * byte, in a timing harness). The blocks' words likewise stay in general registers. GCC
 * only (clang's MemorySanitizer takes an asm's operands for uses: the constant-time check
 * would see the secret state "used" by each barrier). */
#if LWC_ASCON_FAST64 && defined(__GNUC__) && !defined(__clang__) && UINTPTR_MAX > 0xffffffffu
#define ASCON_OPAQUE(x0, x1, x2, x3, x4) __asm__("" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3), "+r"(x4))
#define ASCON_OPAQUE2(a, b) __asm__("" : "+r"(a), "+r"(b))
#else
#define ASCON_OPAQUE(x0, x1, x2, x3, x4) ((void)0)
#define ASCON_OPAQUE2(a, b) ((void)0)
#endif
/* One round on the words x0..x4 (lvalues) whose S2 holds the round's constant already, and
 * next, the next round's constant (0 after the last), XORed into the new S2: the S-box's
 * last step, S2 = ~S2, and that XOR are one XOR with ~next, out of the path into the next
 * round's S-box. */
#define ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, next)                                           \
    do {                                                                                       \
        /* S-box: chi of Keccak between an affine layer before and after. */                   \
        x0 ^= x4;                                                                              \
        x4 ^= x3;                                                                              \
        x2 ^= x1;                                                                              \
        const uint64_t t0_ = x0 ^ (~x1 & x2), t1_ = x1 ^ (~x2 & x3), t2_ = x2 ^ (~x3 & x4);    \
        const uint64_t t3_ = x3 ^ (~x4 & x0), t4_ = x4 ^ (~x0 & x1);                           \
        const uint64_t y1_ = t1_ ^ t0_, y0_ = t0_ ^ t4_, y3_ = t3_ ^ t2_;                      \
        x0 = ASCON_LINEAR(y0_, 28, 19);                                                        \
        x1 = ASCON_LINEAR(y1_, 61, 39);                                                        \
        x2 = ASCON_LINEAR(t2_, 6, 1) ^ ~(uint64_t)(next); /* ror(~t, r) = ~ror(t, r) */        \
        x3 = ASCON_LINEAR(y3_, 17, 10);                                                        \
        x4 = ASCON_LINEAR(t4_, 41, 7);                                                         \
        ASCON_OPAQUE(x0, x1, x2, x3, x4);                                                      \
    } while (0)

#if LWC_ASCON_FAST64
/* Rounds first..11 on the words, unrolled (first is public: the jump into the sequence),
 * each round's constant XORed in by the round before. */
#define ASCON_ROUNDS_FROM(x0, x1, x2, x3, x4, first)                                           \
    do {                                                                                       \
        x2 ^= ASCON_CONSTANT(first);                                                           \
        switch (first) {                                                                       \
        case 0: ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, ASCON_CONSTANT(1)); /* fall through */   \
        case 1: ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, ASCON_CONSTANT(2)); /* fall through */   \
        case 2: ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, ASCON_CONSTANT(3)); /* fall through */   \
        case 3: ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, ASCON_CONSTANT(4)); /* fall through */   \
        case 4: ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, ASCON_CONSTANT(5)); /* fall through */   \
        case 5: ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, ASCON_CONSTANT(6)); /* fall through */   \
        case 6: ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, ASCON_CONSTANT(7)); /* fall through */   \
        case 7: ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, ASCON_CONSTANT(8)); /* fall through */   \
        case 8: ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, ASCON_CONSTANT(9)); /* fall through */   \
        case 9: ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, ASCON_CONSTANT(10)); /* fall through */  \
        case 10: ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, ASCON_CONSTANT(11)); /* fall through */ \
        case 11: ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, 0); /* fall through */                  \
        default: break;                                                                        \
        }                                                                                      \
    } while (0)
#else
#define ASCON_ROUNDS_FROM(x0, x1, x2, x3, x4, first)                                           \
    do {                                                                                       \
        for (unsigned r_ = (first); r_ < 12; r_++) {                                           \
            x2 ^= ASCON_CONSTANT(r_);                                                          \
            ASCON_ROUND_FOLDED(x0, x1, x2, x3, x4, 0);                                         \
        }                                                                                      \
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

static inline __attribute__((always_inline)) void aead_whole(const uint64_t key[2], const lwc_aead_msg *m,
                                                              uint8_t decrypt, uint8_t *tag, size_t tag_len)
{
    const uint8_t *nonce = m->nonce, *ad = m->ad, *in = m->in;
    size_t ad_len = m->ad_len, len = m->len;
    uint8_t *out = m->out;
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
            uint64_t c0 = lwc_ascon_load(in, 8), c1 = lwc_ascon_load(in + 8, 8);
            ASCON_OPAQUE2(c0, c1); /* no trip through a vector register (GCC's SLP) */
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
            ASCON_OPAQUE2(x0, x1); /* no trip through a vector register (GCC's SLP) */
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
    /* The tag's first tag_len bytes, from the registers (no copy to wipe). */
    const size_t t0 = tag_len < 8 ? tag_len : 8, t1 = tag_len - t0;
    lwc_ascon_store_bytes(tag, x3 ^ k0, t0);
    if (t1)
        lwc_ascon_store_bytes(tag + 8, x4 ^ k1, t1);
}

/* The body compiled twice on x86-64: for any x86-64, and with BMI1 and BMI2 (~a & b in one
 * instruction, andn; rotations into another register, rorx) for the CPUs at SIMD level AVX2
 * or above that have them; lwc_ascon_aead_whole only picks one (the frame is theirs). */
static __attribute__((noinline)) void aead_whole_any(const uint64_t key[2], const lwc_aead_msg *m, uint8_t decrypt,
                                                     uint8_t *tag, size_t tag_len)
{
    aead_whole(key, m, decrypt, tag, tag_len);
}

#if LWC_SIMD_X86_64
__attribute__((target("bmi,bmi2"), noinline)) static void aead_whole_bmi(const uint64_t key[2], const lwc_aead_msg *m,
                                                                          uint8_t decrypt, uint8_t *tag,
                                                                          size_t tag_len)
{
    aead_whole(key, m, decrypt, tag, tag_len);
}
#endif

void lwc_ascon_aead_whole(const uint64_t key[2], const lwc_aead_msg *m, uint8_t decrypt, uint8_t *tag,
                          size_t tag_len)
{
#if LWC_SIMD_X86_64
    if (lwc_simd_level() >= LWC_SIMD_AVX2 && (lwc_simd_features() & LWC_SIMD_HAS_BMI)) {
        aead_whole_bmi(key, m, decrypt, tag, tag_len);
        return;
    }
#endif
    aead_whole_any(key, m, decrypt, tag, tag_len);
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
