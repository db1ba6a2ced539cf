#include <string.h>

#include "mode_backend.h"

static int host_cmac(const mode_backend *b, const test_mode_cipher *m, const uint8_t *key, uint8_t *tag,
                     size_t tag_len, const uint8_t *in, size_t len, size_t chunk)
{
    test_mode_key k;
    test_cmac_state st;
    int r;
    (void)b;
    m->cmac_setkey(&k, key);
    memset(tag, MODE_FILL, tag_len);
    if (chunk == 0) {
        r = m->cmac(&k, tag, tag_len, in, len);
    } else {
        m->cmac_init(&st, &k);
        for (size_t off = 0; off < len; off += chunk)
            m->cmac_update(&st, in + off, len - off < chunk ? len - off : chunk);
        r = m->cmac_final(&st, tag, tag_len);
    }
    lwc_wipe(&k, sizeof k);
    return r;
}

static int host_aead(const mode_backend *b, const test_mode_cipher *m, int mode, int decrypt, const uint8_t *key,
                     uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                     const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len)
{
    const test_aead *a = &m->aead[mode];
    test_mode_key k;
    int r;
    (void)b;
    a->setkey(&k, key);
    memset(out, MODE_FILL, len);
    if (decrypt) {
        r = a->decrypt(&k, out, tag, tag_len, nonce, nonce_len, ad, ad_len, in, len);
    } else {
        memset(tag, MODE_FILL, tag_len);
        r = a->encrypt(&k, out, tag, tag_len, nonce, nonce_len, ad, ad_len, in, len);
    }
    lwc_wipe(&k, sizeof k);
    return r;
}

static int host_cmac_verify(const mode_backend *b, const test_mode_cipher *m, const uint8_t *key, const uint8_t *tag,
                            size_t tag_len, const uint8_t *in, size_t len)
{
    test_mode_key k;
    (void)b;
    m->cmac_setkey(&k, key);
    const int r = m->cmac_verify(&k, tag, tag_len, in, len);
    lwc_wipe(&k, sizeof k);
    return r;
}

const mode_backend host_mode_backend = {"host", (size_t)-1, 0, host_cmac, host_aead, host_cmac_verify, NULL};
