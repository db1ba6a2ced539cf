/* Pass/fail bookkeeping for the test programs. */
#ifndef LWC_TEST_CHECK_H
#define LWC_TEST_CHECK_H

#include <stddef.h>
#include <stdint.h>

/* Records one check; on failure prints "FAIL: " and the formatted context. Returns ok. */
int check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prints the closing "N passed, M failed" line; returns the process exit status. */
int check_summary(void);

void print_hex(const char *label, const uint8_t *p, size_t n);

#endif
