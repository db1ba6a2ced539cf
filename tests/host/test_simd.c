/*
#include "../../src/ascon/ascon_internal.h"
 * The host SIMD paths (LWC_HOST_SIMD builds) against the portable C, at every SIMD level
 * the CPU has (lwc_simd_force), every cipher: CTR over every length 0..300 in one call,
 * random splits into up to 8 calls, counters about to carry out of their low 32, 64 and
 * all bits, misaligned and in-place buffers; each kernel on its own over 1 .. 3 passes of
 * arbitrary blocks (ECB) against lwc_X_encrypt; the batch entry points
 * lwc_simd_ctr_records_X against record-by-record CTR; the sealed records' batch
 * (lwc_simd_open_records, EAX in lockstep) against lwc_record_open; Ascon-AEAD128's batch
 * calls (lwc_ascon_aead128_encrypt_many, _decrypt_many) and its single calls at each level
 * against the portable single calls on random batches (mixed lengths, tampered records, in
 * place). Last line "N passed, M failed";
 * $LWC_TEST_SEED replays a run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/common/lwc_simd.h"
#include "../common/check.h"
#include "../common/cipher_table.h"
#include "../common/rng.h"

#if !LWC_HOST_SIMD
#error "test_simd needs a host SIMD build (x86-64 or aarch64, lwc/config.h)"
#endif

#define MAX_LEN 300
#define SPLIT_TRIALS 200
#define MAX_RECORDS 40
#define MAX_BATCH_BYTES (MAX_RECORDS * 200)

/* Each cipher's kernel selector and batch entry point, by table row name. */
typedef void (*records_fn)(const void *ks, uint8_t *out, const uint8_t *in, const size_t *lens,
                           const uint8_t *ivs, size_t nrecords);
#define SIMD_ROW(X, kernel)                                                                      \
    static void X##_records(const void *ks, uint8_t *out, const uint8_t *in, const size_t *lens, \
                            const uint8_t *ivs, size_t n)                                        \
    {                                                                                            \
        lwc_simd_ctr_records_##X((const lwc_##X##_key *)ks, out, in, lens, ivs, n);              \
    }
#define SIMD_CIPHERS(M)                         \
    M(present80, lwc_simd_kernel_present)       \
    M(present128, lwc_simd_kernel_present)      \
    M(lea128, lwc_simd_kernel_lea128)           \
    M(lea192, lwc_simd_kernel_lea192)           \
    M(lea256, lwc_simd_kernel_lea256)           \
    M(hight, lwc_simd_kernel_hight)             \
    M(cham64_128, lwc_simd_kernel_cham64_128)   \
    M(cham128_128, lwc_simd_kernel_cham128_128) \
    M(cham128_256, lwc_simd_kernel_cham128_256) \
    M(aes128, lwc_simd_kernel_aes128)
SIMD_CIPHERS(SIMD_ROW)
#define SIMD_ENTRY(X, kernel) {#X, kernel, X##_records},
static const struct {
    const char *name;
    lwc_simd_kernel (*kernel)(void);
    records_fn records;
} simd_ciphers[] = {SIMD_CIPHERS(SIMD_ENTRY)};
#define SIMD_CIPHER_COUNT (sizeof simd_ciphers / sizeof simd_ciphers[0])

/* CTR at a level: ctr_init, then ctr_crypt over in[0..len) in the given pieces. */
static void ctr_at(unsigned level, const test_cipher *c, const uint8_t *key, const uint8_t *iv, uint8_t *out,
                   const uint8_t *in, const size_t *pieces, size_t npieces)
{
    test_scratch s;
    lwc_simd_force(level);
    c->ctr_init(s.ctx, key, iv);
    for (size_t p = 0, off = 0; p < npieces; off += pieces[p++])
        c->ctr_crypt(s.ctx, out + off, in + off, pieces[p]);
}

/* Every length 0..MAX_LEN in one call, from offsets 0..15 of in and out, and in place. */
static unsigned test_lengths(unsigned level, const test_cipher *c)
{
    static uint8_t in[MAX_LEN + 16], want[MAX_LEN], got[MAX_LEN + 16 + 4];
    uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK];
    unsigned bad = 0;
    for (size_t len = 0; len <= MAX_LEN; len++) {
        const size_t in_off = rng_below(16), out_off = rng_below(16);
        rng_fill(key, c->key_bytes);
        rng_fill(iv, c->block_bytes);
        rng_fill(in + in_off, len);
        ctr_at(LWC_SIMD_PORTABLE, c, key, iv, want, in + in_off, &len, 1);
        memset(got, 0xa5, sizeof got);
        ctr_at(level, c, key, iv, got + out_off, in + in_off, &len, 1);
        bad += memcmp(got + out_off, want, len) != 0 || got[out_off + len] != 0xa5 || (out_off && got[out_off - 1] != 0xa5);
        memcpy(got + out_off, in + in_off, len);
        ctr_at(level, c, key, iv, got + out_off, got + out_off, &len, 1);
        bad += memcmp(got + out_off, want, len) != 0;
    }
    return bad;
}

/* Random lengths split at random into up to 8 calls (some empty), IVs often near a carry. */
static unsigned test_splits(unsigned level, const test_cipher *c)
{
    static uint8_t in[4 * MAX_LEN], want[4 * MAX_LEN], got[4 * MAX_LEN];
    uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK];
    unsigned bad = 0;
    for (int trial = 0; trial < SPLIT_TRIALS; trial++) {
        const size_t len = rng_below(4 * MAX_LEN + 1);
        size_t pieces[8], n = 0, off = 0;
        rng_fill(key, c->key_bytes);
        rng_fill(iv, c->block_bytes);
        for (size_t i = c->block_bytes - rng_below(c->block_bytes); i < c->block_bytes; i++)
            iv[i] = 0xff;
        rng_fill(in, len);
        while (off < len) {
            pieces[n] = n == 7 ? len - off : rng_below((uint32_t)(len - off + 1));
            off += pieces[n++];
        }
        ctr_at(LWC_SIMD_PORTABLE, c, key, iv, want, in, &len, 1);
        ctr_at(level, c, key, iv, got, in, pieces, n);
        bad += memcmp(got, want, len) != 0;
    }
    return bad;
}

/*
 * Counters that carry out of their low 32 bits, low 64 bits and the whole block (wrapping
 * to 0) within a message, at every position of the message's blocks, split in two calls.
 */
static unsigned test_carries(unsigned level, const test_cipher *c)
{
    enum { BLOCKS = 70 };
    static uint8_t in[BLOCKS * TEST_MAX_BLOCK], want[BLOCKS * TEST_MAX_BLOCK], got[BLOCKS * TEST_MAX_BLOCK];
    uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK];
    const size_t bs = c->block_bytes, len = BLOCKS * bs;
    unsigned bad = 0;
    rng_fill(key, c->key_bytes);
    rng_fill(in, len);
    for (size_t carry_bytes = 4; carry_bytes <= bs; carry_bytes *= 2) {
        for (unsigned before = 0; before < BLOCKS; before += 3) {
            rng_fill(iv, bs);
            memset(iv + bs - carry_bytes, 0xff, carry_bytes);
            iv[bs - 1] = (uint8_t)(0xff - before); /* the carry after block `before` */
            const size_t split = rng_below((uint32_t)len + 1), pieces[2] = {split, len - split};
            ctr_at(LWC_SIMD_PORTABLE, c, key, iv, want, in, &len, 1);
            ctr_at(level, c, key, iv, got, in, pieces, 2);
            bad += memcmp(got, want, len) != 0;
        }
    }
    return bad;
}

/* The kernel alone: n blocks of ECB (in NULL) and XORed into in, against lwc_X_encrypt;
 * apart, and with out == blocks and out == in (lwc_simd.h). */
static unsigned test_kernel(const test_cipher *c, lwc_simd_kernel k)
{
    static uint8_t blocks[3 * 64 * TEST_MAX_BLOCK + 1], in[3 * 64 * TEST_MAX_BLOCK + 1];
    static uint8_t want[3 * 64 * TEST_MAX_BLOCK], got[3 * 64 * TEST_MAX_BLOCK];
    test_scratch s;
    uint8_t key[TEST_MAX_KEY];
    const size_t bs = c->block_bytes;
    unsigned bad = 0;
    rng_fill(key, c->key_bytes);
    c->setkey(s.ks, key);
    for (size_t n = 1; n <= 3 * k.width; n++) {
        const size_t off = rng_below(2);
        rng_fill(blocks + off, n * bs);
        rng_fill(in, n * bs);
        for (size_t i = 0; i < n; i++)
            c->encrypt(s.ks, want + i * bs, blocks + off + i * bs);
        k.run(s.ks, got, blocks + off, NULL, n);
        bad += memcmp(got, want, n * bs) != 0;
        memcpy(got, blocks + off, n * bs);
        k.run(s.ks, got, got, NULL, n);
        bad += memcmp(got, want, n * bs) != 0;
        for (size_t i = 0; i < n * bs; i++)
            want[i] ^= in[i];
        k.run(s.ks, got, blocks + off, in, n);
        bad += memcmp(got, want, n * bs) != 0;
        memcpy(got, in, n * bs);
        k.run(s.ks, got, blocks + off, got, n);
        bad += memcmp(got, want, n * bs) != 0;
    }
    return bad;
}

/* Up to MAX_RECORDS records of random lengths (many short ones), one key. */
static unsigned test_records(unsigned level, const test_cipher *c, records_fn records)
{
    static uint8_t in[MAX_BATCH_BYTES], want[MAX_BATCH_BYTES], got[MAX_BATCH_BYTES];
    uint8_t key[TEST_MAX_KEY], ivs[MAX_RECORDS * TEST_MAX_BLOCK];
    test_scratch s;
    unsigned bad = 0;
    for (int trial = 0; trial < 50; trial++) {
        const size_t n = rng_below(MAX_RECORDS + 1);
        size_t lens[MAX_RECORDS], total = 0;
        rng_fill(key, c->key_bytes);
        rng_fill(ivs, n * c->block_bytes);
        for (size_t r = 0; r < n; r++) {
            lens[r] = rng_below(2) ? rng_below(80) : rng_below(200);
            if (rng_below(4) == 0) /* about to carry */
                memset(ivs + r * c->block_bytes + c->block_bytes - 4, 0xff, 4);
            total += lens[r];
        }
        rng_fill(in, total);
        for (size_t r = 0, at = 0; r < n; at += lens[r++])
            ctr_at(LWC_SIMD_PORTABLE, c, key, ivs + r * c->block_bytes, want + at, in + at, &lens[r], 1);
        lwc_simd_force(level);
        c->setkey(s.ks, key);
        records(s.ks, got, in, lens, ivs, n);
        bad += memcmp(got, want, total) != 0;
    }
    return bad;
}

/* The sealed records' suites, each with its sealer (lwc/records.h). */
#define SUITE_SEALER(X, M)                                                                               \
    static int X##_##M##_sealer(lwc_sealer *s, void *k, const uint8_t *node_key, uint32_t node_id)      \
    {                                                                                                    \
        return lwc_##X##_##M##_sealer_init(s, (lwc_##X##_##M##_key *)k, node_key, node_id, 1, 7);       \
    }
SUITE_SEALER(lea128, eax)
SUITE_SEALER(hight, eax)
SUITE_SEALER(cham64_128, eax)
SUITE_SEALER(aes128, eax)
SUITE_SEALER(aes128, ccm)
static const struct {
    unsigned id;
    int (*sealer)(lwc_sealer *s, void *k, const uint8_t *node_key, uint32_t node_id);
} record_suites[] = {
    {LWC_SUITE_EAX_LEA128, lea128_eax_sealer}, {LWC_SUITE_EAX_HIGHT, hight_eax_sealer},
    {LWC_SUITE_EAX_CHAM64_128, cham64_128_eax_sealer}, {LWC_SUITE_EAX_AES128, aes128_eax_sealer},
    {LWC_SUITE_CCM_AES128, aes128_ccm_sealer},
};
#define RECORD_SUITE_COUNT (sizeof record_suites / sizeof record_suites[0])
#define BATCH_RECORDS 80 /* more than two chunks of LWC_SIMD_EAX_LANES */
#define RECORD_MAX (LWC_RECORD_OVERHEAD_BYTES + 150)

/*
 * lwc_simd_open_records (lockstep through the kernel where the suite has one) against
 * lwc_record_open record by record: batches of one node key and random payload lengths
 * (0 .. 150 bytes, many short), a third of the records changed (a bit flipped anywhere, or
 * the suite byte set to another suite, kept if the record still parses); verdicts and the
 * bytes of every record after the call (plaintext, or the payload zeroed) must agree.
 */
static unsigned test_record_batch(unsigned level, unsigned suite_at)
{
    static uint8_t want[BATCH_RECORDS][RECORD_MAX], got[BATCH_RECORDS][RECORD_MAX];
    uint8_t node_key[LWC_RECORD_KEY_BYTES], payload[RECORD_MAX];
    lwc_record_key rk, seal_key;
    lwc_record_info infos[BATCH_RECORDS];
    const lwc_record_info *info_of[BATCH_RECORDS];
    uint8_t *records[BATCH_RECORDS];
    int want_v[BATCH_RECORDS], got_v[BATCH_RECORDS];
    lwc_sealer sealer;
    unsigned bad = 0;
    for (int trial = 0; trial < 20; trial++) {
        const size_t n = rng_below(BATCH_RECORDS + 1);
        size_t m = 0;
        rng_fill(node_key, sizeof node_key);
        bad += record_suites[suite_at].sealer(&sealer, &seal_key.aead, node_key, rng_below(1000)) != 0;
        bad += lwc_record_setkey(&rk, record_suites[suite_at].id, node_key) != 0;
        for (size_t r = 0; r < n; r++) {
            const size_t len = rng_below(2) ? rng_below(40) : rng_below(RECORD_MAX - LWC_RECORD_OVERHEAD_BYTES + 1);
            const size_t total = len + LWC_RECORD_OVERHEAD_BYTES;
            rng_fill(payload, len);
            bad += lwc_seal(&sealer, want[m], RECORD_MAX, payload, len) != 0;
            const unsigned change = rng_below(6);
            uint8_t *const rec = want[m], kept = rec[0];
            const size_t at = rng_below((uint32_t)total);
            if (change == 0)
                rec[at] ^= (uint8_t)(1u << rng_below(8));
            else if (change == 1)
                rec[0] = (uint8_t)((rec[0] & 0xf0) | record_suites[rng_below(RECORD_SUITE_COUNT)].id);
            if (lwc_record_parse(&infos[m], rec, total) != 0) { /* a changed version or suite: undone */
                rec[0] = kept;
                bad += lwc_record_parse(&infos[m], rec, total) != 0;
            }
            memcpy(got[m], want[m], total);
            info_of[m] = &infos[m];
            records[m] = got[m];
            m++;
        }
        for (size_t r = 0; r < m; r++)
            want_v[r] = lwc_record_open(&rk, want[r] + LWC_RECORD_HEADER_BYTES, infos[r].payload_len, &infos[r],
                                        want[r], infos[r].payload_len + LWC_RECORD_OVERHEAD_BYTES);
        lwc_simd_force(level);
        lwc_simd_open_records(&rk, records, info_of, m, got_v);
        for (size_t r = 0; r < m; r++)
            bad += got_v[r] != want_v[r] ||
                   memcmp(got[r], want[r], infos[r].payload_len + LWC_RECORD_OVERHEAD_BYTES) != 0;
    }
    return bad;
}

/* The lanes of Ascon's batch at the current level (x86-64; elsewhere the records one by one). */
#if LWC_ASCON_SIMD
#define ASCON_LANES() lwc_ascon_many_simd_lanes()
#else
#define ASCON_LANES() 0u
#endif

/* Random Ascon-AEAD128 batches: encrypt_many against one encrypt per record, then
 * decrypt_many of the result with about one record in four tampered (a bit of its nonce,
 * AD, ciphertext or tag): each status, the plaintexts, the failed records' zeros. */
#define ASCON_RECORDS 40
#define ASCON_BYTES (ASCON_RECORDS * 130)
static unsigned test_ascon_many(unsigned level)
{
    static uint8_t in[ASCON_BYTES], want[ASCON_BYTES], got[ASCON_BYTES], ad[ASCON_RECORDS * 40];
    uint8_t key[16], nonces[ASCON_RECORDS * 16], tags[ASCON_RECORDS * 16], want_tags[ASCON_RECORDS * 16];
    size_t lens[ASCON_RECORDS], ad_lens[ASCON_RECORDS];
    int status[ASCON_RECORDS], bad_record[ASCON_RECORDS];
    lwc_ascon_aead128_key k;
    unsigned bad = 0;
    lwc_simd_force(level);
    for (int trial = 0; trial < 100; trial++) {
        const size_t n = rng_below(ASCON_RECORDS + 1), tag_len = 4 + rng_below(13);
        const int with_ad = rng_below(4) != 0, in_place = rng_below(2);
        size_t total = 0, ad_total = 0;
        rng_fill(key, sizeof key);
        lwc_ascon_aead128_setkey(&k, key);
        rng_fill(nonces, n * 16);
        for (size_t r = 0; r < n; r++) {
            lens[r] = rng_below(2) ? rng_below(80) : rng_below(130);
            ad_lens[r] = with_ad ? rng_below(40) : 0;
            total += lens[r];
            ad_total += ad_lens[r];
        }
        rng_fill(in, total);
        rng_fill(ad, ad_total);
        /* The reference: the single calls on the portable C; then the single calls at this
         * level (x86-64 with BMI1 and BMI2 at AVX2 and above: their build of the C). */
        lwc_simd_force(LWC_SIMD_PORTABLE);
        for (size_t r = 0, at = 0, ad_at = 0; r < n; at += lens[r], ad_at += ad_lens[r++])
            lwc_ascon_aead128_encrypt(&k, want + at, want_tags + r * tag_len, tag_len, nonces + r * 16, 16,
                                      ad + ad_at, ad_lens[r], in + at, lens[r]);
        lwc_simd_force(level);
        memset(tags, 0, sizeof tags);
        for (size_t r = 0, at = 0, ad_at = 0; r < n; at += lens[r], ad_at += ad_lens[r++]) {
            lwc_ascon_aead128_encrypt(&k, got + at, tags + r * tag_len, tag_len, nonces + r * 16, 16, ad + ad_at,
                                      ad_lens[r], in + at, lens[r]);
            bad += lwc_ascon_aead128_decrypt(&k, got + at, tags + r * tag_len, tag_len, nonces + r * 16, 16,
                                             ad + ad_at, ad_lens[r], got + at, lens[r]) != 0;
        }
        bad += memcmp(got, in, total) != 0 || memcmp(tags, want_tags, n * tag_len) != 0;
        memcpy(got, in, total);
        memset(tags, 0, sizeof tags); /* a tag byte the batch leaves out is not the single calls' */
        int ret = lwc_ascon_aead128_encrypt_many(&k, got, tags, tag_len, nonces, ad, with_ad ? ad_lens : NULL,
                                                 in_place ? got : in, lens, n);
        bad += ret != 0 || memcmp(got, want, total) != 0 || memcmp(tags, want_tags, n * tag_len) != 0;
        /* Decryption, with some records tampered. */
        for (size_t r = 0, at = 0, ad_at = 0; r < n; at += lens[r], ad_at += ad_lens[r++]) {
            bad_record[r] = rng_below(4) == 0;
            if (!bad_record[r])
                continue;
            const unsigned where = rng_below(4), bit = rng_below(8);
            if (where == 0)
                nonces[r * 16 + rng_below(16)] ^= (uint8_t)(1u << bit);
            else if (where == 1 && ad_lens[r])
                ad[ad_at + rng_below((uint32_t)ad_lens[r])] ^= (uint8_t)(1u << bit);
            else if (where == 2 && lens[r])
                got[at + rng_below((uint32_t)lens[r])] ^= (uint8_t)(1u << bit);
            else
                tags[r * tag_len + rng_below((uint32_t)tag_len)] ^= (uint8_t)(1u << bit);
        }
        static uint8_t plain[ASCON_BYTES];
        uint8_t *dst = in_place ? got : plain;
        ret = lwc_ascon_aead128_decrypt_many(&k, dst, status, tags, tag_len, nonces, ad, with_ad ? ad_lens : NULL,
                                             got, lens, n);
        int any_bad = 0;
        for (size_t r = 0, at = 0; r < n; at += lens[r++]) {
            any_bad |= bad_record[r];
            size_t nonzero = 0;
            for (size_t i = 0; i < lens[r]; i++)
                nonzero += dst[at + i] != 0;
            bad += bad_record[r] ? status[r] != LWC_E_AUTH || nonzero != 0
                                 : status[r] != 0 || memcmp(dst + at, in + at, lens[r]) != 0;
        }
        bad += ret != (any_bad ? LWC_E_AUTH : 0);
    }
    return bad;
}

/* The batch calls' argument checks (lwc/ascon.h's order), nothing written on an error. */
static void test_ascon_many_errors(void)
{
    uint8_t buf[64] = {0}, tags[32] = {0}, nonces[32] = {0};
    const size_t lens[2] = {16, 16};
    int status[2] = {7, 7};
    lwc_ascon_aead128_key k;
    lwc_ascon_aead128_setkey(&k, buf);
    check(lwc_ascon_aead128_encrypt_many(NULL, buf, tags, 16, nonces, NULL, NULL, buf, lens, 2) ==
              LWC_E_NULL_POINTER, "ascon many: key NULL");
    check(lwc_ascon_aead128_decrypt_many(&k, buf, NULL, tags, 16, nonces, NULL, NULL, buf, lens, 2) ==
              LWC_E_NULL_POINTER, "ascon many: status NULL");
    check(lwc_ascon_aead128_encrypt_many(&k, NULL, tags, 16, nonces, NULL, NULL, buf, lens, 2) ==
              LWC_E_NULL_POINTER, "ascon many: out NULL");
    check(lwc_ascon_aead128_encrypt_many(&k, buf, tags, 3, nonces, NULL, NULL, buf, lens, 2) == LWC_E_TAG_LENGTH,
          "ascon many: tag length 3");
    check(lwc_ascon_aead128_encrypt_many(&k, buf + 1, tags, 16, nonces, NULL, NULL, buf, lens, 2) ==
              LWC_E_OVERLAP, "ascon many: out overlapping in");
    check(lwc_ascon_aead128_encrypt_many(&k, buf, tags, 16, nonces, NULL, NULL, tags, lens, 2) == LWC_E_OVERLAP,
          "ascon many: tags overlapping in");
    check(lwc_ascon_aead128_decrypt_many(&k, buf, status, buf + 8, 16, nonces, NULL, NULL, buf, lens, 2) ==
              LWC_E_OVERLAP && status[0] == 7, "ascon many: out overlapping tags, status untouched");
    check(lwc_ascon_aead128_encrypt_many(NULL, NULL, NULL, 16, NULL, NULL, NULL, NULL, NULL, 0) == 0,
          "ascon many: no records");
}

int main(void)
{
    printf("lwc host SIMD tests, seed 0x%llx\n", (unsigned long long)rng_seed_from_env(0x51bd0001));
    const unsigned best = lwc_simd_best();
    printf("CPU's best level: %s\n", lwc_simd_level_name(best));
    for (unsigned level = 0; level <= best; level++) {
        for (unsigned i = 0; i < SIMD_CIPHER_COUNT; i++) {
            const test_cipher *c = test_cipher_find(simd_ciphers[i].name);
            lwc_simd_force(level);
            const lwc_simd_kernel k = simd_ciphers[i].kernel();
            const char *name = lwc_simd_level_name(level);
            /* The level is in force: a kernel at every level above portable (AES-128's
             * needs AES-NI), none at the portable level. */
            check(level == 0 ? k.run == NULL
                             : k.run != NULL || (strcmp(c->name, "aes128") == 0 &&
                                                 !(lwc_simd_features() & LWC_SIMD_HAS_AESNI)),
                  "%s at %s: kernel %s", c->name, name, k.name);
            if (level && k.run)
                check(test_kernel(c, k) == 0, "%s at %s (%s): kernel differs from encrypt", c->name, name,
                      k.name);
            check(test_lengths(level, c) == 0, "%s at %s: CTR of lengths 0..%d differs", c->name, name, MAX_LEN);
            check(test_splits(level, c) == 0, "%s at %s: split CTR differs", c->name, name);
            check(test_carries(level, c) == 0, "%s at %s: CTR across counter carries differs", c->name, name);
            check(test_records(level, c, simd_ciphers[i].records) == 0, "%s at %s: records differ", c->name,
                  name);
        }
        check(test_ascon_many(level) == 0, "ascon-aead128 batch at %s (%u lanes) differs from the single calls",
              lwc_simd_level_name(level), ASCON_LANES());
    }
    for (unsigned level = 0; level <= best; level++)
        for (unsigned i = 0; i < RECORD_SUITE_COUNT; i++)
            check(test_record_batch(level, i) == 0, "suite %u at %s: lwc_simd_open_records differs from "
                  "lwc_record_open", record_suites[i].id, lwc_simd_level_name(level));
    test_ascon_many_errors();
    return check_summary();
}
