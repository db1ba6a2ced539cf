/*
 * The library as built for a simulated MCU (ATmega, ATtiny, Cortex-M4), tested from the host:
 *   - the specification vectors and the vector sets of tests/vectors, computed on the MCU;
 *   - random differential tests: ECB blocks, CTR messages (random lengths, splits and
 *     counters near carries) and records (ctr_setiv + ctr_crypt on a context keyed once)
 *     computed on the MCU and compared with the host C reference;
 *   - constant time: every operation's cycle count must be identical over random keys
 *     and inputs (skipped, with a note, on a target without a cycle counter);
 *   - the CTR_DRBGs: CAVP and TTAK vectors computed on the MCU, and random call sequences
 *     on the MCU's optimised path against the host's plain path and the reverse.
 * Usage: see sim_options.h. Last line "N passed, M failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/rng.h"
#include "../common/spec_vectors.h"
#include "sim_options.h"
#include "sim_session.h"
#include "protocol.h"

/* 10,000 random blocks (half each way), 200 CTR messages and 40 keys of 6 records each per
 * cipher and build. */
#define ECB_KEYS 50
#define ECB_BLOCKS_PER_KEY 100
#define CTR_MESSAGES 200
#define CTR_MAX_LEN 1500
#define RECORD_KEYS 40
#define TIMING_SAMPLES 16

static const char *variant = "";

static void random_iv(uint8_t *iv, size_t bs)
{
    rng_fill(iv, bs);
    /* Half of the counters start just below a carry over 1..bs bytes. */
    if (rng_below(2)) {
        const size_t trailing = 1 + rng_below((uint32_t)bs);
        memset(iv + bs - trailing, 0xff, trailing);
        iv[bs - 1] = (uint8_t)(0xff - rng_below(4));
    }
}

static void differential_ecb(sim_session *s, const test_cipher *c)
{
    static uint8_t in[ECB_BLOCKS_PER_KEY * TEST_MAX_BLOCK], mcu[sizeof in], host[sizeof in];
    const size_t n = ECB_BLOCKS_PER_KEY, bytes = n * c->block_bytes;
    for (int k = 0; k < ECB_KEYS; k++) {
        uint8_t key[TEST_MAX_KEY];
        rng_fill(key, c->key_bytes);
        rng_fill(in, bytes);
        for (int decrypt = 0; decrypt <= 1; decrypt++) {
            const char *op = decrypt ? "decrypt" : "encrypt";
            if (!check(sim_blocks(s, c, decrypt, key, mcu, in, n, NULL, NULL) == 0,
                       "%s%s: %s on the MCU did not complete", c->name, variant, op))
                return;
            host_backend.ecb(&host_backend, c, decrypt, key, host, in, n);
            for (size_t i = 0; i < n; i++) {
                const size_t off = i * c->block_bytes;
                if (!check(memcmp(mcu + off, host + off, c->block_bytes) == 0,
                           "%s%s: MCU %s differs from the C reference", c->name, variant, op)) {
                    print_hex("key", key, c->key_bytes);
                    print_hex("in ", in + off, c->block_bytes);
                    print_hex("mcu", mcu + off, c->block_bytes);
                    print_hex("ref", host + off, c->block_bytes);
                    return;
                }
            }
        }
    }
}

static void differential_ctr(sim_session *s, const test_cipher *c)
{
    static uint8_t in[CTR_MAX_LEN], mcu[CTR_MAX_LEN], host[CTR_MAX_LEN];
    for (int m = 0; m < CTR_MESSAGES; m++) {
        uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK];
        size_t pieces[CTR_MAX_LEN], n = 0;
        const size_t len = rng_below(CTR_MAX_LEN + 1);
        rng_fill(key, c->key_bytes);
        random_iv(iv, c->block_bytes);
        rng_fill(in, len);
        /* A random split: pieces of 0..2B+1 bytes, or larger ones up to the buffer. */
        for (size_t off = 0; off < len;) {
            size_t p = rng_below(3) ? rng_below(2u * c->block_bytes + 2) : rng_below(513);
            if (p > len - off)
                p = len - off;
            pieces[n++] = p;
            off += p;
        }
        if (!check(sim_ctr(s, c, key, iv, mcu, in, pieces, n, NULL, NULL) == 0,
                   "%s%s: CTR on the MCU did not complete", c->name, variant))
            return;
        host_backend.ctr(&host_backend, c, key, iv, host, in, len, 0);
        if (!check(memcmp(mcu, host, len) == 0,
                   "%s%s: MCU CTR differs from the C reference (len %zu, %zu calls)", c->name,
                   variant, len, n)) {
            print_hex("key", key, c->key_bytes);
            print_hex("iv ", iv, c->block_bytes);
            return;
        }
    }
}

/*
 * Records under one key (ctr_init once, then ctr_setiv + ctr_crypt per record) on the MCU,
 * each against a fresh ctr_init of the host C reference with the record's IV. IVs near
 * carries and window ends; lengths leave partial blocks before the next setiv.
 */
static void differential_records(sim_session *s, const test_cipher *c)
{
    enum { RECORDS = 6, MAX_RECORD = 200 };
    static uint8_t in[RECORDS * MAX_RECORD], mcu[sizeof in], host[MAX_RECORD];
    for (int k = 0; k < RECORD_KEYS; k++) {
        uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK], ivs[RECORDS * TEST_MAX_BLOCK];
        size_t lens[RECORDS], total = 0;
        rng_fill(key, c->key_bytes);
        rng_counter_near_edge(iv, c->block_bytes);
        for (int r = 0; r < RECORDS; r++) {
            rng_counter_near_edge(ivs + r * c->block_bytes, c->block_bytes);
            lens[r] = rng_below(MAX_RECORD + 1);
            total += lens[r];
        }
        rng_fill(in, total);
        if (!check(sim_records(s, c, key, iv, ivs, lens, RECORDS, mcu, in, NULL, NULL, NULL) == 0,
                   "%s%s: records on the MCU did not complete", c->name, variant))
            return;
        for (size_t r = 0, off = 0; r < RECORDS; off += lens[r++]) {
            host_backend.ctr(&host_backend, c, key, ivs + r * c->block_bytes, host, in + off, lens[r], 0);
            if (!check(memcmp(mcu + off, host, lens[r]) == 0,
                       "%s%s: MCU record %zu after ctr_setiv differs from a fresh ctr_init (len %zu)", c->name,
                       variant, r, lens[r])) {
                print_hex("key", key, c->key_bytes);
                print_hex("iv ", ivs + r * c->block_bytes, c->block_bytes);
                return;
            }
        }
    }
}

/* Checks that every sample of one operation took the same number of cycles. */
static void check_constant(const test_cipher *c, const char *op, const op_cost *costs, size_t n)
{
    size_t i = 1;
    while (i < n && costs[i].cycles == costs[0].cycles)
        i++;
    check(i == n, "%s%s: %s is not constant-time (%lu vs %lu cycles)", c->name, variant, op,
          (unsigned long)costs[0].cycles, (unsigned long)costs[i < n ? i : 0].cycles);
}

/*
 * Counters for the timing samples: random upper bytes, fixed low 32 bits. The counter is
 * public in CTR mode, and a fast CTR path may pay for rebuilding its precomputation when
 * the counter leaves a window (documented in its header); no sample crosses such a
 * boundary, so any difference between samples comes from key, data or upper counter bits.
 */
static void timing_iv(uint8_t *iv, size_t bs)
{
    static const uint8_t low[4] = {0x00, 0x00, 0x01, 0x10};
    rng_fill(iv, bs);
    memcpy(iv + bs - 4, low, 4);
}

/* Returns 0 when the target has no cycle counter (nothing checked), else 1. */
static int constant_time(sim_session *s, const test_cipher *c, int with_ctr)
{
    op_cost setkey[TIMING_SAMPLES], enc[TIMING_SAMPLES], dec[TIMING_SAMPLES];
    op_cost init[TIMING_SAMPLES], crypt[TIMING_SAMPLES][3];
    op_cost setiv[TIMING_SAMPLES][2], record[TIMING_SAMPLES][2];
    /* Lengths that start a block, finish a partial one and span several; records of
     * fixed lengths after ctr_setiv. */
    const size_t bs = c->block_bytes, pieces[3] = {bs + 3, bs - 3, 2 * bs}, record_lens[2] = {bs + 3, 3 * bs};
    for (int t = 0; t < TIMING_SAMPLES; t++) {
        uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK], ivs[2 * TEST_MAX_BLOCK];
        uint8_t in[5 * TEST_MAX_BLOCK], out[5 * TEST_MAX_BLOCK]; /* the records: 4B + 3 bytes */
        rng_fill(key, c->key_bytes);
        rng_fill(in, sizeof in);
        timing_iv(iv, bs);
        timing_iv(ivs, bs);
        timing_iv(ivs + bs, bs);
        if (sim_blocks(s, c, 0, key, out, in, 1, &setkey[t], &enc[t]) ||
            sim_blocks(s, c, 1, key, out, in, 1, NULL, &dec[t]) ||
            (with_ctr && (sim_ctr(s, c, key, iv, out, in, pieces, 3, &init[t], crypt[t]) ||
                          sim_records(s, c, key, iv, ivs, record_lens, 2, out, in, NULL, setiv[t], record[t])))) {
            check(0, "%s%s: timing run on the MCU did not complete", c->name, variant);
            return 1;
        }
    }
    if (setkey[0].cycles == SERVER_NO_CYCLES) {
        /* Not a pass: Cortex-M4 timing is checked by tests/arm/test_constant_time.sh. */
        printf("SKIP: %s%s: the target has no cycle counter; constant-time checks not run here\n", c->name,
               variant);
        return 0;
    }
    check_constant(c, "setkey", setkey, TIMING_SAMPLES);
    check_constant(c, "encrypt", enc, TIMING_SAMPLES);
    check_constant(c, "decrypt", dec, TIMING_SAMPLES);
    if (!with_ctr)
        return 1;
    check_constant(c, "ctr_init", init, TIMING_SAMPLES);
    for (int p = 0; p < 3; p++) {
        op_cost column[TIMING_SAMPLES];
        for (int t = 0; t < TIMING_SAMPLES; t++)
            column[t] = crypt[t][p];
        check_constant(c, "ctr_crypt", column, TIMING_SAMPLES);
    }
    for (int r = 0; r < 2; r++) {
        op_cost setiv_column[TIMING_SAMPLES], record_column[TIMING_SAMPLES];
        for (int t = 0; t < TIMING_SAMPLES; t++) {
            setiv_column[t] = setiv[t][r];
            record_column[t] = record[t][r];
        }
        check_constant(c, "ctr_setiv", setiv_column, TIMING_SAMPLES);
        check_constant(c, "ctr_crypt of a record", record_column, TIMING_SAMPLES);
    }
    return 1;
}

/* The same random DRBG calls on two backends must give the same codes and outputs. */
static void differential_drbg(const drbg_backend *x, const drbg_backend *y, const test_drbg *d)
{
    static uint8_t out_x[SERVER_MAX_PIECE], out_y[SERVER_MAX_PIECE];
    for (int seq = 0; seq < 12; seq++) {
        const int df = (int)rng_below(2);
        const size_t seedlen = (size_t)d->key_bytes + d->block_bytes;
        for (int step = 0; step < 6; step++) {
            uint8_t e[64], n[16], a[64];
            const size_t en = df ? d->key_bytes + rng_below(16) : seedlen;
            const size_t nn = d->key_bytes / 2 + rng_below(sizeof n - d->key_bytes / 2 + 1); /* valid */
            const size_t an = rng_below(2) ? 0 : rng_below((uint32_t)(df ? 64 : seedlen + 1));
            const size_t on = rng_below(SERVER_MAX_PIECE - 64 + 1); /* room for add */
            rng_fill(e, sizeof e);
            rng_fill(n, sizeof n);
            rng_fill(a, sizeof a);
            int rx, ry;
            if (step == 0) {
                rx = x->instantiate(x, d, df, e, en, n, nn, a, an);
                ry = y->instantiate(y, d, df, e, en, n, nn, a, an);
            } else if (rng_below(4) == 0) {
                rx = x->reseed(x, d, df, e, en, a, an);
                ry = y->reseed(y, d, df, e, en, a, an);
            } else {
                rx = x->generate(x, d, out_x, on, a, an);
                ry = y->generate(y, d, out_y, on, a, an);
                if (rx == 0 && ry == 0 && !check(memcmp(out_x, out_y, on) == 0, "%s%s: DRBG output on %s and %s differs",
                                                 d->name, variant, x->name, y->name))
                    return;
            }
            if (!check(rx == 0 && ry == 0, "%s%s: DRBG call %d on %s / %s returned %d / %d", d->name, variant, step,
                       x->name, y->name, rx, ry))
                return;
        }
    }
}

static sim_options opt;

/* The vectors this firmware can run: its ciphers, and only block modes when it has no CTR. */
static int vector_selected(const test_cipher *c, const char *mode)
{
    return sim_options_selects(&opt, c) && !(opt.blocks_only && strcmp(mode, "ctr") == 0);
}

static int drbg_selected(const test_drbg *d)
{
    return sim_options_selects_name(&opt, d->name);
}

int main(int argc, char **argv)
{
    if (sim_options_parse(&opt, argc, argv))
        return 2;
    static char label[64];
    snprintf(label, sizeof label, " [%s]", opt.variant);
    variant = label;
    const uint64_t seed = rng_seed_from_env(0xa7e9a128);
    const char *dir = test_vectors_dir();
    printf("lwc on simulated %s%s (%s), seed 0x%llx\n", opt.mcu, variant, opt.firmware, (unsigned long long)seed);

    /* One firmware session per group of work, so that the runner's cycle limit stays a
     * hang guard for each group rather than a budget for the whole suite. */
    sim_session *s = sim_session_open(opt.simulator, opt.mcu, opt.firmware);
    if (!check(s != NULL, "cannot start %s", opt.firmware))
        return check_summary();
    test_backend mcu = sim_backend(s);
    vector_set_filter(vector_selected);
    for (unsigned i = 0; i < spec_vector_count; i++)
        vector_run(&mcu, &spec_vectors[i], "spec vector");
    vector_files_run_all(&mcu, dir);
    check(sim_session_close(s) == 0, "the firmware did not exit cleanly after the vectors");
    for (unsigned i = 0; i < test_cipher_count; i++) {
        const test_cipher *c = &test_ciphers[i];
        if (!sim_options_selects(&opt, c))
            continue;
        int timed = 0;
        for (int group = 0; group < 3; group++) {
            if (group == 1 && opt.blocks_only)
                continue;
            s = sim_session_open(opt.simulator, opt.mcu, opt.firmware);
            if (!check(s != NULL, "cannot start %s", opt.firmware))
                return check_summary();
            if (group == 0)
                differential_ecb(s, c);
            else if (group == 1) {
                differential_ctr(s, c);
                differential_records(s, c);
            }
            else
                timed = constant_time(s, c, !opt.blocks_only);
            check(sim_session_close(s) == 0, "%s%s: the firmware did not exit cleanly", c->name, variant);
        }
        printf("%s%s: differential%s checks done\n", c->name, variant, timed ? " and timing" : "");
        fflush(stdout);
    }
    drbg_vectors_set_filter(drbg_selected);
    int drbg_vectors_done = 0;
    for (unsigned i = 0; i < test_drbg_count && !opt.blocks_only; i++) {
        const test_drbg *d = &test_drbgs[i];
        if (!drbg_selected(d))
            continue;
        s = sim_session_open(opt.simulator, opt.mcu, opt.firmware);
        if (!check(s != NULL, "cannot start %s", opt.firmware))
            break;
        const drbg_backend fast = sim_drbg_backend(s, 0), plain = sim_drbg_backend(s, 1);
        if (!drbg_vectors_done++)
            drbg_vectors_run_all(&fast, dir);
        differential_drbg(&fast, &host_plain_drbg_backend, d);
        differential_drbg(&plain, &host_drbg_backend, d);
        check(sim_session_close(s) == 0, "%s%s: the firmware did not exit cleanly", d->name, variant);
        printf("%s DRBG%s: differential checks done\n", d->name, variant);
        fflush(stdout);
    }
    return check_summary();
}
