#include "lwc_internal.h"

void lwc_ctr_increment(uint8_t *counter, size_t block_bytes)
{
    unsigned carry = 1;
    while (block_bytes--) {
        carry += counter[block_bytes];
        counter[block_bytes] = (uint8_t)carry;
        carry >>= 8;
    }
}

/* out = in ^ stream over n bytes. */
static void xor_stream(uint8_t *out, const uint8_t *in, const uint8_t *stream, size_t n)
{
    while (n--)
        *out++ = *in++ ^ *stream++;
}

/* Encrypts the counter into stream and advances the counter. */
static void next_block(lwc_block_fn encrypt, const void *ks, size_t block_bytes, uint8_t *counter,
                       uint8_t *stream)
{
    encrypt(ks, stream, counter);
    lwc_ctr_increment(counter, block_bytes);
}

/*
 * Three phases, so that whole blocks cost one block encryption and one XOR pass: the rest
 * of a partly used keystream block, whole blocks, then the start of a new block. Every
 * branch depends on len and *used only.
 */
void lwc_ctr_xcrypt(lwc_block_fn encrypt, const void *ks, size_t block_bytes, uint8_t *counter,
                    uint8_t *stream, uint8_t *used, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t pos = *used;
    const size_t rest = block_bytes - pos < len ? block_bytes - pos : len;
    xor_stream(out, in, stream + pos, rest);
    out += rest;
    in += rest;
    len -= rest;
    pos += rest;
    for (; len >= block_bytes; len -= block_bytes, out += block_bytes, in += block_bytes) {
        next_block(encrypt, ks, block_bytes, counter, stream);
        xor_stream(out, in, stream, block_bytes);
    }
    if (len) {
        next_block(encrypt, ks, block_bytes, counter, stream);
        xor_stream(out, in, stream, len);
        pos = len;
    }
    *used = (uint8_t)pos;
}
