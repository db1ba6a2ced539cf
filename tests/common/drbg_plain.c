/* The CTR_DRBG without precomputed tables, under the names plain_<D>_drbg_<op>, so that
 * tests and benchmarks can run it beside the library's (optimised) entry points. */
#define LWC_DRBG_PLAIN 1
#define LWC_DRBG_NAME(D, op) plain_##D##_drbg_##op
#include "../../src/drbg/ctr_drbg.c"
