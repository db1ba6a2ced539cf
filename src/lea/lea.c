/*
 * LEA reference implementation (KS X 3246). Words are loaded little-endian.
 *
 * Stored round keys are "folded". LEA-192/256 keep per round the six words
 * (RK0, RK1, RK1^RK2, RK3, RK3^RK4, RK5); LEA-128, whose round keys have RK1 = RK3 = RK5,
 * keeps four: (RK0, RK1, RK1^RK2, RK1^RK4). The round uses X1^RK1 and X1^RK2, X2^RK3 and
 * X2^RK4: with folded words the AVR assembly (lea_avr.S) XORs each state word in place
 * twice instead of copying it, reads the words in storage order, and LEA-128 reads 16
 * bytes per round. All builds use this layout.
 */
#include "../common/lwc_simd.h"
#include "lea_tables.h"

#include <stddef.h>

/*
 * Key schedule. The key state T has n = 4, 6 or 8 words. Round i updates the words
 * T[j] (LEA-128: j = 0..3; LEA-192: j = 0..5) or T[(6i + j) mod 8] (LEA-256: j = 0..5),
 * each as T = ROL_{rot[j]}(T + ROL_{i+j}(delta[i mod n])), and the round key is the six
 * updated words, except for LEA-128 whose round key is (T0, T1, T2, T1, T3, T1).
 *
 * lea_setkey fills st[0..n-1] with T and st[8..8+n-1] with D[k] = ROL_k(delta[k]); the
 * rounds keep D[k] rotated for its next use (round i + n: ROL by n more bits), so that
 * every rotation has a constant count (variable 32-bit rotations are slow loops on
 * 8-bit cores), and walk T with a pointer p = (6i + j) mod n. On the ATmega the rounds
 * are lwc_lea_ks_rounds in lea_avr.S.
 */
#if LWC_LEA_IMPL == LWC_IMPL_AVR
void lwc_lea_ks_rounds(uint32_t *rk, uint32_t st[16], uint8_t n, uint8_t rounds);
#else
static uint32_t lea_ks_word(uint32_t t, uint32_t d, unsigned j)
{
    t += d;
    switch (j) {
    case 0: return lwc_rol32(t, 1);
    case 1: return lwc_rol32(t, 3);
    case 2: return lwc_rol32(t, 6);
    case 3: return lwc_rol32(t, 11);
    case 4: return lwc_rol32(t, 13);
    default: return lwc_rol32(t, 17);
    }
}

static void lea_ks_rounds(uint32_t *rk, uint32_t st[16], unsigned n, unsigned rounds)
{
    const unsigned updates = n == 4 ? 4 : 6;
    unsigned p = 0;

    for (unsigned i = 0, k = 0; i < rounds; i++) {
        uint32_t d = st[8 + k];
        for (unsigned j = 0; j < updates; j++) {
            st[p] = lea_ks_word(st[p], d, j);
            *rk++ = st[p];
            p = p + 1 == n ? 0 : p + 1;
            d = lwc_rol32(d, 1);
        }
        for (unsigned j = updates; j < n; j++)
            d = lwc_rol32(d, 1);
        st[8 + k] = d;
        k = k + 1 == n ? 0 : k + 1;
        /* fold: LEA-128 (T0, T1, T2, T3) -> (T0, T1, T1^T2, T1^T3); else words 2 and 4 */
        if (n == 4) {
            rk[-2] ^= rk[-3];
            rk[-1] ^= rk[-3];
        } else {
            rk[-4] ^= rk[-5];
            rk[-2] ^= rk[-3];
        }
    }
}
#endif

static void lea_setkey(uint32_t *rk, const uint8_t *key, unsigned key_words, unsigned rounds)
{
    uint32_t st[16];

    for (unsigned k = 0; k < key_words; k++) {
        uint32_t d = lwc_rom_u32(&lea_delta[k]);
        for (unsigned r = 0; r < k; r++) /* ROL_k as k ROL1: no variable shift */
            d = lwc_rol32(d, 1);
        st[k] = lwc_load32le(key + 4 * k);
        st[8 + k] = d;
    }
#if LWC_LEA_IMPL == LWC_IMPL_AVR
    lwc_lea_ks_rounds(rk, st, (uint8_t)key_words, (uint8_t)rounds);
#else
    lea_ks_rounds(rk, st, key_words, rounds);
#endif
    lwc_wipe(st, sizeof st);
}

#if LWC_LEA_IMPL != LWC_IMPL_AVR
/*
 * Rotations as rotations by 8 and 1 bits: 32-bit compilers fold each into one rotation,
 * avr-gcc compiles them to byte moves and a few one-bit rotations instead of shift loops.
 */
#define LEA_ROL9(x) lwc_rol32(lwc_rol32(x, 8), 1)
#define LEA_ROR9(x) lwc_ror32(lwc_ror32(x, 8), 1)
#define LEA_ROL5(x) lwc_ror32(lwc_ror32(lwc_ror32(lwc_rol32(x, 8), 1), 1), 1)
#define LEA_ROR5(x) lwc_rol32(lwc_rol32(lwc_rol32(lwc_ror32(x, 8), 1), 1), 1)
#define LEA_ROL3(x) lwc_rol32(lwc_rol32(lwc_rol32(x, 1), 1), 1)
#define LEA_ROR3(x) lwc_ror32(lwc_ror32(lwc_ror32(x, 1), 1), 1)

/*
 * The six folded words (k0..k5) = (RK0, RK1, RK1^RK2, RK3, RK3^RK4, RK5) of a round
 * from its stored words rk: LEA-128 stores (RK0, RK1, RK1^RK2, RK1^RK4) (RK3 = RK5 = RK1).
 */
#define LEA128_KEYS(rk) (rk)[0], (rk)[1], (rk)[2], (rk)[1], (rk)[3], (rk)[1]
#define LEA192_KEYS(rk) (rk)[0], (rk)[1], (rk)[2], (rk)[3], (rk)[4], (rk)[5]

/*
 * One round on (X0, X1, X2, X3) = (a, b, c, d), in place: afterwards (b, c, d, a) hold
 * the new (X0, X1, X2, X3), so four rounds with the names rotated need no moves.
 *   X0' = ROL9((X0 ^ RK0) + (X1 ^ RK1)), X1' = ROR5((X1 ^ RK2) + (X2 ^ RK3)),
 *   X2' = ROR3((X2 ^ RK4) + (X3 ^ RK5)), X3' = X0;
 * with the folded words X1 ^ RK2 = (X1 ^ k1) ^ k2 and X2 ^ RK4 = (X2 ^ k3) ^ k4.
 */
#define LEA_ENC_ROUND(a, b, c, d, k0, k1, k2, k3, k4, k5) \
    do {                                                  \
        const uint32_t b_ = (b) ^ (k1), c_ = (c) ^ (k3);  \
        d = LEA_ROR3((c_ ^ (k4)) + ((d) ^ (k5)));         \
        c = LEA_ROR5((b_ ^ (k2)) + c_);                   \
        b = LEA_ROL9(((a) ^ (k0)) + b_);                  \
    } while (0)
/* The inverse: from (b, c, d, a) holding the round's output back to (a, b, c, d). */
#define LEA_DEC_ROUND(a, b, c, d, k0, k1, k2, k3, k4, k5) \
    do {                                                  \
        const uint32_t b_ = LEA_ROR9(b) - ((a) ^ (k0));   \
        const uint32_t c_ = LEA_ROL5(c) - (b_ ^ (k2));    \
        d = (LEA_ROL3(d) - (c_ ^ (k4))) ^ (k5);           \
        c = c_ ^ (k3);                                    \
        b = b_ ^ (k1);                                    \
    } while (0)
#define LEA_ENC(...) LEA_ENC_ROUND(__VA_ARGS__)
#define LEA_DEC(...) LEA_DEC_ROUND(__VA_ARGS__)

/*
 * The rounds of the block functions (rounds = 24, 28 or 32; stride = words per round).
 * On 32-bit cores fully unrolled, four rounds per step with the names rotated; on
 * 8/16-bit cores one round per loop step and the words moved (less flash).
 */
#if LWC_WORD32
#define LEA_ENC_STEP(x0, x1, x2, x3, KEYS, rk, stride)         \
    do {                                                       \
        LEA_ENC(x0, x1, x2, x3, KEYS(rk));                     \
        LEA_ENC(x1, x2, x3, x0, KEYS((rk) + (stride)));        \
        LEA_ENC(x2, x3, x0, x1, KEYS((rk) + 2 * (stride)));    \
        LEA_ENC(x3, x0, x1, x2, KEYS((rk) + 3 * (stride)));    \
    } while (0)
#define LEA_DEC_STEP(x0, x1, x2, x3, KEYS, rk, stride)         \
    do {                                                       \
        LEA_DEC(x3, x0, x1, x2, KEYS((rk) + 3 * (stride)));    \
        LEA_DEC(x2, x3, x0, x1, KEYS((rk) + 2 * (stride)));    \
        LEA_DEC(x1, x2, x3, x0, KEYS((rk) + (stride)));        \
        LEA_DEC(x0, x1, x2, x3, KEYS(rk));                     \
    } while (0)
/* Rounds 4s .. 4s + 3 (the step s), then up to 32 rounds. */
#define LEA_ENC_S(KEYS, stride, s) \
    LEA_ENC_STEP(x0, x1, x2, x3, KEYS, rk + 4 * (s) * (stride), stride)
#define LEA_DEC_S(KEYS, stride, s) \
    LEA_DEC_STEP(x0, x1, x2, x3, KEYS, rk + 4 * (s) * (stride), stride)
/* Steps a .. f with S (LEA_ENC_S or LEA_DEC_S): rounds 0 to 23, in that order or back. */
#define LEA_STEPS_24(S, KEYS, stride, a, b, c, d, e, f) \
    do {                                                \
        S(KEYS, stride, a);                             \
        S(KEYS, stride, b);                             \
        S(KEYS, stride, c);                             \
        S(KEYS, stride, d);                             \
        S(KEYS, stride, e);                             \
        S(KEYS, stride, f);                             \
    } while (0)
#define LEA_ENC_ROUNDS(KEYS, stride)                             \
    do {                                                         \
        LEA_STEPS_24(LEA_ENC_S, KEYS, stride, 0, 1, 2, 3, 4, 5); \
        if (rounds > 24)                                         \
            LEA_ENC_S(KEYS, stride, 6);                          \
        if (rounds > 28)                                         \
            LEA_ENC_S(KEYS, stride, 7);                          \
    } while (0)
#define LEA_DEC_ROUNDS(KEYS, stride)                             \
    do {                                                         \
        if (rounds > 28)                                         \
            LEA_DEC_S(KEYS, stride, 7);                          \
        if (rounds > 24)                                         \
            LEA_DEC_S(KEYS, stride, 6);                          \
        LEA_STEPS_24(LEA_DEC_S, KEYS, stride, 5, 4, 3, 2, 1, 0); \
    } while (0)
#else
#define LEA_ENC_ROUNDS(KEYS, stride)                                                \
    for (const uint32_t *end = rk + (stride) * rounds; rk != end; rk += (stride)) { \
        LEA_ENC(x0, x1, x2, x3, KEYS(rk));                                          \
        const uint32_t t_ = x0;                                                     \
        x0 = x1;                                                                    \
        x1 = x2;                                                                    \
        x2 = x3;                                                                    \
        x3 = t_;                                                                    \
    }
#define LEA_DEC_ROUNDS(KEYS, stride)                             \
    for (const uint32_t *k = rk + (stride) * rounds; k != rk;) { \
        k -= (stride);                                           \
        const uint32_t t_ = x3;                                  \
        x3 = x2;                                                 \
        x2 = x1;                                                 \
        x1 = x0;                                                 \
        x0 = t_;                                                 \
        LEA_DEC(x0, x1, x2, x3, KEYS(k));                        \
    }
#endif

/* Defines the block functions of one round-key layout: KEYS, stride words per round. */
#define LEA_BLOCK_FUNCTION(fname, ROUNDS, KEYS, stride)                                  \
    static void fname(const uint32_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in) \
    {                                                                                    \
        uint32_t x0 = lwc_load32le(in), x1 = lwc_load32le(in + 4);                       \
        uint32_t x2 = lwc_load32le(in + 8), x3 = lwc_load32le(in + 12);                  \
        ROUNDS(KEYS, stride);                                                            \
        lwc_store32le(out, x0);                                                          \
        lwc_store32le(out + 4, x1);                                                      \
        lwc_store32le(out + 8, x2);                                                      \
        lwc_store32le(out + 12, x3);                                                     \
    }
#define LEA_BLOCK_FUNCTIONS_(name, KEYS, stride)                           \
    LEA_BLOCK_FUNCTION(name##_encrypt, LEA_ENC_ROUNDS, KEYS, stride)       \
    LEA_BLOCK_FUNCTION(name##_decrypt, LEA_DEC_ROUNDS, KEYS, stride)
LEA_BLOCK_FUNCTIONS_(lea128, LEA128_KEYS, 4)
LEA_BLOCK_FUNCTIONS_(lea192, LEA192_KEYS, 6)
#endif

void lwc_lea128_setkey(lwc_lea128_key *ks, const uint8_t *key)
{
    lea_setkey(ks->rk, key, 4, 24);
}

void lwc_lea192_setkey(lwc_lea192_key *ks, const uint8_t *key)
{
    lea_setkey(ks->rk, key, 6, 28);
}

void lwc_lea256_setkey(lwc_lea256_key *ks, const uint8_t *key)
{
    lea_setkey(ks->rk, key, 8, 32);
}

#if LWC_LEA_IMPL != LWC_IMPL_AVR /* else lwc_leaN_encrypt / lwc_leaN_decrypt are in lea_avr.S */
void lwc_lea128_encrypt(const lwc_lea128_key *ks, uint8_t *out, const uint8_t *in)
{
    lea128_encrypt(ks->rk, 24, out, in);
}

void lwc_lea128_decrypt(const lwc_lea128_key *ks, uint8_t *out, const uint8_t *in)
{
    lea128_decrypt(ks->rk, 24, out, in);
}

void lwc_lea192_encrypt(const lwc_lea192_key *ks, uint8_t *out, const uint8_t *in)
{
    lea192_encrypt(ks->rk, 28, out, in);
}

void lwc_lea192_decrypt(const lwc_lea192_key *ks, uint8_t *out, const uint8_t *in)
{
    lea192_decrypt(ks->rk, 28, out, in);
}

void lwc_lea256_encrypt(const lwc_lea256_key *ks, uint8_t *out, const uint8_t *in)
{
    lea192_encrypt(ks->rk, 32, out, in); /* LEA-256 stores its round keys as LEA-192 does */
}

void lwc_lea256_decrypt(const lwc_lea256_key *ks, uint8_t *out, const uint8_t *in)
{
    lea192_decrypt(ks->rk, 32, out, in);
}
#endif

#if LWC_LEA_IMPL == LWC_IMPL_AVR
/*
 * CTR: whole blocks in lea_avr.S (lwc_leaN_ctr_blocks: the block loop, the counter and
 * the rounds 1-2 shortcut, derived there); C handles the partial blocks at both ends and
 * fills the precomputed values (once per 256 blocks).
 */

/* Round i's unfolded keys RK0..RK5 from the folded storage (see the top of this file). */
static void lea_unfold(uint32_t k[6], const uint32_t *rk, unsigned words)
{
    k[0] = rk[0];
    k[1] = rk[1];
    k[2] = rk[1] ^ rk[2];
    k[3] = words == 4 ? rk[1] : rk[3];
    k[4] = k[3] ^ (words == 4 ? rk[3] : rk[4]);
    k[5] = words == 4 ? rk[1] : rk[5];
}

/*
 * pre (see lea_avr.S) from X0', X1', X2' and X0'' of the window's counter block;
 * valid = 1. stride = 16 or 24 bytes of round key per round. No branch on data.
 */
static void lea_ctr_fill(const uint32_t *rk, lwc_lea_ctr_state *st, uint8_t stride,
                         uint32_t x0p, uint32_t x1p, uint32_t x2p, uint32_t x0pp)
{
    const unsigned words = stride / 4u;
    uint32_t k[6];
    const uint32_t s = lwc_rol32(x2p, 3); /* S = ROL3(X2') */
    lea_unfold(k, rk, words);
    const uint8_t kb = (uint8_t)(k[5] >> 24);
    const uint8_t h2 = (uint8_t)(s >> 16) >> 3, h3 = (uint8_t)(s << 5);
    st->pre[0] = kb;
    st->pre[1] = (uint8_t)((s >> 24) - (st->counter[15] ^ kb)); /* Q3 */
    lea_unfold(k, rk + words, words);
    st->pre[2] = h2 ^ (uint8_t)(k[3] >> 16);
    st->pre[3] = h3 ^ (uint8_t)(k[3] >> 24);
    st->pre[4] = h2 ^ (uint8_t)(k[4] >> 16);
    st->pre[5] = h3 ^ (uint8_t)(k[4] >> 24);
    lwc_store32le(st->pre + 10, (x1p ^ k[2]) + ((x2p ^ k[3]) & 0xffffu));
    lwc_store32le(st->pre + 18,
                  (lwc_load32le(st->counter) ^ k[5]) + ((x2p ^ k[4]) & 0xffffu));
    lea_unfold(k, rk + 2 * words, words);
    lwc_store32le(st->pre + 6, x0p ^ k[5]);   /* C3 */
    lwc_store32le(st->pre + 14, x0pp ^ k[0]); /* A3 */
    lea_unfold(k, rk + 3 * words, words);
    lwc_store32le(st->pre + 22, x0pp ^ k[5]); /* D4 */
    st->valid = 1;
    lwc_wipe(k, sizeof k);
}

#ifdef LWC_CTR_ONLINE
/*
 * Online variant: the assembly encrypted the first block of the window with rounds 1-2
 * in full and stored its X0' (pre[6..9]), X1' (pre[10..13]), X0'' (pre[14..17]) and
 * X2' (pre[18..21]); the rest of pre follows from them.
 */
void lwc_lea_ctr_capture_finish(const uint32_t *rk, lwc_lea_ctr_state *st, uint8_t stride);

void lwc_lea_ctr_capture_finish(const uint32_t *rk, lwc_lea_ctr_state *st, uint8_t stride)
{
    lea_ctr_fill(rk, st, stride, lwc_load32le(st->pre + 6), lwc_load32le(st->pre + 10),
                 lwc_load32le(st->pre + 18), lwc_load32le(st->pre + 14));
}
#define LEA_CTR_START(ctx, stride) ((ctx)->st.valid = 0) /* captured by the first block */
#else
/*
 * The separate precomputation pass: pre for the 256-block window of st->counter. Runs
 * in ctr_init and (called by the assembly) when a block starts a new window.
 */
void lwc_lea_ctr_precompute(const uint32_t *rk, lwc_lea_ctr_state *st, uint8_t stride);

void lwc_lea_ctr_precompute(const uint32_t *rk, lwc_lea_ctr_state *st, uint8_t stride)
{
    const unsigned words = stride / 4u;
    uint32_t k[6];

    const uint32_t x0 = lwc_load32le(st->counter), x1 = lwc_load32le(st->counter + 4);
    const uint32_t x2 = lwc_load32le(st->counter + 8), x3 = lwc_load32le(st->counter + 12);

    lea_unfold(k, rk, words);
    const uint32_t y0 = lwc_rol32((x0 ^ k[0]) + (x1 ^ k[1]), 9);
    const uint32_t y1 = lwc_ror32((x1 ^ k[2]) + (x2 ^ k[3]), 5);
    const uint32_t y2 = lwc_ror32((x2 ^ k[4]) + (x3 ^ k[5]), 3);
    lea_unfold(k, rk + words, words);
    const uint32_t z0 = lwc_rol32((y0 ^ k[0]) + (y1 ^ k[1]), 9);
    lwc_wipe(k, sizeof k);
    lea_ctr_fill(rk, st, stride, y0, y1, y2, z0);
}
#define LEA_CTR_START(ctx, stride) lwc_lea_ctr_precompute((ctx)->ks.rk, &(ctx)->st, stride)
#endif

#define LEA_ROUNDS_lea128 24
#define LEA_ROUNDS_lea192 28
#define LEA_ROUNDS_lea256 32

#define LEA_CTR(X)                                                                    \
    /* the assembly finds st where the round keys end */                              \
    LWC_STATIC_ASSERT(X##_ctr_layout,                                                 \
                      offsetof(lwc_##X##_ctr, st) == sizeof(lwc_##X##_key));          \
    void lwc_##X##_ctr_blocks(lwc_lea_ctr_state *st, uint8_t *out, const uint8_t *in,  \
                              uint16_t nblocks);                                      \
    void lwc_##X##_ctr_init(lwc_##X##_ctr *ctx, const uint8_t *key, const uint8_t *iv) \
    {                                                                                 \
        lwc_##X##_setkey(&ctx->ks, key);                                              \
        memcpy(ctx->st.counter, iv, 16);                                              \
        ctx->used = 16;                                                               \
        LEA_CTR_START(ctx, sizeof ctx->ks.rk / LEA_ROUNDS_##X);                       \
    }                                                                                 \
    static void X##_ctr_blocks(void *st, uint8_t *out, const uint8_t *in, size_t n)   \
    {                                                                                 \
        lwc_##X##_ctr_blocks(st, out, in, (uint16_t)n);                               \
    }                                                                                 \
    void lwc_##X##_ctr_crypt(lwc_##X##_ctr *ctx, uint8_t *out, const uint8_t *in,     \
                             size_t len)                                              \
    {                                                                                 \
        lwc_ctr_xcrypt_blocks(X##_ctr_blocks, &ctx->st, 16, ctx->stream, &ctx->used, out, \
                              in, len);                                               \
    }
#elif LWC_HOST_SIMD /* whole blocks through lea_simd.c's kernels */
#define LEA_CTR(X) LWC_DEFINE_SIMD_CTR(X, 16)
#else
#define LEA_CTR(X) LWC_DEFINE_REFERENCE_CTR(X, 16)
#endif

LEA_CTR(lea128)
LEA_CTR(lea192)
LEA_CTR(lea256)
