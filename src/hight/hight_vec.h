/*
 * HIGHT encryption, one block per 8-bit lane: V_BYTES blocks per pass, state byte Xj of
 * all of them in vector j. The kernel template of hight_simd.c (instantiated once per
 * instruction set: lwc_vec.h); the round is that of hight.c (hight_round) on the same key
 * schedule. F0 and F1 are linear over GF(2), so each is the XOR of its values on the two
 * nibbles, looked up with a byte shuffle in 16-byte registers (V_SHUF8: no memory access
 * depends on data). No include guard on purpose.
 */
#ifndef HIGHT_VEC_TABLES
#define HIGHT_VEC_TABLES
/* F0 = ROL1 ^ ROL2 ^ ROL7, F1 = ROL3 ^ ROL4 ^ ROL6 of a byte v, and of the nibble j as
 * the low and the high nibble; the nibble tables are computed by the compiler from them. */
#define HIGHT_VEC_ROL(v, n) ((((v) << (n)) | ((v) >> (8 - (n)))) & 0xff)
#define HIGHT_VEC_F0(v) (HIGHT_VEC_ROL(v, 1) ^ HIGHT_VEC_ROL(v, 2) ^ HIGHT_VEC_ROL(v, 7))
#define HIGHT_VEC_F1(v) (HIGHT_VEC_ROL(v, 3) ^ HIGHT_VEC_ROL(v, 4) ^ HIGHT_VEC_ROL(v, 6))
#define HIGHT_VEC_F0_LO(j) HIGHT_VEC_F0(j)
#define HIGHT_VEC_F0_HI(j) HIGHT_VEC_F0((j) << 4)
#define HIGHT_VEC_F1_LO(j) HIGHT_VEC_F1(j)
#define HIGHT_VEC_F1_HI(j) HIGHT_VEC_F1((j) << 4)
static const uint8_t hight_vec_f[4][16] = {
    LWC_VEC_LIST16(HIGHT_VEC_F0_LO), LWC_VEC_LIST16(HIGHT_VEC_F0_HI),
    LWC_VEC_LIST16(HIGHT_VEC_F1_LO), LWC_VEC_LIST16(HIGHT_VEC_F1_HI)};
/* Two blocks per 128-bit lane <-> 16-bit unit j = byte j of both; then an 8x8
 * transposition of 16-bit units across 8 vectors gives one vector per state byte. */
#define HIGHT_VEC_PAIR(m) (((m) >> 1) | (((m) & 1) << 3))
#define HIGHT_VEC_UNPAIR(n) ((((n) & 7) << 1) | ((n) >> 3))
static const uint8_t hight_vec_pair[16] = LWC_VEC_LIST16(HIGHT_VEC_PAIR);
static const uint8_t hight_vec_unpair[16] = LWC_VEC_LIST16(HIGHT_VEC_UNPAIR);
#endif

/* x[0..7] <-> their 8x8 transposition of 16-bit units in each 128-bit lane (its own inverse). */
V_FN void V_NAME(hight_transpose8)(V x[8])
{
    V a[4], b[4], c[4], d[4];
    for (unsigned k = 0; k < 4; k++) {
        a[k] = V_ZIPLO16(x[2 * k], x[2 * k + 1]);
        b[k] = V_ZIPHI16(x[2 * k], x[2 * k + 1]);
    }
    for (unsigned k = 0; k < 4; k += 2) {
        c[k] = V_ZIPLO32(a[k], a[k + 1]);
        c[k + 1] = V_ZIPHI32(a[k], a[k + 1]);
        d[k] = V_ZIPLO32(b[k], b[k + 1]);
        d[k + 1] = V_ZIPHI32(b[k], b[k + 1]);
    }
    x[0] = V_ZIPLO64(c[0], c[2]);
    x[1] = V_ZIPHI64(c[0], c[2]);
    x[2] = V_ZIPLO64(c[1], c[3]);
    x[3] = V_ZIPHI64(c[1], c[3]);
    x[4] = V_ZIPLO64(d[0], d[2]);
    x[5] = V_ZIPHI64(d[0], d[2]);
    x[6] = V_ZIPLO64(d[1], d[3]);
    x[7] = V_ZIPHI64(d[1], d[3]);
}

/* F of every byte of v from its nibble tables lo, hi. */
#define HIGHT_VEC_F(v, lo, hi) \
    V_XOR(V_SHUF8(lo, V_AND(v, nibble)), V_SHUF8(hi, V_AND(V_SHR16(v, 4), nibble)))

/*
 * One round with the key bytes sk[0..3], in place on the bytes that change:
 * X1 += F1(X0) ^ SK0, X3 ^= F0(X2) + SK1, X5 += F1(X4) ^ SK2, X7 ^= F0(X6) + SK3; the
 * next round's (X0, ..., X7) are then (x7, x0, ..., x6).
 */
#define HIGHT_VEC_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, sk)                                   \
    do {                                                                                      \
        x1 = V_ADD8(x1, V_XOR(HIGHT_VEC_F(x0, f1lo, f1hi), V_SET1_8((sk)[0])));               \
        x3 = V_XOR(x3, V_ADD8(HIGHT_VEC_F(x2, f0lo, f0hi), V_SET1_8((sk)[1])));               \
        x5 = V_ADD8(x5, V_XOR(HIGHT_VEC_F(x4, f1lo, f1hi), V_SET1_8((sk)[2])));               \
        x7 = V_XOR(x7, V_ADD8(HIGHT_VEC_F(x6, f0lo, f0hi), V_SET1_8((sk)[3])));               \
    } while (0)

/* out = E(blocks) ^ in (in NULL: E(blocks)) for V_BYTES blocks. */
V_FN void V_NAME(hight_pass)(const void *key, uint8_t *out, const uint8_t *blocks, const uint8_t *in)
{
    const lwc_hight_key *ks = key;
    const V f0lo = V_BCAST128(hight_vec_f[0]), f0hi = V_BCAST128(hight_vec_f[1]);
    const V f1lo = V_BCAST128(hight_vec_f[2]), f1hi = V_BCAST128(hight_vec_f[3]);
    const V nibble = V_SET1_8(0x0f);
    const V pair = V_BCAST128(hight_vec_pair), unpair = V_BCAST128(hight_vec_unpair);
    V x[8];
    for (unsigned k = 0; k < 8; k++)
        x[k] = V_SHUF8(V_LOAD(blocks + k * V_BYTES), pair);
    V_NAME(hight_transpose8)(x);
    V x0 = V_ADD8(x[0], V_SET1_8(ks->wk[0])), x1 = x[1], x2 = V_XOR(x[2], V_SET1_8(ks->wk[1]));
    V x3 = x[3], x4 = V_ADD8(x[4], V_SET1_8(ks->wk[2])), x5 = x[5];
    V x6 = V_XOR(x[6], V_SET1_8(ks->wk[3])), x7 = x[7];
    for (const uint8_t *sk = ks->sk, *end = ks->sk + 128; sk != end; sk += 32) {
        HIGHT_VEC_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, sk);
        HIGHT_VEC_ROUND(x7, x0, x1, x2, x3, x4, x5, x6, sk + 4);
        HIGHT_VEC_ROUND(x6, x7, x0, x1, x2, x3, x4, x5, sk + 8);
        HIGHT_VEC_ROUND(x5, x6, x7, x0, x1, x2, x3, x4, sk + 12);
        HIGHT_VEC_ROUND(x4, x5, x6, x7, x0, x1, x2, x3, sk + 16);
        HIGHT_VEC_ROUND(x3, x4, x5, x6, x7, x0, x1, x2, sk + 20);
        HIGHT_VEC_ROUND(x2, x3, x4, x5, x6, x7, x0, x1, sk + 24);
        HIGHT_VEC_ROUND(x1, x2, x3, x4, x5, x6, x7, x0, sk + 28);
    }
    /* The last round does not rotate the state (see lwc_hight_encrypt). */
    x[0] = V_ADD8(x1, V_SET1_8(ks->wk[4]));
    x[1] = x2;
    x[2] = V_XOR(x3, V_SET1_8(ks->wk[5]));
    x[3] = x4;
    x[4] = V_ADD8(x5, V_SET1_8(ks->wk[6]));
    x[5] = x6;
    x[6] = V_XOR(x7, V_SET1_8(ks->wk[7]));
    x[7] = x0;
    V_NAME(hight_transpose8)(x);
    for (unsigned k = 0; k < 8; k++) {
        V y = V_SHUF8(x[k], unpair);
        if (in)
            y = V_XOR(y, V_LOAD(in + k * V_BYTES));
        V_STORE(out + k * V_BYTES, y);
    }
}

V_DEFINE_MULTI(hight_multi, V_NAME(hight_pass), V_BYTES, 8)
