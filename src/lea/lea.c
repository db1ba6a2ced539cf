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
 * are lwc_lea_ks_rounds in lea_avr.S; on the Cortex-M0 and RV32 the six updates of a
 * round are written out (constant rotations) and D[k] turns by j bits for update j: 1.6
 * times as fast there (the Cortex-M4 would gain as much, for 44 bytes of flash).
 */
#if LWC_LEA_IMPL == LWC_IMPL_AVR
void lwc_lea_ks_rounds(uint32_t *rk, uint32_t st[16], uint8_t n, uint8_t rounds);
#elif (LWC_ARCH_ARMV6M || LWC_ARCH_RV32) && !LWC_SMALL
/* Update j of a round: T[(p + j) mod 8] with D[k] = d; round key word j. */
#define LEA_KS_UPDATE(j, rot)                                 \
    do {                                                      \
        uint32_t *const t_ = &st[(p + (j)) & 7];              \
        *t_ = lwc_rol32(*t_ + lwc_rol32(d, j), rot);          \
        rk[j] = *t_;                                          \
    } while (0)

static void lea_ks_rounds(uint32_t *rk, uint32_t st[16], unsigned n, unsigned rounds)
{
    unsigned p = 0; /* 0, but (6i) mod 8 for LEA-256 */
    for (unsigned i = 0, k = 0; i < rounds; i++) {
        const uint32_t d = st[8 + k];
        LEA_KS_UPDATE(0, 1);
        LEA_KS_UPDATE(1, 3);
        LEA_KS_UPDATE(2, 6);
        LEA_KS_UPDATE(3, 11);
        if (n == 4) { /* fold (T0, T1, T2, T3) -> (T0, T1, T1^T2, T1^T3) */
            rk[2] ^= rk[1];
            rk[3] ^= rk[1];
            rk += 4;
        } else { /* words 2 and 4 */
            LEA_KS_UPDATE(4, 13);
            LEA_KS_UPDATE(5, 17);
            rk[2] ^= rk[1];
            rk[4] ^= rk[3];
            rk += 6;
        }
        st[8 + k] = lwc_rol32(d, n);
        k = k + 1 == n ? 0 : k + 1;
        p = n == 8 ? p + 6 : 0;
    }
}
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

#if LWC_LEA_IMPL == LWC_IMPL_C
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
 * 8/16-bit cores and with LWC_SMALL one round per loop step and the words moved (less
 * flash).
 */
#if LWC_WORD32 && !LWC_SMALL
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

#if LWC_LEA_MODE_HOOKS && LWC_LEA_IMPL == LWC_IMPL_C
/*
 * EAX's and CCM's hooks in C (LWC_LEA_MODE_HOOKS; contracts: src/modes/modes_internal.h), the
 * block's words in registers from end to end: the CBC-MAC step loads the chain and the
 * message block once each and XORs them as words; CTR with a secret counter keeps the
 * counter as four big-endian words, its block the byte-reversed words (one instruction
 * each on the Cortex-M4 and x86), incremented by carries computed without a branch.
 */
#define LEA_MODE_HOOKS(X, KEYS, stride, nrounds)                                                   \
    void lwc_##X##_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy)       \
    {                                                                                              \
        const uint32_t *rk = ((const lwc_##X##_key *)ks)->rk;                                      \
        const unsigned rounds = nrounds;                                                           \
        const int aligned = lwc_aligned4(chain) && lwc_aligned4(m) && lwc_aligned4(copy);          \
        uint32_t m0, m1, m2, m3, x0, x1, x2, x3;                                                   \
        LWC_LOAD4LE(m, aligned, m0, m1, m2, m3);                                                   \
        LWC_LOAD4LE(chain, aligned, x0, x1, x2, x3);                                               \
        if (copy != chain)                                                                         \
            LWC_STORE4LE(copy, aligned, m0, m1, m2, m3);                                           \
        x0 ^= m0, x1 ^= m1, x2 ^= m2, x3 ^= m3;                                                    \
        LEA_ENC_ROUNDS(KEYS, stride);                                                              \
        LWC_STORE4LE(chain, aligned, x0, x1, x2, x3);                                              \
    }                                                                                              \
    void lwc_##X##_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in,   \
                              size_t blocks)                                                       \
    {                                                                                              \
        const uint32_t *const rk0 = ((const lwc_##X##_key *)ks)->rk;                               \
        const unsigned rounds = nrounds;                                                           \
        const int aligned = lwc_aligned4(out) && lwc_aligned4(in);                                 \
        uint32_t n0 = lwc_load32be(counter), n1 = lwc_load32be(counter + 4);                       \
        uint32_t n2 = lwc_load32be(counter + 8), n3 = lwc_load32be(counter + 12);                  \
        for (; blocks; blocks--, out += 16, in += 16) {                                            \
            const uint32_t *rk = rk0;                                                              \
            uint32_t x0 = lwc_bswap32(n0), x1 = lwc_bswap32(n1), x2 = lwc_bswap32(n2);             \
            uint32_t x3 = lwc_bswap32(n3), m0, m1, m2, m3, carry;                                  \
            LEA_ENC_ROUNDS(KEYS, stride);                                                          \
            LWC_LOAD4LE(in, aligned, m0, m1, m2, m3);                                              \
            LWC_STORE4LE(out, aligned, x0 ^ m0, x1 ^ m1, x2 ^ m2, x3 ^ m3);                        \
            n3 += 1;                                                                               \
            carry = n3 == 0;                                                                       \
            n2 += carry;                                                                           \
            carry &= n2 == 0;                                                                      \
            n1 += carry;                                                                           \
            carry &= n1 == 0;                                                                      \
            n0 += carry;                                                                           \
        }                                                                                          \
        lwc_store32be(counter, n0), lwc_store32be(counter + 4, n1);                                \
        lwc_store32be(counter + 8, n2), lwc_store32be(counter + 12, n3);                           \
    }
LEA_MODE_HOOKS(lea128, LEA128_KEYS, 4, 24)
LEA_MODE_HOOKS(lea192, LEA192_KEYS, 6, 28)
LEA_MODE_HOOKS(lea256, LEA192_KEYS, 6, 32)
#endif

#if LWC_LEA_CTR_2WAY
/*
 * CTR's whole blocks two counter blocks per pass (lwc_ctr_xcrypt_words; RV32: its 31
 * registers hold both states and a round's key words, each key word loaded once for both
 * blocks), four rounds per loop step; an odd last block on its own. The counter blocks of
 * a call differ in their last four bytes only, X3 byte-reversed.
 */
/* out = in ^ (x0, x1, x2, x3), aligned words. */
#define LEA_XOR_BLOCK(out, in, x0, x1, x2, x3)                          \
    do {                                                                \
        lwc_store32_aligned(out, lwc_load32_aligned(in) ^ (x0));        \
        lwc_store32_aligned(out + 4, lwc_load32_aligned(in + 4) ^ (x1)); \
        lwc_store32_aligned(out + 8, lwc_load32_aligned(in + 8) ^ (x2)); \
        lwc_store32_aligned(out + 12, lwc_load32_aligned(in + 12) ^ (x3)); \
    } while (0)
#define LEA_ENC2_ROUND(a, b, c, d, e, f, g, h, KEYS, rk) \
    do {                                                 \
        LEA_ENC(a, b, c, d, KEYS(rk));                   \
        LEA_ENC(e, f, g, h, KEYS(rk));                   \
    } while (0)
/* The rounds on (x0..x3) and (y0..y3) with the round keys from rk0 to end, four rounds a step. */
#define LEA_ENC2_ROUNDS(KEYS, stride, rk0, end)                                          \
    for (const uint32_t *rk = (rk0); rk != (end); rk += 4 * (stride)) {                  \
        LEA_ENC2_ROUND(x0, x1, x2, x3, y0, y1, y2, y3, KEYS, rk);                        \
        LEA_ENC2_ROUND(x1, x2, x3, x0, y1, y2, y3, y0, KEYS, rk + (stride));             \
        LEA_ENC2_ROUND(x2, x3, x0, x1, y2, y3, y0, y1, KEYS, rk + 2 * (stride));         \
        LEA_ENC2_ROUND(x3, x0, x1, x2, y3, y0, y1, y2, KEYS, rk + 3 * (stride));         \
    }
#define LEA_CTR2_FUNCTION(fname, block, KEYS, stride, rounds)                                    \
    static void fname(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)                \
    {                                                                                            \
        const uint32_t *const rk0 = ctx, *const end = rk0 + (rounds) * (stride);                 \
        uint8_t *const counter = (uint8_t *)ctx + (rounds) * (stride) * 4;                       \
        uint32_t low = lwc_load32be(counter + 12);                                               \
        for (; nblocks >= 2; nblocks -= 2, low += 2, out += 32, in += 32) {                      \
            /* the first three words loaded per pass (registers are scarce in the loop) */       \
            uint32_t x0 = lwc_load32_aligned(counter), x1 = lwc_load32_aligned(counter + 4);     \
            uint32_t x2 = lwc_load32_aligned(counter + 8), x3 = lwc_bswap32(low);                  \
            uint32_t y0 = x0, y1 = x1, y2 = x2, y3 = lwc_bswap32(low + 1);                         \
            LEA_ENC2_ROUNDS(KEYS, stride, rk0, end);                                             \
            LEA_XOR_BLOCK(out, in, x0, x1, x2, x3);                                              \
            LEA_XOR_BLOCK(out + 16, in + 16, y0, y1, y2, y3);                                    \
        }                                                                                        \
        if (nblocks) {                                                                           \
            uint32_t w[4];                                                                       \
            lwc_store32be(counter + 12, low++);                                                  \
            block(rk0, rounds, (uint8_t *)w, counter);                                           \
            LEA_XOR_BLOCK(out, in, w[0], w[1], w[2], w[3]);                                      \
            lwc_wipe(w, sizeof w);                                                               \
        }                                                                                        \
        lwc_store32be(counter + 12, low);                                                        \
    }
LEA_CTR2_FUNCTION(lea128_ctr_words, lea128_encrypt, LEA128_KEYS, 4, 24)
LEA_CTR2_FUNCTION(lea192_ctr_words, lea192_encrypt, LEA192_KEYS, 6, 28)
LEA_CTR2_FUNCTION(lea256_ctr_words, lea192_encrypt, LEA192_KEYS, 6, 32)

/*
 * The pair passes (lwc_pair_pass_fn): the rounds of the 2-way CTR above on the chain (x)
 * and the counter block (y), each key word loaded once for both, the chain's words kept in
 * x from block to block. The counter: its last word a big-endian number (y3 its bytes
 * reversed), the three above it as loaded before and after the carry out of the last (at
 * most one in a call: fewer than 2^32 blocks), taken by a mask, as lwc_aead_pass's. Then
 * out = in ^ y and x ^= in or out, a block of in loaded once, as words where out and in
 * are aligned.
 */
#define LEA_PAIR_PASS(X, KEYS, stride, rounds)                                                         \
    void lwc_##X##_pair_pass(const void *ks, uint8_t *chain, uint8_t *counter, uint8_t *out,          \
                             const uint8_t *in, size_t blocks, unsigned mac_in)                       \
    {                                                                                                  \
        const uint32_t *const rk0 = ((const lwc_##X##_key *)ks)->rk;                                   \
        const uint32_t *const end = rk0 + (rounds) * (stride);                                         \
        const uint8_t *const stop = in + 16 * blocks;                                                  \
        const int aligned = lwc_aligned4(out) && lwc_aligned4(in);                                     \
        uint32_t upper[3], delta[3], low = lwc_load32be(counter + 12), wrapped = 0, carry = 1;         \
        uint32_t x0 = lwc_load32_aligned(chain), x1 = lwc_load32_aligned(chain + 4);                   \
        uint32_t x2 = lwc_load32_aligned(chain + 8), x3 = lwc_load32_aligned(chain + 12);              \
        for (unsigned j = 3; j--;) { /* from the last upper word up */                                 \
            const uint32_t w = lwc_load32be(counter + 4 * j) + carry;                                  \
            upper[j] = lwc_load32le(counter + 4 * j);                                                  \
            delta[j] = upper[j] ^ lwc_bswap32(w);                                                      \
            carry &= w == 0;                                                                           \
        }                                                                                              \
        for (; in != stop; in += 16, out += 16) {                                                      \
            uint32_t y0 = upper[0] ^ (delta[0] & wrapped), y1 = upper[1] ^ (delta[1] & wrapped);       \
            uint32_t y2 = upper[2] ^ (delta[2] & wrapped), y3 = lwc_bswap32(low), m0, m1, m2, m3;      \
            low += 1; /* no branch: the carry out of the last word turns the mask on */                \
            wrapped |= 0u - (uint32_t)(low == 0);                                                      \
            LEA_ENC2_ROUNDS(KEYS, stride, rk0, end);                                                   \
            LWC_LOAD4LE(in, aligned, m0, m1, m2, m3);                                                  \
            y0 ^= m0, y1 ^= m1, y2 ^= m2, y3 ^= m3;                                                    \
            LWC_STORE4LE(out, aligned, y0, y1, y2, y3);                                                \
            if (mac_in)                                                                                \
                x0 ^= m0, x1 ^= m1, x2 ^= m2, x3 ^= m3;                                                \
            else                                                                                       \
                x0 ^= y0, x1 ^= y1, x2 ^= y2, x3 ^= y3;                                                \
        }                                                                                              \
        lwc_store32_aligned(chain, x0), lwc_store32_aligned(chain + 4, x1);                            \
        lwc_store32_aligned(chain + 8, x2), lwc_store32_aligned(chain + 12, x3);                       \
        for (unsigned j = 0; j < 3; j++)                                                               \
            lwc_store32le(counter + 4 * j, upper[j] ^ (delta[j] & wrapped));                           \
        lwc_store32be(counter + 12, low);                                                              \
        lwc_wipe(upper, sizeof upper);                                                                 \
        lwc_wipe(delta, sizeof delta);                                                                 \
    }
/* The pair functions (lwc_block_pair_fn; the blocks of lwc_aead_pass that its pair pass does
 * not take: a message's last partial block): the pair pass on one block, a_in as the chain
 * and b_in as the counter, in = 0 (mac_in: the chain keeps E(a_in)), so that a firmware
 * holds one copy of the 2-way rounds for EAX and CCM. */
#define LEA_PAIR_FUNCTION(X)                                                                          \
    void lwc_##X##_encrypt_pair(const void *ks, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out, \
                                const uint8_t *b_in)                                                 \
    {                                                                                                \
        uint32_t chain[4], counter[4], stream[4];                                                    \
        static const uint32_t zero[4];                                                               \
        memcpy(chain, a_in, 16);                                                                     \
        memcpy(counter, b_in, 16);                                                                   \
        lwc_##X##_pair_pass(ks, (uint8_t *)chain, (uint8_t *)counter, (uint8_t *)stream,             \
                            (const uint8_t *)zero, 1, 1);                                            \
        memcpy(a_out, chain, 16);                                                                    \
        memcpy(b_out, stream, 16);                                                                   \
        lwc_wipe(chain, sizeof chain);                                                               \
        lwc_wipe(counter, sizeof counter);                                                           \
        lwc_wipe(stream, sizeof stream);                                                             \
    }
#define LEA_PAIRS(X, KEYS, stride, rounds) LEA_PAIR_PASS(X, KEYS, stride, rounds) LEA_PAIR_FUNCTION(X)
LEA_PAIRS(lea128, LEA128_KEYS, 4, 24)
LEA_PAIRS(lea192, LEA192_KEYS, 6, 28)
LEA_PAIRS(lea256, LEA192_KEYS, 6, 32)
#endif
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

#if LWC_LEA_IMPL == LWC_IMPL_ARMV6M
/* lea_armv6m.S: the block functions on aligned words (lwc_block_words) and CTR's whole
 * blocks (below). */
void lwc_lea128_encrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_lea192_encrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_lea256_encrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_lea128_decrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_lea192_decrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_lea256_decrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_lea128_ctr_words(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
void lwc_lea192_ctr_words(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
void lwc_lea256_ctr_words(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);

void lwc_lea128_encrypt(const lwc_lea128_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_lea128_encrypt_words, ks, 16, out, in);
}

void lwc_lea128_decrypt(const lwc_lea128_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_lea128_decrypt_words, ks, 16, out, in);
}

void lwc_lea192_encrypt(const lwc_lea192_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_lea192_encrypt_words, ks, 16, out, in);
}

void lwc_lea192_decrypt(const lwc_lea192_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_lea192_decrypt_words, ks, 16, out, in);
}

void lwc_lea256_encrypt(const lwc_lea256_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_lea256_encrypt_words, ks, 16, out, in);
}

void lwc_lea256_decrypt(const lwc_lea256_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_lea256_decrypt_words, ks, 16, out, in);
}

/* The modes' hooks (LWC_LEA_MODE_HOOKS): lea_armv6m.S's on aligned words. */
LWC_MODE_HOOKS_WORDS(lea128, 16)
LWC_MODE_HOOKS_WORDS(lea192, 16)
LWC_MODE_HOOKS_WORDS(lea256, 16)
#elif LWC_LEA_IMPL == LWC_IMPL_C /* else lwc_leaN_encrypt / lwc_leaN_decrypt are in lea_avr.S */
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
 * CTR: the assembly contract of lwc_internal.h. lwc_leaN_ctr_blocks (lea_avr.S) has the
 * block loop, the counter and the rounds 1-4 shortcut with its precomputation (derived
 * there); it finds st where the round keys end.
 */
LWC_STATIC_ASSERT(lea128_ctr_layout, offsetof(lwc_lea128_ctr, st) == sizeof(lwc_lea128_key));
LWC_STATIC_ASSERT(lea192_ctr_layout, offsetof(lwc_lea192_ctr, st) == sizeof(lwc_lea192_key));
LWC_STATIC_ASSERT(lea256_ctr_layout, offsetof(lwc_lea256_ctr, st) == sizeof(lwc_lea256_key));
/* lea_avr.S: io at st + 0, counter at st + 8 */
LWC_STATIC_ASSERT(lea_ctr_state_offsets, offsetof(lwc_lea_ctr_state, counter) == 8);
LWC_CTR_WINDOW_LAYOUT(lea128_ctr_window, lwc_lea128_ctr, st.counter, st.pre_valid, 16);
LWC_CTR_WINDOW_LAYOUT(lea192_ctr_window, lwc_lea192_ctr, st.counter, st.pre_valid, 16);
LWC_CTR_WINDOW_LAYOUT(lea256_ctr_window, lwc_lea256_ctr, st.counter, st.pre_valid, 16);
void lwc_lea128_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in, uint8_t nblocks);
void lwc_lea192_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in, uint8_t nblocks);
void lwc_lea256_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in, uint8_t nblocks);

void lwc_lea128_ctr_init(lwc_lea128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_lea128_setkey(&ctx->ks, key);
    lwc_ctr_window_restart(ctx->st.counter, &ctx->used, &ctx->st.pre_valid, iv, 16);
}

void lwc_lea128_ctr_setiv(lwc_lea128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_window_restart(ctx->st.counter, &ctx->used, &ctx->st.pre_valid, iv, 16);
}

void lwc_lea128_ctr_crypt(lwc_lea128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_window_crypt(lwc_lea128_ctr_blocks, ctx->st.counter, 16, 1,
                         LWC_CTR_STREAM_OFFSET(lwc_lea128_ctr, st.counter), out, in, len);
}

void lwc_lea192_ctr_init(lwc_lea192_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_lea192_setkey(&ctx->ks, key);
    lwc_ctr_window_restart(ctx->st.counter, &ctx->used, &ctx->st.pre_valid, iv, 16);
}

void lwc_lea192_ctr_setiv(lwc_lea192_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_window_restart(ctx->st.counter, &ctx->used, &ctx->st.pre_valid, iv, 16);
}

void lwc_lea192_ctr_crypt(lwc_lea192_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_window_crypt(lwc_lea192_ctr_blocks, ctx->st.counter, 16, 1,
                         LWC_CTR_STREAM_OFFSET(lwc_lea192_ctr, st.counter), out, in, len);
}

void lwc_lea256_ctr_init(lwc_lea256_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_lea256_setkey(&ctx->ks, key);
    lwc_ctr_window_restart(ctx->st.counter, &ctx->used, &ctx->st.pre_valid, iv, 16);
}

void lwc_lea256_ctr_setiv(lwc_lea256_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_window_restart(ctx->st.counter, &ctx->used, &ctx->st.pre_valid, iv, 16);
}

void lwc_lea256_ctr_crypt(lwc_lea256_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_window_crypt(lwc_lea256_ctr_blocks, ctx->st.counter, 16, 1,
                         LWC_CTR_STREAM_OFFSET(lwc_lea256_ctr, st.counter), out, in, len);
}
#else
void lwc_lea128_ctr_init(lwc_lea128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_lea128_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_lea128_ctr_setiv(lwc_lea128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_lea192_ctr_init(lwc_lea192_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_lea192_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_lea192_ctr_setiv(lwc_lea192_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_lea256_ctr_init(lwc_lea256_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_lea256_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_lea256_ctr_setiv(lwc_lea256_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

#if LWC_LEA_IMPL == LWC_IMPL_ARMV6M || LWC_LEA_CTR_2WAY
/* CTR's whole blocks in lea_armv6m.S or the 2-way C above (lwc_ctr_xcrypt_words), which
 * find the counter right after the round keys. */
LWC_STATIC_ASSERT(lea128_ctr_counter, offsetof(lwc_lea128_ctr, counter) == sizeof(lwc_lea128_key));
LWC_STATIC_ASSERT(lea192_ctr_counter, offsetof(lwc_lea192_ctr, counter) == sizeof(lwc_lea192_key));
LWC_STATIC_ASSERT(lea256_ctr_counter, offsetof(lwc_lea256_ctr, counter) == sizeof(lwc_lea256_key));
#if LWC_LEA_IMPL == LWC_IMPL_ARMV6M
#define lea128_ctr_words lwc_lea128_ctr_words
#define lea192_ctr_words lwc_lea192_ctr_words
#define lea256_ctr_words lwc_lea256_ctr_words
#endif

void lwc_lea128_ctr_crypt(lwc_lea128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt_words(lea128_ctr_words, ctx, 16, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}

void lwc_lea192_ctr_crypt(lwc_lea192_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt_words(lea192_ctr_words, ctx, 16, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}

void lwc_lea256_ctr_crypt(lwc_lea256_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt_words(lea256_ctr_words, ctx, 16, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}
#else
/* CTR on the reference engine (lwc_internal.h). */
static void lea128_ctr_block(const void *ks, uint8_t *out, const uint8_t *in)
{
    lwc_lea128_encrypt(ks, out, in);
}

static void lea192_ctr_block(const void *ks, uint8_t *out, const uint8_t *in)
{
    lwc_lea192_encrypt(ks, out, in);
}

static void lea256_ctr_block(const void *ks, uint8_t *out, const uint8_t *in)
{
    lwc_lea256_encrypt(ks, out, in);
}

void lwc_lea128_ctr_crypt(lwc_lea128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    LWC_SIMD_CTR_FIRST(lwc_simd_kernel_lea128, ctx, 16, out, in, len); /* host SIMD kernels */
    lwc_ctr_xcrypt(lea128_ctr_block, &ctx->ks, 16, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}

void lwc_lea192_ctr_crypt(lwc_lea192_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    LWC_SIMD_CTR_FIRST(lwc_simd_kernel_lea192, ctx, 16, out, in, len); /* host SIMD kernels */
    lwc_ctr_xcrypt(lea192_ctr_block, &ctx->ks, 16, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}

void lwc_lea256_ctr_crypt(lwc_lea256_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    LWC_SIMD_CTR_FIRST(lwc_simd_kernel_lea256, ctx, 16, out, in, len); /* host SIMD kernels */
    lwc_ctr_xcrypt(lea256_ctr_block, &ctx->ks, 16, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}
#endif
#endif
