/* The authenticated modes of every cipher (lwc/modes.h) behind uniform entry points, in the
 * order of test_ciphers (cipher_table.h), for tests and firmware. */
#ifndef LWC_TEST_MODE_TABLE_H
#define LWC_TEST_MODE_TABLE_H

#include "cipher_table.h"

/* An AEAD mode of one cipher; setkey is NULL where the cipher does not have the mode. */
typedef struct {
    uint16_t key_size; /* sizeof its key */
    void (*setkey)(void *k, const uint8_t *key);
    int (*encrypt)(const void *k, uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *nonce,
                   size_t nonce_len, const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
    int (*decrypt)(const void *k, uint8_t *out, const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
                   size_t nonce_len, const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len);
} test_aead;

enum { TEST_EAX, TEST_CCM, TEST_AEAD_MODES };

/* The rows have the CMAC verify calls but on AVR, whose test firmware has no room for them
 * (the ATtiny85's is full): the simulated MCUs compute the tag, and the host compares. */
#ifdef __AVR__
#define TEST_MODE_VERIFY 0
#else
#define TEST_MODE_VERIFY 1
#endif
extern const char *const test_aead_names[TEST_AEAD_MODES];

typedef struct {
    const char *name; /* the cipher id */
    uint8_t block_bytes;
    uint8_t key_bytes;
    uint16_t cmac_key_size, cmac_state_size;
    void (*cmac_setkey)(void *k, const uint8_t *key);
    int (*cmac)(const void *k, uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len);
    void (*cmac_init)(void *st, const void *k);
    void (*cmac_update)(void *st, const uint8_t *in, size_t len);
    int (*cmac_final)(void *st, uint8_t *tag, size_t tag_len);
#if TEST_MODE_VERIFY
    int (*cmac_verify)(const void *k, const uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len);
    int (*cmac_final_verify)(void *st, const uint8_t *tag, size_t tag_len);
#endif
    test_aead aead[TEST_AEAD_MODES];
    uint8_t index; /* the cipher index (cipher_table.h) */
} test_mode_cipher;

/* The rows this build serves (served.h), in the order of test_ciphers. On AVR the table is
 * in flash (it would take a tenth of the test firmware's RAM): read a row with
 * test_mode_cipher_row. */
#ifdef __AVR__
#include <avr/pgmspace.h>
#define TEST_MODE_ROM PROGMEM
#else
#define TEST_MODE_ROM
#endif
extern const test_mode_cipher test_mode_ciphers[] TEST_MODE_ROM;
extern const unsigned test_mode_cipher_count;

/* A copy of the served row of cipher index `index` (on AVR from flash); 0, or -1 if none. */
int test_mode_cipher_row(unsigned index, test_mode_cipher *row);

/* The row of cipher name, or NULL (not on AVR). */
const test_mode_cipher *test_mode_cipher_find(const char *name);

/* The ciphers with CCM (128-bit blocks), as LWC_TEST_CIPHERS lists them. */
#define TEST_CCM_CIPHERS(M) M(lea128) M(lea192) M(lea256) M(cham128_128) M(cham128_256) M(aes128)

/* Room for any mode key of the served ciphers, aligned for its words. */
#define TEST_MODE_KEY_MEMBERS(X, BLOCK, KEY) TEST_IF_SERVED(X, lwc_##X##_cmac_key X##_cmac; lwc_##X##_eax_key X##_eax;)
#define TEST_CCM_KEY_MEMBER(X) TEST_IF_SERVED(X, lwc_##X##_ccm_key X##_ccm;)
typedef union {
    uint32_t align;
    LWC_TEST_CIPHERS(TEST_MODE_KEY_MEMBERS)
    TEST_CCM_CIPHERS(TEST_CCM_KEY_MEMBER)
} test_mode_key;

/* Room for any CMAC state of the table. */
typedef union {
    void *align;
    lwc_aes128_cmac_state largest;
} test_cmac_state;

/* CCM's tag lengths, and the nonce lengths it allows. */
#define TEST_CCM_TAG_OK(n) ((n) >= 4 && (n) <= 16 && (n) % 2 == 0)
#define TEST_CCM_NONCE_OK(n) ((n) >= 7 && (n) <= 13)

#endif
