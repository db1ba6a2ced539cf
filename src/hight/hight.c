/*
 * HIGHT reference implementation (TTAK.KO-12.0040/R1). Byte i of a block is P_i and
 * byte i of the key is MK_i (the specification prints both last byte first).
 */
#include "../common/lwc_internal.h"
#include "hight_tables.h"

#include <stddef.h>

#if LWC_HIGHT_IMPL == LWC_IMPL_AVR
/*
 * hight_avr.S implements lwc_hight_encrypt/decrypt and this key schedule (the key held
 * in registers); the delta table stays here, in flash.
 */
void lwc_hight_setkey_avr(lwc_hight_key *ks, const uint8_t *key, const uint8_t *delta);

void lwc_hight_setkey(lwc_hight_key *ks, const uint8_t *key)
{
    lwc_hight_setkey_avr(ks, key, hight_delta);
}
#else
#define HIGHT_ROUNDS 32

static uint8_t f0(uint8_t x)
{
    return lwc_rol8(x, 1) ^ lwc_rol8(x, 2) ^ lwc_rol8(x, 7);
}

static uint8_t f1(uint8_t x)
{
    return lwc_rol8(x, 3) ^ lwc_rol8(x, 4) ^ lwc_rol8(x, 6);
}

void lwc_hight_setkey(lwc_hight_key *ks, const uint8_t *key)
{
    for (unsigned i = 0; i < 4; i++) {
        ks->wk[i] = key[i + 12];
        ks->wk[i + 4] = key[i];
    }
    for (unsigned i = 0; i < 8; i++) {
        for (unsigned j = 0; j < 8; j++) {
            const unsigned mk = (j - i) & 7;
            ks->sk[16 * i + j] = (uint8_t)(key[mk] + lwc_rom_u8(&hight_delta[16 * i + j]));
            ks->sk[16 * i + j + 8] =
                (uint8_t)(key[mk + 8] + lwc_rom_u8(&hight_delta[16 * i + j + 8]));
        }
    }
}

/* Round function on x[0..7] = X_{i,0..7}, written back already rotated to X_{i+1}. */
static void hight_round(uint8_t x[8], const uint8_t sk[4])
{
    const uint8_t x7 = x[7];
    x[7] = x[6];
    x[6] = (uint8_t)(x[5] + (f1(x[4]) ^ sk[2]));
    x[5] = x[4];
    x[4] = x[3] ^ (uint8_t)(f0(x[2]) + sk[1]);
    x[3] = x[2];
    x[2] = (uint8_t)(x[1] + (f1(x[0]) ^ sk[0]));
    x[1] = x[0];
    x[0] = x7 ^ (uint8_t)(f0(x[7]) + sk[3]);
}

static void hight_inv_round(uint8_t x[8], const uint8_t sk[4])
{
    const uint8_t x0 = x[0];
    x[0] = x[1];
    x[1] = (uint8_t)(x[2] - (f1(x[0]) ^ sk[0]));
    x[2] = x[3];
    x[3] = x[4] ^ (uint8_t)(f0(x[2]) + sk[1]);
    x[4] = x[5];
    x[5] = (uint8_t)(x[6] - (f1(x[4]) ^ sk[2]));
    x[6] = x[7];
    x[7] = x0 ^ (uint8_t)(f0(x[6]) + sk[3]);
}

void lwc_hight_encrypt(const lwc_hight_key *ks, uint8_t *out, const uint8_t *in)
{
    uint8_t x[8];
    x[0] = (uint8_t)(in[0] + ks->wk[0]);
    x[1] = in[1];
    x[2] = in[2] ^ ks->wk[1];
    x[3] = in[3];
    x[4] = (uint8_t)(in[4] + ks->wk[2]);
    x[5] = in[5];
    x[6] = in[6] ^ ks->wk[3];
    x[7] = in[7];
    for (unsigned i = 0; i < HIGHT_ROUNDS; i++)
        hight_round(x, &ks->sk[4 * i]);
    /* The last round does not rotate the state: out = X_32 rotated back by one byte. */
    out[0] = (uint8_t)(x[1] + ks->wk[4]);
    out[1] = x[2];
    out[2] = x[3] ^ ks->wk[5];
    out[3] = x[4];
    out[4] = (uint8_t)(x[5] + ks->wk[6]);
    out[5] = x[6];
    out[6] = x[7] ^ ks->wk[7];
    out[7] = x[0];
    lwc_wipe(x, sizeof x);
}

void lwc_hight_decrypt(const lwc_hight_key *ks, uint8_t *out, const uint8_t *in)
{
    uint8_t x[8];
    x[1] = (uint8_t)(in[0] - ks->wk[4]);
    x[2] = in[1];
    x[3] = in[2] ^ ks->wk[5];
    x[4] = in[3];
    x[5] = (uint8_t)(in[4] - ks->wk[6]);
    x[6] = in[5];
    x[7] = in[6] ^ ks->wk[7];
    x[0] = in[7];
    for (unsigned i = HIGHT_ROUNDS; i-- > 0;)
        hight_inv_round(x, &ks->sk[4 * i]);
    out[0] = (uint8_t)(x[0] - ks->wk[0]);
    out[1] = x[1];
    out[2] = x[2] ^ ks->wk[1];
    out[3] = x[3];
    out[4] = (uint8_t)(x[4] - ks->wk[2]);
    out[5] = x[5];
    out[6] = x[6] ^ ks->wk[3];
    out[7] = x[7];
    lwc_wipe(x, sizeof x);
}
#endif

#if LWC_HIGHT_ASM_CTR
/* CTR: the assembly contract of lwc_internal.h; hight_avr.S relies on these offsets. */
LWC_STATIC_ASSERT(hight_ctr_offsets, offsetof(lwc_hight_ctr, counter) == 136 &&
                                          offsetof(lwc_hight_ctr, pre) == 145);
LWC_CTR_WINDOW_LAYOUT(hight_ctr_layout, lwc_hight_ctr, counter, pre_valid, 8);
void lwc_hight_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in, uint8_t nblocks);

void lwc_hight_ctr_init(lwc_hight_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_hight_setkey(&ctx->ks, key);
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 8);
}

void lwc_hight_ctr_setiv(lwc_hight_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 8);
}

void lwc_hight_ctr_crypt(lwc_hight_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_window_crypt(lwc_hight_ctr_blocks, ctx->counter, 8, 1,
                         LWC_CTR_STREAM_OFFSET(lwc_hight_ctr, counter), out, in, len);
}
#else
/* CTR on the reference engine (lwc_internal.h). */
static void hight_ctr_block(const void *ks, uint8_t *out, const uint8_t *in)
{
    lwc_hight_encrypt(ks, out, in);
}

void lwc_hight_ctr_init(lwc_hight_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_hight_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_hight_ctr_setiv(lwc_hight_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_hight_ctr_crypt(lwc_hight_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt(hight_ctr_block, &ctx->ks, 8, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}
#endif
