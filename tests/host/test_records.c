/*
 * Host tests of the KDF (lwc/kdf.h) and the sealed records (lwc/records.h):
 *   - tests/vectors/records.txt: KDF vectors of every cipher; records of every suite (node key
 *     derived from the master key, sealed, parsed and opened);
 *   - the KDF of every cipher against a reference written here from SP 800-108r1 over the
 *     library's CMAC (random lengths), and its errors;
 *   - the sealer: headers and counters, the record counter's exhaustion, the boot counter's
 *     range, errors that write nothing and keep the counter, in place and overlaps;
 *   - the parser (every short length, version and suite) and the opener: every bit of a record
 *     flipped, re-suited, re-addressed, re-epoched, truncated and extended records refused
 *     with the right code and nothing released; its errors;
 *   - the replay window against a reference (the set of counters accepted), and a gateway's
 *     whole flow: reordered, resent and stale records, forgeries that must not move the
 *     window, a node whose EEPROM was reset (refused) until it is re-keyed with a new epoch.
 * Last line "N passed, M failed"; $LWC_TEST_SEED replays a run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/kdf_table.h"
#include "../common/record_table.h"
#include "../common/rng.h"
#include "../common/vectors.h"

#define MAX_PAYLOAD 200
#define MAX_RECORD (MAX_PAYLOAD + LWC_RECORD_OVERHEAD_BYTES)
#define FILL 0xa5
#define KDF_TRIALS 100

/* ---- helpers ------------------------------------------------------------------------- */

static int all_bytes(const uint8_t *p, size_t n, uint8_t v)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != v)
            return 0;
    return 1;
}

/* The master key's CMAC key (the gateway's), and a node key derived from it. */
static void master_key(lwc_aes128_cmac_key *k, const uint8_t *master)
{
    lwc_aes128_cmac_setkey(k, master);
}

static void node_key(const uint8_t *master, unsigned suite, uint32_t node, uint8_t epoch, uint8_t *key)
{
    lwc_aes128_cmac_key k;
    master_key(&k, master);
    const int r = lwc_record_derive_key(&k, key, suite, node, epoch);
    check(r == 0, "derive_key(suite %u) returned %d", suite, r);
    lwc_wipe(&k, sizeof k);
}

/* A sealer of suite t whose record counter is set to count (as after count records). */
static int sealer_at(const test_record_suite *t, lwc_sealer *s, test_record_key *k, const uint8_t *key,
                     uint32_t node, uint8_t epoch, uint32_t boot, uint32_t count)
{
    const int r = t->sealer_init(s, k, key, node, epoch, boot);
    s->header[9] = (uint8_t)(count >> 16);
    s->header[10] = (uint8_t)(count >> 8);
    s->header[11] = (uint8_t)count;
    return r;
}

/* The gateway's flow for one record under key k: parse, open. The first code, info, payload. */
static int open_record(const lwc_record_key *k, const uint8_t *record, size_t len, lwc_record_info *info,
                       uint8_t *payload)
{
    const int r = lwc_record_parse(info, record, len);
    return r ? r : lwc_record_open(k, payload, MAX_PAYLOAD, info, record, len);
}

/* ---- KDF --------------------------------------------------------------------------- */

/* SP 800-108r1 4.1 over the library's CMAC: K(i) = CMAC([i]_32 || label || 00 || context || [L]_32). */
static void ref_kdf(const test_mode_cipher *m, const void *k, uint8_t *out, size_t n, const uint8_t *label,
                    size_t label_len, const uint8_t *context, size_t context_len)
{
    uint8_t msg[4 + 64 + 1 + 64 + 4], block[TEST_MAX_BLOCK];
    const uint32_t bits = (uint32_t)(8 * n);
    for (uint32_t i = 1, done = 0; done < n; i++) {
        size_t len = 0;
        for (int b = 3; b >= 0; b--)
            msg[len++] = (uint8_t)(i >> (8 * b));
        memcpy(msg + len, label, label_len);
        len += label_len;
        msg[len++] = 0;
        memcpy(msg + len, context, context_len);
        len += context_len;
        for (int b = 3; b >= 0; b--)
            msg[len++] = (uint8_t)(bits >> (8 * b));
        m->cmac(k, block, m->block_bytes, msg, len);
        for (size_t j = 0; j < m->block_bytes && done < n; j++)
            out[done++] = block[j];
    }
}

static void test_kdf(const test_mode_cipher *m)
{
    test_mode_key k;
    uint8_t key[TEST_MAX_KEY], label[64], context[64], want[100], got[101];
    for (int t = 0; t < KDF_TRIALS; t++) {
        const size_t label_len = rng_below(65), context_len = rng_below(65), n = 1 + rng_below(100);
        rng_fill(key, m->key_bytes);
        rng_fill(label, label_len);
        rng_fill(context, context_len);
        m->cmac_setkey(&k, key);
        ref_kdf(m, &k, want, n, label, label_len, context, context_len);
        got[n] = FILL;
        const int r = test_kdfs[m->index](&k, got, n, label, label_len, context, context_len);
        if (!check(r == 0 && memcmp(got, want, n) == 0 && got[n] == FILL,
                   "%s: KDF differs from SP 800-108r1 (label %zu, context %zu, %zu bytes)", m->name, label_len,
                   context_len, n))
            break;
    }
    /* L is an input: a shorter output is not the start of a longer one. */
    rng_fill(key, m->key_bytes);
    m->cmac_setkey(&k, key);
    test_kdfs[m->index](&k, want, 32, label, 8, context, 8);
    test_kdfs[m->index](&k, got, 16, label, 8, context, 8);
    check(memcmp(got, want, 16) != 0, "%s: KDF output of 16 bytes is the start of 32 (L not in the input)", m->name);
    /* Errors: nothing written. */
    static const struct {
        int k_null, out_null, label_null, context_null;
        size_t n;
        int want;
    } cases[] = {{1, 0, 0, 0, 16, LWC_E_NULL_POINTER}, {0, 1, 0, 0, 16, LWC_E_NULL_POINTER},
                 {0, 0, 1, 0, 16, LWC_E_NULL_POINTER}, {0, 0, 0, 1, 16, LWC_E_NULL_POINTER},
                 {0, 0, 0, 0, 0, LWC_E_REQUEST_LENGTH}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(got, FILL, sizeof got);
        const int r = test_kdfs[m->index](cases[i].k_null ? NULL : &k, cases[i].out_null ? NULL : got, cases[i].n,
                                     cases[i].label_null ? NULL : label, 8, cases[i].context_null ? NULL : context, 8);
        check(r == cases[i].want && all_bytes(got, sizeof got, FILL), "%s: KDF error case %zu returned %d or wrote",
              m->name, i, r);
    }
#if SIZE_MAX > 0x1fffffffu
    check(test_kdfs[m->index](&k, got, (size_t)0x20000000u, label, 8, context, 8) == LWC_E_REQUEST_LENGTH &&
              all_bytes(got, sizeof got, FILL),
          "%s: KDF of 2^29 bytes (L = 2^32 bits) accepted", m->name);
#endif
    uint8_t buf[64];
    rng_fill(buf, sizeof buf);
    check(test_kdfs[m->index](&k, buf + 8, 16, buf, 12, buf + 40, 8) == LWC_E_OVERLAP &&
              test_kdfs[m->index](&k, buf, 16, buf + 40, 8, buf + 10, 8) == LWC_E_OVERLAP,
          "%s: KDF output overlapping label or context accepted", m->name);
    check(test_kdfs[m->index](&k, got, 16, NULL, 0, NULL, 0) == 0, "%s: KDF with empty label and context as NULL refused",
          m->name);
    lwc_wipe(&k, sizeof k);
}

/* ---- the vector file ------------------------------------------------------------------ */

/* The value of field name in a vector line (tokens "name=value"), or NULL. */
static const char *field(char *const *tokens, int n, const char *name)
{
    const size_t len = strlen(name);
    for (int i = 0; i < n; i++)
        if (strncmp(tokens[i], name, len) == 0 && tokens[i][len] == '=')
            return tokens[i] + len + 1;
    return NULL;
}

/* A field as bytes (exactly want bytes unless want < 0); the length or -1. */
static int bytes_of(char *const *tokens, int n, const char *name, uint8_t *out, size_t max, int want)
{
    const char *v = field(tokens, n, name);
    const int len = v ? hex_decode(out, max, v) : -1;
    return want >= 0 && len != want ? -1 : len;
}

static uint32_t number_of(char *const *tokens, int n, const char *name, int width)
{
    uint8_t b[4] = {0};
    if (bytes_of(tokens, n, name, b, sizeof b, width) < 0)
        return 0xffffffffu;
    uint32_t v = 0;
    for (int i = 0; i < width; i++)
        v = v << 8 | b[i];
    return v;
}

static int run_kdf_vector(char *const *tokens, int n, const char *where)
{
    const char *name = field(tokens, n, "cipher");
    const test_mode_cipher *m = name ? test_mode_cipher_find(name) : NULL;
    uint8_t key[TEST_MAX_KEY], label[128], context[128], want[128], got[128];
    const int key_len = bytes_of(tokens, n, "key", key, sizeof key, -1), label_len = bytes_of(tokens, n, "label", label, sizeof label, -1);
    const int context_len = bytes_of(tokens, n, "context", context, sizeof context, -1);
    const int out_len = bytes_of(tokens, n, "out", want, sizeof want, -1);
    if (!m || key_len != m->key_bytes || label_len < 0 || context_len < 0 || out_len < 1)
        return -1;
    test_mode_key k;
    m->cmac_setkey(&k, key);
    const int r = test_kdfs[m->index](&k, got, (size_t)out_len, label, (size_t)label_len, context, (size_t)context_len);
    check(r == 0 && memcmp(got, want, (size_t)out_len) == 0, "%s: %s KDF differs (%d)", where, m->name, r);
    lwc_wipe(&k, sizeof k);
    return 0;
}

/* A record line: the node key from the master key, the record sealed by the sealer (its record
 * counter set), parsed and opened; a flipped tag bit refused. */
static int run_record_vector(char *const *tokens, int n, const char *where)
{
    uint8_t master[16], payload[MAX_PAYLOAD], want_key[16], key[16], record[MAX_RECORD], got[MAX_RECORD];
    const char *suite_text = field(tokens, n, "suite");
    const unsigned id = suite_text ? (unsigned)strtoul(suite_text, NULL, 10) : 0;
    const uint32_t node = number_of(tokens, n, "node", 4), epoch = number_of(tokens, n, "epoch", 1);
    const uint32_t boot = number_of(tokens, n, "boot", 3), count = number_of(tokens, n, "count", 3);
    const int payload_len = bytes_of(tokens, n, "payload", payload, sizeof payload, -1);
    if (id == 0 || bytes_of(tokens, n, "master", master, sizeof master, 16) < 0 ||
        bytes_of(tokens, n, "nodekey", want_key, sizeof want_key, 16) < 0 || payload_len < 0 || epoch > 255 ||
        boot > LWC_RECORD_BOOT_MAX || count > LWC_RECORD_COUNT_MAX)
        return -1;
    lwc_aes128_cmac_key mk;
    master_key(&mk, master);
    const int record_len = bytes_of(tokens, n, "record", record, sizeof record, payload_len + LWC_RECORD_OVERHEAD_BYTES);
    test_record_suite t;
    if (record_len < 0 || test_record_suite_row(id, &t) != 0)
        return -1;
    check(lwc_record_derive_key(&mk, key, id, node, (uint8_t)epoch) == 0 && memcmp(key, want_key, 16) == 0,
          "%s: %s node key differs", where, t.name);
    lwc_sealer s;
    test_record_key k;
    int r = sealer_at(&t, &s, &k, key, node, (uint8_t)epoch, boot, count);
    r = r ? r : lwc_seal(&s, got, sizeof got, payload, (size_t)payload_len);
    if (!check(r == 0 && memcmp(got, record, (size_t)record_len) == 0, "%s: %s sealed record differs (%d)", where,
               t.name, r))
        print_hex("got", got, (size_t)record_len);
    lwc_record_key rk;
    lwc_record_info info;
    r = lwc_record_setkey(&rk, id, key);
    r = r ? r : open_record(&rk, record, (size_t)record_len, &info, got);
    check(r == 0 && memcmp(got, payload, (size_t)payload_len) == 0 && info.version == LWC_RECORD_VERSION &&
              info.suite == id && info.node_id == node && info.epoch == epoch &&
              info.counter == ((uint64_t)boot << 24 | count) && info.payload_len == (size_t)payload_len,
          "%s: %s record does not open to its fields and payload (%d)", where, t.name, r);
    record[record_len - 1] ^= 0x01;
    memset(got, FILL, sizeof got);
    r = open_record(&rk, record, (size_t)record_len, &info, got);
    check(r == LWC_E_AUTH && all_bytes(got, (size_t)payload_len, 0), "%s: %s record with a flipped tag bit: %d",
          where, t.name, r);
    lwc_wipe(&rk, sizeof rk);
    lwc_wipe(&k, sizeof k);
    lwc_wipe(&mk, sizeof mk);
    return 0;
}

static void test_vector_file(const char *dir)
{
    static char line[4096];
    char path[512];
    snprintf(path, sizeof path, "%s/records.txt", dir);
    FILE *f = fopen(path, "r");
    long count = 0, kdf = 0, records = 0, lineno = 0;
    while (f && fgets(line, sizeof line, f)) {
        lineno++;
        if (!vector_line_is_data(line))
            continue;
        count++;
        char *tokens[16], where[600];
        int n = 0;
        for (char *tok = strtok(line, " \t\r\n"); tok && n < 16; tok = strtok(NULL, " \t\r\n"))
            tokens[n++] = tok;
        snprintf(where, sizeof where, "%s:%ld", path, lineno);
        int r = -1;
        if (strcmp(tokens[0], "kdf") == 0 && (r = run_kdf_vector(tokens + 1, n - 1, where)) == 0)
            kdf++;
        else if (strcmp(tokens[0], "record") == 0 && (r = run_record_vector(tokens + 1, n - 1, where)) == 0)
            records++;
        check(r == 0, "%s: malformed vector line", where);
    }
    if (f)
        fclose(f);
    /* 6 KDF vectors per cipher; 8 records per suite. */
    if (vector_set_read(path, f ? count : -1, 108))
        printf("records.txt: %ld KDF vectors, %ld records\n", kdf, records);
    check(kdf == 6 * (long)test_cipher_count && records == 8 * (long)test_record_suite_count,
          "records.txt: %ld KDF vectors, %ld records", kdf, records);
}

/* ---- the sealer ---------------------------------------------------------------------- */

static void test_sealer(const test_record_suite *t)
{
    lwc_sealer s, before;
    test_record_key k;
    uint8_t key[16], payload[40], out[MAX_RECORD], again[MAX_RECORD];
    const uint32_t node = 0x01020304;
    rng_fill(key, sizeof key);
    rng_fill(payload, sizeof payload);
    /* Consecutive records: the header, counting from record 0 of the boot. */
    int r = t->sealer_init(&s, &k, key, node, 7, 0x0a0b0c);
    for (uint32_t i = 0; i < 3 && r == 0; i++) {
        r = lwc_seal(&s, out, sizeof out, payload, 10);
        const uint8_t want[LWC_RECORD_HEADER_BYTES] = {(uint8_t)(0x10 | t->id), 1, 2, 3, 4, 7, 0x0a, 0x0b, 0x0c, 0,
                                                       0, (uint8_t)i};
        check(r == 0 && memcmp(out, want, sizeof want) == 0, "%s: record %u's header is not version, suite, node, "
              "epoch, boot and record counter (%d)", t->name, i, r);
    }
    /* In place (payload at out + 12) gives the same record as apart. */
    sealer_at(t, &s, &k, key, node, 7, 0x0a0b0c, 5);
    lwc_seal(&s, out, sizeof out, payload, sizeof payload);
    sealer_at(t, &s, &k, key, node, 7, 0x0a0b0c, 5);
    memcpy(again + LWC_RECORD_HEADER_BYTES, payload, sizeof payload);
    r = lwc_seal(&s, again, sizeof again, again + LWC_RECORD_HEADER_BYTES, sizeof payload);
    check(r == 0 && memcmp(out, again, sizeof payload + LWC_RECORD_OVERHEAD_BYTES) == 0,
          "%s: sealing in place differs (%d)", t->name, r);
    /* The last record counters of a boot, then refusal: nothing written, and it stays so. */
    sealer_at(t, &s, &k, key, node, 7, LWC_RECORD_BOOT_MAX, LWC_RECORD_COUNT_MAX - 1);
    r = lwc_seal(&s, out, sizeof out, payload, 4);
    check(r == 0 && out[9] == 0xff && out[10] == 0xff && out[11] == 0xfe, "%s: record counter 2^24 - 2", t->name);
    r = lwc_seal(&s, out, sizeof out, payload, 4);
    check(r == 0 && out[9] == 0xff && out[10] == 0xff && out[11] == 0xff && out[6] == 0xff,
          "%s: record counter 2^24 - 1 of boot 2^24 - 1 not sealed (%d)", t->name, r);
    for (int i = 0; i < 2; i++) {
        memset(out, FILL, sizeof out);
        r = lwc_seal(&s, out, sizeof out, payload, 4);
        check(r == LWC_E_COUNTER_EXHAUSTED && all_bytes(out, sizeof out, FILL),
              "%s: a record after record counter 2^24 - 1: %d, or written (the counter would wrap)", t->name, r);
    }
    /* The boot counter's range: 2^24 - 1 is the last; init refuses beyond, writing nothing. */
    memset(&s, FILL, sizeof s);
    memset(&k, FILL, sizeof k);
    r = t->sealer_init(&s, &k, key, node, 7, LWC_RECORD_BOOT_MAX + 1);
    check(r == LWC_E_COUNTER_EXHAUSTED && all_bytes((const uint8_t *)&s, sizeof s, FILL) &&
              all_bytes((const uint8_t *)&k, t->key_size, FILL),
          "%s: boot counter 2^24 accepted or written (%d)", t->name, r);
    check(t->sealer_init(NULL, &k, key, node, 7, 0) == LWC_E_NULL_POINTER &&
              t->sealer_init(&s, NULL, key, node, 7, 0) == LWC_E_NULL_POINTER &&
              t->sealer_init(&s, &k, NULL, node, 7, 0) == LWC_E_NULL_POINTER &&
              all_bytes((const uint8_t *)&s, sizeof s, FILL),
          "%s: sealer_init with a NULL pointer", t->name);
    /* Refusals write nothing and keep the counter: the next record is still record 0. */
    t->sealer_init(&s, &k, key, node, 7, 3);
    memcpy(&before, &s, sizeof s);
    static const struct {
        size_t out_cap, payload_off, len;
        int s_null, out_null, payload_null, want;
    } cases[] = {
        {MAX_RECORD, 200, 10, 1, 0, 0, LWC_E_NULL_POINTER},
        {MAX_RECORD, 200, 10, 0, 1, 0, LWC_E_NULL_POINTER},
        {MAX_RECORD, 200, 10, 0, 0, 1, LWC_E_NULL_POINTER},
        {29, 200, 10, 0, 0, 0, LWC_E_BUFFER_TOO_SMALL},  /* one byte short */
        {19, 200, 0, 0, 0, 0, LWC_E_BUFFER_TOO_SMALL},   /* not even header and tag */
        {MAX_RECORD, 1, 10, 0, 0, 0, LWC_E_OVERLAP},     /* payload across header and ciphertext */
        {MAX_RECORD, 0, 4, 0, 0, 0, LWC_E_OVERLAP},      /* payload in the header */
        {MAX_RECORD, 13, 10, 0, 0, 0, LWC_E_OVERLAP},    /* one byte after in place */
        {MAX_RECORD, 25, 10, 0, 0, 0, LWC_E_OVERLAP},    /* payload over the tag */
    };
    static uint8_t buf[2 * MAX_RECORD + 200];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(buf, FILL, sizeof buf);
        rng_fill(buf + cases[i].payload_off, cases[i].len);
        memcpy(again, buf, sizeof again);
        r = lwc_seal(cases[i].s_null ? NULL : &s, cases[i].out_null ? NULL : buf, cases[i].out_cap,
                     cases[i].payload_null ? NULL : buf + cases[i].payload_off, cases[i].len);
        check(r == cases[i].want && memcmp(buf, again, sizeof again) == 0 && memcmp(&s, &before, sizeof s) == 0,
              "%s: lwc_seal error case %zu returned %d (want %d), wrote or changed the sealer", t->name, i, r,
              cases[i].want);
    }
    check(lwc_seal(&s, out, LWC_RECORD_OVERHEAD_BYTES, NULL, 0) == 0 && out[11] == 0 &&
              lwc_seal(&s, out, sizeof out, out + 100, 10) == 0 && out[11] == 1,
          "%s: an empty payload as NULL, or a payload after the record, refused", t->name);
    if (t->id == LWC_SUITE_CCM_AES128) {
        const size_t big = (size_t)1 << 24;
        uint8_t *p = calloc(big + LWC_RECORD_OVERHEAD_BYTES, 1);
        memcpy(&before, &s, sizeof s);
        check(p && lwc_seal(&s, p, big + LWC_RECORD_OVERHEAD_BYTES, p + LWC_RECORD_HEADER_BYTES, big) ==
                       LWC_E_MESSAGE_LENGTH &&
                  memcmp(&s, &before, sizeof s) == 0 && all_bytes(p, LWC_RECORD_HEADER_BYTES, 0),
              "%s: a payload of 2^24 bytes (CCM's length field of 3 bytes) accepted", t->name);
        free(p);
    }
    lwc_wipe(&k, sizeof k);
}

/* ---- the parser and the opener ------------------------------------------------------- */

static int suite_known(unsigned id)
{
    test_record_suite t;
    return test_record_suite_row(id, &t) == 0;
}

static void test_parse(void)
{
    uint8_t record[MAX_RECORD], fill[sizeof(lwc_record_info)];
    lwc_record_info info;
    rng_fill(record, sizeof record);
    memset(fill, FILL, sizeof fill);
    size_t bad = 0;
    for (size_t len = 0; len < LWC_RECORD_OVERHEAD_BYTES; len++) {
        record[0] = 0x11;
        memset(&info, FILL, sizeof info);
        bad += lwc_record_parse(&info, record, len) != LWC_E_RECORD_SHORT || memcmp(&info, fill, sizeof info) != 0;
    }
    check(bad == 0, "parse: %zu of the lengths 0..19 not refused as short, or written", bad);
    for (unsigned v = 0; v < 16; v++) {
        for (unsigned id = 0; id < 16; id++) {
            record[0] = (uint8_t)(v << 4 | id);
            memset(&info, FILL, sizeof info);
            const int r = lwc_record_parse(&info, record, 57);
            const int want = v != LWC_RECORD_VERSION ? LWC_E_RECORD_VERSION : suite_known(id) ? 0 : LWC_E_RECORD_SUITE;
            check(r == want && (r == 0 || memcmp(&info, fill, sizeof info) == 0),
                  "parse: version %u suite %u returned %d (want %d), or wrote on an error", v, id, r, want);
        }
    }
    check(lwc_record_parse(NULL, record, 57) == LWC_E_NULL_POINTER &&
              lwc_record_parse(&info, NULL, 57) == LWC_E_NULL_POINTER,
          "parse: NULL pointers");
    const uint8_t h[LWC_RECORD_HEADER_BYTES] = {0x14, 0xde, 0xad, 0xbe, 0xef, 0x99, 0x12, 0x34, 0x56, 0xab, 0xcd, 0xef};
    memcpy(record, h, sizeof h);
    check(lwc_record_parse(&info, record, 57) == 0 && info.version == 1 && info.suite == 4 &&
              info.node_id == 0xdeadbeefu && info.epoch == 0x99 && info.counter == 0x123456abcdefull &&
              info.payload_len == 37 && memcmp(info.header, h, sizeof h) == 0,
          "parse: the fields of a header are not decoded as the format says");
    /* Keys: every id this build does not have is refused, nothing written. */
    for (unsigned id = 0; id < 300; id++) {
        lwc_record_key k;
        uint8_t key[16] = {0};
        memset(&k, FILL, sizeof k);
        const int r = lwc_record_setkey(&k, id, key);
        check(suite_known(id) ? r == 0 && k.suite == id
                              : r == LWC_E_RECORD_SUITE && all_bytes((const uint8_t *)&k, sizeof k, FILL),
              "setkey: suite %u returned %d", id, r);
    }
    lwc_record_key k;
    lwc_aes128_cmac_key mk;
    uint8_t key[16] = {0};
    master_key(&mk, key);
    check(lwc_record_setkey(NULL, 1, key) == LWC_E_NULL_POINTER && lwc_record_setkey(&k, 1, NULL) == LWC_E_NULL_POINTER &&
              lwc_record_derive_key(NULL, key, 1, 0, 0) == LWC_E_NULL_POINTER &&
              lwc_record_derive_key(&mk, NULL, 1, 0, 0) == LWC_E_NULL_POINTER &&
              lwc_record_derive_key(&mk, key, 0, 0, 0) == LWC_E_RECORD_SUITE &&
              lwc_record_derive_key(&mk, key, 16, 0, 0) == LWC_E_RECORD_SUITE,
          "setkey, derive_key: NULL pointers and unknown suites");
    /* The node key depends on every input: master, suite, node id and epoch. */
    uint8_t a[16], b[16];
    node_key(key, 1, 0x17, 1, a);
    node_key(key, 1, 0x17, 2, b);
    int differ = memcmp(a, b, 16) != 0;
    node_key(key, 1, 0x18, 1, b);
    differ &= memcmp(a, b, 16) != 0;
    node_key(key, 4, 0x17, 1, b);
    differ &= memcmp(a, b, 16) != 0;
    key[15] = 1;
    node_key(key, 1, 0x17, 1, b);
    differ &= memcmp(a, b, 16) != 0;
    check(differ, "derive_key: two nodes, epochs, suites or master keys share a node key");
}

/*
 * Every record change a gateway must refuse, on a record of suite t: each bit flipped (format
 * errors for the version and an unknown suite; else refused by the tag under the key the
 * gateway looks up for the header it parsed, and under the node's own key), every truncation,
 * an extension, the suite changed to each other suite (re-suited), another node id and epoch
 * (re-addressed); payloads released all zero.
 */
static void test_tampering(const test_record_suite *t)
{
    enum { PAYLOAD = 5, LEN = PAYLOAD + LWC_RECORD_OVERHEAD_BYTES };
    uint8_t master[16], key[16], payload[PAYLOAD], record[LEN + 1], work[LEN + 1], out[MAX_PAYLOAD];
    const uint32_t node = 0x00c0ffee;
    rng_fill(master, sizeof master);
    rng_fill(payload, sizeof payload);
    node_key(master, t->id, node, 3, key);
    lwc_sealer s;
    test_record_key sk;
    lwc_record_key own, looked_up;
    lwc_record_info info;
    sealer_at(t, &s, &sk, key, node, 3, 0x000005, 0x000009);
    lwc_seal(&s, record, sizeof record, payload, PAYLOAD);
    lwc_record_setkey(&own, t->id, key);
    check(open_record(&own, record, LEN, &info, out) == 0 && memcmp(out, payload, PAYLOAD) == 0,
          "%s: the untampered record does not open", t->name);
    size_t wrong = 0, released = 0;
    for (size_t bit = 0; bit < 8 * LEN; bit++) {
        memcpy(work, record, LEN);
        work[bit / 8] ^= (uint8_t)(1 << bit % 8);
        const unsigned version = work[0] >> 4, id = work[0] & 15;
        int want = LWC_E_AUTH;
        if (version != LWC_RECORD_VERSION)
            want = LWC_E_RECORD_VERSION;
        else if (!suite_known(id))
            want = LWC_E_RECORD_SUITE;
        memset(out, FILL, sizeof out);
        int r = open_record(&own, work, LEN, &info, out);
        wrong += r != want;
        released += r == LWC_E_AUTH && !all_bytes(out, PAYLOAD, 0) && !all_bytes(out, PAYLOAD, FILL);
        if (want == LWC_E_AUTH) { /* the key the gateway derives for what the header now says */
            uint8_t other[16];
            node_key(master, info.suite, info.node_id, info.epoch, other);
            lwc_record_setkey(&looked_up, info.suite, other);
            memset(out, FILL, sizeof out);
            r = open_record(&looked_up, work, LEN, &info, out);
            wrong += r != LWC_E_AUTH;
            released += !all_bytes(out, PAYLOAD, 0);
        }
    }
    check(wrong == 0 && released == 0, "%s: of %d flipped bits, %zu refused with a wrong code, %zu released bytes",
          t->name, 8 * LEN, wrong, released);
    /* Truncated at every length, and one byte longer. */
    wrong = 0;
    for (size_t len = 0; len < LEN; len++) {
        const int r = open_record(&own, record, len, &info, out);
        wrong += r != (len < LWC_RECORD_OVERHEAD_BYTES ? LWC_E_RECORD_SHORT : LWC_E_AUTH);
    }
    record[LEN] = 0x5a;
    wrong += open_record(&own, record, LEN + 1, &info, out) != LWC_E_AUTH;
    check(wrong == 0, "%s: %zu truncated or extended records not refused with the right code", t->name, wrong);
    /* Re-suited: the suite id changed to each other suite, opened with that suite's key. */
    for (unsigned id = 1; id < 16; id++) {
        if (id == t->id || !suite_known(id))
            continue;
        uint8_t other[16];
        memcpy(work, record, LEN);
        work[0] = (uint8_t)(LWC_RECORD_VERSION << 4 | id);
        node_key(master, id, node, 3, other);
        lwc_record_setkey(&looked_up, id, other);
        memset(out, FILL, sizeof out);
        check(open_record(&looked_up, work, LEN, &info, out) == LWC_E_AUTH && all_bytes(out, PAYLOAD, 0),
              "%s: re-suited as suite %u and accepted", t->name, id);
        check(open_record(&own, work, LEN, &info, out) == LWC_E_AUTH, "%s: re-suited as %u, opened by its own key",
              t->name, id);
    }
    /* Re-addressed to other nodes and epochs, opened with their keys. */
    static const uint32_t nodes[] = {0x00c0ffef, 0x01c0ffee, 0, 0xffffffff};
    for (size_t i = 0; i < sizeof nodes / sizeof nodes[0]; i++) {
        for (unsigned epoch = 2; epoch <= 4; epoch++) {
            uint8_t other[16];
            const uint32_t to = epoch == 3 ? nodes[i] : node;
            memcpy(work, record, LEN);
            for (int b = 0; b < 4; b++)
                work[1 + b] = (uint8_t)(to >> (24 - 8 * b));
            work[5] = (uint8_t)epoch;
            node_key(master, t->id, to, (uint8_t)epoch, other);
            lwc_record_setkey(&looked_up, t->id, other);
            check(open_record(&looked_up, work, LEN, &info, out) == LWC_E_AUTH,
                  "%s: re-addressed to node %08lx epoch %u and accepted", t->name, (unsigned long)to, epoch);
        }
    }
    lwc_wipe(&own, sizeof own);
    lwc_wipe(&looked_up, sizeof looked_up);
    lwc_wipe(&sk, sizeof sk);
}

static void test_open_errors(const test_record_suite *t)
{
    uint8_t key[16], payload[30], record[MAX_RECORD], out[MAX_RECORD];
    const size_t len = sizeof payload + LWC_RECORD_OVERHEAD_BYTES;
    rng_fill(key, sizeof key);
    rng_fill(payload, sizeof payload);
    lwc_sealer s;
    test_record_key sk;
    lwc_record_key k, other;
    lwc_record_info info;
    t->sealer_init(&s, &sk, key, 1, 1, 1);
    lwc_seal(&s, record, sizeof record, payload, sizeof payload);
    lwc_record_setkey(&k, t->id, key);
    lwc_record_parse(&info, record, len);
    static const struct {
        int k_null, payload_null, info_null, record_null;
        size_t cap, len_delta;
        int want;
    } cases[] = {{1, 0, 0, 0, 30, 0, LWC_E_NULL_POINTER}, {0, 1, 0, 0, 30, 0, LWC_E_NULL_POINTER},
                 {0, 0, 1, 0, 30, 0, LWC_E_NULL_POINTER}, {0, 0, 0, 1, 30, 0, LWC_E_NULL_POINTER},
                 {0, 0, 0, 0, 30, 1, LWC_E_BAD_PARAMETER}, {0, 0, 0, 0, 30, (size_t)-1, LWC_E_BAD_PARAMETER},
                 {0, 0, 0, 0, 29, 0, LWC_E_BUFFER_TOO_SMALL}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(out, FILL, sizeof out);
        const int r = lwc_record_open(cases[i].k_null ? NULL : &k, cases[i].payload_null ? NULL : out, cases[i].cap,
                                      cases[i].info_null ? NULL : &info, cases[i].record_null ? NULL : record,
                                      len + cases[i].len_delta);
        check(r == cases[i].want && all_bytes(out, sizeof out, FILL), "%s: open error case %zu returned %d (want %d)"
              " or wrote", t->name, i, r, cases[i].want);
    }
    /* A key of another suite: refused without a look at the tag, nothing written. */
    lwc_record_setkey(&other, t->id == 1 ? 2 : 1, key);
    memset(out, FILL, sizeof out);
    check(lwc_record_open(&other, out, sizeof out, &info, record, len) == LWC_E_AUTH &&
              all_bytes(out, sizeof out, FILL),
          "%s: opened with a key of another suite", t->name);
    /* In place: the payload where the ciphertext was. */
    memcpy(out, record, len);
    check(lwc_record_open(&k, out + LWC_RECORD_HEADER_BYTES, sizeof payload, &info, out, len) == 0 &&
              memcmp(out + LWC_RECORD_HEADER_BYTES, payload, sizeof payload) == 0,
          "%s: opening in place failed", t->name);
    /* The header open uses is the one parse read: a record changed after parse is refused. */
    memcpy(out, record, len);
    out[6] ^= 1;
    check(lwc_record_open(&k, out + 100, sizeof payload, &info, out, len) == 0,
          "%s: open read the header again instead of parse's copy", t->name);
    memcpy(out, record, len);
    lwc_record_parse(&info, out, len);
    info.header[6] ^= 1; /* what a check of the counter would have seen */
    memset(out + 100, FILL, sizeof payload);
    check(lwc_record_open(&k, out + 100, sizeof payload, &info, out, len) == LWC_E_AUTH &&
              all_bytes(out + 100, sizeof payload, 0),
          "%s: open accepted a header other than the one authenticated", t->name);
    /* An empty payload, given as NULL. */
    lwc_seal(&s, record, sizeof record, NULL, 0);
    lwc_record_parse(&info, record, LWC_RECORD_OVERHEAD_BYTES);
    check(lwc_record_open(&k, NULL, 0, &info, record, LWC_RECORD_OVERHEAD_BYTES) == 0,
          "%s: a record with an empty payload does not open", t->name);
    lwc_wipe(&k, sizeof k);
    lwc_wipe(&sk, sizeof sk);
}

/* ---- the replay window --------------------------------------------------------------- */

/* The reference: the counters accepted so far, the rule of RFC 4303 3.4.3 for a window of 64. */
typedef struct {
    uint64_t accepted[4096];
    size_t n;
} ref_window;

static int ref_verdict(const ref_window *w, uint64_t c)
{
    if (!w->n)
        return 0;
    uint64_t highest = 0;
    for (size_t i = 0; i < w->n; i++)
        highest = w->accepted[i] > highest ? w->accepted[i] : highest;
    if (c > highest)
        return 0;
    if (highest - c >= LWC_REPLAY_WINDOW)
        return LWC_E_STALE;
    for (size_t i = 0; i < w->n; i++)
        if (w->accepted[i] == c)
            return LWC_E_REPLAY;
    return 0;
}

static void test_replay_window(void)
{
    static ref_window ref;
    lwc_replay_window w, copy;
    size_t wrong = 0, accepted = 0;
    for (int run = 0; run < 40; run++) {
        lwc_replay_init(&w);
        ref.n = 0;
        uint64_t base = run % 4 == 0 ? 0 : run % 4 == 1 ? (uint64_t)1 << 47 : rng_next() >> 16;
        if (run % 4 == 3)
            base = UINT64_MAX - 2000; /* the top of the 64-bit range */
        for (int i = 0; i < 100; i++) {
            /* Mostly forward with reordering, some resends, some old ones, some jumps. */
            const uint32_t kind = rng_below(10);
            uint64_t c = base + rng_below(80);
            if (kind == 0)
                c = base > 200 ? base - rng_below(200) : 0;
            else if (kind == 1 && ref.n)
                c = ref.accepted[rng_below((uint32_t)ref.n)];
            else if (kind == 2 && base < UINT64_MAX - 5000)
                base += rng_below(kind == 2 && rng_below(2) ? 4000 : 64);
            else if (kind == 3)
                base += 1;
            const int want = ref_verdict(&ref, c);
            memcpy(&copy, &w, sizeof w);
            const int checked = lwc_replay_check(&w, c);
            wrong += checked != want || memcmp(&copy, &w, sizeof w) != 0; /* check changes nothing */
            if (rng_below(5) == 0)
                continue; /* checked but not verified: the window must not move */
            const int updated = lwc_replay_update(&w, c);
            wrong += updated != want;
            if (want == 0 && ref.n < sizeof ref.accepted / sizeof ref.accepted[0]) {
                ref.accepted[ref.n++] = c;
                accepted++;
            }
            wrong += want != 0 && memcmp(&copy, &w, sizeof w) != 0; /* a refused update changes nothing */
        }
    }
    check(wrong == 0 && accepted > 1000, "replay window: %zu verdicts differ from RFC 4303's rule (%zu accepted)",
          wrong, accepted);
    /* The edges: the first counter (any, 0 too), exactly 63 and 64 below the highest, a jump of
     * 64 and more forgets the old bits, the largest counters. */
    lwc_replay_init(&w);
    int ok = lwc_replay_update(&w, 0) == 0 && lwc_replay_check(&w, 0) == LWC_E_REPLAY;
    ok &= lwc_replay_update(&w, 100) == 0 && lwc_replay_check(&w, 37) == 0 && lwc_replay_check(&w, 36) == LWC_E_STALE;
    ok &= lwc_replay_update(&w, 37) == 0 && lwc_replay_update(&w, 37) == LWC_E_REPLAY;
    ok &= lwc_replay_update(&w, 164) == 0 && lwc_replay_check(&w, 100) == LWC_E_STALE &&
          lwc_replay_check(&w, 101) == 0;
    ok &= lwc_replay_update(&w, 1000) == 0 && lwc_replay_check(&w, 1000 - 63) == 0 &&
          lwc_replay_check(&w, 164) == LWC_E_STALE;
    ok &= lwc_replay_update(&w, UINT64_MAX) == 0 && lwc_replay_check(&w, UINT64_MAX) == LWC_E_REPLAY &&
          lwc_replay_check(&w, UINT64_MAX - 63) == 0 && lwc_replay_check(&w, 1000) == LWC_E_STALE;
    ok &= lwc_replay_check(NULL, 1) == LWC_E_NULL_POINTER && lwc_replay_update(NULL, 1) == LWC_E_NULL_POINTER;
    memset(&w, 0, sizeof w);
    ok &= lwc_replay_check(&w, 12345) == 0; /* zero bytes are an empty window */
    check(ok, "replay window: the edges of the window");
}

/*
 * A gateway's whole flow for one node of suite t: check, open, update. Three boots of 120
 * records each, delivered reordered (each at most 40 places late), with every tenth record
 * sent twice, forgeries with fresh counters (which must not move the window) and a resend of
 * the first boot's records after the third: each genuine record accepted exactly once, the
 * others refused as replay, stale or forged. Then the node's EEPROM is reset (boot counter 0
 * again): all refused; re-keyed with epoch 2: accepted on a new window.
 */
typedef struct {
    lwc_record_key key;
    lwc_replay_window window;
    uint8_t epoch;
} gateway_node;

static int gateway_receive(gateway_node *g, const uint8_t *record, size_t len, uint8_t *payload)
{
    lwc_record_info info;
    int r = lwc_record_parse(&info, record, len);
    if (r)
        return r;
    if (info.epoch != g->epoch || info.suite != g->key.suite)
        return LWC_E_AUTH; /* no key for it (the lookup's miss) */
    r = lwc_replay_check(&g->window, info.counter);
    r = r ? r : lwc_record_open(&g->key, payload, MAX_PAYLOAD, &info, record, len);
    return r ? r : lwc_replay_update(&g->window, info.counter);
}

static void test_gateway_flow(const test_record_suite *t)
{
    enum { PER_BOOT = 120, BOOTS = 3, TOTAL = PER_BOOT * BOOTS, LEN = 4 + LWC_RECORD_OVERHEAD_BYTES };
    static uint8_t records[TOTAL][LEN];
    uint8_t master[16], key[16], payload[MAX_PAYLOAD];
    const uint32_t node = 0x4e4f4445;
    size_t order[TOTAL];
    rng_fill(master, sizeof master);
    node_key(master, t->id, node, 1, key);
    lwc_sealer s;
    test_record_key sk;
    for (uint32_t boot = 0; boot < BOOTS; boot++) {
        t->sealer_init(&s, &sk, key, node, 1, boot);
        for (int i = 0; i < PER_BOOT; i++) {
            const uint8_t reading[4] = {(uint8_t)boot, (uint8_t)i, 0x42, 0x43};
            lwc_seal(&s, records[boot * PER_BOOT + (uint32_t)i], LEN, reading, sizeof reading);
        }
    }
    /* The delivery order: within each boot, by index + a delay of 0..40 places (records of
     * two boots are apart in time, a reboot between them). */
    static uint32_t due[TOTAL];
    for (size_t i = 0; i < TOTAL; i++) {
        due[i] = (uint32_t)(i + rng_below(41));
        order[i] = i;
    }
    for (size_t i = 1; i < TOTAL; i++) { /* insertion sort by (boot, due), stable */
        const size_t r = order[i];
        size_t j = i;
        for (; j > 0 && order[j - 1] / PER_BOOT == r / PER_BOOT && due[order[j - 1]] > due[r]; j--)
            order[j] = order[j - 1];
        order[j] = r;
    }
    gateway_node g = {.epoch = 1};
    lwc_record_setkey(&g.key, t->id, key);
    lwc_replay_init(&g.window);
    static int times[TOTAL];
    memset(times, 0, sizeof times);
    size_t wrong = 0;
    for (size_t i = 0; i < TOTAL; i++) {
        const size_t r = order[i];
        const int got = gateway_receive(&g, records[r], LEN, payload);
        times[r] += got == 0;
        wrong += got == 0 && (payload[0] != (uint8_t)(r / PER_BOOT) || payload[1] != (uint8_t)(r % PER_BOOT));
        if (i % 10 == 0) /* resent at once */
            wrong += gateway_receive(&g, records[r], LEN, payload) != LWC_E_REPLAY;
        if (i % 17 == 0) { /* a forgery far ahead: refused, and the window stays */
            uint8_t forged[LEN];
            memcpy(forged, records[r], LEN);
            forged[6] = 0x7f;
            wrong += gateway_receive(&g, forged, LEN, payload) != LWC_E_AUTH;
        }
    }
    size_t once = 0;
    for (size_t r = 0; r < TOTAL; r++)
        once += times[r] == 1;
    check(once == TOTAL && wrong == 0, "%s gateway: %zu of %d records accepted exactly once, %zu wrong verdicts",
          t->name, once, TOTAL, wrong);
    /* The first boot's records again: older than the window. */
    wrong = 0;
    for (size_t r = 0; r < PER_BOOT; r++)
        wrong += gateway_receive(&g, records[r], LEN, payload) != LWC_E_STALE;
    check(wrong == 0, "%s gateway: %zu resent records of an old boot not refused as stale", t->name, wrong);
    /* EEPROM reset: the node counts from boot 0 again under the same key. Its records repeat
     * counters already used (on the air too: a reused nonce): every one refused. */
    t->sealer_init(&s, &sk, key, node, 1, 0);
    wrong = 0;
    for (int i = 0; i < 2 * PER_BOOT; i++) {
        uint8_t record[LEN];
        const uint8_t reading[4] = {9, 9, 9, 9};
        lwc_seal(&s, record, LEN, reading, sizeof reading);
        const int got = gateway_receive(&g, record, LEN, payload);
        wrong += got != LWC_E_STALE;
    }
    check(wrong == 0, "%s gateway: %zu records of a node whose EEPROM was reset accepted", t->name, wrong);
    /* Re-keyed: epoch 2, its key from the master key, a new window; boot counter 0 is fine. */
    uint8_t key2[16], record[LEN];
    node_key(master, t->id, node, 2, key2);
    gateway_node g2 = {.epoch = 2};
    lwc_record_setkey(&g2.key, t->id, key2);
    lwc_replay_init(&g2.window);
    t->sealer_init(&s, &sk, key2, node, 2, 0);
    wrong = 0;
    for (int i = 0; i < 10; i++) {
        const uint8_t reading[4] = {2, (uint8_t)i, 0, 0};
        lwc_seal(&s, record, LEN, reading, sizeof reading);
        wrong += gateway_receive(&g2, record, LEN, payload) != 0 || payload[1] != (uint8_t)i;
        wrong += gateway_receive(&g, record, LEN, payload) == 0; /* not under the old epoch */
    }
    check(wrong == 0, "%s gateway: the node re-keyed with epoch 2 is not accepted (%zu)", t->name, wrong);
    lwc_wipe(&g, sizeof g);
    lwc_wipe(&g2, sizeof g2);
    lwc_wipe(&sk, sizeof sk);
}

int main(void)
{
    const uint64_t seed = rng_seed_from_env(0x5ea1ed);
    printf("lwc KDF and sealed records host tests, seed 0x%llx\n", (unsigned long long)seed);
    check(test_kdf_count == test_mode_cipher_count, "a KDF per cipher");
    test_vector_file(test_vectors_dir());
    for (unsigned i = 0; i < test_mode_cipher_count; i++)
        test_kdf(&test_mode_ciphers[i]);
    test_parse();
    test_replay_window();
    for (unsigned i = 0; i < test_record_suite_count; i++) {
        const test_record_suite *t = &test_record_suites[i];
        test_sealer(t);
        test_tampering(t);
        test_open_errors(t);
        test_gateway_flow(t);
        printf("%s: sealer, opener, tampering and gateway flow checked\n", t->name);
    }
    return check_summary();
}
