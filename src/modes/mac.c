/* The MAC engine shared by CMAC, EAX and CCM, and their common checks (modes_internal.h). */
#include "modes_internal.h"

/* Keeps the compiler from turning arithmetic on a secret into a branch. */
#if defined(__GNUC__)
#define VALUE_BARRIER(x) __asm__("" : "+r"(x))
#else
#define VALUE_BARRIER(x) ((void)0)
#endif

static void encrypt_chain(const lwc_mode_cipher *c, const void *ks, uint8_t *chain)
{
    c->encrypt(ks, chain, chain);
}

static void cbc_mac_blocks(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, const uint8_t *in,
                           size_t nblocks)
{
    const lwc_cbc_step_fn step = c->cbc_step;
    const size_t bs = c->block_bytes;
    if (step) {
        for (; nblocks; nblocks--, in += bs)
            step(ks, chain, in);
        return;
    }
    for (; nblocks; nblocks--, in += bs) {
        lwc_ctr_xor(chain, chain, in, bs);
        encrypt_chain(c, ks, chain);
    }
}

void lwc_mac_absorb(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos, const uint8_t *in,
                    size_t len)
{
    const size_t bs = c->block_bytes;
    if (!len)
        return;
    if (*pos == bs) { /* the pending block was not the last */
        encrypt_chain(c, ks, chain);
        *pos = 0;
    }
    const size_t first = bs - *pos < len ? bs - *pos : len;
    lwc_ctr_xor(chain + *pos, chain + *pos, in, first);
    *pos = (uint8_t)(*pos + first);
    in += first;
    len -= first;
    if (!len)
        return;
    encrypt_chain(c, ks, chain);
    /* Whole blocks but the last, which stays pending (complete or not). */
    const size_t whole = (len - 1) / bs;
    if (whole)
        cbc_mac_blocks(c, ks, chain, in, whole);
    in += whole * bs;
    len -= whole * bs;
    lwc_ctr_xor(chain, chain, in, len);
    *pos = (uint8_t)len;
}

void lwc_mac_pad(const lwc_mode_cipher *c, const void *ks, uint8_t *chain, uint8_t *pos)
{
    if (*pos) {
        encrypt_chain(c, ks, chain);
        *pos = 0;
    }
}

/* Doubling in GF(2^(8B)) (SP 800-38B 6.1): a left shift of the big-endian block, and Rb
 * (0x87 for 128-bit blocks, 0x1b for 64-bit) XORed in when the top bit falls out, by mask. */
static void dbl(uint8_t *out, const uint8_t *in, size_t bs)
{
    const uint8_t rb = bs == 16 ? 0x87 : 0x1b;
    const uint8_t carry_out = (uint8_t)-(in[0] >> 7);
    for (size_t i = 0; i + 1 < bs; i++)
        out[i] = (uint8_t)(in[i] << 1 | in[i + 1] >> 7);
    out[bs - 1] = (uint8_t)(in[bs - 1] << 1 ^ (rb & carry_out));
}

void lwc_cmac_subkeys(const lwc_mode_cipher *c, const void *ks, uint8_t *subkeys)
{
    const size_t bs = c->block_bytes;
    uint8_t l[LWC_MODE_MAX_BLOCK] = {0};
    c->encrypt(ks, l, l);
    dbl(subkeys, l, bs);
    dbl(subkeys + bs, subkeys, bs);
    lwc_wipe(l, sizeof l);
}

void lwc_cmac_finish(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, uint8_t *chain, uint8_t pos)
{
    const size_t bs = c->block_bytes;
    if (pos == bs) {
        lwc_ctr_xor(chain, chain, subkeys, bs);
    } else {
        chain[pos] ^= 0x80;
        lwc_ctr_xor(chain, chain, subkeys + bs, bs);
    }
    encrypt_chain(c, ks, chain);
}

int lwc_aead_check(const lwc_aead_msg *m, const void *tag)
{
    if (!tag || lwc_mode_missing(m->nonce, m->nonce_len) || lwc_mode_missing(m->ad, m->ad_len) ||
        lwc_mode_missing(m->in, m->len) || lwc_mode_missing(m->out, m->len))
        return LWC_E_NULL_POINTER;
    return 0;
}

int lwc_aead_release(uint8_t *out, size_t len, const uint8_t *computed, const uint8_t *tag, size_t tag_len)
{
    uint8_t diff = 0;
    for (size_t i = 0; i < tag_len; i++)
        diff |= computed[i] ^ tag[i];
    const unsigned bad = (unsigned)(diff + 0xff) >> 8; /* 1 iff diff != 0 */
    uint8_t keep = (uint8_t)(bad - 1);                 /* ff: the tags agree */
    VALUE_BARRIER(keep);
    for (size_t i = 0; i < len; i++)
        out[i] &= keep;
    /* A mask, not bad * 11: an MCU without MUL (the ATtiny) multiplies in a loop whose
     * time depends on the operands. */
    return -(int)bad & LWC_E_AUTH;
}

void lwc_mode_ctr_start(const lwc_mode_cipher *c, void *scratch, const void *key_ctr, const uint8_t *iv)
{
    memcpy(scratch, key_ctr, c->ctr_bytes);
    c->ctr_setiv(scratch, iv);
}
