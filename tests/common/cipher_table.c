#include <string.h>

#include "cipher_table.h"

#define TEST_SERVED_ADAPTERS(X, BLOCK, KEY) TEST_IF_SERVED(X, TEST_CIPHER_ADAPTERS(X, BLOCK, KEY))
#define TEST_SERVED_ROW(X, BLOCK, KEY) TEST_IF_SERVED(X, TEST_CIPHER_ROW(X, BLOCK, KEY))

LWC_TEST_CIPHERS(TEST_SERVED_ADAPTERS)

const test_cipher test_ciphers[] = {LWC_TEST_CIPHERS(TEST_SERVED_ROW)};
const unsigned test_cipher_count = sizeof test_ciphers / sizeof test_ciphers[0];

const test_cipher *test_cipher_find(const char *name)
{
    for (unsigned i = 0; i < test_cipher_count; i++)
        if (strcmp(test_ciphers[i].name, name) == 0)
            return &test_ciphers[i];
    return NULL;
}
