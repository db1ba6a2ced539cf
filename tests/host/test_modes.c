/*
 * Host tests of the authenticated modes (lwc/modes.h): the vector sets of tests/vectors
 * (modes.txt: RFC 4493, the EAX paper, SP 800-38C, RFC 3610, LEA-CCM; modes_crosscheck.txt:
 * every cipher against pycryptodome; Project Wycheproof's AES-CMAC, AES-EAX and AES-CCM
 * files, every 128-bit-key case, with cmac_verify), then for every cipher against references
 * written here from the specifications (random lengths, empty parts), streaming CMAC splits, tag
 * truncation, in-place calls, tampering (every bit of tag, ciphertext, associated data and
 * nonce), the error contract (nothing written), a const key left unchanged, cmac_verify and
 * cmac_final_verify, the overlap rules (every pair of buffers of a call, and a CMAC's tag
 * over its input), and the C hooks' CTR with a secret counter and the message pass with a pair
 * function (lwc_aead_pass) across the counter's carries.
 * Last line "N passed, M failed"; $LWC_TEST_SEED replays a run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/mode_backend.h"
#include "../common/rng.h"
#include "../common/vectors.h"
#include "../common/wycheproof.h"
#include "../../src/modes/modes_internal.h" /* LWC_X_MODE_HOOKS, lwc_aead_pass */

#define MAX_MSG 200
#define TRIALS 150

/* ---- references, straight from the specifications (slow and plain) ------------------- */

/* Doubling in GF(2^(8B)): Rb 0x87 (B = 16) or 0x1b (B = 8). */
static void ref_dbl(uint8_t *x, size_t bs)
{
    const int top = x[0] & 0x80;
    for (size_t i = 0; i < bs; i++)
        x[i] = (uint8_t)(x[i] << 1 | (i + 1 < bs ? x[i + 1] >> 7 : 0));
    if (top)
        x[bs - 1] ^= bs == 16 ? 0x87 : 0x1b;
}

/* SP 800-38B 6.2: CBC-MAC of the message with its last block XORed with K1 (complete) or
 * padded with 10* and XORed with K2. */
static void ref_cmac(const test_cipher *c, const void *ks, const uint8_t *msg, size_t len, uint8_t *mac)
{
    const size_t bs = c->block_bytes, n = len == 0 ? 1 : (len + bs - 1) / bs;
    uint8_t k[TEST_MAX_BLOCK] = {0}, last[TEST_MAX_BLOCK] = {0}, x[TEST_MAX_BLOCK] = {0};
    c->encrypt(ks, k, k);
    ref_dbl(k, bs);
    const size_t rest = len - (n - 1) * bs;
    memcpy(last, msg + (n - 1) * bs, rest);
    if (rest < bs || len == 0) {
        ref_dbl(k, bs);
        last[rest] = 0x80;
    }
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < bs; j++)
            x[j] ^= i + 1 < n ? msg[i * bs + j] : last[j] ^ k[j];
        c->encrypt(ks, x, x);
    }
    memcpy(mac, x, bs);
}

/* OMAC^t(M) = CMAC([t]_B || M). */
static void ref_omac(const test_cipher *c, const void *ks, uint8_t t, const uint8_t *msg, size_t len, uint8_t *mac)
{
    uint8_t *buf = calloc(c->block_bytes + len + 1, 1);
    buf[c->block_bytes - 1] = t;
    if (len)
        memcpy(buf + c->block_bytes, msg, len);
    ref_cmac(c, ks, buf, c->block_bytes + len, mac);
    free(buf);
}

/* Keystream from counter block ctr (a big-endian integer over the block) XORed into buf. */
static void ref_ctr(const test_cipher *c, const void *ks, const uint8_t *ctr0, uint8_t *buf, size_t len)
{
    const size_t bs = c->block_bytes;
    uint8_t ctr[TEST_MAX_BLOCK], stream[TEST_MAX_BLOCK];
    memcpy(ctr, ctr0, bs);
    for (size_t off = 0; off < len; off += bs) {
        c->encrypt(ks, stream, ctr);
        for (size_t j = 0; j < bs && off + j < len; j++)
            buf[off + j] ^= stream[j];
        for (size_t j = bs; j-- > 0 && ++ctr[j] == 0;)
            ;
    }
}

/*
 * EAX's CTR part where a family's C has it (lwc_X_ctr_secret, LWC_X_MODE_HOOKS on 32-bit
 * cores): the carries between the counter's words, which EAX's random N' makes too rare
 * for the tests above to reach, against ref_ctr, from counters whose last word, last three
 * words or whole block wrap within a call of 1 to 8 blocks (and from a random one), out
 * aligned or not, in place or not, and the counter it leaves.
 */
#if (LWC_LEA_MODE_HOOKS && LWC_LEA_IMPL == LWC_IMPL_C) || (LWC_CHAM128_MODE_HOOKS && LWC_CHAM_IMPL == LWC_IMPL_C)
static void test_ctr_secret(const test_cipher *c,
                            void (*ctr_secret)(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in,
                                               size_t blocks))
{
    static const uint8_t starts[][16] = {
        {0x5a, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0xff, 0xff, 0xff, 0xfd},
        {0x5a, 1, 2, 3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfa},
        {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe},
        {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0},
    };
    test_scratch s;
    uint8_t key[32], start[16], counter[16], want_counter[16], in[8 * 16 + 1], out[8 * 16 + 1], want[8 * 16];
    rng_fill(key, c->key_bytes);
    c->setkey(s.ks, key);
    for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++)
        for (size_t blocks = 1; blocks <= 8; blocks++)
            for (int variant = 0; variant < 3; variant++) { /* aligned, misaligned, in place */
                const size_t n = 16 * blocks;
                uint8_t *const o = variant == 1 ? out + 1 : out;
                const uint8_t *const i = variant == 2 ? o : in + (variant == 1);
                memcpy(start, starts[k], 16);
                if (k == sizeof starts / sizeof starts[0] - 1)
                    rng_fill(start, 16);
                rng_fill((uint8_t *)i, n);
                memcpy(want, i, n);
                ref_ctr(c, s.ks, start, want, n);
                memcpy(want_counter, start, 16);
                for (size_t b = 0; b < blocks; b++)
                    for (size_t j = 16; j-- > 0 && ++want_counter[j] == 0;)
                        ;
                memcpy(counter, start, 16);
                ctr_secret(s.ks, counter, o, i, blocks);
                if (!check(memcmp(o, want, n) == 0 && memcmp(counter, want_counter, 16) == 0,
                           "%s: ctr_secret from start %zu over %zu blocks (variant %d) differs", c->name, k, blocks,
                           variant))
                    return;
            }
}
#endif

/*
 * lwc_aead_pass with a pair function (ctr NULL: EAX's and CCM's pass where the cipher has
 * one), from counters whose last word, the words above it or the whole block wrap within
 * the message, both directions of the MAC (mac_in), out aligned or not: out against
 * ref_ctr, the counter left, and the chain against a CBC-MAC written here (the last block
 * pending, unencrypted, pos its length).
 */
#if LWC_BLOCK_PAIRS
static void test_pass_pairs(const test_cipher *c, const lwc_mode_cipher *mc)
{
    static const uint8_t tails[][8] = {
        {1, 2, 3, 4, 0xff, 0xff, 0xff, 0xfd},
        {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe},
        {0},
    };
    const size_t bs = c->block_bytes;
    test_scratch s;
    uint8_t key[32], start[16], counter[16], want_counter[16], chain[16], want_chain[16], mac_block[16];
    uint8_t in[6 * 16 + 1], out[6 * 16 + 1], want[6 * 16];
    uint32_t piece_words[6 * 16 / 4];
    rng_fill(key, c->key_bytes);
    c->setkey(s.ks, key);
    for (size_t k = 0; k < sizeof tails / sizeof tails[0]; k++)
        for (size_t len = 1; len <= 6 * bs; len += 1 + len / 3)
            for (int variant = 0; variant < 4; variant++) { /* mac_in, misaligned */
                const uint8_t mac_in = variant & 1;
                uint8_t *const o = variant & 2 ? out + 1 : out;
                uint8_t pos = 0;
                const lwc_aead_msg m = {NULL, 0, NULL, 0, in, len, o};
                rng_fill(start, bs);
                memcpy(start + bs - 8, tails[k], 8);
                if (k == 1)
                    memset(start, 0xff, bs - 8);
                rng_fill(in, len);
                rng_fill(chain, bs);
                memcpy(want, in, len);
                ref_ctr(c, s.ks, start, want, len);
                memcpy(want_counter, start, bs);
                memcpy(want_chain, chain, bs);
                for (size_t done = 0; done < len; done += bs) {
                    for (size_t j = bs; j-- > 0 && ++want_counter[j] == 0;)
                        ;
                    if (done)
                        c->encrypt(s.ks, want_chain, want_chain);
                    memcpy(mac_block, (mac_in ? in : want) + done, len - done < bs ? len - done : bs);
                    for (size_t j = 0; j < bs && done + j < len; j++)
                        want_chain[j] ^= mac_block[j];
                }
                memcpy(counter, start, bs);
                lwc_aead_pass(mc, s.ks, chain, &pos, NULL, counter, &m, mac_in, (uint8_t *)piece_words,
                              sizeof piece_words);
                if (!check(memcmp(o, want, len) == 0 && memcmp(counter, want_counter, bs) == 0 &&
                               memcmp(chain, want_chain, bs) == 0 && pos == (len - 1) % bs + 1,
                           "%s: the pair pass from tail %zu over %zu bytes (variant %d) differs", c->name, k, len,
                           variant))
                    return;
            }
}
#endif

/* EAX: C = CTR_{N'}(M), tag = N' ^ H' ^ C' (the full B bytes). */
static void ref_eax(const test_cipher *c, const void *ks, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                    size_t ad_len, const uint8_t *pt, size_t len, uint8_t *ct, uint8_t *tag)
{
    uint8_t n[TEST_MAX_BLOCK], h[TEST_MAX_BLOCK], cm[TEST_MAX_BLOCK];
    ref_omac(c, ks, 0, nonce, nonce_len, n);
    ref_omac(c, ks, 1, ad, ad_len, h);
    memcpy(ct, pt, len);
    ref_ctr(c, ks, n, ct, len);
    ref_omac(c, ks, 2, ct, len, cm);
    for (size_t i = 0; i < c->block_bytes; i++)
        tag[i] = n[i] ^ h[i] ^ cm[i];
}

/* CCM (SP 800-38C 6.1, A.2): B0 || encoded ad, padded || payload, padded, CBC-MAC; Ctr_i. */
static void ref_ccm(const test_cipher *c, const void *ks, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                    size_t ad_len, const uint8_t *pt, size_t len, size_t tag_len, uint8_t *ct, uint8_t *tag)
{
    const size_t q = 15 - nonce_len;
    uint8_t *b = calloc(16 + 10 + ad_len + 16 + len + 16, 1), ctr[16] = {0}, x[16] = {0};
    size_t n = 16;
    b[0] = (uint8_t)((ad_len ? 64 : 0) + 8 * ((tag_len - 2) / 2) + (q - 1));
    memcpy(b + 1, nonce, nonce_len);
    for (size_t i = 0; i < q; i++)
        b[15 - i] = (uint8_t)((uint64_t)len >> (8 * i));
    if (ad_len) {
        if (ad_len < 0xff00) {
            b[n++] = (uint8_t)(ad_len >> 8);
            b[n++] = (uint8_t)ad_len;
        } else {
            b[n++] = 0xff;
            b[n++] = 0xfe;
            for (int i = 3; i >= 0; i--)
                b[n++] = (uint8_t)((uint64_t)ad_len >> (8 * i));
        }
        memcpy(b + n, ad, ad_len);
        n += ad_len;
        n = (n + 15) / 16 * 16;
    }
    if (len)
        memcpy(b + n, pt, len);
    n = (n + len + 15) / 16 * 16;
    for (size_t i = 0; i < n; i += 16) {
        for (size_t j = 0; j < 16; j++)
            x[j] ^= b[i + j];
        c->encrypt(ks, x, x);
    }
    ctr[0] = (uint8_t)(q - 1);
    memcpy(ctr + 1, nonce, nonce_len);
    uint8_t s0[16];
    c->encrypt(ks, s0, ctr);
    for (size_t i = 0; i < tag_len; i++)
        tag[i] = x[i] ^ s0[i];
    ctr[15] = 1;
    memcpy(ct, pt, len);
    ref_ctr(c, ks, ctr, ct, len);
    free(b);
}

/* ---- the library against the references ---------------------------------------------- */

static size_t random_tag_len(int mode, size_t bs)
{
    return mode == TEST_CCM ? 4 + 2 * rng_below(7) : 1 + rng_below((uint32_t)bs);
}

static size_t random_nonce_len(int mode, size_t bs)
{
    return mode == TEST_CCM ? 7 + rng_below(7) : rng_below((uint32_t)(2 * bs + 4));
}

static void test_cmac_reference(const test_cipher *c, const test_mode_cipher *m)
{
    for (int trial = 0; trial < TRIALS; trial++) {
        test_scratch s;
        uint8_t key[TEST_MAX_KEY], msg[MAX_MSG], want[TEST_MAX_BLOCK], tag[TEST_MAX_BLOCK];
        const size_t len = rng_below(2) ? rng_below(5 * c->block_bytes + 4) : rng_below(MAX_MSG + 1);
        const size_t tag_len = 1 + rng_below(c->block_bytes);
        rng_fill(key, c->key_bytes);
        rng_fill(msg, len);
        c->setkey(s.ks, key);
        ref_cmac(c, s.ks, msg, len, want);
        const int r = host_mode_backend.cmac(&host_mode_backend, m, key, tag, tag_len, msg, len, 0);
        if (!check(r == 0 && memcmp(tag, want, tag_len) == 0, "%s: CMAC differs from SP 800-38B (len %zu, tag %zu)",
                   c->name, len, tag_len))
            return;
    }
}

/* Every split in two, every chunk size up to 2B + 1, empty and NULL updates: one result. */
static void test_cmac_streaming(const test_cipher *c, const test_mode_cipher *m)
{
    const size_t bs = c->block_bytes, len = 3 * bs + 1;
    test_mode_key k;
    test_cmac_state st;
    uint8_t key[TEST_MAX_KEY], msg[3 * TEST_MAX_BLOCK + 1], want[TEST_MAX_BLOCK], tag[TEST_MAX_BLOCK];
    rng_fill(key, c->key_bytes);
    rng_fill(msg, len);
    m->cmac_setkey(&k, key);
    for (size_t n = 0; n <= len; n++) {
        m->cmac(&k, want, bs, msg, n);
        for (size_t split = 0; split <= n; split++) {
            m->cmac_init(&st, &k);
            m->cmac_update(&st, msg, split);
            m->cmac_update(&st, NULL, 0);
            m->cmac_update(&st, msg + split, n - split);
            if (!check(m->cmac_final(&st, tag, bs) == 0 && memcmp(tag, want, bs) == 0,
                       "%s: CMAC of %zu bytes split at %zu differs", c->name, n, split))
                return;
        }
    }
    for (size_t chunk = 1; chunk <= 2 * bs + 1; chunk++) {
        m->cmac_init(&st, &k);
        for (size_t off = 0; off < len; off += chunk)
            m->cmac_update(&st, msg + off, len - off < chunk ? len - off : chunk);
        check(m->cmac_final(&st, tag, bs) == 0 && memcmp(tag, want, bs) == 0, "%s: CMAC in chunks of %zu differs",
              c->name, chunk);
    }
    /* A state can be used again after final, once init has restarted it. */
    m->cmac_init(&st, &k);
    m->cmac_update(&st, msg, len);
    check(m->cmac_final(&st, tag, bs) == 0 && memcmp(tag, want, bs) == 0, "%s: CMAC after a final differs",
          c->name);
    lwc_wipe(&k, sizeof k);
}

static void reference_aead(const test_cipher *c, void *ks, int mode, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *ad, size_t ad_len, const uint8_t *pt, size_t len, size_t tag_len,
                           uint8_t *ct, uint8_t *tag)
{
    if (mode == TEST_EAX)
        ref_eax(c, ks, nonce, nonce_len, ad, ad_len, pt, len, ct, tag);
    else
        ref_ccm(c, ks, nonce, nonce_len, ad, ad_len, pt, len, tag_len, ct, tag);
}

static void test_aead_reference(const test_cipher *c, const test_mode_cipher *m, int mode)
{
    const size_t bs = c->block_bytes;
    for (int trial = 0; trial < TRIALS; trial++) {
        test_scratch s;
        uint8_t key[TEST_MAX_KEY], nonce[2 * TEST_MAX_BLOCK + 4], ad[MAX_MSG], pt[MAX_MSG];
        uint8_t want_ct[MAX_MSG], want_tag[TEST_MAX_BLOCK], ct[MAX_MSG + 1], tag[TEST_MAX_BLOCK + 1];
        const size_t nonce_len = random_nonce_len(mode, bs), tag_len = random_tag_len(mode, bs);
        const size_t ad_len = rng_below(3) ? rng_below(3 * (uint32_t)bs + 2) : rng_below(MAX_MSG + 1);
        const size_t len = rng_below(3) ? rng_below(5 * (uint32_t)bs + 2) : rng_below(MAX_MSG + 1);
        rng_fill(key, c->key_bytes);
        rng_fill(nonce, nonce_len);
        rng_fill(ad, ad_len);
        rng_fill(pt, len);
        c->setkey(s.ks, key);
        reference_aead(c, s.ks, mode, nonce, nonce_len, ad, ad_len, pt, len, tag_len, want_ct, want_tag);
        ct[len] = tag[tag_len] = MODE_FILL;
        int r = host_mode_backend.aead(&host_mode_backend, m, mode, 0, key, ct, tag, tag_len, nonce, nonce_len, ad,
                                       ad_len, pt, len);
        if (!check(r == 0 && memcmp(ct, want_ct, len) == 0 && memcmp(tag, want_tag, tag_len) == 0 &&
                       ct[len] == MODE_FILL && tag[tag_len] == MODE_FILL,
                   "%s %s: encryption differs from the specification (nonce %zu, ad %zu, len %zu, tag %zu)", c->name,
                   test_aead_names[mode], nonce_len, ad_len, len, tag_len))
            return;
        r = host_mode_backend.aead(&host_mode_backend, m, mode, 1, key, ct, want_tag, tag_len, nonce, nonce_len, ad,
                                   ad_len, want_ct, len);
        if (!check(r == 0 && memcmp(ct, pt, len) == 0 && ct[len] == MODE_FILL, "%s %s: decryption failed (%d)",
                   c->name, test_aead_names[mode], r))
            return;
    }
}

/* CCM's associated-data lengths at the switch to the six-byte encoding (2^16 - 2^8). */
static void test_ccm_long_ad(const test_cipher *c, const test_mode_cipher *m)
{
    static uint8_t ad[0xff01];
    test_scratch s;
    uint8_t key[TEST_MAX_KEY], nonce[13], pt[40], ct[40], tag[16], want_ct[40], want_tag[16];
    rng_fill(key, c->key_bytes);
    rng_fill(nonce, sizeof nonce);
    rng_fill(ad, sizeof ad);
    rng_fill(pt, sizeof pt);
    c->setkey(s.ks, key);
    for (size_t ad_len = 0xfeff; ad_len <= 0xff01; ad_len++) {
        ref_ccm(c, s.ks, nonce, 13, ad, ad_len, pt, sizeof pt, 16, want_ct, want_tag);
        const int r = host_mode_backend.aead(&host_mode_backend, m, TEST_CCM, 0, key, ct, tag, 16, nonce, 13, ad,
                                             ad_len, pt, sizeof pt);
        check(r == 0 && memcmp(ct, want_ct, sizeof ct) == 0 && memcmp(tag, want_tag, 16) == 0,
              "%s ccm: associated data of %zu bytes", c->name, ad_len);
    }
}

/* A tag of t bytes is the first t bytes of the full one (CMAC, EAX; CCM's length is in B0). */
static void test_truncation(const test_cipher *c, const test_mode_cipher *m)
{
    const size_t bs = c->block_bytes;
    uint8_t key[TEST_MAX_KEY], nonce[12], ad[8], pt[20], ct[20], back[20], full[TEST_MAX_BLOCK], tag[TEST_MAX_BLOCK];
    rng_fill(key, c->key_bytes);
    rng_fill(nonce, sizeof nonce);
    rng_fill(ad, sizeof ad);
    rng_fill(pt, sizeof pt);
    host_mode_backend.cmac(&host_mode_backend, m, key, full, bs, pt, sizeof pt, 0);
    for (size_t t = 1; t <= bs; t++)
        check(host_mode_backend.cmac(&host_mode_backend, m, key, tag, t, pt, sizeof pt, 0) == 0 &&
                  memcmp(tag, full, t) == 0,
              "%s: CMAC tag of %zu bytes is not the full tag's start", c->name, t);
    host_mode_backend.aead(&host_mode_backend, m, TEST_EAX, 0, key, ct, full, bs, nonce, 12, ad, 8, pt, sizeof pt);
    for (size_t t = 1; t <= bs; t++) {
        host_mode_backend.aead(&host_mode_backend, m, TEST_EAX, 0, key, ct, tag, t, nonce, 12, ad, 8, pt, sizeof pt);
        check(memcmp(tag, full, t) == 0, "%s eax: tag of %zu bytes is not the full tag's start", c->name, t);
        check(host_mode_backend.aead(&host_mode_backend, m, TEST_EAX, 1, key, back, tag, t, nonce, 12, ad, 8, ct,
                                     sizeof pt) == 0 &&
                  memcmp(back, pt, sizeof pt) == 0,
              "%s eax: a %zu-byte tag is not accepted", c->name, t);
    }
}

/* In place (out == in) gives what separate buffers give, both ways; the key is unchanged. */
static void test_in_place(const test_cipher *c, const test_mode_cipher *m, int mode)
{
    const test_aead *a = &m->aead[mode];
    const size_t bs = c->block_bytes, tag_len = mode == TEST_CCM ? 8 : bs;
    test_mode_key k, before;
    uint8_t key[TEST_MAX_KEY], nonce[13], ad[8], pt[3 * TEST_MAX_BLOCK + 5], ct[sizeof pt], buf[sizeof pt];
    uint8_t tag[TEST_MAX_BLOCK], tag2[TEST_MAX_BLOCK];
    rng_fill(key, c->key_bytes);
    rng_fill(nonce, sizeof nonce);
    rng_fill(ad, sizeof ad);
    rng_fill(pt, sizeof pt);
    memset(&k, 0, sizeof k); /* its padding too, for the comparison */
    a->setkey(&k, key);
    memcpy(&before, &k, sizeof k);
    a->encrypt(&k, ct, tag, tag_len, nonce, 13, ad, 8, pt, sizeof pt);
    memcpy(buf, pt, sizeof pt);
    check(a->encrypt(&k, buf, tag2, tag_len, nonce, 13, ad, 8, buf, sizeof pt) == 0 &&
              memcmp(buf, ct, sizeof pt) == 0 && memcmp(tag, tag2, tag_len) == 0,
          "%s %s: in-place encryption differs", c->name, test_aead_names[mode]);
    check(a->decrypt(&k, buf, tag, tag_len, nonce, 13, ad, 8, buf, sizeof pt) == 0 && memcmp(buf, pt, sizeof pt) == 0,
          "%s %s: in-place decryption differs", c->name, test_aead_names[mode]);
    check(memcmp(&before, &k, a->key_size) == 0, "%s %s: encryption or decryption changed the key", c->name,
          test_aead_names[mode]);
    lwc_wipe(&k, sizeof k);
}

/* Tampering (aead_tampering_check): a 12- or 13-byte nonce, 2B + 3 bytes of message. */
static void test_tampering(const test_cipher *c, const test_mode_cipher *m, int mode, size_t tag_len)
{
    char name[64];
    snprintf(name, sizeof name, "%s %s", c->name, test_aead_names[mode]);
    aead_tampering_check(&m->aead[mode], name, c->key_bytes, mode == TEST_CCM ? 13 : 12, 2 * c->block_bytes + 3,
                         tag_len);
}

/* Nothing written on an error: out and (encryption) tag still hold MODE_FILL. */
static int untouched(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != MODE_FILL)
            return 0;
    return 1;
}

static void expect_aead_error(const test_cipher *c, const test_aead *a, const char *mode, int want, const void *k,
                              int decrypt, size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                              size_t ad_len, const uint8_t *in, size_t len, int out_null, int tag_null, const char *what)
{
    static uint8_t out[65536 + 16];
    uint8_t tag[TEST_MAX_BLOCK + 3];
    memset(out, MODE_FILL, len);
    memset(tag, MODE_FILL, sizeof tag);
    const int r = decrypt ? a->decrypt(k, out_null ? NULL : out, tag_null ? NULL : tag, tag_len, nonce, nonce_len,
                                       ad, ad_len, in, len)
                          : a->encrypt(k, out_null ? NULL : out, tag_null ? NULL : tag, tag_len, nonce, nonce_len,
                                       ad, ad_len, in, len);
    check(r == want && untouched(out, len) && untouched(tag, sizeof tag),
          "%s %s %s with %s: returned %d (want %d) or wrote", c->name, mode, decrypt ? "decrypt" : "encrypt", what, r,
          want);
}

static void test_aead_errors(const test_cipher *c, const test_mode_cipher *m, int mode)
{
    static uint8_t in[65536 + 16];
    const test_aead *a = &m->aead[mode];
    const char *name = test_aead_names[mode];
    const size_t bs = c->block_bytes, good_tag = mode == TEST_CCM ? 8 : bs;
    test_mode_key k;
    uint8_t key[TEST_MAX_KEY], nonce[16];
    rng_fill(key, c->key_bytes);
    rng_fill(nonce, sizeof nonce);
    rng_fill(in, 64);
    a->setkey(&k, key);
    for (int dec = 0; dec <= 1; dec++) {
        expect_aead_error(c, a, name, LWC_E_NULL_POINTER, NULL, dec, good_tag, nonce, 13, in, 8, in, 16, 0, 0, "k NULL");
        expect_aead_error(c, a, name, LWC_E_NULL_POINTER, &k, dec, good_tag, nonce, 13, in, 8, in, 16, 0, 1, "tag NULL");
        expect_aead_error(c, a, name, LWC_E_NULL_POINTER, &k, dec, good_tag, NULL, 13, in, 8, in, 16, 0, 0,
                          "nonce NULL");
        expect_aead_error(c, a, name, LWC_E_NULL_POINTER, &k, dec, good_tag, nonce, 13, NULL, 8, in, 16, 0, 0,
                          "ad NULL");
        expect_aead_error(c, a, name, LWC_E_NULL_POINTER, &k, dec, good_tag, nonce, 13, in, 8, NULL, 16, 0, 0,
                          "in NULL");
        expect_aead_error(c, a, name, LWC_E_NULL_POINTER, &k, dec, good_tag, nonce, 13, in, 8, in, 16, 1, 0,
                          "out NULL");
        expect_aead_error(c, a, name, LWC_E_TAG_LENGTH, &k, dec, 0, nonce, 13, in, 8, in, 16, 0, 0, "tag_len 0");
        expect_aead_error(c, a, name, LWC_E_TAG_LENGTH, &k, dec, bs + 1, nonce, 13, in, 8, in, 16, 0, 0,
                          "tag_len B + 1");
        if (mode == TEST_CCM) {
            static const size_t bad_tags[] = {2, 3, 5, 15}, bad_nonces[] = {0, 6, 14};
            for (size_t i = 0; i < sizeof bad_tags / sizeof bad_tags[0]; i++)
                expect_aead_error(c, a, name, LWC_E_TAG_LENGTH, &k, dec, bad_tags[i], nonce, 13, in, 8, in, 16, 0, 0,
                                  "an odd or short tag_len");
            for (size_t i = 0; i < sizeof bad_nonces / sizeof bad_nonces[0]; i++)
                expect_aead_error(c, a, name, LWC_E_NONCE_LENGTH, &k, dec, good_tag, nonce, bad_nonces[i], in, 8, in,
                                  16, 0, 0, "a nonce not 7..13 bytes");
            expect_aead_error(c, a, name, LWC_E_MESSAGE_LENGTH, &k, dec, good_tag, nonce, 13, in, 8, in, 65536, 0, 0,
                              "65536 bytes and a 13-byte nonce");
        }
    }
    /* The largest message a 13-byte nonce admits, and NULL buffers of length 0, are fine. */
    uint8_t tag[TEST_MAX_BLOCK];
    static uint8_t out[65535];
    if (mode == TEST_CCM)
        check(a->encrypt(&k, out, tag, good_tag, nonce, 13, NULL, 0, in, 65535) == 0 &&
                  a->decrypt(&k, out, tag, good_tag, nonce, 13, NULL, 0, out, 65535) == 0 && memcmp(out, in, 64) == 0,
              "%s ccm: 65535 bytes with a 13-byte nonce", c->name);
    const size_t nonce_len = mode == TEST_CCM ? 7 : 0;
    check(a->encrypt(&k, NULL, tag, good_tag, mode == TEST_CCM ? nonce : NULL, nonce_len, NULL, 0, NULL, 0) == 0 &&
              a->decrypt(&k, NULL, tag, good_tag, mode == TEST_CCM ? nonce : NULL, nonce_len, NULL, 0, NULL, 0) == 0,
          "%s %s: empty buffers given as NULL are refused", c->name, name);
    lwc_wipe(&k, sizeof k);
}

static void test_cmac_errors(const test_cipher *c, const test_mode_cipher *m)
{
    const size_t bs = c->block_bytes;
    test_mode_key k;
    test_cmac_state st, before;
    uint8_t key[TEST_MAX_KEY], msg[20], tag[TEST_MAX_BLOCK + 1], want[TEST_MAX_BLOCK];
    rng_fill(key, c->key_bytes);
    rng_fill(msg, sizeof msg);
    m->cmac_setkey(&k, key);
    m->cmac(&k, want, bs, msg, sizeof msg);
    const struct {
        const void *k;
        uint8_t *tag;
        size_t tag_len;
        const uint8_t *in;
        int want;
    } cases[] = {{NULL, tag, bs, msg, LWC_E_NULL_POINTER},
                 {&k, NULL, bs, msg, LWC_E_NULL_POINTER},
                 {&k, tag, bs, NULL, LWC_E_NULL_POINTER},
                 {&k, tag, 0, msg, LWC_E_TAG_LENGTH},
                 {&k, tag, bs + 1, msg, LWC_E_TAG_LENGTH}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(tag, MODE_FILL, sizeof tag);
        const int r = m->cmac(cases[i].k, cases[i].tag, cases[i].tag_len, cases[i].in, sizeof msg);
        check(r == cases[i].want && untouched(tag, sizeof tag), "%s: CMAC error case %zu returned %d or wrote",
              c->name, i, r);
    }
    /* final refusing a tag length leaves the state as it was: a second final succeeds. */
    memset(&st, 0, sizeof st); /* its padding too, for the comparison */
    m->cmac_init(&st, &k);
    m->cmac_update(&st, msg, sizeof msg);
    memcpy(&before, &st, sizeof st);
    memset(tag, MODE_FILL, sizeof tag);
    check(m->cmac_final(&st, tag, bs + 1) == LWC_E_TAG_LENGTH && m->cmac_final(&st, NULL, bs) == LWC_E_NULL_POINTER &&
              m->cmac_final(NULL, tag, bs) == LWC_E_NULL_POINTER && untouched(tag, sizeof tag) &&
              memcmp(&before, &st, sizeof st) == 0,
          "%s: CMAC final errors", c->name);
    check(m->cmac_final(&st, tag, bs) == 0 && memcmp(tag, want, bs) == 0, "%s: CMAC final after an error differs",
          c->name);
    check(m->cmac(&k, tag, bs, NULL, 0) == 0, "%s: CMAC of an empty message given as NULL is refused", c->name);
    lwc_wipe(&k, sizeof k);
}

/* ---- CMAC verify ------------------------------------------------------------------------ */

/* A streamed CMAC of msg (in two updates split at split) checked by final_verify. */
static int final_verify(const test_mode_cipher *m, const void *k, test_cmac_state *st, const uint8_t *msg,
                        size_t len, size_t split, const uint8_t *tag, size_t tag_len)
{
    m->cmac_init(st, k);
    m->cmac_update(st, msg, split);
    m->cmac_update(st, msg + split, len - split);
    return m->cmac_final_verify(st, tag, tag_len);
}

/*
 * cmac_verify and cmac_final_verify: the right tag accepted at every tag_len, any one bit of
 * the tag or the message changed refused with LWC_E_AUTH, the error codes of cmac (nothing
 * changed on an error: final_verify leaves the state as it was), and final_verify ending the
 * message as final does (the state after it is the state after final, accepted or not).
 */
static void test_cmac_verify(const test_cipher *c, const test_mode_cipher *m)
{
    const size_t bs = c->block_bytes, len = 2 * bs + 3;
    test_mode_key k;
    test_cmac_state st, after_final, before;
    uint8_t key[TEST_MAX_KEY], msg[2 * TEST_MAX_BLOCK + 3], tag[TEST_MAX_BLOCK + 1], empty_tag[TEST_MAX_BLOCK];
    rng_fill(key, c->key_bytes);
    rng_fill(msg, len);
    m->cmac_setkey(&k, key);
    unsigned wrong = 0;
    for (size_t t = 1; t <= bs; t++) {
        m->cmac(&k, tag, t, msg, len);
        wrong += m->cmac_verify(&k, tag, t, msg, len) != 0;
        wrong += final_verify(m, &k, &st, msg, len, t, tag, t) != 0;
    }
    check(wrong == 0, "%s: %u right tags (of lengths 1..%zu) refused by cmac_verify or cmac_final_verify", c->name,
          wrong, bs);
    m->cmac(&k, tag, bs, msg, len);
    unsigned accepted = 0;
    for (size_t bit = 0; bit < 8 * bs; bit++) {
        tag[bit / 8] ^= (uint8_t)(1 << bit % 8);
        accepted += m->cmac_verify(&k, tag, bs, msg, len) != LWC_E_AUTH;
        accepted += final_verify(m, &k, &st, msg, len, bs, tag, bs) != LWC_E_AUTH;
        tag[bit / 8] ^= (uint8_t)(1 << bit % 8);
    }
    for (size_t bit = 0; bit < 8 * len; bit++) {
        msg[bit / 8] ^= (uint8_t)(1 << bit % 8);
        accepted += m->cmac_verify(&k, tag, bs, msg, len) != LWC_E_AUTH;
        accepted += final_verify(m, &k, &st, msg, len, 1, tag, bs) != LWC_E_AUTH;
        msg[bit / 8] ^= (uint8_t)(1 << bit % 8);
    }
    check(accepted == 0, "%s: of %zu one-bit changes of tag and message, %u not refused with LWC_E_AUTH", c->name,
          2 * 8 * (bs + len), accepted);

    const struct {
        const void *k;
        const uint8_t *tag;
        size_t tag_len;
        const uint8_t *in;
        int want;
    } cases[] = {{NULL, tag, bs, msg, LWC_E_NULL_POINTER}, {&k, NULL, bs, msg, LWC_E_NULL_POINTER},
                 {&k, tag, bs, NULL, LWC_E_NULL_POINTER},  {&k, tag, 0, msg, LWC_E_TAG_LENGTH},
                 {&k, tag, bs + 1, msg, LWC_E_TAG_LENGTH}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const int r = m->cmac_verify(cases[i].k, cases[i].tag, cases[i].tag_len, cases[i].in, len);
        check(r == cases[i].want, "%s: cmac_verify error case %zu returned %d, not %d", c->name, i, r, cases[i].want);
    }
    m->cmac(&k, empty_tag, bs, NULL, 0);
    check(m->cmac_verify(&k, empty_tag, bs, NULL, 0) == 0, "%s: cmac_verify of an empty message given as NULL",
          c->name);

    /* Errors leave the state as it was: the right tag is accepted afterwards. */
    memset(&st, 0, sizeof st); /* its padding too, for the comparisons */
    m->cmac_init(&st, &k);
    m->cmac_update(&st, msg, len);
    memcpy(&before, &st, sizeof st);
    check(m->cmac_final_verify(&st, tag, 0) == LWC_E_TAG_LENGTH &&
              m->cmac_final_verify(&st, tag, bs + 1) == LWC_E_TAG_LENGTH &&
              m->cmac_final_verify(&st, NULL, bs) == LWC_E_NULL_POINTER &&
              m->cmac_final_verify(NULL, tag, bs) == LWC_E_NULL_POINTER && memcmp(&before, &st, sizeof st) == 0 &&
              m->cmac_final_verify(&st, tag, bs) == 0,
          "%s: cmac_final_verify errors are not refused as lwc/modes.h says, or changed the state", c->name);

    /* The state after final_verify, accepted or refused, is the state after final. */
    memset(&after_final, 0, sizeof after_final);
    m->cmac_init(&after_final, &k);
    m->cmac_update(&after_final, msg, len);
    m->cmac_final(&after_final, empty_tag, bs);
    for (int refused = 0; refused <= 1; refused++) {
        memset(&st, 0, sizeof st);
        tag[0] ^= (uint8_t)refused;
        const int r = final_verify(m, &k, &st, msg, len, bs, tag, bs);
        tag[0] ^= (uint8_t)refused;
        check(r == (refused ? LWC_E_AUTH : 0) && memcmp(&st, &after_final, sizeof st) == 0,
              "%s: the state after a%s cmac_final_verify (%d) is not the state after cmac_final", c->name,
              refused ? " refused" : "n accepted", r);
        /* ... so the next message starts there, as after final. */
        m->cmac_update(&st, msg + 1, len - 1);
        check(m->cmac_final(&st, empty_tag, bs) == 0 && m->cmac_verify(&k, empty_tag, bs, msg + 1, len - 1) == 0,
              "%s: a message after cmac_final_verify is not MACed from the start", c->name);
    }
    lwc_wipe(&k, sizeof k);
}

/* ---- overlapping buffers (lwc/modes.h, "Overlaps") ------------------------------------ */

enum { B_NONCE, B_AD, B_IN, B_OUT, B_TAG, BUFFERS };
static const char *const buffer_names[BUFFERS] = {"nonce", "ad", "in", "out", "tag"};
/* Where each buffer of a call starts in one arena, and its length. Apart, they are SPACING
 * bytes from each other; a test moves one of them onto another. */
#define SPACING 128
#define ARENA (BUFFERS * SPACING + SPACING)
typedef struct {
    size_t at[BUFFERS], len[BUFFERS];
} layout;

static int ranges_meet(const layout *l, int x, int y)
{
    return l->len[x] && l->len[y] && l->at[x] < l->at[y] + l->len[y] && l->at[y] < l->at[x] + l->len[x];
}

/* An EAX or CCM call on the buffers of l in arena. */
static int arena_call(const test_aead *a, const void *k, int decrypt, uint8_t *arena, const layout *l)
{
    uint8_t *const p[BUFFERS] = {arena + l->at[B_NONCE], arena + l->at[B_AD], arena + l->at[B_IN],
                                 arena + l->at[B_OUT], arena + l->at[B_TAG]};
    return decrypt ? a->decrypt(k, p[B_OUT], p[B_TAG], l->len[B_TAG], p[B_NONCE], l->len[B_NONCE], p[B_AD],
                                l->len[B_AD], p[B_IN], l->len[B_IN])
                   : a->encrypt(k, p[B_OUT], p[B_TAG], l->len[B_TAG], p[B_NONCE], l->len[B_NONCE], p[B_AD],
                                l->len[B_AD], p[B_IN], l->len[B_IN]);
}

/* The same call on copies of the input buffers of l, each apart: code, out and tag into the
 * buffers of apart (a layout with every buffer apart). */
static int apart_call(const test_aead *a, const void *k, int decrypt, const uint8_t *arena, const layout *l,
                      uint8_t *apart_arena, const layout *apart)
{
    memset(apart_arena, MODE_FILL, ARENA);
    for (int b = 0; b < BUFFERS; b++)
        if (b != B_OUT && (b != B_TAG || decrypt))
            memcpy(apart_arena + apart->at[b], arena + l->at[b], l->len[b]);
    return arena_call(a, k, decrypt, apart_arena, apart);
}

/* For a decryption: the tag at l that makes the record in arena valid (the ciphertext, nonce
 * and ad are what the arena holds there). EAX's and CCM's keystreams depend on the nonce
 * only, so encrypting the ciphertext gives the plaintext, and encrypting that the tag. */
static void make_valid(const test_aead *a, const void *k, uint8_t *arena, const layout *l, const layout *apart)
{
    static uint8_t scratch[ARENA];
    uint8_t pt[SPACING];
    apart_call(a, k, 0, arena, l, scratch, apart);
    memcpy(pt, scratch + apart->at[B_OUT], l->len[B_IN]);
    memcpy(scratch + apart->at[B_IN], pt, l->len[B_IN]);
    arena_call(a, k, 0, scratch, apart);
    memcpy(arena + l->at[B_TAG], scratch + apart->at[B_TAG], l->len[B_TAG]);
}

/*
 * Every pair of the buffers of an EAX or CCM call, both ways, the second buffer of the pair
 * moved to start at the first's start + d for d from just before to just after it: an
 * overlap of out with another buffer (but out == in) is refused with LWC_E_OVERLAP and
 * nothing written anywhere; every other placement (an encryption's tag over an input, inputs
 * over each other, buffers side by side) gives what the same call on separate copies gives.
 * Decryptions are of valid records unless the tag lies over another input.
 */
static void test_overlaps(const test_cipher *c, const test_mode_cipher *m, int mode)
{
    static uint8_t arena[ARENA], before[ARENA], apart_arena[ARENA];
    const test_aead *a = &m->aead[mode];
    const size_t bs = c->block_bytes, tag_len = mode == TEST_CCM ? 16 : bs;
    const layout apart = {{SPACING, 2 * SPACING, 3 * SPACING, 4 * SPACING, 5 * SPACING}, {13, 24, 40, 40, tag_len}};
    test_mode_key k;
    uint8_t key[TEST_MAX_KEY];
    rng_fill(key, c->key_bytes);
    a->setkey(&k, key);
    unsigned refused = 0, handled = 0;
    for (int decrypt = 0; decrypt <= 1; decrypt++) {
        const char *op = decrypt ? "decryption" : "encryption";
        for (int x = 0; x < BUFFERS; x++) {
            for (int y = x + 1; y < BUFFERS; y++) {
                const long lx = (long)apart.len[x], ly = (long)apart.len[y];
                const long deltas[] = {-ly, -ly + 1, -1, 0, 1, lx - 1, lx};
                for (size_t i = 0; i < sizeof deltas / sizeof deltas[0]; i++) {
                    layout l = apart;
                    l.at[y] = (size_t)((long)l.at[x] + deltas[i]);
                    const int meet = ranges_meet(&l, x, y), with_out = x == B_OUT || y == B_OUT;
                    const int refuse = meet && with_out && !(x == B_IN && y == B_OUT && deltas[i] == 0);
                    const int tag_over_input = decrypt && meet && y == B_TAG;
                    rng_fill(arena, sizeof arena);
                    if (decrypt)
                        make_valid(a, &k, arena, &l, &apart);
                    memcpy(before, arena, sizeof arena);
                    const int want = apart_call(a, &k, decrypt, arena, &l, apart_arena, &apart);
                    const int r = arena_call(a, &k, decrypt, arena, &l);
                    if (refuse) {
                        refused++;
                        check(r == LWC_E_OVERLAP && memcmp(arena, before, sizeof arena) == 0,
                              "%s %s %s: %s at %s %+ld returned %d (want LWC_E_OVERLAP) or wrote", c->name,
                              test_aead_names[mode], op, buffer_names[y], buffer_names[x], deltas[i], r);
                        continue;
                    }
                    handled++;
                    const int same = r == want &&
                                     memcmp(arena + l.at[B_OUT], apart_arena + apart.at[B_OUT], l.len[B_OUT]) == 0 &&
                                     (decrypt || memcmp(arena + l.at[B_TAG], apart_arena + apart.at[B_TAG],
                                                        l.len[B_TAG]) == 0);
                    check(same && (want == 0 || tag_over_input),
                          "%s %s %s: %s at %s %+ld returned %d, the call on separate buffers %d%s", c->name,
                          test_aead_names[mode], op, buffer_names[y], buffer_names[x], deltas[i], r, want,
                          same ? "" : ", or the outputs differ");
                }
            }
        }
    }
    /* Empty buffers overlap nothing; a length error comes before the overlap (lwc/modes.h's order). */
    uint8_t *const p = arena + SPACING, tag[TEST_MAX_BLOCK];
    rng_fill(arena, sizeof arena);
    check(a->encrypt(&k, p + 3, tag, tag_len, p, 13, p, 24, p + 50, 0) == 0 &&
              a->decrypt(&k, p + 3, tag, tag_len, p, 13, p, 24, p + 50, 0) == 0,
          "%s %s: an empty out inside the nonce and ad is refused", c->name, test_aead_names[mode]);
    if (mode == TEST_CCM)
        check(a->decrypt(&k, p, tag, tag_len, p + 40, 6, p, 40, p + 100, 40) == LWC_E_NONCE_LENGTH,
              "%s ccm: a bad nonce length with out == ad is not LWC_E_NONCE_LENGTH", c->name);
    check(refused > 0 && handled > 0, "%s %s: %u overlaps refused, %u handled", c->name, test_aead_names[mode], refused,
          handled);
    lwc_wipe(&k, sizeof k);
}

/* A CMAC's tag over its input, at every offset from just before to just after it: the tag of
 * the input as it was, nothing else written. cmac_verify with its tag inside the input: the
 * code of the same call on a copy. */
static void test_cmac_tag_overlap(const test_cipher *c, const test_mode_cipher *m)
{
    enum { LEN = 40, AT = 32 };
    const long bs = c->block_bytes;
    test_mode_key k;
    uint8_t key[TEST_MAX_KEY], arena[AT + LEN + AT], before[sizeof arena], want[TEST_MAX_BLOCK], copy[TEST_MAX_BLOCK];
    rng_fill(key, c->key_bytes);
    m->cmac_setkey(&k, key);
    unsigned wrong = 0, tried = 0;
    for (long d = -bs; d <= LEN; d++) {
        rng_fill(arena, sizeof arena);
        memcpy(before, arena, sizeof arena);
        uint8_t *const tag = arena + AT + d;
        m->cmac(&k, want, (size_t)bs, arena + AT, LEN);
        int r = m->cmac(&k, tag, (size_t)bs, arena + AT, LEN);
        memcpy(before + AT + d, want, (size_t)bs);
        wrong += r != 0 || memcmp(arena, before, sizeof arena) != 0;
        memcpy(copy, tag, (size_t)bs);
        tag[0] ^= 1;
        copy[0] ^= 1; /* the tag read where it is, not the one just written */
        r = m->cmac_verify(&k, tag, (size_t)bs, arena + AT, LEN);
        wrong += r != m->cmac_verify(&k, copy, (size_t)bs, arena + AT, LEN);
        tried++;
    }
    check(wrong == 0, "%s: %u of %u CMACs or verifies with the tag over the input differ from the same on copies",
          c->name, wrong, tried);
    lwc_wipe(&k, sizeof k);
}

int main(void)
{
    const uint64_t seed = rng_seed_from_env(0x6d0de5);
    printf("lwc modes host tests, seed 0x%llx\n", (unsigned long long)seed);
    for (unsigned i = 0; i < test_mode_cipher_count; i++)
        check(i < test_cipher_count && strcmp(test_mode_ciphers[i].name, test_ciphers[i].name) == 0,
              "mode table row %u is not cipher table row %u", i, i);
    mode_vectors_run_all(&host_mode_backend, test_vectors_dir(), NULL);
    wycheproof_run_all(&host_mode_backend, test_vectors_dir(), NULL);
    for (unsigned i = 0; i < test_cipher_count; i++) {
        const test_cipher *c = &test_ciphers[i];
        const test_mode_cipher *m = &test_mode_ciphers[i];
        test_cmac_reference(c, m);
        test_cmac_streaming(c, m);
        test_cmac_errors(c, m);
        test_truncation(c, m);
        test_cmac_verify(c, m);
        test_cmac_tag_overlap(c, m);
        for (int mode = 0; mode < TEST_AEAD_MODES; mode++) {
            if (!m->aead[mode].setkey)
                continue;
            test_aead_reference(c, m, mode);
            test_in_place(c, m, mode);
            test_tampering(c, m, mode, mode == TEST_CCM ? 16 : c->block_bytes);
            test_tampering(c, m, mode, 4); /* shorter tags collide by chance (1 in 2^(8 tag_len)) */
            test_aead_errors(c, m, mode);
            test_overlaps(c, m, mode);
        }
        if (m->aead[TEST_CCM].setkey)
            test_ccm_long_ad(c, m);
    }
#if LWC_BLOCK_PAIRS
    test_pass_pairs(test_cipher_find("aes128"), &lwc_mode_aes128);
    test_pass_pairs(test_cipher_find("present80"), &lwc_mode_present80);
#endif
#if LWC_LEA_MODE_HOOKS && LWC_LEA_IMPL == LWC_IMPL_C
    test_ctr_secret(test_cipher_find("lea128"), lwc_lea128_ctr_secret);
    test_ctr_secret(test_cipher_find("lea192"), lwc_lea192_ctr_secret);
    test_ctr_secret(test_cipher_find("lea256"), lwc_lea256_ctr_secret);
#endif
#if LWC_CHAM128_MODE_HOOKS && LWC_CHAM_IMPL == LWC_IMPL_C
    test_ctr_secret(test_cipher_find("cham128_128"), lwc_cham128_128_ctr_secret);
    test_ctr_secret(test_cipher_find("cham128_256"), lwc_cham128_256_ctr_secret);
#endif
    return check_summary();
}
