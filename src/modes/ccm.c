/*
 * CCM (NIST SP 800-38C) over the ciphers with 128-bit blocks: CBC-MAC of B0 (flags, nonce,
 * message length), the encoded associated data and the payload, each zero-padded to whole
 * blocks, then CTR from Ctr0 = flags' || N || 0: E(Ctr0) masks the MAC, the message starts
 * at Ctr1. That counter field of L = 15 - nonce_len bytes never carries out for a message
 * the length field admits, so the cipher's own CTR (one big-endian integer over the
 * block) gives CCM's counter blocks: it runs on a copy of the key's CTR context. See
 * include/lwc/modes.h for the contract.
 */
#include "modes_internal.h"

#define BLOCK 16

/* Checks in the order of lwc/modes.h; q (15 - nonce_len) is the length field's size. */
static int check(const lwc_aead_msg *m, const void *tag, size_t tag_len)
{
    const int err = lwc_aead_check(m, tag);
    if (err)
        return err;
    if (tag_len < 4 || tag_len > 16 || tag_len % 2)
        return LWC_E_TAG_LENGTH;
    if (m->nonce_len < 7 || m->nonce_len > 13)
        return LWC_E_NONCE_LENGTH;
    const size_t q = 15 - m->nonce_len;
    if (q < sizeof(size_t) && m->len >> (8 * q))
        return LWC_E_MESSAGE_LENGTH;
    return 0;
}

/* Writes v big-endian into p[0..n). */
static void put_be(uint8_t *p, size_t n, uint64_t v)
{
    while (n--) {
        p[n] = (uint8_t)v;
        v >>= 8;
    }
}

/* mac = CBC-MAC of B0, the associated data and payload (SP 800-38C A.2), all B bytes. */
static void cbc_mac(const lwc_mode_cipher *c, const void *ks, const lwc_aead_msg *m, const uint8_t *payload,
                    size_t tag_len, uint8_t *mac)
{
    const size_t q = 15 - m->nonce_len;
    uint8_t pos = 0, head[10];
    memset(mac, 0, BLOCK);
    head[0] = (uint8_t)((m->ad_len ? 0x40 : 0) | (tag_len - 2) / 2 << 3 | (q - 1));
    lwc_mac_absorb(c, ks, mac, &pos, head, 1);
    lwc_mac_absorb(c, ks, mac, &pos, m->nonce, m->nonce_len);
    put_be(head, q, m->len);
    lwc_mac_absorb(c, ks, mac, &pos, head, q);
    if (m->ad_len) {
        /* a < 2^16 - 2^8: two bytes; a < 2^32: ff fe and four; else ff ff and eight. */
        const uint64_t a = m->ad_len;
        size_t n = 2;
        if (a < 0xff00u) {
            put_be(head, 2, a);
        } else {
            const int wide = a >> 16 >> 16 != 0;
            n = wide ? 10 : 6;
            head[0] = 0xff;
            head[1] = wide ? 0xff : 0xfe;
            put_be(head + 2, n - 2, a);
        }
        lwc_mac_absorb(c, ks, mac, &pos, head, n);
        lwc_mac_absorb(c, ks, mac, &pos, m->ad, m->ad_len);
        lwc_mac_pad(c, ks, mac, &pos);
    }
    lwc_mac_absorb(c, ks, mac, &pos, payload, m->len);
    lwc_mac_pad(c, ks, mac, &pos);
    lwc_wipe(head, sizeof head);
}

/* Ctr0 = flags' (q - 1) || N || 0, and the CTR copy started there. */
static void ctr_start(const lwc_mode_cipher *c, const void *key_ctr, void *scratch, const lwc_aead_msg *m)
{
    uint8_t ctr0[BLOCK] = {0};
    ctr0[0] = (uint8_t)(15 - m->nonce_len - 1);
    memcpy(ctr0 + 1, m->nonce, m->nonce_len);
    lwc_mode_ctr_start(c, scratch, key_ctr, ctr0);
}

int lwc_ccm_encrypt(const lwc_mode_cipher *c, const void *key_ctr, void *scratch, const lwc_aead_msg *m,
                    uint8_t *tag, size_t tag_len)
{
    uint8_t mac[BLOCK];
    const int err = check(m, tag, tag_len);
    if (err)
        return err;
    cbc_mac(c, key_ctr, m, m->in, tag_len, mac);
    ctr_start(c, key_ctr, scratch, m);
    c->ctr_crypt(scratch, mac, mac, BLOCK); /* the MAC masked with E(Ctr0) */
    c->ctr_crypt(scratch, m->out, m->in, m->len);
    lwc_wipe(scratch, c->ctr_bytes);
    memcpy(tag, mac, tag_len);
    lwc_wipe(mac, sizeof mac);
    return 0;
}

/* The MAC is over the plaintext: out is decrypted, authenticated, then kept or zeroed. */
int lwc_ccm_decrypt(const lwc_mode_cipher *c, const void *key_ctr, void *scratch, const lwc_aead_msg *m,
                    const uint8_t *tag, size_t tag_len)
{
    uint8_t mask[BLOCK] = {0}, mac[BLOCK];
    const int err = check(m, tag, tag_len);
    if (err)
        return err;
    ctr_start(c, key_ctr, scratch, m);
    c->ctr_crypt(scratch, mask, mask, BLOCK);
    c->ctr_crypt(scratch, m->out, m->in, m->len);
    lwc_wipe(scratch, c->ctr_bytes);
    cbc_mac(c, key_ctr, m, m->out, tag_len, mac);
    lwc_ctr_xor(mac, mac, mask, BLOCK);
    const int result = lwc_aead_release(m->out, m->len, mac, tag, tag_len);
    lwc_wipe(mask, sizeof mask);
    lwc_wipe(mac, sizeof mac);
    return result;
}

/*
 * Bodies of the entry points below (which they read by their parameter names): the shared
 * code with cipher X's parameters and a scratch CTR context of X's type on the stack.
 */
#define CCM_SETKEY(X)                                                               \
    const uint8_t any_iv[BLOCK] = {0}; /* each message sets its own */              \
    lwc_##X##_ctr_init(&k->ctr, key, any_iv)
#define CCM_CRYPT(X, op)                                                                         \
    lwc_##X##_ctr scratch;                                                                       \
    const lwc_aead_msg m = {nonce, nonce_len, ad, ad_len, in, len, out};                        \
    return k ? lwc_ccm_##op(&lwc_mode_##X, &k->ctr, &scratch, &m, tag, tag_len) : LWC_E_NULL_POINTER

/* CCM over LEA-128. */
void lwc_lea128_ccm_setkey(lwc_lea128_ccm_key *k, const uint8_t *key)
{
    CCM_SETKEY(lea128);
}

int lwc_lea128_ccm_encrypt(const lwc_lea128_ccm_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    CCM_CRYPT(lea128, encrypt);
}

int lwc_lea128_ccm_decrypt(const lwc_lea128_ccm_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    CCM_CRYPT(lea128, decrypt);
}

/* CCM over LEA-192. */
void lwc_lea192_ccm_setkey(lwc_lea192_ccm_key *k, const uint8_t *key)
{
    CCM_SETKEY(lea192);
}

int lwc_lea192_ccm_encrypt(const lwc_lea192_ccm_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    CCM_CRYPT(lea192, encrypt);
}

int lwc_lea192_ccm_decrypt(const lwc_lea192_ccm_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    CCM_CRYPT(lea192, decrypt);
}

/* CCM over LEA-256. */
void lwc_lea256_ccm_setkey(lwc_lea256_ccm_key *k, const uint8_t *key)
{
    CCM_SETKEY(lea256);
}

int lwc_lea256_ccm_encrypt(const lwc_lea256_ccm_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    CCM_CRYPT(lea256, encrypt);
}

int lwc_lea256_ccm_decrypt(const lwc_lea256_ccm_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    CCM_CRYPT(lea256, decrypt);
}

/* CCM over CHAM-128/128. */
void lwc_cham128_128_ccm_setkey(lwc_cham128_128_ccm_key *k, const uint8_t *key)
{
    CCM_SETKEY(cham128_128);
}

int lwc_cham128_128_ccm_encrypt(const lwc_cham128_128_ccm_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                                const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                                const uint8_t *in, size_t len)
{
    CCM_CRYPT(cham128_128, encrypt);
}

int lwc_cham128_128_ccm_decrypt(const lwc_cham128_128_ccm_key *k, uint8_t *out, const uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                                size_t ad_len, const uint8_t *in, size_t len)
{
    CCM_CRYPT(cham128_128, decrypt);
}

/* CCM over CHAM-128/256. */
void lwc_cham128_256_ccm_setkey(lwc_cham128_256_ccm_key *k, const uint8_t *key)
{
    CCM_SETKEY(cham128_256);
}

int lwc_cham128_256_ccm_encrypt(const lwc_cham128_256_ccm_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                                const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                                const uint8_t *in, size_t len)
{
    CCM_CRYPT(cham128_256, encrypt);
}

int lwc_cham128_256_ccm_decrypt(const lwc_cham128_256_ccm_key *k, uint8_t *out, const uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                                size_t ad_len, const uint8_t *in, size_t len)
{
    CCM_CRYPT(cham128_256, decrypt);
}

/* CCM over AES-128. */
void lwc_aes128_ccm_setkey(lwc_aes128_ccm_key *k, const uint8_t *key)
{
    CCM_SETKEY(aes128);
}

int lwc_aes128_ccm_encrypt(const lwc_aes128_ccm_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    CCM_CRYPT(aes128, encrypt);
}

int lwc_aes128_ccm_decrypt(const lwc_aes128_ccm_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    CCM_CRYPT(aes128, decrypt);
}
