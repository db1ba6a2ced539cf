/*
 * CMAC (NIST SP 800-38B, also OMAC1) over every cipher: the MAC engine of mac.c with the
 * subkeys of the key and CMAC's last block. See include/lwc/modes.h for the contract.
 */
#include "modes_internal.h"

void lwc_cmac_start(uint8_t *chain, uint8_t *pos, size_t block_bytes)
{
    memset(chain, 0, block_bytes);
    *pos = 0;
}

/* The checks of a CMAC: where the tag goes and how long it is, where the input is. */
static int check_cmac(const lwc_mode_cipher *c, const uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len)
{
    if (!tag || lwc_missing(in, len))
        return LWC_E_NULL_POINTER;
    return lwc_mode_check_tag_length(c, tag_len);
}

int lwc_cmac_end(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, uint8_t *chain, uint8_t *pos,
                 uint8_t *tag, size_t tag_len)
{
    const int err = check_cmac(c, tag, tag_len, NULL, 0);
    if (err)
        return err;
    lwc_cmac_finish(c, ks, subkeys, chain, *pos);
    memcpy(tag, chain, tag_len);
    lwc_wipe(chain, c->block_bytes);
    *pos = 0;
    return 0;
}

/* The checks of lwc_cmac_end, then the tag compared with the MAC in constant time. */
int lwc_cmac_end_check(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, uint8_t *chain,
                       uint8_t *pos, const uint8_t *tag, size_t tag_len)
{
    const int err = check_cmac(c, tag, tag_len, NULL, 0);
    if (err)
        return err;
    lwc_cmac_finish(c, ks, subkeys, chain, *pos);
    const uint8_t equal = lwc_equal_mask(chain, tag, tag_len);
    lwc_wipe(chain, c->block_bytes);
    *pos = 0;
    return -(int)(~equal & 1u) & LWC_E_AUTH; /* a mask, not a multiply (lwc_verify) */
}

int lwc_cmac_compute(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, uint8_t *tag, size_t tag_len,
                     const uint8_t *in, size_t len)
{
    uint8_t chain[LWC_MODE_MAX_BLOCK], pos;
    const int err = check_cmac(c, tag, tag_len, in, len);
    if (err)
        return err;
    lwc_cmac_start(chain, &pos, c->block_bytes);
    lwc_mac_absorb(c, ks, chain, &pos, in, len);
    return lwc_cmac_end(c, ks, subkeys, chain, &pos, tag, tag_len);
}

int lwc_cmac_check(const lwc_mode_cipher *c, const void *ks, const uint8_t *subkeys, const uint8_t *tag,
                   size_t tag_len, const uint8_t *in, size_t len)
{
    uint8_t chain[LWC_MODE_MAX_BLOCK], pos;
    const int err = check_cmac(c, tag, tag_len, in, len);
    if (err)
        return err;
    lwc_cmac_start(chain, &pos, c->block_bytes);
    lwc_mac_absorb(c, ks, chain, &pos, in, len);
    return lwc_cmac_end_check(c, ks, subkeys, chain, &pos, tag, tag_len);
}

/*
 * Bodies of the entry points below (which they read by their parameter names): the shared
 * code with cipher X's parameters. K1 || K2 are read as one array.
 */
#define CMAC_SUBKEYS_LAYOUT(X) \
    LWC_STATIC_ASSERT(X##_cmac_subkeys, offsetof(lwc_##X##_cmac_key, k2) == LWC_FIELD_END(lwc_##X##_cmac_key, k1))
#define CMAC_SETKEY(X)                \
    lwc_##X##_setkey(&k->ks, key);    \
    lwc_cmac_subkeys(&lwc_mode_##X, &k->ks, k->k1)
#define CMAC_COMPUTE(X) \
    return k ? lwc_cmac_compute(&lwc_mode_##X, &k->ks, k->k1, tag, tag_len, in, len) : LWC_E_NULL_POINTER
#define CMAC_INIT()   \
    st->key = k;      \
    lwc_cmac_start(st->chain, &st->pos, sizeof st->chain)
#define CMAC_VERIFY(X) \
    return k ? lwc_cmac_check(&lwc_mode_##X, &k->ks, k->k1, tag, tag_len, in, len) : LWC_E_NULL_POINTER
#define CMAC_UPDATE(X) lwc_mac_absorb(&lwc_mode_##X, &st->key->ks, st->chain, &st->pos, in, len)
#define CMAC_FINAL(X)                                                                                      \
    return st ? lwc_cmac_end(&lwc_mode_##X, &st->key->ks, st->key->k1, st->chain, &st->pos, tag, tag_len) \
              : LWC_E_NULL_POINTER
#define CMAC_FINAL_VERIFY(X)                                                                           \
    return st ? lwc_cmac_end_check(&lwc_mode_##X, &st->key->ks, st->key->k1, st->chain, &st->pos, tag, \
                                   tag_len)                                                            \
              : LWC_E_NULL_POINTER

CMAC_SUBKEYS_LAYOUT(present80);
CMAC_SUBKEYS_LAYOUT(present128);
CMAC_SUBKEYS_LAYOUT(lea128);
CMAC_SUBKEYS_LAYOUT(lea192);
CMAC_SUBKEYS_LAYOUT(lea256);
CMAC_SUBKEYS_LAYOUT(hight);
CMAC_SUBKEYS_LAYOUT(cham64_128);
CMAC_SUBKEYS_LAYOUT(cham128_128);
CMAC_SUBKEYS_LAYOUT(cham128_256);
CMAC_SUBKEYS_LAYOUT(aes128);

/* CMAC over PRESENT-80. */
void lwc_present80_cmac_setkey(lwc_present80_cmac_key *k, const uint8_t *key)
{
    CMAC_SETKEY(present80);
}

int lwc_present80_cmac(const lwc_present80_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in,
                       size_t len)
{
    CMAC_COMPUTE(present80);
}

void lwc_present80_cmac_init(lwc_present80_cmac_state *st, const lwc_present80_cmac_key *k)
{
    CMAC_INIT();
}

void lwc_present80_cmac_update(lwc_present80_cmac_state *st, const uint8_t *in, size_t len)
{
    CMAC_UPDATE(present80);
}

int lwc_present80_cmac_final(lwc_present80_cmac_state *st, uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL(present80);
}

int lwc_present80_cmac_verify(const lwc_present80_cmac_key *k, const uint8_t *tag, size_t tag_len, const uint8_t *in,
                       size_t len)
{
    CMAC_VERIFY(present80);
}

int lwc_present80_cmac_final_verify(lwc_present80_cmac_state *st, const uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL_VERIFY(present80);
}

/* CMAC over PRESENT-128. */
void lwc_present128_cmac_setkey(lwc_present128_cmac_key *k, const uint8_t *key)
{
    CMAC_SETKEY(present128);
}

int lwc_present128_cmac(const lwc_present128_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in,
                        size_t len)
{
    CMAC_COMPUTE(present128);
}

void lwc_present128_cmac_init(lwc_present128_cmac_state *st, const lwc_present128_cmac_key *k)
{
    CMAC_INIT();
}

void lwc_present128_cmac_update(lwc_present128_cmac_state *st, const uint8_t *in, size_t len)
{
    CMAC_UPDATE(present128);
}

int lwc_present128_cmac_final(lwc_present128_cmac_state *st, uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL(present128);
}

int lwc_present128_cmac_verify(const lwc_present128_cmac_key *k, const uint8_t *tag, size_t tag_len, const uint8_t *in,
                       size_t len)
{
    CMAC_VERIFY(present128);
}

int lwc_present128_cmac_final_verify(lwc_present128_cmac_state *st, const uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL_VERIFY(present128);
}

/* CMAC over LEA-128. */
void lwc_lea128_cmac_setkey(lwc_lea128_cmac_key *k, const uint8_t *key)
{
    CMAC_SETKEY(lea128);
}

int lwc_lea128_cmac(const lwc_lea128_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len)
{
    CMAC_COMPUTE(lea128);
}

void lwc_lea128_cmac_init(lwc_lea128_cmac_state *st, const lwc_lea128_cmac_key *k)
{
    CMAC_INIT();
}

void lwc_lea128_cmac_update(lwc_lea128_cmac_state *st, const uint8_t *in, size_t len)
{
    CMAC_UPDATE(lea128);
}

int lwc_lea128_cmac_final(lwc_lea128_cmac_state *st, uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL(lea128);
}

int lwc_lea128_cmac_verify(const lwc_lea128_cmac_key *k, const uint8_t *tag, size_t tag_len, const uint8_t *in,
                       size_t len)
{
    CMAC_VERIFY(lea128);
}

int lwc_lea128_cmac_final_verify(lwc_lea128_cmac_state *st, const uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL_VERIFY(lea128);
}

/* CMAC over LEA-192. */
void lwc_lea192_cmac_setkey(lwc_lea192_cmac_key *k, const uint8_t *key)
{
    CMAC_SETKEY(lea192);
}

int lwc_lea192_cmac(const lwc_lea192_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len)
{
    CMAC_COMPUTE(lea192);
}

void lwc_lea192_cmac_init(lwc_lea192_cmac_state *st, const lwc_lea192_cmac_key *k)
{
    CMAC_INIT();
}

void lwc_lea192_cmac_update(lwc_lea192_cmac_state *st, const uint8_t *in, size_t len)
{
    CMAC_UPDATE(lea192);
}

int lwc_lea192_cmac_final(lwc_lea192_cmac_state *st, uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL(lea192);
}

int lwc_lea192_cmac_verify(const lwc_lea192_cmac_key *k, const uint8_t *tag, size_t tag_len, const uint8_t *in,
                       size_t len)
{
    CMAC_VERIFY(lea192);
}

int lwc_lea192_cmac_final_verify(lwc_lea192_cmac_state *st, const uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL_VERIFY(lea192);
}

/* CMAC over LEA-256. */
void lwc_lea256_cmac_setkey(lwc_lea256_cmac_key *k, const uint8_t *key)
{
    CMAC_SETKEY(lea256);
}

int lwc_lea256_cmac(const lwc_lea256_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len)
{
    CMAC_COMPUTE(lea256);
}

void lwc_lea256_cmac_init(lwc_lea256_cmac_state *st, const lwc_lea256_cmac_key *k)
{
    CMAC_INIT();
}

void lwc_lea256_cmac_update(lwc_lea256_cmac_state *st, const uint8_t *in, size_t len)
{
    CMAC_UPDATE(lea256);
}

int lwc_lea256_cmac_final(lwc_lea256_cmac_state *st, uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL(lea256);
}

int lwc_lea256_cmac_verify(const lwc_lea256_cmac_key *k, const uint8_t *tag, size_t tag_len, const uint8_t *in,
                       size_t len)
{
    CMAC_VERIFY(lea256);
}

int lwc_lea256_cmac_final_verify(lwc_lea256_cmac_state *st, const uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL_VERIFY(lea256);
}

/* CMAC over HIGHT. */
void lwc_hight_cmac_setkey(lwc_hight_cmac_key *k, const uint8_t *key)
{
    CMAC_SETKEY(hight);
}

int lwc_hight_cmac(const lwc_hight_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len)
{
    CMAC_COMPUTE(hight);
}

void lwc_hight_cmac_init(lwc_hight_cmac_state *st, const lwc_hight_cmac_key *k)
{
    CMAC_INIT();
}

void lwc_hight_cmac_update(lwc_hight_cmac_state *st, const uint8_t *in, size_t len)
{
    CMAC_UPDATE(hight);
}

int lwc_hight_cmac_final(lwc_hight_cmac_state *st, uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL(hight);
}

int lwc_hight_cmac_verify(const lwc_hight_cmac_key *k, const uint8_t *tag, size_t tag_len, const uint8_t *in,
                       size_t len)
{
    CMAC_VERIFY(hight);
}

int lwc_hight_cmac_final_verify(lwc_hight_cmac_state *st, const uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL_VERIFY(hight);
}

/* CMAC over CHAM-64/128. */
void lwc_cham64_128_cmac_setkey(lwc_cham64_128_cmac_key *k, const uint8_t *key)
{
    CMAC_SETKEY(cham64_128);
}

int lwc_cham64_128_cmac(const lwc_cham64_128_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in,
                        size_t len)
{
    CMAC_COMPUTE(cham64_128);
}

void lwc_cham64_128_cmac_init(lwc_cham64_128_cmac_state *st, const lwc_cham64_128_cmac_key *k)
{
    CMAC_INIT();
}

void lwc_cham64_128_cmac_update(lwc_cham64_128_cmac_state *st, const uint8_t *in, size_t len)
{
    CMAC_UPDATE(cham64_128);
}

int lwc_cham64_128_cmac_final(lwc_cham64_128_cmac_state *st, uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL(cham64_128);
}

int lwc_cham64_128_cmac_verify(const lwc_cham64_128_cmac_key *k, const uint8_t *tag, size_t tag_len, const uint8_t *in,
                       size_t len)
{
    CMAC_VERIFY(cham64_128);
}

int lwc_cham64_128_cmac_final_verify(lwc_cham64_128_cmac_state *st, const uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL_VERIFY(cham64_128);
}

/* CMAC over CHAM-128/128. */
void lwc_cham128_128_cmac_setkey(lwc_cham128_128_cmac_key *k, const uint8_t *key)
{
    CMAC_SETKEY(cham128_128);
}

int lwc_cham128_128_cmac(const lwc_cham128_128_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in,
                         size_t len)
{
    CMAC_COMPUTE(cham128_128);
}

void lwc_cham128_128_cmac_init(lwc_cham128_128_cmac_state *st, const lwc_cham128_128_cmac_key *k)
{
    CMAC_INIT();
}

void lwc_cham128_128_cmac_update(lwc_cham128_128_cmac_state *st, const uint8_t *in, size_t len)
{
    CMAC_UPDATE(cham128_128);
}

int lwc_cham128_128_cmac_final(lwc_cham128_128_cmac_state *st, uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL(cham128_128);
}

int lwc_cham128_128_cmac_verify(const lwc_cham128_128_cmac_key *k, const uint8_t *tag, size_t tag_len, const uint8_t *in,
                       size_t len)
{
    CMAC_VERIFY(cham128_128);
}

int lwc_cham128_128_cmac_final_verify(lwc_cham128_128_cmac_state *st, const uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL_VERIFY(cham128_128);
}

/* CMAC over CHAM-128/256. */
void lwc_cham128_256_cmac_setkey(lwc_cham128_256_cmac_key *k, const uint8_t *key)
{
    CMAC_SETKEY(cham128_256);
}

int lwc_cham128_256_cmac(const lwc_cham128_256_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in,
                         size_t len)
{
    CMAC_COMPUTE(cham128_256);
}

void lwc_cham128_256_cmac_init(lwc_cham128_256_cmac_state *st, const lwc_cham128_256_cmac_key *k)
{
    CMAC_INIT();
}

void lwc_cham128_256_cmac_update(lwc_cham128_256_cmac_state *st, const uint8_t *in, size_t len)
{
    CMAC_UPDATE(cham128_256);
}

int lwc_cham128_256_cmac_final(lwc_cham128_256_cmac_state *st, uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL(cham128_256);
}

int lwc_cham128_256_cmac_verify(const lwc_cham128_256_cmac_key *k, const uint8_t *tag, size_t tag_len, const uint8_t *in,
                       size_t len)
{
    CMAC_VERIFY(cham128_256);
}

int lwc_cham128_256_cmac_final_verify(lwc_cham128_256_cmac_state *st, const uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL_VERIFY(cham128_256);
}

/* CMAC over AES-128. */
void lwc_aes128_cmac_setkey(lwc_aes128_cmac_key *k, const uint8_t *key)
{
    CMAC_SETKEY(aes128);
}

int lwc_aes128_cmac(const lwc_aes128_cmac_key *k, uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len)
{
    CMAC_COMPUTE(aes128);
}

void lwc_aes128_cmac_init(lwc_aes128_cmac_state *st, const lwc_aes128_cmac_key *k)
{
    CMAC_INIT();
}

void lwc_aes128_cmac_update(lwc_aes128_cmac_state *st, const uint8_t *in, size_t len)
{
    CMAC_UPDATE(aes128);
}

int lwc_aes128_cmac_final(lwc_aes128_cmac_state *st, uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL(aes128);
}

int lwc_aes128_cmac_verify(const lwc_aes128_cmac_key *k, const uint8_t *tag, size_t tag_len, const uint8_t *in,
                       size_t len)
{
    CMAC_VERIFY(aes128);
}

int lwc_aes128_cmac_final_verify(lwc_aes128_cmac_state *st, const uint8_t *tag, size_t tag_len)
{
    CMAC_FINAL_VERIFY(aes128);
}
