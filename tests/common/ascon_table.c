/* Ascon-AEAD128 as a row of the AEAD table (ascon_backend.h), for the host and firmware. */
#include "ascon_backend.h"

#if TEST_SERVED(ascon_aead)
/* Adapters with exactly the table's signatures (calling through a cast pointer is UB). */
static void ascon_setkey(void *k, const uint8_t *key)
{
    lwc_ascon_aead128_setkey(k, key);
}

static int ascon_encrypt(const void *k, uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *nonce,
                         size_t nonce_len, const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len)
{
    return lwc_ascon_aead128_encrypt(k, out, tag, tag_len, nonce, nonce_len, ad, ad_len, in, len);
}

static int ascon_decrypt(const void *k, uint8_t *out, const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
                         size_t nonce_len, const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len)
{
    return lwc_ascon_aead128_decrypt(k, out, tag, tag_len, nonce, nonce_len, ad, ad_len, in, len);
}

const test_aead test_ascon_aead128 TEST_MODE_ROM = {sizeof(lwc_ascon_aead128_key), ascon_setkey, ascon_encrypt,
                                                    ascon_decrypt};

void test_ascon_aead128_row(test_aead *row)
{
#ifdef __AVR__
    memcpy_P(row, &test_ascon_aead128, sizeof *row);
#else
    *row = test_ascon_aead128;
#endif
}
#endif
