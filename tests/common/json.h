/* A small JSON reader for the vector files that come as JSON (Project Wycheproof): a whole
 * file parsed into a tree of values. Host programs only. */
#ifndef LWC_TEST_JSON_H
#define LWC_TEST_JSON_H

#include <stddef.h>

typedef enum { JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

/* A value: an array's or object's items (an object's with their keys), a string unescaped
 * (\uXXXX as UTF-8), a number as a double. */
typedef struct json_value {
    json_type type;
    double number;
    char *string; /* JSON_STRING, and the key of an object member */
    char *key;
    struct json_value *items;
    size_t count;
} json_value;

/* The file at path parsed, or NULL (with a message on stderr) if it cannot be read or is not
 * JSON. Free with json_free. */
json_value *json_read_file(const char *path);
void json_free(json_value *v);

/* Object member key, or NULL (also when v is not an object). */
const json_value *json_member(const json_value *v, const char *key);
/* Member key's string, or NULL when missing or not a string. */
const char *json_string(const json_value *v, const char *key);
/* Member key's number, or fallback when missing or not a number. */
double json_number(const json_value *v, const char *key, double fallback);

#endif
