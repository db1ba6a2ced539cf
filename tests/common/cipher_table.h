/* One table of every cipher id, with uniform entry points, for tests and firmware. */
#ifndef LWC_TEST_CIPHER_TABLE_H
#define LWC_TEST_CIPHER_TABLE_H

#include "lwc.h"

typedef struct {
    const char *name;
    uint8_t block_bytes;
    uint8_t key_bytes;
    uint16_t key_size; /* sizeof the key schedule */
    uint16_t ctr_size; /* sizeof the CTR context */
    void (*setkey)(void *ks, const uint8_t *key);
    void (*encrypt)(const void *ks, uint8_t *out, const uint8_t *in);
    void (*decrypt)(const void *ks, uint8_t *out, const uint8_t *in);
    void (*ctr_init)(void *ctx, const uint8_t *key, const uint8_t *iv);
    void (*ctr_crypt)(void *ctx, uint8_t *out, const uint8_t *in, size_t len);
} test_cipher;

extern const test_cipher test_ciphers[];
extern const unsigned test_cipher_count;

/* Largest key schedule / CTR context / block / key among the table's ciphers. */
#define TEST_MAX_KEY_SCHEDULE sizeof(lwc_lea256_key)
#define TEST_MAX_CTR_CONTEXT sizeof(lwc_lea256_ctr)
#define TEST_MAX_BLOCK 16
#define TEST_MAX_KEY 32

const test_cipher *test_cipher_find(const char *name);

#endif
