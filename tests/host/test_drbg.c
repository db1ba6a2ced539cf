/*
 * Host tests of the CTR_DRBGs: CAVP and TTAK vectors on the optimised and the plain path,
 * every error code with the state left byte-for-byte unchanged and the output untouched,
 * the lifecycle (use before instantiate, after wipe, reseed interval), and a random
 * differential between the optimised and the plain path. Last line "N passed, M failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/drbg_vectors.h"
#include "../common/rng.h"
#include "../common/vectors.h"

#define CANARY 0x3c

typedef uint64_t drbg_mem[TEST_MAX_DRBG_STATE / 8 + 1];

static uint8_t big[LWC_DRBG_MAX_INPUT + 64];

static size_t seedlen(const test_drbg *d)
{
    return (size_t)d->key_bytes + d->block_bytes;
}

static size_t max_request(const test_drbg *d)
{
    return d->block_bytes == 8 ? LWC_HIGHT_DRBG_MAX_REQUEST : LWC_AES128_DRBG_MAX_REQUEST;
}

/* Calls op, which must fail with `expect`, leaving the state and out unchanged. */
#define EXPECT_REFUSED(d, mem, expect, call)                                                      \
    do {                                                                                          \
        drbg_mem before;                                                                          \
        uint8_t out[8];                                                                           \
        memcpy(before, mem, sizeof before);                                                       \
        memset(out, CANARY, sizeof out);                                                          \
        (void)out;                                                                                \
        int r_ = (call);                                                                          \
        check(r_ == (expect), "%s: %s returned %d, expected %d", (d)->name, #call, r_, expect);   \
        check(memcmp(before, mem, sizeof before) == 0, "%s: %s changed the state", (d)->name, #call); \
        check(out[0] == CANARY && out[7] == CANARY, "%s: %s wrote output", (d)->name, #call);     \
    } while (0)

static void test_errors(const test_drbg *d)
{
    const drbg_ops *o = &d->fast;
    static drbg_mem m;
    const size_t sec = d->key_bytes, sl = seedlen(d);
    memset(m, 0, sizeof m);
    rng_fill(big, sizeof big);

    /* Never instantiated (zeroed). */
    EXPECT_REFUSED(d, m, LWC_E_NOT_INSTANTIATED, o->generate(m, out, 8, NULL, 0));
    EXPECT_REFUSED(d, m, LWC_E_NOT_INSTANTIATED, o->reseed(m, big, sec, NULL, 0));
    EXPECT_REFUSED(d, m, LWC_E_NOT_INSTANTIATED, o->reseed_nodf(m, big, sl, NULL, 0));
    EXPECT_REFUSED(d, m, LWC_E_NOT_INSTANTIATED, o->set_reseed_interval(m, 5));
    /* Bad instantiate arguments, on a zeroed and then on an instantiated state. */
    for (int round = 0; round < 2; round++) {
        EXPECT_REFUSED(d, m, LWC_E_ENTROPY_LENGTH, o->instantiate(m, big, sec - 1, big, 8, NULL, 0));
        EXPECT_REFUSED(d, m, LWC_E_ENTROPY_LENGTH, o->instantiate(m, big, LWC_DRBG_MAX_INPUT + 1, NULL, 0, NULL, 0));
        EXPECT_REFUSED(d, m, LWC_E_NONCE_LENGTH, o->instantiate(m, big, sec, big, LWC_DRBG_MAX_INPUT + 1, NULL, 0));
        /* A nonce of half the security strength, unless the entropy carries 1.5 times it. */
        EXPECT_REFUSED(d, m, LWC_E_NONCE_LENGTH, o->instantiate(m, big, sec, NULL, 0, NULL, 0));
        EXPECT_REFUSED(d, m, LWC_E_NONCE_LENGTH, o->instantiate(m, big, sec, big, sec / 2 - 1, NULL, 0));
        EXPECT_REFUSED(d, m, LWC_E_NONCE_LENGTH, o->instantiate(m, big, 3 * sec / 2 - 1, big, sec / 2 - 1, NULL, 0));
        EXPECT_REFUSED(d, m, LWC_E_NONCE_LENGTH,
                       o->instantiate(m, big, 3 * sec / 2, big, LWC_DRBG_MAX_INPUT + 1, NULL, 0));
        EXPECT_REFUSED(d, m, LWC_E_PERS_LENGTH, o->instantiate(m, big, sec, big, sec / 2, big, LWC_DRBG_MAX_INPUT + 1));
        EXPECT_REFUSED(d, m, LWC_E_NULL_POINTER, o->instantiate(m, NULL, sec, NULL, 0, NULL, 0));
        EXPECT_REFUSED(d, m, LWC_E_NULL_POINTER, o->instantiate(m, big, sec, NULL, 4, NULL, 0));
        EXPECT_REFUSED(d, m, LWC_E_ENTROPY_LENGTH, o->instantiate_nodf(m, big, sl - 1, NULL, 0));
        EXPECT_REFUSED(d, m, LWC_E_ENTROPY_LENGTH, o->instantiate_nodf(m, big, sl + 1, NULL, 0));
        EXPECT_REFUSED(d, m, LWC_E_PERS_LENGTH, o->instantiate_nodf(m, big, sl, big, sl + 1));
        EXPECT_REFUSED(d, m, LWC_E_NULL_POINTER, o->instantiate_nodf(m, big, sl, NULL, 1));
        check(o->instantiate(m, big, sec, big + 64, sec / 2, big + 128, 16) == 0, "%s: instantiate failed", d->name);
    }
    check(o->instantiate(m, big, 3 * sec / 2, NULL, 0, NULL, 0) == 0 &&
              o->instantiate(m, big, 3 * sec / 2, big, sec / 2 - 1, NULL, 0) == 0,
          "%s: instantiate with 1.5 times the security strength of entropy and no full nonce failed", d->name);
    check(o->instantiate(NULL, big, sec, NULL, 0, NULL, 0) == LWC_E_NULL_POINTER, "%s: NULL state accepted", d->name);
    /* Bad reseed and generate arguments on an instantiated (df) state. */
    EXPECT_REFUSED(d, m, LWC_E_ENTROPY_LENGTH, o->reseed(m, big, sec - 1, NULL, 0));
    EXPECT_REFUSED(d, m, LWC_E_ADD_LENGTH, o->reseed(m, big, sec, big, LWC_DRBG_MAX_INPUT + 1));
    EXPECT_REFUSED(d, m, LWC_E_WRONG_MODE, o->reseed_nodf(m, big, sl, NULL, 0));
    EXPECT_REFUSED(d, m, LWC_E_REQUEST_LENGTH, o->generate(m, out, max_request(d) + 1, NULL, 0));
    EXPECT_REFUSED(d, m, LWC_E_ADD_LENGTH, o->generate(m, out, 8, big, LWC_DRBG_MAX_INPUT + 1));
    EXPECT_REFUSED(d, m, LWC_E_NULL_POINTER, o->generate(m, NULL, 8, NULL, 0));
    EXPECT_REFUSED(d, m, LWC_E_NULL_POINTER, o->generate(m, out, 8, NULL, 3));
    EXPECT_REFUSED(d, m, LWC_E_BAD_PARAMETER, o->set_reseed_interval(m, 0));
    EXPECT_REFUSED(d, m, LWC_E_BAD_PARAMETER,
                   o->set_reseed_interval(m, (d->block_bytes == 8 ? LWC_HIGHT_DRBG_MAX_RESEED_INTERVAL
                                                                  : LWC_AES128_DRBG_MAX_RESEED_INTERVAL) + 1));
    /* The no-df mode's own limits. */
    check(o->instantiate_nodf(m, big, sl, big, sl) == 0, "%s: no-df instantiate failed", d->name);
    EXPECT_REFUSED(d, m, LWC_E_WRONG_MODE, o->reseed(m, big, sec, NULL, 0));
    EXPECT_REFUSED(d, m, LWC_E_ENTROPY_LENGTH, o->reseed_nodf(m, big, sl - 1, NULL, 0));
    EXPECT_REFUSED(d, m, LWC_E_ADD_LENGTH, o->reseed_nodf(m, big, sl, big, sl + 1));
    EXPECT_REFUSED(d, m, LWC_E_ADD_LENGTH, o->generate(m, out, 8, big, sl + 1));
    /* Reseed interval: exactly `interval` generates, then a refusal until reseeded. */
    uint8_t out[8];
    check(o->set_reseed_interval(m, 3) == 0, "%s: set_reseed_interval(3) failed", d->name);
    for (int g = 0; g < 3; g++)
        check(o->generate(m, out, sizeof out, NULL, 0) == 0, "%s: generate %d within the interval failed", d->name, g);
    EXPECT_REFUSED(d, m, LWC_E_RESEED_REQUIRED, o->generate(m, out, 8, NULL, 0));
    check(o->reseed_nodf(m, big, sl, NULL, 0) == 0, "%s: reseed failed", d->name);
    check(o->generate(m, out, sizeof out, NULL, 0) == 0, "%s: generate after reseed failed", d->name);
    /* Instantiating again, in either mode, keeps the interval set. */
    for (int df = 1; df >= 0; df--) {
        check((df ? o->instantiate(m, big, sec, big, sec / 2, NULL, 0) : o->instantiate_nodf(m, big, sl, NULL, 0)) == 0,
              "%s: instantiating again failed", d->name);
        for (int g = 0; g < 3; g++)
            check(o->generate(m, out, sizeof out, NULL, 0) == 0, "%s: generate %d after instantiating again failed",
                  d->name, g);
        EXPECT_REFUSED(d, m, LWC_E_RESEED_REQUIRED, o->generate(m, out, 8, NULL, 0));
    }
    /* Wipe: all zero, then refused. */
    o->wipe(m);
    int zero = 1;
    for (size_t i = 0; i < d->state_size; i++)
        zero &= ((uint8_t *)m)[i] == 0;
    check(zero, "%s: wipe left non-zero bytes", d->name);
    EXPECT_REFUSED(d, m, LWC_E_NOT_INSTANTIATED, o->generate(m, out, 8, NULL, 0));
    /* After a wipe, instantiate starts over with the maximum interval. */
    check(o->instantiate(m, big, sec, big, sec / 2, NULL, 0) == 0, "%s: instantiate after wipe failed", d->name);
    for (int g = 0; g < 4; g++)
        check(o->generate(m, out, sizeof out, NULL, 0) == 0, "%s: generate %d after wipe refused", d->name, g);
    /* A zero-length request is valid and counts as a generate. */
    check(o->generate(m, NULL, 0, NULL, 0) == 0, "%s: empty generate refused", d->name);
}

/* Same random calls on the optimised and the plain path: same results, outputs, states. */
static void test_differential(const test_drbg *d)
{
    static drbg_mem fast, plain;
    static uint8_t out_fast[1100], out_plain[1100];
    for (int seq = 0; seq < 100; seq++) {
        memset(fast, 0, sizeof fast);
        memset(plain, 0, sizeof plain);
        const int df = (int)rng_below(2);
        for (int step = 0; step < 8; step++) {
            uint8_t e[96], n[32], a[96];
            const size_t sl = seedlen(d);
            const size_t en = df ? d->key_bytes + rng_below(40) : sl;
            /* Any nonce with 1.5 times the strength of entropy, else at least half of it. */
            const size_t nn = 2 * en >= 3u * d->key_bytes && rng_below(2) ? rng_below(8)
                                                                          : d->key_bytes / 2 + rng_below(17);
            const size_t an = rng_below(2) ? 0 : rng_below((uint32_t)(df ? 64 : sl + 1));
            const size_t on = rng_below(3) ? rng_below(100) : rng_below(1025);
            rng_fill(e, sizeof e);
            rng_fill(n, sizeof n);
            rng_fill(a, sizeof a);
            int rf, rp;
            const unsigned kind = step == 0 ? 0 : 1 + rng_below(4);
            if (kind == 0) {
                rf = df ? d->fast.instantiate(fast, e, en, n, nn, a, an) : d->fast.instantiate_nodf(fast, e, en, a, an);
                rp = df ? d->plain.instantiate(plain, e, en, n, nn, a, an) : d->plain.instantiate_nodf(plain, e, en, a, an);
            } else if (kind == 1) {
                rf = df ? d->fast.reseed(fast, e, en, a, an) : d->fast.reseed_nodf(fast, e, en, a, an);
                rp = df ? d->plain.reseed(plain, e, en, a, an) : d->plain.reseed_nodf(plain, e, en, a, an);
            } else {
                rf = d->fast.generate(fast, out_fast, on, a, an);
                rp = d->plain.generate(plain, out_plain, on, a, an);
                if (rf == 0 && !check(memcmp(out_fast, out_plain, on) == 0,
                                      "%s: optimised and plain generate differ (seq %d step %d)", d->name, seq, step))
                    return;
            }
            if (!check(rf == 0 && rp == 0 && memcmp(fast, plain, d->state_size) == 0,
                       "%s: optimised and plain paths diverge (seq %d step %d: %d / %d)", d->name, seq, step, rf, rp))
                return;
        }
    }
}

int main(void)
{
    const uint64_t seed = rng_seed_from_env(0xd4b6);
    const char *dir = test_vectors_dir();
    printf("lwc CTR_DRBG host tests, seed 0x%llx\n", (unsigned long long)seed);
    drbg_vectors_run_all(&host_drbg_backend, dir);
    drbg_vectors_run_all(&host_plain_drbg_backend, dir);
    for (unsigned i = 0; i < test_drbg_count; i++) {
        test_errors(&test_drbgs[i]);
        test_differential(&test_drbgs[i]);
    }
    return check_summary();
}
