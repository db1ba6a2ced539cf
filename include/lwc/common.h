/* lwc: definitions shared by every cipher family. */
#ifndef LWC_COMMON_H
#define LWC_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * LWC_BITSLICE32: PRESENT and AES use their constant-time implementations over 32-bit
 * words (src/present/present_bs32.c, src/aes/aes_ct32.c: no secret-indexed tables) instead
 * of the table-based C reference. On by default on Cortex-M3/M4 (unless LWC_NO_ASM);
 * -DLWC_BITSLICE32=1 selects it on any other 32/64-bit CPU. It changes the PRESENT and AES
 * key schedule layouts, so the library and the code using it must be compiled with the
 * same setting (as with LWC_NO_ASM). Not combinable with the AVR assembly.
 */
#ifndef LWC_BITSLICE32
#if !defined(LWC_NO_ASM) && (defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_7M__))
#define LWC_BITSLICE32 1
#else
#define LWC_BITSLICE32 0
#endif
#endif
#if LWC_BITSLICE32 && defined(__AVR__) && !defined(LWC_NO_ASM)
#error "LWC_BITSLICE32 replaces the AVR assembly: build with -DLWC_NO_ASM too"
#endif

/*
 * Error codes of the functions that can fail (all negative; 0 is success).
 * LWC_E_NULL_POINTER       a required pointer is NULL (or NULL with a non-zero length)
 * LWC_E_ENTROPY_LENGTH     entropy shorter than the security strength, longer than the
 *                          maximum, or (no df) not exactly seedlen bytes
 * LWC_E_NONCE_LENGTH       nonce longer than the maximum
 * LWC_E_PERS_LENGTH        personalization string longer than the maximum
 * LWC_E_ADD_LENGTH         additional input longer than the maximum
 * LWC_E_REQUEST_LENGTH     more output requested than the per-request maximum
 * LWC_E_NOT_INSTANTIATED   state used before instantiate or after wipe
 * LWC_E_RESEED_REQUIRED    the reseed interval is exhausted: reseed, then generate again
 * LWC_E_WRONG_MODE         df reseed of a no-df state or the reverse
 * LWC_E_BAD_PARAMETER      a parameter outside its documented range
 */
#define LWC_E_NULL_POINTER (-1)
#define LWC_E_ENTROPY_LENGTH (-2)
#define LWC_E_NONCE_LENGTH (-3)
#define LWC_E_PERS_LENGTH (-4)
#define LWC_E_ADD_LENGTH (-5)
#define LWC_E_REQUEST_LENGTH (-6)
#define LWC_E_NOT_INSTANTIATED (-7)
#define LWC_E_RESEED_REQUIRED (-8)
#define LWC_E_WRONG_MODE (-9)
#define LWC_E_BAD_PARAMETER (-10)

/* Overwrite n bytes at p with zeros in a way the compiler cannot remove as a dead store. */
void lwc_wipe(void *p, size_t n);

/*
 * CTR context layout shared by every cipher's reference CTR path: the key schedule,
 * the next counter block, the current keystream block and how many of its bytes are
 * already used (B when none is buffered).
 */
#define LWC_CTR_FIELDS(key_type, block_bytes) \
    key_type ks;                              \
    uint8_t counter[block_bytes];             \
    uint8_t stream[block_bytes];              \
    uint8_t used

/*
 * Declares the uniform API of cipher id X (types lwc_X_key and lwc_X_ctr must exist):
 *   void lwc_X_setkey(lwc_X_key *ks, const uint8_t *key);
 *   void lwc_X_encrypt(const lwc_X_key *ks, uint8_t *out, const uint8_t *in);
 *   void lwc_X_decrypt(const lwc_X_key *ks, uint8_t *out, const uint8_t *in);
 *   void lwc_X_ctr_init(lwc_X_ctr *ctx, const uint8_t *key, const uint8_t *iv);
 *   void lwc_X_ctr_crypt(lwc_X_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len);
 */
#define LWC_DECLARE_CIPHER(X)                                                         \
    void lwc_##X##_setkey(lwc_##X##_key *ks, const uint8_t *key);                     \
    void lwc_##X##_encrypt(const lwc_##X##_key *ks, uint8_t *out, const uint8_t *in); \
    void lwc_##X##_decrypt(const lwc_##X##_key *ks, uint8_t *out, const uint8_t *in); \
    void lwc_##X##_ctr_init(lwc_##X##_ctr *ctx, const uint8_t *key, const uint8_t *iv); \
    void lwc_##X##_ctr_crypt(lwc_##X##_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)

#ifdef __cplusplus
}
#endif

#endif
