/*
 * CTR_DRBG, NIST SP 800-90A Rev. 1 section 10.2.1, with and without the derivation
 * function, over any block cipher of the library (ctr_len = block length: V is
 * incremented as one big-endian integer). See include/lwc/drbg.h for the contract.
 */
#include "../common/lwc_internal.h"
#if !defined(LWC_DRBG_PLAIN)
#include "drbg_tables.h" /* D_drbg_df_schedule NULL: the DRBG computes that key schedule */
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

/* Both instantiate modes end alike: the first Update from zero, then a fresh counter. A
 * reseed interval set on the instantiated state stays; a new state gets the maximum. */
static void seed_state(const drbg_cipher *c, lwc_drbg_state *st, void *ks, uint8_t *seed, uint16_t status)
{
    const int keep_interval = is_instantiated(st) && st->reseed_interval >= 1 &&
                              st->reseed_interval <= c->max_interval;
    update_from_zero(c, st, ks, seed);
    st->reseed_counter = 1;
    if (!keep_interval)
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
    /* SP 800-90A 8.6.7: a nonce of at least half the security strength; SP 800-90C allows
     * none when the entropy input carries 1.5 times the strength. */
    const int nonce_needed = 2 * entropy_len < 3u * c->security_bytes;
    if ((nonce_needed && 2 * nonce_len < c->security_bytes) || nonce_len > LWC_DRBG_MAX_INPUT)
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

#if defined(LWC_DRBG_PLAIN)
#define DRBG_TABLES(D) NULL, sizeof(lwc_##D##_key), NULL, NULL
#else
#define DRBG_TABLES(D) D##_drbg_df_schedule, sizeof(lwc_##D##_key), \
                       &D##_drbg_bcc_first[0][0], &D##_drbg_update0[0]
#endif

/*
 * Bodies of the entry points below (which they read by their parameter names): the shared
 * code with cipher D's parameters, and, where it needs one, a scratch key schedule of D's
 * type on the stack, wiped after use.
 */
#define DRBG_WITH_SCRATCH(D, call)                      \
    lwc_##D##_key scratch;                              \
    const int r = d ? call : LWC_E_NULL_POINTER;        \
    lwc_wipe(&scratch, sizeof scratch);                 \
    return r
#define DRBG_INSTANTIATE(D)                                                                  \
    DRBG_WITH_SCRATCH(D, drbg_instantiate(&D##_drbg, &d->st, &d->ks, &scratch, entropy,      \
                                          entropy_len, nonce, nonce_len, pers, pers_len))
#define DRBG_GENERATE(D)                                                                     \
    DRBG_WITH_SCRATCH(D, drbg_generate(&D##_drbg, &d->st, &d->ks, &scratch, out, out_len,    \
                                       add, add_len))
#define DRBG_INSTANTIATE_NODF(D)                                                             \
    return d ? drbg_instantiate_nodf(&D##_drbg, &d->st, &d->ks, entropy, entropy_len, pers,  \
                                     pers_len)                                               \
             : LWC_E_NULL_POINTER
#define DRBG_SET_RESEED_INTERVAL(D) \
    return d ? drbg_set_reseed_interval(&D##_drbg, &d->st, interval) : LWC_E_NULL_POINTER

/* The parameters of the DRBG over cipher D, with adapters to its block functions. */
#define DRBG_CIPHER(D, BLOCK, KEY, SECURITY, MAX_REQUEST, MAX_INTERVAL)                          \
    static void D##_drbg_setkey(void *ks, const uint8_t *key)                                    \
    {                                                                                            \
        lwc_##D##_setkey((lwc_##D##_key *)ks, key);                                              \
    }                                                                                            \
    static void D##_drbg_encrypt(const void *ks, uint8_t *out, const uint8_t *in)                \
    {                                                                                            \
        lwc_##D##_encrypt((const lwc_##D##_key *)ks, out, in);                                   \
    }                                                                                            \
    static const drbg_cipher D##_drbg = {BLOCK, KEY, SECURITY, MAX_REQUEST, MAX_INTERVAL,        \
                                         D##_drbg_setkey, D##_drbg_encrypt, DRBG_TABLES(D)};     \
    /* reseed and reseed_nodf, with a scratch key schedule of D's type (wiped) */                \
    static int D##_drbg_reseed(lwc_##D##_drbg *d, int df, const uint8_t *entropy,                \
                               size_t entropy_len, const uint8_t *add, size_t add_len)           \
    {                                                                                            \
        DRBG_WITH_SCRATCH(D, drbg_reseed(&D##_drbg, &d->st, &d->ks, &scratch, df, entropy,       \
                                         entropy_len, add, add_len));                            \
    }

DRBG_CIPHER(aes128, 16, 16, 16, LWC_AES128_DRBG_MAX_REQUEST, LWC_AES128_DRBG_MAX_RESEED_INTERVAL)
DRBG_CIPHER(lea128, 16, 16, 16, LWC_LEA128_DRBG_MAX_REQUEST, LWC_LEA128_DRBG_MAX_RESEED_INTERVAL)
DRBG_CIPHER(lea192, 16, 24, 24, LWC_LEA192_DRBG_MAX_REQUEST, LWC_LEA192_DRBG_MAX_RESEED_INTERVAL)
DRBG_CIPHER(lea256, 16, 32, 32, LWC_LEA256_DRBG_MAX_REQUEST, LWC_LEA256_DRBG_MAX_RESEED_INTERVAL)
DRBG_CIPHER(hight, 8, 16, 16, LWC_HIGHT_DRBG_MAX_REQUEST, LWC_HIGHT_DRBG_MAX_RESEED_INTERVAL)

/* CTR_DRBG over AES-128. */
int lwc_aes128_drbg_instantiate(lwc_aes128_drbg *d, const uint8_t *entropy, size_t entropy_len,
                                const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,
                                size_t pers_len)
{
    DRBG_INSTANTIATE(aes128);
}

int lwc_aes128_drbg_instantiate_nodf(lwc_aes128_drbg *d, const uint8_t *entropy, size_t entropy_len,
                                     const uint8_t *pers, size_t pers_len)
{
    DRBG_INSTANTIATE_NODF(aes128);
}

int lwc_aes128_drbg_reseed(lwc_aes128_drbg *d, const uint8_t *entropy, size_t entropy_len,
                           const uint8_t *add, size_t add_len)
{
    return aes128_drbg_reseed(d, 1, entropy, entropy_len, add, add_len);
}

int lwc_aes128_drbg_reseed_nodf(lwc_aes128_drbg *d, const uint8_t *entropy, size_t entropy_len,
                                const uint8_t *add, size_t add_len)
{
    return aes128_drbg_reseed(d, 0, entropy, entropy_len, add, add_len);
}

int lwc_aes128_drbg_generate(lwc_aes128_drbg *d, uint8_t *out, size_t out_len, const uint8_t *add,
                             size_t add_len)
{
    DRBG_GENERATE(aes128);
}

int lwc_aes128_drbg_set_reseed_interval(lwc_aes128_drbg *d, uint64_t interval)
{
    DRBG_SET_RESEED_INTERVAL(aes128);
}

void lwc_aes128_drbg_wipe(lwc_aes128_drbg *d)
{
    lwc_wipe(d, sizeof *d);
}

/* CTR_DRBG over LEA-128. */
int lwc_lea128_drbg_instantiate(lwc_lea128_drbg *d, const uint8_t *entropy, size_t entropy_len,
                                const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,
                                size_t pers_len)
{
    DRBG_INSTANTIATE(lea128);
}

int lwc_lea128_drbg_instantiate_nodf(lwc_lea128_drbg *d, const uint8_t *entropy, size_t entropy_len,
                                     const uint8_t *pers, size_t pers_len)
{
    DRBG_INSTANTIATE_NODF(lea128);
}

int lwc_lea128_drbg_reseed(lwc_lea128_drbg *d, const uint8_t *entropy, size_t entropy_len,
                           const uint8_t *add, size_t add_len)
{
    return lea128_drbg_reseed(d, 1, entropy, entropy_len, add, add_len);
}

int lwc_lea128_drbg_reseed_nodf(lwc_lea128_drbg *d, const uint8_t *entropy, size_t entropy_len,
                                const uint8_t *add, size_t add_len)
{
    return lea128_drbg_reseed(d, 0, entropy, entropy_len, add, add_len);
}

int lwc_lea128_drbg_generate(lwc_lea128_drbg *d, uint8_t *out, size_t out_len, const uint8_t *add,
                             size_t add_len)
{
    DRBG_GENERATE(lea128);
}

int lwc_lea128_drbg_set_reseed_interval(lwc_lea128_drbg *d, uint64_t interval)
{
    DRBG_SET_RESEED_INTERVAL(lea128);
}

void lwc_lea128_drbg_wipe(lwc_lea128_drbg *d)
{
    lwc_wipe(d, sizeof *d);
}

/* CTR_DRBG over LEA-192. */
int lwc_lea192_drbg_instantiate(lwc_lea192_drbg *d, const uint8_t *entropy, size_t entropy_len,
                                const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,
                                size_t pers_len)
{
    DRBG_INSTANTIATE(lea192);
}

int lwc_lea192_drbg_instantiate_nodf(lwc_lea192_drbg *d, const uint8_t *entropy, size_t entropy_len,
                                     const uint8_t *pers, size_t pers_len)
{
    DRBG_INSTANTIATE_NODF(lea192);
}

int lwc_lea192_drbg_reseed(lwc_lea192_drbg *d, const uint8_t *entropy, size_t entropy_len,
                           const uint8_t *add, size_t add_len)
{
    return lea192_drbg_reseed(d, 1, entropy, entropy_len, add, add_len);
}

int lwc_lea192_drbg_reseed_nodf(lwc_lea192_drbg *d, const uint8_t *entropy, size_t entropy_len,
                                const uint8_t *add, size_t add_len)
{
    return lea192_drbg_reseed(d, 0, entropy, entropy_len, add, add_len);
}

int lwc_lea192_drbg_generate(lwc_lea192_drbg *d, uint8_t *out, size_t out_len, const uint8_t *add,
                             size_t add_len)
{
    DRBG_GENERATE(lea192);
}

int lwc_lea192_drbg_set_reseed_interval(lwc_lea192_drbg *d, uint64_t interval)
{
    DRBG_SET_RESEED_INTERVAL(lea192);
}

void lwc_lea192_drbg_wipe(lwc_lea192_drbg *d)
{
    lwc_wipe(d, sizeof *d);
}

/* CTR_DRBG over LEA-256. */
int lwc_lea256_drbg_instantiate(lwc_lea256_drbg *d, const uint8_t *entropy, size_t entropy_len,
                                const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,
                                size_t pers_len)
{
    DRBG_INSTANTIATE(lea256);
}

int lwc_lea256_drbg_instantiate_nodf(lwc_lea256_drbg *d, const uint8_t *entropy, size_t entropy_len,
                                     const uint8_t *pers, size_t pers_len)
{
    DRBG_INSTANTIATE_NODF(lea256);
}

int lwc_lea256_drbg_reseed(lwc_lea256_drbg *d, const uint8_t *entropy, size_t entropy_len,
                           const uint8_t *add, size_t add_len)
{
    return lea256_drbg_reseed(d, 1, entropy, entropy_len, add, add_len);
}

int lwc_lea256_drbg_reseed_nodf(lwc_lea256_drbg *d, const uint8_t *entropy, size_t entropy_len,
                                const uint8_t *add, size_t add_len)
{
    return lea256_drbg_reseed(d, 0, entropy, entropy_len, add, add_len);
}

int lwc_lea256_drbg_generate(lwc_lea256_drbg *d, uint8_t *out, size_t out_len, const uint8_t *add,
                             size_t add_len)
{
    DRBG_GENERATE(lea256);
}

int lwc_lea256_drbg_set_reseed_interval(lwc_lea256_drbg *d, uint64_t interval)
{
    DRBG_SET_RESEED_INTERVAL(lea256);
}

void lwc_lea256_drbg_wipe(lwc_lea256_drbg *d)
{
    lwc_wipe(d, sizeof *d);
}

/* CTR_DRBG over HIGHT. */
int lwc_hight_drbg_instantiate(lwc_hight_drbg *d, const uint8_t *entropy, size_t entropy_len,
                               const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,
                               size_t pers_len)
{
    DRBG_INSTANTIATE(hight);
}

int lwc_hight_drbg_instantiate_nodf(lwc_hight_drbg *d, const uint8_t *entropy, size_t entropy_len,
                                    const uint8_t *pers, size_t pers_len)
{
    DRBG_INSTANTIATE_NODF(hight);
}

int lwc_hight_drbg_reseed(lwc_hight_drbg *d, const uint8_t *entropy, size_t entropy_len,
                          const uint8_t *add, size_t add_len)
{
    return hight_drbg_reseed(d, 1, entropy, entropy_len, add, add_len);
}

int lwc_hight_drbg_reseed_nodf(lwc_hight_drbg *d, const uint8_t *entropy, size_t entropy_len,
                               const uint8_t *add, size_t add_len)
{
    return hight_drbg_reseed(d, 0, entropy, entropy_len, add, add_len);
}

int lwc_hight_drbg_generate(lwc_hight_drbg *d, uint8_t *out, size_t out_len, const uint8_t *add,
                            size_t add_len)
{
    DRBG_GENERATE(hight);
}

int lwc_hight_drbg_set_reseed_interval(lwc_hight_drbg *d, uint64_t interval)
{
    DRBG_SET_RESEED_INTERVAL(hight);
}

void lwc_hight_drbg_wipe(lwc_hight_drbg *d)
{
    lwc_wipe(d, sizeof *d);
}
