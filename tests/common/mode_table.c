#include <string.h>

#include "mode_table.h"

const char *const test_aead_names[TEST_AEAD_MODES] = {"eax", "ccm"};

/* Adapters with exactly the table's signatures (calling through a cast pointer is UB). */
#define CMAC_ADAPTERS(X)                                                                          \
    static void X##_cmac_setkey(void *k, const uint8_t *key)                                      \
    {                                                                                             \
        lwc_##X##_cmac_setkey(k, key);                                                            \
    }                                                                                             \
    static int X##_cmac(const void *k, uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len) \
    {                                                                                             \
        return lwc_##X##_cmac(k, tag, tag_len, in, len);                                          \
    }                                                                                             \
    static void X##_cmac_init(void *st, const void *k)                                            \
    {                                                                                             \
        lwc_##X##_cmac_init(st, k);                                                               \
    }                                                                                             \
    static void X##_cmac_update(void *st, const uint8_t *in, size_t len)                          \
    {                                                                                             \
        lwc_##X##_cmac_update(st, in, len);                                                       \
    }                                                                                             \
    static int X##_cmac_final(void *st, uint8_t *tag, size_t tag_len)                             \
    {                                                                                             \
        return lwc_##X##_cmac_final(st, tag, tag_len);                                            \
    }
#define AEAD_ADAPTERS(X, M)                                                                          \
    static void X##_##M##_setkey(void *k, const uint8_t *key)                                        \
    {                                                                                                \
        lwc_##X##_##M##_setkey(k, key);                                                              \
    }                                                                                                \
    static int X##_##M##_encrypt(const void *k, uint8_t *out, uint8_t *tag, size_t tag_len,          \
                                 const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,          \
                                 size_t ad_len, const uint8_t *in, size_t len)                       \
    {                                                                                                \
        return lwc_##X##_##M##_encrypt(k, out, tag, tag_len, nonce, nonce_len, ad, ad_len, in, len); \
    }                                                                                                \
    static int X##_##M##_decrypt(const void *k, uint8_t *out, const uint8_t *tag, size_t tag_len,    \
                                 const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,          \
                                 size_t ad_len, const uint8_t *in, size_t len)                       \
    {                                                                                                \
        return lwc_##X##_##M##_decrypt(k, out, tag, tag_len, nonce, nonce_len, ad, ad_len, in, len); \
    }
#define AEAD_ROW(X, M) {sizeof(lwc_##X##_##M##_key), X##_##M##_setkey, X##_##M##_encrypt, X##_##M##_decrypt}
#define NO_AEAD {0, NULL, NULL, NULL}
#define ROW(X, BLOCK, KEY, CCM)                                                                   \
    {#X, BLOCK, KEY, sizeof(lwc_##X##_cmac_key), sizeof(lwc_##X##_cmac_state), X##_cmac_setkey, \
     X##_cmac, X##_cmac_init, X##_cmac_update, X##_cmac_final, {AEAD_ROW(X, eax), CCM}},

CMAC_ADAPTERS(present80)
AEAD_ADAPTERS(present80, eax)
CMAC_ADAPTERS(present128)
AEAD_ADAPTERS(present128, eax)
CMAC_ADAPTERS(lea128)
AEAD_ADAPTERS(lea128, eax)
AEAD_ADAPTERS(lea128, ccm)
CMAC_ADAPTERS(lea192)
AEAD_ADAPTERS(lea192, eax)
AEAD_ADAPTERS(lea192, ccm)
CMAC_ADAPTERS(lea256)
AEAD_ADAPTERS(lea256, eax)
AEAD_ADAPTERS(lea256, ccm)
CMAC_ADAPTERS(hight)
AEAD_ADAPTERS(hight, eax)
CMAC_ADAPTERS(cham64_128)
AEAD_ADAPTERS(cham64_128, eax)
CMAC_ADAPTERS(cham128_128)
AEAD_ADAPTERS(cham128_128, eax)
AEAD_ADAPTERS(cham128_128, ccm)
CMAC_ADAPTERS(cham128_256)
AEAD_ADAPTERS(cham128_256, eax)
AEAD_ADAPTERS(cham128_256, ccm)
CMAC_ADAPTERS(aes128)
AEAD_ADAPTERS(aes128, eax)
AEAD_ADAPTERS(aes128, ccm)

const test_mode_cipher test_mode_ciphers[] TEST_MODE_ROM = {
    ROW(present80, LWC_PRESENT80_BLOCK_BYTES, LWC_PRESENT80_KEY_BYTES, NO_AEAD)
    ROW(present128, LWC_PRESENT128_BLOCK_BYTES, LWC_PRESENT128_KEY_BYTES, NO_AEAD)
    ROW(lea128, LWC_LEA128_BLOCK_BYTES, LWC_LEA128_KEY_BYTES, AEAD_ROW(lea128, ccm))
    ROW(lea192, LWC_LEA192_BLOCK_BYTES, LWC_LEA192_KEY_BYTES, AEAD_ROW(lea192, ccm))
    ROW(lea256, LWC_LEA256_BLOCK_BYTES, LWC_LEA256_KEY_BYTES, AEAD_ROW(lea256, ccm))
    ROW(hight, LWC_HIGHT_BLOCK_BYTES, LWC_HIGHT_KEY_BYTES, NO_AEAD)
    ROW(cham64_128, LWC_CHAM64_128_BLOCK_BYTES, LWC_CHAM64_128_KEY_BYTES, NO_AEAD)
    ROW(cham128_128, LWC_CHAM128_128_BLOCK_BYTES, LWC_CHAM128_128_KEY_BYTES, AEAD_ROW(cham128_128, ccm))
    ROW(cham128_256, LWC_CHAM128_256_BLOCK_BYTES, LWC_CHAM128_256_KEY_BYTES, AEAD_ROW(cham128_256, ccm))
    ROW(aes128, LWC_AES128_BLOCK_BYTES, LWC_AES128_KEY_BYTES, AEAD_ROW(aes128, ccm))
};
const unsigned test_mode_cipher_count = sizeof test_mode_ciphers / sizeof test_mode_ciphers[0];

void test_mode_cipher_row(unsigned index, test_mode_cipher *row)
{
#ifdef __AVR__
    memcpy_P(row, &test_mode_ciphers[index], sizeof *row);
#else
    *row = test_mode_ciphers[index];
#endif
}

#ifndef __AVR__ /* a pointer into the table, which is in flash there */
const test_mode_cipher *test_mode_cipher_find(const char *name)
{
    for (unsigned i = 0; i < test_mode_cipher_count; i++)
        if (strcmp(test_mode_ciphers[i].name, name) == 0)
            return &test_mode_ciphers[i];
    return NULL;
}
#endif
