/* One table of every cipher id, with uniform entry points, for tests and firmware. */
#ifndef LWC_TEST_CIPHER_TABLE_H
#define LWC_TEST_CIPHER_TABLE_H

#include "lwc.h"
#include "served.h"

/* Every cipher id, M(id, block bytes, key bytes), in the order of test_ciphers[] on the
 * host: the positions are the cipher indices of tests/target/protocol.h. */
#define LWC_TEST_CIPHERS(M)                                                           \
    M(present80, LWC_PRESENT80_BLOCK_BYTES, LWC_PRESENT80_KEY_BYTES)                  \
    M(present128, LWC_PRESENT128_BLOCK_BYTES, LWC_PRESENT128_KEY_BYTES)               \
    M(lea128, LWC_LEA128_BLOCK_BYTES, LWC_LEA128_KEY_BYTES)                           \
    M(lea192, LWC_LEA192_BLOCK_BYTES, LWC_LEA192_KEY_BYTES)                           \
    M(lea256, LWC_LEA256_BLOCK_BYTES, LWC_LEA256_KEY_BYTES)                           \
    M(hight, LWC_HIGHT_BLOCK_BYTES, LWC_HIGHT_KEY_BYTES)                              \
    M(cham64_128, LWC_CHAM64_128_BLOCK_BYTES, LWC_CHAM64_128_KEY_BYTES)               \
    M(cham128_128, LWC_CHAM128_128_BLOCK_BYTES, LWC_CHAM128_128_KEY_BYTES)            \
    M(cham128_256, LWC_CHAM128_256_BLOCK_BYTES, LWC_CHAM128_256_KEY_BYTES)            \
    M(aes128, LWC_AES128_BLOCK_BYTES, LWC_AES128_KEY_BYTES)
#define TEST_CIPHER_INDEX(X, BLOCK, KEY) test_index_##X,
enum { LWC_TEST_CIPHERS(TEST_CIPHER_INDEX) TEST_CIPHER_IDS };

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
    uint8_t index; /* the cipher index (position in the host's table) */
} test_cipher;

/* Adapters with exactly the table's signatures (calling through a cast pointer is UB),
 * and the table row that points at them. */
/* A firmware that serves the authenticated modes alone (-DTEST_MODES_ONLY, mk/firmware.mk
 * split_modes) keeps the rows' sizes and no function of theirs, so that it links none. */
#ifdef TEST_MODES_ONLY
#define TEST_CIPHER_ADAPTERS(X, BLOCK, KEY)
#define TEST_CIPHER_ROW(X, BLOCK, KEY) \
    {#X, BLOCK, KEY, sizeof(lwc_##X##_key), sizeof(lwc_##X##_ctr), NULL, NULL, NULL, NULL, NULL, NULL, test_index_##X},
#else
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
     X##_encrypt, X##_decrypt, X##_ctr_init, X##_ctr_setiv, X##_ctr_crypt, test_index_##X},
#endif

/* The rows this build serves (served.h): all of them on the host. */
extern const test_cipher test_ciphers[];
extern const unsigned test_cipher_count;

/* Largest key schedule / CTR context among the served ciphers; largest block / key. */
#define TEST_KEY_MEMBER(X, BLOCK, KEY) TEST_IF_SERVED(X, lwc_##X##_key X;)
#define TEST_CTR_MEMBER(X, BLOCK, KEY) TEST_IF_SERVED(X, lwc_##X##_ctr X;)
typedef union { LWC_TEST_CIPHERS(TEST_KEY_MEMBER) } test_any_key;
typedef union { LWC_TEST_CIPHERS(TEST_CTR_MEMBER) } test_any_ctr;
#define TEST_MAX_KEY_SCHEDULE sizeof(test_any_key)
#define TEST_MAX_CTR_CONTEXT sizeof(test_any_ctr)
#define TEST_MAX_BLOCK 16
#define TEST_MAX_KEY 32
/* The longest key of the served ciphers (a small MCU's firmware holds one on its stack). */
#define TEST_KEY_BYTES_MEMBER(X, BLOCK, KEY) TEST_IF_SERVED(X, uint8_t X[KEY];)
typedef union { LWC_TEST_CIPHERS(TEST_KEY_BYTES_MEMBER) } test_any_key_bytes;
#define TEST_SERVED_MAX_KEY sizeof(test_any_key_bytes)

/* Room for any key schedule or CTR context of the table, aligned for its words. */
typedef struct {
    uint32_t ks[TEST_MAX_KEY_SCHEDULE / 4 + 1];
    uint32_t ctx[TEST_MAX_CTR_CONTEXT / 4 + 1];
} test_scratch;

const test_cipher *test_cipher_find(const char *name);
/* The served row of cipher index `index`, or NULL. Inline, and the position itself when every
 * row is served: the call sites of the measured calls compile as with a plain index. */
static inline const test_cipher *test_cipher_at(unsigned index)
{
#ifdef TEST_SUBSET
    for (unsigned i = 0; i < test_cipher_count; i++)
        if (test_ciphers[i].index == index)
            return &test_ciphers[i];
    return NULL;
#else
    return index < test_cipher_count ? &test_ciphers[index] : NULL;
#endif
}

#endif
