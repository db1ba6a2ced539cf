#include "kdf_table.h"

/* Adapters with exactly the table's signature (calling through a cast pointer is UB). */
#define KDF_ADAPTER(X, BLOCK, KEY)                                                                              \
    static int X##_kdf(const void *k, uint8_t *out, size_t out_len, const uint8_t *label, size_t label_len,     \
                       const uint8_t *context, size_t context_len)                                             \
    {                                                                                                          \
        return lwc_##X##_kdf_ctr_cmac(k, out, out_len, label, label_len, context, context_len);                \
    }
LWC_TEST_CIPHERS(KDF_ADAPTER)

#define KDF_ROW(X, BLOCK, KEY) X##_kdf,
const test_kdf_fn test_kdfs[] = {LWC_TEST_CIPHERS(KDF_ROW)};
const unsigned test_kdf_count = sizeof test_kdfs / sizeof test_kdfs[0];
