/* The KDF of every cipher (lwc/kdf.h) behind one signature, in the order of test_ciphers, for
 * the host's tests. */
#ifndef LWC_TEST_KDF_TABLE_H
#define LWC_TEST_KDF_TABLE_H

#include "cipher_table.h"

/* lwc_X_kdf_ctr_cmac of cipher X, its key an lwc_X_cmac_key. */
typedef int (*test_kdf_fn)(const void *k, uint8_t *out, size_t out_len, const uint8_t *label, size_t label_len,
                           const uint8_t *context, size_t context_len);
extern const test_kdf_fn test_kdfs[];
extern const unsigned test_kdf_count;

#endif
