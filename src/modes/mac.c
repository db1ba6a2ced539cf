/* The MAC engine shared by CMAC, EAX and CCM, their message pass and common checks
 * (modes_internal.h). */
#include "modes_internal.h"

static void encrypt_chain(const lwc_mode_cipher *c, const void *ks, uint8_t *chain)
{
    c->encrypt(ks, chain, chain);
}

void lwc_cbc_xor_copy(uint8_t *chain, const uint8_t *m, size_t n, uint8_t *copy)
{
#if LWC_WORD32 /* four bytes a step, as lwc_ctr_xor: aligned words where the core needs them */
    if (!LWC_UNALIGNED_WORDS && lwc_aligned4(chain) && lwc_aligned4(m) && lwc_aligned4(copy))
        for (; n >= 4; n -= 4, chain += 4, m += 4, copy += 4) {
            const uint32_t b = lwc_load32_aligned(m), t = lwc_load32_aligned(chain);
            lwc_store32_aligned(copy, b);
            lwc_store32_aligned(chain, t ^ b);
        }
    else
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

/* Doubling in GF(2^(8B)) (SP 800-38B 6.1): a left shift of the big-endian block, from its
 * last byte with the carry, and Rb (0x87 for 128-bit blocks, 0x1b for 64-bit) XORed in
 * when the top bit falls out, by mask. */
static void dbl(uint8_t *out, const uint8_t *in, size_t bs)
{
    unsigned carry = 0;
    for (size_t i = bs; i--;) {
        carry |= (unsigned)in[i] << 1;
        out[i] = (uint8_t)carry;
        carry >>= 8;
    }
    out[bs - 1] ^= (uint8_t)((bs == 16 ? 0x87 : 0x1b) & -carry);
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
    return LWC_OVERLAP(x, n, y, m);
}

int lwc_aead_check(const lwc_aead_msg *m, const void *tag)
{
    return lwc_aead_check_inline(m, tag);
}

int lwc_aead_check_overlap(const lwc_aead_msg *m, const void *tag, size_t tag_len)
{
    const size_t n = m->len;
    return LWC_AEAD_CHECK_OVERLAP_WITH(lwc_overlap, m, n, tag, tag_len);
}

#if LWC_BLOCK_PAIRS
/* Words 0 .. B/4 - 1 of a block of B = 8 or 16 bytes (bs a constant where it is inlined):
 * EACH_WORD(bs, S) is S(0); S(1); ..., written out so that the words stay in registers. */
#define EACH_WORD(bs, S)    \
    do {                    \
        S(0);               \
        S(1);               \
        if ((bs) == 16) {   \
            S(2);           \
            S(3);           \
        }                   \
    } while (0)

/* The native word whose bytes in memory are v big-endian. */
static inline uint32_t native_be32(uint32_t v)
{
    return LWC_LITTLE_ENDIAN ? lwc_bswap32(v) : v;
}

/*
 * A piece of lwc_aead_pass with the pair function, for block size bs (8 or 16, a constant
 * where it is inlined): block by block, the pending MAC block (pos = B: block i - 1, XORed
 * into the chain) encrypted in one pass with counter block i, then block i read once into
 * the piece and XORed into the chain, left pending. The MAC and CTR parts of a block are
 * independent in both directions, so one pass per block where one block function call
 * each took two; the first block of the message, with no MAC block pending, takes the
 * block function alone. A last partial block (r < B bytes) the same way, its chain left
 * started (pos = r), as absorb leaves it. The counter: its last word a big-endian number
 * in a register, the words above it as the block's words before and after the carry out of
 * the last, which comes at most once in a piece (fewer than 2^32 blocks), taken by a mask
 * (no branch; one byte reversal a block instead of B/4); whole blocks XORed as aligned words
 * where out and in are aligned.
 */
static inline LWC_ALWAYS_INLINE void pass_pairs_bs(const lwc_mode_cipher *c, lwc_block_pair_fn pair,
                                                   const void *ks, uint8_t *chain, uint8_t *pos, uint8_t *counter,
                                                   uint8_t *out, const uint8_t *in, size_t n, uint8_t mac_in,
                                                   uint8_t *piece, const uint8_t bs)
{
    enum { UPPER = LWC_MODE_MAX_BLOCK / 4 - 1 };
    const unsigned last = bs / 4u - 1; /* the last word's index */
    uint32_t stream_words[LWC_MODE_MAX_BLOCK / 4], block_words[LWC_MODE_MAX_BLOCK / 4];
    uint32_t upper[UPPER], delta[UPPER], low = lwc_load32be(counter + 4 * last), wrapped = 0, carry = 1;
    uint8_t *const stream = (uint8_t *)stream_words, *const block = (uint8_t *)block_words;
    const int aligned = lwc_aligned4(out) && lwc_aligned4(in) && lwc_aligned4(chain) && lwc_aligned4(piece);
    /* the upper words (all but the last; j < last) before the carry, and what it changes */
#define UPPER_WORDS(j)                                                                        \
    do {                                                                                      \
        if ((j) < last) {                                                                     \
            uint32_t w_ = lwc_load32be(counter + 4 * (last - 1 - (j)));                       \
            upper[last - 1 - (j)] = native_be32(w_);                                          \
            w_ += carry; /* from the last upper word up */                                    \
            carry &= w_ == 0;                                                                 \
            delta[last - 1 - (j)] = upper[last - 1 - (j)] ^ native_be32(w_);                  \
        }                                                                                     \
    } while (0)
    EACH_WORD(bs, UPPER_WORDS);
    for (size_t done = 0; done < n; done += bs) {
        const uint8_t r = (uint8_t)(n - done < bs ? n - done : bs);
#define STORE_BLOCK(j) \
    block_words[j] = (j) < last ? upper[(j) < last ? (j) : 0] ^ (delta[(j) < last ? (j) : 0] & wrapped) : native_be32(low)
        EACH_WORD(bs, STORE_BLOCK);
        if (*pos) /* B: the pending block */
            pair(ks, chain, chain, stream, block);
        else
            c->encrypt(ks, stream, block);
        low += 1; /* + 1, no branch: the carry out of the last word turns the mask on */
        wrapped |= 0u - (uint32_t)(low == 0);
        if (r == bs && aligned) { /* in read once; the piece, the chain and out written as words */
            uint8_t *const o = out + done, *const p = piece + done;
            const uint8_t *const i = in + done;
#define XOR_WORD(j)                                                                           \
    do {                                                                                      \
        const uint32_t m_ = lwc_load32_aligned(i + 4 * (j));                                  \
        const uint32_t mac_ = mac_in ? m_ : m_ ^ stream_words[j]; /* the block the MAC takes */ \
        lwc_store32_aligned(p + 4 * (j), mac_);                                               \
        lwc_store32_aligned(chain + 4 * (j), lwc_load32_aligned(chain + 4 * (j)) ^ mac_);     \
        lwc_store32_aligned(o + 4 * (j), mac_in ? m_ ^ stream_words[j] : mac_);               \
    } while (0)
            EACH_WORD(bs, XOR_WORD);
        } else if (mac_in) { /* in copied into the piece as the chain takes it, then out = piece ^ stream */
            lwc_cbc_xor_copy(chain, in + done, r, piece + done);
            lwc_ctr_xor(out + done, piece + done, stream, r);
        } else { /* the piece = in ^ stream, then the chain takes it as out is written */
            lwc_ctr_xor(piece + done, in + done, stream, r);
            lwc_cbc_xor_copy(chain, piece + done, r, out + done);
        }
        *pos = r;
    }
#define STORE_COUNTER(j) lwc_store32be(counter + 4 * (j), (j) < last ? native_be32(block_words[j]) : low)
    EACH_WORD(bs, STORE_BLOCK); /* the counter's words after the last block */
    EACH_WORD(bs, STORE_COUNTER);
    lwc_wipe(stream_words, sizeof stream_words);
    lwc_wipe(block_words, sizeof block_words);
}

static LWC_NOINLINE void pass_pairs16(const lwc_mode_cipher *c, lwc_block_pair_fn pair, const void *ks,
                                      uint8_t *chain, uint8_t *pos, uint8_t *counter, uint8_t *out,
                                      const uint8_t *in, size_t n, uint8_t mac_in, uint8_t *piece)
{
    pass_pairs_bs(c, pair, ks, chain, pos, counter, out, in, n, mac_in, piece, 16);
}

static LWC_NOINLINE void pass_pairs8(const lwc_mode_cipher *c, lwc_block_pair_fn pair, const void *ks,
                                     uint8_t *chain, uint8_t *pos, uint8_t *counter, uint8_t *out,
                                     const uint8_t *in, size_t n, uint8_t mac_in, uint8_t *piece)
{
    pass_pairs_bs(c, pair, ks, chain, pos, counter, out, in, n, mac_in, piece, 8);
}
#endif

void lwc_aead_pass(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos, lwc_aead_ctr_fn ctr,
                   void *ctr_ctx, const lwc_aead_msg *m, uint8_t mac_in, uint8_t *piece, size_t piece_len)
{
    const uint8_t *in = m->in;
    uint8_t *out = m->out;
    size_t len = m->len;
#if LWC_BLOCK_PAIRS
    if (!ctr) {
        const lwc_pair_pass_fn pair_pass = lwc_mode_pair_pass(c);
        if (pair_pass && lwc_aligned4(chain) && len >= c->block_bytes) {
            /* every whole block in one pair pass call, after the first block alone where
             * no MAC block is pending (*pos = 0); the rest below */
            const uint8_t bs = c->block_bytes;
            size_t n = 0;
            if (*pos != bs) {
                n = bs;
                (bs == 16 ? pass_pairs16 : pass_pairs8)(c, lwc_mode_pair(c), ks, chain, pos, (uint8_t *)ctr_ctx,
                                                        out, in, n, mac_in, piece);
            }
            const size_t whole = (len - n) & (size_t)-bs;
            if (whole)
                pair_pass(ks, chain, (uint8_t *)ctr_ctx, out + n, in + n, whole / bs, mac_in);
            n += whole;
            in += n;
            out += n;
            len -= n;
        }
        for (size_t n; len; in += n, out += n, len -= n) {
            n = len < piece_len ? len : piece_len;
            (c->block_bytes == 16 ? pass_pairs16 : pass_pairs8)(c, lwc_mode_pair(c), ks, chain, pos,
                                                                (uint8_t *)ctr_ctx, out, in, n, mac_in, piece);
        }
        return;
    }
#endif
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
    size_t i = 0;
#if LWC_WORD32 /* aligned words once out is (its address is public), as lwc_ctr_xor */
    uint32_t keep_words = keep;
    keep_words |= keep_words << 8;
    keep_words |= keep_words << 16;
    for (; i < len && !lwc_aligned4(out + i); i++)
        out[i] &= keep;
    for (; len - i >= 16; i += 16) { /* four words a turn: the loop's own steps a quarter as often */
        uint8_t *const p = out + i;
        lwc_store32_aligned(p, lwc_load32_aligned(p) & keep_words);
        lwc_store32_aligned(p + 4, lwc_load32_aligned(p + 4) & keep_words);
        lwc_store32_aligned(p + 8, lwc_load32_aligned(p + 8) & keep_words);
        lwc_store32_aligned(p + 12, lwc_load32_aligned(p + 12) & keep_words);
    }
    for (; len - i >= 4; i += 4)
        lwc_store32_aligned(out + i, lwc_load32_aligned(out + i) & keep_words);
#elif LWC_AVR_MEGA /* 16 bytes a turn through one pointer (LD, AND, ST and no more a byte); the
                    * ATtiny class keeps the byte loop below, for flash */
    uint8_t *p = out;
    for (; len - i >= 16; i += 16, p += 16) { /* spelled out: avr-gcc 5 rolls a loop up */
        p[0] &= keep, p[1] &= keep, p[2] &= keep, p[3] &= keep, p[4] &= keep, p[5] &= keep;
        p[6] &= keep, p[7] &= keep, p[8] &= keep, p[9] &= keep, p[10] &= keep, p[11] &= keep;
        p[12] &= keep, p[13] &= keep, p[14] &= keep, p[15] &= keep;
    }
#endif
    for (; i < len; i++)
        out[i] &= keep;
    /* A mask, not a multiply by LWC_E_AUTH: an MCU without MUL (the ATtiny) multiplies in a
     * loop whose time depends on the operands. */
    return -(int)(~keep & 1u) & LWC_E_AUTH;
}
