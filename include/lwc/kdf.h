/*
 * Key derivation: the KDF in counter mode of NIST SP 800-108r1 (section 4.1) with CMAC as the
 * pseudorandom function, over every cipher of the library. For each id X (B = LWC_X_BLOCK_BYTES):
 *
 *   lwc_X_kdf_ctr_cmac(k, out, out_len, label, label_len, context, context_len)
 *
 * k is the CMAC key of the key-derivation key K_IN (lwc_X_cmac_setkey, lwc/modes.h), set up
 * once and only read, so that one key derives many. out receives out_len bytes:
 *
 *   K(i) = CMAC(K_IN, [i]_32 || label || 0x00 || context || [L]_32)   for i = 1, 2, ..., n
 *   out  = the first out_len bytes of K(1) || K(2) || ... || K(n),    n = ceil(out_len / B)
 *
 * where [x]_32 is x as 4 bytes, big-endian (r = 32: the counter width of SP 800-108r1's
 * counter mode chosen here, as OpenSSL's KBKDF and most libraries use) and L = 8 out_len, the
 * length in bits. The same as `cryptography`'s KBKDFCMAC(AES, CounterMode, length=out_len,
 * rlen=4, llen=4, location=BeforeFixed, label, context) for AES-128 (tested). SP 800-108r1's
 * security considerations describe a key-control weakness of a CMAC KDF, open to a party that
 * knows K_IN and chooses the inputs, and an optional extra input K(0) against it; this function
 * does not add it (nor does KBKDFCMAC): derive from a K_IN that whoever chooses label and
 * context does not know.
 *
 * Results: 0, or a negative LWC_E_* code (lwc/common.h), nothing written on an error:
 *   LWC_E_NULL_POINTER    k or out NULL, or label / context NULL with a non-zero length
 *   LWC_E_REQUEST_LENGTH  out_len 0, or L = 8 out_len not below 2^32
 *   LWC_E_OVERLAP         out overlaps label or context (they are read again for each block)
 * label and context are read once per output block; out is written as the blocks come.
 * Timing depends on the lengths only. The derived bytes are secret: wipe them when done.
 */
#ifndef LWC_KDF_H
#define LWC_KDF_H

#include "modes.h"

#ifdef __cplusplus
extern "C" {
#endif

int lwc_present80_kdf_ctr_cmac(const lwc_present80_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                               size_t label_len, const uint8_t *context, size_t context_len);
int lwc_present128_kdf_ctr_cmac(const lwc_present128_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                                size_t label_len, const uint8_t *context, size_t context_len);
int lwc_lea128_kdf_ctr_cmac(const lwc_lea128_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                            size_t label_len, const uint8_t *context, size_t context_len);
int lwc_lea192_kdf_ctr_cmac(const lwc_lea192_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                            size_t label_len, const uint8_t *context, size_t context_len);
int lwc_lea256_kdf_ctr_cmac(const lwc_lea256_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                            size_t label_len, const uint8_t *context, size_t context_len);
int lwc_hight_kdf_ctr_cmac(const lwc_hight_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                           size_t label_len, const uint8_t *context, size_t context_len);
int lwc_cham64_128_kdf_ctr_cmac(const lwc_cham64_128_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                                size_t label_len, const uint8_t *context, size_t context_len);
int lwc_cham128_128_kdf_ctr_cmac(const lwc_cham128_128_cmac_key *k, uint8_t *out, size_t out_len,
                                 const uint8_t *label, size_t label_len, const uint8_t *context, size_t context_len);
int lwc_cham128_256_kdf_ctr_cmac(const lwc_cham128_256_cmac_key *k, uint8_t *out, size_t out_len,
                                 const uint8_t *label, size_t label_len, const uint8_t *context, size_t context_len);
int lwc_aes128_kdf_ctr_cmac(const lwc_aes128_cmac_key *k, uint8_t *out, size_t out_len, const uint8_t *label,
                            size_t label_len, const uint8_t *context, size_t context_len);

#ifdef __cplusplus
}
#endif

#endif
