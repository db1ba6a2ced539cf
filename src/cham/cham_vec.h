/*
 * CHAM encryption, one block per lane: CHAM-128 in 32-bit lanes (V_BYTES / 4 blocks per
 * pass), CHAM-64 in 16-bit lanes (V_BYTES / 2), the words X0..X3 of all blocks in four
 * vectors. The kernel template of cham_simd.c (instantiated once per instruction set:
 * lwc_vec.h); the rounds are those of cham.c (CHAM_ENC) on the unmasked round keys RK
 * (uint32_t words, once per kernel call: CHAM-64's from lwc_cham64_unmask, in their low
 * 16 bits, CHAM-128's copied as stored), fully unrolled so that round numbers and key offsets
 * are constants. No include guard on purpose.
 */

/* Round i on lanes of T = 16 or 32 bits: a = ROL_r2((a ^ i) + (ROL_r1(b) ^ k)). */
#define CHAM_VEC(T, a, b, i, k, r1, r2) \
    a = V_ROL##T(V_ADD##T(V_XOR(a, V_SET1_##T(i)), V_XOR(V_ROL##T(b, r1), V_SET1_##T(k))), r2)

/* Rounds i .. i + 3, then blocks of 8 to 64 rounds with the P round keys RK. */
#define CHAM_VEC_4(T, i, RK, P)                                   \
    do {                                                          \
        CHAM_VEC(T, x0, x1, (i), (RK)[(i) & ((P) - 1)], 1, 8);     \
        CHAM_VEC(T, x1, x2, (i) + 1, (RK)[((i) + 1) & ((P) - 1)], 8, 1); \
        CHAM_VEC(T, x2, x3, (i) + 2, (RK)[((i) + 2) & ((P) - 1)], 1, 8); \
        CHAM_VEC(T, x3, x0, (i) + 3, (RK)[((i) + 3) & ((P) - 1)], 8, 1); \
    } while (0)
#define CHAM_VEC_8(T, i, RK, P) CHAM_VEC_4(T, i, RK, P); CHAM_VEC_4(T, (i) + 4, RK, P)
#define CHAM_VEC_16(T, i, RK, P) CHAM_VEC_8(T, i, RK, P); CHAM_VEC_8(T, (i) + 8, RK, P)
#define CHAM_VEC_32(T, i, RK, P) CHAM_VEC_16(T, i, RK, P); CHAM_VEC_16(T, (i) + 16, RK, P)
#define CHAM_VEC_64(T, i, RK, P) CHAM_VEC_32(T, i, RK, P); CHAM_VEC_32(T, (i) + 32, RK, P)
#define CHAM_VEC_ROUNDS(T, RK, P, R)                                  \
    do {                                                              \
        if ((R) & 64) { CHAM_VEC_64(T, 0, RK, P); }                   \
        if ((R) & 32) { CHAM_VEC_32(T, (R) & 64, RK, P); }            \
        if ((R) & 16) { CHAM_VEC_16(T, (R) & 96, RK, P); }            \
        if ((R) & 8) { CHAM_VEC_8(T, (R) & 112, RK, P); }             \
    } while (0)

/*
 * CHAM-64's two blocks per 128-bit lane <-> one 32-bit unit per word index j holding
 * word j of both blocks (then lwc_vec_transpose4 makes vectors of one word): bytes 4j..4j+3
 * are bytes 2j, 2j + 1 of the first block and of the second.
 */
#ifndef CHAM_VEC_PATTERNS
#define CHAM_VEC_PATTERNS
#define CHAM_VEC_PAIR(m) ((((m) >> 2) << 1) + ((m) & 1) + (((m) & 2) << 2))
#define CHAM_VEC_UNPAIR(n) (((((n) & 7) >> 1) << 2) + ((n) & 1) + (((n) >> 3) << 1))
static const uint8_t cham_vec_pair[16] = LWC_VEC_LIST16(CHAM_VEC_PAIR);
static const uint8_t cham_vec_unpair[16] = LWC_VEC_LIST16(CHAM_VEC_UNPAIR);
#endif

/*
 * out = E(blocks) ^ in (in NULL: E(blocks)) for 4 vectors of blocks; T = 32 (CHAM-128) or
 * 16 (CHAM-64, whose blocks are paired by word first).
 */
#define CHAM_VEC_PASS(T, RK, P, R)                                                        \
    do {                                                                                  \
        V x0 = V_LOAD(blocks), x1 = V_LOAD(blocks + V_BYTES);                             \
        V x2 = V_LOAD(blocks + 2 * V_BYTES), x3 = V_LOAD(blocks + 3 * V_BYTES);           \
        if ((T) == 16)                                                                    \
            V_NAME(lwc_vec_shuffle4)(&x0, &x1, &x2, &x3, cham_vec_pair);                  \
        V_NAME(lwc_vec_transpose4)(&x0, &x1, &x2, &x3);                                   \
        CHAM_VEC_ROUNDS(T, RK, P, R);                                                     \
        V_NAME(lwc_vec_transpose4)(&x0, &x1, &x2, &x3);                                   \
        if ((T) == 16)                                                                    \
            V_NAME(lwc_vec_shuffle4)(&x0, &x1, &x2, &x3, cham_vec_unpair);                \
        V_NAME(lwc_vec_store4)(out, in, x0, x1, x2, x3);                                  \
    } while (0)

V_FN void V_NAME(cham64_128_pass)(const void *ks, uint8_t *out, const uint8_t *blocks, const uint8_t *in)
{
    const uint32_t *RK = ks;
    CHAM_VEC_PASS(16, RK, 16, LWC_CHAM64_128_ROUNDS);
}

V_FN void V_NAME(cham128_128_pass)(const void *ks, uint8_t *out, const uint8_t *blocks, const uint8_t *in)
{
    const uint32_t *RK = ks;
    CHAM_VEC_PASS(32, RK, 8, LWC_CHAM128_128_ROUNDS);
}

V_FN void V_NAME(cham128_256_pass)(const void *ks, uint8_t *out, const uint8_t *blocks, const uint8_t *in)
{
    const uint32_t *RK = ks;
    CHAM_VEC_PASS(32, RK, 16, LWC_CHAM128_256_ROUNDS);
}

/* X_rk: the kernel on RK; X_multi: the kernel on the key schedule (its RK made first). */
#define CHAM_VEC_MULTI(X, W, block_bytes, P, UNMASK)                                           \
    V_DEFINE_MULTI(X##_rk, V_NAME(X##_pass), W, block_bytes)                                  \
    V_ATTR static void V_NAME(X##_multi)(const void *ks, uint8_t *out, const uint8_t *blocks, \
                                         const uint8_t *in, size_t n)                         \
    {                                                                                         \
        uint32_t RK[P];                                                                       \
        UNMASK;                                                                               \
        V_NAME(X##_rk)(RK, out, blocks, in, n);                                               \
        lwc_wipe(RK, sizeof RK);                                                              \
    }
CHAM_VEC_MULTI(cham64_128, V_BYTES / 2, 8, 16,
               lwc_cham64_unmask(RK, ((const lwc_cham64_128_key *)ks)->rk))
CHAM_VEC_MULTI(cham128_128, V_BYTES / 4, 16, 8, memcpy(RK, ((const lwc_cham128_128_key *)ks)->rk, sizeof RK))
CHAM_VEC_MULTI(cham128_256, V_BYTES / 4, 16, 16, memcpy(RK, ((const lwc_cham128_256_key *)ks)->rk, sizeof RK))
