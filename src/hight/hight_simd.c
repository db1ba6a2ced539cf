/*
 * HIGHT on host SIMD (LWC_HOST_SIMD builds): the kernels of hight_vec.h for every
 * instruction set, chosen at run time (src/common/simd.c). Constant-time: ARX and byte
 * shuffles of registers, no memory access indexed by data.
 */
#include "../common/lwc_simd.h"

#if LWC_HOST_SIMD && LWC_HIGHT_IMPL == LWC_IMPL_C
#define LWC_SIMD_TEMPLATE "../hight/hight_vec.h"
#include "../common/lwc_vec_all.h"

LWC_SIMD_SELECT(hight, hight_multi, 16)
#endif
