/*
 * libFuzzer harness: CTR of every cipher. The input chooses the cipher, key, IV (with an
 * option to end it in 0xff bytes, so that carries run deep), a message and a split of it
 * into ctr_crypt calls. Properties:
 *   - one ctr_crypt call equals the definition: block j of the keystream is
 *     encrypt(IV + j), with the counter incremented here, block by block, as one
 *     big-endian integer (ECB of the counter);
 *   - the split calls, out of place and in place, equal the single call; a piece of
 *     length 0 is passed with NULL buffers.
 */
#include "../common/cipher_table.h"
#include "fuzz_input.h"

#define MAX_MSG 600
#define MAX_PIECES 9

/* counter += 1 as one big-endian integer, written independently of the library's. */
static void next_counter(uint8_t *counter, size_t n)
{
    for (size_t i = n; i-- > 0;)
        if (++counter[i] != 0)
            break;
}

static void ctr_by_ecb(const test_cipher *c, const uint8_t *key, const uint8_t *iv, uint8_t *out,
                       const uint8_t *in, size_t len)
{
    test_scratch s;
    uint8_t counter[TEST_MAX_BLOCK], stream[TEST_MAX_BLOCK];
    const size_t bs = c->block_bytes;
    memcpy(counter, iv, bs);
    c->setkey(s.ks, key);
    for (size_t off = 0; off < len; off += bs) {
        c->encrypt(s.ks, stream, counter);
        next_counter(counter, bs);
        for (size_t k = 0; k < bs && off + k < len; k++)
            out[off + k] = in[off + k] ^ stream[k];
    }
}

/* ctr_crypt over the pieces (lengths summing to the message's); in == out allowed. */
static void ctr_in_pieces(const test_cipher *c, const uint8_t *key, const uint8_t *iv, uint8_t *out,
                          const uint8_t *in, const size_t *pieces, size_t npieces)
{
    test_scratch s;
    size_t off = 0;
    c->ctr_init(s.ctx, key, iv);
    for (size_t p = 0; p < npieces; p++) {
        if (pieces[p])
            c->ctr_crypt(s.ctx, out + off, in + off, pieces[p]);
        else
            c->ctr_crypt(s.ctx, NULL, NULL, 0);
        off += pieces[p];
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size};
    const test_cipher *c = &test_ciphers[fuzz_u8(&in) % test_cipher_count];
    const size_t bs = c->block_bytes;
    uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK];
    fuzz_bytes(&in, key, c->key_bytes);
    fuzz_bytes(&in, iv, bs);
    const uint8_t options = fuzz_u8(&in);
    const size_t trailing_ff = (options & 0x1f) % (bs + 1);
    memset(iv + bs - trailing_ff, 0xff, trailing_ff);

    size_t pieces[MAX_PIECES], npieces = 1 + (options >> 5) % (MAX_PIECES - 1), len = 0;
    for (size_t p = 0; p + 1 < npieces; p++) {
        pieces[p] = fuzz_u8(&in) % (3 * bs + 1);
        len += pieces[p];
    }
    static uint8_t msg[MAX_MSG], want[MAX_MSG], got[MAX_MSG], inplace[MAX_MSG];
    size_t rest = in.left;
    if (rest > MAX_MSG - len)
        rest = MAX_MSG - len;
    pieces[npieces - 1] = rest;
    len += rest;
    fuzz_bytes(&in, msg, len);

    ctr_by_ecb(c, key, iv, want, msg, len);
    const size_t whole = len;
    ctr_in_pieces(c, key, iv, got, msg, &whole, 1);
    FUZZ_ASSERT(memcmp(got, want, len) == 0);
    ctr_in_pieces(c, key, iv, got, msg, pieces, npieces);
    FUZZ_ASSERT(memcmp(got, want, len) == 0);
    memcpy(inplace, msg, len);
    ctr_in_pieces(c, key, iv, inplace, inplace, pieces, npieces);
    FUZZ_ASSERT(memcmp(inplace, want, len) == 0);
    return 0;
}
