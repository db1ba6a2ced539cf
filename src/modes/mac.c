/* The MAC engine shared by CMAC, EAX and CCM, their message pass and common checks
 * (modes_internal.h). */
#include "modes_internal.h"

static void encrypt_chain(const lwc_mode_cipher *c, const void *ks, uint8_t *chain)
{
    c->encrypt(ks, chain, chain);
}

void lwc_cbc_xor_copy(uint8_t *chain, const uint8_t *m, size_t n, uint8_t *copy)
{
#if LWC_WORD32 /* four bytes a step, as lwc_ctr_xor */
    for (; n >= 4; n -= 4, chain += 4, m += 4, copy += 4) {
        const uint32_t b = lwc_load32le(m), t = lwc_load32le(chain);
        lwc_store32le(copy, b);
        lwc_store32le(chain, t ^ b);
    }
#endif
    for (size_t i = 0; i < n; i++) {
        const uint8_t b = m[i], t = chain[i];
        copy[i] = b;
        chain[i] = t ^ b;
    }
}

/* chain ^= in[0..n), in copied to copy unless it is NULL. */
static void xor_in(uint8_t *chain, const uint8_t *in, size_t n, uint8_t *copy)
{
    if (copy)
        lwc_cbc_xor_copy(chain, in, n, copy);
    else
        lwc_ctr_xor(chain, chain, in, n);
}

/* chain at a block boundary: a pending complete block (pos = B) is encrypted. */
static void flush(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos)
{
    if (*pos == c->block_bytes) {
        encrypt_chain(c, ks, chain);
        *pos = 0;
    }
}

void lwc_cbc_blocks(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, const uint8_t *in,
                    const uint8_t *end, uint8_t *copy)
{
    const lwc_cbc_step_fn step = c->cbc_step;
    const uint8_t bs = c->block_bytes;
    const uint8_t advance = copy ? bs : 0;
    uint8_t *to = copy ? copy : chain;
    for (; in != end; in += bs, to += advance)
        step(ks, chain, in, to);
}

/* lwc_mac_absorb; copy NULL: none; last = 0 when more input follows, so that a complete
 * last block need not stay pending. */
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
    /* Whole blocks (B is a power of 2: a mask, no division), but the last when it stays
     * pending (complete or not). */
    const size_t whole = (last ? len - 1 : len) & (size_t)-bs;
    if (whole)
        lwc_cbc_blocks(c, ks, chain, in, in + whole, copy);
    xor_in(chain, in + whole, len - whole, copy ? copy + whole : NULL);
    *pos = (uint8_t)(len - whole);
}

void lwc_mac_absorb(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos, const uint8_t *in,
                    size_t len)
{
    absorb(c, ks, chain, pos, in, len, NULL, 1);
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
                   void *ctr_ctx, const lwc_aead_msg *m, uint8_t mac_in, uint8_t *piece, size_t piece_len)
{
    const uint8_t *in = m->in;
    uint8_t *out = m->out;
    size_t len = m->len;
    while (len) {
        const size_t n = len < piece_len ? len : piece_len;
        const uint8_t last = n == len; /* the others are whole blocks, and more follows */
        /* What the piece's MAC reads and copies: in into the piece, or the piece to out. */
        const uint8_t *from = mac_in ? in : piece;
        uint8_t *to = mac_in ? piece : out;
        if (!mac_in) /* in XORed into the piece first */
            ctr(ctr_ctx, piece, in, n);
        if (*pos || last) /* a pending block (the first piece), or the end: the general case */
            absorb(c, ks, chain, pos, from, n, to, last);
        else /* whole blocks at a block boundary */
            lwc_cbc_blocks(c, ks, chain, from, from + n, to);
        if (mac_in) /* the piece XORed into out last */
            ctr(ctr_ctx, out, piece, n);
        in += n;
        out += n;
        len -= n;
    }
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
