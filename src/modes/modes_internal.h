/* The shared code of the authenticated modes (lwc/modes.h); not part of the public API. */
#ifndef LWC_MODES_INTERNAL_H
#define LWC_MODES_INTERNAL_H

#include "../common/lwc_internal.h"

#define LWC_MODE_MAX_BLOCK 16

/* The message bytes an EAX or CCM pass holds on the stack at a time (a multiple of 16): the
 * bytes it read once, MACs and XORs with the keystream. Each piece costs calls of the CTR
 * part and of the MAC loop (400 to 800 cycles on the ATmega), so the largest the RAM
 * allows: 64 bytes on an AVR with less than 4 KB of RAM (the ATmega328P: 2 KB), 16 on the
 * ATtiny class (512 B at most). RAMEND (avr/io.h): the last RAM address. CCM's piece is
 * beside its copy of the CTR context (ccm.c): half as large when that copy is large. */
#if LWC_ARCH_AVR
#include <avr/io.h>
#endif
#if LWC_AVR_TINY_CLASS
#define LWC_MODE_CHUNK 16
#elif LWC_ARCH_AVR && RAMEND < 0x10ff
#define LWC_MODE_CHUNK 64
#else
#define LWC_MODE_CHUNK 256
#endif

/* Where field f of struct type T ends (the layout checks of the entry points). */
#define LWC_FIELD_END(T, f) (offsetof(T, f) + sizeof(((T *)0)->f))

/* lwc_cbc_step_fn, lwc_ctr_secret_fn: the modes' hooks of the families (lwc_internal.h). */
/* chain[0..n) ^= m[0..n), each byte of m read once and stored at copy, after the byte of
 * chain at its offset is read (so copy may be chain: no copy). */
void lwc_cbc_xor_copy(uint8_t *chain, const uint8_t *m, size_t n, uint8_t *copy);

/* What every mode needs of a cipher: its block size, block function and CBC-MAC step; where
 * it has one (LWC_BLOCK_PAIRS), its pair function, which carries EAX's and CCM's MAC and
 * CTR parts in one pass (lwc_aead_pass), else NULL; where a cipher has one
 * (LWC_PAIR_PASSES), its pair pass over whole blocks, else NULL. */
typedef struct {
    uint8_t block_bytes;
    lwc_block_fn encrypt; /* one block */
    lwc_cbc_step_fn cbc_step;
#if LWC_BLOCK_PAIRS
    lwc_block_pair_fn encrypt_pair; /* or NULL */
#endif
#if LWC_PAIR_PASSES
    lwc_pair_pass_fn pair_pass; /* or NULL */
#endif
} lwc_mode_cipher;

/* c's pair function, or NULL (a constant where no cipher has one: AVR). */
static inline lwc_block_pair_fn lwc_mode_pair(const lwc_mode_cipher *c)
{
#if LWC_BLOCK_PAIRS
    return c->encrypt_pair;
#else
    (void)c;
    return NULL;
#endif
}

/* c's pair pass, or NULL (a constant where no cipher has one). */
static inline lwc_pair_pass_fn lwc_mode_pair_pass(const lwc_mode_cipher *c)
{
#if LWC_PAIR_PASSES
    return c->pair_pass;
#else
    (void)c;
    return NULL;
#endif
}

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
/* Absorbs in[0..len), each byte read once. */
void lwc_mac_absorb(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos, const uint8_t *in,
                    size_t len);
/* CBC-MAC steps over the whole blocks from in to end, their bytes stored at copy (NULL:
 * none). A function of its own (not inlined into its caller): few live values across the
 * step calls, so that avr-gcc keeps them all in registers. */
void lwc_cbc_blocks(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, const uint8_t *in,
                    const uint8_t *end, uint8_t *copy);
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
/* 1 if the n bytes at a and the m bytes at b share an address. */
int lwc_overlap(const void *a, size_t n, const void *b, size_t m);
/* LWC_E_NULL_POINTER if tag or one of m's buffers is missing, else 0. */
int lwc_aead_check(const lwc_aead_msg *m, const void *tag);
/* LWC_E_OVERLAP if out overlaps the nonce, the associated data, the tag or in (but for out ==
 * in), or an encryption's tag any other buffer; else 0. */
int lwc_aead_check_overlap(const lwc_aead_msg *m, const void *tag, size_t tag_len);

/* The bodies of the three above (mac.c's functions are them), for a caller that inlines its
 * checks: the 64-bit hosts' Ascon-AEAD128, whose short messages feel every call. Macros
 * where a function calling an inline one would change the MCUs' code (GCC's register
 * allocation across calls): the overlap test on addresses x and y, and the overlap check,
 * which takes its overlap test (lwc_overlap, or lwc_overlap_inline) and n = m->len. */
#define LWC_OVERLAP(x, n, y, m) ((n) && (m) && (x) < (y) + (m) && (y) < (x) + (n))
static inline int lwc_overlap_inline(const void *a, size_t n, const void *b, size_t m)
{
    const uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return LWC_OVERLAP(x, n, y, m);
}

static inline int lwc_aead_check_inline(const lwc_aead_msg *m, const void *tag)
{
    if (!tag || lwc_missing(m->nonce, m->nonce_len) || lwc_missing(m->ad, m->ad_len) ||
        lwc_missing(m->in, m->len) || lwc_missing(m->out, m->len))
        return LWC_E_NULL_POINTER;
    return 0;
}

#define LWC_AEAD_CHECK_OVERLAP_WITH(overlap, m, n, tag, tag_len)                                    \
    ((((m)->out != (m)->in && overlap((m)->out, n, (m)->in, n)) ||                                    \
      overlap((m)->out, n, (m)->nonce, (m)->nonce_len) || overlap((m)->out, n, (m)->ad, (m)->ad_len) || \
      overlap((m)->out, n, tag, tag_len))                                                             \
         ? LWC_E_OVERLAP                                                                              \
         : 0)

/*
 * The message pass of EAX and CCM: the message in pieces of piece_len bytes (a multiple of
 * 16), each read once from in into piece (the caller's stack) or produced there, and from
 * there MACed and XORed with the keystream, so that the MAC and the output come from the
 * same bytes and out is only written. mac_in = 1: the MAC is over in (EAX decryption, CCM
 * encryption); 0: over the output (EAX encryption, CCM decryption). The piece is left
 * holding what the MAC covers, for the caller to wipe if it is secret (CCM's plaintext;
 * EAX's is ciphertext). The keystream: ctr(ctr_ctx, out, in, n), which continues from call
 * to call; every call but the last has whole blocks. ctr NULL (only for a cipher with a
 * pair function): ctr_ctx is the counter block (big-endian over the block, advanced by
 * one per block begun, in constant time), and each pass of the pair function carries the
 * MAC's pending block (pos = B) and the next counter block; *pos must then be 0 or B. A
 * cipher with a pair pass (lwc_mode_pair_pass) takes the whole blocks after the first
 * through it instead, in registers (the piece unused), where chain is 4-byte aligned.
 */
typedef void (*lwc_aead_ctr_fn)(void *ctr_ctx, uint8_t *out, const uint8_t *in, size_t len);
void lwc_aead_pass(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos, lwc_aead_ctr_fn ctr,
                   void *ctr_ctx, const lwc_aead_msg *m, uint8_t mac_in, uint8_t *piece, size_t piece_len);
/*
 * The end of a decryption: out (len bytes) is kept if computed and tag agree on tag_len
 * bytes and zeroed if not, with the same work either way; returns 0 or LWC_E_AUTH.
 */
int lwc_aead_release(uint8_t *out, size_t len, const uint8_t *computed, const uint8_t *tag, size_t tag_len);

/* ---- CMAC (cmac.c), EAX (eax.c), CCM (ccm.c) over cipher c ---------------------------------
 * ks: the key schedule; subkeys: K1 || K2. */
int lwc_cmac_compute(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, uint8_t *tag, size_t tag_len,
                     const uint8_t *in, size_t len);
int lwc_cmac_check(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, const uint8_t *tag,
                   size_t tag_len, const uint8_t *in, size_t len);
void lwc_cmac_start(uint8_t *chain, uint8_t *pos, size_t block_bytes);
int lwc_cmac_end(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, uint8_t *chain, uint8_t *pos,
                 uint8_t *tag, size_t tag_len);
int lwc_cmac_end_check(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, uint8_t *chain,
                       uint8_t *pos, const uint8_t *tag, size_t tag_len);
/* EAX keys: the key schedule, then K1 || K2 || E([0]) || E([1]) || E([2]) at precomputed. */
void lwc_eax_setkey(const lwc_mode_cipher *c, const void *ks, uint8_t *precomputed);
/* One EAX message, either direction: tag_out NULL, decryption (tag is checked); else
 * encryption (tag_out == tag: the tag is written there at the end). ctr: its CTR part for
 * the cipher (eax.c). */
int lwc_eax_crypt(const lwc_mode_cipher *c, lwc_aead_ctr_fn ctr, const void *ks, const uint8_t *precomputed,
                  const lwc_aead_msg *m, uint8_t *tag_out, const uint8_t *tag, size_t tag_len);

/* The KDF in counter mode of SP 800-108r1 over CMAC (kdf.c); subkeys: K1 || K2. */
int lwc_kdf_ctr_cmac(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, uint8_t *out, size_t out_len,
                     const uint8_t *label, size_t label_len, const uint8_t *context, size_t context_len);

/* CCM's CTR part, run in a scratch context of ctr_bytes on the caller's stack, started by
 * start from the key's keyed CTR context key_ctr at counter block iv: the cipher's own CTR
 * path (lwc_X_ctr_setiv, lwc_X_ctr_crypt) on a copy of key_ctr, or where that path is the
 * reference engine (AES but bitsliced), the engine over key_ctr's key schedule (ccm.c). The
 * key schedule is the first field of a CTR context (ccm.c checks), so the keyed context also
 * serves as the key schedule. */
typedef struct {
    uint16_t ctr_bytes; /* sizeof its scratch context */
    void (*start)(void *scratch, const void *key_ctr, const uint8_t *iv);
    lwc_aead_ctr_fn crypt;
} lwc_mode_ctr;
/* scratch: room for ctr's scratch context (the caller's stack), wiped before returning. */
/* One CCM message, either direction (tag_out and tag as for lwc_eax_crypt); piece: the
 * message pass's (lwc_aead_pass), wiped before returning. */
int lwc_ccm_crypt(const lwc_mode_cipher *c, const lwc_mode_ctr *ctr, const void *key_ctr, void *scratch,
                  uint8_t *piece, size_t piece_len, const lwc_aead_msg *m, uint8_t *tag_out, const uint8_t *tag,
                  size_t tag_len);

#endif
