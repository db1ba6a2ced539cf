/*
 * The KDF in counter mode of NIST SP 800-108r1 (section 4.1) with CMAC as the PRF, over every
 * cipher: K(i) = CMAC(K_IN, [i]_32 || label || 0x00 || context || [L]_32). See
 * include/lwc/kdf.h for the contract.
 */
#include "modes_internal.h"

/* The most bytes whose length in bits fits [L]_32. */
#define KDF_MAX_OUT 0x1fffffffu

int lwc_kdf_ctr_cmac(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, uint8_t *out, size_t out_len,
                     const uint8_t *label, size_t label_len, const uint8_t *context, size_t context_len)
{
    static const uint8_t separator = 0x00;
    const size_t bs = c->block_bytes;
    if (!out || lwc_missing(label, label_len) || lwc_missing(context, context_len))
        return LWC_E_NULL_POINTER;
#if SIZE_MAX > KDF_MAX_OUT
    if (out_len > KDF_MAX_OUT)
        return LWC_E_REQUEST_LENGTH;
#endif
    if (out_len == 0)
        return LWC_E_REQUEST_LENGTH;
    if (lwc_overlap(out, out_len, label, label_len) || lwc_overlap(out, out_len, context, context_len))
        return LWC_E_OVERLAP;
    uint8_t block[LWC_MODE_MAX_BLOCK], pos, counter[4], bits[4];
    lwc_store32be(bits, (uint32_t)out_len << 3);
    for (uint32_t i = 1; out_len; i++) {
        lwc_store32be(counter, i);
        lwc_cmac_start(block, &pos, bs);
        lwc_mac_absorb(c, ks, block, &pos, counter, sizeof counter);
        lwc_mac_absorb(c, ks, block, &pos, label, label_len);
        lwc_mac_absorb(c, ks, block, &pos, &separator, 1);
        lwc_mac_absorb(c, ks, block, &pos, context, context_len);
        lwc_mac_absorb(c, ks, block, &pos, bits, sizeof bits);
        lwc_cmac_finish(c, ks, subkeys, block, pos);
        const size_t n = out_len < bs ? out_len : bs;
        memcpy(out, block, n);
        out += n;
        out_len -= n;
    }
    lwc_wipe(block, sizeof block);
    return 0;
}

/* Body of the entry points below (which it reads by their parameter names): the shared code
 * with cipher X's CMAC key. */
#define KDF_CTR_CMAC(X)                                                                                   \
    return k ? lwc_kdf_ctr_cmac(&lwc_mode_##X, &k->ks, k->k1, out, out_len, label, label_len, context, \
                                context_len)                                                           \
             : LWC_E_NULL_POINTER

int lwc_present80_kdf_ctr_cmac(const lwc_present80_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                               size_t label_len, const uint8_t *context, size_t context_len)
{
    KDF_CTR_CMAC(present80);
}

int lwc_present128_kdf_ctr_cmac(const lwc_present128_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                                size_t label_len, const uint8_t *context, size_t context_len)
{
    KDF_CTR_CMAC(present128);
}

int lwc_lea128_kdf_ctr_cmac(const lwc_lea128_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                            size_t label_len, const uint8_t *context, size_t context_len)
{
    KDF_CTR_CMAC(lea128);
}

int lwc_lea192_kdf_ctr_cmac(const lwc_lea192_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                            size_t label_len, const uint8_t *context, size_t context_len)
{
    KDF_CTR_CMAC(lea192);
}

int lwc_lea256_kdf_ctr_cmac(const lwc_lea256_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                            size_t label_len, const uint8_t *context, size_t context_len)
{
    KDF_CTR_CMAC(lea256);
}

int lwc_hight_kdf_ctr_cmac(const lwc_hight_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                           size_t label_len, const uint8_t *context, size_t context_len)
{
    KDF_CTR_CMAC(hight);
}

int lwc_cham64_128_kdf_ctr_cmac(const lwc_cham64_128_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                                size_t label_len, const uint8_t *context, size_t context_len)
{
    KDF_CTR_CMAC(cham64_128);
}

int lwc_cham128_128_kdf_ctr_cmac(const lwc_cham128_128_cmac_key *k, uint8_t *out, size_t out_len,
                                 const uint8_t *label, size_t label_len, const uint8_t *context, size_t context_len)
{
    KDF_CTR_CMAC(cham128_128);
}

int lwc_cham128_256_kdf_ctr_cmac(const lwc_cham128_256_cmac_key *k, uint8_t *out, size_t out_len,
                                 const uint8_t *label, size_t label_len, const uint8_t *context, size_t context_len)
{
    KDF_CTR_CMAC(cham128_256);
}

int lwc_aes128_kdf_ctr_cmac(const lwc_aes128_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                            size_t label_len, const uint8_t *context, size_t context_len)
{
    KDF_CTR_CMAC(aes128);
}
