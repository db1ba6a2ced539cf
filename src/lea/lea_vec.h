/*
 * LEA encryption, one block per 32-bit lane: V_BYTES / 4 blocks per pass, the words
 * X0..X3 of all of them in four vectors. The kernel template of lea_simd.c (instantiated
 * once per instruction set: lwc_vec.h); the round is that of lea.c (LEA_ENC_ROUND) on the
 * same folded round keys. No include guard on purpose.
 */

/*
 * One round on vectors, names rotated as in lea.c: (b, c, d, a) then hold the new
 * (X0, X1, X2, X3). k = the round's stored words, stride 4 (LEA-128: RK1 = RK3 = RK5,
 * words RK0, RK1, RK1^RK2, RK1^RK4) or 6 (RK0, RK1, RK1^RK2, RK3, RK3^RK4, RK5).
 */
#define LEA_VEC_ROUND(a, b, c, d, k, stride)                                           \
    do {                                                                               \
        const V k1_ = V_SET1_32((k)[1]);                                               \
        const V k3_ = (stride) == 4 ? k1_ : V_SET1_32((k)[3]);                         \
        const V k4_ = V_SET1_32((k)[(stride) == 4 ? 3 : 4]);                           \
        const V k5_ = (stride) == 4 ? k1_ : V_SET1_32((k)[5]);                         \
        const V b_ = V_XOR(b, k1_), c_ = V_XOR(c, k3_);                                \
        d = V_ROL32(V_ADD32(V_XOR(c_, k4_), V_XOR(d, k5_)), 29);                       \
        c = V_ROL32(V_ADD32(V_XOR(b_, V_SET1_32((k)[2])), c_), 27);                    \
        b = V_ROL32(V_ADD32(V_XOR(a, V_SET1_32((k)[0])), b_), 9);                      \
    } while (0)

/* out = E(blocks) ^ in (in NULL: E(blocks)) for V_BYTES / 4 blocks; rounds = 24, 28, 32. */
V_FN void V_NAME(lea_pass)(const uint32_t *rk, unsigned stride, unsigned rounds, uint8_t *out,
                           const uint8_t *blocks, const uint8_t *in)
{
    V x0 = V_LOAD(blocks), x1 = V_LOAD(blocks + V_BYTES);
    V x2 = V_LOAD(blocks + 2 * V_BYTES), x3 = V_LOAD(blocks + 3 * V_BYTES);
    V_NAME(lwc_vec_transpose4)(&x0, &x1, &x2, &x3);
    for (const uint32_t *end = rk + rounds * stride; rk != end; rk += 4 * stride) {
        LEA_VEC_ROUND(x0, x1, x2, x3, rk, stride);
        LEA_VEC_ROUND(x1, x2, x3, x0, rk + stride, stride);
        LEA_VEC_ROUND(x2, x3, x0, x1, rk + 2 * stride, stride);
        LEA_VEC_ROUND(x3, x0, x1, x2, rk + 3 * stride, stride);
    }
    V_NAME(lwc_vec_transpose4)(&x0, &x1, &x2, &x3);
    V_NAME(lwc_vec_store4)(out, in, x0, x1, x2, x3);
}

V_FN void V_NAME(lea128_pass)(const void *ks, uint8_t *out, const uint8_t *blocks, const uint8_t *in)
{
    V_NAME(lea_pass)(((const lwc_lea128_key *)ks)->rk, 4, 24, out, blocks, in);
}

V_FN void V_NAME(lea192_pass)(const void *ks, uint8_t *out, const uint8_t *blocks, const uint8_t *in)
{
    V_NAME(lea_pass)(((const lwc_lea192_key *)ks)->rk, 6, 28, out, blocks, in);
}

V_FN void V_NAME(lea256_pass)(const void *ks, uint8_t *out, const uint8_t *blocks, const uint8_t *in)
{
    V_NAME(lea_pass)(((const lwc_lea256_key *)ks)->rk, 6, 32, out, blocks, in);
}

V_DEFINE_MULTI(lea128_multi, V_NAME(lea128_pass), V_BYTES / 4, 16)
V_DEFINE_MULTI(lea192_multi, V_NAME(lea192_pass), V_BYTES / 4, 16)
V_DEFINE_MULTI(lea256_multi, V_NAME(lea256_pass), V_BYTES / 4, 16)
