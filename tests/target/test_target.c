/*
 * The library as built for a simulated MCU (ATmega, ATtiny; Cortex-M and RV32 on QEMU), tested from the host:
 *   - the specification vectors and the vector sets of tests/vectors, computed on the MCU;
 *   - random differential tests: ECB blocks, CTR messages (random lengths, splits and
 *     counters near carries) and records (ctr_setiv + ctr_crypt on a context keyed once)
 *     computed on the MCU and compared with the host C reference;
 *   - constant time: every operation's cycle count must be identical over random keys
 *     and inputs (skipped, with a note, on a target without a cycle counter);
 *   - the CTR_DRBGs: CAVP and TTAK vectors computed on the MCU, and random call sequences
 *     on the MCU's optimised path against the host's plain path and the reverse;
 *   - the authenticated modes (CMAC, EAX, CCM): the vector sets (Project Wycheproof's AES
 *     cases too, those that fit the firmware's buffer), random calls against the
 *     host library, every bit of tag, ciphertext, associated data and nonce flipped (rejected,
 *     output zeroed), errors that write nothing, and constant time (cycles of every call,
 *     a rejected decryption included, equal over random keys and data);
 *   - Ascon (where the firmware serves it): the final standard's KATs and the v1.2 results
 *     not reproduced, and for Ascon-AEAD128 and the hashes the same kinds of tests.
 *   - the sealer of each record suite of the cipher (lwc/records.h): records sealed on the MCU
 *     against the host's sealer and opened by the host, the record counter's end and the
 *     errors (nothing written), and constant time (sealer_init and lwc_seal).
 * Usage: see sim_options.h. Last line "N passed, M failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/mode_backend.h"
#include "../common/rng.h"
#include "../common/spec_vectors.h"
#include "../common/wycheproof.h"
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
        /* A random split: pieces of 0..2B+1 bytes, or larger ones up to 512 bytes or the
         * firmware's buffer. */
        for (size_t off = 0; off < len;) {
            size_t p = rng_below(3) ? rng_below(2u * c->block_bytes + 2) : rng_below(513);
            if (p > sim_max_piece(s))
                p = sim_max_piece(s);
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
            lens[r] = rng_below((uint32_t)(MAX_RECORD < sim_max_piece(s) ? MAX_RECORD : sim_max_piece(s)) + 1);
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
    const size_t bs = c->block_bytes, pieces[3] = {bs + 3, bs - 3, 2 * bs};
    const size_t record_lens[2] = {bs + 3, 3 * bs <= sim_max_piece(s) ? 3 * bs : 2 * bs};
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
        /* Not a pass: the QEMU targets' timing is checked by tests/qemu/test_constant_time.sh. */
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

/* The same random DRBG calls on two backends must give the same codes and outputs; each
 * request fits max_piece bytes (the firmware's buffer). */
static void differential_drbg(const drbg_backend *x, const drbg_backend *y, const test_drbg *d, size_t max_piece)
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
            const size_t on = rng_below((uint32_t)(max_piece - 64 + 1)); /* room for add */
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

/* ---- authenticated modes -------------------------------------------------------------- */

#define MODE_KEYS 6
#define MODE_CALLS_PER_KEY 10
#define MODE_MAX_MSG 300

/* Whether every sample took the same cycles (1 also when the target has no counter). */
static int same_cycles(const op_cost *costs, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (costs[i].cycles != costs[0].cycles)
            return 0;
    return 1;
}

static int zero_bytes(const uint8_t *p, size_t n)
{
    size_t nonzero = 0;
    for (size_t i = 0; i < n; i++)
        nonzero += p[i] != 0;
    return nonzero == 0;
}

/* CMAC on the MCU (one call and streaming in random chunks) against the host library. */
static void mode_differential_cmac(sim_session *s, const test_mode_cipher *m)
{
    for (int t = 0; t < 4 * MODE_KEYS; t++) {
        uint8_t key[TEST_MAX_KEY], msg[MODE_MAX_MSG], mcu[TEST_MAX_BLOCK], host[TEST_MAX_BLOCK];
        const size_t max_len = sim_max_piece(s) < MODE_MAX_MSG ? sim_max_piece(s) : MODE_MAX_MSG;
        const size_t len = rng_below((uint32_t)max_len + 1), tag_len = 1 + rng_below(m->block_bytes);
        const size_t chunk = rng_below(2) ? 0 : 1 + rng_below(rng_below(2) ? 2u * m->block_bytes + 1 : 100);
        rng_fill(key, m->key_bytes);
        rng_fill(msg, len);
        const int r = sim_cmac(s, m, key, mcu, tag_len, msg, len, chunk, NULL, NULL);
        host_mode_backend.cmac(&host_mode_backend, m, key, host, tag_len, msg, len, 0);
        if (!check(r == 0 && memcmp(mcu, host, tag_len) == 0, "%s%s: MCU CMAC differs from the host (len %zu, chunk %zu)",
                   m->name, variant, len, chunk))
            return;
    }
}

/*
 * An AEAD the MCU runs: a mode (TEST_EAX, TEST_CCM) of a cipher's mode row m, or
 * Ascon-AEAD128 (m NULL). The same random, tampering, error and timing tests run on both.
 */
typedef struct {
    const test_mode_cipher *m;
    int mode;
    const char *cipher, *name; /* for messages: "lea128" "eax", "ascon" "aead128" */
    uint8_t key_bytes, block_bytes;
} aead_ut;

static aead_ut mode_ut(const test_mode_cipher *m, int mode)
{
    const aead_ut u = {m, mode, m->name, test_aead_names[mode], m->key_bytes, m->block_bytes};
    return u;
}

static const aead_ut ascon_ut = {NULL, 0, "ascon", "aead128", LWC_ASCON_AEAD128_KEY_BYTES, 16};

/* The calls of calls[0..n) under one key on the MCU (sim_aead). */
static int ut_mcu(sim_session *s, const aead_ut *u, const uint8_t *key, sim_aead_call *calls, size_t n,
                  op_cost *setkey_cost)
{
    return u->m ? sim_aead(s, u->m, u->mode, key, calls, n, setkey_cost) : sim_ascon_aead(s, key, calls, n, setkey_cost);
}

/* One call on the host library (encryption, or decryption reading tag). */
static int ut_host(const aead_ut *u, int decrypt, const uint8_t *key, uint8_t *out, uint8_t *tag, size_t tag_len,
                   const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len, const uint8_t *in,
                   size_t len)
{
    if (u->m)
        return host_mode_backend.aead(&host_mode_backend, u->m, u->mode, decrypt, key, out, tag, tag_len, nonce,
                                      nonce_len, ad, ad_len, in, len);
    return host_ascon_backend.aead(&host_ascon_backend, decrypt, key, out, tag, tag_len, nonce, nonce_len, ad, ad_len,
                                   in, len);
}

/* The nonce length of the fixed-length tests: EAX 12, CCM 13, Ascon 16. */
static size_t ut_nonce_len(const aead_ut *u)
{
    return !u->m ? LWC_ASCON_AEAD128_NONCE_BYTES : u->mode == TEST_CCM ? 13 : 12;
}

/* One random case and what the MCU made of it. */
typedef struct {
    uint8_t nonce[2 * TEST_MAX_BLOCK + 3], ad[MODE_MAX_MSG / 2], pt[MODE_MAX_MSG], ct[MODE_MAX_MSG];
    uint8_t tag[TEST_MAX_BLOCK], bad_tag[TEST_MAX_BLOCK], mcu_tag[TEST_MAX_BLOCK];
    uint8_t mcu_ct[MODE_MAX_MSG], mcu_pt[MODE_MAX_MSG], mcu_bad[MODE_MAX_MSG];
    size_t nonce_len, ad_len, len, tag_len;
} aead_case;

/* A one-block EAX nonce whose counter N' = OMAC^0(nonce) is the given one: for a complete
 * block, N' = E(nonce ^ K1 ^ L) with L = E(0) and K1 = L doubled in GF(2^(8B)), so
 * nonce = D(N') ^ K1 ^ L. */
static void eax_nonce_for_counter(const test_mode_cipher *m, const uint8_t *key, const uint8_t *counter,
                                  uint8_t *nonce)
{
    const test_cipher *c = test_cipher_at(m->index);
    const size_t bs = m->block_bytes;
    uint8_t zero[TEST_MAX_BLOCK] = {0}, l[TEST_MAX_BLOCK];
    host_backend.ecb(&host_backend, c, 0, key, l, zero, 1);
    host_backend.ecb(&host_backend, c, 1, key, nonce, counter, 1);
    for (size_t i = 0; i < bs; i++)
        nonce[i] ^= (uint8_t)(l[i] << 1 | (i + 1 < bs ? l[i + 1] >> 7 : 0)) ^ l[i];
    if (l[0] >> 7)
        nonce[bs - 1] ^= bs == 8 ? 0x1b : 0x87;
}

static void random_aead_case(const aead_ut *u, const uint8_t *key, size_t max_data, aead_case *c)
{
    const uint32_t bs = u->block_bytes;
    /* Half of the EAX cases: a one-block nonce whose counter starts just below a carry
     * over 1..B bytes (the last one: the counter wraps to 0), and a message that reaches it. */
    const int near_carry = u->m && u->mode == TEST_EAX && rng_below(2);
    if (!u->m) {
        c->nonce_len = LWC_ASCON_AEAD128_NONCE_BYTES;
        c->tag_len = LWC_ASCON_AEAD128_MIN_TAG_BYTES + rng_below(16 - LWC_ASCON_AEAD128_MIN_TAG_BYTES + 1);
    } else if (u->mode == TEST_CCM) {
        c->nonce_len = 7 + rng_below(7);
        c->tag_len = 4 + 2 * rng_below(7);
    } else {
        c->nonce_len = near_carry ? bs : rng_below(2 * bs + 4);
        c->tag_len = 1 + rng_below(bs);
    }
    c->ad_len = rng_below(3) ? rng_below(3 * bs) : rng_below(sizeof c->ad);
    c->len = rng_below(3) ? rng_below(5 * bs) : rng_below(MODE_MAX_MSG);
    if (near_carry && c->len < 5 * bs)
        c->len = 5 * bs;
    /* Within the firmware's buffer: the message shortened; where nonce, ad and tag alone
     * exceed it (a small MCU's), the ad first, then EAX's nonce (CCM's, 13 bytes at most,
     * Ascon's 16, and a tag fit every buffer). */
    const size_t room = max_data - c->tag_len;
    if (c->nonce_len + c->ad_len > room) {
        c->ad_len = c->nonce_len < room ? room - c->nonce_len : 0;
        c->nonce_len = c->nonce_len < room ? c->nonce_len : room;
    }
    if (c->nonce_len + c->ad_len + c->len > room)
        c->len = room - c->nonce_len - c->ad_len;
    if (near_carry && c->nonce_len == bs) {
        uint8_t counter[TEST_MAX_BLOCK];
        const size_t trailing = 1 + rng_below(bs);
        rng_fill(counter, bs);
        memset(counter + bs - trailing, 0xff, trailing);
        counter[bs - 1] = (uint8_t)(0xff - rng_below(4));
        eax_nonce_for_counter(u->m, key, counter, c->nonce);
    } else {
        rng_fill(c->nonce, c->nonce_len);
    }
    rng_fill(c->ad, c->ad_len);
    rng_fill(c->pt, c->len);
    ut_host(u, 0, key, c->ct, c->tag, c->tag_len, c->nonce, c->nonce_len, c->ad, c->ad_len, c->pt, c->len);
    memcpy(c->bad_tag, c->tag, c->tag_len);
    c->bad_tag[rng_below((uint32_t)c->tag_len)] ^= (uint8_t)(1 << rng_below(8));
}

/* Random cases under a few keys, each encrypted on the MCU (against the host library), the
 * host's output decrypted on the MCU, and again with a flipped tag bit. */
static void differential_aead(sim_session *s, const aead_ut *u)
{
    static aead_case cases[MODE_CALLS_PER_KEY];
    for (int k = 0; k < MODE_KEYS; k++) {
        sim_aead_call calls[3 * MODE_CALLS_PER_KEY];
        uint8_t key[TEST_MAX_KEY];
        rng_fill(key, u->key_bytes);
        for (int i = 0; i < MODE_CALLS_PER_KEY; i++) {
            aead_case *c = &cases[i];
            random_aead_case(u, key, sim_max_piece(s), c);
            calls[3 * i] = (sim_aead_call){0, c->nonce, c->ad, c->pt, c->nonce_len, c->ad_len, c->len, c->tag_len,
                                           c->mcu_ct, c->mcu_tag, 0, {0, 0}};
            calls[3 * i + 1] = (sim_aead_call){1, c->nonce, c->ad, c->ct, c->nonce_len, c->ad_len, c->len, c->tag_len,
                                               c->mcu_pt, c->tag, 0, {0, 0}};
            calls[3 * i + 2] = (sim_aead_call){1, c->nonce, c->ad, c->ct, c->nonce_len, c->ad_len, c->len, c->tag_len,
                                               c->mcu_bad, c->bad_tag, 0, {0, 0}};
        }
        if (!check(ut_mcu(s, u, key, calls, 3 * MODE_CALLS_PER_KEY, NULL) == 0, "%s%s: %s on the MCU did not complete",
                   u->cipher, variant, u->name))
            return;
        for (int i = 0; i < MODE_CALLS_PER_KEY; i++) {
            const aead_case *c = &cases[i];
            if (!check(calls[3 * i].result == 0 && memcmp(c->mcu_ct, c->ct, c->len) == 0 &&
                           memcmp(c->mcu_tag, c->tag, c->tag_len) == 0 && calls[3 * i + 1].result == 0 &&
                           memcmp(c->mcu_pt, c->pt, c->len) == 0 && calls[3 * i + 2].result == LWC_E_AUTH &&
                           zero_bytes(c->mcu_bad, c->len),
                       "%s%s: MCU %s differs from the host (nonce %zu, ad %zu, len %zu, tag %zu: codes %d %d %d)",
                       u->cipher, variant, u->name, c->nonce_len, c->ad_len, c->len, c->tag_len, calls[3 * i].result,
                       calls[3 * i + 1].result, calls[3 * i + 2].result)) {
                print_hex("key", key, u->key_bytes);
                return;
            }
        }
    }
}

/*
 * Tampering and timing in one series under one key: a record (the nonce of ut_nonce_len, 8
 * bytes of associated data, 16 of message, the full tag) decrypted as it is and with each bit
 * of its tag, ciphertext, associated data and nonce flipped in turn. Every tampered call must
 * be rejected with the message zeroed, and all of them take the cycles of the good one.
 */
static void tampering(sim_session *s, const aead_ut *u)
{
    enum { LEN = 16, AD = 8, NONCE = 16 };
    const size_t nonce_len = ut_nonce_len(u), tag_len = u->m && u->mode == TEST_CCM ? 16 : u->block_bytes;
    const size_t total_bits = 8 * (tag_len + LEN + AD + nonce_len), n = 1 + total_bits;
    static uint8_t fields[1 + 8 * (16 + LEN + AD + NONCE)][4][LEN], outs[sizeof fields / sizeof fields[0]][LEN];
    static sim_aead_call calls[sizeof fields / sizeof fields[0]];
    uint8_t key[TEST_MAX_KEY], nonce[NONCE], ad[AD], pt[LEN], ct[LEN], tag[TEST_MAX_BLOCK];
    rng_fill(key, u->key_bytes);
    rng_fill(nonce, sizeof nonce);
    rng_fill(ad, sizeof ad);
    rng_fill(pt, sizeof pt);
    ut_host(u, 0, key, ct, tag, tag_len, nonce, nonce_len, ad, AD, pt, LEN);
    for (size_t i = 0; i < n; i++) {
        /* fields[i]: tag, ciphertext, ad, nonce of call i, bit i - 1 of their concatenation flipped */
        memcpy(fields[i][0], tag, tag_len);
        memcpy(fields[i][1], ct, LEN);
        memcpy(fields[i][2], ad, AD);
        memcpy(fields[i][3], nonce, nonce_len);
        if (i > 0) {
            size_t bit = i - 1, f = 0;
            const size_t sizes[4] = {tag_len, LEN, AD, nonce_len};
            while (bit >= 8 * sizes[f])
                bit -= 8 * sizes[f++];
            fields[i][f][bit / 8] ^= (uint8_t)(1 << bit % 8);
        }
        calls[i] = (sim_aead_call){1, fields[i][3], fields[i][2], fields[i][1], nonce_len, AD, LEN, tag_len, outs[i],
                                   fields[i][0], 0, {0, 0}};
    }
    if (!check(ut_mcu(s, u, key, calls, n, NULL) == 0, "%s%s: %s tampering run did not complete", u->cipher, variant,
               u->name))
        return;
    size_t accepted = 0, released = 0, slower = 0;
    for (size_t i = 1; i < n; i++) {
        accepted += calls[i].result != LWC_E_AUTH;
        released += !zero_bytes(outs[i], LEN);
        slower += calls[i].cost.cycles != calls[0].cost.cycles;
    }
    check(calls[0].result == 0 && memcmp(outs[0], pt, LEN) == 0, "%s%s: %s: the untampered record is not accepted",
          u->cipher, variant, u->name);
    check(accepted == 0 && released == 0, "%s%s: %s: of %zu flipped bits, %zu accepted, %zu released output",
          u->cipher, variant, u->name, total_bits, accepted, released);
    check(slower == 0, "%s%s: %s: %zu rejected decryptions took other cycles than the accepted one (%lu)", u->cipher,
          variant, u->name, slower, (unsigned long)calls[0].cost.cycles);
}

/* AEAD errors on the MCU, cases[0..n): refused with the library's code, nothing written (in
 * place: the message buffer still holds the input, an encryption's tag buffer MODE_FILL). */
typedef struct {
    size_t nonce_len, tag_len;
    int want;
} aead_error_case;

static void aead_errors(sim_session *s, const aead_ut *u, const aead_error_case *cases, size_t n)
{
    uint8_t key[TEST_MAX_KEY], msg[20], tag[TEST_MAX_BLOCK + 2], out[20];
    rng_fill(key, u->key_bytes);
    rng_fill(msg, sizeof msg);
    for (size_t i = 0; i < n; i++) {
        for (int decrypt = 0; decrypt <= 1; decrypt++) {
            memset(tag, MODE_FILL, sizeof tag);
            sim_aead_call call = {decrypt, msg, msg, msg, cases[i].nonce_len, 4, sizeof msg, cases[i].tag_len, out,
                                  tag, 0, {0, 0}};
            const int r = ut_mcu(s, u, key, &call, 1, NULL);
            size_t written = 0;
            for (size_t j = 0; j < cases[i].tag_len; j++)
                written += tag[j] != MODE_FILL;
            check(r == 0 && call.result == cases[i].want && memcmp(out, msg, sizeof msg) == 0 && written == 0,
                  "%s%s: %s %s with nonce %zu, tag %zu returned %d (want %d) or wrote", u->cipher, variant, u->name,
                  decrypt ? "decrypt" : "encrypt", cases[i].nonce_len, cases[i].tag_len, call.result, cases[i].want);
        }
    }
}

/* CMAC's errors, then EAX's and CCM's. */
static void mode_errors(sim_session *s, const test_mode_cipher *m)
{
    uint8_t key[TEST_MAX_KEY], msg[20], tag[TEST_MAX_BLOCK + 2];
    rng_fill(key, m->key_bytes);
    rng_fill(msg, sizeof msg);
    const size_t bad_cmac[2] = {0, (size_t)m->block_bytes + 1};
    for (int i = 0; i < 2; i++) {
        const int r = sim_cmac(s, m, key, tag, bad_cmac[i], msg, sizeof msg, 0, NULL, NULL);
        size_t written = 0;
        for (size_t j = 0; j < bad_cmac[i]; j++)
            written += tag[j] != MODE_FILL;
        check(r == LWC_E_TAG_LENGTH && written == 0, "%s%s: CMAC with a %zu-byte tag returned %d or wrote", m->name,
              variant, bad_cmac[i], r);
    }
    const aead_error_case eax[] = {{12, 0, LWC_E_TAG_LENGTH}, {12, (size_t)m->block_bytes + 1, LWC_E_TAG_LENGTH}};
    static const aead_error_case ccm[] = {
        {13, 5, LWC_E_TAG_LENGTH}, {6, 8, LWC_E_NONCE_LENGTH}, {14, 8, LWC_E_NONCE_LENGTH}};
    const aead_ut eax_ut = mode_ut(m, TEST_EAX), ccm_ut = mode_ut(m, TEST_CCM);
    aead_errors(s, &eax_ut, eax, sizeof eax / sizeof eax[0]);
    if (m->aead[TEST_CCM].setkey)
        aead_errors(s, &ccm_ut, ccm, sizeof ccm / sizeof ccm[0]);
}

/* One timing sample of an AEAD under a random key: key setup, encryption and decryption
 * (rejected if reject) of a record of 8 bytes of ad and 20 of message, 8-byte tag. */
static int aead_sample(sim_session *s, const aead_ut *u, int reject, op_cost *setkey, op_cost *enc, op_cost *dec)
{
    uint8_t key[TEST_MAX_KEY], nonce[16], ad[8], msg[20], out[20], back[20], tag[16], bad[16];
    rng_fill(key, u->key_bytes);
    rng_fill(nonce, sizeof nonce);
    rng_fill(ad, sizeof ad);
    rng_fill(msg, sizeof msg);
    rng_fill(bad, sizeof bad);
    const size_t nonce_len = ut_nonce_len(u);
    sim_aead_call calls[2] = {{0, nonce, ad, msg, nonce_len, 8, 20, 8, out, tag, 0, {0, 0}},
                              {1, nonce, ad, out, nonce_len, 8, 20, 8, back, reject ? bad : tag, 0, {0, 0}}};
    if (ut_mcu(s, u, key, calls, 2, setkey))
        return -1;
    *enc = calls[0].cost;
    *dec = calls[1].cost;
    return 0;
}

/* Checks the cycles of an AEAD's samples (nothing where the target has no counter). */
static void aead_timing_check(const aead_ut *u, const op_cost *setkey, const op_cost *enc, const op_cost *dec)
{
    if (setkey[0].cycles == SERVER_NO_CYCLES)
        return;
    check(same_cycles(setkey, TIMING_SAMPLES), "%s%s: %s_setkey is not constant-time", u->cipher, variant, u->name);
    check(same_cycles(enc, TIMING_SAMPLES), "%s%s: %s_encrypt is not constant-time", u->cipher, variant, u->name);
    check(same_cycles(dec, TIMING_SAMPLES), "%s%s: %s_decrypt is not constant-time (accepted and rejected)", u->cipher,
          variant, u->name);
}

/* Cycles over TIMING_SAMPLES random keys and data, lengths fixed: CMAC's key setup and one
 * call of 40 bytes; EAX and CCM (aead_sample; a rejected tag half of the time). */
static void mode_constant_time(sim_session *s, const test_mode_cipher *m)
{
    op_cost cmac_setkey[TIMING_SAMPLES], cmac[TIMING_SAMPLES], setkey[TEST_AEAD_MODES][TIMING_SAMPLES];
    op_cost enc[TEST_AEAD_MODES][TIMING_SAMPLES], dec[TEST_AEAD_MODES][TIMING_SAMPLES];
    for (int t = 0; t < TIMING_SAMPLES; t++) {
        uint8_t key[TEST_MAX_KEY], msg[40], tag[TEST_MAX_BLOCK];
        rng_fill(key, m->key_bytes);
        rng_fill(msg, sizeof msg);
        if (sim_cmac(s, m, key, tag, m->block_bytes, msg, sizeof msg, 0, &cmac_setkey[t], &cmac[t]) != 0)
            return (void)check(0, "%s%s: CMAC timing run failed", m->name, variant);
        for (int mode = 0; mode < TEST_AEAD_MODES; mode++) {
            const aead_ut u = mode_ut(m, mode);
            if (m->aead[mode].setkey && aead_sample(s, &u, t % 2, &setkey[mode][t], &enc[mode][t], &dec[mode][t]))
                return (void)check(0, "%s%s: %s timing run failed", m->name, variant, u.name);
        }
    }
    if (cmac[0].cycles == SERVER_NO_CYCLES)
        return;
    check(same_cycles(cmac_setkey, TIMING_SAMPLES), "%s%s: cmac_setkey is not constant-time", m->name, variant);
    check(same_cycles(cmac, TIMING_SAMPLES), "%s%s: cmac is not constant-time", m->name, variant);
    for (int mode = 0; mode < TEST_AEAD_MODES; mode++) {
        const aead_ut u = mode_ut(m, mode);
        if (m->aead[mode].setkey)
            aead_timing_check(&u, setkey[mode], enc[mode], dec[mode]);
    }
}

/* The target's mode key sizes (bench's RAM figures), as lwc/modes.h gives them: the key
 * schedule and 2 blocks (CMAC), 5 (EAX), the CTR context (CCM). */
static void mode_sizes(sim_session *s, const test_mode_cipher *m)
{
    uint16_t key_size, ctr_size, sizes[3];
    const unsigned b = m->block_bytes;
    check(sim_sizes(s, &test_ciphers[m->index], &key_size, &ctr_size) == 0 && sim_mode_sizes(s, m, sizes) == 0 &&
              sizes[0] == key_size + 2 * b && sizes[1] == key_size + 5 * b &&
              sizes[2] == (m->aead[TEST_CCM].setkey ? ctr_size : 0),
          "%s%s: mode key sizes on the MCU are not key + 2 and + 5 blocks and the CTR context", m->name, variant);
}

static void modes_run(sim_session *s, const test_mode_cipher *m)
{
    mode_sizes(s, m);
    mode_differential_cmac(s, m);
    mode_errors(s, m);
    mode_constant_time(s, m);
    for (int mode = 0; mode < TEST_AEAD_MODES; mode++) {
        if (!m->aead[mode].setkey)
            continue;
        const aead_ut u = mode_ut(m, mode);
        differential_aead(s, &u);
        tampering(s, &u);
    }
}

/* ---- Ascon ------------------------------------------------------------------------------ */

/* Random Hash256, XOF128 and CXOF128 calls on the MCU (one call, or streaming in a random
 * chunk size) against the host library: lengths up to 300 (within the firmware's buffer),
 * customization strings up to 256 bytes, outputs up to 200. */
static void ascon_differential_hash(sim_session *s)
{
    const size_t room = sim_max_piece(s);
    for (int t = 0; t < 60; t++) {
        static uint8_t custom[LWC_ASCON_CXOF128_MAX_CUSTOM], msg[MODE_MAX_MSG], mcu[SERVER_MAX_PIECE], host[SERVER_MAX_PIECE];
        const int kind = (int)rng_below(ASCON_HASHES);
        size_t custom_len = kind == ASCON_CXOF128 ? rng_below(LWC_ASCON_CXOF128_MAX_CUSTOM + 1) : 0;
        size_t len = rng_below(3) ? rng_below(50) : rng_below(MODE_MAX_MSG + 1);
        size_t out_len = kind == ASCON_HASH256 ? LWC_ASCON_HASH256_BYTES : rng_below(201);
        const size_t chunk = rng_below(2) ? 0 : 1 + rng_below(rng_below(2) ? 17 : 100);
        custom_len = custom_len < room ? custom_len : room;
        len = len < room - custom_len ? len : room - custom_len;
        out_len = out_len < room ? out_len : room;
        rng_fill(custom, custom_len);
        rng_fill(msg, len);
        const int r = sim_ascon_hash(s, kind, mcu, out_len, custom, custom_len, msg, len, chunk, NULL);
        host_ascon_backend.hash(&host_ascon_backend, kind, host, out_len, custom, custom_len, msg, len, 0);
        if (!check(r == 0 && memcmp(mcu, host, out_len) == 0,
                   "ascon%s: MCU %s differs from the host (custom %zu, len %zu, out %zu, chunk %zu: code %d)", variant,
                   ascon_hash_names[kind], custom_len, len, out_len, chunk, r))
            return;
    }
}

/* The hashes' errors on the MCU: a customization string over 256 bytes (where the buffer
 * holds one), refused with nothing written (the output over the input still holds it). */
static void ascon_hash_errors(sim_session *s)
{
    static uint8_t custom[LWC_ASCON_CXOF128_MAX_CUSTOM + 1], out[LWC_ASCON_CXOF128_MAX_CUSTOM + 1];
    if (sim_max_piece(s) < sizeof custom)
        return;
    rng_fill(custom, sizeof custom);
    for (size_t chunk = 0; chunk <= 16; chunk += 16) {
        const int r = sim_ascon_hash(s, ASCON_CXOF128, out, 32, custom, sizeof custom, NULL, 0, chunk, NULL);
        check(r == LWC_E_BAD_PARAMETER && (chunk || memcmp(out, custom, 32) == 0),
              "ascon%s: CXOF128 (%s) with a 257-byte customization string returned %d or wrote", variant,
              chunk ? "streaming" : "one call", r);
    }
}

/* Ascon-AEAD128 on the MCU: random cases, tampering, errors, and its cycles over
 * TIMING_SAMPLES random keys and data (aead_sample; a rejected tag half of the time). */
static void ascon_aead_run(sim_session *s)
{
    static const aead_error_case errors[] = {{16, 3, LWC_E_TAG_LENGTH},   {16, 17, LWC_E_TAG_LENGTH},
                                             {15, 16, LWC_E_NONCE_LENGTH}, {17, 16, LWC_E_NONCE_LENGTH},
                                             {0, 16, LWC_E_NONCE_LENGTH}};
    op_cost setkey[TIMING_SAMPLES], enc[TIMING_SAMPLES], dec[TIMING_SAMPLES];
    differential_aead(s, &ascon_ut);
    tampering(s, &ascon_ut);
    aead_errors(s, &ascon_ut, errors, sizeof errors / sizeof errors[0]);
    for (int t = 0; t < TIMING_SAMPLES; t++)
        if (aead_sample(s, &ascon_ut, t % 2, &setkey[t], &enc[t], &dec[t]))
            return (void)check(0, "ascon%s: AEAD timing run failed", variant);
    aead_timing_check(&ascon_ut, setkey, enc, dec);
}

/* Ascon's hashes on the MCU: random calls, errors, and the cycles over TIMING_SAMPLES random
 * inputs of Hash256 of 40 bytes, XOF128 and CXOF128 (10-byte string) of 40 bytes to 40, one
 * call and streaming in 13-byte pieces. */
static void ascon_hash_run(sim_session *s)
{
    op_cost cost[ASCON_HASHES][2][TIMING_SAMPLES];
    ascon_differential_hash(s);
    ascon_hash_errors(s);
    for (int t = 0; t < TIMING_SAMPLES; t++) {
        for (int kind = 0; kind < ASCON_HASHES; kind++) {
            for (int stream = 0; stream <= 1; stream++) {
                uint8_t custom[10], msg[40], out[40];
                rng_fill(custom, sizeof custom);
                rng_fill(msg, sizeof msg);
                if (sim_ascon_hash(s, kind, out, kind == ASCON_HASH256 ? 32 : 40, custom, sizeof custom, msg,
                                   sizeof msg, stream ? 13 : 0, &cost[kind][stream][t]) != 0)
                    return (void)check(0, "ascon%s: hash timing run failed", variant);
            }
        }
    }
    if (cost[0][0][0].cycles == SERVER_NO_CYCLES)
        return;
    for (int kind = 0; kind < ASCON_HASHES; kind++)
        for (int stream = 0; stream <= 1; stream++)
            check(same_cycles(cost[kind][stream], TIMING_SAMPLES), "ascon%s: %s (%s) is not constant-time", variant,
                  ascon_hash_names[kind], stream ? "streaming" : "one call");
}

/* ---- sealed records ------------------------------------------------------------------- */

#define SEAL_SERIES 4
#define SEAL_RECORDS 8
#define SEAL_MAX_PAYLOAD 64

/* The host's record of suite t: its sealer at boot, the record counter set to count, one seal. */
static int host_seal(const test_record_suite *t, const uint8_t *key, uint32_t node, uint8_t epoch, uint32_t boot,
                     uint32_t count, const uint8_t *payload, size_t len, uint8_t *out)
{
    lwc_sealer s;
    test_record_key k;
    int r = t->sealer_init(&s, &k, key, node, epoch, boot);
    s.header[9] = (uint8_t)(count >> 16);
    s.header[10] = (uint8_t)(count >> 8);
    s.header[11] = (uint8_t)count;
    r = r ? r : lwc_seal(&s, out, len + LWC_RECORD_OVERHEAD_BYTES, payload, len);
    lwc_wipe(&k, sizeof k);
    return r;
}

static size_t seal_max_payload(const sim_session *s)
{
    const size_t room = sim_max_piece(s) - LWC_RECORD_OVERHEAD_BYTES;
    return room < SEAL_MAX_PAYLOAD ? room : SEAL_MAX_PAYLOAD;
}

/* Series of records sealed on the MCU (a sealer each, its record counter at the start of a boot
 * or anywhere), each equal to the host's and opened by the host's opener. */
static void records_differential(sim_session *s, const test_record_suite *t)
{
    for (int series = 0; series < SEAL_SERIES; series++) {
        uint8_t key[16], payloads[SEAL_RECORDS][SEAL_MAX_PAYLOAD];
        uint8_t outs[SEAL_RECORDS][SEAL_MAX_PAYLOAD + LWC_RECORD_OVERHEAD_BYTES];
        uint8_t want[SEAL_MAX_PAYLOAD + LWC_RECORD_OVERHEAD_BYTES], opened[SEAL_MAX_PAYLOAD];
        sim_seal_call calls[SEAL_RECORDS];
        const uint32_t node = (uint32_t)rng_next(), boot = rng_below(LWC_RECORD_BOOT_MAX + 1);
        const uint32_t count = series == 0 ? 0 : rng_below(LWC_RECORD_COUNT_MAX + 1 - SEAL_RECORDS);
        const uint8_t epoch = (uint8_t)rng_next();
        rng_fill(key, sizeof key);
        for (int i = 0; i < SEAL_RECORDS; i++) {
            const size_t len = rng_below((uint32_t)seal_max_payload(s) + 1);
            rng_fill(payloads[i], len);
            calls[i] = (sim_seal_call){payloads[i], len, len + LWC_RECORD_OVERHEAD_BYTES, outs[i], 0, {0, 0}};
        }
        int init = 0;
        if (!check(sim_seal(s, t, key, node, epoch, boot, count, calls, SEAL_RECORDS, &init, NULL, NULL) == 0 &&
                       init == 0,
                   "%s%s: sealing on the MCU did not complete (%d)", t->name, variant, init))
            return;
        lwc_record_key k;
        lwc_record_setkey(&k, t->id, key);
        for (uint32_t i = 0; i < SEAL_RECORDS; i++) {
            const size_t len = calls[i].len, n = len + LWC_RECORD_OVERHEAD_BYTES;
            lwc_record_info info;
            const int r = host_seal(t, key, node, epoch, boot, count + i, payloads[i], len, want);
            const int o = lwc_record_parse(&info, outs[i], n) ? -1 : lwc_record_open(&k, opened, len, &info, outs[i], n);
            if (!check(calls[i].result == 0 && r == 0 && memcmp(outs[i], want, n) == 0 && o == 0 &&
                           memcmp(opened, payloads[i], len) == 0 && info.counter == ((uint64_t)boot << 24 | (count + i)),
                       "%s%s: record %u sealed on the MCU differs from the host's or does not open (%d %d)", t->name,
                       variant, i, calls[i].result, o)) {
                print_hex("mcu ", outs[i], n);
                print_hex("host", want, n);
                break;
            }
        }
        lwc_wipe(&k, sizeof k);
    }
}

/* The end of a boot's record counters and the errors, on the MCU: record counters 2^24 - 2 and
 * 2^24 - 1 sealed, the next refused twice with nothing written; a buffer one byte short
 * refused without counting; a boot counter of 2^24 refused by sealer_init. */
static void records_errors(sim_session *s, const test_record_suite *t)
{
    enum { LEN = 8, RECORD = LEN + LWC_RECORD_OVERHEAD_BYTES };
    uint8_t key[16], payload[LEN], outs[4][RECORD], want[RECORD], untouched[RECORD];
    rng_fill(key, sizeof key);
    rng_fill(payload, sizeof payload);
    memset(untouched, MODE_FILL, sizeof untouched);
    memcpy(untouched + LWC_RECORD_HEADER_BYTES, payload, LEN);
    sim_seal_call calls[4];
    for (int i = 0; i < 4; i++)
        calls[i] = (sim_seal_call){payload, LEN, RECORD, outs[i], 0, {0, 0}};
    int init = 0;
    if (!check(sim_seal(s, t, key, 7, 1, 2, LWC_RECORD_COUNT_MAX - 1, calls, 4, &init, NULL, NULL) == 0 && init == 0,
               "%s%s: sealing at the end of a boot did not complete", t->name, variant))
        return;
    host_seal(t, key, 7, 1, 2, LWC_RECORD_COUNT_MAX, payload, LEN, want);
    check(calls[0].result == 0 && calls[1].result == 0 && memcmp(outs[1], want, RECORD) == 0 &&
              calls[2].result == LWC_E_COUNTER_EXHAUSTED && calls[3].result == LWC_E_COUNTER_EXHAUSTED &&
              memcmp(outs[2], untouched, RECORD) == 0 && memcmp(outs[3], untouched, RECORD) == 0,
          "%s%s: the record counter's end on the MCU: codes %d %d %d %d, or the refused ones wrote", t->name, variant,
          calls[0].result, calls[1].result, calls[2].result, calls[3].result);
    calls[0].out_cap = RECORD - 1;
    host_seal(t, key, 7, 1, 2, 0, payload, LEN, want);
    check(sim_seal(s, t, key, 7, 1, 2, 0, calls, 2, &init, NULL, NULL) == 0 &&
              calls[0].result == LWC_E_BUFFER_TOO_SMALL && memcmp(outs[0], untouched, RECORD) == 0 &&
              calls[1].result == 0 && memcmp(outs[1], want, RECORD) == 0,
          "%s%s: a buffer one byte short on the MCU: %d, or it wrote or counted", t->name, variant, calls[0].result);
    check(sim_seal(s, t, key, 7, 1, LWC_RECORD_BOOT_MAX + 1, 0, calls, 0, &init, NULL, NULL) == 0 &&
              init == LWC_E_COUNTER_EXHAUSTED,
          "%s%s: boot counter 2^24 accepted by sealer_init on the MCU (%d)", t->name, variant, init);
}

/* Cycles of sealer_init and of lwc_seal of 16- and 32-byte payloads (or what fits) over
 * TIMING_SAMPLES random node keys and payloads, the header's fields fixed. */
static void records_constant_time(sim_session *s, const test_record_suite *t)
{
    op_cost init[TIMING_SAMPLES], seal[2][TIMING_SAMPLES];
    const size_t room = seal_max_payload(s), lens[2] = {room < 16 ? room : 16, room < 32 ? room : 32};
    for (int sample = 0; sample < TIMING_SAMPLES; sample++) {
        uint8_t key[16], payload[2][32], outs[2][32 + LWC_RECORD_OVERHEAD_BYTES];
        rng_fill(key, sizeof key);
        rng_fill(payload[0], sizeof payload[0]);
        rng_fill(payload[1], sizeof payload[1]);
        sim_seal_call calls[2] = {{payload[0], lens[0], lens[0] + LWC_RECORD_OVERHEAD_BYTES, outs[0], 0, {0, 0}},
                                  {payload[1], lens[1], lens[1] + LWC_RECORD_OVERHEAD_BYTES, outs[1], 0, {0, 0}}};
        int r = 0;
        if (sim_seal(s, t, key, 0x17, 1, 5, 9, calls, 2, &r, NULL, &init[sample]) || r || calls[0].result ||
            calls[1].result)
            return (void)check(0, "%s%s: sealing timing run failed", t->name, variant);
        seal[0][sample] = calls[0].cost;
        seal[1][sample] = calls[1].cost;
    }
    if (init[0].cycles == SERVER_NO_CYCLES)
        return;
    check(same_cycles(init, TIMING_SAMPLES), "%s%s: sealer_init is not constant-time", t->name, variant);
    for (int i = 0; i < 2; i++)
        check(same_cycles(seal[i], TIMING_SAMPLES), "%s%s: lwc_seal of %zu bytes is not constant-time", t->name,
              variant, lens[i]);
}

/* The record suites over the cipher of index cipher (TEST_RECORD_NO_CIPHER: Ascon-AEAD128's);
 * returns how many. */
static int records_run(sim_session *s, unsigned cipher)
{
    int suites = 0;
    for (unsigned i = 0; i < test_record_suite_count; i++) {
        const test_record_suite *t = &test_record_suites[i];
        if (t->cipher != cipher)
            continue;
        records_differential(s, t);
        records_errors(s, t);
        records_constant_time(s, t);
        suites++;
    }
    return suites;
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

static int mode_selected(const test_mode_cipher *m)
{
    return sim_options_selects_name(&opt, m->name);
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
    for (unsigned i = 0; i < spec_vector_count && !opt.modes_only; i++)
        vector_run(&mcu, &spec_vectors[i], "spec vector");
    if (!opt.modes_only)
        vector_files_run_all(&mcu, dir);
    if (!opt.no_modes) {
        const mode_backend modes = sim_mode_backend(s);
        mode_vectors_run_all(&modes, dir, mode_selected);
        wycheproof_run_all(&modes, dir, mode_selected);
    }
    check(sim_session_close(s) == 0, "the firmware did not exit cleanly after the vectors");
    /* Ascon where the firmware serves it: Ascon-AEAD128 and the hashes (ids ascon_aead,
     * ascon_hash); each set in a session of its own (a hash KAT takes about 2 billion cycles
     * in the C on AVR; the streaming calls get random cases below). */
    const int ascon_aead = !opt.no_ascon && sim_options_selects_name(&opt, "ascon_aead");
    const int ascon_hash = !opt.no_ascon && sim_options_selects_name(&opt, "ascon_hash");
    for (unsigned set = 0; set < ASCON_VECTOR_SETS && (ascon_aead || ascon_hash); set++) {
        static const size_t one_call = 0;
        if (!check((s = sim_session_open(opt.simulator, opt.mcu, opt.firmware)) != NULL, "cannot start %s",
                   opt.firmware))
            return check_summary();
        const ascon_backend ascon = sim_ascon_backend(s, ascon_aead, ascon_hash);
        ascon_vectors_run_set(&ascon, dir, set, &one_call, 1);
        check(sim_session_close(s) == 0, "ascon%s: the firmware did not exit cleanly after the vectors", variant);
    }
    for (unsigned i = 0; i < test_cipher_count; i++) {
        const test_cipher *c = &test_ciphers[i];
        if (!sim_options_selects(&opt, c))
            continue;
        int timed = 0, sealed = 0;
        for (int group = 0; group < 4; group++) {
            if ((group == 1 && opt.blocks_only) || (group == 3 && opt.no_modes) || (group < 3 && opt.modes_only))
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
            else if (group == 2)
                timed = constant_time(s, c, !opt.blocks_only);
            else {
                modes_run(s, &test_mode_ciphers[i]);
                if (!opt.no_records)
                    sealed = records_run(s, c->index);
            }
            check(sim_session_close(s) == 0, "%s%s: the firmware did not exit cleanly", c->name, variant);
        }
        printf("%s%s: %s%s checks done%s\n", c->name, variant, opt.modes_only ? "modes" : "differential",
               timed ? " and timing" : "",
               opt.no_modes || opt.modes_only ? "" : sealed ? " (modes and sealed records too)" : " (modes too)");
        fflush(stdout);
    }
    for (int part = 0; part < 2; part++) {
        if (!(part ? ascon_hash : ascon_aead))
            continue;
        s = sim_session_open(opt.simulator, opt.mcu, opt.firmware);
        if (!check(s != NULL, "cannot start %s", opt.firmware))
            return check_summary();
        int sealed = 0;
        if (part)
            ascon_hash_run(s);
        else {
            ascon_aead_run(s);
            if (!opt.no_records)
                sealed = records_run(s, TEST_RECORD_NO_CIPHER);
        }
        check(sim_session_close(s) == 0, "ascon%s: the firmware did not exit cleanly", variant);
        printf("ascon%s: %s differential, tampering and timing checks done%s\n", variant,
               part ? "Hash256, XOF128, CXOF128" : "Ascon-AEAD128", sealed ? " (sealed records too)" : "");
        fflush(stdout);
    }
    drbg_vectors_set_filter(drbg_selected);
    int drbg_vectors_done = 0;
    for (unsigned i = 0; i < test_drbg_count && !opt.no_drbg; i++) {
        const test_drbg *d = &test_drbgs[i];
        if (!drbg_selected(d))
            continue;
        s = sim_session_open(opt.simulator, opt.mcu, opt.firmware);
        if (!check(s != NULL, "cannot start %s", opt.firmware))
            break;
        const drbg_backend fast = sim_drbg_backend(s, 0), plain = sim_drbg_backend(s, 1);
        if (!drbg_vectors_done++)
            drbg_vectors_run_all(&fast, dir);
        differential_drbg(&fast, &host_plain_drbg_backend, d, sim_max_piece(s));
        differential_drbg(&plain, &host_drbg_backend, d, sim_max_piece(s));
        check(sim_session_close(s) == 0, "%s%s: the firmware did not exit cleanly", d->name, variant);
        printf("%s DRBG%s: differential checks done\n", d->name, variant);
        fflush(stdout);
    }
    return check_summary();
}
