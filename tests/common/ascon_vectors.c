/*
 * The Ascon vector sets of tests/vectors against an Ascon backend: the final standard's KAT
 * files of ascon-c (blocks of "Name = hex" lines, a blank line between vectors; the AEAD's
 * CT is the ciphertext followed by the 16-byte tag) and ascon_v12.txt (one vector a line),
 * whose Ascon v1.2 results must not be reproduced.
 */
#include <stdio.h>
#include <string.h>

#include "ascon_backend.h"
#include "check.h"
#include "vectors.h"

#define MAX_FIELD 1100

const char *const ascon_hash_names[ASCON_HASHES] = {"ascon-hash256", "ascon-xof128", "ascon-cxof128"};

/* One vector: its fields, decoded (length -1: absent). */
enum { F_KEY, F_NONCE, F_AD, F_PT, F_CT, F_MSG, F_Z, F_MD, FIELDS };
typedef struct {
    uint8_t bytes[FIELDS][MAX_FIELD];
    int len[FIELDS];
} ascon_vector;

static const char *const kat_names[FIELDS] = {"Key", "Nonce", "AD", "PT", "CT", "Msg", "Z", "MD"};
static const char *const line_names[FIELDS] = {"key", "nonce", "ad", "pt", "ct", "msg", "z", "md"};

/* Whether the vector's data fits one call of b (nonce, ad, message and tag; custom and message). */
static int fits(const ascon_backend *b, const ascon_vector *v)
{
    size_t n[FIELDS];
    for (int f = 0; f < FIELDS; f++)
        n[f] = v->len[f] < 0 ? 0 : (size_t)v->len[f];
    return n[F_NONCE] + n[F_AD] + n[F_CT] <= b->max_data && n[F_Z] + n[F_MSG] <= b->max_data && n[F_MD] <= b->max_data;
}

/* Encryption, decryption, and a flipped tag bit rejected with out all zero. */
static void run_aead(const ascon_backend *b, const ascon_vector *v, const char *where)
{
    const uint8_t *key = v->bytes[F_KEY], *nonce = v->bytes[F_NONCE], *ad = v->bytes[F_AD], *pt = v->bytes[F_PT];
    const uint8_t *ct = v->bytes[F_CT];
    const size_t len = (size_t)v->len[F_PT], ad_len = (size_t)v->len[F_AD];
    uint8_t out[MAX_FIELD], tag[16];
    int r = b->aead(b, 0, key, out, tag, 16, nonce, 16, ad, ad_len, pt, len);
    if (!check(r == 0 && memcmp(out, ct, len) == 0 && memcmp(tag, ct + len, 16) == 0,
               "%s: Ascon-AEAD128 encryption on %s returned %d", where, b->name, r)) {
        print_hex("ct ", out, len);
        print_hex("tag", tag, 16);
    }
    r = b->aead(b, 1, key, out, (uint8_t *)ct + len, 16, nonce, 16, ad, ad_len, ct, len);
    check(r == 0 && memcmp(out, pt, len) == 0, "%s: Ascon-AEAD128 decryption on %s returned %d", where, b->name, r);
    memcpy(tag, ct + len, 16);
    tag[15] ^= 0x80;
    r = b->aead(b, 1, key, out, tag, 16, nonce, 16, ad, ad_len, ct, len);
    size_t nonzero = 0;
    for (size_t i = 0; i < len; i++)
        nonzero += out[i] != 0;
    check(r == LWC_E_AUTH && nonzero == 0,
          "%s: Ascon-AEAD128 on %s: a flipped tag bit gave %d, %zu output bytes not zero", where, b->name, r,
          nonzero);
}

/* The digest of kind through each chunk size; want_match 0: it must differ from MD. */
static void run_hash(const ascon_backend *b, int kind, const ascon_vector *v, const char *where,
                     const size_t *chunks, size_t nchunks, int want_match)
{
    const size_t md_len = (size_t)v->len[F_MD];
    const size_t z_len = v->len[F_Z] < 0 ? 0 : (size_t)v->len[F_Z];
    uint8_t out[MAX_FIELD];
    for (size_t i = 0; i < nchunks; i++) {
        const int r = b->hash(b, kind, out, md_len, v->bytes[F_Z], z_len, v->bytes[F_MSG], (size_t)v->len[F_MSG],
                              chunks[i]);
        const int match = memcmp(out, v->bytes[F_MD], md_len) == 0;
        if (!check(r == 0 && match == want_match, "%s: %s (%s) on %s returned %d, %s", where,
                   ascon_hash_names[kind], chunks[i] ? "streaming" : "one call", b->name, r,
                   want_match ? "a different output" : "the Ascon v1.2 output")) {
            print_hex("got", out, md_len);
            print_hex("exp", v->bytes[F_MD], md_len);
        }
    }
}

/* Decodes "value" (hex, possibly empty) into field f of v; returns 0, or -1 if malformed. */
static int decode(ascon_vector *v, int f, const char *value)
{
    char hex[2 * MAX_FIELD + 2];
    snprintf(hex, sizeof hex, "%.*s", (int)strcspn(value, " \t\r\n"), value);
    v->len[f] = hex_decode(v->bytes[f], MAX_FIELD, hex);
    return v->len[f] < 0 ? -1 : 0;
}

static void clear(ascon_vector *v)
{
    for (int f = 0; f < FIELDS; f++)
        v->len[f] = -1;
}

/* A KAT file of ascon-c for kind (-1: the AEAD). Returns the vectors read, or -1 if the file
 * cannot be read; *ran counts those run. */
static long run_kat(const ascon_backend *b, const char *path, int kind, const size_t *chunks, size_t nchunks,
                    long *ran)
{
    static ascon_vector v;
    static char line[4 * MAX_FIELD];
    FILE *fp = fopen(path, "r");
    if (!fp)
        return -1;
    const int last = kind < 0 ? F_CT : F_MD; /* the field that completes a vector */
    long count = 0, lineno = 0;
    *ran = 0;
    clear(&v);
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        int f = 0;
        const char *eq = strstr(line, " = ");
        while (f < FIELDS && !(eq && (size_t)(eq - line) == strlen(kat_names[f]) &&
                               strncmp(line, kat_names[f], (size_t)(eq - line)) == 0))
            f++;
        if (f == FIELDS) /* Count, blank lines */
            continue;
        char where[600];
        snprintf(where, sizeof where, "%s:%ld", path, lineno);
        if (!check(decode(&v, f, eq + 3) == 0, "%s: malformed field", where) || f != last)
            continue;
        count++;
        const int aead_ok = v.len[F_KEY] == 16 && v.len[F_NONCE] == 16 && v.len[F_AD] >= 0 && v.len[F_PT] >= 0 &&
                            v.len[F_CT] == v.len[F_PT] + 16;
        const int hash_ok = v.len[F_MSG] >= 0 && (kind != ASCON_CXOF128 || v.len[F_Z] >= 0) &&
                            (kind != ASCON_HASH256 || v.len[F_MD] == 32);
        if (check(kind < 0 ? aead_ok : hash_ok, "%s: incomplete vector", where) && fits(b, &v)) {
            ++*ran;
            if (kind < 0)
                run_aead(b, &v, where);
            else
                run_hash(b, kind, &v, where, chunks, nchunks, 1);
        }
        clear(&v);
    }
    fclose(fp);
    return count;
}

/* ascon_v12.txt: "aead key= nonce= ad= pt= ct=" (ct with its tag) and "hash|xof msg= md=" lines,
 * Ascon v1.2 results: the final standard on the same inputs must give other bytes. */
typedef struct {
    const ascon_backend *b;
    long ran;
} v12_run;

static void v12_line(void *ctx, char *line, const char *where)
{
    static ascon_vector v;
    v12_run *r = ctx;
    const ascon_backend *b = r->b;
    clear(&v);
    int ok = 1;
    for (const char *tok = line + strcspn(line, " "); ok && (tok = strchr(tok, '=')) != NULL; tok++) {
        const char *name = tok;
        while (name > line && name[-1] != ' ')
            name--;
        int f = 0;
        while (f < FIELDS && !((size_t)(tok - name) == strlen(line_names[f]) &&
                               strncmp(name, line_names[f], strlen(line_names[f])) == 0))
            f++;
        ok = f < FIELDS && decode(&v, f, tok + 1) == 0;
    }
    const int aead = strncmp(line, "aead ", 5) == 0, xof = strncmp(line, "xof ", 4) == 0;
    ok = ok && (aead ? v.len[F_KEY] == 16 && v.len[F_NONCE] == 16 && v.len[F_AD] >= 0 && v.len[F_PT] >= 0 &&
                           v.len[F_CT] == v.len[F_PT] + 16
                     : (xof || strncmp(line, "hash ", 5) == 0) && v.len[F_MSG] >= 0 && v.len[F_MD] > 0);
    if (!check(ok, "%s: malformed vector", where) || !fits(b, &v) || !(aead ? b->aead != NULL : b->hash != NULL))
        return;
    r->ran++;
    if (aead) {
        uint8_t out[MAX_FIELD], tag[16];
        const size_t len = (size_t)v.len[F_PT];
        const int code = b->aead(b, 0, v.bytes[F_KEY], out, tag, 16, v.bytes[F_NONCE], 16, v.bytes[F_AD],
                                 (size_t)v.len[F_AD], v.bytes[F_PT], len);
        check(code == 0 && (memcmp(out, v.bytes[F_CT], len) != 0 || memcmp(tag, v.bytes[F_CT] + len, 16) != 0),
              "%s: Ascon-AEAD128 on %s reproduces the Ascon v1.2 (Ascon-128a) result (code %d)", where, b->name, code);
    } else {
        static const size_t one_call = 0;
        run_hash(b, xof ? ASCON_XOF128 : ASCON_HASH256, &v, where, &one_call, 1, 0);
    }
}

static long run_v12(const ascon_backend *b, const char *path, long *ran)
{
    v12_run r = {b, 0};
    const long count = vector_file_lines(path, v12_line, &r);
    *ran = r.ran;
    return count;
}

static const struct {
    const char *file;
    int kind; /* -1: the AEAD; ASCON_HASHES: the v1.2 set */
    long count;
} sets[ASCON_VECTOR_SETS] = {{"LWC_AEAD_KAT_128_128.txt", -1, 1089},
                             {"LWC_HASH_KAT_128_256.txt", ASCON_HASH256, 1025},
                             {"LWC_XOF_KAT_128_512.txt", ASCON_XOF128, 1025},
                             {"LWC_CXOF_KAT_128_512.txt", ASCON_CXOF128, 1089},
                             {"ascon_v12.txt", ASCON_HASHES, 4}};

void ascon_vectors_run_set(const ascon_backend *b, const char *dir, unsigned set, const size_t *chunks,
                           size_t nchunks)
{
    char path[512];
    long ran = 0;
    const int has_aead = b->aead != NULL, has_hash = b->hash != NULL, kind = sets[set].kind;
    if (!(kind < 0 ? has_aead : kind < ASCON_HASHES ? has_hash : has_aead || has_hash))
        return;
    snprintf(path, sizeof path, "%s/%s", dir, sets[set].file);
    const long n = kind == ASCON_HASHES ? run_v12(b, path, &ran) : run_kat(b, path, kind, chunks, nchunks, &ran);
    if (vector_set_read(path, n, sets[set].count))
        printf("%s: %ld vectors (%s), %ld run on %s\n", sets[set].file, n,
               kind == ASCON_HASHES ? "must NOT match" : "must match", ran, b->name);
}

void ascon_vectors_run_all(const ascon_backend *b, const char *dir, const size_t *chunks, size_t nchunks)
{
    for (unsigned set = 0; set < ASCON_VECTOR_SETS; set++)
        ascon_vectors_run_set(b, dir, set, chunks, nchunks);
}
