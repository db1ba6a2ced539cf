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

void lwc_ctr_xcrypt(lwc_block_fn encrypt, const void *ks, size_t block_bytes, uint8_t *counter,
                    uint8_t *stream, uint8_t *used, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t pos = *used;
    while (len--) {
        if (pos == block_bytes) {
            encrypt(ks, stream, counter);
            lwc_ctr_increment(counter, block_bytes);
            pos = 0;
        }
        *out++ = *in++ ^ stream[pos++];
    }
    *used = (uint8_t)pos;
}
