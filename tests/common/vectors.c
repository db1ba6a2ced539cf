#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "vectors.h"

#define MAX_DATA 512

static vector_filter_fn filter;

void vector_set_filter(vector_filter_fn accept)
{
    filter = accept;
}

int hex_decode(uint8_t *out, size_t max, const char *hex)
{
    size_t n = 0;
    while (*hex) {
        if (*hex == ' ') {
            hex++;
            continue;
        }
        unsigned v;
        if (n == max || sscanf(hex, "%2x", &v) != 1 || !hex[1] || hex[1] == ' ')
            return -1;
        out[n++] = (uint8_t)v;
        hex += 2;
    }
    return (int)n;
}

static void reverse(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) {
        uint8_t t = p[i];
        p[i] = p[n - 1 - i];
        p[n - 1 - i] = t;
    }
}

static int cbc(const test_backend *b, const test_cipher *c, int decrypt, const uint8_t *key,
               const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t chain[TEST_MAX_BLOCK], block[TEST_MAX_BLOCK];
    const size_t bs = c->block_bytes;
    memcpy(chain, iv, bs);
    for (size_t off = 0; off < len; off += bs) {
        if (decrypt) {
            if (b->ecb(b, c, 1, key, block, in + off, 1))
                return -1;
            for (size_t i = 0; i < bs; i++)
                out[off + i] = block[i] ^ chain[i];
            memcpy(chain, in + off, bs);
        } else {
            for (size_t i = 0; i < bs; i++)
                block[i] = in[off + i] ^ chain[i];
            if (b->ecb(b, c, 0, key, out + off, block, 1))
                return -1;
            memcpy(chain, out + off, bs);
        }
    }
    return 0;
}

/* Applies the vector's mode in one direction; returns -1 on a backend failure. */
static int apply(const test_backend *b, const test_cipher *c, const char *mode, int decrypt,
                 const uint8_t *key, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    if (strcmp(mode, "cbc") == 0)
        return cbc(b, c, decrypt, key, iv, out, in, len);
    if (strcmp(mode, "ctr") == 0)
        return b->ctr(b, c, key, iv, out, in, len, 0);
    return b->ecb(b, c, decrypt, key, out, in, len / c->block_bytes);
}

int vector_run(const test_backend *b, const hex_vector *v, const char *where)
{
    const test_cipher *c = test_cipher_find(v->cipher);
    if (c && filter && !filter(c, v->mode))
        return -1;
    uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK], pt[MAX_DATA], ct[MAX_DATA], out[MAX_DATA];
    int klen = hex_decode(key, sizeof key, v->key);
    int ivlen = v->iv ? hex_decode(iv, sizeof iv, v->iv) : 0;
    int plen = hex_decode(pt, sizeof pt, v->pt), clen = hex_decode(ct, sizeof ct, v->ct);
    const int is_stream = strcmp(v->mode, "ctr") == 0;

    if (!check(c && klen == c->key_bytes && plen > 0 && plen == clen &&
                   (is_stream || plen % c->block_bytes == 0) &&
                   (!v->iv || ivlen == c->block_bytes),
               "%s: malformed %s vector", where, v->cipher))
        return 0;
    if (strcmp(v->mode, "spec") == 0) {
        reverse(key, (size_t)klen);
        reverse(pt, (size_t)plen);
        reverse(ct, (size_t)clen);
    }
    int all = 1;
    for (int decrypt = 0; decrypt <= 1; decrypt++) {
        const uint8_t *in = decrypt ? ct : pt, *want = decrypt ? pt : ct;
        if (!check(apply(b, c, v->mode, decrypt, key, iv, out, in, (size_t)plen) == 0,
                   "%s: %s backend failed on %s %s", where, b->name, v->cipher,
                   decrypt ? "decrypt" : "encrypt"))
            return 0;
        const int match = memcmp(out, want, (size_t)plen) == 0;
        all &= match;
        if (!v->expect_match)
            continue;
        if (!check(match, "%s: %s %s %s on %s", where, v->cipher, v->mode,
                   decrypt ? "decrypt" : "encrypt", b->name)) {
            print_hex("key", key, (size_t)klen);
            print_hex("in ", in, (size_t)plen);
            print_hex("got", out, (size_t)plen);
            print_hex("exp", want, (size_t)plen);
        }
    }
    if (!v->expect_match)
        check(!all, "%s: %s reproduced a vector it must not (%s)", where, v->cipher, v->ct);
    return all;
}

/* Word lists ("0100 0302 ...") become bytes with each word stored little-endian. */
static int words_to_hex(char *out, size_t max, const char *words)
{
    size_t n = 0;
    while (*words) {
        while (*words == ' ')
            words++;
        size_t w = strspn(words, "0123456789abcdefABCDEF");
        if (w == 0 || w % 2 || n + w + 1 > max)
            return *words ? -1 : 0;
        for (size_t i = w; i > 0; i -= 2) {
            out[n++] = words[i - 2];
            out[n++] = words[i - 1];
        }
        words += w;
    }
    out[n] = 0;
    return 0;
}

static const char *family_variant(const char *family, int key_bytes, int block_bytes)
{
    if (strcmp(family, "present") == 0)
        return key_bytes == 10 ? "present80" : key_bytes == 16 ? "present128" : NULL;
    if (strcmp(family, "lea") == 0)
        return key_bytes == 16 ? "lea128" : key_bytes == 24 ? "lea192" : key_bytes == 32 ? "lea256" : NULL;
    if (strcmp(family, "hight") == 0)
        return "hight";
    if (strcmp(family, "cham") == 0) {
        if (block_bytes == 8)
            return key_bytes == 16 ? "cham64_128" : NULL;
        return key_bytes == 16 ? "cham128_128" : key_bytes == 32 ? "cham128_256" : NULL;
    }
    return NULL;
}

/* The fields of one vector line; values point into the (modified) line buffer. */
typedef struct {
    const char *mode, *key, *iv, *pt, *ct;
    int spec, words;
} line_fields;

static void parse_line(char *line, line_fields *f)
{
    memset(f, 0, sizeof *f);
    const char **last = NULL;
    for (char *tok = strtok(line, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
        char *eq = strchr(tok, '=');
        if (!eq) {
            /* A further word of a *_words list: re-join it to the value with spaces. */
            if (last && *last)
                for (char *p = tok - 1; *p == 0 || *p == ' ' || *p == '\t'; p--)
                    *p = ' ';
            continue;
        }
        *eq = 0;
        const char *name = tok;
        if (strncmp(name, "spec_", 5) == 0) {
            f->spec = 1;
            name += 5;
        }
        const size_t nlen = strlen(name);
        if (nlen > 6 && strcmp(name + nlen - 6, "_words") == 0) {
            f->words = 1;
            eq[-6] = 0;
        }
        last = strcmp(name, "mode") == 0 ? &f->mode : strcmp(name, "key") == 0 ? &f->key
             : strcmp(name, "iv") == 0 ? &f->iv : strcmp(name, "pt") == 0 ? &f->pt
             : strcmp(name, "ct") == 0 ? &f->ct : NULL;
        if (last)
            *last = eq + 1;
    }
}

int vector_line_is_data(const char *line)
{
    return line[0] != '#' && strspn(line, " \t\r\n") != strlen(line);
}

long vector_file_lines(const char *path, vector_line_fn each, void *ctx)
{
    static char line[4 * 65536 + 64]; /* the longest: a mode vector of 64 KiB fields in hex */
    FILE *fp = fopen(path, "r");
    if (!fp)
        return -1;
    long count = 0, lineno = 0;
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        if (!vector_line_is_data(line))
            continue;
        count++;
        char where[600];
        snprintf(where, sizeof where, "%s:%ld", path, lineno);
        each(ctx, line, where);
    }
    fclose(fp);
    return count;
}

/* A family file's run (vector_file_run). */
typedef struct {
    const test_backend *b;
    const char *family;
    int expect_match;
    long ran;
} family_run;

static void family_line(void *ctx, char *line, const char *where)
{
    family_run *r = ctx;
    char key[2 * TEST_MAX_KEY + 1], pt[2 * MAX_DATA + 1], ct[2 * MAX_DATA + 1];
    line_fields f;
    parse_line(line, &f);
    if (!check(f.key && f.pt && f.ct, "%s: line without key/pt/ct", where))
        return;
    if (f.words) {
        if (!check(words_to_hex(key, sizeof key, f.key) == 0 && words_to_hex(pt, sizeof pt, f.pt) == 0 &&
                       words_to_hex(ct, sizeof ct, f.ct) == 0,
                   "%s: bad word list", where))
            return;
        f.key = key;
        f.pt = pt;
        f.ct = ct;
    }
    const int key_bytes = (int)(strlen(f.key) / 2);
    const int block_bytes = strcmp(r->family, "cham") == 0 && strlen(f.pt) == 16 ? 8 : 16;
    hex_vector v = {family_variant(r->family, key_bytes, block_bytes), f.spec ? "spec" : f.mode ? f.mode : "ecb",
                    f.key, f.iv, f.pt, f.ct, r->expect_match};
    if (!check(v.cipher != NULL, "%s: no %s variant for a %d-byte key", where, r->family, key_bytes))
        return;
    if (vector_run(r->b, &v, where) >= 0)
        r->ran++;
}

long vector_file_run(const test_backend *b, const char *path, const char *family, int expect_match,
                     long *ran)
{
    family_run r = {b, family, expect_match, 0};
    const long count = vector_file_lines(path, family_line, &r);
    *ran = r.ran;
    return count;
}

const char *test_vectors_dir(void)
{
    const char *dir = getenv("LWC_VECTORS");
    return dir ? dir : "tests/vectors";
}

int vector_set_read(const char *path, long read, long expected)
{
    if (read < 0)
        return check(0, "%s: cannot be read: the vector set is missing (run from the checkout's root, or set "
                        "LWC_VECTORS to the folder holding it)",
                     path);
    return check(read == expected, "%s: %ld vectors read, %ld expected (tests/vectors/README.md)", path, read,
                 expected);
}

void vector_files_run_all(const test_backend *b, const char *dir)
{
    static const struct {
        const char *file, *family;
        int expect_match;
        long count;
    } sets[] = {
        {"present.txt", "present", 1, 10},     {"lea.txt", "lea", 1, 1113},
        {"hight.txt", "hight", 1, 278},        {"cham_revised.txt", "cham", 1, 6},
        {"cham_original.txt", "cham", 0, 33},
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        char path[512];
        long ran;
        snprintf(path, sizeof path, "%s/%s", dir, sets[i].file);
        const long n = vector_file_run(b, path, sets[i].family, sets[i].expect_match, &ran);
        if (vector_set_read(path, n, sets[i].count))
            printf("%s: %ld vectors (%s), %ld run on %s\n", sets[i].file, n,
                   sets[i].expect_match ? "must match" : "must NOT match", ran, b->name);
    }
}
