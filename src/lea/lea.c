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
#include "../common/lwc_internal.h"
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
/* The six folded words (RK0, RK1, RK1^RK2, RK3, RK3^RK4, RK5) of the round at rk. */
static void lea_round_key(uint32_t k[6], const uint32_t *rk, unsigned stride)
{
    if (stride == 4) {
        k[0] = rk[0];
        k[1] = k[3] = k[5] = rk[1];
        k[2] = rk[2];
        k[4] = rk[3];
    } else {
        memcpy(k, rk, 6 * sizeof *k);
    }
}

static void lea_encrypt(const uint32_t *rk, unsigned stride, unsigned rounds, uint8_t *out,
                        const uint8_t *in)
{
    uint32_t k[6];
    uint32_t x0 = lwc_load32le(in), x1 = lwc_load32le(in + 4);
    uint32_t x2 = lwc_load32le(in + 8), x3 = lwc_load32le(in + 12);
    for (unsigned i = 0; i < rounds; i++, rk += stride) {
        const uint32_t t = x0;
        lea_round_key(k, rk, stride);
        x0 = lwc_rol32((x0 ^ k[0]) + (x1 ^ k[1]), 9);
        x1 = lwc_ror32((x1 ^ k[1] ^ k[2]) + (x2 ^ k[3]), 5);
        x2 = lwc_ror32((x2 ^ k[3] ^ k[4]) + (x3 ^ k[5]), 3);
        x3 = t;
    }
    lwc_store32le(out, x0);
    lwc_store32le(out + 4, x1);
    lwc_store32le(out + 8, x2);
    lwc_store32le(out + 12, x3);
    lwc_wipe(k, sizeof k);
}

static void lea_decrypt(const uint32_t *rk, unsigned stride, unsigned rounds, uint8_t *out,
                        const uint8_t *in)
{
    uint32_t k[6];
    uint32_t x0 = lwc_load32le(in), x1 = lwc_load32le(in + 4);
    uint32_t x2 = lwc_load32le(in + 8), x3 = lwc_load32le(in + 12);
    rk += stride * rounds;
    while (rounds--) {
        rk -= stride;
        lea_round_key(k, rk, stride);
        const uint32_t y0 = x3;
        const uint32_t y1 = (lwc_ror32(x0, 9) - (y0 ^ k[0])) ^ k[1];
        const uint32_t y2 = (lwc_rol32(x1, 5) - (y1 ^ k[1] ^ k[2])) ^ k[3];
        x3 = (lwc_rol32(x2, 3) - (y2 ^ k[3] ^ k[4])) ^ k[5];
        x0 = y0;
        x1 = y1;
        x2 = y2;
    }
    lwc_store32le(out, x0);
    lwc_store32le(out + 4, x1);
    lwc_store32le(out + 8, x2);
    lwc_store32le(out + 12, x3);
    lwc_wipe(k, sizeof k);
}
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
    lea_encrypt(ks->rk, 4, 24, out, in);
}

void lwc_lea128_decrypt(const lwc_lea128_key *ks, uint8_t *out, const uint8_t *in)
{
    lea_decrypt(ks->rk, 4, 24, out, in);
}

void lwc_lea192_encrypt(const lwc_lea192_key *ks, uint8_t *out, const uint8_t *in)
{
    lea_encrypt(ks->rk, 6, 28, out, in);
}

void lwc_lea192_decrypt(const lwc_lea192_key *ks, uint8_t *out, const uint8_t *in)
{
    lea_decrypt(ks->rk, 6, 28, out, in);
}

void lwc_lea256_encrypt(const lwc_lea256_key *ks, uint8_t *out, const uint8_t *in)
{
    lea_encrypt(ks->rk, 6, 32, out, in);
}

void lwc_lea256_decrypt(const lwc_lea256_key *ks, uint8_t *out, const uint8_t *in)
{
    lea_decrypt(ks->rk, 6, 32, out, in);
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

void lwc_lea128_ctr_init(lwc_lea128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_lea128_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_lea128_ctr_setiv(lwc_lea128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_lea128_ctr_crypt(lwc_lea128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt(lea128_ctr_block, &ctx->ks, 16, ctx->counter, ctx->stream, &ctx->used, out, in, len);
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

void lwc_lea192_ctr_crypt(lwc_lea192_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt(lea192_ctr_block, &ctx->ks, 16, ctx->counter, ctx->stream, &ctx->used, out, in, len);
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

void lwc_lea256_ctr_crypt(lwc_lea256_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt(lea256_ctr_block, &ctx->ks, 16, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}
#endif
