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
    void (*ctr_setiv)(void *ctx, const uint8_t *iv);
    void (*ctr_crypt)(void *ctx, uint8_t *out, const uint8_t *in, size_t len);
} test_cipher;

/* Adapters with exactly the table's signatures (calling through a cast pointer is UB),
 * and the table row that points at them. */
#define TEST_CIPHER_ADAPTERS(X, BLOCK, KEY)                                                          \
    static void X##_setkey(void *ks, const uint8_t *key)                              \
    {                                                                                 \
        lwc_##X##_setkey((lwc_##X##_key *)ks, key);                                   \
    }                                                                                 \
    static void X##_encrypt(const void *ks, uint8_t *out, const uint8_t *in)          \
    {                                                                                 \
        lwc_##X##_encrypt((const lwc_##X##_key *)ks, out, in);                        \
    }                                                                                 \
    static void X##_decrypt(const void *ks, uint8_t *out, const uint8_t *in)          \
    {                                                                                 \
        lwc_##X##_decrypt((const lwc_##X##_key *)ks, out, in);                        \
    }                                                                                 \
    static void X##_ctr_init(void *ctx, const uint8_t *key, const uint8_t *iv)        \
    {                                                                                 \
        lwc_##X##_ctr_init((lwc_##X##_ctr *)ctx, key, iv);                            \
    }                                                                                 \
    static void X##_ctr_setiv(void *ctx, const uint8_t *iv)                           \
    {                                                                                 \
        lwc_##X##_ctr_setiv((lwc_##X##_ctr *)ctx, iv);                                \
    }                                                                                 \
    static void X##_ctr_crypt(void *ctx, uint8_t *out, const uint8_t *in, size_t len) \
    {                                                                                 \
        lwc_##X##_ctr_crypt((lwc_##X##_ctr *)ctx, out, in, len);                      \
    }
#define TEST_CIPHER_ROW(X, BLOCK, KEY)                                                            \
    {#X, BLOCK, KEY, sizeof(lwc_##X##_key), sizeof(lwc_##X##_ctr), X##_setkey,        \
     X##_encrypt, X##_decrypt, X##_ctr_init, X##_ctr_setiv, X##_ctr_crypt},

extern const test_cipher test_ciphers[];
extern const unsigned test_cipher_count;

/* Largest key schedule / CTR context / block / key among the table's ciphers. */
#define TEST_MAX_KEY_SCHEDULE sizeof(lwc_lea256_key)
#define TEST_MAX_CTR_CONTEXT sizeof(lwc_lea256_ctr)
#define TEST_MAX_BLOCK 16
#define TEST_MAX_KEY 32

/* Room for any key schedule or CTR context of the table, aligned for its words. */
typedef struct {
    uint32_t ks[TEST_MAX_KEY_SCHEDULE / 4 + 1];
    uint32_t ctx[TEST_MAX_CTR_CONTEXT / 4 + 1];
} test_scratch;

const test_cipher *test_cipher_find(const char *name);

#endif
