/*
 * Host test suite: specification vectors (embedded), the full vector sets of tests/vectors
 * (or $LWC_VECTORS; a missing set is a failure), properties of every cipher over random
 * keys and inputs, and the shared calls (lwc_wipe, lwc_verify, lwc_version). Last line: "N passed, M failed"; exit status 1 on any failure.
 * $LWC_TEST_SEED replays a run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/rng.h"
#include "../common/spec_vectors.h"

#define MAX_MSG (8 * TEST_MAX_BLOCK)
#define CANARY 0xa5

/* out = iv + i as one big-endian integer mod 2^(8*bs), computed by long addition of i. */
static void counter_add(uint8_t *out, const uint8_t *iv, size_t bs, size_t i)
{
    unsigned carry = 0;
    for (size_t k = bs; k-- > 0;) {
        carry += iv[k] + (unsigned)(i & 0xff);
        i >>= 8;
        out[k] = (uint8_t)carry;
        carry >>= 8;
    }
}

/* CTR straight from its definition: block j of the keystream is E(iv + j). */
static void ctr_by_definition(const test_cipher *c, const uint8_t *key, const uint8_t *iv,
                              uint8_t *out, const uint8_t *in, size_t len)
{
    test_scratch s;
    uint8_t ctr[TEST_MAX_BLOCK], ks[TEST_MAX_BLOCK];
    const size_t bs = c->block_bytes;
    c->setkey(s.ks, key);
    for (size_t j = 0; j * bs < len; j++) {
        counter_add(ctr, iv, bs, j);
        c->encrypt(s.ks, ks, ctr);
        for (size_t k = 0; k < bs && j * bs + k < len; k++)
            out[j * bs + k] = in[j * bs + k] ^ ks[k];
    }
}

/* Runs ctr_crypt over in[0..len) in calls of the given sizes (summing to len). */
static void ctr_in_pieces(const test_cipher *c, const uint8_t *key, const uint8_t *iv,
                          uint8_t *out, const uint8_t *in, const size_t *pieces, size_t npieces)
{
    test_scratch s;
    size_t off = 0;
    c->ctr_init(s.ctx, key, iv);
    for (size_t p = 0; p < npieces; p++) {
        c->ctr_crypt(s.ctx, out + off, in + off, pieces[p]);
        off += pieces[p];
    }
}

static void test_roundtrip_and_in_place(const test_cipher *c)
{
    for (int trial = 0; trial < 300; trial++) {
        test_scratch s;
        uint8_t key[TEST_MAX_KEY], pt[TEST_MAX_BLOCK], ct[TEST_MAX_BLOCK + 1];
        uint8_t buf[TEST_MAX_BLOCK], back[TEST_MAX_BLOCK + 1];
        const size_t bs = c->block_bytes;
        rng_fill(key, c->key_bytes);
        rng_fill(pt, bs);
        c->setkey(s.ks, key);
        ct[bs] = back[bs] = CANARY;
        c->encrypt(s.ks, ct, pt);
        c->decrypt(s.ks, back, ct);
        check(memcmp(back, pt, bs) == 0 && memcmp(ct, pt, bs) != 0,
              "%s: decrypt(encrypt(x)) != x (trial %d)", c->name, trial);
        check(ct[bs] == CANARY && back[bs] == CANARY, "%s: wrote past the block", c->name);
        memcpy(buf, pt, bs);
        c->encrypt(s.ks, buf, buf);
        check(memcmp(buf, ct, bs) == 0, "%s: in-place encrypt differs", c->name);
        c->decrypt(s.ks, buf, buf);
        check(memcmp(buf, pt, bs) == 0, "%s: in-place decrypt differs", c->name);
    }
}

static void test_ctr_definition(const test_cipher *c)
{
    for (int trial = 0; trial < 200; trial++) {
        uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK], in[MAX_MSG];
        uint8_t want[MAX_MSG], got[MAX_MSG + 4], inplace[MAX_MSG];
        const size_t len = rng_below(MAX_MSG + 1);
        rng_fill(key, c->key_bytes);
        rng_fill(iv, c->block_bytes);
        rng_fill(in, len);
        ctr_by_definition(c, key, iv, want, in, len);
        memset(got, CANARY, sizeof got);
        ctr_in_pieces(c, key, iv, got, in, &len, 1);
        check(memcmp(got, want, len) == 0, "%s: CTR differs from its definition (len %zu)", c->name, len);
        check(got[len] == CANARY && got[len + 1] == CANARY && got[len + 3] == CANARY,
              "%s: CTR wrote past len %zu", c->name, len);
        memcpy(inplace, in, len);
        ctr_in_pieces(c, key, iv, inplace, inplace, &len, 1);
        check(memcmp(inplace, want, len) == 0, "%s: in-place CTR differs (len %zu)", c->name, len);
    }
}

static void test_ctr_streaming(const test_cipher *c)
{
    const size_t bs = c->block_bytes, len = 3 * bs;
    uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK], in[3 * TEST_MAX_BLOCK];
    uint8_t want[3 * TEST_MAX_BLOCK], got[3 * TEST_MAX_BLOCK];
    rng_fill(key, c->key_bytes);
    rng_fill(iv, bs);
    rng_fill(in, len);
    ctr_in_pieces(c, key, iv, want, in, &len, 1);
    for (size_t split = 0; split <= len; split++) {
        const size_t pieces[2] = {split, len - split};
        ctr_in_pieces(c, key, iv, got, in, pieces, 2);
        check(memcmp(got, want, len) == 0, "%s: CTR split at %zu differs", c->name, split);
    }
    for (size_t chunk = 1; chunk <= 2 * bs + 1; chunk++) {
        size_t pieces[3 * TEST_MAX_BLOCK], n = 0;
        for (size_t off = 0; off < len; off += chunk)
            pieces[n++] = len - off < chunk ? len - off : chunk;
        ctr_in_pieces(c, key, iv, got, in, pieces, n);
        check(memcmp(got, want, len) == 0, "%s: CTR in chunks of %zu differs", c->name, chunk);
    }
    /* Zero-length calls (with NULL buffers) change nothing. */
    const size_t with_empty[4] = {0, bs, 0, 2 * bs};
    ctr_in_pieces(c, key, iv, got, in, with_empty, 4);
    test_scratch s;
    c->ctr_init(s.ctx, key, iv);
    c->ctr_crypt(s.ctx, NULL, NULL, 0);
    c->ctr_crypt(s.ctx, got, in, len);
    check(memcmp(got, want, len) == 0, "%s: zero-length CTR calls changed the stream", c->name);
}

/* Counter values at the top of the range and carries out of every byte position. */
static void test_ctr_carries(const test_cipher *c)
{
    const size_t bs = c->block_bytes, len = 4 * bs;
    uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK], in[4 * TEST_MAX_BLOCK];
    uint8_t want[4 * TEST_MAX_BLOCK], got[4 * TEST_MAX_BLOCK];
    rng_fill(key, c->key_bytes);
    rng_fill(in, len);
    for (size_t trailing = 0; trailing <= bs; trailing++) {
        for (uint8_t last = 0xfc; last != 0; last++) {
            /* Random prefix, then `trailing` 0xff bytes ending in `last`: each block
             * of the message crosses or approaches a carry at that depth. */
            rng_fill(iv, bs);
            memset(iv + bs - trailing, 0xff, trailing);
            iv[bs - 1] = last;
            ctr_by_definition(c, key, iv, want, in, len);
            ctr_in_pieces(c, key, iv, got, in, &len, 1);
            check(memcmp(got, want, len) == 0, "%s: CTR carry (%zu trailing ff, last %02x) differs",
                  c->name, trailing, last);
        }
    }
    /* ff..ff wraps to 00..00: block 1 of the stream is E(0). */
    test_scratch s;
    uint8_t zero[TEST_MAX_BLOCK] = {0}, e0[TEST_MAX_BLOCK];
    memset(iv, 0xff, bs);
    c->setkey(s.ks, key);
    c->encrypt(s.ks, e0, zero);
    memset(in, 0, len);
    ctr_in_pieces(c, key, iv, got, in, &len, 1);
    check(memcmp(got + bs, e0, bs) == 0, "%s: counter ff..ff did not wrap to 00..00", c->name);
}

/*
 * Records: ctr_init once, then several ctr_setiv + ctr_crypt (in one or two calls, so that
 * partial blocks are left buffered before the next setiv), each equal to a fresh ctr_init
 * with the same key and the record's IV.
 */
static void test_ctr_setiv(const test_cipher *c)
{
    const size_t bs = c->block_bytes;
    for (int trial = 0; trial < 60; trial++) {
        test_scratch s;
        uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK], in[MAX_MSG], want[MAX_MSG], got[MAX_MSG];
        rng_fill(key, c->key_bytes);
        rng_counter_near_edge(iv, bs);
        c->ctr_init(s.ctx, key, iv);
        for (int record = 0; record < 5; record++) {
            const size_t len = rng_below(MAX_MSG + 1), first = rng_below((uint32_t)len + 1);
            if (record > 0 || rng_below(2)) { /* else the record of ctr_init's IV */
                rng_counter_near_edge(iv, bs);
                c->ctr_setiv(s.ctx, iv);
            }
            rng_fill(in, len);
            ctr_in_pieces(c, key, iv, want, in, &len, 1);
            c->ctr_crypt(s.ctx, got, in, first);
            c->ctr_crypt(s.ctx, got + first, in + first, len - first);
            if (!check(memcmp(got, want, len) == 0,
                       "%s: record %d after ctr_setiv differs from a fresh ctr_init (len %zu, split %zu)",
                       c->name, record, len, first)) {
                print_hex("iv ", iv, bs);
                return;
            }
        }
    }
}

static void test_wipe(void)
{
    uint8_t buf[37];
    memset(buf, 0x5c, sizeof buf);
    lwc_wipe(buf + 1, 35);
    int ok = buf[0] == 0x5c && buf[36] == 0x5c;
    for (int i = 1; i < 36; i++)
        ok &= buf[i] == 0;
    check(ok, "lwc_wipe did not clear exactly the given range");
}

/* lwc_verify: 0 for equal bytes, LWC_E_AUTH for any one bit changed (every bit of lengths
 * 1..40, at every alignment), 0 for n = 0 whatever the pointers; NULL refused with n != 0. */
static void test_verify(void)
{
    uint8_t a[48], b[48];
    unsigned wrong = 0, tried = 0;
    rng_fill(a, sizeof a);
    for (size_t n = 1; n <= 40; n++) {
        for (size_t off = 0; off + n <= sizeof a && off < 8; off++) {
            memcpy(b, a, sizeof b);
            wrong += lwc_verify(a + off, b + off, n) != 0;
            tried++;
            for (size_t bit = 0; bit < 8 * n; bit++) {
                b[off + bit / 8] ^= (uint8_t)(1 << bit % 8);
                wrong += lwc_verify(a + off, b + off, n) != LWC_E_AUTH;
                b[off + bit / 8] ^= (uint8_t)(1 << bit % 8);
                tried++;
            }
        }
    }
    check(wrong == 0, "lwc_verify: %u of %u comparisons gave the wrong result", wrong, tried);
    b[0] = (uint8_t)~a[0];
    check(lwc_verify(a, b, 0) == 0 && lwc_verify(NULL, NULL, 0) == 0 && lwc_verify(a, NULL, 0) == 0,
          "lwc_verify: n = 0 is not 0 (equal) whatever the pointers");
    check(lwc_verify(NULL, b, 1) == LWC_E_NULL_POINTER && lwc_verify(a, NULL, 16) == LWC_E_NULL_POINTER &&
              lwc_verify(NULL, NULL, 3) == LWC_E_NULL_POINTER,
          "lwc_verify: a NULL pointer with n != 0 is not LWC_E_NULL_POINTER");
}

/* lwc_version() is the header's LWC_VERSION_STRING, which spells MAJOR.MINOR.PATCH (the
 * files that must agree with it: tests/python/test_version.py). */
static void test_version(void)
{
    char spelled[32];
    snprintf(spelled, sizeof spelled, "%d.%d.%d", LWC_VERSION_MAJOR, LWC_VERSION_MINOR, LWC_VERSION_PATCH);
    check(strcmp(lwc_version(), LWC_VERSION_STRING) == 0 && strcmp(LWC_VERSION_STRING, spelled) == 0,
          "lwc_version() \"%s\", LWC_VERSION_STRING \"%s\" and the numbers %s do not agree", lwc_version(),
          LWC_VERSION_STRING, spelled);
}

int main(void)
{
    const uint64_t seed = rng_seed_from_env(0x1c0ffee);
    const char *dir = test_vectors_dir();
    printf("lwc host tests, seed 0x%llx\n", (unsigned long long)seed);

    for (unsigned i = 0; i < spec_vector_count; i++)
        vector_run(&host_backend, &spec_vectors[i], "spec vector");
    vector_files_run_all(&host_backend, dir);

    for (unsigned i = 0; i < test_cipher_count; i++) {
        const test_cipher *c = &test_ciphers[i];
        test_roundtrip_and_in_place(c);
        test_ctr_definition(c);
        test_ctr_streaming(c);
        test_ctr_carries(c);
        test_ctr_setiv(c);
    }
    test_wipe();
    test_verify();
    test_version();
    return check_summary();
}
