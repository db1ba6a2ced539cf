/*
 * The table ref_ciphers[] of the C reference of PRESENT and AES-128, compiled like
 * src/present/present.c and src/aes/aes.c for tests/host/test_bs32.c: with
 * -DLWC_BITSLICE32=0 (reference context layouts) and -include bs32_ref_names.h, so every
 * lwc_X_* below is the reference's ref_X_*.
 */
#include "bs32_reference.h"

#if LWC_BITSLICE32 || !defined(lwc_aes128_setkey)
#error "compile with -DLWC_BITSLICE32=0 -include tests/host/bs32_ref_names.h"
#endif

/* Adapters with exactly the table's signatures, as in tests/common/cipher_table.c. */
#define REF_ENTRY(X)                                                                  \
    static void X##_setkey(void *ks, const uint8_t *key)                              \
    {                                                                                 \
        lwc_##X##_setkey((lwc_##X##_key *)ks, key);                                   \
    }                                                                                 \
    static void X##_encrypt(const void *ks, uint8_t *out, const uint8_t *in)          \
    {                                                                                 \
        lwc_##X##_encrypt((const lwc_##X##_key *)ks, out, in);                        \
    }                                                                                 \
    static void X##_decrypt(const void *ks, uint8_t *out, const uint8_t *in)          \
    {                                                                                 \
        lwc_##X##_decrypt((const lwc_##X##_key *)ks, out, in);                        \
    }                                                                                 \
    static void X##_ctr_init(void *ctx, const uint8_t *key, const uint8_t *iv)        \
    {                                                                                 \
        lwc_##X##_ctr_init((lwc_##X##_ctr *)ctx, key, iv);                            \
    }                                                                                 \
    static void X##_ctr_crypt(void *ctx, uint8_t *out, const uint8_t *in, size_t len) \
    {                                                                                 \
        lwc_##X##_ctr_crypt((lwc_##X##_ctr *)ctx, out, in, len);                      \
    }
#define REF_ROW(X, BLOCK, KEY)                                                        \
    {#X, BLOCK, KEY, sizeof(lwc_##X##_key), sizeof(lwc_##X##_ctr), X##_setkey,        \
     X##_encrypt, X##_decrypt, X##_ctr_init, X##_ctr_crypt},

REF_ENTRY(present80)
REF_ENTRY(present128)
REF_ENTRY(aes128)

const test_cipher ref_ciphers[REF_CIPHER_COUNT] = {
    REF_ROW(present80, LWC_PRESENT80_BLOCK_BYTES, LWC_PRESENT80_KEY_BYTES)
    REF_ROW(present128, LWC_PRESENT128_BLOCK_BYTES, LWC_PRESENT128_KEY_BYTES)
    REF_ROW(aes128, LWC_AES128_BLOCK_BYTES, LWC_AES128_KEY_BYTES)
};
