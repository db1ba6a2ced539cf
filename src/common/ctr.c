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

void lwc_ctr_xor(uint8_t *out, const uint8_t *in, const uint8_t *stream, size_t n)
{
    while (n--)
        *out++ = *in++ ^ *stream++;
}

/* Whole blocks go through the block function in one call (lwc_ctr_use_stream). */
void lwc_ctr_xcrypt_blocks(lwc_ctr_blocks_fn blocks, void *state, size_t block_bytes, uint8_t *stream,
                           uint8_t *used, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t pos = lwc_ctr_use_stream(stream, *used, block_bytes, &out, &in, &len);
    const size_t whole = len / block_bytes;
    if (whole) {
        blocks(state, out, in, whole);
        out += whole * block_bytes;
        in += whole * block_bytes;
        len -= whole * block_bytes;
    }
    if (len) {
        memset(stream, 0, block_bytes);
        blocks(state, stream, stream, 1);
        lwc_ctr_xor(out, in, stream, len);
        pos = len;
    }
    *used = (uint8_t)pos;
}

/* The reference block function: one block encryption of the counter per block. */
typedef struct {
    lwc_block_fn encrypt;
    const void *ks;
    uint8_t *counter;
    size_t block_bytes;
} reference_state;

static void reference_blocks(void *state, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const reference_state *r = state;
    uint8_t keystream[16];
    for (; nblocks; nblocks--, out += r->block_bytes, in += r->block_bytes) {
        r->encrypt(r->ks, keystream, r->counter);
        lwc_ctr_increment(r->counter, r->block_bytes);
        lwc_ctr_xor(out, in, keystream, r->block_bytes);
    }
    lwc_wipe(keystream, sizeof keystream);
}

void lwc_ctr_xcrypt(lwc_block_fn encrypt, const void *ks, size_t block_bytes, uint8_t *counter,
                    uint8_t *stream, uint8_t *used, uint8_t *out, const uint8_t *in, size_t len)
{
    reference_state r = {encrypt, ks, counter, block_bytes};
    lwc_ctr_xcrypt_blocks(reference_blocks, &r, block_bytes, stream, used, out, in, len);
}
