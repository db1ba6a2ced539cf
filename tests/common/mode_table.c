#include <string.h>

#include "mode_table.h"

const char *const test_aead_names[TEST_AEAD_MODES] = {"eax", "ccm"};

/* Adapters with exactly the table's signatures (calling through a cast pointer is UB); the
 * CMAC verify calls where the rows have them (mode_table.h). */
#if TEST_MODE_VERIFY
#define CMAC_VERIFY_ADAPTERS(X)                                                                   \
    static int X##_cmac_verify(const void *k, const uint8_t *tag, size_t tag_len, const uint8_t *in, \
                               size_t len)                                                        \
    {                                                                                             \
        return lwc_##X##_cmac_verify(k, tag, tag_len, in, len);                                   \
    }                                                                                             \
    static int X##_cmac_final_verify(void *st, const uint8_t *tag, size_t tag_len)                \
    {                                                                                             \
        return lwc_##X##_cmac_final_verify(st, tag, tag_len);                                    \
    }
#define CMAC_VERIFY_ROW(X) X##_cmac_verify, X##_cmac_final_verify,
#else
#define CMAC_VERIFY_ADAPTERS(X)
#define CMAC_VERIFY_ROW(X)
#endif
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
    }                                                                                             \
    CMAC_VERIFY_ADAPTERS(X)
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
     X##_cmac, X##_cmac_init, X##_cmac_update, X##_cmac_final, CMAC_VERIFY_ROW(X) {AEAD_ROW(X, eax), CCM},  \
     test_index_##X},

#define SERVED_ADAPTERS(X, BLOCK, KEY) TEST_IF_SERVED(X, CMAC_ADAPTERS(X) AEAD_ADAPTERS(X, eax))
#define SERVED_CCM_ADAPTERS(X) TEST_IF_SERVED(X, AEAD_ADAPTERS(X, ccm))
LWC_TEST_CIPHERS(SERVED_ADAPTERS)
TEST_CCM_CIPHERS(SERVED_CCM_ADAPTERS)

/* Whether X has CCM, as a preprocessor token (TEST_CCM_X is 1 for the ciphers of
 * TEST_CCM_CIPHERS, empty for the others). */
#define TEST_CCM_lea128 1
#define TEST_CCM_lea192 1
#define TEST_CCM_lea256 1
#define TEST_CCM_cham128_128 1
#define TEST_CCM_cham128_256 1
#define TEST_CCM_aes128 1
#define TEST_CCM_present80
#define TEST_CCM_present128
#define TEST_CCM_hight
#define TEST_CCM_cham64_128
#define CCM_ROW_1(X) AEAD_ROW(X, ccm)
#define CCM_ROW_(X) NO_AEAD
#define CCM_OF(X) TEST_CAT(CCM_ROW_, TEST_CCM_##X)(X)
#define SERVED_ROW(X, BLOCK, KEY) TEST_IF_SERVED(X, ROW(X, BLOCK, KEY, CCM_OF(X)))

const test_mode_cipher test_mode_ciphers[] TEST_MODE_ROM = {LWC_TEST_CIPHERS(SERVED_ROW)};
const unsigned test_mode_cipher_count = sizeof test_mode_ciphers / sizeof test_mode_ciphers[0];

int test_mode_cipher_row(unsigned index, test_mode_cipher *row)
{
    for (unsigned i = 0; i < test_mode_cipher_count; i++) {
#ifdef __AVR__
        memcpy_P(row, &test_mode_ciphers[i], sizeof *row);
#else
        *row = test_mode_ciphers[i];
#endif
        if (row->index == index)
            return 0;
    }
    return -1;
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
