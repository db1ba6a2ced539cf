/*
 * Includes the kernel template LWC_SIMD_TEMPLATE (a file name in quotes) once per
 * instruction set of the host, each time after lwc_vec.h with LWC_VEC set to it.
 */
#if LWC_SIMD_X86_64
#define LWC_VEC LWC_VEC_SSSE3
#include "lwc_vec.h"
#include LWC_SIMD_TEMPLATE
#undef LWC_VEC
#define LWC_VEC LWC_VEC_AVX2
#include "lwc_vec.h"
#include LWC_SIMD_TEMPLATE
#undef LWC_VEC
#define LWC_VEC LWC_VEC_AVX512
#include "lwc_vec.h"
#include LWC_SIMD_TEMPLATE
#undef LWC_VEC
#elif LWC_SIMD_AARCH64
#define LWC_VEC LWC_VEC_NEON
#include "lwc_vec.h"
#include LWC_SIMD_TEMPLATE
#undef LWC_VEC
#endif
