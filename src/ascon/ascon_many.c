/*
 * Many Ascon-AEAD128 records under one key in one call (lwc/ascon.h): the checks, then the
 * vector lanes of the host (ascon_simd.c, lwc_ascon_many_simd) where the SIMD level has a
 * kernel, else the single calls record by record.
 */
#include "ascon_internal.h"
#include "../modes/modes_internal.h"

/* Checks (lwc/ascon.h: in this order); the records' total AD and message bytes. */
static int check_many(const lwc_ascon_aead128_key *k, const uint8_t *out, const void *status, const uint8_t *tags,
                      size_t tag_len, const uint8_t *nonces, const uint8_t *ad, const size_t *ad_lens,
                      const uint8_t *in, const size_t *lens, size_t count, uint8_t decrypt)
{
    size_t ad_total = 0, total = 0;
    if (count && (!k || !tags || !nonces || !lens || (decrypt && !status)))
        return LWC_E_NULL_POINTER;
    for (size_t r = 0; r < count; r++) {
        ad_total += ad_lens ? ad_lens[r] : 0;
        total += lens[r];
    }
    if (lwc_missing(ad, ad_total) || lwc_missing(in, total) || lwc_missing(out, total))
        return LWC_E_NULL_POINTER;
    if (tag_len < LWC_ASCON_AEAD128_MIN_TAG_BYTES || tag_len > LWC_ASCON_AEAD128_TAG_BYTES)
        return LWC_E_TAG_LENGTH;
    const size_t tag_total = count * tag_len, nonce_total = count * LWC_ASCON_AEAD128_NONCE_BYTES;
    if ((out != in && lwc_overlap(out, total, in, total)) || lwc_overlap(out, total, ad, ad_total) ||
        lwc_overlap(out, total, nonces, nonce_total) || lwc_overlap(out, total, tags, tag_total))
        return LWC_E_OVERLAP;
    if (!decrypt && (lwc_overlap(tags, tag_total, in, total) || lwc_overlap(tags, tag_total, ad, ad_total) ||
                     lwc_overlap(tags, tag_total, nonces, nonce_total)))
        return LWC_E_OVERLAP;
    return 0;
}

/* The records one by one (checked: each call succeeds but for LWC_E_AUTH). */
static int each_record(const lwc_ascon_aead128_key *k, uint8_t *out, int *status, uint8_t *tags, size_t tag_len,
                       const uint8_t *nonces, const uint8_t *ad, const size_t *ad_lens, const uint8_t *in,
                       const size_t *lens, size_t count, uint8_t decrypt)
{
    int result = 0;
    size_t at = 0, ad_at = 0;
    for (size_t r = 0; r < count; r++) {
        const size_t ad_len = ad_lens ? ad_lens[r] : 0, len = lens[r];
        const uint8_t *nonce = nonces + LWC_ASCON_AEAD128_NONCE_BYTES * r, *a = ad_len ? ad + ad_at : ad;
        uint8_t *o = len ? out + at : out, *tag = tags + tag_len * r;
        const uint8_t *i = len ? in + at : in;
        if (decrypt) {
            status[r] = lwc_ascon_aead128_decrypt(k, o, tag, tag_len, nonce, LWC_ASCON_AEAD128_NONCE_BYTES, a,
                                                  ad_len, i, len);
            result |= status[r];
        } else {
            lwc_ascon_aead128_encrypt(k, o, tag, tag_len, nonce, LWC_ASCON_AEAD128_NONCE_BYTES, a, ad_len, i, len);
        }
        at += len;
        ad_at += ad_len;
    }
    return result ? LWC_E_AUTH : 0;
}

static int many(const lwc_ascon_aead128_key *k, uint8_t *out, int *status, uint8_t *tags, size_t tag_len,
                const uint8_t *nonces, const uint8_t *ad, const size_t *ad_lens, const uint8_t *in, const size_t *lens,
                size_t count, uint8_t decrypt)
{
    const int err = check_many(k, out, status, tags, tag_len, nonces, ad, ad_lens, in, lens, count, decrypt);
    if (err)
        return err;
#if LWC_ASCON_SIMD
    if (lwc_ascon_many_simd_lanes())
        return lwc_ascon_many_simd(k, out, status, tags, tag_len, nonces, ad, ad_lens, in, lens, count, decrypt);
#endif
    return each_record(k, out, status, tags, tag_len, nonces, ad, ad_lens, in, lens, count, decrypt);
}

int lwc_ascon_aead128_encrypt_many(const lwc_ascon_aead128_key *k, uint8_t *out, uint8_t *tags, size_t tag_len,
                                   const uint8_t *nonces, const uint8_t *ad, const size_t *ad_lens, const uint8_t *in,
                                   const size_t *lens, size_t count)
{
    return many(k, out, NULL, tags, tag_len, nonces, ad, ad_lens, in, lens, count, 0);
}

int lwc_ascon_aead128_decrypt_many(const lwc_ascon_aead128_key *k, uint8_t *out, int *status, const uint8_t *tags,
                                   size_t tag_len, const uint8_t *nonces, const uint8_t *ad, const size_t *ad_lens,
                                   const uint8_t *in, const size_t *lens, size_t count)
{
    /* tags is only read when decrypting (the cast: one driver for both directions) */
    return many(k, out, status, (uint8_t *)(uintptr_t)tags, tag_len, nonces, ad, ad_lens, in, lens, count, 1);
}
