/*
 * Constant time on the host, checked ctgrind-style with MemorySanitizer: every secret is
 * marked as uninitialised (__msan_poison) - keys, key schedules, plaintexts, CTR input,
 * DRBG entropy, nonce, personalisation and additional input, and the DRBG's working
 * state (V and its key schedule); for the modes the key, the message, the associated data,
 * EAX's nonce and the tag checked (CCM's nonce is its public CTR counter); for the KDF the
 * key; for the sealed records the node key, the payload and a record's ciphertext and tag
 * (its header is public); for Ascon the key, nonce, associated data, message, tag, hash
 * inputs and customization strings. MemorySanitizer then reports any conditional branch,
 * memory address or library call argument computed from them, which is exactly what a
 * constant-time implementation must not have. Results are unpoisoned and compared with
 * the same calls on clean inputs.
 *
 * Each operation of each cipher, each mode (CMAC in one call and streaming, cmac_verify and
 * cmac_final_verify, EAX and CCM encryption, accepted and rejected decryption and verify),
 * lwc_verify, each KDF, each record suite (seal, an accepted and a rejected open), each Ascon
 * call (Ascon-AEAD128 as the modes; Hash256, XOF128 and CXOF128 in one call and streaming)
 * and each DRBG call (optimised and plain path) runs in a child process: a report fails that
 * case alone. Built with clang -fsanitize=memory, the
 * library sources included (mk/sanitize.mk). Cases of the ids given with --expect-leaks
 * (a comma list) must instead be reported when they compute on secrets: the table build
 * runs with "--expect-leaks present80,present128,aes128", which shows the check sees
 * secret-indexed tables (their reports are silenced).
 * Last line "N passed, M failed".
 */
#include <sanitizer/msan_interface.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../common/check.h"
#include "../common/ascon_backend.h"
#include "../common/cipher_table.h"
#include "../common/drbg_table.h"
#include "../common/kdf_table.h"
#include "../common/mode_table.h"
#include "../common/record_table.h"
#include "../common/rng.h"

#define MAX_MSG 100
#define CHILD_MISMATCH 3

static const char *expect_leaks = "";

/* Whether id is in the --expect-leaks list. */
static int leak_expected(const char *id)
{
    const size_t n = strlen(id);
    for (const char *p = expect_leaks; (p = strstr(p, id)) != NULL; p += n)
        if ((p == expect_leaks || p[-1] == ',') && (p[n] == 0 || p[n] == ','))
            return 1;
    return 0;
}

/* A secret copy of n bytes: the same values, poisoned. */
static void secret_copy(void *dst, const void *src, size_t n)
{
    memcpy(dst, src, n);
    __msan_poison(dst, n);
}

/*
 * Runs one case in a child: fn(arg) returns nonzero if the results on secret inputs
 * differ from those on clean ones. leaky: the case computes on secrets with an
 * implementation expected to leak (then a report is required, and silenced).
 */
static void run_case(const char *id, const char *what, int leaky, int (*fn)(const void *), const void *arg)
{
    fflush(stdout);
    const pid_t pid = fork();
    if (pid == 0) {
        if (leaky && !freopen("/dev/null", "w", stderr))
            _exit(2);
        _exit(fn(arg) ? CHILD_MISMATCH : 0);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) {
        check(0, "%s %s: cannot run the case", id, what);
        return;
    }
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (code == CHILD_MISMATCH)
        check(0, "%s %s: results on secret inputs differ from those on clean ones", id, what);
    else if (leaky)
        check(code != 0, "%s %s: a secret-indexed implementation was not reported (the check is blind)", id, what);
    else
        check(code == 0, "%s %s: MemorySanitizer found a branch or address on secret data (report above, exit %d)",
              id, what, code);
}

/* ---- block ciphers ----------------------------------------------------------------- */

static int cipher_setkey(const void *arg)
{
    const test_cipher *c = arg;
    test_scratch clean, secret;
    uint8_t key[TEST_MAX_KEY], key_secret[TEST_MAX_KEY];
    rng_fill(key, c->key_bytes);
    c->setkey(clean.ks, key);
    secret_copy(key_secret, key, c->key_bytes);
    c->setkey(secret.ks, key_secret);
    __msan_unpoison(secret.ks, c->key_size);
    return memcmp(clean.ks, secret.ks, c->key_size) != 0;
}

static int cipher_block(const test_cipher *c, int decrypt)
{
    void (*const op)(const void *, uint8_t *, const uint8_t *) = decrypt ? c->decrypt : c->encrypt;
    test_scratch s;
    uint8_t key[TEST_MAX_KEY], in[TEST_MAX_BLOCK], in_secret[TEST_MAX_BLOCK];
    uint8_t want[TEST_MAX_BLOCK], got[TEST_MAX_BLOCK];
    rng_fill(key, c->key_bytes);
    rng_fill(in, c->block_bytes);
    c->setkey(s.ks, key);
    op(s.ks, want, in);
    __msan_poison(s.ks, c->key_size);
    secret_copy(in_secret, in, c->block_bytes);
    op(s.ks, got, in_secret);
    __msan_unpoison(got, c->block_bytes);
    return memcmp(want, got, c->block_bytes) != 0;
}

static int cipher_encrypt(const void *arg)
{
    return cipher_block(arg, 0);
}

static int cipher_decrypt(const void *arg)
{
    return cipher_block(arg, 1);
}

/* CTR over a public IV near a carry in pieces of public lengths; the key (and with it the
 * context's key schedule and keystream) is secret, and with crypt the input too. */
static int cipher_ctr(const test_cipher *c, int check_crypt)
{
    static const size_t pieces[] = {0, 1, 7, 8, 16, 3, 35, 0, 30};
    test_scratch clean, secret;
    uint8_t key[TEST_MAX_KEY], key_secret[TEST_MAX_KEY], iv[TEST_MAX_BLOCK];
    uint8_t in[MAX_MSG], in_secret[MAX_MSG], want[MAX_MSG], got[MAX_MSG];
    rng_fill(key, c->key_bytes);
    rng_fill(iv, c->block_bytes);
    memset(iv + c->block_bytes - 2, 0xff, 2);
    rng_fill(in, sizeof in);
    c->ctr_init(clean.ctx, key, iv);
    secret_copy(key_secret, key, c->key_bytes);
    c->ctr_init(secret.ctx, key_secret, iv);
    if (!check_crypt)
        __msan_unpoison(secret.ctx, c->ctr_size);
    secret_copy(in_secret, in, sizeof in);
    size_t off = 0;
    for (size_t p = 0; p < sizeof pieces / sizeof pieces[0]; p++) {
        c->ctr_crypt(clean.ctx, want + off, in + off, pieces[p]);
        c->ctr_crypt(secret.ctx, got + off, (check_crypt ? in_secret : in) + off, pieces[p]);
        off += pieces[p];
    }
    __msan_unpoison(got, off);
    return memcmp(want, got, off) != 0;
}

static int cipher_ctr_init(const void *arg)
{
    return cipher_ctr(arg, 0);
}

static int cipher_ctr_crypt(const void *arg)
{
    return cipher_ctr(arg, 1);
}

/* ---- authenticated modes ------------------------------------------------------------- */

/* CMAC of a secret message under a secret key, in one call and in three updates. */
static int mode_cmac(const void *arg)
{
    const test_mode_cipher *m = arg;
    test_mode_key clean, secret;
    test_cmac_state st;
    uint8_t key[TEST_MAX_KEY], key_secret[TEST_MAX_KEY], msg[MAX_MSG], msg_secret[MAX_MSG];
    uint8_t want[TEST_MAX_BLOCK], got[TEST_MAX_BLOCK], streamed[TEST_MAX_BLOCK];
    rng_fill(key, m->key_bytes);
    rng_fill(msg, sizeof msg);
    m->cmac_setkey(&clean, key);
    m->cmac(&clean, want, m->block_bytes, msg, sizeof msg);
    secret_copy(key_secret, key, m->key_bytes);
    secret_copy(msg_secret, msg, sizeof msg);
    m->cmac_setkey(&secret, key_secret);
    int r = m->cmac(&secret, got, m->block_bytes, msg_secret, sizeof msg);
    m->cmac_init(&st, &secret);
    m->cmac_update(&st, msg_secret, 7);
    m->cmac_update(&st, msg_secret + 7, 40);
    m->cmac_update(&st, msg_secret + 47, sizeof msg - 47);
    r |= m->cmac_final(&st, streamed, m->block_bytes);
    __msan_unpoison(got, sizeof got);
    __msan_unpoison(streamed, sizeof streamed);
    __msan_unpoison(&r, sizeof r);
    return r != 0 || memcmp(want, got, m->block_bytes) != 0 || memcmp(want, streamed, m->block_bytes) != 0;
}

/* cmac_verify (final = 0) or cmac_final_verify (1) of a right tag (reject = 0) or a wrong
 * one: key, message and tag secret. */
typedef struct {
    const test_mode_cipher *m;
    int final, reject;
} verify_case;

static int mode_cmac_verify(const void *arg)
{
    const verify_case *v = arg;
    const test_mode_cipher *m = v->m;
    const size_t bs = m->block_bytes;
    test_mode_key clean, secret;
    test_cmac_state st;
    uint8_t key[TEST_MAX_KEY], key_secret[TEST_MAX_KEY], msg[MAX_MSG], msg_secret[MAX_MSG];
    uint8_t tag[TEST_MAX_BLOCK], tag_secret[TEST_MAX_BLOCK];
    rng_fill(key, m->key_bytes);
    rng_fill(msg, sizeof msg);
    m->cmac_setkey(&clean, key);
    m->cmac(&clean, tag, bs, msg, sizeof msg);
    tag[bs - 1] ^= (uint8_t)v->reject;
    secret_copy(key_secret, key, m->key_bytes);
    secret_copy(msg_secret, msg, sizeof msg);
    secret_copy(tag_secret, tag, bs);
    m->cmac_setkey(&secret, key_secret);
    int r;
    if (v->final) {
        m->cmac_init(&st, &secret);
        m->cmac_update(&st, msg_secret, 33);
        m->cmac_update(&st, msg_secret + 33, sizeof msg - 33);
        r = m->cmac_final_verify(&st, tag_secret, bs);
    } else {
        r = m->cmac_verify(&secret, tag_secret, bs, msg_secret, sizeof msg);
    }
    __msan_unpoison(&r, sizeof r);
    return r != (v->reject ? LWC_E_AUTH : 0);
}

/* lwc_verify of two secret buffers, equal or one bit apart (arg: NULL or not). */
static int verify_bytes(const void *arg)
{
    uint8_t a[40], b[40];
    rng_fill(a, sizeof a);
    memcpy(b, a, sizeof b);
    b[17] ^= arg ? 0x08 : 0;
    __msan_poison(a, sizeof a);
    __msan_poison(b, sizeof b);
    int r = lwc_verify(a, b, sizeof a);
    __msan_unpoison(&r, sizeof r);
    return r != (arg ? LWC_E_AUTH : 0);
}

typedef struct {
    const test_mode_cipher *m;
    int mode;
    int call; /* 0 encrypt, 1 decrypt (accepted), 2 decrypt with a wrong tag (rejected) */
} mode_case;

/* EAX or CCM with a secret key and message (and associated data, EAX's nonce, the tag). */
static int mode_aead(const void *arg)
{
    const mode_case *k = arg;
    const test_aead *a = &k->m->aead[k->mode];
    const size_t tag_len = k->mode == TEST_CCM ? 12 : k->m->block_bytes, len = 45, ad_len = 19;
    test_mode_key clean, secret;
    uint8_t key[TEST_MAX_KEY], nonce[13], ad[32], msg[MAX_MSG], ct[MAX_MSG], tag[TEST_MAX_BLOCK];
    uint8_t s_key[TEST_MAX_KEY], s_nonce[13], s_ad[32], s_in[MAX_MSG], s_tag[TEST_MAX_BLOCK];
    uint8_t want[MAX_MSG], got[MAX_MSG], want_tag[TEST_MAX_BLOCK], got_tag[TEST_MAX_BLOCK];
    rng_fill(key, k->m->key_bytes);
    rng_fill(nonce, sizeof nonce);
    rng_fill(ad, sizeof ad);
    rng_fill(msg, sizeof msg);
    a->setkey(&clean, key);
    a->encrypt(&clean, ct, tag, tag_len, nonce, 13, ad, ad_len, msg, len);
    if (k->call == 2)
        tag[3] ^= 0x10;
    const uint8_t *in = k->call ? ct : msg;
    int r_clean = k->call ? a->decrypt(&clean, want, tag, tag_len, nonce, 13, ad, ad_len, in, len)
                          : a->encrypt(&clean, want, want_tag, tag_len, nonce, 13, ad, ad_len, in, len);
    secret_copy(s_key, key, k->m->key_bytes);
    memcpy(s_nonce, nonce, sizeof nonce);
    if (k->mode == TEST_EAX)
        __msan_poison(s_nonce, sizeof s_nonce);
    secret_copy(s_ad, ad, sizeof ad);
    secret_copy(s_in, in, len);
    secret_copy(s_tag, tag, tag_len);
    a->setkey(&secret, s_key);
    int r_secret = k->call ? a->decrypt(&secret, got, s_tag, tag_len, s_nonce, 13, s_ad, ad_len, s_in, len)
                           : a->encrypt(&secret, got, got_tag, tag_len, s_nonce, 13, s_ad, ad_len, s_in, len);
    __msan_unpoison(got, len);
    __msan_unpoison(got_tag, tag_len);
    __msan_unpoison(&r_secret, sizeof r_secret);
    return r_clean != r_secret || r_clean != (k->call == 2 ? LWC_E_AUTH : 0) || memcmp(want, got, len) != 0 ||
           (k->call == 0 && memcmp(want_tag, got_tag, tag_len) != 0);
}

/* ---- Ascon --------------------------------------------------------------------------- */

/* Ascon-AEAD128 (call as mode_case: 0 encrypt, 1 decrypt, 2 rejected decrypt) with a secret
 * key, nonce, associated data, input and tag. */
static int ascon_aead(const void *arg)
{
    const int call = *(const int *)arg;
    const size_t len = 45, ad_len = 19;
    lwc_ascon_aead128_key clean, secret;
    uint8_t key[16], nonce[16], ad[32], msg[MAX_MSG], ct[MAX_MSG], tag[16];
    uint8_t s_key[16], s_nonce[16], s_ad[32], s_in[MAX_MSG], s_tag[16];
    uint8_t want[MAX_MSG], got[MAX_MSG], want_tag[16], got_tag[16];
    rng_fill(key, sizeof key);
    rng_fill(nonce, sizeof nonce);
    rng_fill(ad, sizeof ad);
    rng_fill(msg, sizeof msg);
    lwc_ascon_aead128_setkey(&clean, key);
    lwc_ascon_aead128_encrypt(&clean, ct, tag, 16, nonce, 16, ad, ad_len, msg, len);
    if (call == 2)
        tag[3] ^= 0x10;
    const uint8_t *in = call ? ct : msg;
    const int r_clean = call ? lwc_ascon_aead128_decrypt(&clean, want, tag, 16, nonce, 16, ad, ad_len, in, len)
                             : lwc_ascon_aead128_encrypt(&clean, want, want_tag, 16, nonce, 16, ad, ad_len, in, len);
    secret_copy(s_key, key, sizeof key);
    secret_copy(s_nonce, nonce, sizeof nonce);
    secret_copy(s_ad, ad, sizeof ad);
    secret_copy(s_in, in, len);
    secret_copy(s_tag, tag, sizeof tag);
    lwc_ascon_aead128_setkey(&secret, s_key);
    int r_secret = call ? lwc_ascon_aead128_decrypt(&secret, got, s_tag, 16, s_nonce, 16, s_ad, ad_len, s_in, len)
                        : lwc_ascon_aead128_encrypt(&secret, got, got_tag, 16, s_nonce, 16, s_ad, ad_len, s_in, len);
    __msan_unpoison(got, len);
    __msan_unpoison(got_tag, sizeof got_tag);
    __msan_unpoison(&r_secret, sizeof r_secret);
    return r_clean != r_secret || r_clean != (call == 2 ? LWC_E_AUTH : 0) || memcmp(want, got, len) != 0 ||
           (call == 0 && memcmp(want_tag, got_tag, 16) != 0);
}

/* Hash256, XOF128 or CXOF128 of a secret input (and customization string), in one call and
 * in pieces, against the same calls on the clean input. */
static int ascon_hash(const void *arg)
{
    const int kind = *(const int *)arg;
    const size_t len = 45, out_len = kind == ASCON_HASH256 ? 32 : 41;
    uint8_t custom[20], msg[MAX_MSG], s_custom[20], s_msg[MAX_MSG], want[48], got[48], streamed[48];
    rng_fill(custom, sizeof custom);
    rng_fill(msg, sizeof msg);
    int r = host_ascon_backend.hash(&host_ascon_backend, kind, want, out_len, custom, sizeof custom, msg, len, 0);
    secret_copy(s_custom, custom, sizeof custom);
    secret_copy(s_msg, msg, sizeof msg);
    r |= host_ascon_backend.hash(&host_ascon_backend, kind, got, out_len, s_custom, sizeof s_custom, s_msg, len, 0);
    r |= host_ascon_backend.hash(&host_ascon_backend, kind, streamed, out_len, s_custom, sizeof s_custom, s_msg, len,
                                 7);
    __msan_unpoison(got, sizeof got);
    __msan_unpoison(streamed, sizeof streamed);
    __msan_unpoison(&r, sizeof r);
    return r != 0 || memcmp(want, got, out_len) != 0 || memcmp(want, streamed, out_len) != 0;
}

/* ---- KDF and sealed records ---------------------------------------------------------- */

/* The KDF of a secret key (label and context public), 40 bytes: three blocks or more. */
static int kdf_case(const void *arg)
{
    const test_mode_cipher *m = arg;
    static const uint8_t label[] = "ct label", context[] = {1, 2, 3, 4, 5};
    test_mode_key clean, secret;
    uint8_t key[TEST_MAX_KEY], key_secret[TEST_MAX_KEY], want[40], got[40];
    rng_fill(key, m->key_bytes);
    m->cmac_setkey(&clean, key);
    int r = test_kdfs[m->index](&clean, want, sizeof want, label, sizeof label, context, sizeof context);
    secret_copy(key_secret, key, m->key_bytes);
    m->cmac_setkey(&secret, key_secret);
    r |= test_kdfs[m->index](&secret, got, sizeof got, label, sizeof label, context, sizeof context);
    __msan_unpoison(got, sizeof got);
    __msan_unpoison(&r, sizeof r);
    return r != 0 || memcmp(want, got, sizeof want) != 0;
}

typedef struct {
    const test_record_suite *t;
    int call; /* 0 seal, 1 open (accepted), 2 open with a wrong tag (rejected) */
} record_case;

/* A record of 37 bytes of payload sealed and opened with a secret node key; the payload, or the
 * record's ciphertext and tag, secret. */
static int record_run(const void *arg)
{
    enum { LEN = 37, RECORD = LEN + LWC_RECORD_OVERHEAD_BYTES };
    const record_case *k = arg;
    uint8_t key[16], s_key[16], payload[LEN], record[RECORD], s_in[RECORD], want[RECORD], got[RECORD];
    lwc_sealer s;
    test_record_key sk;
    lwc_record_key ok, secret;
    lwc_record_info info;
    rng_fill(key, sizeof key);
    rng_fill(payload, sizeof payload);
    k->t->sealer_init(&s, &sk, key, 0x01020304, 5, 6);
    int r_clean = lwc_seal(&s, record, sizeof record, payload, LEN);
    if (k->call == 2)
        record[RECORD - 3] ^= 0x20;
    lwc_record_parse(&info, record, RECORD);
    lwc_record_setkey(&ok, k->t->id, key);
    secret_copy(s_key, key, sizeof key);
    int r_secret;
    if (k->call == 0) {
        k->t->sealer_init(&s, &sk, key, 0x01020304, 5, 6);
        r_clean |= lwc_seal(&s, want, sizeof want, payload, LEN);
        k->t->sealer_init(&s, &sk, s_key, 0x01020304, 5, 6);
        secret_copy(s_in, payload, LEN);
        r_secret = lwc_seal(&s, got, sizeof got, s_in, LEN);
        __msan_unpoison(got, sizeof got);
    } else {
        r_clean = lwc_record_open(&ok, want, LEN, &info, record, RECORD);
        lwc_record_setkey(&secret, k->t->id, s_key);
        memcpy(s_in, record, RECORD);
        __msan_poison(s_in + LWC_RECORD_HEADER_BYTES, RECORD - LWC_RECORD_HEADER_BYTES);
        r_secret = lwc_record_open(&secret, got, LEN, &info, s_in, RECORD);
        __msan_unpoison(got, LEN);
    }
    __msan_unpoison(&r_secret, sizeof r_secret);
    const size_t n = k->call ? LEN : RECORD;
    return r_clean != r_secret || r_clean != (k->call == 2 ? LWC_E_AUTH : 0) || memcmp(want, got, n) != 0;
}

/* ---- CTR_DRBG ------------------------------------------------------------------------ */

/* Where the secret working state lies in lwc_<D>_drbg: V and the key schedule. */
typedef struct {
    const char *name;
    size_t v_offset, v_size, ks_offset, ks_size;
} drbg_secrets;
#define DRBG_SECRETS(D)                                                                                 \
    {#D, offsetof(lwc_##D##_drbg, st.v), sizeof(((lwc_##D##_drbg *)0)->st.v), offsetof(lwc_##D##_drbg, ks), \
     sizeof(lwc_##D##_key)}
static const drbg_secrets secrets[] = {DRBG_SECRETS(aes128), DRBG_SECRETS(lea128), DRBG_SECRETS(lea192),
                                       DRBG_SECRETS(lea256), DRBG_SECRETS(hight)};

static const drbg_secrets *secrets_of(const test_drbg *d)
{
    for (size_t i = 0; i < sizeof secrets / sizeof secrets[0]; i++)
        if (strcmp(secrets[i].name, d->name) == 0)
            return &secrets[i];
    return NULL;
}

enum drbg_call { INSTANTIATE, INSTANTIATE_NODF, RESEED, RESEED_NODF, GENERATE, GENERATE_ADD, SET_INTERVAL,
                 REFUSED_GENERATE, WIPE, DRBG_CALLS };
static const char *const call_names[DRBG_CALLS] = {
    "instantiate", "instantiate_nodf", "reseed", "reseed_nodf", "generate", "generate with additional input",
    "set_reseed_interval", "generate refused (reseed required)", "wipe"};
/* The calls that run the block cipher on secrets (the others only touch counters). */
static const int call_ciphers[DRBG_CALLS] = {1, 1, 1, 1, 1, 1, 0, 0, 0};

typedef struct {
    const test_drbg *d;
    const drbg_ops *o;
    const drbg_secrets *s;
    enum drbg_call call;
    int df; /* the mode of the state the call starts from (after instantiate) */
} drbg_case;

typedef uint64_t drbg_mem[TEST_MAX_DRBG_STATE / 8 + 1];

/* Inputs of one call: entropy, nonce/personalisation/additional input, all secret. */
typedef struct {
    uint8_t entropy[64], nonce[32], other[64];
} drbg_inputs;

/* The call on state m with inputs in; output in out (each generate: several lengths). */
static int drbg_call(const drbg_case *k, void *m, const drbg_inputs *in, uint8_t *out)
{
    const drbg_ops *o = k->o;
    const size_t sec = k->d->key_bytes, seedlen = sec + k->d->block_bytes;
    static const size_t lengths[] = {0, 1, 16, 37, 100};
    int r = 0;
    switch (k->call) {
    case INSTANTIATE:
        return o->instantiate(m, in->entropy, sec + 5, in->nonce, sec / 2, in->other, 20);
    case INSTANTIATE_NODF:
        return o->instantiate_nodf(m, in->entropy, seedlen, in->other, seedlen - 3);
    case RESEED:
        return o->reseed(m, in->entropy, sec, in->other, 21);
    case RESEED_NODF:
        return o->reseed_nodf(m, in->entropy, seedlen, in->other, 9);
    case GENERATE:
    case GENERATE_ADD:
        for (size_t i = 0; i < sizeof lengths / sizeof lengths[0] && r == 0; i++) {
            r = o->generate(m, out, lengths[i], in->other, k->call == GENERATE_ADD ? (k->df ? 30 : seedlen) : 0);
            out += lengths[i];
        }
        return r;
    case SET_INTERVAL:
        return o->set_reseed_interval(m, 2);
    case REFUSED_GENERATE:
        return o->generate(m, out, 16, NULL, 0) == LWC_E_RESEED_REQUIRED ? 0 : 1;
    default:
        o->wipe(m);
        return 0;
    }
}

/* The state the call starts from: zero (instantiate), else instantiated in mode df (and,
 * for a refused generate, with its reseed interval used up). */
static void drbg_setup(const drbg_case *k, void *m, const drbg_inputs *in)
{
    memset(m, 0, sizeof(drbg_mem));
    if (k->call == INSTANTIATE || k->call == INSTANTIATE_NODF)
        return;
    const size_t sec = k->d->key_bytes, seedlen = sec + k->d->block_bytes;
    uint8_t out[16];
    if (k->df)
        k->o->instantiate(m, in->entropy + 1, sec, in->nonce + 1, sec / 2, NULL, 0);
    else
        k->o->instantiate_nodf(m, in->entropy + 1, seedlen, NULL, 0);
    if (k->call == REFUSED_GENERATE) {
        k->o->set_reseed_interval(m, 1);
        k->o->generate(m, out, sizeof out, NULL, 0);
    }
}

static int drbg_case_run(const void *arg)
{
    const drbg_case *k = arg;
    static drbg_mem clean, secret;
    static uint8_t want[256], got[256];
    drbg_inputs in, in_secret;
    rng_fill((uint8_t *)&in, sizeof in);
    drbg_setup(k, clean, &in);
    drbg_setup(k, secret, &in);
    __msan_poison((uint8_t *)secret + k->s->v_offset, k->s->v_size);
    __msan_poison((uint8_t *)secret + k->s->ks_offset, k->s->ks_size);
    secret_copy(&in_secret, &in, sizeof in);
    memset(want, 0, sizeof want);
    memset(got, 0, sizeof got);
    const int r_clean = drbg_call(k, clean, &in, want);
    const int r_secret = drbg_call(k, secret, &in_secret, got);
    __msan_unpoison(secret, k->d->state_size);
    __msan_unpoison(got, sizeof got);
    return r_clean != 0 || r_secret != 0 || memcmp(clean, secret, k->d->state_size) != 0 ||
           memcmp(want, got, sizeof want) != 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--expect-leaks") == 0) {
        expect_leaks = argv[2];
    } else if (argc != 1) {
        fprintf(stderr, "usage: %s [--expect-leaks id,id,...]\n", argv[0]);
        return 2;
    }
    printf("constant time under MemorySanitizer (secrets poisoned), seed 0x%llx%s%s\n",
           (unsigned long long)rng_seed_from_env(0xc7c7), *expect_leaks ? ", expected to leak: " : "", expect_leaks);
    static const struct {
        const char *what;
        int (*fn)(const void *);
    } ops[] = {{"setkey", cipher_setkey}, {"encrypt", cipher_encrypt}, {"decrypt", cipher_decrypt},
               {"ctr_init", cipher_ctr_init}, {"ctr_crypt", cipher_ctr_crypt}};
    for (unsigned i = 0; i < test_cipher_count; i++) {
        const test_cipher *c = &test_ciphers[i];
        for (size_t op = 0; op < sizeof ops / sizeof ops[0]; op++)
            run_case(c->name, ops[op].what, leak_expected(c->name), ops[op].fn, c);
        const test_mode_cipher *m = &test_mode_ciphers[i];
        run_case(m->name, "cmac", leak_expected(m->name), mode_cmac, m);
        for (int v = 0; v < 4; v++) {
            const verify_case k = {m, v / 2, v % 2};
            char what[64];
            snprintf(what, sizeof what, "cmac%s_verify (%s)", k.final ? "_final" : "", k.reject ? "rejected" : "accepted");
            run_case(m->name, what, leak_expected(m->name), mode_cmac_verify, &k);
        }
        static const char *const calls[3] = {"encrypt", "decrypt", "decrypt (rejected)"};
        for (int mode = 0; mode < TEST_AEAD_MODES; mode++) {
            for (int call = 0; call < 3 && m->aead[mode].setkey; call++) {
                const mode_case k = {m, mode, call};
                char what[64];
                snprintf(what, sizeof what, "%s %s", test_aead_names[mode], calls[call]);
                run_case(m->name, what, leak_expected(m->name), mode_aead, &k);
            }
        }
        run_case(m->name, "kdf_ctr_cmac", leak_expected(m->name), kdf_case, m);
    }
    static const int ascon_calls[3] = {0, 1, 2}, ascon_kinds[ASCON_HASHES] = {ASCON_HASH256, ASCON_XOF128,
                                                                              ASCON_CXOF128};
    static const char *const ascon_call_names[3] = {"aead128 encrypt", "aead128 decrypt",
                                                    "aead128 decrypt (rejected)"};
    for (int call = 0; call < 3; call++)
        run_case("ascon", ascon_call_names[call], leak_expected("ascon"), ascon_aead, &ascon_calls[call]);
    for (int kind = 0; kind < ASCON_HASHES; kind++)
        run_case("ascon", ascon_hash_names[kind], leak_expected("ascon"), ascon_hash, &ascon_kinds[kind]);
    for (unsigned i = 0; i < test_record_suite_count; i++) {
        static const char *const calls[3] = {"seal", "record_open", "record_open (rejected)"};
        for (int call = 0; call < 3; call++) {
            const record_case k = {&test_record_suites[i], call};
            const char *cipher = k.t->cipher == TEST_RECORD_NO_CIPHER ? "ascon" : test_ciphers[k.t->cipher].name;
            run_case(test_record_suites[i].name, calls[call], leak_expected(cipher), record_run, &k);
        }
    }
    run_case("lwc_verify", "equal", 0, verify_bytes, NULL);
    run_case("lwc_verify", "one bit apart", 0, verify_bytes, "");
    for (unsigned i = 0; i < test_drbg_count; i++) {
        const test_drbg *d = &test_drbgs[i];
        const drbg_secrets *s = secrets_of(d);
        if (!check(s != NULL, "%s: no secret state layout here", d->name))
            continue;
        for (int path = 0; path < 2; path++) {
            for (int call = 0; call < DRBG_CALLS; call++) {
                for (int df = 0; df <= 1; df++) {
                    const int starts_new = call == INSTANTIATE || call == INSTANTIATE_NODF;
                    if (starts_new && df)
                        continue;
                    if ((call == RESEED && !df) || (call == RESEED_NODF && df))
                        continue;
                    const drbg_case k = {d, path ? &d->plain : &d->fast, s, (enum drbg_call)call, df};
                    char what[128];
                    snprintf(what, sizeof what, "DRBG %s%s%s", call_names[call], path ? " (plain)" : "",
                             starts_new ? "" : df ? " [df state]" : " [no-df state]");
                    run_case(d->name, what, leak_expected(d->name) && call_ciphers[call], drbg_case_run, &k);
                }
            }
        }
    }
    return check_summary();
}
