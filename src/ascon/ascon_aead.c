/*
 * Ascon-AEAD128 (SP 800-232, 4): S = IV || K || N, Ascon-p[12], K XORed into S3 || S4; the
 * associated data in 16-byte blocks (padded with 01 00..), each followed by Ascon-p[8], if
 * there is any; the domain separation bit (the top bit of S4); the message in 16-byte
 * blocks, the last one padded; K XORed into S2 || S3, Ascon-p[12], tag = S3 || S4 ^ K. The
 * contract (one read of every input, overlaps, errors) is in include/lwc/ascon.h.
 */
#include "ascon_internal.h"
#include "../modes/modes_internal.h"

#define AEAD128_IV 0x00001000808c0001ull
#define RATE 16

void lwc_ascon_aead128_setkey(lwc_ascon_aead128_key *k, const uint8_t key[16])
{
    k->k[0] = lwc_ascon_load(key, 8);
    k->k[1] = lwc_ascon_load(key + 8, 8);
}

void lwc_ascon_aead_absorb(uint64_t s[5], const uint8_t *in, size_t blocks)
{
    for (; blocks; blocks--, in += RATE) {
        s[0] ^= lwc_ascon_load(in, 8);
        s[1] ^= lwc_ascon_load(in + 8, 8);
        lwc_ascon_permute(s, LWC_ASCON_P8);
    }
}

void lwc_ascon_aead_encrypt_blocks(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t blocks)
{
    for (; blocks; blocks--, in += RATE, out += RATE) {
        s[0] ^= lwc_ascon_load(in, 8); /* both halves read before out is written (in place) */
        s[1] ^= lwc_ascon_load(in + 8, 8);
        lwc_ascon_store(out, s[0], 8);
        lwc_ascon_store(out + 8, s[1], 8);
        lwc_ascon_permute(s, LWC_ASCON_P8);
    }
}

void lwc_ascon_aead_decrypt_blocks(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t blocks)
{
    for (; blocks; blocks--, in += RATE, out += RATE) {
        const uint64_t c0 = lwc_ascon_load(in, 8), c1 = lwc_ascon_load(in + 8, 8);
        lwc_ascon_store(out, s[0] ^ c0, 8);
        lwc_ascon_store(out + 8, s[1] ^ c1, 8);
        s[0] = c0;
        s[1] = c1;
        lwc_ascon_permute(s, LWC_ASCON_P8);
    }
}

/* p + n, without arithmetic on a NULL p (an empty buffer). */
#define SKIP(p, n) ((n) ? (p) + (n) : (p))

/* The last block's n < 16 bytes at p (read once) as two lanes, bytes 0..7 and 8..15. */
static void last_block(const uint8_t *p, size_t n, uint64_t *lo, uint64_t *hi)
{
    *lo = lwc_ascon_load(p, n < 8 ? n : 8);
    *hi = n > 8 ? lwc_ascon_load(p + 8, n - 8) : 0;
}

/* The padding byte 01 after the n < 16 bytes of the last block. */
static void pad(uint64_t s[5], size_t n)
{
    if (n < 8)
        s[0] ^= lwc_ascon_byte(0x01, n);
    else
        s[1] ^= lwc_ascon_byte(0x01, n - 8);
}

/* The first n bytes (n < 16) of the two lanes lo || hi to out. */
static void store_block(uint8_t *out, uint64_t lo, uint64_t hi, size_t n)
{
    lwc_ascon_store(out, lo, n < 8 ? n : 8);
    if (n > 8)
        lwc_ascon_store(out + 8, hi, n - 8);
}

/* The lane whose first n <= 8 bytes are ff, the others 0. */
static uint64_t byte_mask(size_t n)
{
    return lwc_ascon_import(n == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * n)) - 1);
}

/* Checks (lwc/ascon.h: in this order), then the initialization and the associated data. */
static int start(uint64_t s[5], const lwc_ascon_aead128_key *k, const lwc_aead_msg *m, const void *tag,
                 size_t tag_len)
{
    int err = k ? lwc_aead_check(m, tag) : LWC_E_NULL_POINTER;
    if (!err && (tag_len < LWC_ASCON_AEAD128_MIN_TAG_BYTES || tag_len > LWC_ASCON_AEAD128_TAG_BYTES))
        err = LWC_E_TAG_LENGTH;
    if (!err && m->nonce_len != LWC_ASCON_AEAD128_NONCE_BYTES)
        err = LWC_E_NONCE_LENGTH;
    if (!err)
        err = lwc_aead_check_overlap(m, tag, tag_len);
    if (err)
        return err;
    s[0] = lwc_ascon_import(AEAD128_IV);
    s[1] = k->k[0];
    s[2] = k->k[1];
    s[3] = lwc_ascon_load(m->nonce, 8);
    s[4] = lwc_ascon_load(m->nonce + 8, 8);
    lwc_ascon_permute(s, LWC_ASCON_P12);
    s[3] ^= k->k[0];
    s[4] ^= k->k[1];
    if (m->ad_len) {
        const size_t whole = m->ad_len / RATE, rest = m->ad_len % RATE;
        uint64_t lo, hi;
        lwc_ascon_aead_absorb(s, m->ad, whole);
        last_block(m->ad + whole * RATE, rest, &lo, &hi);
        s[0] ^= lo;
        s[1] ^= hi;
        pad(s, rest);
        lwc_ascon_permute(s, LWC_ASCON_P8);
    }
    s[4] ^= lwc_ascon_byte(0x80, 7);
    return 0;
}

/* The finalization: the full tag. */
static void finish(uint64_t s[5], const lwc_ascon_aead128_key *k, uint8_t tag[16])
{
    s[2] ^= k->k[0];
    s[3] ^= k->k[1];
    lwc_ascon_permute(s, LWC_ASCON_P12);
    lwc_ascon_store(tag, s[3] ^ k->k[0], 8);
    lwc_ascon_store(tag + 8, s[4] ^ k->k[1], 8);
}

int lwc_ascon_aead128_encrypt(const lwc_ascon_aead128_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                              const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                              const uint8_t *in, size_t len)
{
    const lwc_aead_msg m = {nonce, nonce_len, ad, ad_len, in, len, out};
    uint64_t s[5], lo, hi;
    uint8_t full[LWC_ASCON_AEAD128_TAG_BYTES];
    const int err = start(s, k, &m, tag, tag_len);
    if (err)
        return err;
    const size_t rest = len % RATE, done = len - rest;
    lwc_ascon_aead_encrypt_blocks(s, out, in, done / RATE);
    last_block(SKIP(in, done), rest, &lo, &hi);
    s[0] ^= lo;
    s[1] ^= hi;
    store_block(SKIP(out, done), s[0], s[1], rest);
    pad(s, rest);
    finish(s, k, full);
    memcpy(tag, full, tag_len);
    lwc_wipe(s, sizeof s);
    lwc_wipe(full, sizeof full);
    return 0;
}

/* out receives the plaintext as the blocks go and is zeroed if the tag does not match. */
int lwc_ascon_aead128_decrypt(const lwc_ascon_aead128_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                              const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                              const uint8_t *in, size_t len)
{
    const lwc_aead_msg m = {nonce, nonce_len, ad, ad_len, in, len, out};
    uint64_t s[5], lo, hi;
    uint8_t full[LWC_ASCON_AEAD128_TAG_BYTES];
    const int err = start(s, k, &m, tag, tag_len);
    if (err)
        return err;
    const size_t rest = len % RATE, done = len - rest;
    lwc_ascon_aead_decrypt_blocks(s, out, in, done / RATE);
    last_block(SKIP(in, done), rest, &lo, &hi);
    lo ^= s[0]; /* the plaintext; the state takes the ciphertext's bytes */
    hi ^= s[1];
    store_block(SKIP(out, done), lo, hi, rest);
    s[0] ^= lo & byte_mask(rest < 8 ? rest : 8);
    s[1] ^= hi & byte_mask(rest > 8 ? rest - 8 : 0);
    pad(s, rest);
    finish(s, k, full);
    const int result = lwc_aead_release(out, len, full, tag, tag_len);
    lwc_wipe(s, sizeof s);
    lwc_wipe(full, sizeof full);
    return result;
}
