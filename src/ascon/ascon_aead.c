/*
 * Ascon-AEAD128 (SP 800-232, 4): S = IV || K || N, Ascon-p[12], K XORed into S3 || S4; the
 * associated data in 16-byte blocks (padded with 01 00..), each followed by Ascon-p[8], if
 * there is any; the domain separation bit (the top bit of S4); the message in 16-byte
 * blocks, the last one padded; K XORed into S2 || S3, Ascon-p[12], tag = S3 || S4 ^ K. The
 * contract (one read of every input, overlaps, errors) is in include/lwc/ascon.h.
 */
#include "ascon_internal.h"

#define AEAD128_IV 0x00001000808c0001ull
#define RATE 16

void lwc_ascon_aead128_setkey(lwc_ascon_aead128_key *k, const uint8_t *key)
{
    k->k[0] = lwc_ascon_load(key, 8);
    k->k[1] = lwc_ascon_load(key + 8, 8);
}

#if !LWC_ASCON_ASM_LOOPS
/* The lane whose first n <= 8 bytes are ff, the others 0. */
static uint64_t byte_mask(size_t n)
{
    return lwc_ascon_import(n == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * n)) - 1);
}

void lwc_ascon_aead_duplex(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t n, uint8_t decrypt)
{
    for (size_t half = 0; half < 2; half++) {
        const size_t k = n <= 8 * half ? 0 : n - 8 * half < 8 ? n - 8 * half : 8;
        const uint64_t x = s[half] ^ (k ? lwc_ascon_load(in + 8 * half, k) : 0);
        if (out && k)
            lwc_ascon_store(out + 8 * half, x, k);
        s[half] = decrypt ? s[half] ^ (x & byte_mask(k)) : x;
    }
    if (n < 16)
        s[n / 8] ^= lwc_ascon_byte(0x01, n % 8);
}

void lwc_ascon_aead_absorb(uint64_t s[5], const uint8_t *in, size_t blocks)
{
    for (; blocks; blocks--, in += RATE) {
        lwc_ascon_aead_duplex(s, NULL, in, RATE, 0);
        lwc_ascon_permute(s, LWC_ASCON_P8);
    }
}

void lwc_ascon_aead_encrypt_blocks(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t blocks)
{
    for (; blocks; blocks--, in += RATE, out += RATE) {
        lwc_ascon_aead_duplex(s, out, in, RATE, 0);
        lwc_ascon_permute(s, LWC_ASCON_P8);
    }
}

void lwc_ascon_aead_decrypt_blocks(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t blocks)
{
    for (; blocks; blocks--, in += RATE, out += RATE) {
        lwc_ascon_aead_duplex(s, out, in, RATE, 1);
        lwc_ascon_permute(s, LWC_ASCON_P8);
    }
}
#endif

int lwc_ascon_aead_check(const lwc_ascon_aead128_key *k, const lwc_aead_msg *m, const void *tag, size_t tag_len)
{
    int err = k ? lwc_aead_check(m, tag) : LWC_E_NULL_POINTER;
    if (!err && (tag_len < LWC_ASCON_AEAD128_MIN_TAG_BYTES || tag_len > LWC_ASCON_AEAD128_TAG_BYTES))
        err = LWC_E_TAG_LENGTH;
    if (!err && m->nonce_len != LWC_ASCON_AEAD128_NONCE_BYTES)
        err = LWC_E_NONCE_LENGTH;
    if (!err)
        err = lwc_aead_check_overlap(m, tag, tag_len);
    return err;
}

#if !LWC_ASCON_ASM_AEAD
/* p + n, without arithmetic on a NULL p (an empty buffer). */
#define SKIP(p, n) ((n) ? (p) + (n) : (p))

/* lanes[0..1] ^= K (XOR acts bit by bit: the same in every layout). Not inlined: its three
 * calls would be three copies of a 16-byte XOR, long code on 8-bit cores. */
static LWC_NOINLINE void xor_key(uint64_t lanes[2], const lwc_ascon_aead128_key *k)
{
    for (size_t i = 0; i < 2; i++)
        lanes[i] ^= k->k[i];
}

/* Checks, then the initialization and the associated data. */
static int start(uint64_t s[5], const lwc_ascon_aead128_key *k, const lwc_aead_msg *m, const void *tag,
                 size_t tag_len)
{
    const int err = lwc_ascon_aead_check(k, m, tag, tag_len);
    if (err)
        return err;
    s[0] = lwc_ascon_import(AEAD128_IV);
    for (size_t i = 0; i < 2; i++) {
        s[1 + i] = k->k[i];
        s[3 + i] = lwc_ascon_load(m->nonce + 8 * i, 8);
    }
    lwc_ascon_permute(s, LWC_ASCON_P12);
    xor_key(s + 3, k);
    if (m->ad_len) {
        const size_t rest = m->ad_len % RATE, done = m->ad_len - rest;
        lwc_ascon_aead_absorb(s, m->ad, done / RATE);
        lwc_ascon_aead_duplex(s, NULL, m->ad + done, rest, 0);
        lwc_ascon_permute(s, LWC_ASCON_P8);
    }
    s[4] ^= lwc_ascon_import((uint64_t)0x80 << 56); /* the domain separation bit */
    return 0;
}

/* The finalization: the full tag, in the first 16 bytes of s (no longer needed). */
static uint8_t *finish(uint64_t s[5], const lwc_ascon_aead128_key *k)
{
    xor_key(s + 2, k);
    lwc_ascon_permute(s, LWC_ASCON_P12);
    xor_key(s + 3, k);
    uint8_t *full = (uint8_t *)s;
    for (size_t i = 0; i < 2; i++)
        lwc_ascon_store(full + 8 * i, s[3 + i], 8);
    return full;
}

/* The whole call: checks, then encryption (tag_out given: the tag to it, tag_len bytes) or
 * decryption (tag_out NULL: the release against tag). */
static int run(const lwc_ascon_aead128_key *k, const lwc_aead_msg *m, uint8_t *tag_out, const uint8_t *tag,
               size_t tag_len)
{
    const uint8_t decrypt = !tag_out;
    uint64_t s[5];
    int err = start(s, k, m, tag, tag_len);
    if (err)
        return err;
    const size_t rest = m->len % RATE, done = m->len - rest;
    (decrypt ? lwc_ascon_aead_decrypt_blocks : lwc_ascon_aead_encrypt_blocks)(s, m->out, m->in, done / RATE);
    lwc_ascon_aead_duplex(s, SKIP(m->out, done), SKIP(m->in, done), rest, decrypt);
    const uint8_t *full = finish(s, k);
    if (decrypt)
        err = lwc_aead_release(m->out, m->len, full, tag, tag_len);
    else
        memcpy(tag_out, full, tag_len);
    lwc_wipe(s, sizeof s);
    return err;
}

int lwc_ascon_aead128_encrypt(const lwc_ascon_aead128_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                              const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                              const uint8_t *in, size_t len)
{
    const lwc_aead_msg m = {nonce, nonce_len, ad, ad_len, in, len, out};
    return run(k, &m, tag, tag, tag_len);
}

/* out receives the plaintext as the blocks go and is zeroed if the tag does not match. */
int lwc_ascon_aead128_decrypt(const lwc_ascon_aead128_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                              const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                              const uint8_t *in, size_t len)
{
    const lwc_aead_msg m = {nonce, nonce_len, ad, ad_len, in, len, out};
    return run(k, &m, NULL, tag, tag_len);
}
#endif
