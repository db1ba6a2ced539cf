#include <string.h>

#include "cipher_table.h"

/* Adapters with exactly the table's signatures (calling through a cast pointer is UB). */
#define ENTRY(X, BLOCK, KEY)                                                          \
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
#define ROW(X, BLOCK, KEY)                                                            \
    {#X, BLOCK, KEY, sizeof(lwc_##X##_key), sizeof(lwc_##X##_ctr), X##_setkey,        \
     X##_encrypt, X##_decrypt, X##_ctr_init, X##_ctr_crypt},

#define LWC_TEST_CIPHERS(M)                                                           \
    M(present80, LWC_PRESENT80_BLOCK_BYTES, LWC_PRESENT80_KEY_BYTES)                  \
    M(present128, LWC_PRESENT128_BLOCK_BYTES, LWC_PRESENT128_KEY_BYTES)               \
    M(lea128, LWC_LEA128_BLOCK_BYTES, LWC_LEA128_KEY_BYTES)                           \
    M(lea192, LWC_LEA192_BLOCK_BYTES, LWC_LEA192_KEY_BYTES)                           \
    M(lea256, LWC_LEA256_BLOCK_BYTES, LWC_LEA256_KEY_BYTES)                           \
    M(hight, LWC_HIGHT_BLOCK_BYTES, LWC_HIGHT_KEY_BYTES)                              \
    M(cham64_128, LWC_CHAM64_128_BLOCK_BYTES, LWC_CHAM64_128_KEY_BYTES)               \
    M(cham128_128, LWC_CHAM128_128_BLOCK_BYTES, LWC_CHAM128_128_KEY_BYTES)            \
    M(cham128_256, LWC_CHAM128_256_BLOCK_BYTES, LWC_CHAM128_256_KEY_BYTES)            \
    M(aes128, LWC_AES128_BLOCK_BYTES, LWC_AES128_KEY_BYTES)

LWC_TEST_CIPHERS(ENTRY)

const test_cipher test_ciphers[] = {LWC_TEST_CIPHERS(ROW)};
const unsigned test_cipher_count = sizeof test_ciphers / sizeof test_ciphers[0];

const test_cipher *test_cipher_find(const char *name)
{
    for (unsigned i = 0; i < test_cipher_count; i++)
        if (strcmp(test_ciphers[i].name, name) == 0)
            return &test_ciphers[i];
    return NULL;
}
