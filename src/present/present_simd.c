/*
 * PRESENT-80 and PRESENT-128 on host SIMD (LWC_HOST_SIMD builds with the bitsliced
 * present_bs32.c, whose key layout the kernels use): the kernels of present_vec.h for
 * every instruction set, chosen at run time (src/common/simd.c). Constant-time: no
 * tables, no data-dependent branches.
 */
#include "../common/lwc_simd.h"

#if LWC_HOST_SIMD && LWC_PRESENT_IMPL == LWC_IMPL_BITSLICE32
#define LWC_SIMD_TEMPLATE "../present/present_vec.h"
#include "../common/lwc_vec_all.h"

LWC_SIMD_SELECT(present, present_multi, 8)
#elif LWC_HOST_SIMD /* the table build (LWC_BITSLICE32=0): the C reference only */
LWC_SIMD_NO_KERNEL(present)
#endif
