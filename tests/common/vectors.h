/* Known-answer vectors: embedded tables and the line format of tests/vectors/. */
#ifndef LWC_TEST_VECTORS_H
#define LWC_TEST_VECTORS_H

#include "backend.h"

/*
 * One vector as hex strings. mode: "ecb" (pt may span several blocks), "cbc", "ctr"
 * (iv = first counter block), or "spec" (ECB with key/pt/ct printed last byte first, as
 * the HIGHT specification prints them). expect_match 0 marks a vector that must NOT be
 * reproduced (e.g. the original, unrevised CHAM).
 */
typedef struct {
    const char *cipher;
    const char *mode;
    const char *key, *iv, *pt, *ct;
    int expect_match;
} hex_vector;

/* Which vectors vector_run runs; the others are skipped without a check (default: all). */
typedef int (*vector_filter_fn)(const test_cipher *c, const char *mode);
void vector_set_filter(vector_filter_fn accept);

/* Decodes hex (spaces allowed between digit pairs); returns bytes written or -1. */
int hex_decode(uint8_t *out, size_t max, const char *hex);

/* Whether a line of a vector file holds a vector: neither a comment (#) nor blank. */
int vector_line_is_data(const char *line);

/* Calls each(ctx, line, where) for every line of the file at path that holds a vector, where
 * naming it ("path:line"); returns how many there are, or -1 if the file cannot be read. */
typedef void (*vector_line_fn)(void *ctx, char *line, const char *where);
long vector_file_lines(const char *path, vector_line_fn each, void *ctx);

/* Runs one vector in both directions on b; records checks; returns 1 if all matched
 * (-1 if the filter skipped it). */
int vector_run(const test_backend *b, const hex_vector *v, const char *where);

/*
 * Runs every vector line of a vector file (family: "present", "lea", "hight" or "cham";
 * the variant is chosen by key and block length). Returns the number of vector lines
 * read, or -1 if the file cannot be read; *ran = those run (the filter's skips excluded).
 */
long vector_file_run(const test_backend *b, const char *path, const char *family, int expect_match,
                     long *ran);

/* The folder of the vector sets: $LWC_VECTORS, else tests/vectors (the suites run from the
 * checkout's root). */
const char *test_vectors_dir(void);

/* Records the check that the vector set at path was read (read >= 0) with its expected
 * number of vectors; returns 1 if so. */
int vector_set_read(const char *path, long read, long expected);

/* Runs the vector files of dir (family sets, CHAM revised and original); each must be
 * there, complete: a missing or short file is a failure. */
void vector_files_run_all(const test_backend *b, const char *dir);

#endif
