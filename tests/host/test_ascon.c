/*
 * Host tests of Ascon (lwc/ascon.h): the final standard's KATs (one call and streaming in
 * several chunk sizes) and the Ascon v1.2 results that must not be reproduced, on the library
 * and on a reference written here from SP 800-232 (plain: the S-box as its table, column by
 * column; padding by building the padded string), which the same vectors check first; then
 * the library against the reference on random lengths, streaming splits, tag truncation, in
 * place, tampering (every bit of tag, ciphertext, associated data and nonce), overlaps and the
 * error contract (nothing written, states unchanged), and a const key left unchanged.
 * Last line "N passed, M failed"; $LWC_TEST_SEED replays a run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/ascon_backend.h"
#include "../common/check.h"
#include "../common/rng.h"
#include "../common/vectors.h"

#define TRIALS 300
#define MAX_MSG 300

/* ---- the reference, from SP 800-232 ------------------------------------------------------ */

/* The S-box as the standard tabulates it: input x0 x1 x2 x3 x4 of a column, x0 the top bit. */
static const uint8_t ref_sbox[32] = {0x04, 0x0b, 0x1f, 0x14, 0x1a, 0x15, 0x09, 0x02, 0x1b, 0x05, 0x08,
                                     0x12, 0x1d, 0x03, 0x06, 0x1c, 0x1e, 0x13, 0x07, 0x0e, 0x00, 0x0d,
                                     0x11, 0x18, 0x10, 0x0c, 0x01, 0x19, 0x16, 0x0a, 0x0f, 0x17};

static uint64_t ref_ror(uint64_t x, int n)
{
    return x >> n | x << (64 - n);
}

/* Ascon-p[rounds]: the last rounds of the 16 the standard defines, round i adding c_i. */
static void ref_p(uint64_t s[5], int rounds)
{
    static const uint8_t c[16] = {0x3c, 0x2d, 0x1e, 0x0f, 0xf0, 0xe1, 0xd2, 0xc3,
                                  0xb4, 0xa5, 0x96, 0x87, 0x78, 0x69, 0x5a, 0x4b};
    static const int rot[5][2] = {{19, 28}, {61, 39}, {1, 6}, {10, 17}, {7, 41}};
    for (int i = 16 - rounds; i < 16; i++) {
        s[2] ^= c[i];
        uint64_t t[5] = {0};
        for (int j = 0; j < 64; j++) {
            unsigned x = 0;
            for (int w = 0; w < 5; w++)
                x = x << 1 | (unsigned)(s[w] >> j & 1);
            const unsigned y = ref_sbox[x];
            for (int w = 0; w < 5; w++)
                t[w] |= (uint64_t)(y >> (4 - w) & 1) << j;
        }
        for (int w = 0; w < 5; w++)
            s[w] = t[w] ^ ref_ror(t[w], rot[w][0]) ^ ref_ror(t[w], rot[w][1]);
    }
}

static uint64_t ref_le(const uint8_t *p)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | p[i];
    return x;
}

static void ref_put(uint8_t *p, uint64_t x)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(x >> (8 * i));
}

/* x || 01 || 00.. up to a multiple of rate bytes (a whole block more when full); its length. */
static size_t ref_pad(uint8_t *out, const uint8_t *x, size_t n, size_t rate)
{
    const size_t padded = (n / rate + 1) * rate;
    memset(out, 0, padded);
    if (n)
        memcpy(out, x, n);
    out[n] = 0x01;
    return padded;
}

/* Ascon-AEAD128 encryption, tag_len <= 16 bytes of tag (SP 800-232, Algorithm 3). */
static void ref_aead(const uint8_t *key, const uint8_t *nonce, const uint8_t *ad, size_t ad_len, const uint8_t *pt,
                     size_t len, uint8_t *ct, uint8_t *tag, size_t tag_len)
{
    static uint8_t buf[MAX_MSG + 32];
    const uint64_t k0 = ref_le(key), k1 = ref_le(key + 8);
    uint64_t s[5] = {0x00001000808c0001ull, k0, k1, ref_le(nonce), ref_le(nonce + 8)};
    ref_p(s, 12);
    s[3] ^= k0;
    s[4] ^= k1;
    if (ad_len) {
        const size_t n = ref_pad(buf, ad, ad_len, 16);
        for (size_t i = 0; i < n; i += 16) {
            s[0] ^= ref_le(buf + i);
            s[1] ^= ref_le(buf + i + 8);
            ref_p(s, 8);
        }
    }
    s[4] ^= 1ull << 63;
    const size_t n = ref_pad(buf, pt, len, 16);
    for (size_t i = 0; i < n; i += 16) {
        uint8_t block[16];
        s[0] ^= ref_le(buf + i);
        s[1] ^= ref_le(buf + i + 8);
        ref_put(block, s[0]);
        ref_put(block + 8, s[1]);
        memcpy(ct + i, block, i + 16 <= len ? 16 : len - i);
        if (i + 16 < n)
            ref_p(s, 8);
    }
    s[2] ^= k0;
    s[3] ^= k1;
    ref_p(s, 12);
    uint8_t full[16];
    ref_put(full, s[3] ^ k0);
    ref_put(full + 8, s[4] ^ k1);
    memcpy(tag, full, tag_len);
}

/* Hash256, XOF128, CXOF128 (SP 800-232, Algorithms 5 and 6): S = p12(IV || 0), for CXOF the
 * length of Z in bits as a block and Z padded, then the message padded, then the output. */
static void ref_hash(int kind, const uint8_t *custom, size_t custom_len, const uint8_t *msg, size_t len,
                     uint8_t *out, size_t out_len)
{
    static const uint64_t iv[ASCON_HASHES] = {0x0000080100cc0002ull, 0x0000080000cc0003ull, 0x0000080000cc0004ull};
    static uint8_t buf[MAX_MSG + 16];
    uint64_t s[5] = {iv[kind], 0, 0, 0, 0};
    ref_p(s, 12);
    for (int part = kind == ASCON_CXOF128 ? 0 : 2; part < 3; part++) {
        uint8_t lenblock[8];
        ref_put(lenblock, (uint64_t)custom_len * 8);
        size_t n = part == 0 ? 8 : ref_pad(buf, part == 1 ? custom : msg, part == 1 ? custom_len : len, 8);
        for (size_t i = 0; i < n; i += 8) {
            s[0] ^= ref_le(part == 0 ? lenblock : buf + i);
            ref_p(s, 12);
        }
    }
    for (size_t i = 0; i < out_len; i += 8) {
        uint8_t block[8];
        if (i)
            ref_p(s, 12);
        ref_put(block, s[0]);
        memcpy(out + i, block, out_len - i < 8 ? out_len - i : 8);
    }
}

/* The reference as a backend, checked by the same vectors as the library. */
static int ref_backend_aead(const ascon_backend *b, int decrypt, const uint8_t *key, uint8_t *out, uint8_t *tag,
                            size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                            const uint8_t *in, size_t len)
{
    static uint8_t pt[MAX_MSG], ct[MAX_MSG];
    uint8_t want[16];
    (void)b;
    if (nonce_len != 16 || len > MAX_MSG)
        return ASCON_TRANSPORT_ERROR;
    if (!decrypt) {
        ref_aead(key, nonce, ad, ad_len, in, len, out, tag, tag_len);
        return 0;
    }
    /* Block by block: with the plaintext known before block i and zeros from there, the
     * encryption's block i is the state's rate, which XORed with the ciphertext gives P_i. */
    memset(pt, 0, len);
    for (size_t done = 0; done < len; done += 16) {
        ref_aead(key, nonce, ad, ad_len, pt, len, ct, want, 16);
        for (size_t i = done; i < len && i < done + 16; i++)
            pt[i] = in[i] ^ ct[i];
    }
    ref_aead(key, nonce, ad, ad_len, pt, len, ct, want, 16);
    const int ok = memcmp(want, tag, tag_len) == 0;
    for (size_t i = 0; i < len; i++)
        out[i] = ok ? pt[i] : 0;
    return ok ? 0 : LWC_E_AUTH;
}

static int ref_backend_hash(const ascon_backend *b, int kind, uint8_t *out, size_t out_len, const uint8_t *custom,
                            size_t custom_len, const uint8_t *in, size_t len, size_t chunk)
{
    (void)b;
    (void)chunk;
    if (len > MAX_MSG || custom_len > MAX_MSG)
        return ASCON_TRANSPORT_ERROR;
    ref_hash(kind, custom, custom_len, in, len, out, kind == ASCON_HASH256 ? 32 : out_len);
    return 0;
}

static const ascon_backend ref_backend = {"the reference", MAX_MSG, ref_backend_aead, ref_backend_hash, NULL};

/* ---- the library against the reference ---------------------------------------------------- */

static const ascon_backend *const lib = &host_ascon_backend;

static size_t random_len(void)
{
    return rng_below(3) ? rng_below(50) : rng_below(MAX_MSG + 1);
}

static void test_aead_reference(void)
{
    for (int trial = 0; trial < TRIALS; trial++) {
        uint8_t key[16], nonce[16], ad[MAX_MSG], pt[MAX_MSG], want_ct[MAX_MSG], want_tag[16];
        uint8_t ct[MAX_MSG + 1], tag[17], back[MAX_MSG + 1];
        const size_t ad_len = random_len(), len = random_len(), tag_len = 4 + rng_below(13);
        rng_fill(key, sizeof key);
        rng_fill(nonce, sizeof nonce);
        rng_fill(ad, ad_len);
        rng_fill(pt, len);
        ref_aead(key, nonce, ad, ad_len, pt, len, want_ct, want_tag, tag_len);
        ct[len] = tag[tag_len] = back[len] = MODE_FILL;
        int r = lib->aead(lib, 0, key, ct, tag, tag_len, nonce, 16, ad, ad_len, pt, len);
        if (!check(r == 0 && memcmp(ct, want_ct, len) == 0 && memcmp(tag, want_tag, tag_len) == 0 &&
                       ct[len] == MODE_FILL && tag[tag_len] == MODE_FILL,
                   "Ascon-AEAD128 encryption differs from SP 800-232 (ad %zu, len %zu, tag %zu)", ad_len, len, tag_len))
            return;
        r = lib->aead(lib, 1, key, back, want_tag, tag_len, nonce, 16, ad, ad_len, want_ct, len);
        if (!check(r == 0 && memcmp(back, pt, len) == 0 && back[len] == MODE_FILL,
                   "Ascon-AEAD128 decryption failed (%d; ad %zu, len %zu)", r, ad_len, len))
            return;
    }
}

/* Random lengths, outputs and customization strings, one call and streaming in a random
 * chunk size, against the reference. */
static void test_hash_reference(void)
{
    for (int trial = 0; trial < TRIALS; trial++) {
        static uint8_t msg[MAX_MSG], custom[LWC_ASCON_CXOF128_MAX_CUSTOM], want[MAX_MSG], got[MAX_MSG + 1];
        const int kind = (int)rng_below(ASCON_HASHES);
        const size_t len = random_len(), custom_len = rng_below(LWC_ASCON_CXOF128_MAX_CUSTOM + 1);
        const size_t out_len = kind == ASCON_HASH256 ? 32 : random_len();
        const size_t chunk = rng_below(2) ? 1 + rng_below(20) : 1 + rng_below(MAX_MSG);
        rng_fill(msg, len);
        rng_fill(custom, custom_len);
        ref_hash(kind, custom, custom_len, msg, len, want, out_len);
        for (int stream = 0; stream <= 1; stream++) {
            got[out_len] = MODE_FILL;
            const int r = lib->hash(lib, kind, got, out_len, custom, custom_len, msg, len, stream ? chunk : 0);
            if (!check(r == 0 && memcmp(got, want, out_len) == 0 && got[out_len] == MODE_FILL,
                       "%s differs from SP 800-232 (len %zu, custom %zu, out %zu, chunk %zu)", ascon_hash_names[kind],
                       len, custom_len, out_len, stream ? chunk : 0))
                return;
        }
    }
}

/* Every split of the input in two, empty and NULL updates, every chunk size up to 17 for
 * updates and squeezes, a forked (copied) state, and squeezes of a then b bytes: one result. */
static void test_streaming(void)
{
    enum { LEN = 3 * 8 + 1, OUT = 41 };
    uint8_t msg[LEN], custom[11], want[OUT], got[OUT];
    rng_fill(msg, sizeof msg);
    rng_fill(custom, sizeof custom);
    for (int kind = 0; kind < ASCON_HASHES; kind++) {
        const char *name = ascon_hash_names[kind];
        const size_t out_len = kind == ASCON_HASH256 ? 32 : OUT;
        for (size_t n = 0; n <= LEN; n++) {
            ref_hash(kind, custom, sizeof custom, msg, n, want, out_len);
            for (size_t split = 0; split <= n; split++) {
                lwc_ascon_hash256_state h;
                lwc_ascon_xof128_state x;
                int r;
                if (kind == ASCON_HASH256) {
                    lwc_ascon_hash256_init(&h);
                    r = lwc_ascon_hash256_update(&h, msg, split) | lwc_ascon_hash256_update(&h, NULL, 0) |
                        lwc_ascon_hash256_update(&h, msg + split, n - split) | lwc_ascon_hash256_final(&h, got);
                } else {
                    r = kind == ASCON_XOF128 ? (lwc_ascon_xof128_init(&x), 0)
                                             : lwc_ascon_cxof128_init(&x, custom, sizeof custom);
                    r |= lwc_ascon_xof128_update(&x, msg, split) | lwc_ascon_xof128_update(&x, NULL, 0) |
                         lwc_ascon_xof128_update(&x, msg + split, n - split);
                    /* the output split at the same point, with an empty squeeze between */
                    const size_t cut = split < out_len ? split : out_len;
                    r |= lwc_ascon_xof128_squeeze(&x, got, cut) | lwc_ascon_xof128_squeeze(&x, NULL, 0) |
                         lwc_ascon_xof128_squeeze(&x, got + cut, out_len - cut);
                }
                if (!check(r == 0 && memcmp(got, want, out_len) == 0, "%s of %zu bytes split at %zu differs", name,
                           n, split))
                    return;
            }
        }
        for (size_t chunk = 1; chunk <= 17; chunk++)
            check(lib->hash(lib, kind, got, out_len, custom, sizeof custom, msg, LEN, chunk) == 0 &&
                      memcmp(got, want, out_len) == 0,
                  "%s in chunks of %zu differs", name, chunk);
    }
    /* A copy of a state carries on alone: the digest of a prefix, then of the whole. */
    lwc_ascon_hash256_state h, fork;
    uint8_t prefix[32], whole[32];
    lwc_ascon_hash256_init(&h);
    lwc_ascon_hash256_update(&h, msg, 10);
    memcpy(&fork, &h, sizeof h);
    lwc_ascon_hash256_final(&fork, got);
    lwc_ascon_hash256(prefix, msg, 10);
    lwc_ascon_hash256_update(&h, msg + 10, LEN - 10);
    lwc_ascon_hash256_final(&h, whole);
    lwc_ascon_hash256(want, msg, LEN);
    check(memcmp(got, prefix, 32) == 0 && memcmp(whole, want, 32) == 0, "a copied Hash256 state differs");
    /* One-shot calls in place (out over in), and a NULL input of length 0. */
    uint8_t buf[OUT];
    memcpy(buf, msg, LEN);
    lwc_ascon_xof128(want, OUT, msg, LEN);
    lwc_ascon_xof128(buf, OUT, buf, LEN);
    check(memcmp(buf, want, OUT) == 0, "XOF128 in place differs");
    memcpy(buf, msg, LEN);
    lwc_ascon_hash256(want, msg, LEN);
    lwc_ascon_hash256(buf, buf, LEN);
    check(memcmp(buf, want, 32) == 0, "Hash256 in place differs");
    ref_hash(ASCON_HASH256, NULL, 0, NULL, 0, want, 32);
    lwc_ascon_hash256(got, NULL, 0);
    check(memcmp(got, want, 32) == 0 && lwc_ascon_cxof128(got, 0, NULL, 0, NULL, 0) == 0,
          "empty inputs given as NULL are refused");
}

/* A tag of t bytes is the first t bytes of the full one, accepted at that length only. */
static void test_truncation(void)
{
    uint8_t key[16], nonce[16], ad[8], pt[20], ct[20], back[20], full[16], tag[16];
    rng_fill(key, sizeof key);
    rng_fill(nonce, sizeof nonce);
    rng_fill(ad, sizeof ad);
    rng_fill(pt, sizeof pt);
    lib->aead(lib, 0, key, ct, full, 16, nonce, 16, ad, 8, pt, sizeof pt);
    for (size_t t = 4; t <= 16; t++) {
        lib->aead(lib, 0, key, ct, tag, t, nonce, 16, ad, 8, pt, sizeof pt);
        check(memcmp(tag, full, t) == 0, "Ascon-AEAD128: a %zu-byte tag is not the full tag's start", t);
        check(lib->aead(lib, 1, key, back, tag, t, nonce, 16, ad, 8, ct, sizeof pt) == 0 &&
                  memcmp(back, pt, sizeof pt) == 0,
              "Ascon-AEAD128: a %zu-byte tag is not accepted", t);
    }
}

/* In place (out == in) gives what separate buffers give, both ways; the key is unchanged. */
static void test_in_place(void)
{
    lwc_ascon_aead128_key k, before;
    uint8_t key[16], nonce[16], ad[8], pt[3 * 16 + 5], ct[sizeof pt], buf[sizeof pt], tag[16], tag2[16];
    rng_fill(key, sizeof key);
    rng_fill(nonce, sizeof nonce);
    rng_fill(ad, sizeof ad);
    rng_fill(pt, sizeof pt);
    lwc_ascon_aead128_setkey(&k, key);
    memcpy(&before, &k, sizeof k);
    lwc_ascon_aead128_encrypt(&k, ct, tag, 16, nonce, 16, ad, 8, pt, sizeof pt);
    memcpy(buf, pt, sizeof pt);
    check(lwc_ascon_aead128_encrypt(&k, buf, tag2, 16, nonce, 16, ad, 8, buf, sizeof pt) == 0 &&
              memcmp(buf, ct, sizeof pt) == 0 && memcmp(tag, tag2, 16) == 0,
          "Ascon-AEAD128: in-place encryption differs");
    check(lwc_ascon_aead128_decrypt(&k, buf, tag, 16, nonce, 16, ad, 8, buf, sizeof pt) == 0 &&
              memcmp(buf, pt, sizeof pt) == 0,
          "Ascon-AEAD128: in-place decryption differs");
    check(memcmp(&before, &k, sizeof k) == 0, "Ascon-AEAD128: encryption or decryption changed the key");
    lwc_wipe(&k, sizeof k);
}

/* ---- errors --------------------------------------------------------------------------------- */

static int untouched(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != MODE_FILL)
            return 0;
    return 1;
}

/* One refused call on the buffers of a (out and tag filled with MODE_FILL before): its code
 * and nothing written. */
typedef struct {
    const lwc_ascon_aead128_key *k;
    uint8_t *out, *tag;
    size_t tag_len;
    const uint8_t *nonce;
    size_t nonce_len;
    const uint8_t *ad;
    size_t ad_len;
    const uint8_t *in;
    size_t len;
} aead_call;

static int aead_run(const aead_call *c, int decrypt)
{
    return decrypt ? lwc_ascon_aead128_decrypt(c->k, c->out, c->tag, c->tag_len, c->nonce, c->nonce_len, c->ad,
                                               c->ad_len, c->in, c->len)
                   : lwc_ascon_aead128_encrypt(c->k, c->out, c->tag, c->tag_len, c->nonce, c->nonce_len, c->ad,
                                               c->ad_len, c->in, c->len);
}

static void test_aead_errors(void)
{
    lwc_ascon_aead128_key k;
    uint8_t key[16], nonce[17], in[64], out[64], tag[20], pool[64];
    rng_fill(key, sizeof key);
    rng_fill(nonce, sizeof nonce);
    rng_fill(in, sizeof in);
    lwc_ascon_aead128_setkey(&k, key);
    const struct {
        const char *what;
        int want;
        aead_call c;
    } cases[] = {
        {"k NULL", LWC_E_NULL_POINTER, {NULL, out, tag, 16, nonce, 16, in, 8, in + 8, 16}},
        {"tag NULL", LWC_E_NULL_POINTER, {&k, out, NULL, 16, nonce, 16, in, 8, in + 8, 16}},
        {"nonce NULL", LWC_E_NULL_POINTER, {&k, out, tag, 16, NULL, 16, in, 8, in + 8, 16}},
        {"ad NULL", LWC_E_NULL_POINTER, {&k, out, tag, 16, nonce, 16, NULL, 8, in + 8, 16}},
        {"in NULL", LWC_E_NULL_POINTER, {&k, out, tag, 16, nonce, 16, in, 8, NULL, 16}},
        {"out NULL", LWC_E_NULL_POINTER, {&k, NULL, tag, 16, nonce, 16, in, 8, in + 8, 16}},
        {"NULL before a bad tag length", LWC_E_NULL_POINTER, {&k, NULL, tag, 3, nonce, 15, in, 8, in + 8, 16}},
        {"tag_len 0", LWC_E_TAG_LENGTH, {&k, out, tag, 0, nonce, 16, in, 8, in + 8, 16}},
        {"tag_len 3", LWC_E_TAG_LENGTH, {&k, out, tag, 3, nonce, 16, in, 8, in + 8, 16}},
        {"tag_len 17", LWC_E_TAG_LENGTH, {&k, out, tag, 17, nonce, 16, in, 8, in + 8, 16}},
        {"a bad tag length before a bad nonce", LWC_E_TAG_LENGTH, {&k, out, tag, 17, nonce, 15, in, 8, in + 8, 16}},
        {"nonce_len 0", LWC_E_NONCE_LENGTH, {&k, out, tag, 16, NULL, 0, in, 8, in + 8, 16}},
        {"nonce_len 12", LWC_E_NONCE_LENGTH, {&k, out, tag, 16, nonce, 12, in, 8, in + 8, 16}},
        {"nonce_len 15", LWC_E_NONCE_LENGTH, {&k, out, tag, 16, nonce, 15, in, 8, in + 8, 16}},
        {"nonce_len 17", LWC_E_NONCE_LENGTH, {&k, out, tag, 16, nonce, 17, in, 8, in + 8, 16}},
        {"a bad nonce before an overlap", LWC_E_NONCE_LENGTH, {&k, in, tag, 16, nonce, 15, in, 8, in + 8, 16}},
    };
    for (int dec = 0; dec <= 1; dec++) {
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            memset(out, MODE_FILL, sizeof out);
            memset(tag, MODE_FILL, sizeof tag);
            const int r = aead_run(&cases[i].c, dec);
            check(r == cases[i].want && untouched(out, sizeof out) && (dec || untouched(tag, sizeof tag)),
                  "Ascon-AEAD128 %s with %s: returned %d (want %d) or wrote", dec ? "decrypt" : "encrypt",
                  cases[i].what, r, cases[i].want);
        }
    }
    /* An encryption's tag may overlap nonce, ad or in: they are read before it is written. */
    const size_t tag_at[3] = {0, 16, 32};
    for (int i = 0; i < 3; i++) {
        uint8_t want_tag[16], ct[32], want_ct[32], copy[sizeof pool];
        rng_fill(pool, sizeof pool);
        memcpy(copy, pool, sizeof pool);
        lwc_ascon_aead128_encrypt(&k, want_ct, want_tag, 16, copy, 16, copy + 16, 8, copy + 32, 32);
        const int r = lwc_ascon_aead128_encrypt(&k, ct, pool + tag_at[i], 16, pool, 16, pool + 16, 8, pool + 32, 32);
        check(r == 0 && memcmp(ct, want_ct, 32) == 0 && memcmp(pool + tag_at[i], want_tag, 16) == 0,
              "Ascon-AEAD128: an encryption tag over the %s is refused or wrong", i == 0 ? "nonce" : i == 1 ? "ad" : "input");
    }
    /* Empty buffers given as NULL are fine. */
    check(lwc_ascon_aead128_encrypt(&k, NULL, tag, 16, nonce, 16, NULL, 0, NULL, 0) == 0 &&
              lwc_ascon_aead128_decrypt(&k, NULL, tag, 16, nonce, 16, NULL, 0, NULL, 0) == 0,
          "Ascon-AEAD128: empty buffers given as NULL are refused");
    lwc_wipe(&k, sizeof k);
}

/*
 * Overlaps of out with each other buffer in one pool: nonce at 0..15, ad 16..23, in 32..63,
 * tag 96..111; out (32 bytes) over in, partly over it, over the nonce, the ad or the tag
 * (refused, nothing written), or between in and the tag, touching both (fine). Allowed
 * calls give what separate buffers give; decryptions get a valid record.
 */
static void test_overlaps(void)
{
    enum { NONCE = 0, AD = 16, IN = 32, TAG = 96, LEN = 32, POOL = 128 };
    static const struct {
        const char *what;
        size_t out_at;
        int want;
    } spots[] = {{"out == in", IN, 0},
                 {"out one byte after in", IN + 1, LWC_E_OVERLAP},
                 {"out one byte before in", IN - 1, LWC_E_OVERLAP},
                 {"out over the nonce", NONCE, LWC_E_OVERLAP},
                 {"out over the nonce and ad", 8, LWC_E_OVERLAP},
                 {"out over the tag's first byte", TAG - LEN + 1, LWC_E_OVERLAP},
                 {"out between in and the tag", IN + LEN, 0}};
    lwc_ascon_aead128_key k;
    uint8_t key[16];
    rng_fill(key, sizeof key);
    lwc_ascon_aead128_setkey(&k, key);
    for (int dec = 0; dec <= 1; dec++) {
        for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) {
            uint8_t pool[POOL], copy[POOL], want_out[LEN], want_tag[16], pt[LEN];
            rng_fill(pool, sizeof pool);
            rng_fill(pt, sizeof pt);
            if (dec)
                lwc_ascon_aead128_encrypt(&k, pool + IN, pool + TAG, 16, pool + NONCE, 16, pool + AD, 8, pt, LEN);
            memcpy(copy, pool, sizeof pool);
            const aead_call apart = {&k, want_out, dec ? copy + TAG : want_tag, 16, copy + NONCE, 16, copy + AD, 8,
                                     copy + IN, LEN};
            const aead_call pooled = {&k, pool + spots[i].out_at, pool + TAG, 16, pool + NONCE, 16, pool + AD, 8,
                                      pool + IN, LEN};
            const int want = aead_run(&apart, dec), r = aead_run(&pooled, dec);
            const char *op = dec ? "decrypt" : "encrypt";
            if (spots[i].want)
                check(r == spots[i].want && memcmp(pool, copy, sizeof pool) == 0,
                      "Ascon-AEAD128 %s with %s: returned %d or wrote", op, spots[i].what, r);
            else
                check(r == 0 && want == 0 && memcmp(pool + spots[i].out_at, want_out, LEN) == 0 &&
                          (dec || memcmp(pool + TAG, want_tag, 16) == 0),
                      "Ascon-AEAD128 %s with %s: returned %d or differs from separate buffers", op, spots[i].what, r);
        }
    }
    lwc_wipe(&k, sizeof k);
}

static void test_hash_errors(void)
{
    uint8_t msg[20], custom[LWC_ASCON_CXOF128_MAX_CUSTOM + 1], out[40];
    rng_fill(msg, sizeof msg);
    rng_fill(custom, sizeof custom);
    lwc_ascon_hash256_state h, zero_h, before_h;
    lwc_ascon_xof128_state x, zero_x, before_x;
    memset(&zero_h, 0, sizeof zero_h);
    memset(&zero_x, 0, sizeof zero_x);
    /* A zeroed state is not started; neither is one that final ended (and final wiped it). */
    h = zero_h;
    memset(out, MODE_FILL, sizeof out);
    check(lwc_ascon_hash256_update(&h, msg, 4) == LWC_E_NOT_INSTANTIATED &&
              lwc_ascon_hash256_final(&h, out) == LWC_E_NOT_INSTANTIATED && untouched(out, sizeof out),
          "Hash256 on a zeroed state");
    lwc_ascon_hash256_init(&h);
    lwc_ascon_hash256_update(&h, msg, 5);
    check(lwc_ascon_hash256_final(&h, out) == 0 && memcmp(&h, &zero_h, sizeof h) == 0, "Hash256 final does not wipe");
    memset(out, MODE_FILL, sizeof out);
    check(lwc_ascon_hash256_update(&h, msg, 4) == LWC_E_NOT_INSTANTIATED &&
              lwc_ascon_hash256_final(&h, out) == LWC_E_NOT_INSTANTIATED && untouched(out, sizeof out),
          "Hash256 after final");
    x = zero_x;
    check(lwc_ascon_xof128_update(&x, msg, 4) == LWC_E_NOT_INSTANTIATED &&
              lwc_ascon_xof128_squeeze(&x, out, 8) == LWC_E_NOT_INSTANTIATED && untouched(out, sizeof out),
          "XOF128 on a zeroed state");
    /* NULL: the state, or a buffer with a length; the state unchanged. */
    lwc_ascon_hash256_init(&h);
    lwc_ascon_hash256_update(&h, msg, 3);
    before_h = h;
    check(lwc_ascon_hash256_update(NULL, msg, 4) == LWC_E_NULL_POINTER &&
              lwc_ascon_hash256_update(&h, NULL, 4) == LWC_E_NULL_POINTER &&
              lwc_ascon_hash256_final(&h, NULL) == LWC_E_NULL_POINTER &&
              lwc_ascon_hash256_final(NULL, out) == LWC_E_NULL_POINTER && memcmp(&h, &before_h, sizeof h) == 0,
          "Hash256 NULL arguments");
    lwc_ascon_xof128_init(&x);
    before_x = x;
    check(lwc_ascon_xof128_update(NULL, msg, 4) == LWC_E_NULL_POINTER &&
              lwc_ascon_xof128_update(&x, NULL, 4) == LWC_E_NULL_POINTER &&
              lwc_ascon_xof128_squeeze(&x, NULL, 4) == LWC_E_NULL_POINTER &&
              lwc_ascon_xof128_squeeze(NULL, out, 4) == LWC_E_NULL_POINTER &&
              lwc_ascon_cxof128_init(NULL, custom, 4) == LWC_E_NULL_POINTER &&
              lwc_ascon_cxof128_init(&x, NULL, 4) == LWC_E_NULL_POINTER && memcmp(&x, &before_x, sizeof x) == 0,
          "XOF128 NULL arguments");
    /* The input closes at the first squeeze: a later update is refused and changes nothing. */
    uint8_t want[16], got[16];
    lwc_ascon_xof128(want, 16, msg, 6);
    lwc_ascon_xof128_update(&x, msg, 6);
    lwc_ascon_xof128_squeeze(&x, got, 5);
    before_x = x;
    check(lwc_ascon_xof128_update(&x, msg, 1) == LWC_E_WRONG_MODE && lwc_ascon_xof128_update(&x, NULL, 0) ==
                                                                         LWC_E_WRONG_MODE &&
              memcmp(&x, &before_x, sizeof x) == 0 && lwc_ascon_xof128_squeeze(&x, got + 5, 11) == 0 &&
              memcmp(got, want, 16) == 0,
          "XOF128 update after a squeeze");
    /* The customization string: up to 256 bytes. */
    lwc_ascon_xof128_init(&x);
    before_x = x;
    memset(out, MODE_FILL, sizeof out);
    check(lwc_ascon_cxof128_init(&x, custom, LWC_ASCON_CXOF128_MAX_CUSTOM + 1) == LWC_E_BAD_PARAMETER &&
              memcmp(&x, &before_x, sizeof x) == 0 &&
              lwc_ascon_cxof128(out, sizeof out, custom, LWC_ASCON_CXOF128_MAX_CUSTOM + 1, msg, 4) ==
                  LWC_E_BAD_PARAMETER &&
              lwc_ascon_cxof128(NULL, 4, custom, 4, msg, 4) == LWC_E_NULL_POINTER &&
              lwc_ascon_cxof128(out, 4, NULL, 4, msg, 4) == LWC_E_NULL_POINTER &&
              lwc_ascon_cxof128(out, 4, custom, 4, NULL, 4) == LWC_E_NULL_POINTER && untouched(out, sizeof out),
          "CXOF128 errors");
    check(lwc_ascon_cxof128_init(&x, custom, LWC_ASCON_CXOF128_MAX_CUSTOM) == 0 &&
              lwc_ascon_cxof128(out, sizeof out, custom, LWC_ASCON_CXOF128_MAX_CUSTOM, msg, 4) == 0,
          "CXOF128 refuses a customization string of 256 bytes");
    lwc_wipe(&x, sizeof x);
}

int main(void)
{
    static const size_t chunks[] = {0, 1, 9, 100};
    const uint64_t seed = rng_seed_from_env(0xa5c0);
    printf("lwc Ascon host tests, seed 0x%llx\n", (unsigned long long)seed);
    static const size_t one_call = 0;
    ascon_vectors_run_all(&ref_backend, test_vectors_dir(), &one_call, 1);
    ascon_vectors_run_all(lib, test_vectors_dir(), chunks, sizeof chunks / sizeof chunks[0]);
    test_aead_reference();
    test_hash_reference();
    test_streaming();
    test_truncation();
    test_in_place();
    /* Tampering: 8 bytes of associated data, 35 of message; shorter tags collide by chance
     * (1 in 2^32 a try for 4 bytes). */
    aead_tampering_check(&test_ascon_aead128, "Ascon-AEAD128", 16, 16, 35, 16);
    aead_tampering_check(&test_ascon_aead128, "Ascon-AEAD128", 16, 16, 35, 4);
    test_aead_errors();
    test_overlaps();
    test_hash_errors();
    return check_summary();
}
