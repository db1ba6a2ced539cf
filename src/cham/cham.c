/*
 * Revised CHAM reference implementation (ICISC 2019: 88/112/120 rounds). One block
 * encryption/decryption code path serves both word widths w = 16 and 32: words are held
 * in uint32_t and masked to w bits.
 */
#include <stddef.h>

#include "../common/lwc_internal.h"

/*
 * Key schedule: RK[i] = K[i] ^ ROL1(K[i]) ^ ROL8(K[i]) and
 * RK[(i + k/w) ^ 1] = K[i] ^ ROL1(K[i]) ^ ROL11(K[i]) for the k/w key words K[i].
 * Round keys are stored as uint16_t (CHAM-64) or uint32_t (CHAM-128) arrays, each RK[j]
 * in the masked form described in cham.h (it lets the AVR assembly skip a rotation and
 * half of the round-counter updates):
 *   even j: rk[j] = ROR1(RK[j]) ^ 1,   so RK[j] = ROL1(rk[j] ^ 1);
 *   odd j:  rk[j] = RK[j] ^ 2^(w-1),   so RK[j] = rk[j] ^ 2^(w-1).
 * One function per word width, with rotations by 1 and 8 only (ROL11 = ROL8 of three
 * ROL1): avr-gcc compiles those to a few instructions, other amounts (and the generic
 * rolw() below) to shift loops.
 */
static uint16_t rk16_masked(uint16_t rk, unsigned j)
{
    return (j & 1) ? (uint16_t)(rk ^ 0x8000u) : (uint16_t)(lwc_rol16(rk, 15) ^ 1);
}

static uint32_t rk32_masked(uint32_t rk, unsigned j)
{
    return (j & 1) ? rk ^ 0x80000000u : lwc_ror32(rk, 1) ^ 1;
}

static void cham64_setkey(uint16_t *rk, const uint8_t *key)
{
    for (unsigned i = 0; i < 8; i++) {
        const uint16_t k = lwc_load16le(key + 2 * i);
        const uint16_t r1 = lwc_rol16(k, 1), r3 = lwc_rol16(lwc_rol16(r1, 1), 1);
        rk[i] = rk16_masked(k ^ r1 ^ lwc_rol16(k, 8), i);
        rk[(i + 8) ^ 1] = rk16_masked(k ^ r1 ^ lwc_rol16(r3, 8), (i + 8) ^ 1);
    }
}

static void cham128_setkey(uint32_t *rk, const uint8_t *key, unsigned key_words)
{
    for (unsigned i = 0; i < key_words; i++) {
        const uint32_t k = lwc_load32le(key + 4 * i);
        const uint32_t r1 = lwc_rol32(k, 1), r3 = lwc_rol32(lwc_rol32(r1, 1), 1);
        rk[i] = rk32_masked(k ^ r1 ^ lwc_rol32(k, 8), i);
        rk[(i + key_words) ^ 1] = rk32_masked(k ^ r1 ^ lwc_rol32(r3, 8), (i + key_words) ^ 1);
    }
}

#if LWC_CHAM_IMPL != LWC_IMPL_AVR /* else lwc_chamN_K_encrypt/decrypt are in cham_avr.S */
typedef struct {
    unsigned bits;      /* word width w */
    unsigned key_words; /* k / w */
    unsigned rounds;
} cham_params;

static const cham_params cham64_128 = {16, 8, LWC_CHAM64_128_ROUNDS};
static const cham_params cham128_128 = {32, 4, LWC_CHAM128_128_ROUNDS};
static const cham_params cham128_256 = {32, 8, LWC_CHAM128_256_ROUNDS};

static uint32_t rolw(uint32_t x, unsigned n, unsigned bits)
{
    const uint32_t mask = bits == 32 ? 0xffffffffu : (1u << bits) - 1;
    return ((x << n) | (x >> (bits - n))) & mask;
}

static uint32_t load_word(const uint8_t *p, unsigned bits)
{
    return bits == 16 ? lwc_load16le(p) : lwc_load32le(p);
}

static void store_word(uint8_t *p, uint32_t v, unsigned bits)
{
    if (bits == 16)
        lwc_store16le(p, (uint16_t)v);
    else
        lwc_store32le(p, v);
}

/* RK[i] from its stored form (see the key schedule above). */
static uint32_t rk_get(const void *rk, unsigned i, unsigned bits)
{
    const uint32_t v = bits == 16 ? ((const uint16_t *)rk)[i] : ((const uint32_t *)rk)[i];
    return (i & 1) ? v ^ (UINT32_C(1) << (bits - 1)) : rolw(v ^ 1, 1, bits);
}

/*
 * Round i maps (X0, X1, X2, X3) to (X1, X2, X3, Y) with
 *   even i: Y = ROL8((X0 ^ i) + (ROL1(X1) ^ RK[i mod 2k/w]))
 *   odd i:  Y = ROL1((X0 ^ i) + (ROL8(X1) ^ RK[i mod 2k/w]))
 */
static void cham_encrypt(const void *rk, uint8_t *out, const uint8_t *in, const cham_params *p)
{
    const unsigned bytes = p->bits / 8, rk_count = 2 * p->key_words;
    const uint32_t mask = p->bits == 32 ? 0xffffffffu : 0xffffu;
    uint32_t x[4];
    for (unsigned j = 0; j < 4; j++)
        x[j] = load_word(in + j * bytes, p->bits);
    for (unsigned i = 0; i < p->rounds; i++) {
        const unsigned odd = i & 1;
        const uint32_t t = rolw(x[1], odd ? 8 : 1, p->bits) ^ rk_get(rk, i % rk_count, p->bits);
        const uint32_t y = rolw(((x[0] ^ i) + t) & mask, odd ? 1 : 8, p->bits);
        x[0] = x[1];
        x[1] = x[2];
        x[2] = x[3];
        x[3] = y;
    }
    for (unsigned j = 0; j < 4; j++)
        store_word(out + j * bytes, x[j], p->bits);
    lwc_wipe(x, sizeof x);
}

static void cham_decrypt(const void *rk, uint8_t *out, const uint8_t *in, const cham_params *p)
{
    const unsigned bytes = p->bits / 8, rk_count = 2 * p->key_words;
    const uint32_t mask = p->bits == 32 ? 0xffffffffu : 0xffffu;
    uint32_t x[4];
    for (unsigned j = 0; j < 4; j++)
        x[j] = load_word(in + j * bytes, p->bits);
    for (unsigned i = p->rounds; i-- > 0;) {
        const unsigned odd = i & 1;
        const uint32_t t = rolw(x[0], odd ? 8 : 1, p->bits) ^ rk_get(rk, i % rk_count, p->bits);
        const uint32_t x0 = ((rolw(x[3], odd ? p->bits - 1 : p->bits - 8, p->bits) - t) & mask) ^ i;
        x[3] = x[2];
        x[2] = x[1];
        x[1] = x[0];
        x[0] = x0;
    }
    for (unsigned j = 0; j < 4; j++)
        store_word(out + j * bytes, x[j], p->bits);
    lwc_wipe(x, sizeof x);
}

void lwc_cham64_128_encrypt(const lwc_cham64_128_key *ks, uint8_t *out, const uint8_t *in)
{
    cham_encrypt(ks->rk, out, in, &cham64_128);
}

void lwc_cham64_128_decrypt(const lwc_cham64_128_key *ks, uint8_t *out, const uint8_t *in)
{
    cham_decrypt(ks->rk, out, in, &cham64_128);
}

void lwc_cham128_128_encrypt(const lwc_cham128_128_key *ks, uint8_t *out, const uint8_t *in)
{
    cham_encrypt(ks->rk, out, in, &cham128_128);
}

void lwc_cham128_128_decrypt(const lwc_cham128_128_key *ks, uint8_t *out, const uint8_t *in)
{
    cham_decrypt(ks->rk, out, in, &cham128_128);
}

void lwc_cham128_256_encrypt(const lwc_cham128_256_key *ks, uint8_t *out, const uint8_t *in)
{
    cham_encrypt(ks->rk, out, in, &cham128_256);
}

void lwc_cham128_256_decrypt(const lwc_cham128_256_key *ks, uint8_t *out, const uint8_t *in)
{
    cham_decrypt(ks->rk, out, in, &cham128_256);
}
#endif

void lwc_cham64_128_setkey(lwc_cham64_128_key *ks, const uint8_t *key)
{
    cham64_setkey(ks->rk, key);
}

void lwc_cham128_128_setkey(lwc_cham128_128_key *ks, const uint8_t *key)
{
    cham128_setkey(ks->rk, key, 4);
}

void lwc_cham128_256_setkey(lwc_cham128_256_key *ks, const uint8_t *key)
{
    cham128_setkey(ks->rk, key, 8);
}

#if LWC_CHAM_IMPL == LWC_IMPL_AVR
/*
 * CTR on the ATmega: the assembly contract of lwc_internal.h. lwc_X_ctr_blocks
 * (cham_avr.S) takes from ctx->pre what rounds 0 .. 4 compute without the last word X3;
 * X3 holds the low bits of the big-endian counter, the window: 16 bits for CHAM-64, 32
 * for CHAM-128. cham_avr.S relies on these offsets.
 */
#define CHAM_CTR_CHECK(X, name, field, off) \
    LWC_STATIC_ASSERT(name, offsetof(lwc_##X##_ctr, field) == (off))
CHAM_CTR_CHECK(cham64_128, cham64_ctr_off_counter, counter, 32);
CHAM_CTR_CHECK(cham64_128, cham64_ctr_off_pre, pre, 41);
CHAM_CTR_CHECK(cham64_128, cham64_ctr_off_io, io, 49);
CHAM_CTR_CHECK(cham128_128, cham128_ctr_off_counter, counter, 32);
CHAM_CTR_CHECK(cham128_128, cham128_ctr_off_pre, pre, 32 + 17);
CHAM_CTR_CHECK(cham128_128, cham128_ctr_off_io, io, 32 + 35);
CHAM_CTR_CHECK(cham128_256, cham256_ctr_off_counter, counter, 64);
CHAM_CTR_CHECK(cham128_256, cham256_ctr_off_pre, pre, 64 + 17);
CHAM_CTR_CHECK(cham128_256, cham256_ctr_off_io, io, 64 + 35);
LWC_CTR_WINDOW_LAYOUT(cham64_ctr_layout, lwc_cham64_128_ctr, counter, pre_valid, 8);
LWC_CTR_WINDOW_LAYOUT(cham128_ctr_layout, lwc_cham128_128_ctr, counter, pre_valid, 16);
LWC_CTR_WINDOW_LAYOUT(cham256_ctr_layout, lwc_cham128_256_ctr, counter, pre_valid, 16);

void lwc_cham64_128_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in, uint8_t nblocks);
void lwc_cham128_128_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in, uint8_t nblocks);
void lwc_cham128_256_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in, uint8_t nblocks);

void lwc_cham64_128_ctr_init(lwc_cham64_128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_cham64_128_setkey(&ctx->ks, key);
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 8);
}

void lwc_cham64_128_ctr_setiv(lwc_cham64_128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 8);
}

void lwc_cham64_128_ctr_crypt(lwc_cham64_128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_window_crypt(lwc_cham64_128_ctr_blocks, ctx->counter, 8, 2,
                         LWC_CTR_STREAM_OFFSET(lwc_cham64_128_ctr, counter), out, in, len);
}

void lwc_cham128_128_ctr_init(lwc_cham128_128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_cham128_128_setkey(&ctx->ks, key);
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 16);
}

void lwc_cham128_128_ctr_setiv(lwc_cham128_128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 16);
}

void lwc_cham128_128_ctr_crypt(lwc_cham128_128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_window_crypt(lwc_cham128_128_ctr_blocks, ctx->counter, 16, 4,
                         LWC_CTR_STREAM_OFFSET(lwc_cham128_128_ctr, counter), out, in, len);
}

void lwc_cham128_256_ctr_init(lwc_cham128_256_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_cham128_256_setkey(&ctx->ks, key);
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 16);
}

void lwc_cham128_256_ctr_setiv(lwc_cham128_256_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 16);
}

void lwc_cham128_256_ctr_crypt(lwc_cham128_256_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_window_crypt(lwc_cham128_256_ctr_blocks, ctx->counter, 16, 4,
                         LWC_CTR_STREAM_OFFSET(lwc_cham128_256_ctr, counter), out, in, len);
}
#else
/* CTR on the reference engine (lwc_internal.h). */
static void cham64_128_ctr_block(const void *ks, uint8_t *out, const uint8_t *in)
{
    lwc_cham64_128_encrypt(ks, out, in);
}

static void cham128_128_ctr_block(const void *ks, uint8_t *out, const uint8_t *in)
{
    lwc_cham128_128_encrypt(ks, out, in);
}

static void cham128_256_ctr_block(const void *ks, uint8_t *out, const uint8_t *in)
{
    lwc_cham128_256_encrypt(ks, out, in);
}

void lwc_cham64_128_ctr_init(lwc_cham64_128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_cham64_128_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_cham64_128_ctr_setiv(lwc_cham64_128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_cham64_128_ctr_crypt(lwc_cham64_128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt(cham64_128_ctr_block, &ctx->ks, 8, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}

void lwc_cham128_128_ctr_init(lwc_cham128_128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_cham128_128_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_cham128_128_ctr_setiv(lwc_cham128_128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_cham128_128_ctr_crypt(lwc_cham128_128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt(cham128_128_ctr_block, &ctx->ks, 16, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}

void lwc_cham128_256_ctr_init(lwc_cham128_256_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_cham128_256_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_cham128_256_ctr_setiv(lwc_cham128_256_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_cham128_256_ctr_crypt(lwc_cham128_256_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt(cham128_256_ctr_block, &ctx->ks, 16, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}
#endif
