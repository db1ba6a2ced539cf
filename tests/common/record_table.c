#include <string.h>

#include "record_table.h"

/* Adapters with exactly the table's signature (calling through a cast pointer is UB). */
#define SEALER_ADAPTER(ID, X, M, SERVED)                                                                     \
    TEST_IF_SERVED(SERVED, static int X##_##M##_sealer_init(lwc_sealer *s, void *k, const uint8_t *node_key,      \
                                                       uint32_t node_id, uint8_t epoch, uint32_t boot_counter) \
                      { return lwc_##X##_##M##_sealer_init(s, k, node_key, node_id, epoch, boot_counter); })
TEST_RECORD_SUITES(SEALER_ADAPTER)

#define SUITE_ROW(ID, X, M, SERVED) \
    TEST_IF_SERVED(SERVED, {#X "-" #M, ID, test_index_##SERVED, sizeof(lwc_##X##_##M##_key), X##_##M##_sealer_init},)

#if TEST_SERVES_RECORDS
const test_record_suite test_record_suites[] TEST_MODE_ROM = {TEST_RECORD_SUITES(SUITE_ROW)};
const unsigned test_record_suite_count = sizeof test_record_suites / sizeof test_record_suites[0];
#else
const test_record_suite test_record_suites[1] TEST_MODE_ROM = {{"", 0, 0, 0, NULL}}; /* none served */
const unsigned test_record_suite_count = 0;
#endif

int test_record_suite_row(unsigned id, test_record_suite *row)
{
    for (unsigned i = 0; i < test_record_suite_count; i++) {
#ifdef __AVR__
        memcpy_P(row, &test_record_suites[i], sizeof *row);
#else
        *row = test_record_suites[i];
#endif
        if (row->id == id)
            return 0;
    }
    return -1;
}
