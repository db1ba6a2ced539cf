/* The C reference of the ciphers LWC_BITSLICE32 replaces (tests/host/bs32_reference.c). */
#ifndef LWC_TEST_BS32_REFERENCE_H
#define LWC_TEST_BS32_REFERENCE_H

#include "../common/cipher_table.h"

#define REF_CIPHER_COUNT 3
/* present80, present128, aes128: the reference, whatever the build's LWC_BITSLICE32. */
extern const test_cipher ref_ciphers[REF_CIPHER_COUNT];

#endif
