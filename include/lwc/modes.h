/*
 * Authenticated modes over every cipher of the library: CMAC (NIST SP 800-38B) and EAX
 * (Bellare, Rogaway, Wagner, FSE 2004) for all ten, CCM (NIST SP 800-38C) for the six with
 * 128-bit blocks (aes128, lea128, lea192, lea256, cham128_128, cham128_256). For each id X
 * (B = LWC_X_BLOCK_BYTES):
 *
 *   lwc_X_cmac_setkey(k, key)                      subkeys K1, K2 of SP 800-38B 6.1
 *   lwc_X_cmac(k, tag, tag_len, in, len)           one message
 *   lwc_X_cmac_init(st, k), lwc_X_cmac_update(st, in, len), lwc_X_cmac_final(st, tag, tag_len)
 *   lwc_X_cmac_verify(k, tag, tag_len, in, len)    0, or LWC_E_AUTH: tag is not the CMAC
 *   lwc_X_cmac_final_verify(st, tag, tag_len)       the same for a streamed message (as final)
 *   lwc_X_eax_setkey(k, key)
 *   lwc_X_eax_encrypt(k, out, tag, tag_len, nonce, nonce_len, ad, ad_len, in, len)
 *   lwc_X_eax_decrypt(k, out, tag, tag_len, nonce, nonce_len, ad, ad_len, in, len)
 *   lwc_X_ccm_setkey, lwc_X_ccm_encrypt, lwc_X_ccm_decrypt    (same shapes; B = 16 only)
 *
 * Output before input: out receives len bytes (ciphertext or plaintext), tag tag_len bytes.
 * A pointer may be NULL only with a length of 0 (nonce, ad, in/out); k, st and tag never.
 *
 * Overlaps: out == in is allowed (in place). Any other overlap of out with a buffer of the
 * call (in partially, nonce, ad, tag) is refused with LWC_E_OVERLAP. An encryption's tag may
 * overlap nonce, ad or in (they are read in full before it is written); a CMAC's tag may
 * overlap in, for the same reason.
 *
 * Results: 0, or a negative LWC_E_* code (lwc/common.h), checked in this order:
 *   LWC_E_NULL_POINTER    k, st or tag NULL, or a buffer NULL with a non-zero length
 *   LWC_E_TAG_LENGTH      CMAC and EAX: tag_len not in 1..B; CCM: not 4, 6, 8, 10, 12, 14 or 16
 *   LWC_E_NONCE_LENGTH    CCM: nonce_len not in 7..13
 *   LWC_E_MESSAGE_LENGTH  CCM: len does not fit the length field of 15 - nonce_len bytes
 *                         (at most 65535 bytes with a 13-byte nonce)
 *   LWC_E_OVERLAP         out overlaps another buffer (above)
 *   LWC_E_AUTH            decrypt, verify: the tag does not match; a decryption's out is
 *                         then all zero
 * On any error but LWC_E_AUTH nothing is written (out, tag and a CMAC state stay as they
 * were). Tags are compared in constant time.
 *
 * Each input is read once. Every byte of nonce, ad, in and tag is read once, or copied once
 * into memory the call owns and used from there: the tag a decryption checks and the
 * plaintext it releases come from the same ciphertext bytes, and an encryption's tag covers
 * the ciphertext it computed, never bytes read back from out. So another thread (or a Python
 * thread while the call has released the GIL) that changes the input during the call gets
 * either the old or a rejected message, never a changed one accepted. What the caller may
 * not do: out belongs to the call until it returns; do not read or write it meanwhile.
 * Decryption writes the plaintext into out as it goes and, if the tag does not match, sets
 * every byte of out to zero before returning LWC_E_AUTH: no byte of a rejected message is
 * ever returned.
 *
 * Lengths: EAX takes any nonce length (0 included), any ad and message length; tags may be
 * truncated to tag_len bytes (the first ones). Short tags are forgeable with probability
 * 2^-(8 tag_len) per try: prefer the full B bytes, or at least 8. CCM: nonce_len 7..13,
 * L = 15 - nonce_len length bytes; IEEE 802.15.4 (Zigbee, Thread) uses 13-byte nonces (L = 2)
 * with tags of 4, 8 or 16 bytes (its CCM* also has tag length 0, encryption only: not
 * offered here, use CTR). CMAC: SP 800-38B recommends tags of at least 8 bytes.
 *
 * Nonces: EAX and CCM need a nonce that is never used twice with one key (a repeated nonce
 * reveals the XOR of two plaintexts, and with CCM and EAX lets an attacker forge). Build it
 * from things that never repeat: the node's id and a message counter kept across resets
 * (README, "Authenticated records").
 *
 * Keys: the mode key holds the cipher's key schedule (CCM: its keyed CTR context) and
 * precomputed values (CMAC subkeys; EAX also E_K([t]_B) for t = 0, 1, 2, the first block of
 * each OMAC, which saves three block encryptions per message). Set it up once; it is only
 * read afterwards, so one key serves many messages and may be shared. A CMAC state points
 * at its key, which must outlive it; final ends the message (init starts the next). Wipe
 * keys and states with lwc_wipe when done.
 *
 * How they run: EAX and CCM take the message in pieces of up to 256 bytes (on an AVR with less
 * than 4 KB of RAM 64, on the ATtiny class 16; CCM's beside a large CTR copy or RAM tables
 * smaller: half for LEA-192/256, a quarter for AES with LWC_AES_RAM_TABLES) that they read
 * once into the stack (or compute there), MAC and XOR with the keystream from there, and copy
 * to out. The MAC part chains the block function (CBC-MAC); the AVR assemblies' CBC-MAC step
 * loads each block XORed with the chaining value and stores the message bytes as it reads
 * them, so the copy into or out of the piece costs a store a byte. CCM's CTR part is the
 * cipher's own CTR (lwc_X_ctr_setiv + lwc_X_ctr_crypt: the AVR assembly CTR with its
 * precomputation, the host SIMD kernels) on a copy of the key's CTR context on the stack (the
 * key is const): each CCM call copies sizeof(lwc_X_ctr) bytes and wipes them after. EAX's
 * counter N' is secret (whoever learns it can forge), and those CTR paths take the counter as
 * public (their timing may depend on it: the ATmega precomputation windows, the host's
 * carries), so EAX's CTR part is the block function on each counter block, the counter
 * incremented in constant time: no copy, at the block function's speed (on the ATmega, LEA,
 * HIGHT and CHAM run it in assembly: the rounds of encrypt, the message XORed as each block is
 * stored).
 * RAM: keys of sizeof(lwc_X_key) + 2B bytes (CMAC), + 5B (EAX), sizeof(lwc_X_ctr) (CCM);
 * CCM's stack also holds the copy, and EAX's and CCM's the piece. Measured stack peaks on
 * the ATmega: docs/BENCHMARKS.md.
 * LEA-192/256 CCM (key, copy and stack: about 1.7 and 1.9 KB) does not suit a 2 KB part.
 *
 * Timing: every branch and memory index depends on lengths only (and on CCM's counter
 * blocks, made of its public nonce, as for CTR): never on key, data, EAX's nonce or the
 * tag. A decryption takes the same time whether the tag matches or not (the plaintext is
 * always computed, then masked).
 */
#ifndef LWC_MODES_H
#define LWC_MODES_H

#include "aes.h"
#include "cham.h"
#include "hight.h"
#include "lea.h"
#include "present.h"

#ifdef __cplusplus
extern "C" {
#endif

/* CMAC subkeys: K1 for a complete last block, K2 for a padded one. */
#define LWC_CMAC_SUBKEYS(block_bytes) \
    uint8_t k1[block_bytes];          \
    uint8_t k2[block_bytes]
/* A CMAC in progress: its key, the chaining value with the bytes of the current block XORed
 * in, and how many are (pos = B: a complete block not yet encrypted, as it may be the last). */
#define LWC_CMAC_STATE_FIELDS(key_type, block_bytes) \
    const key_type *key;                             \
    uint8_t chain[block_bytes];                      \
    uint8_t pos
/* EAX: the key schedule, the CMAC subkeys and E_K([t]_B) for t = 0, 1, 2. */
#define LWC_EAX_KEY_FIELDS(key_type, block_bytes) \
    key_type ks;                                  \
    LWC_CMAC_SUBKEYS(block_bytes);                \
    uint8_t omac_first[3][block_bytes]

/* PRESENT-80. */
typedef struct { lwc_present80_key ks; LWC_CMAC_SUBKEYS(8); } lwc_present80_cmac_key;
typedef struct { LWC_CMAC_STATE_FIELDS(lwc_present80_cmac_key, 8); } lwc_present80_cmac_state;
typedef struct { LWC_EAX_KEY_FIELDS(lwc_present80_key, 8); } lwc_present80_eax_key;
void lwc_present80_cmac_setkey(lwc_present80_cmac_key *k, const uint8_t *key);
int lwc_present80_cmac(const lwc_present80_cmac_key *k, uint8_t *tag, size_t tag_len,
                       const uint8_t *in, size_t len);
void lwc_present80_cmac_init(lwc_present80_cmac_state *st, const lwc_present80_cmac_key *k);
void lwc_present80_cmac_update(lwc_present80_cmac_state *st, const uint8_t *in, size_t len);
int lwc_present80_cmac_final(lwc_present80_cmac_state *st, uint8_t *tag, size_t tag_len);
int lwc_present80_cmac_verify(const lwc_present80_cmac_key *k, const uint8_t *tag, size_t tag_len,
                              const uint8_t *in, size_t len);
int lwc_present80_cmac_final_verify(lwc_present80_cmac_state *st, const uint8_t *tag, size_t tag_len);
void lwc_present80_eax_setkey(lwc_present80_eax_key *k, const uint8_t *key);
int lwc_present80_eax_encrypt(const lwc_present80_eax_key *k, uint8_t *out, uint8_t *tag,
                              size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                              const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
int lwc_present80_eax_decrypt(const lwc_present80_eax_key *k, uint8_t *out, const uint8_t *tag,
                              size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                              const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);

/* PRESENT-128. */
typedef struct { lwc_present128_key ks; LWC_CMAC_SUBKEYS(8); } lwc_present128_cmac_key;
typedef struct { LWC_CMAC_STATE_FIELDS(lwc_present128_cmac_key, 8); } lwc_present128_cmac_state;
typedef struct { LWC_EAX_KEY_FIELDS(lwc_present128_key, 8); } lwc_present128_eax_key;
void lwc_present128_cmac_setkey(lwc_present128_cmac_key *k, const uint8_t *key);
int lwc_present128_cmac(const lwc_present128_cmac_key *k, uint8_t *tag, size_t tag_len,
                        const uint8_t *in, size_t len);
void lwc_present128_cmac_init(lwc_present128_cmac_state *st, const lwc_present128_cmac_key *k);
void lwc_present128_cmac_update(lwc_present128_cmac_state *st, const uint8_t *in, size_t len);
int lwc_present128_cmac_final(lwc_present128_cmac_state *st, uint8_t *tag, size_t tag_len);
int lwc_present128_cmac_verify(const lwc_present128_cmac_key *k, const uint8_t *tag, size_t tag_len,
                               const uint8_t *in, size_t len);
int lwc_present128_cmac_final_verify(lwc_present128_cmac_state *st, const uint8_t *tag, size_t tag_len);
void lwc_present128_eax_setkey(lwc_present128_eax_key *k, const uint8_t *key);
int lwc_present128_eax_encrypt(const lwc_present128_eax_key *k, uint8_t *out, uint8_t *tag,
                               size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                               const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
int lwc_present128_eax_decrypt(const lwc_present128_eax_key *k, uint8_t *out, const uint8_t *tag,
                               size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                               const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);

/* LEA-128. */
typedef struct { lwc_lea128_key ks; LWC_CMAC_SUBKEYS(16); } lwc_lea128_cmac_key;
typedef struct { LWC_CMAC_STATE_FIELDS(lwc_lea128_cmac_key, 16); } lwc_lea128_cmac_state;
typedef struct { LWC_EAX_KEY_FIELDS(lwc_lea128_key, 16); } lwc_lea128_eax_key;
typedef struct { lwc_lea128_ctr ctr; } lwc_lea128_ccm_key;
void lwc_lea128_cmac_setkey(lwc_lea128_cmac_key *k, const uint8_t *key);
int lwc_lea128_cmac(const lwc_lea128_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in,
                    size_t len);
void lwc_lea128_cmac_init(lwc_lea128_cmac_state *st, const lwc_lea128_cmac_key *k);
void lwc_lea128_cmac_update(lwc_lea128_cmac_state *st, const uint8_t *in, size_t len);
int lwc_lea128_cmac_final(lwc_lea128_cmac_state *st, uint8_t *tag, size_t tag_len);
int lwc_lea128_cmac_verify(const lwc_lea128_cmac_key *k, const uint8_t *tag, size_t tag_len,
                           const uint8_t *in, size_t len);
int lwc_lea128_cmac_final_verify(lwc_lea128_cmac_state *st, const uint8_t *tag, size_t tag_len);
void lwc_lea128_eax_setkey(lwc_lea128_eax_key *k, const uint8_t *key);
int lwc_lea128_eax_encrypt(const lwc_lea128_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len);
int lwc_lea128_eax_decrypt(const lwc_lea128_eax_key *k, uint8_t *out, const uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
void lwc_lea128_ccm_setkey(lwc_lea128_ccm_key *k, const uint8_t *key);
int lwc_lea128_ccm_encrypt(const lwc_lea128_ccm_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len);
int lwc_lea128_ccm_decrypt(const lwc_lea128_ccm_key *k, uint8_t *out, const uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);

/* LEA-192. */
typedef struct { lwc_lea192_key ks; LWC_CMAC_SUBKEYS(16); } lwc_lea192_cmac_key;
typedef struct { LWC_CMAC_STATE_FIELDS(lwc_lea192_cmac_key, 16); } lwc_lea192_cmac_state;
typedef struct { LWC_EAX_KEY_FIELDS(lwc_lea192_key, 16); } lwc_lea192_eax_key;
typedef struct { lwc_lea192_ctr ctr; } lwc_lea192_ccm_key;
void lwc_lea192_cmac_setkey(lwc_lea192_cmac_key *k, const uint8_t *key);
int lwc_lea192_cmac(const lwc_lea192_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in,
                    size_t len);
void lwc_lea192_cmac_init(lwc_lea192_cmac_state *st, const lwc_lea192_cmac_key *k);
void lwc_lea192_cmac_update(lwc_lea192_cmac_state *st, const uint8_t *in, size_t len);
int lwc_lea192_cmac_final(lwc_lea192_cmac_state *st, uint8_t *tag, size_t tag_len);
int lwc_lea192_cmac_verify(const lwc_lea192_cmac_key *k, const uint8_t *tag, size_t tag_len,
                           const uint8_t *in, size_t len);
int lwc_lea192_cmac_final_verify(lwc_lea192_cmac_state *st, const uint8_t *tag, size_t tag_len);
void lwc_lea192_eax_setkey(lwc_lea192_eax_key *k, const uint8_t *key);
int lwc_lea192_eax_encrypt(const lwc_lea192_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len);
int lwc_lea192_eax_decrypt(const lwc_lea192_eax_key *k, uint8_t *out, const uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
void lwc_lea192_ccm_setkey(lwc_lea192_ccm_key *k, const uint8_t *key);
int lwc_lea192_ccm_encrypt(const lwc_lea192_ccm_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len);
int lwc_lea192_ccm_decrypt(const lwc_lea192_ccm_key *k, uint8_t *out, const uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);

/* LEA-256. */
typedef struct { lwc_lea256_key ks; LWC_CMAC_SUBKEYS(16); } lwc_lea256_cmac_key;
typedef struct { LWC_CMAC_STATE_FIELDS(lwc_lea256_cmac_key, 16); } lwc_lea256_cmac_state;
typedef struct { LWC_EAX_KEY_FIELDS(lwc_lea256_key, 16); } lwc_lea256_eax_key;
typedef struct { lwc_lea256_ctr ctr; } lwc_lea256_ccm_key;
void lwc_lea256_cmac_setkey(lwc_lea256_cmac_key *k, const uint8_t *key);
int lwc_lea256_cmac(const lwc_lea256_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in,
                    size_t len);
void lwc_lea256_cmac_init(lwc_lea256_cmac_state *st, const lwc_lea256_cmac_key *k);
void lwc_lea256_cmac_update(lwc_lea256_cmac_state *st, const uint8_t *in, size_t len);
int lwc_lea256_cmac_final(lwc_lea256_cmac_state *st, uint8_t *tag, size_t tag_len);
int lwc_lea256_cmac_verify(const lwc_lea256_cmac_key *k, const uint8_t *tag, size_t tag_len,
                           const uint8_t *in, size_t len);
int lwc_lea256_cmac_final_verify(lwc_lea256_cmac_state *st, const uint8_t *tag, size_t tag_len);
void lwc_lea256_eax_setkey(lwc_lea256_eax_key *k, const uint8_t *key);
int lwc_lea256_eax_encrypt(const lwc_lea256_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len);
int lwc_lea256_eax_decrypt(const lwc_lea256_eax_key *k, uint8_t *out, const uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
void lwc_lea256_ccm_setkey(lwc_lea256_ccm_key *k, const uint8_t *key);
int lwc_lea256_ccm_encrypt(const lwc_lea256_ccm_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len);
int lwc_lea256_ccm_decrypt(const lwc_lea256_ccm_key *k, uint8_t *out, const uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);

/* HIGHT. */
typedef struct { lwc_hight_key ks; LWC_CMAC_SUBKEYS(8); } lwc_hight_cmac_key;
typedef struct { LWC_CMAC_STATE_FIELDS(lwc_hight_cmac_key, 8); } lwc_hight_cmac_state;
typedef struct { LWC_EAX_KEY_FIELDS(lwc_hight_key, 8); } lwc_hight_eax_key;
void lwc_hight_cmac_setkey(lwc_hight_cmac_key *k, const uint8_t *key);
int lwc_hight_cmac(const lwc_hight_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in,
                   size_t len);
void lwc_hight_cmac_init(lwc_hight_cmac_state *st, const lwc_hight_cmac_key *k);
void lwc_hight_cmac_update(lwc_hight_cmac_state *st, const uint8_t *in, size_t len);
int lwc_hight_cmac_final(lwc_hight_cmac_state *st, uint8_t *tag, size_t tag_len);
int lwc_hight_cmac_verify(const lwc_hight_cmac_key *k, const uint8_t *tag, size_t tag_len,
                          const uint8_t *in, size_t len);
int lwc_hight_cmac_final_verify(lwc_hight_cmac_state *st, const uint8_t *tag, size_t tag_len);
void lwc_hight_eax_setkey(lwc_hight_eax_key *k, const uint8_t *key);
int lwc_hight_eax_encrypt(const lwc_hight_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                          const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                          const uint8_t *in, size_t len);
int lwc_hight_eax_decrypt(const lwc_hight_eax_key *k, uint8_t *out, const uint8_t *tag,
                          size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                          size_t ad_len, const uint8_t *in, size_t len);

/* CHAM-64/128. */
typedef struct { lwc_cham64_128_key ks; LWC_CMAC_SUBKEYS(8); } lwc_cham64_128_cmac_key;
typedef struct { LWC_CMAC_STATE_FIELDS(lwc_cham64_128_cmac_key, 8); } lwc_cham64_128_cmac_state;
typedef struct { LWC_EAX_KEY_FIELDS(lwc_cham64_128_key, 8); } lwc_cham64_128_eax_key;
void lwc_cham64_128_cmac_setkey(lwc_cham64_128_cmac_key *k, const uint8_t *key);
int lwc_cham64_128_cmac(const lwc_cham64_128_cmac_key *k, uint8_t *tag, size_t tag_len,
                        const uint8_t *in, size_t len);
void lwc_cham64_128_cmac_init(lwc_cham64_128_cmac_state *st, const lwc_cham64_128_cmac_key *k);
void lwc_cham64_128_cmac_update(lwc_cham64_128_cmac_state *st, const uint8_t *in, size_t len);
int lwc_cham64_128_cmac_final(lwc_cham64_128_cmac_state *st, uint8_t *tag, size_t tag_len);
int lwc_cham64_128_cmac_verify(const lwc_cham64_128_cmac_key *k, const uint8_t *tag, size_t tag_len,
                               const uint8_t *in, size_t len);
int lwc_cham64_128_cmac_final_verify(lwc_cham64_128_cmac_state *st, const uint8_t *tag, size_t tag_len);
void lwc_cham64_128_eax_setkey(lwc_cham64_128_eax_key *k, const uint8_t *key);
int lwc_cham64_128_eax_encrypt(const lwc_cham64_128_eax_key *k, uint8_t *out, uint8_t *tag,
                               size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                               const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
int lwc_cham64_128_eax_decrypt(const lwc_cham64_128_eax_key *k, uint8_t *out, const uint8_t *tag,
                               size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                               const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);

/* CHAM-128/128. */
typedef struct { lwc_cham128_128_key ks; LWC_CMAC_SUBKEYS(16); } lwc_cham128_128_cmac_key;
typedef struct { LWC_CMAC_STATE_FIELDS(lwc_cham128_128_cmac_key, 16); } lwc_cham128_128_cmac_state;
typedef struct { LWC_EAX_KEY_FIELDS(lwc_cham128_128_key, 16); } lwc_cham128_128_eax_key;
typedef struct { lwc_cham128_128_ctr ctr; } lwc_cham128_128_ccm_key;
void lwc_cham128_128_cmac_setkey(lwc_cham128_128_cmac_key *k, const uint8_t *key);
int lwc_cham128_128_cmac(const lwc_cham128_128_cmac_key *k, uint8_t *tag, size_t tag_len,
                         const uint8_t *in, size_t len);
void lwc_cham128_128_cmac_init(lwc_cham128_128_cmac_state *st, const lwc_cham128_128_cmac_key *k);
void lwc_cham128_128_cmac_update(lwc_cham128_128_cmac_state *st, const uint8_t *in, size_t len);
int lwc_cham128_128_cmac_final(lwc_cham128_128_cmac_state *st, uint8_t *tag, size_t tag_len);
int lwc_cham128_128_cmac_verify(const lwc_cham128_128_cmac_key *k, const uint8_t *tag, size_t tag_len,
                                const uint8_t *in, size_t len);
int lwc_cham128_128_cmac_final_verify(lwc_cham128_128_cmac_state *st, const uint8_t *tag, size_t tag_len);
void lwc_cham128_128_eax_setkey(lwc_cham128_128_eax_key *k, const uint8_t *key);
int lwc_cham128_128_eax_encrypt(const lwc_cham128_128_eax_key *k, uint8_t *out, uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
int lwc_cham128_128_eax_decrypt(const lwc_cham128_128_eax_key *k, uint8_t *out, const uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
void lwc_cham128_128_ccm_setkey(lwc_cham128_128_ccm_key *k, const uint8_t *key);
int lwc_cham128_128_ccm_encrypt(const lwc_cham128_128_ccm_key *k, uint8_t *out, uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
int lwc_cham128_128_ccm_decrypt(const lwc_cham128_128_ccm_key *k, uint8_t *out, const uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);

/* CHAM-128/256. */
typedef struct { lwc_cham128_256_key ks; LWC_CMAC_SUBKEYS(16); } lwc_cham128_256_cmac_key;
typedef struct { LWC_CMAC_STATE_FIELDS(lwc_cham128_256_cmac_key, 16); } lwc_cham128_256_cmac_state;
typedef struct { LWC_EAX_KEY_FIELDS(lwc_cham128_256_key, 16); } lwc_cham128_256_eax_key;
typedef struct { lwc_cham128_256_ctr ctr; } lwc_cham128_256_ccm_key;
void lwc_cham128_256_cmac_setkey(lwc_cham128_256_cmac_key *k, const uint8_t *key);
int lwc_cham128_256_cmac(const lwc_cham128_256_cmac_key *k, uint8_t *tag, size_t tag_len,
                         const uint8_t *in, size_t len);
void lwc_cham128_256_cmac_init(lwc_cham128_256_cmac_state *st, const lwc_cham128_256_cmac_key *k);
void lwc_cham128_256_cmac_update(lwc_cham128_256_cmac_state *st, const uint8_t *in, size_t len);
int lwc_cham128_256_cmac_final(lwc_cham128_256_cmac_state *st, uint8_t *tag, size_t tag_len);
int lwc_cham128_256_cmac_verify(const lwc_cham128_256_cmac_key *k, const uint8_t *tag, size_t tag_len,
                                const uint8_t *in, size_t len);
int lwc_cham128_256_cmac_final_verify(lwc_cham128_256_cmac_state *st, const uint8_t *tag, size_t tag_len);
void lwc_cham128_256_eax_setkey(lwc_cham128_256_eax_key *k, const uint8_t *key);
int lwc_cham128_256_eax_encrypt(const lwc_cham128_256_eax_key *k, uint8_t *out, uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
int lwc_cham128_256_eax_decrypt(const lwc_cham128_256_eax_key *k, uint8_t *out, const uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
void lwc_cham128_256_ccm_setkey(lwc_cham128_256_ccm_key *k, const uint8_t *key);
int lwc_cham128_256_ccm_encrypt(const lwc_cham128_256_ccm_key *k, uint8_t *out, uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
int lwc_cham128_256_ccm_decrypt(const lwc_cham128_256_ccm_key *k, uint8_t *out, const uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);

/* AES-128. */
typedef struct { lwc_aes128_key ks; LWC_CMAC_SUBKEYS(16); } lwc_aes128_cmac_key;
typedef struct { LWC_CMAC_STATE_FIELDS(lwc_aes128_cmac_key, 16); } lwc_aes128_cmac_state;
typedef struct { LWC_EAX_KEY_FIELDS(lwc_aes128_key, 16); } lwc_aes128_eax_key;
typedef struct { lwc_aes128_ctr ctr; } lwc_aes128_ccm_key;
void lwc_aes128_cmac_setkey(lwc_aes128_cmac_key *k, const uint8_t *key);
int lwc_aes128_cmac(const lwc_aes128_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in,
                    size_t len);
void lwc_aes128_cmac_init(lwc_aes128_cmac_state *st, const lwc_aes128_cmac_key *k);
void lwc_aes128_cmac_update(lwc_aes128_cmac_state *st, const uint8_t *in, size_t len);
int lwc_aes128_cmac_final(lwc_aes128_cmac_state *st, uint8_t *tag, size_t tag_len);
int lwc_aes128_cmac_verify(const lwc_aes128_cmac_key *k, const uint8_t *tag, size_t tag_len,
                           const uint8_t *in, size_t len);
int lwc_aes128_cmac_final_verify(lwc_aes128_cmac_state *st, const uint8_t *tag, size_t tag_len);
void lwc_aes128_eax_setkey(lwc_aes128_eax_key *k, const uint8_t *key);
int lwc_aes128_eax_encrypt(const lwc_aes128_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len);
int lwc_aes128_eax_decrypt(const lwc_aes128_eax_key *k, uint8_t *out, const uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
void lwc_aes128_ccm_setkey(lwc_aes128_ccm_key *k, const uint8_t *key);
int lwc_aes128_ccm_encrypt(const lwc_aes128_ccm_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len);
int lwc_aes128_ccm_decrypt(const lwc_aes128_ccm_key *k, uint8_t *out, const uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif

#endif
