/*
 * Concurrent writers against the authenticated modes (lwc/modes.h, "Each input is read
 * once"): while EAX, CCM or CMAC works on a long message, a second thread keeps flipping the
 * bytes of one part of a buffer of the call (every byte XOR ff, over and over), many times
 * for each direction and each mode, over AES-128, LEA-128 and PRESENT-80 (64-bit blocks: EAX
 * and CMAC), and Ascon-AEAD128 (lwc/ascon.h, the same rule). What must hold, whatever the
 * writer hit:
 *   - a decryption whose ciphertext, associated data, nonce or tag changes returns 0 with
 *     exactly the original plaintext, or LWC_E_AUTH with out all zero: never success with
 *     other bytes;
 *   - an encryption whose plaintext changes returns a ciphertext and tag that decrypt, to
 *     the original plaintext but where the writer was;
 *   - an encryption whose out the writer changes returns the tag of the honest ciphertext
 *     (it covers what the call computed, not what it could read back), so that out as the
 *     writer left it decrypts only if it is the honest ciphertext;
 *   - a CMAC whose input has one byte changing is the CMAC of the message with that byte's
 *     old or new value; cmac_verify returns 0 or LWC_E_AUTH.
 * Each case runs until, in MIN_SEEN tries, the writer flipped bytes while the call ran and
 * the call saw it (a decryption refused, an output that differs, ...), at most MAX_TRIES; it
 * prints the counts and fails if no try saw a change, so that it cannot pass without the
 * writer in the window. The two threads are pinned to two CPUs where there are two (on one,
 * the writer could only run where the call is preempted).
 * Last line "N passed, M failed"; $LWC_TEST_SEED replays the data (not the timing).
 */
#define _GNU_SOURCE /* CPU affinity */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/ascon_backend.h"
#include "../common/check.h"
#include "../common/mode_table.h"
#include "../common/rng.h"

#define MSG_LEN 6000
#define AD_LEN 512
#define NONCE_MAX 16 /* EAX and CCM take 13 bytes here, Ascon its 16 */
#define MIN_SEEN 32
#define MAX_TRIES 1500

/* ---- the writer thread ------------------------------------------------------------------ */

enum { PARKED, RUNNING, QUIT };

/* The writer flips target[0..len) while phase is RUNNING. The main thread sets target and
 * len while the writer is parked, which it acknowledges by copying generation to parked_at. */
typedef struct {
    uint8_t *target;
    size_t len;
    int cpu; /* or -1: not pinned */
    int phase;
    unsigned long rounds; /* complete flips of the region */
    unsigned long generation, parked_at;
} writer;

/* The first two CPUs this process may run on, or -1. */
static void two_cpus(int cpu[2])
{
    cpu_set_t allowed;
    int n = 0;
    cpu[0] = cpu[1] = -1;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        return;
    for (int i = 0; i < CPU_SETSIZE && n < 2; i++)
        if (CPU_ISSET(i, &allowed))
            cpu[n++] = i;
}

/* Pins the calling thread to cpu (nothing if it is -1). */
static void pin_to(int cpu)
{
    cpu_set_t one;
    if (cpu < 0)
        return;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    pthread_setaffinity_np(pthread_self(), sizeof one, &one);
}

static void *writer_main(void *arg)
{
    writer *w = arg;
    pin_to(w->cpu);
    for (;;) {
        const int phase = __atomic_load_n(&w->phase, __ATOMIC_ACQUIRE);
        if (phase == QUIT)
            return NULL;
        if (phase == PARKED) {
            __atomic_store_n(&w->parked_at, __atomic_load_n(&w->generation, __ATOMIC_ACQUIRE), __ATOMIC_RELEASE);
            sched_yield();
            continue;
        }
        for (size_t i = 0; i < w->len; i++)
            __atomic_store_n(&w->target[i], (uint8_t)~__atomic_load_n(&w->target[i], __ATOMIC_RELAXED),
                             __ATOMIC_RELAXED);
        __atomic_add_fetch(&w->rounds, 1, __ATOMIC_RELEASE);
    }
}

/* Starts flipping target[0..len) and returns once the writer has flipped it at least once
 * (it runs on another core then); returns the rounds so far. */
static unsigned long writer_start(writer *w, uint8_t *target, size_t len)
{
    w->target = target;
    w->len = len;
    const unsigned long before = __atomic_load_n(&w->rounds, __ATOMIC_ACQUIRE);
    __atomic_store_n(&w->phase, RUNNING, __ATOMIC_RELEASE);
    while (__atomic_load_n(&w->rounds, __ATOMIC_ACQUIRE) == before)
        ;
    return __atomic_load_n(&w->rounds, __ATOMIC_ACQUIRE);
}

/* Parks the writer and waits until it no longer touches the target. */
static void writer_park(writer *w)
{
    const unsigned long generation = __atomic_add_fetch(&w->generation, 1, __ATOMIC_RELEASE);
    __atomic_store_n(&w->phase, PARKED, __ATOMIC_RELEASE);
    while (__atomic_load_n(&w->parked_at, __ATOMIC_ACQUIRE) != generation)
        ;
}

/* ---- the cases ------------------------------------------------------------------------- */

/* One record and its honest encryption under one key. */
typedef struct {
    const test_aead *a;
    size_t bs, nonce_len, tag_len; /* bs: the block (Ascon: its rate), the writer's stretch */
    union {
        test_mode_key mode;
        lwc_ascon_aead128_key ascon;
    } k;
    uint8_t nonce[NONCE_MAX], ad[AD_LEN], pt[MSG_LEN], ct[MSG_LEN], tag[TEST_MAX_BLOCK];
} record;

/* The buffers a try works on (the writer's target is one of them). */
static uint8_t w_nonce[NONCE_MAX], w_ad[AD_LEN], w_in[MSG_LEN], w_out[MSG_LEN], w_tag[TEST_MAX_BLOCK];
static uint8_t check_out[MSG_LEN];

enum { DEC_CT, DEC_AD, DEC_NONCE, DEC_TAG, ENC_PT, ENC_OUT, AEAD_CASES };
static const char *const aead_case_names[AEAD_CASES] = {
    "decryption, ciphertext changing", "decryption, associated data changing", "decryption, nonce changing",
    "decryption, tag changing", "encryption, plaintext changing", "encryption, out changing"};

/* What a case counted over its tries. */
typedef struct {
    unsigned tries, active, seen, bad, forged; /* forged: bad, and a changed message accepted */
} counts;

static int all_zero(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return 0;
    return 1;
}

/* A block-aligned part of one block in the middle of a buffer of n bytes. */
static uint8_t *middle_block(uint8_t *p, size_t n, size_t bs)
{
    return p + (n / 2) / bs * bs;
}

/* One try of case c: resets the buffers, runs the call under the writer, judges it. Returns
 * 1 if the property holds; *seen: the writer's change reached the result; *forged: a
 * changed message was accepted. */
static int aead_try(writer *w, const record *r, int c, int *seen, int *active, int *forged)
{
    const test_aead *a = r->a;
    const size_t bs = r->bs, tag_len = r->tag_len, nonce_len = r->nonce_len;
    memcpy(w_nonce, r->nonce, nonce_len);
    memcpy(w_ad, r->ad, AD_LEN);
    memcpy(w_in, c >= ENC_PT ? r->pt : r->ct, MSG_LEN);
    memcpy(w_tag, r->tag, tag_len);
    memset(w_out, 0xa5, MSG_LEN);
    uint8_t *const targets[AEAD_CASES] = {middle_block(w_in, MSG_LEN, bs), middle_block(w_ad, AD_LEN, bs), w_nonce,
                                          w_tag, middle_block(w_in, MSG_LEN, bs), middle_block(w_out, MSG_LEN, bs)};
    const size_t lens[AEAD_CASES] = {bs, bs, nonce_len, tag_len, bs, bs};
    const unsigned long start = writer_start(w, targets[c], lens[c]);
    const int code = c >= ENC_PT ? a->encrypt(&r->k, w_out, w_tag, tag_len, w_nonce, nonce_len, w_ad, AD_LEN, w_in,
                                              MSG_LEN)
                                 : a->decrypt(&r->k, w_out, w_tag, tag_len, w_nonce, nonce_len, w_ad, AD_LEN, w_in,
                                              MSG_LEN);
    *active = __atomic_load_n(&w->rounds, __ATOMIC_ACQUIRE) != start;
    writer_park(w);
    if (c < ENC_PT) {
        *seen = code == LWC_E_AUTH;
        *forged = code == 0 && memcmp(w_out, r->pt, MSG_LEN) != 0;
        return (code == 0 && !*forged) || (code == LWC_E_AUTH && all_zero(w_out, MSG_LEN));
    }
    if (c == ENC_PT) {
        /* What the call produced must decrypt; to the plaintext, but in the writer's block. */
        const size_t at = (size_t)(targets[c] - w_in);
        *seen = memcmp(w_out, r->ct, MSG_LEN) != 0;
        return code == 0 &&
               a->decrypt(&r->k, check_out, w_tag, tag_len, r->nonce, nonce_len, r->ad, AD_LEN, w_out, MSG_LEN) == 0 &&
               memcmp(check_out, r->pt, at) == 0 && memcmp(check_out + at + bs, r->pt + at + bs, MSG_LEN - at - bs) == 0;
    }
    /* ENC_OUT: the honest tag; out as left decrypts only if it is the honest ciphertext. */
    *seen = memcmp(w_out, r->ct, MSG_LEN) != 0;
    *forged = *seen &&
              a->decrypt(&r->k, check_out, w_tag, tag_len, r->nonce, nonce_len, r->ad, AD_LEN, w_out, MSG_LEN) == 0;
    return code == 0 && memcmp(w_tag, r->tag, tag_len) == 0 && !*forged;
}

/* Prints a case's counts and checks them. */
static void report(const char *cipher, const char *mode, const char *what, const counts *n)
{
    printf("%s %s, %s: %u tries, the writer active during %u, its change seen by %u; %u broke the contract, %u of "
           "them accepting a changed message\n",
           cipher, mode, what, n->tries, n->active, n->seen, n->bad, n->forged);
    check(n->bad == 0, "%s %s, %s: %u of %u tries broke the contract (lwc/modes.h: each input is read once), %u of "
          "them accepting a changed message", cipher, mode, what, n->bad, n->tries, n->forged);
    check(n->seen > 0, "%s %s, %s: no try saw the writer's change (%u tries): the test did not test", cipher, mode,
          what, n->tries);
}

/* The cases of one AEAD (name, mode): block (or rate) bs, key, nonce and tag lengths. */
static void test_aead_writer(writer *w, const char *name, const char *mode, const test_aead *a, size_t bs,
                             size_t key_len, size_t nonce_len, size_t tag_len)
{
    static record r;
    uint8_t key[TEST_MAX_KEY];
    r.a = a;
    r.bs = bs;
    r.nonce_len = nonce_len;
    r.tag_len = tag_len;
    rng_fill(key, key_len);
    rng_fill(r.nonce, nonce_len);
    rng_fill(r.ad, AD_LEN);
    rng_fill(r.pt, MSG_LEN);
    a->setkey(&r.k, key);
    if (!check(a->encrypt(&r.k, r.ct, r.tag, tag_len, r.nonce, nonce_len, r.ad, AD_LEN, r.pt, MSG_LEN) == 0,
               "%s %s: the honest encryption failed", name, mode))
        return;
    for (int c = 0; c < AEAD_CASES; c++) { /* until MIN_SEEN tries saw the change, or MAX_TRIES */
        counts n = {0, 0, 0, 0, 0};
        while (n.seen < MIN_SEEN && n.tries < MAX_TRIES) {
            int seen = 0, active = 0, forged = 0;
            n.bad += !aead_try(w, &r, c, &seen, &active, &forged);
            n.tries++;
            n.active += active;
            n.seen += seen && active;
            n.forged += forged;
        }
        report(name, mode, aead_case_names[c], &n);
    }
    lwc_wipe(&r.k, sizeof r.k);
}

/* CMAC and cmac_verify with one byte of the message changing between two values. */
static void test_cmac_writer(writer *w, const test_mode_cipher *m)
{
    static uint8_t msg[MSG_LEN];
    const size_t bs = m->block_bytes, at = MSG_LEN / 2 + 3;
    test_mode_key k;
    uint8_t key[TEST_MAX_KEY], old_tag[TEST_MAX_BLOCK], new_tag[TEST_MAX_BLOCK], tag[TEST_MAX_BLOCK];
    rng_fill(key, m->key_bytes);
    rng_fill(msg, MSG_LEN);
    m->cmac_setkey(&k, key);
    m->cmac(&k, old_tag, bs, msg, MSG_LEN);
    msg[at] = (uint8_t)~msg[at];
    m->cmac(&k, new_tag, bs, msg, MSG_LEN);
    msg[at] = (uint8_t)~msg[at];
    for (int verify = 0; verify <= 1; verify++) {
        counts n = {0, 0, 0, 0, 0};
        while (n.seen < MIN_SEEN && n.tries < MAX_TRIES) {
            const unsigned long start = writer_start(w, msg + at, 1);
            const int code = verify ? m->cmac_verify(&k, old_tag, bs, msg, MSG_LEN) : m->cmac(&k, tag, bs, msg, MSG_LEN);
            const int active = __atomic_load_n(&w->rounds, __ATOMIC_ACQUIRE) != start;
            n.active += active;
            writer_park(w);
            if (verify) {
                n.seen += active && code == LWC_E_AUTH;
                n.bad += code != 0 && code != LWC_E_AUTH;
            } else {
                n.seen += active && code == 0 && memcmp(tag, new_tag, bs) == 0;
                n.bad += code != 0 || (memcmp(tag, old_tag, bs) != 0 && memcmp(tag, new_tag, bs) != 0);
            }
            n.tries++;
        }
        report(m->name, "cmac", verify ? "cmac_verify, one message byte changing" : "cmac, one message byte changing",
               &n);
    }
    lwc_wipe(&k, sizeof k);
}

int main(void)
{
    static const char *const ciphers[] = {"aes128", "lea128", "present80"};
    const uint64_t seed = rng_seed_from_env(0xc0c0a);
    printf("lwc modes under a concurrent writer, seed 0x%llx\n", (unsigned long long)seed);
    static writer w = {NULL, 0, -1, PARKED, 0, 0, 0};
    pthread_t thread;
    int cpu[2];
    two_cpus(cpu);
    w.cpu = cpu[1];
    if (!check(pthread_create(&thread, NULL, writer_main, &w) == 0, "cannot start the writer thread"))
        return check_summary();
    if (cpu[1] >= 0) {
        pin_to(cpu[0]);
        printf("calls on CPU %d, the writer on CPU %d\n", cpu[0], cpu[1]);
    } else {
        printf("one CPU: the writer runs only where a call is preempted\n");
    }
    for (size_t i = 0; i < sizeof ciphers / sizeof ciphers[0]; i++) {
        const test_mode_cipher *m = test_mode_cipher_find(ciphers[i]);
        for (int mode = 0; mode < TEST_AEAD_MODES; mode++)
            if (m->aead[mode].setkey)
                test_aead_writer(&w, m->name, test_aead_names[mode], &m->aead[mode], m->block_bytes, m->key_bytes, 13,
                                 mode == TEST_CCM ? 16 : m->block_bytes);
        test_cmac_writer(&w, m);
        fflush(stdout);
    }
    test_aead_writer(&w, "ascon", "aead128", &test_ascon_aead128, 16, LWC_ASCON_AEAD128_KEY_BYTES,
                     LWC_ASCON_AEAD128_NONCE_BYTES, LWC_ASCON_AEAD128_TAG_BYTES);
    __atomic_store_n(&w.phase, QUIT, __ATOMIC_RELEASE);
    pthread_join(thread, NULL);
    return check_summary();
}
