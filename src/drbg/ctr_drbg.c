/*
 * CTR_DRBG, NIST SP 800-90A Rev. 1 section 10.2.1, with and without the derivation
 * function, over any block cipher of the library (ctr_len = block length: V is
 * incremented as one big-endian integer). See include/lwc/drbg.h for the contract.
 */
#include "../common/lwc_internal.h"
#if !defined(LWC_DRBG_PLAIN)
#include "drbg_tables.h"
#if LWC_BITSLICE32
/* The table holds the reference layout of the AES key schedule, not the fixsliced one of
 * LWC_BITSLICE32 builds: there the AES DRBG computes the schedule of K_df when it needs it. */
#define aes128_drbg_df_key_schedule ((const uint8_t *)NULL)
#endif
#endif

#define STATUS_DF 0xd5f1
#define STATUS_NODF 0xd500
#define MAX_BLOCK 16
#define MAX_KEY 32
/* seedlen rounded up to whole blocks: 48 for LEA-192 (40) and LEA-256 (48). */
#define MAX_SEED_BLOCKS 48

typedef struct {
    uint8_t block_bytes;
    uint8_t key_bytes;
    uint8_t security_bytes;
    uint32_t max_request;
    uint64_t max_interval;
    void (*setkey)(void *ks, const uint8_t *key);
    void (*encrypt)(const void *ks, uint8_t *out, const uint8_t *in);
    /* Precomputed (ROM) or NULL: the key schedule of K_df (key_schedule_bytes long),
     * E(K_df, IV_i) for every BCC chain i of the df, and E(0^keylen, i) for i = 1..
     * (the first Update of instantiate). */
    const uint8_t *df_key_schedule;
    size_t key_schedule_bytes;
    const uint8_t *bcc_first;
    const uint8_t *update0;
} drbg_cipher;

typedef struct {
    const uint8_t *p;
    size_t n;
} segment;

static size_t seedlen(const drbg_cipher *c)
{
    return (size_t)c->key_bytes + c->block_bytes;
}

static void rom_copy(uint8_t *dst, const uint8_t *rom, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = lwc_rom_u8(&rom[i]);
}

/* out = E(V+1) || E(V+2) || ... (len bytes), leaving V at the last counter used. */
static void ctr_blocks(const drbg_cipher *c, const void *ks, uint8_t *v, uint8_t *out, size_t len)
{
    uint8_t block[MAX_BLOCK];
    while (len) {
        const size_t n = len < c->block_bytes ? len : c->block_bytes;
        lwc_ctr_increment(v, c->block_bytes);
        c->encrypt(ks, block, v);
        memcpy(out, block, n);
        out += n;
        len -= n;
    }
    lwc_wipe(block, sizeof block);
}

/* CTR_DRBG_Update: (Key, V) from E(Key, V+1..) XOR provided (seedlen bytes; NULL = zeros). */
static void update(const drbg_cipher *c, lwc_drbg_state *st, void *ks, const uint8_t *provided)
{
    uint8_t temp[MAX_SEED_BLOCKS];
    ctr_blocks(c, ks, st->v, temp, seedlen(c));
    if (provided)
        for (size_t i = 0; i < seedlen(c); i++)
            temp[i] ^= provided[i];
    c->setkey(ks, temp);
    memcpy(st->v, temp + c->key_bytes, c->block_bytes);
    lwc_wipe(temp, sizeof temp);
}

/* The Update of instantiate, which starts from Key = 0 and V = 0. */
static void update_from_zero(const drbg_cipher *c, lwc_drbg_state *st, void *ks, const uint8_t *seed)
{
    uint8_t temp[MAX_SEED_BLOCKS];
    if (c->update0) {
        rom_copy(temp, c->update0, seedlen(c));
    } else {
        uint8_t zero_key[MAX_KEY] = {0};
        memset(st->v, 0, c->block_bytes);
        c->setkey(ks, zero_key);
        ctr_blocks(c, ks, st->v, temp, seedlen(c));
    }
    for (size_t i = 0; i < seedlen(c); i++)
        temp[i] ^= seed[i];
    c->setkey(ks, temp);
    memcpy(st->v, temp + c->key_bytes, c->block_bytes);
    lwc_wipe(temp, sizeof temp);
}

/* BCC over S = L || N || input || 0x80 || zero padding, absorbed one byte at a time. */
typedef struct {
    const drbg_cipher *c;
    const void *ks;
    uint8_t chain[MAX_BLOCK];
    size_t pos;
} bcc_state;

static void bcc_absorb(bcc_state *b, uint8_t byte)
{
    b->chain[b->pos++] ^= byte;
    if (b->pos == b->c->block_bytes) {
        b->c->encrypt(b->ks, b->chain, b->chain);
        b->pos = 0;
    }
}

static void bcc_absorb_u32(bcc_state *b, uint32_t v)
{
    for (int shift = 24; shift >= 0; shift -= 8)
        bcc_absorb(b, (uint8_t)(v >> shift));
}

/* Chain i: BCC(K_df, IV_i || S), IV_i = i (32 bits, big-endian) || zeros. */
static void bcc(const drbg_cipher *c, const void *ks_df, uint32_t i, const segment *in, size_t nseg,
                uint32_t in_len, uint8_t *out)
{
    bcc_state b = {c, ks_df, {0}, 0};
    if (c->bcc_first) {
        rom_copy(b.chain, c->bcc_first + i * c->block_bytes, c->block_bytes);
    } else {
        bcc_absorb_u32(&b, i);
        while (b.pos)
            bcc_absorb(&b, 0);
    }
    bcc_absorb_u32(&b, in_len);
    bcc_absorb_u32(&b, (uint32_t)seedlen(c));
    for (size_t s = 0; s < nseg; s++)
        for (size_t k = 0; k < in[s].n; k++)
            bcc_absorb(&b, in[s].p[k]);
    bcc_absorb(&b, 0x80);
    while (b.pos)
        bcc_absorb(&b, 0);
    memcpy(out, b.chain, c->block_bytes);
    lwc_wipe(&b, sizeof b);
}

/* Block_Cipher_df(input, seedlen). scratch: a key schedule of the cipher's type, which
 * the caller wipes. */
static void block_cipher_df(const drbg_cipher *c, void *scratch, const segment *in, size_t nseg,
                            uint8_t *out)
{
    uint8_t temp[MAX_SEED_BLOCKS], key[MAX_KEY], x[MAX_BLOCK];
    uint32_t in_len = 0;
    for (size_t s = 0; s < nseg; s++)
        in_len += (uint32_t)in[s].n;
    if (c->df_key_schedule) {
        rom_copy(scratch, c->df_key_schedule, c->key_schedule_bytes);
    } else {
        for (uint8_t i = 0; i < c->key_bytes; i++)
            key[i] = i;
        c->setkey(scratch, key);
    }
    for (uint32_t i = 0; i * c->block_bytes < seedlen(c); i++)
        bcc(c, scratch, i, in, nseg, in_len, temp + i * c->block_bytes);
    c->setkey(scratch, temp);
    memcpy(x, temp + c->key_bytes, c->block_bytes);
    for (size_t off = 0; off < seedlen(c); off += c->block_bytes) {
        c->encrypt(scratch, x, x);
        const size_t n = seedlen(c) - off < c->block_bytes ? seedlen(c) - off : c->block_bytes;
        memcpy(out + off, x, n);
    }
    lwc_wipe(temp, sizeof temp);
    lwc_wipe(key, sizeof key);
    lwc_wipe(x, sizeof x);
}

/* seed = a XOR (b zero-padded to seedlen). */
static void xor_padded(const drbg_cipher *c, uint8_t *seed, const uint8_t *a, const uint8_t *b, size_t b_len)
{
    for (size_t i = 0; i < seedlen(c); i++)
        seed[i] = a[i] ^ (i < b_len ? b[i] : 0);
}

static int is_instantiated(const lwc_drbg_state *st)
{
    return st->status == STATUS_DF || st->status == STATUS_NODF;
}

static int missing(const void *p, size_t n)
{
    return n != 0 && p == NULL;
}

/* Both instantiate modes end alike: the first Update from zero, then fresh counters. */
static void seed_state(const drbg_cipher *c, lwc_drbg_state *st, void *ks, uint8_t *seed, uint16_t status)
{
    update_from_zero(c, st, ks, seed);
    st->reseed_counter = 1;
    st->reseed_interval = c->max_interval;
    st->status = status;
    lwc_wipe(seed, MAX_SEED_BLOCKS);
}

static int drbg_instantiate(const drbg_cipher *c, lwc_drbg_state *st, void *ks, void *scratch,
                            const uint8_t *entropy, size_t entropy_len, const uint8_t *nonce,
                            size_t nonce_len, const uint8_t *pers, size_t pers_len)
{
    if (!st || missing(entropy, entropy_len) || missing(nonce, nonce_len) || missing(pers, pers_len))
        return LWC_E_NULL_POINTER;
    if (entropy_len < c->security_bytes || entropy_len > LWC_DRBG_MAX_INPUT)
        return LWC_E_ENTROPY_LENGTH;
    if (nonce_len > LWC_DRBG_MAX_INPUT)
        return LWC_E_NONCE_LENGTH;
    if (pers_len > LWC_DRBG_MAX_INPUT)
        return LWC_E_PERS_LENGTH;
    uint8_t seed[MAX_SEED_BLOCKS];
    const segment in[3] = {{entropy, entropy_len}, {nonce, nonce_len}, {pers, pers_len}};
    block_cipher_df(c, scratch, in, 3, seed);
    seed_state(c, st, ks, seed, STATUS_DF);
    return 0;
}

static int drbg_instantiate_nodf(const drbg_cipher *c, lwc_drbg_state *st, void *ks,
                                 const uint8_t *entropy, size_t entropy_len, const uint8_t *pers,
                                 size_t pers_len)
{
    if (!st || missing(entropy, entropy_len) || missing(pers, pers_len))
        return LWC_E_NULL_POINTER;
    if (entropy_len != seedlen(c))
        return LWC_E_ENTROPY_LENGTH;
    if (pers_len > seedlen(c))
        return LWC_E_PERS_LENGTH;
    uint8_t seed[MAX_SEED_BLOCKS];
    xor_padded(c, seed, entropy, pers, pers_len);
    seed_state(c, st, ks, seed, STATUS_NODF);
    return 0;
}

/* Checks shared by reseed and generate: a usable state and pointers. */
static int check_state(const lwc_drbg_state *st, uint16_t mode)
{
    if (!st)
        return LWC_E_NULL_POINTER;
    if (!is_instantiated(st))
        return LWC_E_NOT_INSTANTIATED;
    if (mode && st->status != mode)
        return LWC_E_WRONG_MODE;
    return 0;
}

static int drbg_reseed(const drbg_cipher *c, lwc_drbg_state *st, void *ks, void *scratch, int df,
                       const uint8_t *entropy, size_t entropy_len, const uint8_t *add, size_t add_len)
{
    int err = check_state(st, df ? STATUS_DF : STATUS_NODF);
    if (err)
        return err;
    if (missing(entropy, entropy_len) || missing(add, add_len))
        return LWC_E_NULL_POINTER;
    if (df ? entropy_len < c->security_bytes || entropy_len > LWC_DRBG_MAX_INPUT
           : entropy_len != seedlen(c))
        return LWC_E_ENTROPY_LENGTH;
    if (add_len > (df ? LWC_DRBG_MAX_INPUT : seedlen(c)))
        return LWC_E_ADD_LENGTH;
    uint8_t seed[MAX_SEED_BLOCKS];
    if (df) {
        const segment in[2] = {{entropy, entropy_len}, {add, add_len}};
        block_cipher_df(c, scratch, in, 2, seed);
    } else {
        xor_padded(c, seed, entropy, add, add_len);
    }
    update(c, st, ks, seed);
    st->reseed_counter = 1;
    lwc_wipe(seed, sizeof seed);
    return 0;
}

static int drbg_generate(const drbg_cipher *c, lwc_drbg_state *st, void *ks, void *scratch,
                         uint8_t *out, size_t out_len, const uint8_t *add, size_t add_len)
{
    int err = check_state(st, 0);
    if (err)
        return err;
    if (missing(out, out_len) || missing(add, add_len))
        return LWC_E_NULL_POINTER;
    if (out_len > c->max_request)
        return LWC_E_REQUEST_LENGTH;
    const int df = st->status == STATUS_DF;
    if (add_len > (df ? LWC_DRBG_MAX_INPUT : seedlen(c)))
        return LWC_E_ADD_LENGTH;
    if (st->reseed_counter > st->reseed_interval)
        return LWC_E_RESEED_REQUIRED;
    uint8_t seed[MAX_SEED_BLOCKS] = {0};
    if (add_len) {
        if (df) {
            const segment in[1] = {{add, add_len}};
            block_cipher_df(c, scratch, in, 1, seed);
        } else {
            memcpy(seed, add, add_len);
        }
        update(c, st, ks, seed);
    }
    ctr_blocks(c, ks, st->v, out, out_len);
    update(c, st, ks, seed);
    st->reseed_counter++;
    lwc_wipe(seed, sizeof seed);
    return 0;
}

static int drbg_set_reseed_interval(const drbg_cipher *c, lwc_drbg_state *st, uint64_t interval)
{
    int err = check_state(st, 0);
    if (err)
        return err;
    if (interval < 1 || interval > c->max_interval)
        return LWC_E_BAD_PARAMETER;
    st->reseed_interval = interval;
    return 0;
}

/* Names of the public entry points; tests/common/drbg_plain.c compiles this file a second
 * time with LWC_DRBG_PLAIN and other names, so both paths can be compared in one program. */
#ifndef LWC_DRBG_NAME
#define LWC_DRBG_NAME(D, op) lwc_##D##_drbg_##op
#endif

#if defined(LWC_DRBG_PLAIN)
#define DRBG_TABLES(D, X) NULL, sizeof(lwc_##X##_key), NULL, NULL
#else
#define DRBG_TABLES(D, X) D##_drbg_df_key_schedule, sizeof(lwc_##X##_key), &D##_drbg_bcc_first[0][0], \
                          &D##_drbg_update0[0]
#endif

/* The per-cipher entry points: adapters, the cipher's parameters, and a scratch key
 * schedule of the right type on the stack, wiped after use. */
#define DEFINE_DRBG(D, X, BLOCK, KEY, SECURITY, MAX_REQUEST, MAX_INTERVAL)                       \
    static void D##_drbg_setkey(void *ks, const uint8_t *key)                                    \
    {                                                                                            \
        lwc_##X##_setkey((lwc_##X##_key *)ks, key);                                              \
    }                                                                                            \
    static void D##_drbg_encrypt(const void *ks, uint8_t *out, const uint8_t *in)                \
    {                                                                                            \
        lwc_##X##_encrypt((const lwc_##X##_key *)ks, out, in);                                   \
    }                                                                                            \
    static const drbg_cipher D##_drbg = {BLOCK, KEY, SECURITY, MAX_REQUEST, MAX_INTERVAL,        \
                                         D##_drbg_setkey, D##_drbg_encrypt, DRBG_TABLES(D, X)};  \
    int LWC_DRBG_NAME(D, instantiate)(lwc_##D##_drbg *d, const uint8_t *entropy, size_t entropy_len, \
                                   const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,   \
                                   size_t pers_len)                                              \
    {                                                                                            \
        lwc_##X##_key scratch;                                                                   \
        int r = d ? drbg_instantiate(&D##_drbg, &d->st, &d->ks, &scratch, entropy, entropy_len,  \
                                     nonce, nonce_len, pers, pers_len)                           \
                  : LWC_E_NULL_POINTER;                                                          \
        lwc_wipe(&scratch, sizeof scratch);                                                      \
        return r;                                                                                \
    }                                                                                            \
    int LWC_DRBG_NAME(D, instantiate_nodf)(lwc_##D##_drbg *d, const uint8_t *entropy,               \
                                        size_t entropy_len, const uint8_t *pers, size_t pers_len) \
    {                                                                                            \
        return d ? drbg_instantiate_nodf(&D##_drbg, &d->st, &d->ks, entropy, entropy_len, pers,  \
                                         pers_len)                                               \
                 : LWC_E_NULL_POINTER;                                                           \
    }                                                                                            \
    static int D##_reseed(lwc_##D##_drbg *d, int df, const uint8_t *entropy, size_t entropy_len, \
                          const uint8_t *add, size_t add_len)                                    \
    {                                                                                            \
        lwc_##X##_key scratch;                                                                   \
        int r = d ? drbg_reseed(&D##_drbg, &d->st, &d->ks, &scratch, df, entropy, entropy_len,   \
                                add, add_len)                                                    \
                  : LWC_E_NULL_POINTER;                                                          \
        lwc_wipe(&scratch, sizeof scratch);                                                      \
        return r;                                                                                \
    }                                                                                            \
    int LWC_DRBG_NAME(D, reseed)(lwc_##D##_drbg *d, const uint8_t *entropy, size_t entropy_len,     \
                              const uint8_t *add, size_t add_len)                                \
    {                                                                                            \
        return D##_reseed(d, 1, entropy, entropy_len, add, add_len);                             \
    }                                                                                            \
    int LWC_DRBG_NAME(D, reseed_nodf)(lwc_##D##_drbg *d, const uint8_t *entropy, size_t entropy_len, \
                                   const uint8_t *add, size_t add_len)                           \
    {                                                                                            \
        return D##_reseed(d, 0, entropy, entropy_len, add, add_len);                             \
    }                                                                                            \
    int LWC_DRBG_NAME(D, generate)(lwc_##D##_drbg *d, uint8_t *out, size_t out_len,                 \
                                const uint8_t *add, size_t add_len)                              \
    {                                                                                            \
        lwc_##X##_key scratch;                                                                   \
        int r = d ? drbg_generate(&D##_drbg, &d->st, &d->ks, &scratch, out, out_len, add,        \
                                  add_len)                                                       \
                  : LWC_E_NULL_POINTER;                                                          \
        lwc_wipe(&scratch, sizeof scratch);                                                      \
        return r;                                                                                \
    }                                                                                            \
    int LWC_DRBG_NAME(D, set_reseed_interval)(lwc_##D##_drbg *d, uint64_t interval)                 \
    {                                                                                            \
        return d ? drbg_set_reseed_interval(&D##_drbg, &d->st, interval) : LWC_E_NULL_POINTER;   \
    }                                                                                            \
    void LWC_DRBG_NAME(D, wipe)(lwc_##D##_drbg *d)                                                  \
    {                                                                                            \
        lwc_wipe(d, sizeof *d);                                                                  \
    }

DEFINE_DRBG(aes128, aes128, 16, 16, 16, LWC_AES128_DRBG_MAX_REQUEST, LWC_AES128_DRBG_MAX_RESEED_INTERVAL)
DEFINE_DRBG(lea128, lea128, 16, 16, 16, LWC_LEA128_DRBG_MAX_REQUEST, LWC_LEA128_DRBG_MAX_RESEED_INTERVAL)
DEFINE_DRBG(lea192, lea192, 16, 24, 24, LWC_LEA192_DRBG_MAX_REQUEST, LWC_LEA192_DRBG_MAX_RESEED_INTERVAL)
DEFINE_DRBG(lea256, lea256, 16, 32, 32, LWC_LEA256_DRBG_MAX_REQUEST, LWC_LEA256_DRBG_MAX_RESEED_INTERVAL)
DEFINE_DRBG(hight, hight, 8, 16, 16, LWC_HIGHT_DRBG_MAX_REQUEST, LWC_HIGHT_DRBG_MAX_RESEED_INTERVAL)
