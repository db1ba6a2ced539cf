/* The authenticated modes of every cipher (lwc/modes.h) behind uniform entry points, in the
 * order of test_ciphers (cipher_table.h), for tests and firmware. */
#ifndef LWC_TEST_MODE_TABLE_H
#define LWC_TEST_MODE_TABLE_H

#include "lwc.h"

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
    test_aead aead[TEST_AEAD_MODES];
} test_mode_cipher;

/* On AVR the table is in flash (it would take a tenth of the test firmware's RAM): read a
 * row there with test_mode_cipher_row. */
#ifdef __AVR__
#include <avr/pgmspace.h>
#define TEST_MODE_ROM PROGMEM
#else
#define TEST_MODE_ROM
#endif
extern const test_mode_cipher test_mode_ciphers[] TEST_MODE_ROM;
extern const unsigned test_mode_cipher_count;

/* A copy of row index (on AVR from flash). */
void test_mode_cipher_row(unsigned index, test_mode_cipher *row);

/* The row of cipher name, or NULL (not on AVR). */
const test_mode_cipher *test_mode_cipher_find(const char *name);

/* Room for any mode key or CMAC state of the table, aligned for its words. */
#define TEST_MAX_MODE_KEY sizeof(lwc_lea256_eax_key)
typedef union {
    uint32_t words[TEST_MAX_MODE_KEY / 4 + 1];
    lwc_lea256_eax_key largest;
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
