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

TEST_CIPHER_ADAPTERS(present80, LWC_PRESENT80_BLOCK_BYTES, LWC_PRESENT80_KEY_BYTES)
TEST_CIPHER_ADAPTERS(present128, LWC_PRESENT128_BLOCK_BYTES, LWC_PRESENT128_KEY_BYTES)
TEST_CIPHER_ADAPTERS(aes128, LWC_AES128_BLOCK_BYTES, LWC_AES128_KEY_BYTES)

const test_cipher ref_ciphers[REF_CIPHER_COUNT] = {
    TEST_CIPHER_ROW(present80, LWC_PRESENT80_BLOCK_BYTES, LWC_PRESENT80_KEY_BYTES)
    TEST_CIPHER_ROW(present128, LWC_PRESENT128_BLOCK_BYTES, LWC_PRESENT128_KEY_BYTES)
    TEST_CIPHER_ROW(aes128, LWC_AES128_BLOCK_BYTES, LWC_AES128_KEY_BYTES)
};
