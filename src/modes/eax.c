/*
 * EAX (Bellare, Rogaway, Wagner, "The EAX Mode of Operation", FSE 2004) over every cipher,
 * for any block size: N' = OMAC^0(N), H' = OMAC^1(H), C = CTR from N'(M), C' = OMAC^2(C),
 * tag = N' ^ H' ^ C', where OMAC^t(X) = CMAC([t]_B || X). See include/lwc/modes.h for the
 * contract.
 * The counter N' is secret: whoever learns it can forge (tag ^ N' is H' ^ C', which holds
 * under any other nonce whose N' is known). So the CTR part is not the cipher's CTR path,
 * whose timing may depend on the counter, which CTR takes as public (the AVR assembly
 * rebuilds its precomputation when the counter leaves a window; the host carries into the
 * upper counter bytes when the low 32 bits wrap): it is the block function on each counter
 * block, incremented in constant time.
 */
#include "modes_internal.h"

/* The precomputed values after the key schedule: K1, K2, then E([t]_B) for t = 0, 1, 2. */
#define OMAC_FIRST(c, precomputed, t) ((precomputed) + (size_t)(2 + (t)) * (c)->block_bytes)

void lwc_eax_setkey(const lwc_mode_cipher *c, const void *ks, uint8_t *precomputed)
{
    const size_t bs = c->block_bytes;
    lwc_cmac_subkeys(c, ks, precomputed);
    for (uint8_t t = 0; t < 3; t++) {
        uint8_t *first = OMAC_FIRST(c, precomputed, t);
        memset(first, 0, bs);
        first[bs - 1] = t;
        c->encrypt(ks, first, first);
    }
}

/* OMAC^t over a message of n bytes, started: its first block E([t]_B) is precomputed unless
 * the message is empty ([t]_B is then its last block, pending). */
static void omac_start(const lwc_mode_cipher *c, const uint8_t *precomputed, uint8_t t, size_t n, uint8_t *chain,
                       uint8_t *pos)
{
    const size_t bs = c->block_bytes;
    if (n) {
        memcpy(chain, OMAC_FIRST(c, precomputed, t), bs);
        *pos = 0;
    } else {
        memset(chain, 0, bs);
        chain[bs - 1] = t;
        *pos = (uint8_t)bs;
    }
}

/* mac = OMAC^t(p[0..n)), each byte read once. */
static void omac(const lwc_mode_cipher *c, const void *ks, const uint8_t *precomputed, uint8_t t,
                 const uint8_t *p, size_t n, uint8_t *mac)
{
    uint8_t pos;
    omac_start(c, precomputed, t, n, mac, &pos);
    lwc_mac_absorb(c, ks, mac, &pos, p, n);
    lwc_cmac_finish(c, ks, precomputed, mac, pos);
}

/* EAX's CTR part: its counter (N' at the start) and what runs it. */
typedef struct {
    const lwc_mode_cipher *c;
    const void *ks;
    uint8_t counter[LWC_MODE_MAX_BLOCK];
} eax_ctr;

/* Whether a family has CTR with a secret counter (lwc_X_ctr_secret, below:
 * LWC_X_MODE_HOOKS); without, EAX's CTR part is the block function alone. */
#define EAX_CTR_HOOKS (LWC_LEA_MODE_HOOKS || LWC_HIGHT_MODE_HOOKS || LWC_CHAM128_MODE_HOOKS)

/* out = in ^ E(counter), E(counter + 1), ... (lwc_aead_ctr_fn) by the block function; the
 * increment touches every byte, whatever the carries. */
static void ctr_by_block(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    eax_ctr *e = (eax_ctr *)ctx;
    const lwc_mode_cipher *c = e->c;
    const uint8_t bs = c->block_bytes;
    uint8_t stream[LWC_MODE_MAX_BLOCK];
    while (len) {
        const size_t n = len < bs ? len : bs;
        c->encrypt(e->ks, stream, e->counter);
        lwc_ctr_increment(e->counter, bs);
        lwc_ctr_xor(out, in, stream, n);
        out += n;
        in += n;
        len -= n;
    }
    lwc_wipe(stream, sizeof stream);
}

#if EAX_CTR_HOOKS
/* The last n < bs bytes of the message: the keystream block from the cipher's ctr_secret
 * on a zero block. Apart (LWC_NOINLINE), so that its block's frame stays out of the path of
 * the whole blocks; one function per block size, which zeroes its block inline. */
static inline LWC_ALWAYS_INLINE void ctr_tail(lwc_ctr_secret_fn whole_blocks, uint8_t bs, eax_ctr *e,
                                              uint8_t *out, const uint8_t *in, size_t n)
{
    uint8_t stream[LWC_MODE_MAX_BLOCK];
    memset(stream, 0, bs);
    whole_blocks(e->ks, e->counter, stream, stream, 1);
    lwc_ctr_xor(out, in, stream, n);
    lwc_wipe(stream, bs);
}

static LWC_NOINLINE void ctr_tail8(lwc_ctr_secret_fn whole_blocks, eax_ctr *e, uint8_t *out, const uint8_t *in,
                                   size_t n)
{
    ctr_tail(whole_blocks, 8, e, out, in, n);
}

static LWC_NOINLINE void ctr_tail16(lwc_ctr_secret_fn whole_blocks, eax_ctr *e, uint8_t *out, const uint8_t *in,
                                    size_t n)
{
    ctr_tail(whole_blocks, 16, e, out, in, n);
}

/* The same by the cipher's ctr_secret (whole_blocks, block size bs), for the ciphers whose
 * assembly has one: the whole blocks in one call, then the rest. Inlined into each cipher's
 * X_eax_ctr (EAX_CTR_SECRET), which calls its ctr_secret directly. */
static inline LWC_ALWAYS_INLINE void ctr_whole(lwc_ctr_secret_fn whole_blocks, uint8_t bs, void *ctx,
                                               uint8_t *out, const uint8_t *in, size_t len)
{
    eax_ctr *e = (eax_ctr *)ctx;
    const size_t done = len & (size_t)-bs;
    if (done) /* done / bs by shifts (bs is 8 or 16): avr-gcc would call its division */
        whole_blocks(e->ks, e->counter, out, in, done >> 3 >> (bs >> 4));
    if (len -= done)
        (bs == 8 ? ctr_tail8 : ctr_tail16)(whole_blocks, e, out + done, in + done, len);
}

/* X_eax_ctr (lwc_aead_ctr_fn): ctr_whole over cipher X's ctr_secret, of block size bs. */
#define EAX_CTR_SECRET(X, bs)                                                                   \
    void lwc_##X##_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, \
                              size_t blocks);                                                   \
    static void X##_eax_ctr(void *ctx, uint8_t *out, const uint8_t *in, size_t len)             \
    {                                                                                           \
        ctr_whole(lwc_##X##_ctr_secret, bs, ctx, out, in, len);                                 \
    }
#endif

/* counter -= blocks, big-endian over the B bytes, every byte touched: N' again from the
 * counter the CTR part advanced (one block buffer less on the stack than keeping N'). */
static void counter_back(uint8_t *counter, uint8_t bs, size_t blocks)
{
    unsigned borrow = 0;
    for (uint8_t i = bs; i--;) {
        const unsigned d = (unsigned)counter[i] - (blocks & 0xffu) - borrow;
        counter[i] = (uint8_t)d;
        borrow = d >> 8 & 1;
        blocks >>= 8; /* size_t has 16 bits at least */
    }
}

int lwc_eax_crypt(const lwc_mode_cipher *c, lwc_aead_ctr_fn ctr, const void *ks, const uint8_t *precomputed,
                  const lwc_aead_msg *m, uint8_t *tag_out, const uint8_t *tag, size_t tag_len)
{
    eax_ctr e = {c, ks, {0}};
    const uint8_t bs = c->block_bytes;
    /* word-aligned: the hooks' and lwc_ctr_xor's word paths */
    uint32_t mac_words[LWC_MODE_MAX_BLOCK / 4], piece_words[LWC_MODE_CHUNK / 4];
    uint8_t *const mac = (uint8_t *)mac_words, pos;
    uint8_t *const piece = (uint8_t *)piece_words; /* ciphertext (not wiped), then H' */
    const uint8_t decrypt = !tag_out;
    int err = lwc_aead_check(m, tag);
    if (!err)
        err = lwc_mode_check_tag_length(c, tag_len);
    if (!err)
        err = lwc_aead_check_overlap(m, tag, tag_len);
    if (err)
        return err;
    omac(c, ks, precomputed, 0, m->nonce, m->nonce_len, e.counter); /* N' */
    /* C' = OMAC^2 over the ciphertext: in when decrypting, out when encrypting. */
    omac_start(c, precomputed, 2, m->len, mac, &pos);
    if (lwc_mode_pair(c)) /* the pass runs the counter with the pair function */
        lwc_aead_pass(c, ks, mac, &pos, NULL, e.counter, m, decrypt, piece, sizeof piece_words);
    else
        lwc_aead_pass(c, ks, mac, &pos, ctr, &e, m, decrypt, piece, sizeof piece_words);
    lwc_cmac_finish(c, ks, precomputed, mac, pos);
    /* N' = the counter less the blocks the pass took (ceil(len / B), by shifts). */
    counter_back(e.counter, bs, (m->len >> 3 >> (bs >> 4)) + ((m->len & (bs - 1u)) != 0));
    omac(c, ks, precomputed, 1, m->ad, m->ad_len, piece); /* H' */
    lwc_ctr_xor(mac, mac, e.counter, bs);
    lwc_ctr_xor(mac, mac, piece, bs); /* the tag */
    if (decrypt) /* out, written as the pass went, is zeroed if the tag does not match */
        err = lwc_aead_release(m->out, m->len, mac, tag, tag_len);
    else
        memcpy(tag_out, mac, tag_len);
    lwc_wipe(mac_words, sizeof mac_words);
    lwc_wipe(e.counter, sizeof e.counter);
    lwc_wipe(piece, bs);
    return err;
}

/* X_EAX_CTR: EAX's CTR part for cipher X, named in the entry points (so that a sketch linked
 * with -flto holds only the one it runs): the assembly's CTR with a secret counter
 * (lwc_X_ctr_secret: the message is XORed as each block is stored), or the block function
 * per block. */
#if LWC_LEA_MODE_HOOKS
EAX_CTR_SECRET(lea128, 16)
EAX_CTR_SECRET(lea192, 16)
EAX_CTR_SECRET(lea256, 16)
#define lea128_EAX_CTR lea128_eax_ctr
#define lea192_EAX_CTR lea192_eax_ctr
#define lea256_EAX_CTR lea256_eax_ctr
#else
#define lea128_EAX_CTR ctr_by_block
#define lea192_EAX_CTR ctr_by_block
#define lea256_EAX_CTR ctr_by_block
#endif
#if LWC_HIGHT_MODE_HOOKS
EAX_CTR_SECRET(hight, 8)
#define hight_EAX_CTR hight_eax_ctr
#else
#define hight_EAX_CTR ctr_by_block
#endif
#if LWC_CHAM_MODE_HOOKS
EAX_CTR_SECRET(cham64_128, 8)
#define cham64_128_EAX_CTR cham64_128_eax_ctr
#else
#define cham64_128_EAX_CTR ctr_by_block
#endif
#if LWC_CHAM128_MODE_HOOKS
EAX_CTR_SECRET(cham128_128, 16)
EAX_CTR_SECRET(cham128_256, 16)
#define cham128_128_EAX_CTR cham128_128_eax_ctr
#define cham128_256_EAX_CTR cham128_256_eax_ctr
#else
#define cham128_128_EAX_CTR ctr_by_block
#define cham128_256_EAX_CTR ctr_by_block
#endif
#define present80_EAX_CTR ctr_by_block
#define present128_EAX_CTR ctr_by_block
#define aes128_EAX_CTR ctr_by_block

/* Bodies of the entry points below (which they read by their parameter names): the shared
 * code with cipher X's parameters. */
#define EAX_PRECOMPUTED_LAYOUT(X)                                                                  \
    LWC_STATIC_ASSERT(X##_eax_precomputed,                                                        \
                      offsetof(lwc_##X##_eax_key, k2) == LWC_FIELD_END(lwc_##X##_eax_key, k1) &&   \
                          offsetof(lwc_##X##_eax_key, omac_first) == LWC_FIELD_END(lwc_##X##_eax_key, k2))
#define EAX_SETKEY(X)              \
    lwc_##X##_setkey(&k->ks, key); \
    lwc_eax_setkey(&lwc_mode_##X, &k->ks, k->k1)
#define EAX_CRYPT(X, tag_out)                                                                            \
    const lwc_aead_msg m = {nonce, nonce_len, ad, ad_len, in, len, out};                                 \
    return k ? lwc_eax_crypt(&lwc_mode_##X, X##_EAX_CTR, &k->ks, k->k1, &m, tag_out, tag, tag_len) \
             : LWC_E_NULL_POINTER

EAX_PRECOMPUTED_LAYOUT(present80);
EAX_PRECOMPUTED_LAYOUT(present128);
EAX_PRECOMPUTED_LAYOUT(lea128);
EAX_PRECOMPUTED_LAYOUT(lea192);
EAX_PRECOMPUTED_LAYOUT(lea256);
EAX_PRECOMPUTED_LAYOUT(hight);
EAX_PRECOMPUTED_LAYOUT(cham64_128);
EAX_PRECOMPUTED_LAYOUT(cham128_128);
EAX_PRECOMPUTED_LAYOUT(cham128_256);
EAX_PRECOMPUTED_LAYOUT(aes128);

/* EAX over PRESENT-80. */
void lwc_present80_eax_setkey(lwc_present80_eax_key *k, const uint8_t *key)
{
    EAX_SETKEY(present80);
}

int lwc_present80_eax_encrypt(const lwc_present80_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                              const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                              const uint8_t *in, size_t len)
{
    EAX_CRYPT(present80, tag);
}

int lwc_present80_eax_decrypt(const lwc_present80_eax_key *k, uint8_t *out, const uint8_t *tag,
                              size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                              size_t ad_len, const uint8_t *in, size_t len)
{
    EAX_CRYPT(present80, NULL);
}

/* EAX over PRESENT-128. */
void lwc_present128_eax_setkey(lwc_present128_eax_key *k, const uint8_t *key)
{
    EAX_SETKEY(present128);
}

int lwc_present128_eax_encrypt(const lwc_present128_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                               const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                               const uint8_t *in, size_t len)
{
    EAX_CRYPT(present128, tag);
}

int lwc_present128_eax_decrypt(const lwc_present128_eax_key *k, uint8_t *out, const uint8_t *tag,
                               size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                               size_t ad_len, const uint8_t *in, size_t len)
{
    EAX_CRYPT(present128, NULL);
}

/* EAX over LEA-128. */
void lwc_lea128_eax_setkey(lwc_lea128_eax_key *k, const uint8_t *key)
{
    EAX_SETKEY(lea128);
}

int lwc_lea128_eax_encrypt(const lwc_lea128_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    EAX_CRYPT(lea128, tag);
}

int lwc_lea128_eax_decrypt(const lwc_lea128_eax_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    EAX_CRYPT(lea128, NULL);
}

/* EAX over LEA-192. */
void lwc_lea192_eax_setkey(lwc_lea192_eax_key *k, const uint8_t *key)
{
    EAX_SETKEY(lea192);
}

int lwc_lea192_eax_encrypt(const lwc_lea192_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    EAX_CRYPT(lea192, tag);
}

int lwc_lea192_eax_decrypt(const lwc_lea192_eax_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    EAX_CRYPT(lea192, NULL);
}

/* EAX over LEA-256. */
void lwc_lea256_eax_setkey(lwc_lea256_eax_key *k, const uint8_t *key)
{
    EAX_SETKEY(lea256);
}

int lwc_lea256_eax_encrypt(const lwc_lea256_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    EAX_CRYPT(lea256, tag);
}

int lwc_lea256_eax_decrypt(const lwc_lea256_eax_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    EAX_CRYPT(lea256, NULL);
}

/* EAX over HIGHT. */
void lwc_hight_eax_setkey(lwc_hight_eax_key *k, const uint8_t *key)
{
    EAX_SETKEY(hight);
}

int lwc_hight_eax_encrypt(const lwc_hight_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                          const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                          const uint8_t *in, size_t len)
{
    EAX_CRYPT(hight, tag);
}

int lwc_hight_eax_decrypt(const lwc_hight_eax_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                          const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                          const uint8_t *in, size_t len)
{
    EAX_CRYPT(hight, NULL);
}

/* EAX over CHAM-64/128. */
void lwc_cham64_128_eax_setkey(lwc_cham64_128_eax_key *k, const uint8_t *key)
{
    EAX_SETKEY(cham64_128);
}

int lwc_cham64_128_eax_encrypt(const lwc_cham64_128_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                               const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                               const uint8_t *in, size_t len)
{
    EAX_CRYPT(cham64_128, tag);
}

int lwc_cham64_128_eax_decrypt(const lwc_cham64_128_eax_key *k, uint8_t *out, const uint8_t *tag,
                               size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                               size_t ad_len, const uint8_t *in, size_t len)
{
    EAX_CRYPT(cham64_128, NULL);
}

/* EAX over CHAM-128/128. */
void lwc_cham128_128_eax_setkey(lwc_cham128_128_eax_key *k, const uint8_t *key)
{
    EAX_SETKEY(cham128_128);
}

int lwc_cham128_128_eax_encrypt(const lwc_cham128_128_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                                const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                                const uint8_t *in, size_t len)
{
    EAX_CRYPT(cham128_128, tag);
}

int lwc_cham128_128_eax_decrypt(const lwc_cham128_128_eax_key *k, uint8_t *out, const uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                                size_t ad_len, const uint8_t *in, size_t len)
{
    EAX_CRYPT(cham128_128, NULL);
}

/* EAX over CHAM-128/256. */
void lwc_cham128_256_eax_setkey(lwc_cham128_256_eax_key *k, const uint8_t *key)
{
    EAX_SETKEY(cham128_256);
}

int lwc_cham128_256_eax_encrypt(const lwc_cham128_256_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                                const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                                const uint8_t *in, size_t len)
{
    EAX_CRYPT(cham128_256, tag);
}

int lwc_cham128_256_eax_decrypt(const lwc_cham128_256_eax_key *k, uint8_t *out, const uint8_t *tag,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                                size_t ad_len, const uint8_t *in, size_t len)
{
    EAX_CRYPT(cham128_256, NULL);
}

/* EAX over AES-128. */
void lwc_aes128_eax_setkey(lwc_aes128_eax_key *k, const uint8_t *key)
{
    EAX_SETKEY(aes128);
}

int lwc_aes128_eax_encrypt(const lwc_aes128_eax_key *k, uint8_t *out, uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    EAX_CRYPT(aes128, tag);
}

int lwc_aes128_eax_decrypt(const lwc_aes128_eax_key *k, uint8_t *out, const uint8_t *tag, size_t tag_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len)
{
    EAX_CRYPT(aes128, NULL);
}
