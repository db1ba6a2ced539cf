/*
 * CHAM on host SIMD (LWC_HOST_SIMD builds): the kernels of cham_vec.h for every
 * instruction set, chosen at run time (src/common/simd.c). ARX only: constant-time.
 */
#include "../common/lwc_simd.h"

#if LWC_HOST_SIMD && LWC_CHAM_IMPL == LWC_IMPL_C
#define LWC_SIMD_TEMPLATE "../cham/cham_vec.h"
#include "../common/lwc_vec_all.h"

LWC_SIMD_SELECT(cham64_128, cham64_128_multi, 8)
LWC_SIMD_SELECT(cham128_128, cham128_128_multi, 4)
LWC_SIMD_SELECT(cham128_256, cham128_256_multi, 4)
#endif
