#include "lwc_internal.h"

/*
 * On 32-bit cores lwc_ctr_increment, lwc_ctr_xor and next_counter take four bytes per
 * step: the byte-wise 32-bit loads and stores compile to single instructions where
 * unaligned access is allowed (Cortex-M3/M4, x86), and to byte accesses elsewhere.
 */
void lwc_ctr_increment(uint8_t *counter, size_t block_bytes)
{
#if LWC_WORD32
    uint32_t carry32 = 1;
    for (; block_bytes >= 4; block_bytes -= 4) {
        const uint32_t v = lwc_load32be(counter + block_bytes - 4) + carry32;
        carry32 = v < carry32; /* no branch: a carry flag or a set-on-less */
        lwc_store32be(counter + block_bytes - 4, v);
    }
    unsigned carry = carry32;
#else
    unsigned carry = 1;
#endif
    while (block_bytes--) {
        carry += counter[block_bytes];
        counter[block_bytes] = (uint8_t)carry;
        carry >>= 8;
    }
}

void lwc_ctr_xor(uint8_t *out, const uint8_t *in, const uint8_t *stream, size_t n)
{
#if LWC_WORD32
    if (!LWC_UNALIGNED_WORDS && lwc_aligned4(out) && lwc_aligned4(in) && lwc_aligned4(stream))
        for (; n >= 4; n -= 4, out += 4, in += 4, stream += 4)
            lwc_store32_aligned(out, lwc_load32_aligned(in) ^ lwc_load32_aligned(stream));
    else
        for (; n >= 4; n -= 4, out += 4, in += 4, stream += 4)
            lwc_store32le(out, lwc_load32le(in) ^ lwc_load32le(stream));
#endif
    while (n--)
        *out++ = *in++ ^ *stream++;
}

/* Whole blocks go through the block function in one call (lwc_ctr_use_stream). */
void lwc_ctr_xcrypt_blocks(lwc_ctr_blocks_fn blocks, void *state, size_t block_bytes, uint8_t *stream,
                           uint8_t *used, uint8_t *out, const uint8_t *in, size_t len)
{
    if (!len) /* changes nothing; its buffers may be NULL, and NULL + 0 is undefined in C */
        return;
    size_t pos = lwc_ctr_use_stream(stream, *used, block_bytes, &out, &in, &len);
    const size_t done = len & (size_t)-block_bytes; /* block_bytes is a power of 2 */
    if (done) {
        blocks(state, out, in, lwc_whole_blocks(done, block_bytes));
        out += done;
        in += done;
        len -= done;
    }
    if (len) {
        memset(stream, 0, block_bytes);
        blocks(state, stream, stream, 1);
        lwc_ctr_xor(out, in, stream, len);
        pos = len;
    }
    *used = (uint8_t)pos;
}

/*
 * Counter + 1. The counter is public (its timing may show): on 32-bit cores the bytes
 * above its low 32 bits are only updated when those wrap to 0.
 */
static void next_counter(uint8_t *counter, size_t block_bytes)
{
#if LWC_WORD32
    uint8_t *low = counter + block_bytes - 4;
    const uint32_t v = lwc_load32be(low) + 1;
    lwc_store32be(low, v);
    if (v == 0)
        lwc_ctr_increment(counter, block_bytes - 4);
#else
    lwc_ctr_increment(counter, block_bytes);
#endif
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
    uint32_t keystream[4]; /* word-aligned: lwc_ctr_xor's word path when out and in are too */
    for (; nblocks; nblocks--, out += r->block_bytes, in += r->block_bytes) {
        r->encrypt(r->ks, (uint8_t *)keystream, r->counter);
        next_counter(r->counter, r->block_bytes);
        lwc_ctr_xor(out, in, (const uint8_t *)keystream, r->block_bytes);
    }
    lwc_wipe(keystream, sizeof keystream);
}

void lwc_ctr_xcrypt(lwc_block_fn encrypt, const void *ks, size_t block_bytes, uint8_t *counter,
                    uint8_t *stream, uint8_t *used, uint8_t *out, const uint8_t *in, size_t len)
{
    reference_state r = {encrypt, ks, counter, block_bytes};
    lwc_ctr_xcrypt_blocks(reference_blocks, &r, block_bytes, stream, used, out, in, len);
}

/* lwc_ctr_xcrypt_words (lwc_internal.h): its block function over the words function. */
#define WORDS_BOUNCE 64

typedef struct {
    lwc_ctr_words_fn words;
    void *ctx;
    uint8_t *counter;
    size_t block_bytes;
} words_state;

static void words_blocks(void *state, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const words_state *w = state;
    const size_t bs = w->block_bytes;
    uint8_t *const low = w->counter + bs - 4;
    const int aligned = lwc_aligned4(out) && lwc_aligned4(in);
    uint32_t bounce[WORDS_BOUNCE / 4];
    while (nblocks) {
        const uint32_t left = ~lwc_load32be(low); /* blocks before the low word wraps, - 1 */
        size_t n = nblocks - 1 < left ? nblocks : (size_t)left + 1;
        if (aligned) {
            w->words(w->ctx, out, in, n);
        } else {
            const size_t room = lwc_whole_blocks(WORDS_BOUNCE, bs);
            n = n < room ? n : room;
            memcpy(bounce, in, n * bs);
            w->words(w->ctx, (uint8_t *)bounce, (const uint8_t *)bounce, n);
            memcpy(out, bounce, n * bs);
        }
        if (lwc_load32be(low) == 0) /* it wrapped after the last block */
            lwc_ctr_increment(w->counter, bs - 4);
        out += n * bs;
        in += n * bs;
        nblocks -= n;
    }
    if (!aligned)
        lwc_wipe(bounce, sizeof bounce);
}

void lwc_ctr_xcrypt_words(lwc_ctr_words_fn words, void *ctx, size_t block_bytes, uint8_t *counter,
                          uint8_t *stream, uint8_t *used, uint8_t *out, const uint8_t *in, size_t len)
{
    words_state w = {words, ctx, counter, block_bytes};
    lwc_ctr_xcrypt_blocks(words_blocks, &w, block_bytes, stream, used, out, in, len);
}

void lwc_block_words(lwc_block_fn words, const void *ks, size_t block_bytes, uint8_t *out, const uint8_t *in)
{
    if (lwc_aligned4(out) && lwc_aligned4(in)) {
        words(ks, out, in);
        return;
    }
    uint32_t x[4];
    memcpy(x, in, block_bytes);
    words(ks, (uint8_t *)x, (const uint8_t *)x);
    memcpy(out, x, block_bytes);
    lwc_wipe(x, sizeof x);
}

void lwc_cbc_step_bounce(lwc_cbc_step_fn step, size_t block_bytes, const void *ks, uint8_t *chain,
                         const uint8_t *m, uint8_t *copy)
{
    uint32_t c[4], x[4];
    memcpy(c, chain, block_bytes);
    memcpy(x, m, block_bytes); /* m read once */
    step(ks, (uint8_t *)c, (const uint8_t *)x, (uint8_t *)x);
    if (copy != chain)
        memcpy(copy, x, block_bytes);
    memcpy(chain, c, block_bytes);
    lwc_wipe(c, sizeof c);
    lwc_wipe(x, sizeof x);
}

void lwc_ctr_secret_words(lwc_ctr_secret_fn words, size_t block_bytes, const void *ks, uint8_t *counter,
                          uint8_t *out, const uint8_t *in, size_t blocks)
{
    if (lwc_aligned4((const void *)((uintptr_t)counter | (uintptr_t)out | (uintptr_t)in))) {
        words(ks, counter, out, in, blocks);
        return;
    }
    uint32_t c[4], bounce[WORDS_BOUNCE / 4];
    const size_t room = lwc_whole_blocks(WORDS_BOUNCE, block_bytes);
    memcpy(c, counter, block_bytes);
    while (blocks) {
        const size_t n = blocks < room ? blocks : room;
        memcpy(bounce, in, n * block_bytes);
        words(ks, (uint8_t *)c, (uint8_t *)bounce, (const uint8_t *)bounce, n);
        memcpy(out, bounce, n * block_bytes);
        out += n * block_bytes;
        in += n * block_bytes;
        blocks -= n;
    }
    memcpy(counter, c, block_bytes);
    lwc_wipe(c, sizeof c);
    lwc_wipe(bounce, sizeof bounce);
}
