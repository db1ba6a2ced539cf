/*
 * Differential test of an LWC_BITSLICE32 build (bitsliced PRESENT, constant-time AES)
 * against the table-based C reference linked beside it (bs32_reference.c): random keys
 * and blocks, and CTR messages of random length, IV and split. Last line "N passed,
 * M failed"; $LWC_TEST_SEED replays a run.
 */
#include <stdio.h>
#include <string.h>

#include "../common/check.h"
#include "../common/rng.h"
#include "bs32_reference.h"

#if !LWC_BITSLICE32
#error "build this test with -DLWC_BITSLICE32=1"
#endif

#define BLOCK_TRIALS 5000
#define CTR_TRIALS 1000
#define MAX_MSG 700

static void test_blocks(const test_cipher *bs, const test_cipher *ref)
{
    unsigned bad = 0;
    for (int trial = 0; trial < BLOCK_TRIALS; trial++) {
        test_scratch a, b;
        uint8_t key[TEST_MAX_KEY], in[TEST_MAX_BLOCK], out_bs[TEST_MAX_BLOCK], out_ref[TEST_MAX_BLOCK];
        const size_t n = bs->block_bytes;
        rng_fill(key, bs->key_bytes);
        rng_fill(in, n);
        bs->setkey(a.ks, key);
        ref->setkey(b.ks, key);
        bs->encrypt(a.ks, out_bs, in);
        ref->encrypt(b.ks, out_ref, in);
        bad += memcmp(out_bs, out_ref, n) != 0;
        bs->decrypt(a.ks, out_bs, in);
        ref->decrypt(b.ks, out_ref, in);
        bad += memcmp(out_bs, out_ref, n) != 0;
    }
    check(bad == 0, "%s: %u of %d random encrypt/decrypt results differ from the reference",
          bs->name, bad, 2 * BLOCK_TRIALS);
}

/* Random message, IV (often close to a carry) and split into up to 8 ctr_crypt calls, then
 * a second one after ctr_setiv. */
static void test_ctr(const test_cipher *bs, const test_cipher *ref)
{
    unsigned bad = 0;
    for (int trial = 0; trial < CTR_TRIALS; trial++) {
        test_scratch a, b;
        uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK], in[MAX_MSG], out_bs[MAX_MSG], out_ref[MAX_MSG];
        const size_t n = bs->block_bytes;
        const size_t len = rng_below(MAX_MSG + 1);
        rng_fill(key, bs->key_bytes);
        rng_fill(iv, n);
        for (size_t i = n - rng_below((uint32_t)n); i < n; i++)
            iv[i] = 0xff;
        rng_fill(in, len);
        ref->ctr_init(b.ctx, key, iv);
        ref->ctr_crypt(b.ctx, out_ref, in, len);
        bs->ctr_init(a.ctx, key, iv);
        for (size_t off = 0, calls = 0; off < len; calls++) {
            const size_t piece = calls == 7 ? len - off : rng_below((uint32_t)(len - off + 1));
            bs->ctr_crypt(a.ctx, out_bs + off, in + off, piece);
            off += piece;
        }
        bad += memcmp(out_bs, out_ref, len) != 0;
        /* A second record on the same contexts, after ctr_setiv (the reference starts fresh). */
        rng_fill(iv, n);
        ref->ctr_init(b.ctx, key, iv);
        ref->ctr_crypt(b.ctx, out_ref, in, len);
        bs->ctr_setiv(a.ctx, iv);
        bs->ctr_crypt(a.ctx, out_bs, in, len);
        bad += memcmp(out_bs, out_ref, len) != 0;
    }
    check(bad == 0, "%s: %u of %d random CTR messages or records differ from the reference", bs->name, bad,
          2 * CTR_TRIALS);
}

int main(void)
{
    printf("LWC_BITSLICE32 differential tests, seed 0x%llx\n",
           (unsigned long long)rng_seed_from_env(0xb5320001));
    for (unsigned i = 0; i < REF_CIPHER_COUNT; i++) {
        const test_cipher *ref = &ref_ciphers[i];
        const test_cipher *bs = test_cipher_find(ref->name);
        if (!check(bs != NULL, "%s: not in the cipher table", ref->name))
            continue;
        test_blocks(bs, ref);
        test_ctr(bs, ref);
    }
    /* The bitsliced PRESENT and the fixsliced AES have their own key layouts: proof this
     * build is not the reference. */
    check(test_cipher_find("present80")->key_size != ref_ciphers[0].key_size,
          "present80: the build under test uses the reference key layout");
    check(test_cipher_find("aes128")->key_size != ref_ciphers[2].key_size,
          "aes128: the build under test uses the reference key layout");
    return check_summary();
}
