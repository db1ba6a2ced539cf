/*
 * PRESENT encryption in the bitsliced layout of present_bs32.c, whose rounds it repeats
 * on vectors: every 32-bit lane of the four vectors q0..q3 is a word of present_bs32.c
 * holding two blocks, so a pass runs V_BYTES / 2 blocks. Same round keys (ks->rk[r],
 * broadcast). The kernel template of present_simd.c (instantiated once per instruction
 * set: lwc_vec.h). No tables, no data-dependent branches. No include guard on purpose.
 */
#ifndef PRESENT_VEC_PATTERNS
#define PRESENT_VEC_PATTERNS
/* Big-endian 64-bit blocks <-> little-endian 64-bit values: bytes reversed in 8. */
#define PRESENT_VEC_BSWAP64(m) (((m) & 8) | (7 - ((m) & 7)))
static const uint8_t present_vec_bswap64[16] = LWC_VEC_LIST16(PRESENT_VEC_BSWAP64);
#endif

/* present_bs32.c's swap-moves: word-number bit 0 (pairs q0 q1, q2 q3) or bit 1 (q0 q2,
 * q1 q3) <-> position bit k, whose mask is the positions with bit k clear. */
#define PRESENT_VEC_SWAPMOVE(a, b, k, mask)                                  \
    do {                                                                     \
        const V t_ = V_AND(V_XOR(V_SHR32(a, 1 << (k)), b), V_SET1_32(mask)); \
        b = V_XOR(b, t_);                                                    \
        a = V_XOR(a, V_SHL32(t_, 1 << (k)));                                 \
    } while (0)
#define PRESENT_VEC_MASK(k) (uint32_t)(0xffffffffu / ((1u << (1u << (k))) + 1u))
#define PRESENT_VEC_W0(k)                                            \
    do {                                                             \
        PRESENT_VEC_SWAPMOVE(q0, q1, k, PRESENT_VEC_MASK(k));        \
        PRESENT_VEC_SWAPMOVE(q2, q3, k, PRESENT_VEC_MASK(k));        \
    } while (0)
#define PRESENT_VEC_W1(k)                                            \
    do {                                                             \
        PRESENT_VEC_SWAPMOVE(q0, q2, k, PRESENT_VEC_MASK(k));        \
        PRESENT_VEC_SWAPMOVE(q1, q3, k, PRESENT_VEC_MASK(k));        \
    } while (0)

/* Round key r, then the complemented S-box circuit of present_bs32.c (sbox_layer). */
#define PRESENT_VEC_KEY_SBOX(r)                                                           \
    do {                                                                                  \
        const V x0 = V_XOR(q0, V_SET1_32(ks->rk[r][0])), x1 = V_XOR(q1, V_SET1_32(ks->rk[r][1])); \
        const V x2 = V_XOR(q2, V_SET1_32(ks->rk[r][2])), x3 = V_XOR(q3, V_SET1_32(ks->rk[r][3])); \
        const V t = V_AND(x1, x2), v = V_AND(x3, V_XOR(x1, x2));                          \
        const V z = V_AND(x0, V_XOR(t, v)), x13 = V_XOR(x1, x3);                          \
        const V u = V_XOR(x13, v), x23 = V_XOR(x2, x3);                                   \
        q0 = V_XOR(V_XOR(x0, x23), t);                                                    \
        q1 = V_XOR(u, z);                                                                 \
        q2 = V_XOR(V_XOR(x23, V_AND(x1, x3)), V_AND(x0, u));                              \
        q3 = V_XOR(V_XOR(x0, x13), V_XOR(t, z));                                          \
    } while (0)

/* out = E(blocks) ^ in (in NULL: E(blocks)) for V_BYTES / 2 blocks. */
V_FN void V_NAME(present_pass)(const void *key, uint8_t *out, const uint8_t *blocks, const uint8_t *in)
{
    const lwc_present_key *ks = key;
    /* After the byte swap each 128-bit lane holds (lo, hi) of blocks A and B; the
     * transposition gives lo(A), hi(A), lo(B), hi(B) of four lanes: present_bs32.c's
     * plain words x[0] = lo(A), x[1] = lo(B), x[2] = hi(A), x[3] = hi(B). */
    V q0 = V_LOAD(blocks), q2 = V_LOAD(blocks + V_BYTES);
    V q1 = V_LOAD(blocks + 2 * V_BYTES), q3 = V_LOAD(blocks + 3 * V_BYTES);
    V_NAME(lwc_vec_shuffle4)(&q0, &q2, &q1, &q3, present_vec_bswap64);
    V_NAME(lwc_vec_transpose4)(&q0, &q2, &q1, &q3);
    /* plain_to_layout0 */
    PRESENT_VEC_W1(1);
    PRESENT_VEC_W0(4);
    PRESENT_VEC_W0(0);
    for (unsigned r = 0; r < 30; r += 2) {
        PRESENT_VEC_KEY_SBOX(r);
        PRESENT_VEC_W0(2); /* swap_high_field */
        PRESENT_VEC_W1(3);
        PRESENT_VEC_KEY_SBOX(r + 1);
        PRESENT_VEC_W0(0); /* swap_low_field */
        PRESENT_VEC_W1(1);
    }
    PRESENT_VEC_KEY_SBOX(30);
    PRESENT_VEC_W0(2);
    PRESENT_VEC_W1(3);
    q0 = V_XOR(q0, V_SET1_32(ks->rk[31][0]));
    q1 = V_XOR(q1, V_SET1_32(ks->rk[31][1]));
    q2 = V_XOR(q2, V_SET1_32(ks->rk[31][2]));
    q3 = V_XOR(q3, V_SET1_32(ks->rk[31][3]));
    /* layout1_to_plain */
    PRESENT_VEC_W0(0);
    PRESENT_VEC_W0(2);
    PRESENT_VEC_W0(4);
    PRESENT_VEC_W1(1);
    PRESENT_VEC_W1(3);
    V_NAME(lwc_vec_transpose4)(&q0, &q2, &q1, &q3);
    V_NAME(lwc_vec_shuffle4)(&q0, &q2, &q1, &q3, present_vec_bswap64);
    V_NAME(lwc_vec_store4)(out, in, q0, q2, q1, q3);
}

V_DEFINE_MULTI(present_multi, V_NAME(present_pass), V_BYTES / 2, 8)
