/* LEA reference implementation (KS X 3246). Words are loaded little-endian. */
#include "../common/lwc_internal.h"
#include "lea_tables.h"

/*
 * Key schedule. The key state T has n = 4, 6 or 8 words. Round i updates the words
 * T[j] (LEA-128: j = 0..3; LEA-192: j = 0..5) or T[(6i + j) mod 8] (LEA-256: j = 0..5),
 * each as T = ROL_{rot[j]}(T + ROL_{i+j}(delta[i mod n])), and the round key is the six
 * updated words, except for LEA-128 whose round key is (T0, T1, T2, T1, T3, T1).
 */
static void lea_setkey(uint32_t *rk, const uint8_t *key, unsigned key_words, unsigned rounds)
{
    static const uint8_t rot[6] = {1, 3, 6, 11, 13, 17};
    uint32_t t[8];
    const unsigned updates = key_words == 4 ? 4 : 6;

    for (unsigned j = 0; j < key_words; j++)
        t[j] = lwc_load32le(key + 4 * j);
    for (unsigned i = 0; i < rounds; i++, rk += 6) {
        const uint32_t delta = lwc_rom_u32(&lea_delta[i % key_words]);
        uint32_t w[6];
        for (unsigned j = 0; j < updates; j++) {
            const unsigned idx = key_words == 8 ? (6 * i + j) % 8 : j;
            t[idx] = lwc_rol32(t[idx] + lwc_rol32(delta, (i + j) % 32), rot[j]);
            w[j] = t[idx];
        }
        if (key_words == 4) {
            rk[0] = w[0];
            rk[1] = w[1];
            rk[2] = w[2];
            rk[3] = w[1];
            rk[4] = w[3];
            rk[5] = w[1];
        } else {
            memcpy(rk, w, sizeof w);
        }
        lwc_wipe(w, sizeof w);
    }
    lwc_wipe(t, sizeof t);
}

static void lea_encrypt(const uint32_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in)
{
    uint32_t x0 = lwc_load32le(in), x1 = lwc_load32le(in + 4);
    uint32_t x2 = lwc_load32le(in + 8), x3 = lwc_load32le(in + 12);
    for (unsigned i = 0; i < rounds; i++, rk += 6) {
        const uint32_t t = x0;
        x0 = lwc_rol32((x0 ^ rk[0]) + (x1 ^ rk[1]), 9);
        x1 = lwc_ror32((x1 ^ rk[2]) + (x2 ^ rk[3]), 5);
        x2 = lwc_ror32((x2 ^ rk[4]) + (x3 ^ rk[5]), 3);
        x3 = t;
    }
    lwc_store32le(out, x0);
    lwc_store32le(out + 4, x1);
    lwc_store32le(out + 8, x2);
    lwc_store32le(out + 12, x3);
}

static void lea_decrypt(const uint32_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in)
{
    uint32_t x0 = lwc_load32le(in), x1 = lwc_load32le(in + 4);
    uint32_t x2 = lwc_load32le(in + 8), x3 = lwc_load32le(in + 12);
    rk += 6 * rounds;
    while (rounds--) {
        rk -= 6;
        const uint32_t y0 = x3;
        const uint32_t y1 = (lwc_ror32(x0, 9) - (y0 ^ rk[0])) ^ rk[1];
        const uint32_t y2 = (lwc_rol32(x1, 5) - (y1 ^ rk[2])) ^ rk[3];
        x3 = (lwc_rol32(x2, 3) - (y2 ^ rk[4])) ^ rk[5];
        x0 = y0;
        x1 = y1;
        x2 = y2;
    }
    lwc_store32le(out, x0);
    lwc_store32le(out + 4, x1);
    lwc_store32le(out + 8, x2);
    lwc_store32le(out + 12, x3);
}

#define LEA_VARIANT(X, key_words, rounds)                                             \
    void lwc_##X##_setkey(lwc_##X##_key *ks, const uint8_t *key)                      \
    {                                                                                 \
        lea_setkey(ks->rk, key, key_words, rounds);                                   \
    }                                                                                 \
    void lwc_##X##_encrypt(const lwc_##X##_key *ks, uint8_t *out, const uint8_t *in)  \
    {                                                                                 \
        lea_encrypt(ks->rk, rounds, out, in);                                         \
    }                                                                                 \
    void lwc_##X##_decrypt(const lwc_##X##_key *ks, uint8_t *out, const uint8_t *in)  \
    {                                                                                 \
        lea_decrypt(ks->rk, rounds, out, in);                                         \
    }                                                                                 \
    LWC_DEFINE_REFERENCE_CTR(X, 16)

LEA_VARIANT(lea128, 4, 24)
LEA_VARIANT(lea192, 6, 28)
LEA_VARIANT(lea256, 8, 32)
