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

void lwc_ascon_aead128_setkey(lwc_ascon_aead128_key *k, const uint8_t *key)
{
    k->k[0] = lwc_ascon_load(key, 8);
    k->k[1] = lwc_ascon_load(key + 8, 8);
}

/* p + n, without arithmetic on a NULL p (an empty buffer). */
#define SKIP(p, n) ((n) ? (p) + (n) : (p))

#if LWC_ASCON_ASM_LOOPS
/* The assembly reads lwc_aead_msg's fields at these offsets (ascon_avr.S: MSG_*). */
LWC_STATIC_ASSERT(ascon_msg_nonce, offsetof(lwc_aead_msg, nonce) == 0);
LWC_STATIC_ASSERT(ascon_msg_ad, offsetof(lwc_aead_msg, ad) == 4 && offsetof(lwc_aead_msg, ad_len) == 6);
LWC_STATIC_ASSERT(ascon_msg_in, offsetof(lwc_aead_msg, in) == 8 && offsetof(lwc_aead_msg, len) == 10);
LWC_STATIC_ASSERT(ascon_msg_out, offsetof(lwc_aead_msg, out) == 12);
#else
/* The lane whose first n <= 8 bytes are ff, the others 0. */
static uint64_t byte_mask(size_t n)
{
    return lwc_ascon_import(n == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * n)) - 1);
}

/* One duplex block of n <= 16 bytes into S0 || S1, in[0..n) read once: a whole block (16),
 * or the last one, padded with 01 at byte n (n < 16). out NULL: associated data, S ^= in.
 * Else a message block: out = S ^ in (n bytes, only written); S takes the ciphertext: S ^ in
 * (decrypt 0) or in itself (decrypt 1). */
static void duplex(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t n, uint8_t decrypt)
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

/* Every 16-byte block of in[0..len), then the last partial one, each followed by
 * Ascon-p[8] but the last one where last_p8 is 0 (the message's). */
static void duplex_all(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t len, uint8_t decrypt,
                       uint8_t last_p8)
{
    const size_t rest = len % RATE, done = len - rest;
    for (size_t i = 0; i < done; i += RATE) {
        duplex(s, out ? out + i : NULL, in + i, RATE, decrypt);
        lwc_ascon_permute(s, LWC_ASCON_P8);
    }
    duplex(s, out ? SKIP(out, done) : NULL, SKIP(in, done), rest, decrypt);
    if (last_p8)
        lwc_ascon_permute(s, LWC_ASCON_P8);
}

void lwc_ascon_aead_crypt(uint64_t s[5], const lwc_ascon_aead128_key *k, const lwc_aead_msg *m, uint8_t decrypt,
                          uint8_t *tag, uint8_t tag_len)
{
    uint8_t full[LWC_ASCON_AEAD128_TAG_BYTES];
    for (size_t i = 0; i < 2; i++) {
        s[1 + i] = k->k[i];
        s[3 + i] = lwc_ascon_load(m->nonce + 8 * i, 8);
    }
    lwc_ascon_permute(s, LWC_ASCON_P12);
    for (size_t i = 0; i < 2; i++)
        s[3 + i] ^= k->k[i];
    if (m->ad_len)
        duplex_all(s, NULL, m->ad, m->ad_len, 0, 1);
    s[4] ^= lwc_ascon_byte(0x80, 7);
    duplex_all(s, m->out, m->in, m->len, decrypt, 0);
    for (size_t i = 0; i < 2; i++)
        s[2 + i] ^= k->k[i];
    lwc_ascon_permute(s, LWC_ASCON_P12);
    for (size_t i = 0; i < 2; i++)
        lwc_ascon_store(full + 8 * i, s[3 + i] ^ k->k[i], 8);
    memcpy(tag, full, tag_len);
    lwc_wipe(full, sizeof full);
    lwc_wipe(s, 5 * sizeof *s);
}
#endif

/* The checks (lwc/ascon.h: in this order). */
static int check(const lwc_ascon_aead128_key *k, const lwc_aead_msg *m, const void *tag, size_t tag_len)
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

/* Checks, then the whole call: encryption (decrypt 0) or decryption; the first tag_len bytes
 * of the tag to tag_out. */
static int run(const lwc_ascon_aead128_key *k, const lwc_aead_msg *m, const void *tag, size_t tag_len,
               uint8_t decrypt, uint8_t *tag_out, uint8_t out_len)
{
    const int err = check(k, m, tag, tag_len);
    if (err)
        return err;
    uint64_t s[5];
    s[0] = lwc_ascon_import(AEAD128_IV);
    lwc_ascon_aead_crypt(s, k, m, decrypt, tag_out, out_len);
    return 0;
}

int lwc_ascon_aead128_encrypt(const lwc_ascon_aead128_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                              const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                              const uint8_t *in, size_t len)
{
    const lwc_aead_msg m = {nonce, nonce_len, ad, ad_len, in, len, out};
    return run(k, &m, tag, tag_len, 0, tag, (uint8_t)tag_len); /* tag_len <= 16 once checked */
}

/* out receives the plaintext as the blocks go and is zeroed if the tag does not match. */
int lwc_ascon_aead128_decrypt(const lwc_ascon_aead128_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                              const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                              const uint8_t *in, size_t len)
{
    const lwc_aead_msg m = {nonce, nonce_len, ad, ad_len, in, len, out};
    uint8_t full[LWC_ASCON_AEAD128_TAG_BYTES]; /* its first tag_len bytes, all the check reads */
    int err = run(k, &m, tag, tag_len, 1, full, (uint8_t)tag_len);
    if (!err)
        err = lwc_aead_release(out, len, full, tag, tag_len);
    lwc_wipe(full, sizeof full);
    return err;
}
