#include <string.h>

#include "cipher_table.h"

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

LWC_TEST_CIPHERS(TEST_CIPHER_ADAPTERS)

const test_cipher test_ciphers[] = {LWC_TEST_CIPHERS(TEST_CIPHER_ROW)};
const unsigned test_cipher_count = sizeof test_ciphers / sizeof test_ciphers[0];

const test_cipher *test_cipher_find(const char *name)
{
    for (unsigned i = 0; i < test_cipher_count; i++)
        if (strcmp(test_ciphers[i].name, name) == 0)
            return &test_ciphers[i];
    return NULL;
}
