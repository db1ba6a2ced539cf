/*
 * Vector operations for the host SIMD kernels, one set per instruction set, so that each
 * kernel is written once (src/<family>/<family>_vec.h) and compiled for every level. No
 * include guard on purpose: a kernel file defines LWC_VEC, includes this header, then its
 * template, and again for the next instruction set.
 *
 *   LWC_VEC_SSSE3   x86-64 SSE2 + SSSE3, 128 bits
 *   LWC_VEC_AVX2    x86-64 AVX2, 256 bits
 *   LWC_VEC_AVX512  x86-64 AVX-512 F, BW, VL, 512 bits
 *   LWC_VEC_NEON    aarch64 Advanced SIMD, 128 bits
 *
 * V is the vector type, V_BYTES its size. Lane-wise: V_ADD8/16/32, V_SHL/SHR16/32 and
 * V_ROL16/32 (constant counts), V_SET1_8/16/32. Bitwise: V_XOR, V_AND, V_OR. Within each
 * 128-bit lane: V_SHUF8(t, i) = t[i[j]] byte by byte (i[j] < 16), V_ZIPLO/HI16/32/64
 * interleave the low or high halves of two vectors (x86 unpacklo/hi, NEON zip1/zip2),
 * V_BCAST128(p) = the 16 bytes at p in every 128-bit lane. V_LOAD/V_STORE: unaligned.
 * V_FN declares a kernel helper; V_NAME(f) is f with the instruction set's suffix;
 * V_NARROWER(f) names the next narrower instance of f (the tails of the wider ones), or
 * is undefined for the narrowest.
 */
#undef V
#undef V_BYTES
#undef V_SUFFIX
#undef V_ATTR
#undef V_NARROWER
#undef V_LOAD
#undef V_STORE
#undef V_XOR
#undef V_AND
#undef V_OR
#undef V_ADD8
#undef V_ADD16
#undef V_ADD32
#undef V_SET1_8
#undef V_SET1_16
#undef V_SET1_32
#undef V_SHL16
#undef V_SHR16
#undef V_SHL32
#undef V_SHR32
#undef V_ROL16
#undef V_ROL32
#undef V_SHUF8
#undef V_ZIPLO16
#undef V_ZIPHI16
#undef V_ZIPLO32
#undef V_ZIPHI32
#undef V_ZIPLO64
#undef V_ZIPHI64
#undef V_BCAST128
#undef V_TAIL

#define LWC_VEC_SSSE3 1
#define LWC_VEC_AVX2 2
#define LWC_VEC_AVX512 3
#define LWC_VEC_NEON 4

#ifndef LWC_VEC_COMMON
#define LWC_VEC_COMMON
#define V_CAT_(a, b) a##_##b
#define V_CAT(a, b) V_CAT_(a, b)
#define V_NAME(f) V_CAT(f, V_SUFFIX)
#define V_FN static inline __attribute__((always_inline)) V_ATTR

/* Byte-shuffle patterns of the rotations by 8 bits, as formulas of the byte index j:
 * the byte one place lower in the same 32-bit or 16-bit lane. */
#define LWC_VEC_LIST16(F) \
    {F(0), F(1), F(2), F(3), F(4), F(5), F(6), F(7), F(8), F(9), F(10), F(11), F(12), F(13), F(14), F(15)}
#define LWC_VEC_ROT8_32(j) (((j) & ~3) | (((j) + 3) & 3))
#define LWC_VEC_ROT8_16(j) ((j) ^ 1)
__attribute__((unused)) static const uint8_t lwc_vec_rot8_32[16] = LWC_VEC_LIST16(LWC_VEC_ROT8_32);
__attribute__((unused)) static const uint8_t lwc_vec_rot8_16[16] = LWC_VEC_LIST16(LWC_VEC_ROT8_16);

/*
 * Defines the kernel V_NAME(name) (an lwc_multi_fn, lwc_simd.h) on pass(ks, out, blocks,
 * in), which runs W blocks of block_bytes: whole passes, then the rest through V_TAIL
 * (the next narrower instance, or the narrowest's one pass over zero-padded copies).
 */
#define V_DEFINE_MULTI(name, pass, W, block_bytes)                                              \
    V_ATTR static void V_NAME(name)(const void *ks, uint8_t *out, const uint8_t *blocks,        \
                                    const uint8_t *in, size_t n)                                \
    {                                                                                           \
        for (; n >= (W); n -= (W)) {                                                            \
            pass(ks, out, blocks, in);                                                          \
            out += (W) * (block_bytes);                                                         \
            blocks += (W) * (block_bytes);                                                      \
            if (in)                                                                             \
                in += (W) * (block_bytes);                                                      \
        }                                                                                       \
        if (n)                                                                                  \
            V_TAIL(name, pass, W, block_bytes);                                                 \
    }
#define V_PAD_TAIL(pass, W, block_bytes)                                                        \
    do {                                                                                        \
        uint8_t b_[(W) * (block_bytes)] = {0}, x_[(W) * (block_bytes)];                         \
        memcpy(b_, blocks, n * (block_bytes));                                                  \
        if (in)                                                                                 \
            memcpy(x_, in, n * (block_bytes));                                                  \
        pass(ks, x_, b_, in ? x_ : NULL);                                                       \
        memcpy(out, x_, n * (block_bytes));                                                     \
        lwc_wipe(x_, sizeof x_);                                                                \
    } while (0)
#endif

#if LWC_VEC == LWC_VEC_SSSE3 || LWC_VEC == LWC_VEC_AVX2 || LWC_VEC == LWC_VEC_AVX512
#include <immintrin.h>
#endif

#if LWC_VEC == LWC_VEC_SSSE3
#define V __m128i
#define V_BYTES 16
#define V_SUFFIX ssse3
#define V_ATTR __attribute__((target("ssse3")))
#define V_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define V_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define V_XOR _mm_xor_si128
#define V_AND _mm_and_si128
#define V_OR _mm_or_si128
#define V_ADD8 _mm_add_epi8
#define V_ADD16 _mm_add_epi16
#define V_ADD32 _mm_add_epi32
#define V_SET1_8(x) _mm_set1_epi8((char)(x))
#define V_SET1_16(x) _mm_set1_epi16((short)(x))
#define V_SET1_32(x) _mm_set1_epi32((int)(x))
#define V_SHL16 _mm_slli_epi16
#define V_SHR16 _mm_srli_epi16
#define V_SHL32 _mm_slli_epi32
#define V_SHR32 _mm_srli_epi32
#define V_SHUF8(t, i) _mm_shuffle_epi8(t, i)
#define V_ZIPLO16 _mm_unpacklo_epi16
#define V_ZIPHI16 _mm_unpackhi_epi16
#define V_ZIPLO32 _mm_unpacklo_epi32
#define V_ZIPHI32 _mm_unpackhi_epi32
#define V_ZIPLO64 _mm_unpacklo_epi64
#define V_ZIPHI64 _mm_unpackhi_epi64
#define V_BCAST128(p) V_LOAD(p)
#elif LWC_VEC == LWC_VEC_AVX2
#define V __m256i
#define V_BYTES 32
#define V_SUFFIX avx2
#define V_ATTR __attribute__((target("avx2")))
#define V_NARROWER(f) f##_ssse3
#define V_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define V_XOR _mm256_xor_si256
#define V_AND _mm256_and_si256
#define V_OR _mm256_or_si256
#define V_ADD8 _mm256_add_epi8
#define V_ADD16 _mm256_add_epi16
#define V_ADD32 _mm256_add_epi32
#define V_SET1_8(x) _mm256_set1_epi8((char)(x))
#define V_SET1_16(x) _mm256_set1_epi16((short)(x))
#define V_SET1_32(x) _mm256_set1_epi32((int)(x))
#define V_SHL16 _mm256_slli_epi16
#define V_SHR16 _mm256_srli_epi16
#define V_SHL32 _mm256_slli_epi32
#define V_SHR32 _mm256_srli_epi32
#define V_SHUF8(t, i) _mm256_shuffle_epi8(t, i)
#define V_ZIPLO16 _mm256_unpacklo_epi16
#define V_ZIPHI16 _mm256_unpackhi_epi16
#define V_ZIPLO32 _mm256_unpacklo_epi32
#define V_ZIPHI32 _mm256_unpackhi_epi32
#define V_ZIPLO64 _mm256_unpacklo_epi64
#define V_ZIPHI64 _mm256_unpackhi_epi64
#define V_BCAST128(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#elif LWC_VEC == LWC_VEC_AVX512
#define V __m512i
#define V_BYTES 64
#define V_SUFFIX avx512
#define V_ATTR __attribute__((target("avx512f,avx512bw,avx512vl")))
#define V_NARROWER(f) f##_avx2
#define V_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define V_STORE(p, v) _mm512_storeu_si512((void *)(p), v)
#define V_XOR _mm512_xor_si512
#define V_AND _mm512_and_si512
#define V_OR _mm512_or_si512
#define V_ADD8 _mm512_add_epi8
#define V_ADD16 _mm512_add_epi16
#define V_ADD32 _mm512_add_epi32
#define V_SET1_8(x) _mm512_set1_epi8((char)(x))
#define V_SET1_16(x) _mm512_set1_epi16((short)(x))
#define V_SET1_32(x) _mm512_set1_epi32((int)(x))
#define V_SHL16 _mm512_slli_epi16
#define V_SHR16 _mm512_srli_epi16
#define V_SHL32 _mm512_slli_epi32
#define V_SHR32 _mm512_srli_epi32
#define V_ROL32(x, n) _mm512_rol_epi32(x, n)
#define V_SHUF8(t, i) _mm512_shuffle_epi8(t, i)
#define V_ZIPLO16 _mm512_unpacklo_epi16
#define V_ZIPHI16 _mm512_unpackhi_epi16
#define V_ZIPLO32 _mm512_unpacklo_epi32
#define V_ZIPHI32 _mm512_unpackhi_epi32
#define V_ZIPLO64 _mm512_unpacklo_epi64
#define V_ZIPHI64 _mm512_unpackhi_epi64
#define V_BCAST128(p) _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#elif LWC_VEC == LWC_VEC_NEON
#include <arm_neon.h>
#define V uint32x4_t
#define V_BYTES 16
#define V_SUFFIX neon
#define V_ATTR
#define V_U8(x) vreinterpretq_u8_u32(x)
#define V_U16(x) vreinterpretq_u16_u32(x)
#define V_U64(x) vreinterpretq_u64_u32(x)
#define V_OF8(x) vreinterpretq_u32_u8(x)
#define V_OF16(x) vreinterpretq_u32_u16(x)
#define V_OF64(x) vreinterpretq_u32_u64(x)
#define V_LOAD(p) V_OF8(vld1q_u8((const uint8_t *)(p)))
#define V_STORE(p, v) vst1q_u8((uint8_t *)(p), V_U8(v))
#define V_XOR veorq_u32
#define V_AND vandq_u32
#define V_OR vorrq_u32
#define V_ADD8(a, b) V_OF8(vaddq_u8(V_U8(a), V_U8(b)))
#define V_ADD16(a, b) V_OF16(vaddq_u16(V_U16(a), V_U16(b)))
#define V_ADD32 vaddq_u32
#define V_SET1_8(x) V_OF8(vdupq_n_u8((uint8_t)(x)))
#define V_SET1_16(x) V_OF16(vdupq_n_u16((uint16_t)(x)))
#define V_SET1_32(x) vdupq_n_u32((uint32_t)(x))
#define V_SHL16(x, n) V_OF16(vshlq_n_u16(V_U16(x), n))
#define V_SHR16(x, n) V_OF16(vshrq_n_u16(V_U16(x), n))
#define V_SHL32(x, n) vshlq_n_u32(x, n)
#define V_SHR32(x, n) vshrq_n_u32(x, n)
#define V_ROL16(x, n) V_OF16(vsriq_n_u16(vshlq_n_u16(V_U16(x), n), V_U16(x), 16 - (n)))
#define V_ROL32(x, n) vsriq_n_u32(vshlq_n_u32(x, n), x, 32 - (n))
#define V_SHUF8(t, i) V_OF8(vqtbl1q_u8(V_U8(t), V_U8(i)))
#define V_ZIPLO16(a, b) V_OF16(vzip1q_u16(V_U16(a), V_U16(b)))
#define V_ZIPHI16(a, b) V_OF16(vzip2q_u16(V_U16(a), V_U16(b)))
#define V_ZIPLO32 vzip1q_u32
#define V_ZIPHI32 vzip2q_u32
#define V_ZIPLO64(a, b) V_OF64(vzip1q_u64(V_U64(a), V_U64(b)))
#define V_ZIPHI64(a, b) V_OF64(vzip2q_u64(V_U64(a), V_U64(b)))
#define V_BCAST128(p) V_LOAD(p)
#else
#error "define LWC_VEC to one of the LWC_VEC_* instruction sets"
#endif

#ifdef V_NARROWER
#define V_TAIL(name, pass, W, block_bytes) V_NARROWER(name)(ks, out, blocks, in, n)
#else
#define V_TAIL(name, pass, W, block_bytes) V_PAD_TAIL(pass, W, block_bytes)
#endif

/* x86 below AVX-512: rotations as two shifts, by 8 bits as one byte shuffle. */
#if LWC_VEC == LWC_VEC_SSSE3 || LWC_VEC == LWC_VEC_AVX2
#define V_ROL32(x, n) \
    ((n) == 8 ? V_SHUF8(x, V_BCAST128(lwc_vec_rot8_32)) : V_OR(V_SHL32(x, n), V_SHR32(x, 32 - (n))))
#endif
#if LWC_VEC != LWC_VEC_NEON
#define V_ROL16(x, n) \
    ((n) == 8 ? V_SHUF8(x, V_BCAST128(lwc_vec_rot8_16)) : V_OR(V_SHL16(x, n), V_SHR16(x, 16 - (n))))
#endif

/* The byte shuffle pattern (16 bytes, in every 128-bit lane) applied to a, b, c, d. */
V_FN void V_NAME(lwc_vec_shuffle4)(V *a, V *b, V *c, V *d, const uint8_t *pattern)
{
    const V p = V_BCAST128(pattern);
    *a = V_SHUF8(*a, p);
    *b = V_SHUF8(*b, p);
    *c = V_SHUF8(*c, p);
    *d = V_SHUF8(*d, p);
}

/* Four vectors of whole blocks to out, XORed with in first unless in is NULL. */
V_FN void V_NAME(lwc_vec_store4)(uint8_t *out, const uint8_t *in, V a, V b, V c, V d)
{
    if (in) {
        a = V_XOR(a, V_LOAD(in));
        b = V_XOR(b, V_LOAD(in + V_BYTES));
        c = V_XOR(c, V_LOAD(in + 2 * V_BYTES));
        d = V_XOR(d, V_LOAD(in + 3 * V_BYTES));
    }
    V_STORE(out, a);
    V_STORE(out + V_BYTES, b);
    V_STORE(out + 2 * V_BYTES, c);
    V_STORE(out + 3 * V_BYTES, d);
}

/* a, b, c, d <-> their 4x4 transposition of 32-bit words in each 128-bit lane (its own
 * inverse): four vectors of whole 16-byte blocks <-> one 32-bit word of each block. */
V_FN void V_NAME(lwc_vec_transpose4)(V *a, V *b, V *c, V *d)
{
    const V t0 = V_ZIPLO32(*a, *b), t1 = V_ZIPHI32(*a, *b);
    const V t2 = V_ZIPLO32(*c, *d), t3 = V_ZIPHI32(*c, *d);
    *a = V_ZIPLO64(t0, t2);
    *b = V_ZIPHI64(t0, t2);
    *c = V_ZIPLO64(t1, t3);
    *d = V_ZIPHI64(t1, t3);
}
