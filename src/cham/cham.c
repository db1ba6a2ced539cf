/*
 * Revised CHAM reference implementation (ICISC 2019: 88/112/120 rounds). The rounds are
 * written once (CHAM_ENC, CHAM_DEC) for both word widths w = 16 and 32 and expanded per
 * variant with constant rotation amounts: fully unrolled on 32-bit cores, four rounds
 * per loop step on 8/16-bit cores.
 */
#include <stddef.h>

#include "../common/lwc_simd.h"

/*
 * Key schedule: RK[i] = K[i] ^ ROL1(K[i]) ^ ROL8(K[i]) and
 * RK[(i + k/w) ^ 1] = K[i] ^ ROL1(K[i]) ^ ROL11(K[i]) for the k/w key words K[i].
 * Round keys are stored as uint16_t (CHAM-64) or uint32_t (CHAM-128) arrays, each RK[j]
 * in the masked form described in cham.h (it lets the AVR assembly skip a rotation and
 * half of the round-counter updates):
 *   even j: rk[j] = ROR1(RK[j]) ^ 1,   so RK[j] = ROL1(rk[j] ^ 1);
 *   odd j:  rk[j] = RK[j] ^ 2^(w-1),   so RK[j] = rk[j] ^ 2^(w-1),
 *           and on ARMv6-M rk[j] = ROR8(RK[j] ^ 2^(w-1)) (CHAM_ODD_ROR8).
 * One function per word width, with rotations by 1 and 8 only (ROL11 = ROL8 of three
 * ROL1): avr-gcc compiles those to a few instructions, other amounts (and the generic
 * rolw() below) to shift loops.
 */
/*
 * CHAM-64/128's C on 32-bit cores stores RK itself (plain): its encryption (the single
 * block, CTR and the modes' pair function) then reads the key schedule as it is, where
 * an unmasked copy per call (and its wipe) cost as much as half the rounds.
 */
#define CHAM64_PLAIN_RK (LWC_CHAM_IMPL == LWC_IMPL_C && LWC_WORD32)
/* The ARMv6-M assembly's odd rounds take ROL8(X1) ^ RK as ROL8(X1 ^ ROR8(RK)): its odd keys
 * are stored rotated right by 8 as well, so that the key table it copies to the stack per
 * call (cham_armv6m.S) is the stored keys as they are (CHAM-128), or with the even ones
 * doubled (CHAM-64/128). */
#define CHAM_ODD_ROR8 (LWC_CHAM_IMPL == LWC_IMPL_ARMV6M)
#if !CHAM64_PLAIN_RK
static uint16_t rk16_masked(uint16_t rk, unsigned j)
{
    const uint16_t odd = (uint16_t)(rk ^ 0x8000u);
    return (j & 1) ? (CHAM_ODD_ROR8 ? lwc_rol16(odd, 8) : odd) : (uint16_t)(lwc_rol16(rk, 15) ^ 1);
}
#endif

/* CHAM-128's round keys as they are, unmasked, where the C rounds of 32-bit cores use them
 * (no assembly reads them): its block functions and modes' hooks then need no unmasked
 * copy per call. */
#define CHAM128_KEYS_UNMASKED (LWC_CHAM_IMPL == LWC_IMPL_C && LWC_WORD32)
#if CHAM128_KEYS_UNMASKED
#define CHAM128_STORED(rk, j) (rk)
#else
#define CHAM128_STORED(rk, j) rk32_masked(rk, j)
static uint32_t rk32_masked(uint32_t rk, unsigned j)
{
    const uint32_t odd = rk ^ 0x80000000u;
    return (j & 1) ? (CHAM_ODD_ROR8 ? lwc_ror32(odd, 8) : odd) : lwc_ror32(rk, 1) ^ 1;
}
#endif

#if CHAM64_PLAIN_RK
#define CHAM64_STORED(rk, j) (rk)
#else
#define CHAM64_STORED(rk, j) rk16_masked(rk, j)
#endif

static void cham64_setkey(uint16_t *rk, const uint8_t *key)
{
    for (unsigned i = 0; i < 8; i++) {
        const uint16_t k = lwc_load16le(key + 2 * i);
        const uint16_t r1 = lwc_rol16(k, 1), r3 = lwc_rol16(lwc_rol16(r1, 1), 1);
        rk[i] = CHAM64_STORED(k ^ r1 ^ lwc_rol16(k, 8), i);
        rk[(i + 8) ^ 1] = CHAM64_STORED(k ^ r1 ^ lwc_rol16(r3, 8), (i + 8) ^ 1);
    }
}

static void cham128_setkey(uint32_t *rk, const uint8_t *key, unsigned key_words)
{
    for (unsigned i = 0; i < key_words; i++) {
        const uint32_t k = lwc_load32le(key + 4 * i);
        const uint32_t r1 = lwc_rol32(k, 1), r3 = lwc_rol32(lwc_rol32(r1, 1), 1);
        rk[i] = CHAM128_STORED(k ^ r1 ^ lwc_rol32(k, 8), i);
        rk[(i + key_words) ^ 1] = CHAM128_STORED(k ^ r1 ^ lwc_rol32(r3, 8), (i + key_words) ^ 1);
    }
}

#if LWC_CHAM_IMPL == LWC_IMPL_C /* else lwc_chamN_K_encrypt/decrypt are in cham_avr.S or below */
/*
 * Word types and operations of the rounds. CHAM-128 words are uint32_t. CHAM-64 words
 * are uint16_t on 8/16-bit cores; on 32-bit cores a 16-bit word x is held as
 * x * 0x10001 (two copies), so that a 32-bit rotation rotates both copies by the same
 * amount (one instruction, often free in an operand) and only an addition needs the
 * copies rebuilt from its low half (CHAM16_NORM). XORs with round keys and round
 * numbers need only the low half correct before a NORM.
 */
#if LWC_WORD32
typedef uint32_t CHAM16_t;
#define CHAM16_ROL(x, n) lwc_rol32(x, n)
#define CHAM16_ROR(x, n) lwc_ror32(x, n)
#define CHAM16_NORM(s) (((s) & 0xffffu) * 0x10001u)
#define CHAM16_LOAD(p) CHAM16_NORM(lwc_load16le(p))
#else
typedef uint16_t CHAM16_t;
#define CHAM16_ROL(x, n) lwc_rol16(x, n)
#define CHAM16_ROR(x, n) lwc_rol16(x, 16 - (n))
#define CHAM16_NORM(s) ((uint16_t)(s))
#define CHAM16_LOAD(p) lwc_load16le(p)
#endif
#define CHAM16_STORE(p, x) lwc_store16le(p, (uint16_t)(x))
#define CHAM16_BYTES 2
#define CHAM16_TOP 0x8000u
typedef uint32_t CHAM32_t;
#define CHAM32_ROL(x, n) lwc_rol32(x, n)
#define CHAM32_ROR(x, n) lwc_ror32(x, n)
#define CHAM32_NORM(s) (s)
#define CHAM32_LOAD(p) lwc_load32le(p)
#define CHAM32_STORE(p, x) lwc_store32le(p, x)
#define CHAM32_BYTES 4
#define CHAM32_TOP 0x80000000u

/*
 * Round i replaces X0 of (X0, X1, X2, X3) and the state becomes (X1, X2, X3, X0):
 *   even i: X0 <- ROL8((X0 ^ i) + (ROL1(X1) ^ RK[i mod 2k/w]))
 *   odd i:  X0 <- ROL1((X0 ^ i) + (ROL8(X1) ^ RK[i mod 2k/w]))
 * so four rounds rewrite x[0], x[1], x[2], x[3] in turn and need no moves. W is the
 * word prefix (CHAM16, CHAM32), k the round's key word, CHAM_DEC undoes CHAM_ENC.
 * CHAM_KEY_EVEN/ODD give ROL1(X1) ^ RK and ROL8(X1) ^ RK: on 32-bit cores from the
 * unmasked RK (CHAM_WITH_ROUND_KEYS below); on 8/16-bit cores from the stored masked
 * word rk (key schedule above), which saves the unmasked copy in RAM:
 * ROL1(X1) ^ RK = ROL1(X1 ^ rk ^ 1) and ROL8(X1) ^ RK = ROL8(X1) ^ rk ^ 2^(w-1).
 */
#if LWC_WORD32
#define CHAM_KEY_EVEN(W, b, k) (W##_ROL(b, 1) ^ (k))
#define CHAM_KEY_ODD(W, b, k) (W##_ROL(b, 8) ^ (k))
#else
#define CHAM_KEY_EVEN(W, b, k) W##_ROL((b) ^ (k) ^ 1u, 1)
#define CHAM_KEY_ODD(W, b, k) (W##_ROL(b, 8) ^ (k) ^ W##_TOP)
#endif
#define CHAM_ENC(W, a, b, i, k, PARITY, r2) \
    (a) = W##_ROL(W##_NORM(((a) ^ (i)) + CHAM_KEY_##PARITY(W, b, k)), r2)
#define CHAM_DEC(W, a, b, i, k, PARITY, r2) \
    (a) = W##_NORM((W##_ROR(a, r2) - CHAM_KEY_##PARITY(W, b, k)) ^ (i))

/* Rounds i .. i + 3 with the round keys rk[0..3]. */
#define CHAM_ENC_4(W, x, i, rk)                             \
    do {                                                    \
        CHAM_ENC(W, x[0], x[1], (i), (rk)[0], EVEN, 8);     \
        CHAM_ENC(W, x[1], x[2], (i) + 1, (rk)[1], ODD, 1);  \
        CHAM_ENC(W, x[2], x[3], (i) + 2, (rk)[2], EVEN, 8); \
        CHAM_ENC(W, x[3], x[0], (i) + 3, (rk)[3], ODD, 1);  \
    } while (0)
#define CHAM_DEC_4(W, x, i, rk)                             \
    do {                                                    \
        CHAM_DEC(W, x[3], x[0], (i) + 3, (rk)[3], ODD, 1);  \
        CHAM_DEC(W, x[2], x[3], (i) + 2, (rk)[2], EVEN, 8); \
        CHAM_DEC(W, x[1], x[2], (i) + 1, (rk)[1], ODD, 1);  \
        CHAM_DEC(W, x[0], x[1], (i), (rk)[0], EVEN, 8);     \
    } while (0)

/*
 * R rounds (R a multiple of 8) with the P = 2k/w round keys RK (P = 8 or 16). On 32-bit
 * cores fully unrolled, so that round numbers and round-key offsets are constants
 * (R & 64, R & 32, ... select the blocks at compile time); on 8/16-bit cores and with
 * LWC_SMALL four rounds per step, for flash.
 */
#if LWC_WORD32 && !LWC_SMALL
#define CHAM_ENC_8(W, x, i, RK, P)                                 \
    do {                                                           \
        CHAM_ENC_4(W, x, (i), (RK) + ((i) & ((P) - 1)));           \
        CHAM_ENC_4(W, x, (i) + 4, (RK) + (((i) + 4) & ((P) - 1))); \
    } while (0)
#define CHAM_ENC_16(W, x, i, RK, P) CHAM_ENC_8(W, x, i, RK, P); CHAM_ENC_8(W, x, (i) + 8, RK, P)
#define CHAM_ENC_32(W, x, i, RK, P) CHAM_ENC_16(W, x, i, RK, P); CHAM_ENC_16(W, x, (i) + 16, RK, P)
#define CHAM_ENC_64(W, x, i, RK, P) CHAM_ENC_32(W, x, i, RK, P); CHAM_ENC_32(W, x, (i) + 32, RK, P)
#define CHAM_DEC_8(W, x, i, RK, P)                                 \
    do {                                                           \
        CHAM_DEC_4(W, x, (i) + 4, (RK) + (((i) + 4) & ((P) - 1))); \
        CHAM_DEC_4(W, x, (i), (RK) + ((i) & ((P) - 1)));           \
    } while (0)
#define CHAM_DEC_16(W, x, i, RK, P) CHAM_DEC_8(W, x, (i) + 8, RK, P); CHAM_DEC_8(W, x, i, RK, P)
#define CHAM_DEC_32(W, x, i, RK, P) CHAM_DEC_16(W, x, (i) + 16, RK, P); CHAM_DEC_16(W, x, i, RK, P)
#define CHAM_DEC_64(W, x, i, RK, P) CHAM_DEC_32(W, x, (i) + 32, RK, P); CHAM_DEC_32(W, x, i, RK, P)
#define CHAM_ENC_ROUNDS(W, x, RK, P, R)                         \
    do {                                                        \
        if ((R) & 64) { CHAM_ENC_64(W, x, 0, RK, P); }          \
        if ((R) & 32) { CHAM_ENC_32(W, x, (R) & 64, RK, P); }   \
        if ((R) & 16) { CHAM_ENC_16(W, x, (R) & 96, RK, P); }   \
        if ((R) & 8) { CHAM_ENC_8(W, x, (R) & 112, RK, P); }    \
    } while (0)
#define CHAM_DEC_ROUNDS(W, x, RK, P, R)                         \
    do {                                                        \
        if ((R) & 8) { CHAM_DEC_8(W, x, (R) & 112, RK, P); }    \
        if ((R) & 16) { CHAM_DEC_16(W, x, (R) & 96, RK, P); }   \
        if ((R) & 32) { CHAM_DEC_32(W, x, (R) & 64, RK, P); }   \
        if ((R) & 64) { CHAM_DEC_64(W, x, 0, RK, P); }          \
    } while (0)
#else
#define CHAM_ENC_ROUNDS(W, x, RK, P, R)                         \
    for (uint8_t i_ = 0; i_ < (R); i_ += 4)                     \
        CHAM_ENC_4(W, x, i_, (RK) + (i_ & ((P) - 1)))
#define CHAM_DEC_ROUNDS(W, x, RK, P, R)                         \
    for (uint8_t i_ = (R); i_;) {                               \
        i_ -= 4;                                                \
        CHAM_DEC_4(W, x, i_, (RK) + (i_ & ((P) - 1)));          \
    }
#endif

/*
 * Defines name(RK, out, in), an lwc_block_fn on the round keys that CHAM_WITH_ROUND_KEYS
 * gives: one block through the R rounds of direction DIR (ENC, DEC) with the P round
 * keys RK (of type W##_t). The words stay in local variables (registers).
 */
/* The rounds of a direction, a function of their own where the CTR calls them too (RV32),
 * else inlined into the block function. */
#if LWC_CHAM_RV32
#define CHAM_ROUNDS_LINKAGE static
#else
#define CHAM_ROUNDS_LINKAGE static inline LWC_ALWAYS_INLINE
#endif
#define CHAM_BLOCK(name, W, DIR, P, R)                                         \
    CHAM_ROUNDS_LINKAGE void name##_rounds(const W##_t *RK, W##_t state[4])    \
    {                                                                          \
        W##_t w[4] = {state[0], state[1], state[2], state[3]}; /* registers */ \
        CHAM_##DIR##_ROUNDS(W, w, RK, P, R);                                   \
        memcpy(state, w, sizeof w);                                            \
    }                                                                          \
    CHAM_BLOCK_ON(name, W)
/* The block function name on name##_rounds. */
#define CHAM_BLOCK_ON(name, W)                                                 \
    static void name(const void *round_keys, uint8_t *out, const uint8_t *in)  \
    {                                                                          \
        W##_t w[4];                                                            \
        W##_load_block(w, in);                                                 \
        name##_rounds(round_keys, w);                                          \
        W##_store_block(out, w);                                               \
    }

/* A block's four words from and to bytes: one function per word type, which 8-bit
 * builds keep out of line (one copy of the byte moves, as in the key schedule). */
#define CHAM_BLOCK_IO(W)                                                \
    static void W##_load_block(W##_t w[4], const uint8_t *in)           \
    {                                                                   \
        for (unsigned j = 0; j < 4; j++)                                \
            w[j] = W##_LOAD(in + W##_BYTES * j);                        \
    }                                                                   \
    static void W##_store_block(uint8_t *out, const W##_t w[4])         \
    {                                                                   \
        for (unsigned j = 0; j < 4; j++)                                \
            W##_STORE(out + W##_BYTES * j, w[j]);                       \
    }
CHAM_BLOCK_IO(CHAM16)
CHAM_BLOCK_IO(CHAM32)

#if LWC_WORD32
/* RK[j] from the stored masked form (see the key schedule above); on host SIMD builds
 * also for the kernels (cham_vec.h), elsewhere local (no out-of-line copy). */
#if LWC_HOST_SIMD
#define CHAM_UNMASK_LINKAGE
#else
#define CHAM_UNMASK_LINKAGE static
#endif
CHAM_UNMASK_LINKAGE void lwc_cham64_unmask(CHAM16_t RK[16], const uint16_t rk[16])
{
    for (unsigned j = 0; j < 16; j++) /* stored plain (CHAM64_PLAIN_RK) */
        RK[j] = rk[j];
}

/*
 * call runs with RK = the round keys of ks unmasked (P words W##_t): CHAM-64's made once
 * per call (the CTR engine then runs every block on them) and wiped after, CHAM-128's the
 * stored ones (CHAM128_KEYS_UNMASKED); on 8/16-bit cores with RK = the stored round keys.
 */
#define CHAM_WITH_ROUND_KEYS(W, P, ks, call) CHAM_WITH_##W##_KEYS(P, ks, call)
#define CHAM_WITH_CHAM16_KEYS(P, ks, call)   \
    do {                                     \
        CHAM16_t RK[P];                      \
        lwc_cham64_unmask(RK, (ks)->rk);     \
        call;                                \
        lwc_wipe(RK, sizeof RK);             \
    } while (0)
#define CHAM_WITH_CHAM32_KEYS(P, ks, call)   \
    do {                                     \
        const CHAM32_t *const RK = (ks)->rk; \
        call;                                \
    } while (0)
#else
#define CHAM_WITH_ROUND_KEYS(W, P, ks, call) \
    do {                                     \
        const W##_t *RK = (ks)->rk;          \
        call;                                \
    } while (0)
#endif

#if LWC_CHAM_RV32 && !LWC_SMALL
/*
 * CHAM-64/128 encryption on RV32IM (unrolled). ROL_r of the low half of s is the low half of
 * mulhu(s << 16, 2^r + 2^(16+r)): a shift and a multiply, whatever the high half holds.
 * Each word is kept as the sum s that wrote it, its value ROL8(s) after an even round and
 * ROL1(s) after an odd one, rotated only where it is used: an even round needs ROL1 of
 * its source, written by an odd round (ROL2(s)), an odd round ROL8 of its source,
 * written by an even round (ROL16(s) = s: free). 5.5 instructions a round, against 11
 * with the doubled words and 32-bit rotations (three instructions each on RV32I).
 */
static inline uint32_t cham16_rot(uint32_t s, unsigned r)
{
    if (r % 16 == 0)
        return s;
    return (uint32_t)(((uint64_t)(uint32_t)(s << 16) * ((1u << r) | (1u << (16 + r)))) >> 32);
}

/* Round i: target word a rotated by rt to its value, source b by rs (the source's
 * rotation to its value, then the round's ROL1 or ROL8). Rounds 0-3 find their target
 * words as values (rt = 0) and rounds 1 and 2 their sources too (rs = ROL8, ROL1). */
#define CHAM16_LAZY(a, b, i, k, rt, rs) (a) = (cham16_rot(a, rt) ^ (i)) + (cham16_rot(b, rs) ^ (k))
#define CHAM16_LAZY_RT(i) ((i) < 4 ? 0 : (i) & 1 ? 1 : 8)
#define CHAM16_LAZY_RS(i) ((i) & 1 ? ((i) == 1 ? 8 : 16) : (i) < 3 ? 1 : 2)
/* Round i of CHAM64_ROUNDS_88 on the block in x, and on the blocks in x and y (one key load). */
#define CHAM64_ROUND(i, j, j1) \
    CHAM16_LAZY(x[j], x[j1], i, RK[(i) & 15], CHAM16_LAZY_RT(i), CHAM16_LAZY_RS(i));
#define CHAM64_ROUND_PAIR(i, j, j1)                                                         \
    {                                                                                        \
        const CHAM16_t k_ = RK[(i) & 15];                                                    \
        CHAM16_LAZY(x[j], x[j1], i, k_, CHAM16_LAZY_RT(i), CHAM16_LAZY_RS(i));              \
        CHAM16_LAZY(y[j], y[j1], i, k_, CHAM16_LAZY_RT(i), CHAM16_LAZY_RS(i));              \
    }
/* After round 87 each word holds its sum: its value is ROL8 of it (even rounds) or ROL1. */
#define CHAM64_FINISH(x)               \
    do {                               \
        x[0] = cham16_rot(x[0], 8);    \
        x[1] = cham16_rot(x[1], 1);    \
        x[2] = cham16_rot(x[2], 8);    \
        x[3] = cham16_rot(x[3], 1);    \
    } while (0)
#else
/* The doubled words (CHAM_ENC), the parity of round i selecting its rotations. */
#define CHAM64_ENC(x, i, j, j1, k)                                                              \
    x[j] = CHAM16_ROL(CHAM16_NORM((x[j] ^ (i)) + (CHAM16_ROL(x[j1], (i) & 1 ? 8 : 1) ^ (k))), \
                      (i) & 1 ? 1 : 8)
#define CHAM64_ROUND(i, j, j1) CHAM64_ENC(x, i, j, j1, RK[(i) & 15]);
#define CHAM64_ROUND_PAIR(i, j, j1)           \
    {                                         \
        const CHAM16_t k_ = RK[(i) & 15];     \
        CHAM64_ENC(x, i, j, j1, k_);          \
        CHAM64_ENC(y, i, j, j1, k_);          \
    }
#define CHAM64_FINISH(x) (void)0
#endif

/* The 88 rounds of CHAM-64/128, unrolled, as R(i, j, j1): round i rewrites word j = i mod 4
 * from word j1 = i + 1 mod 4 with the round key RK[i mod 16]. */
#define CHAM64_ROUNDS_4(R, i) R(i, 0, 1) R((i) + 1, 1, 2) R((i) + 2, 2, 3) R((i) + 3, 3, 0)
#define CHAM64_ROUNDS_16(R, i) \
    CHAM64_ROUNDS_4(R, i) CHAM64_ROUNDS_4(R, (i) + 4) CHAM64_ROUNDS_4(R, (i) + 8) CHAM64_ROUNDS_4(R, (i) + 12)
#define CHAM64_ROUNDS_88(R)                                                                        \
    CHAM64_ROUNDS_16(R, 0) CHAM64_ROUNDS_16(R, 16) CHAM64_ROUNDS_16(R, 32) CHAM64_ROUNDS_16(R, 48) \
    CHAM64_ROUNDS_16(R, 64) CHAM64_ROUNDS_4(R, 80) CHAM64_ROUNDS_4(R, 84)
LWC_STATIC_ASSERT(cham64_rounds_88, LWC_CHAM64_128_ROUNDS == 88);

/* CHAM-64/128 encryption unrolled on the stored round keys (CHAM64_PLAIN_RK), or the
 * generic rounds on an unmasked copy (CHAM_WITH_ROUND_KEYS). */
#define CHAM64_UNROLLED (LWC_WORD32 && !LWC_SMALL)
#if CHAM64_UNROLLED
typedef uint16_t cham64_enc_key_t; /* the type of the round keys encryption reads */
#define CHAM64_ENC_KEYS(ks, call)       \
    do {                                \
        const uint16_t *RK = (ks)->rk;  \
        call;                           \
    } while (0)
CHAM_ROUNDS_LINKAGE void cham64_128_enc_rounds(const uint16_t *RK, CHAM16_t state[4])
{
    CHAM16_t x[4] = {state[0], state[1], state[2], state[3]}; /* registers */
    CHAM64_ROUNDS_88(CHAM64_ROUND)
    CHAM64_FINISH(x);
    memcpy(state, x, sizeof x);
}
CHAM_BLOCK_ON(cham64_128_enc, CHAM16)
#else
typedef CHAM16_t cham64_enc_key_t;
#define CHAM64_ENC_KEYS(ks, call) CHAM_WITH_ROUND_KEYS(CHAM16, 16, ks, call)
CHAM_BLOCK(cham64_128_enc, CHAM16, ENC, 16, LWC_CHAM64_128_ROUNDS)
#endif
CHAM_BLOCK(cham64_128_dec, CHAM16, DEC, 16, LWC_CHAM64_128_ROUNDS)
CHAM_BLOCK(cham128_128_enc, CHAM32, ENC, 8, LWC_CHAM128_128_ROUNDS)
CHAM_BLOCK(cham128_128_dec, CHAM32, DEC, 8, LWC_CHAM128_128_ROUNDS)
CHAM_BLOCK(cham128_256_enc, CHAM32, ENC, 16, LWC_CHAM128_256_ROUNDS)
CHAM_BLOCK(cham128_256_dec, CHAM32, DEC, 16, LWC_CHAM128_256_ROUNDS)

#if LWC_CHAM128_MODE_HOOKS && LWC_CHAM_IMPL == LWC_IMPL_C
/*
 * EAX's and CCM's hooks for CHAM-128 in C (LWC_CHAM128_MODE_HOOKS; contracts:
 * src/modes/modes_internal.h) on the stored round keys: the CBC-MAC step loads the chain
 * and the message block once each and XORs them as words; CTR with a secret counter
 * (cham128_secret_run) keeps the counter's last word as a big-endian number and the three
 * above it as the block's words before and after the carry out of the last, which comes at
 * most once in a run of fewer than 2^32 blocks: each block takes them by a mask, without a
 * branch, and byte-reverses one word where it would reverse four (9 instructions each on
 * RV32, which has no byte reversal).
 */
#define CHAM128_SECRET_RUN ((size_t)1 << 31) /* blocks: fewer than 2^32 */
#define CHAM128_MODE_HOOKS(X)                                                                      \
    void lwc_##X##_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy)       \
    {                                                                                              \
        const int aligned = lwc_aligned4(chain) && lwc_aligned4(m) && lwc_aligned4(copy);          \
        uint32_t m0, m1, m2, m3;                                                                   \
        CHAM32_t x[4];                                                                             \
        LWC_LOAD4LE(m, aligned, m0, m1, m2, m3);                                                   \
        LWC_LOAD4LE(chain, aligned, x[0], x[1], x[2], x[3]);                                       \
        if (copy != chain)                                                                         \
            LWC_STORE4LE(copy, aligned, m0, m1, m2, m3);                                           \
        x[0] ^= m0, x[1] ^= m1, x[2] ^= m2, x[3] ^= m3;                                            \
        X##_enc_rounds(((const lwc_##X##_key *)ks)->rk, x);                                        \
        LWC_STORE4LE(chain, aligned, x[0], x[1], x[2], x[3]);                                      \
    }                                                                                              \
    static void X##_secret_run(const CHAM32_t *RK, uint8_t *counter, uint8_t *out, const uint8_t *in, \
                               size_t blocks)                                                      \
    {                                                                                              \
        const int aligned = lwc_aligned4(out) && lwc_aligned4(in);                                 \
        uint32_t n0 = lwc_load32be(counter), n1 = lwc_load32be(counter + 4);                       \
        uint32_t n2 = lwc_load32be(counter + 8), low = lwc_load32be(counter + 12), carry;          \
        /* the block's upper words before the carry, and what it changes in them */               \
        const uint32_t x0 = lwc_bswap32(n0), x1 = lwc_bswap32(n1), x2 = lwc_bswap32(n2);           \
        uint32_t d0, d1, d2, wrapped = 0; /* all ones after the carry */                           \
        n2 += 1;                                                                                   \
        carry = n2 == 0;                                                                           \
        n1 += carry;                                                                               \
        carry &= n1 == 0;                                                                          \
        n0 += carry;                                                                               \
        d0 = x0 ^ lwc_bswap32(n0), d1 = x1 ^ lwc_bswap32(n1), d2 = x2 ^ lwc_bswap32(n2);           \
        for (; blocks; blocks--, out += 16, in += 16) {                                            \
            CHAM32_t x[4] = {x0 ^ (d0 & wrapped), x1 ^ (d1 & wrapped), x2 ^ (d2 & wrapped),        \
                             lwc_bswap32(low)};                                                    \
            uint32_t m0, m1, m2, m3;                                                               \
            X##_enc_rounds(RK, x);                                                                 \
            LWC_LOAD4LE(in, aligned, m0, m1, m2, m3);                                              \
            LWC_STORE4LE(out, aligned, x[0] ^ m0, x[1] ^ m1, x[2] ^ m2, x[3] ^ m3);                \
            low += 1;                                                                              \
            wrapped |= 0u - (uint32_t)(low == 0);                                                  \
        }                                                                                          \
        lwc_store32be(counter, lwc_bswap32(x0 ^ (d0 & wrapped)));                                  \
        lwc_store32be(counter + 4, lwc_bswap32(x1 ^ (d1 & wrapped)));                              \
        lwc_store32be(counter + 8, lwc_bswap32(x2 ^ (d2 & wrapped)));                              \
        lwc_store32be(counter + 12, low);                                                          \
    }                                                                                              \
    void lwc_##X##_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in,   \
                              size_t blocks)                                                       \
    {                                                                                              \
        for (size_t run; blocks; blocks -= run, out += 16 * run, in += 16 * run) {                 \
            run = blocks < CHAM128_SECRET_RUN ? blocks : CHAM128_SECRET_RUN;                       \
            X##_secret_run(((const lwc_##X##_key *)ks)->rk, counter, out, in, run);                \
        }                                                                                          \
    }
CHAM128_MODE_HOOKS(cham128_128)
CHAM128_MODE_HOOKS(cham128_256)
#endif

void lwc_cham64_128_encrypt(const lwc_cham64_128_key *ks, uint8_t *out, const uint8_t *in)
{
    CHAM64_ENC_KEYS(ks, cham64_128_enc(RK, out, in));
}

void lwc_cham64_128_decrypt(const lwc_cham64_128_key *ks, uint8_t *out, const uint8_t *in)
{
    CHAM_WITH_ROUND_KEYS(CHAM16, 16, ks, cham64_128_dec(RK, out, in));
}

#if LWC_CHAM64_PAIR
/*
 * A block as two little-endian words: one load or store each where the pair's buffers are
 * all 4-byte aligned (the modes' are) on a little-endian core that needs it (RV32), else
 * lwc_load32le (single loads where unaligned ones are allowed). The words' halves are the
 * block's CHAM16 words (NORM: the lazy rounds read only the low half).
 */
#if !LWC_UNALIGNED_WORDS && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CHAM64_WORD_IN(p, aligned) ((aligned) ? lwc_load32_aligned(p) : lwc_load32le(p))
#define CHAM64_WORD_OUT(p, aligned, v) ((aligned) ? lwc_store32_aligned(p, v) : lwc_store32le(p, v))
#else
#define CHAM64_WORD_IN(p, aligned) ((void)(aligned), lwc_load32le(p))
#define CHAM64_WORD_OUT(p, aligned, v) ((void)(aligned), lwc_store32le(p, v))
#endif
#if LWC_CHAM_RV32
#define CHAM64_IN(w) (w)
#else
#define CHAM64_IN(w) CHAM16_NORM(w)
#endif
#define CHAM64_LOAD_PAIR(x, in, aligned)                      \
    do {                                                      \
        const uint32_t w0_ = CHAM64_WORD_IN(in, aligned);     \
        const uint32_t w1_ = CHAM64_WORD_IN((in) + 4, aligned); \
        x[0] = CHAM64_IN(w0_);                                \
        x[1] = CHAM64_IN(w0_ >> 16);                          \
        x[2] = CHAM64_IN(w1_);                                \
        x[3] = CHAM64_IN(w1_ >> 16);                          \
    } while (0)
#define CHAM64_STORE_PAIR(out, x, aligned)                                           \
    do {                                                                             \
        CHAM64_WORD_OUT(out, aligned, (x[0] & 0xffffu) | (uint32_t)x[1] << 16);       \
        CHAM64_WORD_OUT((out) + 4, aligned, (x[2] & 0xffffu) | (uint32_t)x[3] << 16); \
    } while (0)

/* Two blocks in one pass (lwc_block_pair_fn, for the modes' message pass): their rounds
 * interleaved, each round key loaded once for both. */
static void cham64_128_enc_pair(const uint16_t *RK, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out,
                                const uint8_t *b_in)
{
    const int aligned = lwc_aligned4(a_out) && lwc_aligned4(a_in) && lwc_aligned4(b_out) && lwc_aligned4(b_in);
    CHAM16_t x[4], y[4];
    CHAM64_LOAD_PAIR(x, a_in, aligned);
    CHAM64_LOAD_PAIR(y, b_in, aligned);
    CHAM64_ROUNDS_88(CHAM64_ROUND_PAIR)
    CHAM64_FINISH(x);
    CHAM64_FINISH(y);
    CHAM64_STORE_PAIR(a_out, x, aligned);
    CHAM64_STORE_PAIR(b_out, y, aligned);
}

void lwc_cham64_128_encrypt_pair(const void *ks, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out,
                                 const uint8_t *b_in)
{
    CHAM64_ENC_KEYS((const lwc_cham64_128_key *)ks, cham64_128_enc_pair(RK, a_out, a_in, b_out, b_in));
}
#endif

void lwc_cham128_128_encrypt(const lwc_cham128_128_key *ks, uint8_t *out, const uint8_t *in)
{
    CHAM_WITH_ROUND_KEYS(CHAM32, 8, ks, cham128_128_enc(RK, out, in));
}

void lwc_cham128_128_decrypt(const lwc_cham128_128_key *ks, uint8_t *out, const uint8_t *in)
{
    CHAM_WITH_ROUND_KEYS(CHAM32, 8, ks, cham128_128_dec(RK, out, in));
}

void lwc_cham128_256_encrypt(const lwc_cham128_256_key *ks, uint8_t *out, const uint8_t *in)
{
    CHAM_WITH_ROUND_KEYS(CHAM32, 16, ks, cham128_256_enc(RK, out, in));
}

void lwc_cham128_256_decrypt(const lwc_cham128_256_key *ks, uint8_t *out, const uint8_t *in)
{
    CHAM_WITH_ROUND_KEYS(CHAM32, 16, ks, cham128_256_dec(RK, out, in));
}
#endif

#if LWC_CHAM_IMPL == LWC_IMPL_ARMV6M
/* cham_armv6m.S: the block functions on aligned words (lwc_block_words) and CTR's whole
 * blocks (below). */
void lwc_cham64_128_encrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_cham64_128_decrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_cham128_128_encrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_cham128_128_decrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_cham128_256_encrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_cham128_256_decrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_cham64_128_ctr_words(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
void lwc_cham128_128_ctr_words(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
void lwc_cham128_256_ctr_words(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);

void lwc_cham64_128_encrypt(const lwc_cham64_128_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_cham64_128_encrypt_words, ks, 8, out, in);
}

void lwc_cham64_128_decrypt(const lwc_cham64_128_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_cham64_128_decrypt_words, ks, 8, out, in);
}

void lwc_cham128_128_encrypt(const lwc_cham128_128_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_cham128_128_encrypt_words, ks, 16, out, in);
}

void lwc_cham128_128_decrypt(const lwc_cham128_128_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_cham128_128_decrypt_words, ks, 16, out, in);
}

void lwc_cham128_256_encrypt(const lwc_cham128_256_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_cham128_256_encrypt_words, ks, 16, out, in);
}

void lwc_cham128_256_decrypt(const lwc_cham128_256_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_cham128_256_decrypt_words, ks, 16, out, in);
}

/* The modes' hooks (LWC_CHAM_MODE_HOOKS): cham_armv6m.S's on aligned words. */
LWC_MODE_HOOKS_WORDS(cham64_128, 8)
LWC_MODE_HOOKS_WORDS(cham128_128, 16)
LWC_MODE_HOOKS_WORDS(cham128_256, 16)
#endif

void lwc_cham64_128_setkey(lwc_cham64_128_key *ks, const uint8_t *key)
{
    cham64_setkey(ks->rk, key);
}

void lwc_cham128_128_setkey(lwc_cham128_128_key *ks, const uint8_t *key)
{
    cham128_setkey(ks->rk, key, 4);
}

void lwc_cham128_256_setkey(lwc_cham128_256_key *ks, const uint8_t *key)
{
    cham128_setkey(ks->rk, key, 8);
}

#if LWC_CHAM_IMPL == LWC_IMPL_AVR
/*
 * CTR on the ATmega: the assembly contract of lwc_internal.h. lwc_X_ctr_blocks
 * (cham_avr.S) takes from ctx->pre what rounds 0 .. 4 compute without the last word X3;
 * X3 holds the low bits of the big-endian counter, the window: 16 bits for CHAM-64, 32
 * for CHAM-128. cham_avr.S relies on these offsets.
 */
#define CHAM_CTR_CHECK(X, name, field, off) \
    LWC_STATIC_ASSERT(name, offsetof(lwc_##X##_ctr, field) == (off))
CHAM_CTR_CHECK(cham64_128, cham64_ctr_off_counter, counter, 32);
CHAM_CTR_CHECK(cham64_128, cham64_ctr_off_pre, pre, 41);
CHAM_CTR_CHECK(cham64_128, cham64_ctr_off_io, io, 49);
CHAM_CTR_CHECK(cham128_128, cham128_ctr_off_counter, counter, 32);
CHAM_CTR_CHECK(cham128_128, cham128_ctr_off_pre, pre, 32 + 17);
CHAM_CTR_CHECK(cham128_128, cham128_ctr_off_io, io, 32 + 35);
CHAM_CTR_CHECK(cham128_256, cham256_ctr_off_counter, counter, 64);
CHAM_CTR_CHECK(cham128_256, cham256_ctr_off_pre, pre, 64 + 17);
CHAM_CTR_CHECK(cham128_256, cham256_ctr_off_io, io, 64 + 35);
LWC_CTR_WINDOW_LAYOUT(cham64_ctr_layout, lwc_cham64_128_ctr, counter, pre_valid, 8);
LWC_CTR_WINDOW_LAYOUT(cham128_ctr_layout, lwc_cham128_128_ctr, counter, pre_valid, 16);
LWC_CTR_WINDOW_LAYOUT(cham256_ctr_layout, lwc_cham128_256_ctr, counter, pre_valid, 16);

void lwc_cham64_128_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in, uint8_t nblocks);
void lwc_cham128_128_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in, uint8_t nblocks);
void lwc_cham128_256_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in, uint8_t nblocks);

void lwc_cham64_128_ctr_init(lwc_cham64_128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_cham64_128_setkey(&ctx->ks, key);
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 8);
}

void lwc_cham64_128_ctr_setiv(lwc_cham64_128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 8);
}

void lwc_cham64_128_ctr_crypt(lwc_cham64_128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_window_crypt(lwc_cham64_128_ctr_blocks, ctx->counter, 8, 2,
                         LWC_CTR_STREAM_OFFSET(lwc_cham64_128_ctr, counter), out, in, len);
}

void lwc_cham128_128_ctr_init(lwc_cham128_128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_cham128_128_setkey(&ctx->ks, key);
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 16);
}

void lwc_cham128_128_ctr_setiv(lwc_cham128_128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 16);
}

void lwc_cham128_128_ctr_crypt(lwc_cham128_128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_window_crypt(lwc_cham128_128_ctr_blocks, ctx->counter, 16, 4,
                         LWC_CTR_STREAM_OFFSET(lwc_cham128_128_ctr, counter), out, in, len);
}

void lwc_cham128_256_ctr_init(lwc_cham128_256_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_cham128_256_setkey(&ctx->ks, key);
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 16);
}

void lwc_cham128_256_ctr_setiv(lwc_cham128_256_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 16);
}

void lwc_cham128_256_ctr_crypt(lwc_cham128_256_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_window_crypt(lwc_cham128_256_ctr_blocks, ctx->counter, 16, 4,
                         LWC_CTR_STREAM_OFFSET(lwc_cham128_256_ctr, counter), out, in, len);
}
#else
void lwc_cham64_128_ctr_init(lwc_cham64_128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_cham64_128_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_cham64_128_ctr_setiv(lwc_cham64_128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_cham128_128_ctr_init(lwc_cham128_128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_cham128_128_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_cham128_128_ctr_setiv(lwc_cham128_128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_cham128_256_ctr_init(lwc_cham128_256_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_cham128_256_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_cham128_256_ctr_setiv(lwc_cham128_256_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

#if LWC_CHAM_IMPL == LWC_IMPL_ARMV6M || LWC_CHAM_RV32
/* CTR's whole blocks in cham_armv6m.S or the C below (lwc_ctr_xcrypt_words), which find
 * the counter right after the round keys. */
LWC_STATIC_ASSERT(cham64_ctr_counter, offsetof(lwc_cham64_128_ctr, counter) == sizeof(lwc_cham64_128_key));
LWC_STATIC_ASSERT(cham128_ctr_counter, offsetof(lwc_cham128_128_ctr, counter) == sizeof(lwc_cham128_128_key));
LWC_STATIC_ASSERT(cham256_ctr_counter, offsetof(lwc_cham128_256_ctr, counter) == sizeof(lwc_cham128_256_key));

#if LWC_CHAM_RV32
/* The counter blocks of a call differ in their last four bytes only: the last word (X3)
 * of CHAM-128, the last two halves (X2, X3) of CHAM-64/128, byte-reversed. CHAM-128's round
 * keys are unmasked once per call (CHAM-64/128's read as stored); the state of a block
 * stays in registers. */
static void cham64_ctr_run(const cham64_enc_key_t *RK, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const CHAM16_t x0 = CHAM16_LOAD(counter), x1 = CHAM16_LOAD(counter + 2);
    uint32_t low = lwc_load32be(counter + 4);
    for (; nblocks; nblocks--, low++, out += 8, in += 8) {
        const uint32_t w = lwc_bswap32(low);
        CHAM16_t x[4] = {x0, x1, CHAM16_NORM(w), CHAM16_NORM(w >> 16)};
        cham64_128_enc_rounds(RK, x);
        lwc_store32_aligned(out, lwc_load32_aligned(in) ^ ((x[0] & 0xffffu) | x[1] << 16));
        lwc_store32_aligned(out + 4, lwc_load32_aligned(in + 4) ^ ((x[2] & 0xffffu) | x[3] << 16));
    }
    lwc_store32be(counter + 4, low);
}

#define CHAM128_CTR_RUN(fname, rounds)                                                          \
    static void fname(const CHAM32_t *RK, uint8_t *counter, uint8_t *out, const uint8_t *in,   \
                      size_t nblocks)                                                          \
    {                                                                                          \
        const uint32_t x0 = lwc_load32_aligned(counter), x1 = lwc_load32_aligned(counter + 4); \
        const uint32_t x2 = lwc_load32_aligned(counter + 8);                                   \
        uint32_t low = lwc_load32be(counter + 12);                                             \
        for (; nblocks; nblocks--, low++, out += 16, in += 16) {                               \
            CHAM32_t x[4] = {x0, x1, x2, lwc_bswap32(low)};                                    \
            rounds(RK, x);                                                                     \
            lwc_store32_aligned(out, lwc_load32_aligned(in) ^ x[0]);                           \
            lwc_store32_aligned(out + 4, lwc_load32_aligned(in + 4) ^ x[1]);                   \
            lwc_store32_aligned(out + 8, lwc_load32_aligned(in + 8) ^ x[2]);                   \
            lwc_store32_aligned(out + 12, lwc_load32_aligned(in + 12) ^ x[3]);                 \
        }                                                                                      \
        lwc_store32be(counter + 12, low);                                                      \
    }
CHAM128_CTR_RUN(cham128_128_ctr_run, cham128_128_enc_rounds)
CHAM128_CTR_RUN(cham128_256_ctr_run, cham128_256_enc_rounds)

static void cham64_128_ctr_words(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lwc_cham64_128_ctr *c = ctx;
    CHAM64_ENC_KEYS(&c->ks, cham64_ctr_run(RK, c->counter, out, in, nblocks));
}

static void cham128_128_ctr_words(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lwc_cham128_128_ctr *c = ctx;
    CHAM_WITH_ROUND_KEYS(CHAM32, 8, &c->ks, cham128_128_ctr_run(RK, c->counter, out, in, nblocks));
}

static void cham128_256_ctr_words(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lwc_cham128_256_ctr *c = ctx;
    CHAM_WITH_ROUND_KEYS(CHAM32, 16, &c->ks, cham128_256_ctr_run(RK, c->counter, out, in, nblocks));
}
#else
#define cham64_128_ctr_words lwc_cham64_128_ctr_words
#define cham128_128_ctr_words lwc_cham128_128_ctr_words
#define cham128_256_ctr_words lwc_cham128_256_ctr_words
#endif

void lwc_cham64_128_ctr_crypt(lwc_cham64_128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt_words(cham64_128_ctr_words, ctx, 8, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}

void lwc_cham128_128_ctr_crypt(lwc_cham128_128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt_words(cham128_128_ctr_words, ctx, 16, ctx->counter, ctx->stream, &ctx->used, out, in,
                         len);
}

void lwc_cham128_256_ctr_crypt(lwc_cham128_256_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt_words(cham128_256_ctr_words, ctx, 16, ctx->counter, ctx->stream, &ctx->used, out, in,
                         len);
}
#else
/*
 * CTR on the C rounds: the round keys unmasked once per call for every block of it (on
 * host SIMD builds, cham_simd.c's kernel of the current level runs the call instead).
 */
void lwc_cham64_128_ctr_crypt(lwc_cham64_128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    LWC_SIMD_CTR_FIRST(lwc_simd_kernel_cham64_128, ctx, 8, out, in, len);
    CHAM64_ENC_KEYS(&ctx->ks, lwc_ctr_xcrypt(cham64_128_enc, RK, 8, ctx->counter, ctx->stream, &ctx->used,
                                             out, in, len));
}

void lwc_cham128_128_ctr_crypt(lwc_cham128_128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    LWC_SIMD_CTR_FIRST(lwc_simd_kernel_cham128_128, ctx, 16, out, in, len);
    CHAM_WITH_ROUND_KEYS(CHAM32, 8, &ctx->ks,
                         lwc_ctr_xcrypt(cham128_128_enc, RK, 16, ctx->counter, ctx->stream, &ctx->used,
                                        out, in, len));
}

void lwc_cham128_256_ctr_crypt(lwc_cham128_256_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    LWC_SIMD_CTR_FIRST(lwc_simd_kernel_cham128_256, ctx, 16, out, in, len);
    CHAM_WITH_ROUND_KEYS(CHAM32, 16, &ctx->ks,
                         lwc_ctr_xcrypt(cham128_256_enc, RK, 16, ctx->counter, ctx->stream, &ctx->used,
                                        out, in, len));
}
#endif
#endif
