/*
 * libFuzzer harness: sequences of CTR_DRBG calls. The input chooses the DRBG, then calls
 * (instantiate and reseed in both modes, generate, set_reseed_interval, wipe) with their
 * lengths, NULL pointers and data, each made on the optimised and the plain path.
 * Properties, from the contract of include/lwc/drbg.h, modelled here independently:
 *   - every call returns the code the contract gives for its arguments and the state's
 *     lifecycle (instantiated or not, mode, generates since the last (re)seed, interval);
 *   - a refused call leaves the state byte for byte unchanged and writes no output;
 *   - both paths return the same codes and produce the same output and state.
 */
#include "../common/drbg_table.h"
#include "fuzz_input.h"

#define CANARY 0xa7

/* What the contract says the state is. */
typedef struct {
    int instantiated, df;
    uint64_t counter, interval;
} model;

typedef uint64_t drbg_mem[TEST_MAX_DRBG_STATE / 8 + 1];

enum { INSTANTIATE, INSTANTIATE_NODF, RESEED, RESEED_NODF, GENERATE, SET_INTERVAL, WIPE, CALLS };

typedef struct {
    const test_drbg *d;
    size_t security, seedlen;
    uint32_t max_request;
    uint64_t max_interval;
} drbg_limits;

static int missing(const void *p, size_t n)
{
    return n != 0 && p == NULL;
}

/* The code the contract gives; on success, updates m. */
static int expected(const drbg_limits *l, model *m, int call, const uint8_t *a, size_t a_len, const uint8_t *b,
                    size_t b_len, const uint8_t *c, size_t c_len, uint64_t interval)
{
    const size_t max = LWC_DRBG_MAX_INPUT;
    switch (call) {
    case INSTANTIATE: /* a: entropy, b: nonce, c: personalisation */
        if (missing(a, a_len) || missing(b, b_len) || missing(c, c_len))
            return LWC_E_NULL_POINTER;
        if (a_len < l->security || a_len > max)
            return LWC_E_ENTROPY_LENGTH;
        if (b_len > max || (2 * a_len < 3 * l->security && 2 * b_len < l->security))
            return LWC_E_NONCE_LENGTH;
        if (c_len > max)
            return LWC_E_PERS_LENGTH;
        break;
    case INSTANTIATE_NODF: /* a: entropy, c: personalisation */
        if (missing(a, a_len) || missing(c, c_len))
            return LWC_E_NULL_POINTER;
        if (a_len != l->seedlen)
            return LWC_E_ENTROPY_LENGTH;
        if (c_len > l->seedlen)
            return LWC_E_PERS_LENGTH;
        break;
    case RESEED:
    case RESEED_NODF: /* a: entropy, c: additional input */
        if (!m->instantiated)
            return LWC_E_NOT_INSTANTIATED;
        if (m->df != (call == RESEED))
            return LWC_E_WRONG_MODE;
        if (missing(a, a_len) || missing(c, c_len))
            return LWC_E_NULL_POINTER;
        if (m->df ? a_len < l->security || a_len > max : a_len != l->seedlen)
            return LWC_E_ENTROPY_LENGTH;
        if (c_len > (m->df ? max : l->seedlen))
            return LWC_E_ADD_LENGTH;
        m->counter = 1;
        return 0;
    case GENERATE: /* b: output, c: additional input */
        if (!m->instantiated)
            return LWC_E_NOT_INSTANTIATED;
        if (missing(b, b_len) || missing(c, c_len))
            return LWC_E_NULL_POINTER;
        if (b_len > l->max_request)
            return LWC_E_REQUEST_LENGTH;
        if (c_len > (m->df ? max : l->seedlen))
            return LWC_E_ADD_LENGTH;
        if (m->counter > m->interval)
            return LWC_E_RESEED_REQUIRED;
        m->counter++;
        return 0;
    case SET_INTERVAL:
        if (!m->instantiated)
            return LWC_E_NOT_INSTANTIATED;
        if (interval < 1 || interval > l->max_interval)
            return LWC_E_BAD_PARAMETER;
        m->interval = interval;
        return 0;
    default:
        memset(m, 0, sizeof *m);
        return 0;
    }
    /* Either instantiate: a new seed; an interval set before stays. */
    if (!m->instantiated)
        m->interval = l->max_interval;
    m->instantiated = 1;
    m->df = call == INSTANTIATE;
    m->counter = 1;
    return 0;
}

/* Whether n bytes at p still hold the canary. */
static int untouched(const uint8_t *p, size_t n)
{
    while (n--)
        if (*p++ != CANARY)
            return 0;
    return 1;
}

static int call_ops(const drbg_ops *o, void *s, int call, const uint8_t *a, size_t a_len, uint8_t *b, size_t b_len,
                    const uint8_t *c, size_t c_len, uint64_t interval)
{
    switch (call) {
    case INSTANTIATE:
        return o->instantiate(s, a, a_len, b, b_len, c, c_len);
    case INSTANTIATE_NODF:
        return o->instantiate_nodf(s, a, a_len, c, c_len);
    case RESEED:
        return o->reseed(s, a, a_len, c, c_len);
    case RESEED_NODF:
        return o->reseed_nodf(s, a, a_len, c, c_len);
    case GENERATE:
        return o->generate(s, b, b_len, c, c_len);
    case SET_INTERVAL:
        return o->set_reseed_interval(s, interval);
    default:
        o->wipe(s);
        return 0;
    }
}

/* A length near the limits that matter: small, around the security strength, seedlen and
 * the maximum input, or (for output) the maximum request. */
static size_t choose_length(fuzz_input *in, const drbg_limits *l, int output)
{
    const uint8_t k = fuzz_u8(in);
    const size_t near[4] = {l->security, l->seedlen, LWC_DRBG_MAX_INPUT, output ? l->max_request : 3 * l->security / 2};
    if (k < 0xc0)
        return output ? (size_t)k * 5 : k % 80;
    return near[(k >> 2) & 3] + (k & 3) - 1; /* one below, at, one or two above */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size};
    const test_drbg *d = &test_drbgs[fuzz_u8(&in) % test_drbg_count];
    const int wide = d->block_bytes == 16;
    const drbg_limits l = {d, d->key_bytes, (size_t)d->key_bytes + d->block_bytes,
                           wide ? LWC_AES128_DRBG_MAX_REQUEST : LWC_HIGHT_DRBG_MAX_REQUEST,
                           wide ? LWC_AES128_DRBG_MAX_RESEED_INTERVAL : LWC_HIGHT_DRBG_MAX_RESEED_INTERVAL};
    static drbg_mem fast, plain, before;
    static uint8_t a[LWC_DRBG_MAX_INPUT + 4], c[sizeof a];
    static uint8_t out_fast[LWC_AES128_DRBG_MAX_REQUEST + 32], out_plain[sizeof out_fast];
    model m = {0};
    memset(fast, 0, sizeof fast);
    memset(plain, 0, sizeof plain);
    for (int calls = 0; in.left && calls < 64; calls++) {
        const uint8_t op = fuzz_u8(&in), nulls = fuzz_u8(&in);
        const int call = op % CALLS;
        const size_t a_len = choose_length(&in, &l, 0), b_len = choose_length(&in, &l, call == GENERATE);
        const size_t c_len = choose_length(&in, &l, 0);
        const uint8_t iv = fuzz_u8(&in);
        const uint64_t interval = iv == 0xff ? l.max_interval + 1 : iv == 0xfe ? l.max_interval : iv % 8;
        /* The data: a pattern from one byte, so that the input is spent on the calls. */
        const uint8_t seed = fuzz_u8(&in);
        for (size_t i = 0; i < sizeof a; i++)
            a[i] = c[sizeof c - 1 - i] = (uint8_t)(seed * (i + 1) ^ i >> 3);
        /* The nonce is read from a. */
        const uint8_t *pa = nulls & 1 ? NULL : a, *pc = nulls & 4 ? NULL : c, *pn = nulls & 2 ? NULL : a;
        uint8_t *pf = nulls & 2 ? NULL : out_fast, *pp = nulls & 2 ? NULL : out_plain;
        const int want = expected(&l, &m, call, pa, a_len, call == GENERATE ? pf : pn, b_len, pc, c_len, interval);
        /* The output bytes watched: those requested and 16 more. */
        const size_t span = (b_len < sizeof out_fast - 16 ? b_len : sizeof out_fast - 16) + 16;
        memcpy(before, fast, sizeof before);
        memset(out_fast, CANARY, span);
        memset(out_plain, CANARY, span);
        const int rf = call_ops(&d->fast, fast, call, pa, a_len, call == GENERATE ? pf : (uint8_t *)pn, b_len, pc,
                                c_len, interval);
        const int rp = call_ops(&d->plain, plain, call, pa, a_len, call == GENERATE ? pp : (uint8_t *)pn, b_len, pc,
                                c_len, interval);
        FUZZ_ASSERT(rf == want);
        FUZZ_ASSERT(rp == want);
        FUZZ_ASSERT(memcmp(fast, plain, d->state_size) == 0);
        const size_t written = want == 0 && call == GENERATE ? b_len : 0;
        if (want != 0)
            FUZZ_ASSERT(memcmp(before, fast, sizeof before) == 0);
        FUZZ_ASSERT(memcmp(out_fast, out_plain, written) == 0);
        FUZZ_ASSERT(untouched(out_fast + written, span - written));
    }
    return 0;
}
