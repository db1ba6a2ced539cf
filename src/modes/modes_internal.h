/* The shared code of the authenticated modes (lwc/modes.h); not part of the public API. */
#ifndef LWC_MODES_INTERNAL_H
#define LWC_MODES_INTERNAL_H

#include "../common/lwc_internal.h"

#define LWC_MODE_MAX_BLOCK 16

/* Where field f of struct type T ends (the layout checks of the entry points). */
#define LWC_FIELD_END(T, f) (offsetof(T, f) + sizeof(((T *)0)->f))

/* A step of CBC-MAC: chain = E(chain ^ m) for one block m. */
typedef void (*lwc_cbc_step_fn)(const void *ks, uint8_t *chain, const uint8_t *m);

/* CTR with a secret counter (EAX) over whole blocks: out[i] = in[i] ^ E(counter + i) for each
 * block i < blocks (blocks >= 1; out == in allowed), counter + blocks left in counter
 * (big-endian, over the whole block), in constant time. */
typedef void (*lwc_ctr_secret_fn)(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);

/*
 * What the modes need of a cipher. The key schedule is the first field of its CTR context
 * (mode_ciphers.c checks), so a keyed CTR context also serves as the key schedule.
 */
typedef struct {
    uint8_t block_bytes;
    uint16_t ctr_bytes;     /* sizeof its CTR context */
    lwc_block_fn encrypt;   /* one block */
    lwc_cbc_step_fn cbc_step; /* NULL: the XOR, then encrypt */
    lwc_ctr_secret_fn ctr_secret; /* NULL: encrypt, then the XOR and the increment, per block */
    void (*ctr_setiv)(void *ctx, const uint8_t *iv);
    void (*ctr_crypt)(void *ctx, uint8_t *out, const uint8_t *in, size_t len);
} lwc_mode_cipher;

extern const lwc_mode_cipher lwc_mode_present80, lwc_mode_present128, lwc_mode_lea128, lwc_mode_lea192,
    lwc_mode_lea256, lwc_mode_hight, lwc_mode_cham64_128, lwc_mode_cham128_128, lwc_mode_cham128_256,
    lwc_mode_aes128;

/* An EAX or CCM message: nonce, associated data, input and output (out == in allowed). */
typedef struct {
    const uint8_t *nonce;
    size_t nonce_len;
    const uint8_t *ad;
    size_t ad_len;
    const uint8_t *in;
    size_t len;
    uint8_t *out;
} lwc_aead_msg;

/* ---- the MAC engine (mac.c) ---------------------------------------------------------------
 * A CBC-MAC in progress is a chaining value with the bytes of the current block XORed in and
 * their count pos; a complete block stays unencrypted (pos = B) until more input comes, since
 * CMAC treats the last block apart. Every branch depends on lengths only. */
void lwc_mac_absorb(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos, const uint8_t *in,
                    size_t len);
/* CCM's zero padding: encrypts a started block. */
void lwc_mac_pad(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos);
/* K1 then K2 (SP 800-38B 6.1) into subkeys[2B]. */
void lwc_cmac_subkeys(const lwc_mode_cipher *c, const void *ks, uint8_t *subkeys);
/* CMAC's last block (K1, or 10* padding and K2): chain becomes the MAC. */
void lwc_cmac_finish(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, uint8_t *chain, uint8_t pos);
/* 0 when 1 <= tag_len <= B (CMAC, EAX), else LWC_E_TAG_LENGTH. */
static inline int lwc_mode_check_tag_length(const lwc_mode_cipher *c, size_t tag_len)
{
    return tag_len >= 1 && tag_len <= c->block_bytes ? 0 : LWC_E_TAG_LENGTH;
}
/* A buffer that must be there: non-NULL, unless its length is 0. */
static inline int lwc_mode_missing(const void *p, size_t n)
{
    return n != 0 && p == NULL;
}
/* LWC_E_NULL_POINTER if tag or one of m's buffers is missing, else 0. */
int lwc_aead_check(const lwc_aead_msg *m, const void *tag);
/*
 * The end of a decryption: out (len bytes) is kept if computed and tag agree on tag_len
 * bytes and zeroed if not, with the same work either way; returns 0 or LWC_E_AUTH.
 */
int lwc_aead_release(uint8_t *out, size_t len, const uint8_t *computed, const uint8_t *tag, size_t tag_len);
/* Copies the key's CTR context to scratch and restarts it at iv. */
void lwc_mode_ctr_start(const lwc_mode_cipher *c, void *scratch, const void *key_ctr, const uint8_t *iv);

/* ---- CMAC (cmac.c), EAX (eax.c), CCM (ccm.c) over cipher c ---------------------------------
 * ks: the key schedule; subkeys: K1 || K2; key_ctr: the key's keyed CTR context; scratch: room
 * for a CTR context of c's type (the caller's stack), wiped before returning. */
int lwc_cmac_compute(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, uint8_t *tag, size_t tag_len,
                     const uint8_t *in, size_t len);
void lwc_cmac_start(uint8_t *chain, uint8_t *pos, size_t block_bytes);
int lwc_cmac_end(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, uint8_t *chain, uint8_t *pos,
                 uint8_t *tag, size_t tag_len);
/* EAX keys: the key schedule, then K1 || K2 || E([0]) || E([1]) || E([2]) at precomputed. */
void lwc_eax_setkey(const lwc_mode_cipher *c, const void *ks, uint8_t *precomputed);
int lwc_eax_encrypt(const lwc_mode_cipher *c, const void *ks, const uint8_t *precomputed, const lwc_aead_msg *m,
                    uint8_t *tag, size_t tag_len);
int lwc_eax_decrypt(const lwc_mode_cipher *c, const void *ks, const uint8_t *precomputed, const lwc_aead_msg *m,
                    const uint8_t *tag, size_t tag_len);
int lwc_ccm_encrypt(const lwc_mode_cipher *c, const void *key_ctr, void *scratch, const lwc_aead_msg *m,
                    uint8_t *tag, size_t tag_len);
int lwc_ccm_decrypt(const lwc_mode_cipher *c, const void *key_ctr, void *scratch, const lwc_aead_msg *m,
                    const uint8_t *tag, size_t tag_len);

#endif
