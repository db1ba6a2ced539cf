/*
 * AES-128 reference implementation (FIPS 197), byte-oriented. The S-boxes
 * (lwc_aes_sbox, lwc_aes_inv_sbox) are generated into aes_tables.h, which is included
 * only here; they have external linkage for aes_avr.S.
 */
#include "../common/lwc_internal.h"
#include "aes_tables.h"

/*
 * Everything but the CTR wrappers is replaced by aes_avr.S in ATmega builds (or
 * aes_small_avr.S with LWC_AES_SMALL); everything by aes_ct32.c in LWC_BITSLICE32 builds.
 */
#if LWC_AES_IMPL == LWC_IMPL_C
#define AES128_ROUNDS 10

/* Multiplication by x in GF(2^8), without a branch on the secret top bit. */
static uint8_t xtime(uint8_t x)
{
    return (uint8_t)(x << 1 ^ (0x1b & -(x >> 7)));
}

void lwc_aes128_setkey(lwc_aes128_key *ks, const uint8_t *key)
{
    uint8_t *w = ks->rk;
    uint8_t rcon = 1;
    for (unsigned i = 0; i < 16; i++)
        w[i] = key[i];
    for (unsigned i = 16; i < 176; i += 4) {
        uint8_t t0 = w[i - 4], t1 = w[i - 3], t2 = w[i - 2], t3 = w[i - 1];
        if (i % 16 == 0) {
            /* RotWord, SubWord, Rcon */
            const uint8_t t = t0;
            t0 = lwc_rom_u8(&lwc_aes_sbox[t1]) ^ rcon;
            t1 = lwc_rom_u8(&lwc_aes_sbox[t2]);
            t2 = lwc_rom_u8(&lwc_aes_sbox[t3]);
            t3 = lwc_rom_u8(&lwc_aes_sbox[t]);
            rcon = xtime(rcon);
        }
        w[i] = w[i - 16] ^ t0;
        w[i + 1] = w[i - 15] ^ t1;
        w[i + 2] = w[i - 14] ^ t2;
        w[i + 3] = w[i - 13] ^ t3;
    }
}

static void add_round_key(uint8_t s[16], const uint8_t *rk)
{
    for (unsigned i = 0; i < 16; i++)
        s[i] ^= rk[i];
}

/*
 * SubBytes and ShiftRows together (the state is column-major: s[4c + r] is row r of
 * column c). Row r moves left by r columns; inverse moves it right.
 */
static void sub_shift(uint8_t s[16], const uint8_t *sbox, int inverse)
{
    uint8_t t[16];
    for (unsigned c = 0; c < 4; c++)
        for (unsigned r = 0; r < 4; r++) {
            const unsigned from = inverse ? (c + 4 - r) % 4 : (c + r) % 4;
            t[4 * c + r] = lwc_rom_u8(&sbox[s[4 * from + r]]);
        }
    for (unsigned i = 0; i < 16; i++)
        s[i] = t[i];
    lwc_wipe(t, sizeof t);
}

static void mix_columns(uint8_t s[16])
{
    for (unsigned c = 0; c < 16; c += 4) {
        const uint8_t a0 = s[c], a1 = s[c + 1], a2 = s[c + 2], a3 = s[c + 3];
        const uint8_t all = a0 ^ a1 ^ a2 ^ a3;
        s[c] ^= all ^ xtime(a0 ^ a1);
        s[c + 1] ^= all ^ xtime(a1 ^ a2);
        s[c + 2] ^= all ^ xtime(a2 ^ a3);
        s[c + 3] ^= all ^ xtime(a3 ^ a0);
    }
}

/* InvMixColumns = MixColumns after multiplying each column by (04 x^2 + 05) (FIPS 197 identity). */
static void inv_mix_columns(uint8_t s[16])
{
    for (unsigned c = 0; c < 16; c += 4) {
        const uint8_t u = xtime(xtime(s[c] ^ s[c + 2]));
        const uint8_t v = xtime(xtime(s[c + 1] ^ s[c + 3]));
        s[c] ^= u;
        s[c + 1] ^= v;
        s[c + 2] ^= u;
        s[c + 3] ^= v;
    }
    mix_columns(s);
}

void lwc_aes128_encrypt(const lwc_aes128_key *ks, uint8_t *out, const uint8_t *in)
{
    uint8_t s[16];
    for (unsigned i = 0; i < 16; i++)
        s[i] = in[i];
    add_round_key(s, ks->rk);
    for (unsigned r = 1; r <= AES128_ROUNDS; r++) {
        sub_shift(s, lwc_aes_sbox, 0);
        if (r != AES128_ROUNDS)
            mix_columns(s);
        add_round_key(s, ks->rk + 16 * r);
    }
    for (unsigned i = 0; i < 16; i++)
        out[i] = s[i];
    lwc_wipe(s, sizeof s);
}

void lwc_aes128_decrypt(const lwc_aes128_key *ks, uint8_t *out, const uint8_t *in)
{
    uint8_t s[16];
    for (unsigned i = 0; i < 16; i++)
        s[i] = in[i];
    add_round_key(s, ks->rk + 16 * AES128_ROUNDS);
    for (unsigned r = AES128_ROUNDS; r-- > 0;) {
        sub_shift(s, lwc_aes_inv_sbox, 1);
        add_round_key(s, ks->rk + 16 * r);
        if (r != 0)
            inv_mix_columns(s);
    }
    for (unsigned i = 0; i < 16; i++)
        out[i] = s[i];
    lwc_wipe(s, sizeof s);
}
#endif

#if LWC_AES_IMPL != LWC_IMPL_BITSLICE32 /* else CTR is in aes_ct32.c */
/* CTR on the reference engine (lwc_internal.h). */
static void aes128_ctr_block(const void *ks, uint8_t *out, const uint8_t *in)
{
    lwc_aes128_encrypt(ks, out, in);
}

void lwc_aes128_ctr_init(lwc_aes128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_aes128_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_aes128_ctr_setiv(lwc_aes128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_aes128_ctr_crypt(lwc_aes128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt(aes128_ctr_block, &ctx->ks, 16, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}
#endif
