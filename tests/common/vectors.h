/* Known-answer vectors: embedded tables and the line format of ../shared/vectors/. */
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

/* Runs one vector in both directions on b; records checks; returns 1 if all matched
 * (-1 if the filter skipped it). */
int vector_run(const test_backend *b, const hex_vector *v, const char *where);

/*
 * Runs every vector line of a shared vector file (family: "present", "lea", "hight" or
 * "cham"; the variant is chosen by key and block length). Returns the number of vectors
 * run (skipped ones excluded), or -1 if the file cannot be read.
 */
long vector_file_run(const test_backend *b, const char *path, const char *family, int expect_match);

/* The folder of the shared vector sets: $LWC_VECTORS, else ../shared/vectors. */
const char *shared_vectors_dir(void);

/* Runs the shared vector files found in dir (family sets, CHAM revised and original). */
void vector_files_run_all(const test_backend *b, const char *dir);

#endif
