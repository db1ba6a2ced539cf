#include <string.h>

#include "ascon_backend.h"

static int host_aead(const ascon_backend *b, int decrypt, const uint8_t *key, uint8_t *out, uint8_t *tag,
                     size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                     const uint8_t *in, size_t len)
{
    lwc_ascon_aead128_key k;
    int r;
    (void)b;
    lwc_ascon_aead128_setkey(&k, key);
    memset(out, MODE_FILL, len);
    if (decrypt) {
        r = lwc_ascon_aead128_decrypt(&k, out, tag, tag_len, nonce, nonce_len, ad, ad_len, in, len);
    } else {
        memset(tag, MODE_FILL, tag_len);
        r = lwc_ascon_aead128_encrypt(&k, out, tag, tag_len, nonce, nonce_len, ad, ad_len, in, len);
    }
    lwc_wipe(&k, sizeof k);
    return r;
}

/* The streaming calls: init, updates of chunk bytes, final or squeezes of chunk bytes. */
static int host_stream(int kind, uint8_t *out, size_t out_len, const uint8_t *custom, size_t custom_len,
                       const uint8_t *in, size_t len, size_t chunk)
{
    lwc_ascon_hash256_state h;
    lwc_ascon_xof128_state x;
    int r = 0;
    if (kind == ASCON_HASH256)
        lwc_ascon_hash256_init(&h);
    else if (kind == ASCON_XOF128)
        lwc_ascon_xof128_init(&x);
    else
        r = lwc_ascon_cxof128_init(&x, custom, custom_len);
    for (size_t off = 0; off < len && r == 0; off += chunk) {
        const size_t n = len - off < chunk ? len - off : chunk;
        r = kind == ASCON_HASH256 ? lwc_ascon_hash256_update(&h, in + off, n) : lwc_ascon_xof128_update(&x, in + off, n);
    }
    if (r == 0 && kind == ASCON_HASH256)
        r = lwc_ascon_hash256_final(&h, out);
    for (size_t off = 0; off < out_len && r == 0 && kind != ASCON_HASH256; off += chunk)
        r = lwc_ascon_xof128_squeeze(&x, out + off, out_len - off < chunk ? out_len - off : chunk);
    lwc_wipe(&x, sizeof x);
    return r;
}

static int host_hash(const ascon_backend *b, int kind, uint8_t *out, size_t out_len, const uint8_t *custom,
                     size_t custom_len, const uint8_t *in, size_t len, size_t chunk)
{
    (void)b;
    if (chunk)
        return host_stream(kind, out, out_len, custom, custom_len, in, len, chunk);
    if (kind == ASCON_HASH256)
        lwc_ascon_hash256(out, in, len);
    else if (kind == ASCON_XOF128)
        lwc_ascon_xof128(out, out_len, in, len);
    else
        return lwc_ascon_cxof128(out, out_len, custom, custom_len, in, len);
    return 0;
}

const ascon_backend host_ascon_backend = {"host", (size_t)-1, host_aead, host_hash, NULL};
