/* The suites of the sealed records (lwc/records.h) behind uniform entry points, for tests and
 * firmware; a firmware serves the suites of its ciphers (served.h). */
#ifndef LWC_TEST_RECORD_TABLE_H
#define LWC_TEST_RECORD_TABLE_H

#include "mode_table.h"

/* Every suite, S(id, cipher, mode, served): the suite's AEAD is lwc_<cipher>_<mode>_*; served is
 * the id of served.h that brings it into a firmware (Ascon-AEAD128's: ascon_aead). */
#define TEST_RECORD_SUITES(S)                                 \
    S(LWC_SUITE_EAX_LEA128, lea128, eax, lea128)              \
    S(LWC_SUITE_EAX_HIGHT, hight, eax, hight)                 \
    S(LWC_SUITE_EAX_CHAM64_128, cham64_128, eax, cham64_128)  \
    S(LWC_SUITE_EAX_AES128, aes128, eax, aes128)              \
    S(LWC_SUITE_CCM_AES128, aes128, ccm, aes128)              \
    S(LWC_SUITE_ASCON_AEAD128, ascon, aead128, ascon_aead)

/* Whether this build serves a suite (a preprocessor expression). */
#define TEST_SERVES_RECORDS                                                                                     \
    (TEST_SERVED(lea128) || TEST_SERVED(hight) || TEST_SERVED(cham64_128) || TEST_SERVED(aes128) ||           \
     TEST_SERVED(ascon_aead))

/* The cipher index (cipher_table.h) of a suite that is no block cipher's mode (Ascon-AEAD128). */
#define test_index_ascon_aead TEST_RECORD_NO_CIPHER
#define TEST_RECORD_NO_CIPHER 0xff

typedef struct {
    char name[16]; /* "<cipher>-<mode>", in the row (on AVR in flash: RAM is short beside CCM) */
    uint8_t id;       /* LWC_SUITE_* */
    uint8_t cipher;   /* the cipher index (cipher_table.h), or TEST_RECORD_NO_CIPHER */
    uint16_t key_size; /* sizeof the suite's key */
    int (*sealer_init)(lwc_sealer *s, void *k, const uint8_t *node_key, uint32_t node_id, uint8_t epoch,
                       uint32_t boot_counter);
} test_record_suite;

/* The rows this build serves, in the order of TEST_RECORD_SUITES; on AVR in flash (read a row
 * with test_record_suite_row). */
extern const test_record_suite test_record_suites[] TEST_MODE_ROM;
extern const unsigned test_record_suite_count;

/* A copy of the served row of suite id; 0, or -1 if none. */
int test_record_suite_row(unsigned id, test_record_suite *row);

/* Room for the key of any served suite, aligned for its words. */
#define TEST_RECORD_KEY_MEMBER(ID, X, M, SERVED) TEST_IF_SERVED(SERVED, lwc_##X##_##M##_key X##_##M;)
typedef union {
    uint32_t align;
    TEST_RECORD_SUITES(TEST_RECORD_KEY_MEMBER)
} test_record_key;

#endif
