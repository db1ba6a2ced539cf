/* The known-answer files of the modes (tests/vectors/modes*.txt) against a mode backend. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mode_backend.h"
#include "vectors.h"

#define MAX_FIELD 65536

/* One vector line; the byte fields are decoded into buffers of MAX_FIELD bytes. */
typedef struct {
    const test_mode_cipher *m;
    int mode; /* -1: CMAC, else TEST_EAX or TEST_CCM */
    uint8_t key[TEST_MAX_KEY];
    uint8_t *nonce, *ad, *pt, *ct, *tag;
    int key_len, nonce_len, ad_len, pt_len, ct_len, tag_len;
} mode_vector;

/* A field's value: hex, or ramp:N (the bytes i mod 256 for i < N). Returns its length or -1. */
static int decode(uint8_t *out, const char *value)
{
    if (strncmp(value, "ramp:", 5) == 0) {
        const long n = strtol(value + 5, NULL, 10);
        if (n < 0 || n > MAX_FIELD)
            return -1;
        for (long i = 0; i < n; i++)
            out[i] = (uint8_t)i;
        return (int)n;
    }
    return hex_decode(out, MAX_FIELD, value);
}

/* Fills v from a line; returns 0, or -1 if it is malformed. */
static int parse(char *line, mode_vector *v)
{
    static const char *const fields[] = {"nonce", "ad", "pt", "ct", "tag", "msg"};
    uint8_t *const bufs[] = {v->nonce, v->ad, v->pt, v->ct, v->tag, v->pt};
    int *const lens[] = {&v->nonce_len, &v->ad_len, &v->pt_len, &v->ct_len, &v->tag_len, &v->pt_len};
    const char *kind = strtok(line, " \t\r\n");
    v->m = NULL;
    v->mode = strcmp(kind, "cmac") == 0 ? -1 : strcmp(kind, "eax") == 0 ? TEST_EAX : strcmp(kind, "ccm") == 0 ? TEST_CCM : -2;
    v->key_len = v->nonce_len = v->ad_len = v->pt_len = v->ct_len = v->tag_len = -1;
    for (char *tok = strtok(NULL, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return -1;
        *eq = 0;
        if (strcmp(tok, "cipher") == 0)
            v->m = test_mode_cipher_find(eq + 1);
        else if (strcmp(tok, "key") == 0)
            v->key_len = hex_decode(v->key, sizeof v->key, eq + 1);
        for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++)
            if (strcmp(tok, fields[f]) == 0)
                *lens[f] = decode(bufs[f], eq + 1);
    }
    if (v->mode == -2 || !v->m || v->key_len != v->m->key_bytes || v->pt_len < 0 || v->tag_len < 1)
        return -1;
    if (v->mode < 0)
        return 0;
    return v->m->aead[v->mode].setkey && v->nonce_len >= 0 && v->ad_len >= 0 && v->ct_len == v->pt_len ? 0 : -1;
}

static void run_cmac(const mode_backend *b, const mode_vector *v, const char *where)
{
    static const size_t chunks[] = {0, 1, 7};
    uint8_t tag[TEST_MAX_BLOCK];
    for (size_t i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
        const int r = b->cmac(b, v->m, v->key, tag, (size_t)v->tag_len, v->pt, (size_t)v->pt_len, chunks[i]);
        if (!check(r == 0 && memcmp(tag, v->tag, (size_t)v->tag_len) == 0, "%s: %s CMAC (%s) on %s returned %d",
                   where, v->m->name, chunks[i] ? "streaming" : "one call", b->name, r)) {
            print_hex("got", tag, (size_t)v->tag_len);
            print_hex("exp", v->tag, (size_t)v->tag_len);
        }
    }
}

static void run_aead(const mode_backend *b, const mode_vector *v, const char *where, uint8_t *out)
{
    const char *mode = test_aead_names[v->mode];
    const size_t len = (size_t)v->pt_len, tag_len = (size_t)v->tag_len;
    uint8_t tag[TEST_MAX_BLOCK];
    int r = b->aead(b, v->m, v->mode, 0, v->key, out, tag, tag_len, v->nonce, (size_t)v->nonce_len, v->ad,
                    (size_t)v->ad_len, v->pt, len);
    if (!check(r == 0 && memcmp(out, v->ct, len) == 0 && memcmp(tag, v->tag, tag_len) == 0,
               "%s: %s %s encryption on %s returned %d", where, v->m->name, mode, b->name, r)) {
        print_hex("ct ", out, len);
        print_hex("tag", tag, tag_len);
    }
    r = b->aead(b, v->m, v->mode, 1, v->key, out, v->tag, tag_len, v->nonce, (size_t)v->nonce_len, v->ad,
                (size_t)v->ad_len, v->ct, len);
    check(r == 0 && memcmp(out, v->pt, len) == 0, "%s: %s %s decryption on %s returned %d", where, v->m->name, mode,
          b->name, r);
    memcpy(tag, v->tag, tag_len);
    tag[tag_len - 1] ^= 0x80;
    r = b->aead(b, v->m, v->mode, 1, v->key, out, tag, tag_len, v->nonce, (size_t)v->nonce_len, v->ad,
                (size_t)v->ad_len, v->ct, len);
    size_t nonzero = 0;
    for (size_t i = 0; i < len; i++)
        nonzero += out[i] != 0;
    check(r == LWC_E_AUTH && nonzero == 0, "%s: %s %s on %s: a flipped tag bit gave %d, %zu output bytes not zero",
          where, v->m->name, mode, b->name, r, nonzero);
}

/* A file's run: the backend, the filter and how many were run. */
typedef struct {
    const mode_backend *b;
    mode_filter_fn accept;
    long ran;
} mode_run;

static void mode_line(void *ctx, char *line, const char *where)
{
    static uint8_t bufs[6][MAX_FIELD];
    mode_run *r = ctx;
    mode_vector v = {0};
    v.nonce = bufs[0], v.ad = bufs[1], v.pt = bufs[2], v.ct = bufs[3], v.tag = bufs[4];
    if (!check(parse(line, &v) == 0, "%s: malformed mode vector", where))
        return;
    const size_t size = (size_t)(v.nonce_len > 0 ? v.nonce_len : 0) + (size_t)(v.ad_len > 0 ? v.ad_len : 0) +
                        (size_t)v.pt_len + (size_t)v.tag_len;
    if ((r->accept && !r->accept(v.m)) || size > r->b->max_data)
        return;
    r->ran++;
    if (v.mode < 0)
        run_cmac(r->b, &v, where);
    else
        run_aead(r->b, &v, where, bufs[5]);
}

/* Runs every line of path; returns the number of vector lines, or -1 if it cannot be read. */
static long run_file(const mode_backend *b, const char *path, mode_filter_fn accept, long *ran)
{
    mode_run r = {b, accept, 0};
    const long count = vector_file_lines(path, mode_line, &r);
    *ran = r.ran;
    return count;
}

void mode_vectors_run_all(const mode_backend *b, const char *dir, mode_filter_fn accept)
{
    static const struct {
        const char *file;
        long count;
    } sets[] = {{"modes.txt", 51}, {"modes_crosscheck.txt", 208}};
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        char path[512];
        long ran = 0;
        snprintf(path, sizeof path, "%s/%s", dir, sets[i].file);
        const long n = run_file(b, path, accept, &ran);
        if (vector_set_read(path, n, sets[i].count))
            printf("%s: %ld vectors, %ld run on %s\n", sets[i].file, n, ran, b->name);
    }
}
