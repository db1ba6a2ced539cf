/*
 * Ascon (NIST SP 800-232, August 2025): Ascon-AEAD128, Ascon-Hash256, Ascon-XOF128 and
 * Ascon-CXOF128, on the 320-bit Ascon permutation. The final standard's byte order
 * (little-endian words) and initial values: the older Ascon v1.2 (Ascon-128a, Ascon-Hash,
 * Ascon-Xof: big-endian, other IVs) gives other results, and the tests prove its vectors
 * are not reproduced.
 *
 *   lwc_ascon_aead128_setkey(k, key)
 *   lwc_ascon_aead128_encrypt(k, out, tag, tag_len, nonce, nonce_len, ad, ad_len, in, len)
 *   lwc_ascon_aead128_decrypt(k, out, tag, tag_len, nonce, nonce_len, ad, ad_len, in, len)
 *   lwc_ascon_aead128_encrypt_many(k, out, tags, tag_len, nonces, ad, ad_lens, in, lens, count)
 *   lwc_ascon_aead128_decrypt_many(k, out, status, tags, tag_len, nonces, ad, ad_lens, in, lens, count)
 *   lwc_ascon_hash256(out, in, len)                32-byte digest
 *   lwc_ascon_xof128(out, out_len, in, len)        any output length
 *   lwc_ascon_cxof128(out, out_len, custom, custom_len, in, len)
 *   lwc_ascon_hash256_init(st), _update(st, in, len), _final(st, out)
 *   lwc_ascon_xof128_init(st) or lwc_ascon_cxof128_init(st, custom, custom_len),
 *   then lwc_ascon_xof128_update(st, in, len) and lwc_ascon_xof128_squeeze(st, out, n)
 *
 * ---- Ascon-AEAD128 ------------------------------------------------------------------------
 * Key 16 bytes, nonce exactly 16 bytes, tag tag_len bytes: 4 to 16, the first tag_len bytes
 * of the 16-byte tag (the standard truncates the tag to its first bits, never below 32
 * bits). A t-byte tag is forged with probability 2^-(8t) per try: use 16, or at least 8
 * unless the link limits tries. The AEAD calls follow the contract of the other modes
 * (lwc/modes.h), in the same shape as EAX:
 *   - Output before input: out receives len bytes, tag tag_len bytes. A pointer may be NULL
 *     only with a length of 0 (nonce, ad, in/out); k and tag never.
 *   - Overlaps: out == in is allowed (in place); any other overlap of out with in, nonce, ad
 *     or tag is refused with LWC_E_OVERLAP. An encryption's tag may overlap nonce, ad or in
 *     (they are read in full before it is written).
 *   - Results: 0 or a negative LWC_E_* code (lwc/common.h), checked in this order:
 *       LWC_E_NULL_POINTER  k or tag NULL, or nonce, ad, in or out NULL with a length
 *       LWC_E_TAG_LENGTH    tag_len not in 4..16
 *       LWC_E_NONCE_LENGTH  nonce_len not 16
 *       LWC_E_OVERLAP       out overlaps another buffer (above)
 *       LWC_E_AUTH          decrypt: the tag does not match; out is then all zero
 *     On any error but LWC_E_AUTH nothing is written.
 *   - Each input is read once: every byte of nonce, ad, in and tag is read once and used
 *     from a register or the call's own memory. Decryption reads each ciphertext block once
 *     and both absorbs it and XORs it with the state from there; encryption absorbs the
 *     plaintext and writes the state as ciphertext, never reading out back. So another
 *     thread that changes the input during the call gets the old message or a rejected one,
 *     never a changed one accepted. out belongs to the call until it returns: do not read
 *     or write it meanwhile. Decryption writes the plaintext into out as it goes and, if
 *     the tag does not match, sets every byte of out to zero before returning LWC_E_AUTH.
 *   - Nonces: never encrypt twice with one key and one nonce: a repeat reveals the XOR of
 *     the two plaintexts' first blocks and weakens the tag. A counter kept across resets
 *     with the node's id is a good nonce (README, "Authenticated records").
 *   - Key: lwc_ascon_aead128_key holds the key's two 64-bit words in the layout of the
 *     target's permutation (opaque; only setkey writes it). It is only read afterwards:
 *     one key serves many messages and may be shared. Wipe it with lwc_wipe when done.
 *
 * ---- Many messages under one key in one call ---------------------------------------------
 * encrypt_many / decrypt_many: count records, record r being the call above with nonce
 * nonces + 16 r (16 bytes each), tag tags + tag_len r, associated data the ad_lens[r] bytes
 * of ad that follow record r - 1's (ad_lens NULL: none), message the lens[r] bytes of in
 * that follow record r - 1's, output at the same offset of out. The same results as count
 * single calls; on a host with AVX-512 or AVX2 the records run 8 or 4 at a time in vector
 * lanes (a lane takes the next record when its own ends, so lengths may differ), else one
 * by one. Results, in this order, nothing written on an error but LWC_E_AUTH:
 *   LWC_E_NULL_POINTER  k, tags, nonces or lens NULL with count > 0 (or status, decrypt),
 *                       ad NULL with a non-zero ad_lens[r], in or out NULL with a lens[r]
 *   LWC_E_TAG_LENGTH    tag_len not in 4..16
 *   LWC_E_OVERLAP       out overlaps in (but out == in), ad, nonces or tags; an
 *                       encryption's tags overlap in, ad or nonces
 *   LWC_E_AUTH          decrypt: some record's tag does not match: status[r] is 0 or
 *                       LWC_E_AUTH per record, and a failed record's output is all zero
 * Each input byte is read once, as in the single calls; decryption writes a record's
 * plaintext before its verdict and zeroes it on a mismatch. Timing: as the single calls
 * (branches on lengths and on each record's verdict only).
 *
 * ---- Ascon-Hash256, Ascon-XOF128, Ascon-CXOF128 --------------------------------------------
 * One-shot: out may overlap in (the input is read in full before out is written); a pointer
 * may be NULL only with a length of 0. lwc_ascon_cxof128 returns 0, LWC_E_NULL_POINTER, or
 * LWC_E_BAD_PARAMETER when custom_len exceeds LWC_ASCON_CXOF128_MAX_CUSTOM (256 bytes, the
 * standard's 2048 bits), and writes nothing then.
 * Streaming: a state absorbs the input in any pieces (the split never changes the result)
 * and keeps no pointer to it; each byte is read once. Hash256: init, update any number of
 * times, final (which writes the digest, wipes the state and ends it). XOF128: init (or
 * cxof128_init with the customization string), update any number of times, then squeeze
 * any number of times: each squeeze continues the output where the last one stopped, so
 * squeezing a then b bytes gives the a + b bytes of one squeeze. The functions that can
 * fail return 0 or, with the state unchanged and nothing written:
 *   LWC_E_NULL_POINTER      st NULL, or a buffer NULL with a non-zero length
 *   LWC_E_NOT_INSTANTIATED  the state is not started: zeroed (lwc_wipe, static storage) and
 *                           not initialised since, or ended by hash256_final; init starts it
 *   LWC_E_WRONG_MODE        xof128_update after the first squeeze (the input is closed)
 *   LWC_E_BAD_PARAMETER     cxof128_init: custom_len over LWC_ASCON_CXOF128_MAX_CUSTOM
 * The init functions cannot fail otherwise (void, but for cxof128_init). A state that was
 * never initialised must be zeroed for LWC_E_NOT_INSTANTIATED to be reliable. A state may
 * be copied (memcpy) to fork a computation, for example to read the digest of a prefix.
 * States hold what they absorbed in mixed form; wipe an XOF state when done (final wipes
 * a Hash256 state).
 *
 * ---- Timing and memory ---------------------------------------------------------------------
 * Every branch and memory index depends on lengths only: never on key, nonce, data, custom
 * string or tag (the permutation is bitsliced, without tables). A decryption takes the
 * same time whether the tag matches or not (the plaintext is always computed, then
 * masked); only the return code tells them apart. RAM: the key 16 bytes, a hash or XOF
 * state 42 bytes (plus alignment), and the calls' stack.
 * How it runs: src/ascon/ascon_internal.h (the state layouts per target, LWC_ASCON_IMPL in
 * lwc/config.h).
 */
#ifndef LWC_ASCON_H
#define LWC_ASCON_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LWC_ASCON_AEAD128_KEY_BYTES 16
#define LWC_ASCON_AEAD128_NONCE_BYTES 16
#define LWC_ASCON_AEAD128_TAG_BYTES 16     /* the full tag */
#define LWC_ASCON_AEAD128_MIN_TAG_BYTES 4  /* the shortest truncated tag (32 bits) */
#define LWC_ASCON_HASH256_BYTES 32
#define LWC_ASCON_CXOF128_MAX_CUSTOM 256  /* bytes of customization string (2048 bits) */

typedef struct { uint64_t k[2]; } lwc_ascon_aead128_key;

/* A sponge in progress: the state S0..S4 (target layout), the bytes of the current 8-byte
 * block absorbed or squeezed, and the phase (0: not started). Opaque to callers. */
#define LWC_ASCON_SPONGE_FIELDS \
    uint64_t s[5];              \
    uint8_t pos;                \
    uint8_t phase
typedef struct { LWC_ASCON_SPONGE_FIELDS; } lwc_ascon_hash256_state;
typedef struct { LWC_ASCON_SPONGE_FIELDS; } lwc_ascon_xof128_state;

void lwc_ascon_aead128_setkey(lwc_ascon_aead128_key *k, const uint8_t *key);
int lwc_ascon_aead128_encrypt(const lwc_ascon_aead128_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                              const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                              const uint8_t *in, size_t len);
int lwc_ascon_aead128_decrypt(const lwc_ascon_aead128_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                              const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                              const uint8_t *in, size_t len);
int lwc_ascon_aead128_encrypt_many(const lwc_ascon_aead128_key *k, uint8_t *out, uint8_t *tags, size_t tag_len,
                                   const uint8_t *nonces, const uint8_t *ad, const size_t *ad_lens, const uint8_t *in,
                                   const size_t *lens, size_t count);
int lwc_ascon_aead128_decrypt_many(const lwc_ascon_aead128_key *k, uint8_t *out, int *status, const uint8_t *tags,
                                   size_t tag_len, const uint8_t *nonces, const uint8_t *ad, const size_t *ad_lens,
                                   const uint8_t *in, const size_t *lens, size_t count);

void lwc_ascon_hash256(uint8_t *out, const uint8_t *in, size_t len);
void lwc_ascon_xof128(uint8_t *out, size_t out_len, const uint8_t *in, size_t len);
int lwc_ascon_cxof128(uint8_t *out, size_t out_len, const uint8_t *custom, size_t custom_len, const uint8_t *in,
                      size_t len);

void lwc_ascon_hash256_init(lwc_ascon_hash256_state *st);
int lwc_ascon_hash256_update(lwc_ascon_hash256_state *st, const uint8_t *in, size_t len);
int lwc_ascon_hash256_final(lwc_ascon_hash256_state *st, uint8_t *out);
void lwc_ascon_xof128_init(lwc_ascon_xof128_state *st);
int lwc_ascon_cxof128_init(lwc_ascon_xof128_state *st, const uint8_t *custom, size_t custom_len);
int lwc_ascon_xof128_update(lwc_ascon_xof128_state *st, const uint8_t *in, size_t len);
int lwc_ascon_xof128_squeeze(lwc_ascon_xof128_state *st, uint8_t *out, size_t len);

#ifdef __cplusplus
}
#endif

#endif
