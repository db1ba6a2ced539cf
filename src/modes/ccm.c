/*
 * CCM (NIST SP 800-38C) over the ciphers with 128-bit blocks: CBC-MAC of B0 (flags, nonce,
 * message length), the encoded associated data and the payload, each zero-padded to whole
 * blocks, then CTR from Ctr0 = flags' || N || 0: E(Ctr0) masks the MAC, the message starts
 * at Ctr1. That counter field of L = 15 - nonce_len bytes never carries out for a message
 * the length field admits, so the cipher's own CTR (one big-endian integer over the
 * block) gives CCM's counter blocks: it runs on a copy of the key's CTR context, or on the
 * key schedule itself where it is the reference engine (lwc_mode_ctr). See
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
    return lwc_aead_check_overlap(m, tag, tag_len);
}

/* Writes v big-endian into p[0..n) (zeros above the width of size_t: the lengths it writes
 * are size_t, so no 64-bit arithmetic, which avr-gcc calls a library for). */
static void put_be(uint8_t *p, size_t n, size_t v)
{
    while (n--) {
        p[n] = (uint8_t)v;
        v >>= 8;
    }
}

/* The CBC-MAC (SP 800-38C A.2) started: B0 (flags, the nonce from ctr0, the message length)
 * and the encoded associated data, zero-padded; the payload comes next. */
static void cbc_mac_start(const lwc_mode_cipher *c, const void *ks, const lwc_aead_msg *m, const uint8_t *ctr0,
                          size_t tag_len, uint8_t *mac, uint8_t *pos)
{
    const size_t q = 15 - m->nonce_len;
    uint8_t head[10];
    /* B0 = flags || N || [len]_q, the first block, XORed into the zero chain: the chain,
     * pending (pos = B). ctr0 has the nonce and q zero bytes where the length goes. */
    memcpy(mac, ctr0, BLOCK);
    mac[0] = (uint8_t)((m->ad_len ? 0x40 : 0) | (tag_len - 2) / 2 << 3 | (q - 1));
    put_be(mac + BLOCK - q, q, m->len);
    *pos = BLOCK;
    if (m->ad_len) {
        /* a < 2^16 - 2^8: two bytes; a < 2^32: ff fe and four; else ff ff and eight. */
        const size_t a = m->ad_len;
        size_t n = 2;
        if (a < 0xff00u) {
            put_be(head, 2, a);
        } else {
            const int wide = (uint64_t)a >> 32 != 0; /* a constant 0 where size_t has 16 bits */
            n = wide ? 10 : 6;
            head[0] = 0xff;
            head[1] = wide ? 0xff : 0xfe;
            put_be(head + 2, n - 2, a);
        }
        lwc_mac_absorb(c, ks, mac, pos, head, n);
        lwc_mac_absorb(c, ks, mac, pos, m->ad, m->ad_len);
        lwc_mac_pad(c, ks, mac, pos);
    }
    lwc_wipe(head, sizeof head);
}

/*
 * Both directions (lwc_eax_crypt's tag_out rule): the nonce copied once into Ctr0 = flags'
 * (q - 1) || N || 0, the MAC started, the CTR copy started at Ctr0, mask = E(Ctr0), then the
 * message pass from Ctr1 (the MAC is over the plaintext: in when encrypting) and tag = MAC ^
 * mask.
 */
int lwc_ccm_crypt(const lwc_mode_cipher *c, const lwc_mode_ctr *ctr, const void *key_ctr, void *scratch,
                  uint8_t *piece, size_t piece_len, const lwc_aead_msg *m, uint8_t *tag_out, const uint8_t *tag,
                  size_t tag_len)
{
    uint8_t ctr0[BLOCK] = {0}, mask[BLOCK] = {0}, pos;
    uint32_t mac_words[BLOCK / 4]; /* word-aligned: the CBC-MAC step's word path */
    uint8_t *const mac = (uint8_t *)mac_words;
    const uint8_t encrypt = tag_out != NULL;
    int err = check(m, tag, tag_len);
    if (err)
        return err;
    ctr0[0] = (uint8_t)(15 - m->nonce_len - 1);
    memcpy(ctr0 + 1, m->nonce, m->nonce_len);
    cbc_mac_start(c, key_ctr, m, ctr0, tag_len, mac, &pos);
    if (lwc_mode_pair(c)) { /* the pass runs the counter, Ctr1 on, with the pair function */
        c->encrypt(key_ctr, mask, ctr0);
        lwc_ctr_increment(ctr0, BLOCK);
        lwc_aead_pass(c, key_ctr, mac, &pos, NULL, ctr0, m, encrypt, piece, piece_len);
    } else { /* the cipher's CTR path on a context of the call's own */
        ctr->start(scratch, key_ctr, ctr0);
        ctr->crypt(scratch, mask, mask, BLOCK);
        lwc_aead_pass(c, key_ctr, mac, &pos, ctr->crypt, scratch, m, encrypt, piece, piece_len);
    }
    lwc_mac_pad(c, key_ctr, mac, &pos);
    lwc_ctr_xor(mac, mac, mask, BLOCK);
    if (encrypt)
        memcpy(tag_out, mac, tag_len);
    else /* out, written as the pass went, is zeroed if the tag does not match */
        err = lwc_aead_release(m->out, m->len, mac, tag, tag_len);
    if (!lwc_mode_pair(c)) /* the call's CTR context */
        lwc_wipe(scratch, ctr->ctr_bytes);
    lwc_wipe(piece, m->len < piece_len ? m->len : piece_len); /* plaintext */
    lwc_wipe(mask, sizeof mask);
    lwc_wipe(mac_words, sizeof mac_words);
    return err;
}

/*
 * lwc_ccm_ctr_X: cipher X's CTR path as CCM's CTR part on a copy of the key's context (of
 * type X_ccm_scratch), through adapters with the table's signatures (calling through a cast
 * function pointer is undefined).
 */
#define CCM_CTR(X)                                                                            \
    LWC_STATIC_ASSERT(X##_ccm_key_schedule_first, offsetof(lwc_##X##_ctr, ks) == 0);          \
    typedef lwc_##X##_ctr X##_ccm_scratch;                                                    \
    static void X##_ccm_start(void *scratch, const void *key_ctr, const uint8_t *iv)          \
    {                                                                                         \
        memcpy(scratch, key_ctr, sizeof(lwc_##X##_ctr));                                      \
        lwc_##X##_ctr_setiv((lwc_##X##_ctr *)scratch, iv);                                    \
    }                                                                                         \
    static void X##_ccm_crypt(void *ctx, uint8_t *out, const uint8_t *in, size_t len)         \
    {                                                                                         \
        lwc_##X##_ctr_crypt((lwc_##X##_ctr *)ctx, out, in, len);                              \
    }                                                                                         \
    static const lwc_mode_ctr lwc_ccm_ctr_##X = {sizeof(lwc_##X##_ctr), X##_ccm_start, X##_ccm_crypt};

CCM_CTR(lea128)
CCM_CTR(lea192)
CCM_CTR(lea256)
CCM_CTR(cham128_128)
CCM_CTR(cham128_256)
#if LWC_AES_IMPL == LWC_IMPL_BITSLICE32
CCM_CTR(aes128)
#else
/* AES's CTR path is the reference engine (aes.c) over the key schedule, which keeps nothing
 * else: CCM runs the engine with a counter of its own over the key's key schedule, without
 * copying it (on the ATmega 174 bytes of stack less, and with LWC_AES_RAM_TABLES room for a
 * whole piece beside it). */
LWC_STATIC_ASSERT(aes128_ccm_key_schedule_first, offsetof(lwc_aes128_ctr, ks) == 0);
typedef struct {
    const lwc_aes128_key *ks;
    uint8_t counter[BLOCK];
    uint8_t stream[BLOCK];
    uint8_t used;
} aes128_ccm_scratch;

static void aes128_ccm_start(void *scratch, const void *key_ctr, const uint8_t *iv)
{
    aes128_ccm_scratch *s = (aes128_ccm_scratch *)scratch;
    s->ks = &((const lwc_aes128_ctr *)key_ctr)->ks;
    lwc_ctr_restart(s->counter, &s->used, iv, BLOCK);
}

static void aes128_ccm_crypt(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    aes128_ccm_scratch *s = (aes128_ccm_scratch *)ctx;
    lwc_ctr_xcrypt(lwc_mode_aes128.encrypt, s->ks, BLOCK, s->counter, s->stream, &s->used, out, in, len);
}

static const lwc_mode_ctr lwc_ccm_ctr_aes128 = {sizeof(aes128_ccm_scratch), aes128_ccm_start, aes128_ccm_crypt};
#endif

/*
 * Bodies of the entry points below (which they read by their parameter names): the shared
 * code with cipher X's parameters and a scratch CTR context of X's type on the stack.
 */
#define CCM_SETKEY(X)                                                               \
    const uint8_t any_iv[BLOCK] = {0}; /* each message sets its own */              \
    lwc_##X##_ctr_init(&k->ctr, key, any_iv)
/* CCM's piece (lwc_aead_pass): LWC_MODE_CHUNK >> X_PIECE_SHIFT bytes, smaller where RAM is
 * short beside it, so that all fits a 4 KB ATmega with its test firmware: LEA-192/256's
 * scratch CTR context (740 and 836 bytes on the ATmega) halves it, and LEA-256's in C on an
 * AVR (801 bytes, and the C rounds' deeper frames) quarters it; never below 16 bytes (whole
 * blocks). */
#define aes128_PIECE_SHIFT 0
#define lea128_PIECE_SHIFT 0
#define lea192_PIECE_SHIFT 1
#if LWC_ARCH_AVR && LWC_LEA_IMPL != LWC_IMPL_AVR
#define lea256_PIECE_SHIFT 2
#else
#define lea256_PIECE_SHIFT 1
#endif
#define cham128_128_PIECE_SHIFT 0
#define cham128_256_PIECE_SHIFT 0
#define CCM_PIECE(X) \
    (LWC_MODE_CHUNK >> X##_PIECE_SHIFT < 16 ? 16 : LWC_MODE_CHUNK >> X##_PIECE_SHIFT)
#define CCM_CRYPT(X, tag_out)                                                                         \
    X##_ccm_scratch scratch;                                                                          \
    uint32_t piece[CCM_PIECE(X) / 4]; /* word-aligned: the CBC-MAC step's word path */               \
    const lwc_aead_msg m = {nonce, nonce_len, ad, ad_len, in, len, out};                             \
    return k ? lwc_ccm_crypt(&lwc_mode_##X, &lwc_ccm_ctr_##X, &k->ctr, &scratch, (uint8_t *)piece,   \
                             sizeof piece, &m, tag_out, tag, tag_len)                                 \
             : LWC_E_NULL_POINTER

/* CCM over LEA-128. */
void lwc_lea128_ccm_setkey(lwc_lea128_ccm_key *k, const uint8_t *key)
{
    CCM_SETKEY(lea128);
}

int lwc_lea128_ccm_encrypt(const lwc_lea128_ccm_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    CCM_CRYPT(lea128, tag);
}

int lwc_lea128_ccm_decrypt(const lwc_lea128_ccm_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    CCM_CRYPT(lea128, NULL);
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
    CCM_CRYPT(lea192, tag);
}

int lwc_lea192_ccm_decrypt(const lwc_lea192_ccm_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    CCM_CRYPT(lea192, NULL);
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
    CCM_CRYPT(lea256, tag);
}

int lwc_lea256_ccm_decrypt(const lwc_lea256_ccm_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    CCM_CRYPT(lea256, NULL);
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
    CCM_CRYPT(cham128_128, tag);
}

int lwc_cham128_128_ccm_decrypt(const lwc_cham128_128_ccm_key *k, uint8_t *out, const uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                                size_t ad_len, const uint8_t *in, size_t len)
{
    CCM_CRYPT(cham128_128, NULL);
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
    CCM_CRYPT(cham128_256, tag);
}

int lwc_cham128_256_ccm_decrypt(const lwc_cham128_256_ccm_key *k, uint8_t *out, const uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                                size_t ad_len, const uint8_t *in, size_t len)
{
    CCM_CRYPT(cham128_256, NULL);
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
    CCM_CRYPT(aes128, tag);
}

int lwc_aes128_ccm_decrypt(const lwc_aes128_ccm_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    CCM_CRYPT(aes128, NULL);
}
