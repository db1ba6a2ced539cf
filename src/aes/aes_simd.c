/*
 * AES-128 on host SIMD (LWC_HOST_SIMD builds with the constant-time aes_ct32.c, whose key
 * schedule also holds the FIPS 197 round keys on x86-64, std: the kernels load them): x86-64 AES-NI, 8 blocks per pass, and VAES on
 * 256 bits (16 blocks) and 512 bits (32 blocks), eight independent registers per pass so
 * that the AES units stay busy. Constant-time: the AES instructions take the same time
 * for any data. Elsewhere (aarch64) no kernel: aes_ct32.c's bitsliced code runs; the
 * table build (LWC_BITSLICE32=0) has none either.
 */
#include "../common/lwc_simd.h"

#if LWC_HOST_SIMD && LWC_AES_IMPL == LWC_IMPL_BITSLICE32 && LWC_SIMD_X86_64
#include <immintrin.h>

#define AES_X86_ROUNDS 10

/* OP(P, j) for the eight registers of a pass, written out so that they stay in registers. */
#define AES_X86_EACH(OP, P) OP(P, 0) OP(P, 1) OP(P, 2) OP(P, 3) OP(P, 4) OP(P, 5) OP(P, 6) OP(P, 7)

/*
 * Defines name(ks, out, blocks, in, n) on the vectors of the prefix P (P_T holds P_LANES
 * blocks; ops P_LOAD, P_STORE, P_XOR, P_ENC, P_ENCLAST, P_KEY = a round key in every
 * lane): passes of 8 vectors, the rest through tail(ks, out, blocks, in, n).
 */
#define AES_X86_START(P, j) P##_T x##j = P##_XOR(P##_LOAD(blocks + 16 * P##_LANES * (j)), k[0]);
#define AES_X86_ROUND(P, j) x##j = P##_ENC(x##j, k[r]);
#define AES_X86_FINISH(P, j)                                               \
    x##j = P##_ENCLAST(x##j, k[AES_X86_ROUNDS]);                           \
    if (in)                                                                \
        x##j = P##_XOR(x##j, P##_LOAD(in + 16 * P##_LANES * (j)));         \
    P##_STORE(out + 16 * P##_LANES * (j), x##j);
#define AES_X86_MULTI(name, P, attr, tail)                                                      \
    attr static void name(const void *key, uint8_t *out, const uint8_t *blocks, const uint8_t *in, \
                          size_t n)                                                             \
    {                                                                                           \
        const uint8_t *rk = ((const lwc_aes128_key *)key)->std;                                  \
        P##_T k[AES_X86_ROUNDS + 1];                                                            \
        for (unsigned r = 0; r <= AES_X86_ROUNDS; r++)                                          \
            k[r] = P##_KEY(rk + 16 * r);                                                        \
        for (; n >= 8 * P##_LANES; n -= 8 * P##_LANES) {                                        \
            AES_X86_EACH(AES_X86_START, P)                                                      \
            for (unsigned r = 1; r < AES_X86_ROUNDS; r++) {                                     \
                AES_X86_EACH(AES_X86_ROUND, P)                                                  \
            }                                                                                   \
            AES_X86_EACH(AES_X86_FINISH, P)                                                     \
            out += 8 * 16 * P##_LANES;                                                          \
            blocks += 8 * 16 * P##_LANES;                                                       \
            if (in)                                                                             \
                in += 8 * 16 * P##_LANES;                                                       \
        }                                                                                       \
        if (n)                                                                                  \
            tail(key, out, blocks, in, n);                                                      \
    }

/* AES-NI on 128 bits (one block), VAES on 256 and 512 bits (two and four blocks). */
#define AES128_T __m128i
#define AES128_LANES 1
#define AES128_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define AES128_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define AES128_XOR _mm_xor_si128
#define AES128_ENC _mm_aesenc_si128
#define AES128_ENCLAST _mm_aesenclast_si128
#define AES128_KEY AES128_LOAD
#define AES256_T __m256i
#define AES256_LANES 2
#define AES256_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define AES256_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define AES256_XOR _mm256_xor_si256
#define AES256_ENC _mm256_aesenc_epi128
#define AES256_ENCLAST _mm256_aesenclast_epi128
#define AES256_KEY(p) _mm256_broadcastsi128_si256(AES128_LOAD(p))
#define AES512_T __m512i
#define AES512_LANES 4
#define AES512_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define AES512_STORE(p, v) _mm512_storeu_si512((void *)(p), v)
#define AES512_XOR _mm512_xor_si512
#define AES512_ENC _mm512_aesenc_epi128
#define AES512_ENCLAST _mm512_aesenclast_epi128
#define AES512_KEY(p) _mm512_broadcast_i32x4(AES128_LOAD(p))

/* The last blocks of every kernel: one at a time. */
__attribute__((target("aes,ssse3"))) static void aesni_blocks(const void *key, uint8_t *out,
                                                              const uint8_t *blocks, const uint8_t *in,
                                                              size_t n)
{
    const uint8_t *rk = ((const lwc_aes128_key *)key)->std;
    for (; n; n--, out += 16, blocks += 16) {
        __m128i x = _mm_xor_si128(AES128_LOAD(blocks), AES128_LOAD(rk));
        for (unsigned r = 1; r < AES_X86_ROUNDS; r++)
            x = _mm_aesenc_si128(x, AES128_LOAD(rk + 16 * r));
        x = _mm_aesenclast_si128(x, AES128_LOAD(rk + 16 * AES_X86_ROUNDS));
        if (in) {
            x = _mm_xor_si128(x, AES128_LOAD(in));
            in += 16;
        }
        AES128_STORE(out, x);
    }
}

AES_X86_MULTI(aes128_aesni, AES128, __attribute__((target("aes,ssse3"))), aesni_blocks)
AES_X86_MULTI(aes128_vaes256, AES256, __attribute__((target("vaes,avx2"))), aes128_aesni)
AES_X86_MULTI(aes128_vaes512, AES512, __attribute__((target("vaes,avx512f"))), aes128_vaes256)

lwc_simd_kernel lwc_simd_kernel_aes128(void)
{
    static const lwc_simd_kernel k[] = {{NULL, "portable", 1}, {aes128_aesni, "aes-ni", 8},
                                        {aes128_vaes256, "vaes-256", 16}, {aes128_vaes512, "vaes-512", 32}};
    const unsigned level = lwc_simd_level(), features = lwc_simd_features();
    if (!(features & LWC_SIMD_HAS_AESNI))
        return k[0];
    if (!(features & LWC_SIMD_HAS_VAES))
        return k[level >= LWC_SIMD_SSSE3];
    return k[level];
}
#elif LWC_HOST_SIMD /* the table build (LWC_BITSLICE32=0), aarch64 */
LWC_SIMD_NO_KERNEL(aes128)
#endif
