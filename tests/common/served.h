/*
 * Which cipher ids a build of the test tables serves. Host programs serve every id. A test
 * firmware for a small MCU serves a subset (mk/firmware.mk): built with -DTEST_SUBSET and
 * -DTEST_SERVE_<id> for each id it serves (the cipher and, unless -DTEST_NO_DRBG, the
 * CTR_DRBG of that id), its tables (cipher_table.c, drbg_table.c) hold only those rows, so
 * that the linker leaves the other ciphers' code out, and the context buffers are sized
 * for those ciphers only.
 *
 *   TEST_SERVED(id)          1 or 0 (a preprocessor token)
 *   TEST_IF_SERVED(id, ...)  the arguments after id, or nothing
 *   TEST_IF_DRBG_SERVED(id, ...)  likewise for the CTR_DRBG of id
 */
#ifndef LWC_TEST_SERVED_H
#define LWC_TEST_SERVED_H

#define TEST_CAT(a, b) TEST_CAT_(a, b)
#define TEST_CAT_(a, b) a##b

#ifdef TEST_SUBSET
/* -DTEST_SERVE_<id> defines TEST_SERVE_<id> as 1, which makes TEST_PROBE_1 out of
 * TEST_PROBE_ and puts a 1 in second place; an undefined one leaves the 0 there. */
#define TEST_PROBE_1 ~, 1
#define TEST_SECOND(a, b, ...) b
#define TEST_SECOND_OF(...) TEST_SECOND(__VA_ARGS__)
#define TEST_SERVED(id) TEST_SECOND_OF(TEST_CAT(TEST_PROBE_, TEST_SERVE_##id), 0, ~)
#else
#define TEST_SERVED(id) 1
#endif

#define TEST_KEEP_1(...) __VA_ARGS__
#define TEST_KEEP_0(...)
#define TEST_IF_SERVED(id, ...) TEST_CAT(TEST_KEEP_, TEST_SERVED(id))(__VA_ARGS__)
#ifdef TEST_NO_DRBG
#define TEST_IF_DRBG_SERVED(id, ...)
#else
#define TEST_IF_DRBG_SERVED(id, ...) TEST_IF_SERVED(id, __VA_ARGS__)
#endif

#endif
