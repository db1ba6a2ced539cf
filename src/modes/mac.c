/* The MAC engine shared by CMAC, EAX and CCM, their message pass and common checks
 * (modes_internal.h). */
#include "modes_internal.h"

static void encrypt_chain(const lwc_mode_cipher *c, const void *ks, uint8_t *chain)
{
    c->encrypt(ks, chain, chain);
}

/* chain ^= in[0..n), each byte read once, and copied to copy unless it is NULL. */
static void xor_in(uint8_t *chain, const uint8_t *in, size_t n, uint8_t *copy)
{
    if (!copy) {
        lwc_ctr_xor(chain, chain, in, n);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const uint8_t b = in[i];
        copy[i] = b;
        chain[i] ^= b;
    }
}

static void cbc_mac_blocks(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, const uint8_t *in,
                           size_t nblocks, uint8_t *copy)
{
    const lwc_cbc_step_fn step = c->cbc_step;
    const size_t bs = c->block_bytes;
    for (; nblocks; nblocks--, in += bs) {
        if (step && !copy) {
            step(ks, chain, in);
        } else if (step) { /* the step reads the copy (the pass's own memory) */
            memcpy(copy, in, bs);
            step(ks, chain, copy);
        } else {
            xor_in(chain, in, bs, copy);
            encrypt_chain(c, ks, chain);
        }
        if (copy)
            copy += bs;
    }
}

/* chain at a block boundary: a pending complete block (pos = B) is encrypted. */
static void flush(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos)
{
    if (*pos == c->block_bytes) {
        encrypt_chain(c, ks, chain);
        *pos = 0;
    }
}

/* n / B by a shift (B is 8 or 16): avr-gcc would call its division, about 200 cycles. */
static size_t blocks_in(const lwc_mode_cipher *c, size_t n)
{
    return c->block_bytes == 16 ? n >> 4 : n >> 3;
}

/* lwc_mac_absorb; last = 0 when more input follows, so that a complete last block need not
 * stay pending. */
static void absorb(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos, const uint8_t *in,
                   size_t len, uint8_t *copy, uint8_t last)
{
    const size_t bs = c->block_bytes;
    if (!len)
        return;
    flush(c, ks, chain, pos);
    if (*pos) { /* the rest of a started block */
        const size_t first = bs - *pos < len ? bs - *pos : len;
        xor_in(chain + *pos, in, first, copy);
        *pos = (uint8_t)(*pos + first);
        in += first;
        len -= first;
        if (!len)
            return;
        if (copy)
            copy += first;
        encrypt_chain(c, ks, chain);
        *pos = 0;
    }
    /* Whole blocks, but the last when it stays pending (complete or not). */
    const size_t whole = blocks_in(c, last ? len - 1 : len);
    cbc_mac_blocks(c, ks, chain, in, whole, copy);
    const size_t done = whole * bs;
    xor_in(chain, in + done, len - done, copy ? copy + done : NULL);
    *pos = (uint8_t)(len - done);
}

void lwc_mac_absorb(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos, const uint8_t *in,
                    size_t len, uint8_t *copy)
{
    absorb(c, ks, chain, pos, in, len, copy, 1);
}

void lwc_mac_pad(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos)
{
    if (*pos) {
        encrypt_chain(c, ks, chain);
        *pos = 0;
    }
}

/* Doubling in GF(2^(8B)) (SP 800-38B 6.1): a left shift of the big-endian block, and Rb
 * (0x87 for 128-bit blocks, 0x1b for 64-bit) XORed in when the top bit falls out, by mask. */
static void dbl(uint8_t *out, const uint8_t *in, size_t bs)
{
    const uint8_t rb = bs == 16 ? 0x87 : 0x1b;
    const uint8_t carry_out = (uint8_t)-(in[0] >> 7);
    for (size_t i = 0; i + 1 < bs; i++)
        out[i] = (uint8_t)(in[i] << 1 | in[i + 1] >> 7);
    out[bs - 1] = (uint8_t)(in[bs - 1] << 1 ^ (rb & carry_out));
}

void lwc_cmac_subkeys(const lwc_mode_cipher *c, const void *ks, uint8_t *subkeys)
{
    const size_t bs = c->block_bytes;
    uint8_t l[LWC_MODE_MAX_BLOCK] = {0};
    c->encrypt(ks, l, l);
    dbl(subkeys, l, bs);
    dbl(subkeys + bs, subkeys, bs);
    lwc_wipe(l, sizeof l);
}

void lwc_cmac_finish(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, uint8_t *chain, uint8_t pos)
{
    const size_t bs = c->block_bytes;
    if (pos == bs) {
        lwc_ctr_xor(chain, chain, subkeys, bs);
    } else {
        chain[pos] ^= 0x80;
        lwc_ctr_xor(chain, chain, subkeys + bs, bs);
    }
    encrypt_chain(c, ks, chain);
}

int lwc_overlap(const void *a, size_t n, const void *b, size_t m)
{
    const uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return n && m && x < y + m && y < x + n;
}

int lwc_aead_check(const lwc_aead_msg *m, const void *tag)
{
    if (!tag || lwc_missing(m->nonce, m->nonce_len) || lwc_missing(m->ad, m->ad_len) ||
        lwc_missing(m->in, m->len) || lwc_missing(m->out, m->len))
        return LWC_E_NULL_POINTER;
    return 0;
}

int lwc_aead_check_overlap(const lwc_aead_msg *m, const void *tag, size_t tag_len)
{
    const size_t n = m->len;
    if ((m->out != m->in && lwc_overlap(m->out, n, m->in, n)) || lwc_overlap(m->out, n, m->nonce, m->nonce_len) ||
        lwc_overlap(m->out, n, m->ad, m->ad_len) || lwc_overlap(m->out, n, tag, tag_len))
        return LWC_E_OVERLAP;
    return 0;
}

void lwc_aead_pass(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos, lwc_aead_ctr_fn ctr,
                   void *ctr_ctx, const lwc_aead_msg *m, uint8_t mac_in)
{
    uint8_t chunk[LWC_MODE_CHUNK];
    const uint8_t *in = m->in;
    uint8_t *out = m->out;
    size_t len = m->len;
    const size_t used = len < sizeof chunk ? len : sizeof chunk;
    while (len) {
        const size_t n = len < sizeof chunk ? len : sizeof chunk;
        const uint8_t last = n == len; /* the others are whole blocks, and more follows */
        if (mac_in) {
            absorb(c, ks, chain, pos, in, n, chunk, last);
            ctr(ctr_ctx, out, chunk, n);
        } else {
            ctr(ctr_ctx, chunk, in, n);
            absorb(c, ks, chain, pos, chunk, n, NULL, last);
            memcpy(out, chunk, n);
        }
        in += n;
        out += n;
        len -= n;
    }
    lwc_wipe(chunk, used);
}

int lwc_aead_release(uint8_t *out, size_t len, const uint8_t *computed, const uint8_t *tag, size_t tag_len)
{
    const uint8_t keep = lwc_equal_mask(computed, tag, tag_len); /* ff: the tags agree */
    for (size_t i = 0; i < len; i++)
        out[i] &= keep;
    /* A mask, not a multiply by LWC_E_AUTH: an MCU without MUL (the ATtiny) multiplies in a
     * loop whose time depends on the operands. */
    return -(int)(~keep & 1u) & LWC_E_AUTH;
}
