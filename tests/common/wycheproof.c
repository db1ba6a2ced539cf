/* Project Wycheproof's AES mode files on a mode backend (wycheproof.h). */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "json.h"
#include "vectors.h"
#include "wycheproof.h"

#define MAX_FIELD 1024
#define CMAC -1 /* a file's mode besides TEST_EAX and TEST_CCM */

/* A file: its name, its mode, how many cases it has and how many in 128-bit-key groups
 * (tests/vectors/README.md). */
static const struct {
    const char *file;
    int mode;
    long cases, cases_128;
} sets[] = {{"aes_cmac_test.json", CMAC, 311, 102}, {"aes_eax_test.json", TEST_EAX, 240, 92},
            {"aes_ccm_test.json", TEST_CCM, 552, 184}};

/* One case, decoded, and what it is called in messages. */
typedef struct {
    char name[400]; /* file, tcId, result, flags, comment */
    int mode;
    int valid, acceptable; /* result "valid", "acceptable" (else "invalid") */
    uint8_t key[16], nonce[MAX_FIELD], ad[MAX_FIELD], msg[MAX_FIELD], ct[MAX_FIELD], tag[MAX_FIELD];
    int key_len, nonce_len, ad_len, msg_len, ct_len, tag_len;
} wp_case;

/* The counts of one file. */
typedef struct {
    long read, read_128, ran, too_large, valid, invalid, acceptable, accepted;
} wp_counts;

static int hex_field(const json_value *t, const char *key, uint8_t *out, int *len)
{
    const char *hex = json_string(t, key);
    *len = hex ? hex_decode(out, MAX_FIELD, hex) : -1;
    return *len >= 0;
}

/* Fills k from test t of file; 0, or -1 if a field is missing or malformed. */
static int decode(const char *file, int mode, const json_value *t, wp_case *k)
{
    const char *result = json_string(t, "result"), *comment = json_string(t, "comment");
    const json_value *flags = json_member(t, "flags");
    char flag_list[200] = "";
    for (size_t i = 0; flags && flags->type == JSON_ARRAY && i < flags->count; i++)
        if (flags->items[i].type == JSON_STRING)
            snprintf(flag_list + strlen(flag_list), sizeof flag_list - strlen(flag_list), "%s%s", i ? "," : "",
                     flags->items[i].string);
    snprintf(k->name, sizeof k->name, "%s tcId %.0f (%s; flags %s; \"%s\")", file, json_number(t, "tcId", -1),
             result ? result : "no result", flag_list, comment ? comment : "");
    k->mode = mode;
    k->valid = result && strcmp(result, "valid") == 0;
    k->acceptable = result && strcmp(result, "acceptable") == 0;
    const int known = k->valid || k->acceptable || (result && strcmp(result, "invalid") == 0);
    const char *key = json_string(t, "key");
    k->key_len = key ? hex_decode(k->key, sizeof k->key, key) : -1;
    if (!known || k->key_len != 16 || !hex_field(t, "msg", k->msg, &k->msg_len) ||
        !hex_field(t, "tag", k->tag, &k->tag_len))
        return -1;
    if (mode == CMAC)
        return 0;
    return hex_field(t, "iv", k->nonce, &k->nonce_len) && hex_field(t, "aad", k->ad, &k->ad_len) &&
                   hex_field(t, "ct", k->ct, &k->ct_len) && k->ct_len == k->msg_len
               ? 0
               : -1;
}

/* What lwc/modes.h makes of a record with these lengths whose tag is not the right one: the
 * first length error, in the order of its list, else LWC_E_AUTH. */
static int refusal(int mode, size_t tag_len, size_t nonce_len)
{
    if (mode == TEST_CCM ? !TEST_CCM_TAG_OK(tag_len) : tag_len < 1 || tag_len > TEST_MAX_BLOCK)
        return LWC_E_TAG_LENGTH;
    if (mode == TEST_CCM && !TEST_CCM_NONCE_OK(nonce_len))
        return LWC_E_NONCE_LENGTH;
    return LWC_E_AUTH;
}

static int all_are(const uint8_t *p, size_t n, uint8_t value)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != value)
            return 0;
    return 1;
}

/* Whether out is as a refused call left it: all zero after LWC_E_AUTH, else unwritten (the
 * input there when b runs in place, else MODE_FILL). */
static int left_as_refused(const mode_backend *b, int code, const uint8_t *out, const uint8_t *in, size_t len)
{
    if (code == LWC_E_AUTH)
        return all_are(out, len, 0);
    return b->in_place ? memcmp(out, in, len) == 0 : all_are(out, len, MODE_FILL);
}

/* The CMAC case k; returns 1 if lwc did as the case says, with why (else) filled in. */
static int run_cmac(const mode_backend *b, const test_mode_cipher *m, const wp_case *k, wp_counts *n, char *why,
                    size_t why_size)
{
    static const size_t chunks[] = {0, 7};
    const size_t tag_len = (size_t)k->tag_len, len = (size_t)k->msg_len;
    const int want = k->valid ? 0 : tag_len < 1 || tag_len > TEST_MAX_BLOCK ? LWC_E_TAG_LENGTH : LWC_E_AUTH;
    uint8_t tag[MAX_FIELD];
    for (size_t i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
        const int r = b->cmac(b, m, k->key, tag, tag_len, k->msg, len, chunks[i]);
        const int matches = r == 0 && memcmp(tag, k->tag, tag_len) == 0;
        if (k->acceptable) {
            n->accepted += matches && i == 0;
        } else if (want == LWC_E_TAG_LENGTH ? r != want || !all_are(tag, tag_len, MODE_FILL)
                                            : r != 0 || matches != k->valid) {
            snprintf(why, why_size, "CMAC (%s) returned %d, %s", chunks[i] ? "streaming" : "one call", r,
                     matches ? "the tag of the case" : "another tag");
            return 0;
        }
    }
    if (!b->cmac_verify)
        return 1;
    const int r = b->cmac_verify(b, m, k->key, k->tag, tag_len, k->msg, len);
    if (k->acceptable ? r != 0 && r != LWC_E_AUTH : r != want) {
        snprintf(why, why_size, "cmac_verify returned %d, not %d", r, want);
        return 0;
    }
    return 1;
}

/* The EAX or CCM case k, both ways; as run_cmac. */
static int run_aead(const mode_backend *b, const test_mode_cipher *m, const wp_case *k, wp_counts *n, char *why,
                    size_t why_size)
{
    const size_t len = (size_t)k->msg_len, tag_len = (size_t)k->tag_len, nonce_len = (size_t)k->nonce_len;
    const size_t ad_len = (size_t)k->ad_len;
    const int refused = refusal(k->mode, tag_len, nonce_len);
    uint8_t out[MAX_FIELD], tag[MAX_FIELD];
    int r = b->aead(b, m, k->mode, 0, k->key, out, tag, tag_len, k->nonce, nonce_len, k->ad, ad_len, k->msg, len);
    const int same = r == 0 && memcmp(out, k->ct, len) == 0 && memcmp(tag, k->tag, tag_len) == 0;
    if (refused != LWC_E_AUTH ? r != refused || !left_as_refused(b, r, out, k->msg, len) ||
                                    !all_are(tag, tag_len, MODE_FILL)
                              : !k->acceptable && same != k->valid) {
        snprintf(why, why_size, "encryption returned %d, %s", r,
                 same ? "the case's ciphertext and tag" : "another ciphertext or tag, or wrote on an error");
        return 0;
    }
    memcpy(tag, k->tag, tag_len);
    r = b->aead(b, m, k->mode, 1, k->key, out, tag, tag_len, k->nonce, nonce_len, k->ad, ad_len, k->ct, len);
    const int opened = r == 0 && memcmp(out, k->msg, len) == 0;
    if (k->acceptable) {
        n->accepted += opened;
        if (opened || ((r == LWC_E_AUTH || r == refused) && left_as_refused(b, r, out, k->ct, len)))
            return 1;
    } else if (k->valid ? opened : r == refused && left_as_refused(b, r, out, k->ct, len)) {
        return 1;
    }
    snprintf(why, why_size, "decryption returned %d (want %d), %s", r, k->valid ? 0 : refused,
             opened ? "the plaintext" : "output not as the contract says");
    return 0;
}

/* The tests of group g (its key size in bits in keySize) of one file. */
static void run_group(const mode_backend *b, const test_mode_cipher *m, const char *file, int mode,
                      const json_value *g, wp_counts *n)
{
    static wp_case k;
    const json_value *tests = json_member(g, "tests");
    const int ours = json_number(g, "keySize", 0) == 128;
    for (size_t i = 0; tests && tests->type == JSON_ARRAY && i < tests->count; i++) {
        const json_value *t = &tests->items[i];
        n->read++;
        if (!ours)
            continue;
        n->read_128++;
        if (!check(decode(file, mode, t, &k) == 0, "%s: a malformed case", k.name))
            continue;
        const size_t size = (size_t)(k.nonce_len > 0 ? k.nonce_len : 0) + (size_t)(k.ad_len > 0 ? k.ad_len : 0) +
                            (size_t)k.msg_len + (size_t)k.tag_len;
        if (!m)
            continue;
        if (size > b->max_data) {
            n->too_large++;
            continue;
        }
        n->ran++;
        n->valid += k.valid;
        n->acceptable += k.acceptable;
        n->invalid += !k.valid && !k.acceptable;
        char why[200];
        const int ok = mode == CMAC ? run_cmac(b, m, &k, n, why, sizeof why) : run_aead(b, m, &k, n, why, sizeof why);
        check(ok, "%s on %s: %s", k.name, b->name, why);
    }
}

void wycheproof_run_all(const mode_backend *b, const char *dir, mode_filter_fn accept)
{
    const test_mode_cipher *aes = test_mode_cipher_find("aes128");
    const test_mode_cipher *m = aes && (!accept || accept(aes)) ? aes : NULL;
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
        char path[512];
        wp_counts n = {0};
        snprintf(path, sizeof path, "%s/wycheproof/%s", dir, sets[s].file);
        json_value *root = json_read_file(path);
        const json_value *groups = json_member(root, "testGroups");
        for (size_t g = 0; groups && groups->type == JSON_ARRAY && g < groups->count; g++)
            run_group(b, m, sets[s].file, sets[s].mode, &groups->items[g], &n);
        const long declared = (long)json_number(root, "numberOfTests", -1), read = root ? n.read : -1;
        json_free(root);
        if (!vector_set_read(path, read, sets[s].cases) ||
            !check(declared == n.read && n.read_128 == sets[s].cases_128,
                   "%s: numberOfTests %ld, %ld cases, %ld with 128-bit keys (want %ld)", path, declared, n.read,
                   n.read_128, sets[s].cases_128))
            continue;
        if (!m) {
            printf("%s: %ld cases, %ld with 128-bit keys: none run on %s (no aes128 modes there)\n", sets[s].file,
                   n.read, n.read_128, b->name);
            continue;
        }
        printf("%s: %ld cases, %ld with 128-bit keys, %ld run on %s: %ld valid, %ld invalid, %ld acceptable (%ld "
               "accepted); %ld larger than its buffer\n",
               sets[s].file, n.read, n.read_128, n.ran, b->name, n.valid, n.invalid, n.acceptable, n.accepted,
               n.too_large);
    }
}
