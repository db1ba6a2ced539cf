/*
 * Ascon-AEAD128 (SP 800-232, 4): S = IV || K || N, Ascon-p[12], K XORed into S3 || S4; the
 * associated data in 16-byte blocks (padded with 01 00..), each followed by Ascon-p[8], if
 * there is any; the domain separation bit (the top bit of S4); the message in 16-byte
 * blocks, the last one padded; K XORed into S2 || S3, Ascon-p[12], tag = S3 || S4 ^ K. The
 * contract (one read of every input, overlaps, errors) is in include/lwc/ascon.h. Which
 * parts an implementation has in assembly: ascon_internal.h.
 */
#include "ascon_internal.h"
#include "../modes/modes_internal.h"

#define RATE 16

void lwc_ascon_aead128_setkey(lwc_ascon_aead128_key *k, const uint8_t *key)
{
    k->k[0] = lwc_ascon_load(key, 8);
    k->k[1] = lwc_ascon_load(key + 8, 8);
}

/* p + n, without arithmetic on a NULL p (an empty buffer). */
#define SKIP(p, n) ((n) ? (p) + (n) : (p))

#if LWC_ASCON_ASM_MSG
/* The assembly reads lwc_aead_msg's fields at these offsets (MSG_* in ascon_avr.S,
 * ascon_tiny_avr.S, ascon_armv7m.S and ascon_rv32.S): pointers and lengths alternate, one word each. */
LWC_STATIC_ASSERT(ascon_aead_msg_layout,
                  offsetof(lwc_aead_msg, nonce) == 0 && offsetof(lwc_aead_msg, ad) == 2 * sizeof(void *) &&
                      offsetof(lwc_aead_msg, ad_len) == 3 * sizeof(void *) &&
                      offsetof(lwc_aead_msg, in) == 4 * sizeof(void *) &&
                      offsetof(lwc_aead_msg, len) == 5 * sizeof(void *) &&
                      offsetof(lwc_aead_msg, out) == 6 * sizeof(void *) && sizeof(size_t) == sizeof(void *));
#endif

#if LWC_ASCON_C_DUPLEX
#if LWC_ASCON_ASM_BLOCKS
/* Whole blocks in assembly, only the last partial block (and associated data's) here: the
 * LWC_IMPL_C layout on a little-endian core, so the state's bytes are the byte string and
 * a byte loop over them is the shortest code (no variable-length loads of lanes). */
void lwc_ascon_aead_duplex(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t n, uint8_t decrypt)
{
    uint8_t *b = (uint8_t *)s;
    for (size_t j = 0; j < n; j++) {
        const uint8_t c = in[j], x = (uint8_t)(b[j] ^ c);
        if (out)
            out[j] = x;
        b[j] = decrypt ? c : x;
    }
    if (n < 16)
        b[n] ^= 0x01;
}
#else
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
#endif
#endif

#if LWC_ASCON_C_CRYPT && !LWC_ASCON_ASM_BLOCKS
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

/* The checks of lwc_ascon_aead128_encrypt and _decrypt (lwc/ascon.h: in this order). On
 * 64-bit cores inlined into the entry points, the modes' checks too (with the tag stored
 * from the registers and the SIMD level read inline, a call with nothing to encrypt went
 * from 180 to 160 TSC ticks on Zen 5, in a timing harness); elsewhere one function
 * (lwc_ascon_aead_check), for flash, which the assembly entry points call too. */
#if LWC_ASCON_FAST64
#define AEAD_CHECK lwc_aead_check_inline
#define AEAD_CHECK_OVERLAP(m, tag, tag_len) LWC_AEAD_CHECK_OVERLAP_WITH(lwc_overlap_inline, m, (m)->len, tag, tag_len)
#define ASCON_CHECK check
#else
#define AEAD_CHECK lwc_aead_check
#define AEAD_CHECK_OVERLAP lwc_aead_check_overlap
#define ASCON_CHECK lwc_ascon_aead_check
#endif
static LWC_ALWAYS_INLINE inline int check(const lwc_ascon_aead128_key *k, const lwc_aead_msg *m, const void *tag,
                                          size_t tag_len)
{
    int err = k ? AEAD_CHECK(m, tag) : LWC_E_NULL_POINTER;
    if (!err && (tag_len < LWC_ASCON_AEAD128_MIN_TAG_BYTES || tag_len > LWC_ASCON_AEAD128_TAG_BYTES))
        err = LWC_E_TAG_LENGTH;
    if (!err && m->nonce_len != LWC_ASCON_AEAD128_NONCE_BYTES)
        err = LWC_E_NONCE_LENGTH;
    if (!err)
        err = AEAD_CHECK_OVERLAP(m, tag, tag_len);
    return err;
}

#if !LWC_ASCON_FAST64
int lwc_ascon_aead_check(const lwc_ascon_aead128_key *k, const lwc_aead_msg *m, const void *tag, size_t tag_len)
{
    return check(k, m, tag, tag_len);
}
#endif

#if !LWC_ASCON_ASM_ENTRY
#if LWC_ASCON_C_CRYPT
/* The initialization and the associated data. */
static void start(uint64_t s[5], const lwc_ascon_aead128_key *k, const lwc_aead_msg *m)
{
    s[0] = lwc_ascon_import(LWC_ASCON_AEAD128_IV);
    for (size_t i = 0; i < 2; i++) {
        s[1 + i] = k->k[i];
        s[3 + i] = lwc_ascon_load(m->nonce + 8 * i, 8);
    }
    lwc_ascon_permute(s, LWC_ASCON_P12);
    for (size_t i = 0; i < 2; i++)
        s[3 + i] ^= k->k[i];
    if (m->ad_len) {
        const size_t rest = m->ad_len % RATE, done = m->ad_len - rest;
        lwc_ascon_aead_absorb(s, m->ad, done / RATE);
        lwc_ascon_aead_duplex(s, NULL, m->ad + done, rest, 0);
        lwc_ascon_permute(s, LWC_ASCON_P8);
    }
    s[4] ^= lwc_ascon_byte(0x80, 7);
}

/* The finalization: the full tag. */
static void finish(uint64_t s[5], const lwc_ascon_aead128_key *k, uint8_t tag[16])
{
    for (size_t i = 0; i < 2; i++)
        s[2 + i] ^= k->k[i];
    lwc_ascon_permute(s, LWC_ASCON_P12);
    for (size_t i = 0; i < 2; i++)
        lwc_ascon_store(tag + 8 * i, s[3 + i] ^ k->k[i], 8);
}
#endif

/* The whole call after the checks: encryption (decrypt 0) or decryption on m's buffers; the
 * tag's first tag_len (4..16) bytes to tag. In assembly on the ATmega (the state's memory
 * from here, S0 the IV), the Cortex-M4 and RV32; with the state in registers on 64-bit cores
 * (ascon_p64.c); else composed of the blocks. */
static LWC_ALWAYS_INLINE inline void aead_crypt(const lwc_ascon_aead128_key *k, const lwc_aead_msg *m,
                                                uint8_t decrypt, uint8_t *tag, size_t tag_len)
{
#if LWC_ASCON_IMPL == LWC_IMPL_AVR
    uint64_t s[5];
    s[0] = lwc_ascon_import(LWC_ASCON_AEAD128_IV);
    lwc_ascon_aead_crypt_avr(s, k, m, decrypt, tag, (uint8_t)tag_len);
#elif LWC_ASCON_ASM_CRYPT
    lwc_ascon_aead_crypt(k, m, decrypt, tag, tag_len);
#elif LWC_ASCON_FAST64
    lwc_ascon_aead_whole(k->k, m, decrypt, tag, tag_len);
#else
    uint8_t full[LWC_ASCON_AEAD128_TAG_BYTES];
    uint64_t s[5];
    start(s, k, m);
    const size_t rest = m->len % RATE, done = m->len - rest;
    (decrypt ? lwc_ascon_aead_decrypt_blocks : lwc_ascon_aead_encrypt_blocks)(s, m->out, m->in, done / RATE);
    lwc_ascon_aead_duplex(s, SKIP(m->out, done), SKIP(m->in, done), rest, decrypt);
    finish(s, k, full);
    lwc_wipe(s, sizeof s);
    if (tag_len == LWC_ASCON_AEAD128_TAG_BYTES) /* a copy of constant length: moves */
        memcpy(tag, full, LWC_ASCON_AEAD128_TAG_BYTES);
    else
        memcpy(tag, full, tag_len);
    lwc_wipe(full, sizeof full);
#endif
}

int lwc_ascon_aead128_encrypt(const lwc_ascon_aead128_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                              const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                              const uint8_t *in, size_t len)
{
    const lwc_aead_msg m = {nonce, nonce_len, ad, ad_len, in, len, out};
    const int err = ASCON_CHECK(k, &m, tag, tag_len);
    if (!err)
        aead_crypt(k, &m, 0, tag, tag_len);
    return err;
}

/* out receives the plaintext as the blocks go and is zeroed if the tag does not match. */
int lwc_ascon_aead128_decrypt(const lwc_ascon_aead128_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                              const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                              const uint8_t *in, size_t len)
{
    const lwc_aead_msg m = {nonce, nonce_len, ad, ad_len, in, len, out};
    uint8_t full[LWC_ASCON_AEAD128_TAG_BYTES]; /* its first tag_len bytes, all the check reads */
    int err = ASCON_CHECK(k, &m, tag, tag_len);
    if (!err) {
        aead_crypt(k, &m, 1, full, tag_len);
        err = lwc_aead_release(out, len, full, tag, tag_len);
    }
    lwc_wipe(full, sizeof full);
    return err;
}
#endif
