/* JSON (RFC 8259) read into a tree (json.h): recursive descent over the whole file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

#define MAX_DEPTH 32

typedef struct {
    const char *p, *end;
    const char *error; /* the first error, NULL while there is none */
} cursor;

static void skip_space(cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
        c->p++;
}

static int fail(cursor *c, const char *what)
{
    if (!c->error)
        c->error = what;
    return -1;
}

static int hex4(cursor *c, unsigned *v)
{
    *v = 0;
    for (int i = 0; i < 4; i++, c->p++) {
        if (c->p == c->end)
            return fail(c, "a \\u escape ends early");
        const char h = *c->p;
        const unsigned d = h >= '0' && h <= '9' ? (unsigned)(h - '0')
                           : h >= 'a' && h <= 'f' ? (unsigned)(h - 'a' + 10)
                           : h >= 'A' && h <= 'F' ? (unsigned)(h - 'A' + 10)
                                                  : 16u;
        if (d == 16)
            return fail(c, "a \\u escape is not hex");
        *v = *v << 4 | d;
    }
    return 0;
}

/* Code point cp as UTF-8 at out; returns the bytes written. */
static size_t utf8(char *out, unsigned cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | cp >> 12);
        out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | cp >> 18);
    out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

/* A string at c->p (its opening quote), unescaped into a new buffer at *out. */
static int parse_string(cursor *c, char **out)
{
    static const char plain[] = "\"\\/bfnrt", meant[] = "\"\\/\b\f\n\r\t";
    c->p++;
    /* Unescaped, a string is never longer than its source. */
    const char *close = c->p;
    while (close < c->end && *close != '"')
        close += *close == '\\' && close + 1 < c->end ? 2 : 1;
    if (close >= c->end)
        return fail(c, "a string is not closed");
    char *s = malloc((size_t)(close - c->p) + 1), *w = s;
    if (!s)
        return fail(c, "out of memory");
    while (c->p < close) {
        const char ch = *c->p++;
        if ((unsigned char)ch < 0x20) {
            free(s);
            return fail(c, "a control character in a string");
        }
        if (ch != '\\') {
            *w++ = ch;
            continue;
        }
        const char *known = strchr(plain, *c->p);
        if (*c->p && known) {
            *w++ = meant[known - plain];
            c->p++;
            continue;
        }
        unsigned cp, low;
        if (*c->p++ != 'u' || hex4(c, &cp)) {
            free(s);
            return fail(c, "a bad escape in a string");
        }
        if (cp >= 0xd800 && cp < 0xdc00) { /* a surrogate pair */
            if (c->end - c->p < 6 || c->p[0] != '\\' || c->p[1] != 'u' || (c->p += 2, hex4(c, &low)) ||
                low < 0xdc00 || low >= 0xe000) {
                free(s);
                return fail(c, "a lone surrogate in a string");
            }
            cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        }
        w += utf8(w, cp);
    }
    *w = 0;
    c->p = close + 1;
    *out = s;
    return 0;
}

static int parse_value(cursor *c, json_value *v, int depth);

/* An array's items or an object's members, after the opening bracket, to the closing one. */
static int parse_items(cursor *c, json_value *v, int depth, char closing)
{
    size_t room = 0;
    skip_space(c);
    if (c->p < c->end && *c->p == closing) {
        c->p++;
        return 0;
    }
    for (;;) {
        if (v->count == room) {
            room = room ? 2 * room : 8;
            json_value *grown = realloc(v->items, room * sizeof *grown);
            if (!grown)
                return fail(c, "out of memory");
            v->items = grown;
        }
        json_value *item = &v->items[v->count];
        memset(item, 0, sizeof *item);
        v->count++;
        skip_space(c);
        if (closing == '}') {
            if (c->p == c->end || *c->p != '"' || parse_string(c, &item->key))
                return fail(c, "an object member has no key");
            skip_space(c);
            if (c->p == c->end || *c->p++ != ':')
                return fail(c, "no colon after an object key");
        }
        if (parse_value(c, item, depth + 1))
            return -1;
        skip_space(c);
        if (c->p == c->end)
            return fail(c, "an array or object is not closed");
        const char next = *c->p++;
        if (next == closing)
            return 0;
        if (next != ',')
            return fail(c, "no comma between items");
    }
}

static int parse_value(cursor *c, json_value *v, int depth)
{
    static const struct {
        const char *word;
        json_type type;
    } words[] = {{"null", JSON_NULL}, {"false", JSON_FALSE}, {"true", JSON_TRUE}};
    if (depth > MAX_DEPTH)
        return fail(c, "nested too deep");
    skip_space(c);
    if (c->p == c->end)
        return fail(c, "a value is missing");
    if (*c->p == '"') {
        v->type = JSON_STRING;
        return parse_string(c, &v->string);
    }
    if (*c->p == '[' || *c->p == '{') {
        v->type = *c->p == '[' ? JSON_ARRAY : JSON_OBJECT;
        c->p++;
        return parse_items(c, v, depth, v->type == JSON_ARRAY ? ']' : '}');
    }
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        const size_t n = strlen(words[i].word);
        if ((size_t)(c->end - c->p) >= n && memcmp(c->p, words[i].word, n) == 0) {
            v->type = words[i].type;
            c->p += n;
            return 0;
        }
    }
    /* A number: strtod reads a superset of JSON's; the file is NUL-terminated. */
    char *after;
    v->type = JSON_NUMBER;
    v->number = strtod(c->p, &after);
    if (after == c->p || (*c->p != '-' && (*c->p < '0' || *c->p > '9')))
        return fail(c, "not a value");
    c->p = after;
    return 0;
}

json_value *json_read_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        fprintf(stderr, "%s: cannot be read\n", path);
        return NULL;
    }
    char *text = NULL;
    size_t len = 0, room = 0, n;
    do {
        if (len == room) {
            room = room ? 2 * room : 65536;
            char *grown = realloc(text, room + 1);
            if (!grown)
                break;
            text = grown;
        }
        n = fread(text + len, 1, room - len, fp);
        len += n;
    } while (n > 0);
    fclose(fp);
    json_value *root = calloc(1, sizeof *root);
    cursor c = {text, text + len, text && root ? NULL : "out of memory"};
    if (!c.error) {
        text[len] = 0;
        if (parse_value(&c, root, 0) == 0) {
            skip_space(&c);
            if (c.p != c.end)
                fail(&c, "text after the value");
        }
    }
    if (c.error) {
        fprintf(stderr, "%s: not JSON (%s, at byte %ld)\n", path, c.error, text ? (long)(c.p - text) : 0L);
        json_free(root);
        root = NULL;
    }
    free(text);
    return root;
}

static void free_items(json_value *v)
{
    for (size_t i = 0; i < v->count; i++)
        free_items(&v->items[i]);
    free(v->items);
    free(v->string);
    free(v->key);
}

void json_free(json_value *v)
{
    if (v)
        free_items(v);
    free(v);
}

const json_value *json_member(const json_value *v, const char *key)
{
    if (!v || v->type != JSON_OBJECT)
        return NULL;
    for (size_t i = 0; i < v->count; i++)
        if (strcmp(v->items[i].key, key) == 0)
            return &v->items[i];
    return NULL;
}

const char *json_string(const json_value *v, const char *key)
{
    const json_value *m = json_member(v, key);
    return m && m->type == JSON_STRING ? m->string : NULL;
}

double json_number(const json_value *v, const char *key, double fallback)
{
    const json_value *m = json_member(v, key);
    return m && m->type == JSON_NUMBER ? m->number : fallback;
}
