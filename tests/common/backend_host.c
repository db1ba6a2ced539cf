#include "backend.h"

static int host_ecb(const test_backend *b, const test_cipher *c, int decrypt,
                    const uint8_t *key, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    uint32_t ks[TEST_MAX_KEY_SCHEDULE / 4 + 1]; /* uint32_t: the strictest alignment of any key type */
    (void)b;
    c->setkey(ks, key);
    for (size_t i = 0; i < nblocks; i++, in += c->block_bytes, out += c->block_bytes)
        (decrypt ? c->decrypt : c->encrypt)(ks, out, in);
    lwc_wipe(ks, sizeof ks);
    return 0;
}

static int host_ctr(const test_backend *b, const test_cipher *c, const uint8_t *key,
                    const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len, size_t chunk)
{
    uint32_t ctx[TEST_MAX_CTR_CONTEXT / 4 + 1];
    (void)b;
    c->ctr_init(ctx, key, iv);
    if (chunk == 0)
        chunk = len;
    for (size_t done = 0; done < len; done += chunk) {
        const size_t n = len - done < chunk ? len - done : chunk;
        c->ctr_crypt(ctx, out + done, in + done, n);
    }
    lwc_wipe(ctx, sizeof ctx);
    return 0;
}

const test_backend host_backend = {"host", host_ecb, host_ctr, NULL};
