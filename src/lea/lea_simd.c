/*
 * LEA on host SIMD (LWC_HOST_SIMD builds): the kernels of lea_vec.h for every instruction
 * set, chosen at run time (src/common/simd.c). ARX only: constant-time.
 */
#include "../common/lwc_simd.h"

#if LWC_HOST_SIMD && LWC_LEA_IMPL == LWC_IMPL_C
#define LWC_SIMD_TEMPLATE "../lea/lea_vec.h"
#include "../common/lwc_vec_all.h"

LWC_SIMD_SELECT(lea128, lea128_multi, 4)
LWC_SIMD_SELECT(lea192, lea192_multi, 4)
LWC_SIMD_SELECT(lea256, lea256_multi, 4)
#endif
