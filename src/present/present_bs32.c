/*
 * PRESENT bitsliced over 32-bit words, two blocks per pass (LWC_BITSLICE32 builds), after
 * the representation of Reis, Aranha and Lopez ("PRESENT runs fast", CHES 2017).
 *
 * State bit i (0..63) of block B is split into three 2-bit fields: F0 = i1 i0 (bit of
 * its nibble), F1 = i3 i2 and F2 = i5 i4 (nibble = 4 F2 + F1). Four words q[0..3] hold
 * the two blocks; the word number must be F0 for the S-box layer, and bit position
 * p (0..31) holds B at p4 and F1, F2 at p3..p0 in one of two layouts:
 *   layout 0 (even rounds): p3 p2 = F1, p1 p0 = F2
 *   layout 1 (odd rounds):  p3 p2 = F2, p1 p0 = F1.
 * The pLayer (i -> 16 i mod 63) only relabels fields: new F0 = old F1, new F1 = old F2,
 * new F2 = old F0. So after the S-box, swapping the word number with the position field
 * that holds old F1 finishes the round: 4 swap-moves, and the layouts alternate. Round
 * keys are stored in their round's layout. Every conversion between a layout and the
 * plain words is a chain of word-number <-> position-bit swaps (2 swap-moves each), the
 * shortest found for the layout each direction needs.
 *
 * The S-box circuit leaves output bits 2 and 3 complemented; round keys 1..31 carry that
 * complement (moved by the round's swap), so the key addition removes it, and decryption
 * uses the inverse of the complemented S-box. No tables, no data-dependent branches.
 */
#include "../common/lwc_simd.h"
#include "present_internal.h"

#if LWC_PRESENT_IMPL == LWC_IMPL_BITSLICE32

/* The positions with bit k clear: 0x55555555, 0x33333333, 0x0f0f0f0f, 0x00ff00ff, 0x0000ffff. */
#define CLEAR_BIT_MASK(k) (uint32_t)(0xffffffffu / ((1u << (1u << (k))) + 1u))

/* Swaps word-number bit 0 (pairs q0 q1, q2 q3) with position bit k. */
#define SWAP_W0(q, k)                                           \
    do {                                                        \
        LWC_SWAPMOVE(q[0], q[1], 1u << (k), CLEAR_BIT_MASK(k)); \
        LWC_SWAPMOVE(q[2], q[3], 1u << (k), CLEAR_BIT_MASK(k)); \
    } while (0)
/* Swaps word-number bit 1 (pairs q0 q2, q1 q3) with position bit k. */
#define SWAP_W1(q, k)                                           \
    do {                                                        \
        LWC_SWAPMOVE(q[0], q[2], 1u << (k), CLEAR_BIT_MASK(k)); \
        LWC_SWAPMOVE(q[1], q[3], 1u << (k), CLEAR_BIT_MASK(k)); \
    } while (0)

/* The round swaps: word number <-> p1 p0 (layout 1 -> 0), <-> p3 p2 (layout 0 -> 1). */
static inline void swap_low_field(uint32_t q[4])
{
    SWAP_W0(q, 0);
    SWAP_W1(q, 1);
}

static inline void swap_high_field(uint32_t q[4])
{
    SWAP_W0(q, 2);
    SWAP_W1(q, 3);
}

/*
 * Plain words: x[0], x[1] = bits 31..0 of blocks 0, 1 and x[2], x[3] = bits 63..32, bit
 * i at position i4..i0, so the word number is (i5 B). To layout 0: word number bit 1
 * <-> p1, bit 0 <-> p4, bit 0 <-> p0.
 */
static inline void plain_to_layout0(uint32_t q[4])
{
    SWAP_W1(q, 1);
    SWAP_W0(q, 4);
    SWAP_W0(q, 0);
}

/* To layout 1: word number bit 1 <-> p3, p1; bit 0 <-> p4, p2, p0. */
static inline void plain_to_layout1(uint32_t q[4])
{
    SWAP_W1(q, 3);
    SWAP_W1(q, 1);
    SWAP_W0(q, 4);
    SWAP_W0(q, 2);
    SWAP_W0(q, 0);
}

/* Back to plain words (the word number of x[] is then (i5 B) again). */
static inline void layout1_to_plain(uint32_t q[4])
{
    SWAP_W0(q, 0);
    SWAP_W0(q, 2);
    SWAP_W0(q, 4);
    SWAP_W1(q, 1);
    SWAP_W1(q, 3);
}

static inline void layout0_to_plain(uint32_t q[4])
{
    SWAP_W0(q, 0);
    SWAP_W0(q, 4);
    SWAP_W1(q, 1);
}

/*
 * The S-box (C56B90AD3EF84712) with outputs 2 and 3 complemented, from its algebraic
 * normal form: y0 = x0+x2+x3+x1x2, y1 = x1+x3+v+x0w, ~y2 = x2+x3+x1x3+x0u,
 * ~y3 = x0+x1+x3+x1x2+x0w, where v = x3(x1+x2), w = x1x2+v, u = x1+x3+v; with
 * x2+x3+x1x3 = x1+x2+(x1|x3) and d = x0+x1+x3+x1x2 shared by y0 = d+x1+x2 and ~y3 = d+x0w:
 * 16 operations.
 */
static inline void sbox_layer(uint32_t q[4])
{
    const uint32_t x0 = q[0], x1 = q[1], x2 = q[2], x3 = q[3];
    const uint32_t x12 = x1 ^ x2, x13 = x1 ^ x3;
    const uint32_t t = x1 & x2;
    const uint32_t v = x3 & x12;
    const uint32_t z = x0 & (t ^ v);
    const uint32_t u = x13 ^ v;
    const uint32_t d = x0 ^ x13 ^ t;
    q[0] = d ^ x12;
    q[1] = u ^ z;
    q[2] = x12 ^ (x1 | x3) ^ (x0 & u);
    q[3] = d ^ z;
}

/*
 * Inverse of the complemented S-box (x = S^-1(y + 1100), from its normal form with
 * a = y1y3, b = y1y2, c = y2y3): x0 = y0+y1+y2+a, x1 = y0+y2+a+c+y0(b+y3+a+c),
 * x2 = y0+y3+a+b+y0(y1+a+b+c), x3 = y1+y2+y3+y0(y2+y3+b+c).
 */
static inline void inv_sbox_layer(uint32_t q[4])
{
    const uint32_t y0 = q[0], y1 = q[1], y2 = q[2], y3 = q[3];
    const uint32_t a = y1 & y3, b = y1 & y2, c = y2 & y3;
    const uint32_t ac = a ^ c, ab = a ^ b;
    q[0] = y0 ^ y1 ^ y2 ^ a;
    q[1] = y0 ^ y2 ^ ac ^ (y0 & (b ^ y3 ^ ac));
    q[2] = y0 ^ y3 ^ ab ^ (y0 & (y1 ^ ab ^ c));
    q[3] = y1 ^ y2 ^ y3 ^ (y0 & (y2 ^ y3 ^ b ^ c));
}

static inline void add_round_key(uint32_t q[4], const uint32_t rk[4])
{
    q[0] ^= rk[0];
    q[1] ^= rk[1];
    q[2] ^= rk[2];
    q[3] ^= rk[3];
}

/*
 * Output words: layout 1 to plain words with position bits 4 and 3 complemented (the words'
 * numbers complemented before the swaps that set them: free), so that each word stored
 * little-endian holds four bytes of a big-endian block. Block 0 bytes 0-3 are then in q[1],
 * bytes 4-7 in q[3], block 1's in q[0] and q[2].
 */
static inline void layout1_to_output(uint32_t q[4])
{
    SWAP_W0(q, 0);
    SWAP_W0(q, 2);
    LWC_SWAPMOVE(q[1], q[0], 16, 0x0000ffffu); /* SWAP_W0(q, 4) on the words renumbered */
    LWC_SWAPMOVE(q[3], q[2], 16, 0x0000ffffu);
    SWAP_W1(q, 1);
    LWC_SWAPMOVE(q[2], q[0], 8, 0x00ff00ffu); /* SWAP_W1(q, 3) likewise */
    LWC_SWAPMOVE(q[3], q[1], 8, 0x00ff00ffu);
}

/*
 * The rounds of encryption on a state in layout 0 (two blocks), left in layout 1 with the
 * last round key added. The rounds work on a local copy, which the compiler keeps in
 * registers (q could alias the round keys).
 */
#define ROUNDS_OF_STATES(EACH)                              \
    for (unsigned r = 0; r < 30; r += 2) {                  \
        EACH(add_round_key, ks->rk[r]) EACH(sbox_layer_of, 0) \
        EACH(swap_high_of, 0)                               \
        EACH(add_round_key, ks->rk[r + 1]) EACH(sbox_layer_of, 0) \
        EACH(swap_low_of, 0)                                \
    }                                                       \
    EACH(add_round_key, ks->rk[30]) EACH(sbox_layer_of, 0)  \
    EACH(swap_high_of, 0) EACH(add_round_key, ks->rk[31])
#define sbox_layer_of(x, k) sbox_layer(x)
#define swap_high_of(x, k) swap_high_field(x)
#define swap_low_of(x, k) swap_low_field(x)

static void encrypt_layout0(const lwc_present_key *ks, uint32_t q[4])
{
#if LWC_PRESENT_BS32_ARMV6M
    lwc_present_bs32_rounds(q, ks->rk);
#else
    uint32_t x[4] = {q[0], q[1], q[2], q[3]};
#define ON_X(f, k) f(x, k);
    ROUNDS_OF_STATES(ON_X)
#undef ON_X
    q[0] = x[0], q[1] = x[1], q[2] = x[2], q[3] = x[3];
#endif
}

#if LWC_ARCH_RV32 && !LWC_SMALL
/* The same on two states (four blocks), which share each round key's loads (RV32: the
 * registers hold both states and a round key). */
static inline LWC_ALWAYS_INLINE void encrypt_layout0_two(const lwc_present_key *ks, uint32_t q0[4], uint32_t q1[4])
{
    uint32_t x[4] = {q0[0], q0[1], q0[2], q0[3]}, y[4] = {q1[0], q1[1], q1[2], q1[3]};
#define ON_XY(f, k) f(x, k); f(y, k);
    ROUNDS_OF_STATES(ON_XY)
#undef ON_XY
    q0[0] = x[0], q0[1] = x[1], q0[2] = x[2], q0[3] = x[3];
    q1[0] = y[0], q1[1] = y[1], q1[2] = y[2], q1[3] = y[3];
}
#endif

/* Encrypts the two blocks in state[] (plain words) in place. */
static void encrypt_words(const lwc_present_key *ks, uint32_t state[4])
{
    uint32_t x[4] = {state[0], state[1], state[2], state[3]};
    plain_to_layout0(x);
    encrypt_layout0(ks, x);
    layout1_to_plain(x);
    memcpy(state, x, sizeof x);
}

static void decrypt_words(const lwc_present_key *ks, uint32_t state[4])
{
    uint32_t x[4] = {state[0], state[1], state[2], state[3]};
    plain_to_layout1(x);
    add_round_key(x, ks->rk[31]);
    swap_high_field(x);
    inv_sbox_layer(x);
    add_round_key(x, ks->rk[30]);
    for (unsigned r = 30; r > 0; r -= 2) {
        swap_low_field(x);
        inv_sbox_layer(x);
        add_round_key(x, ks->rk[r - 1]);
        swap_high_field(x);
        inv_sbox_layer(x);
        add_round_key(x, ks->rk[r - 2]);
    }
    layout0_to_plain(x);
    memcpy(state, x, sizeof x);
}

void lwc_present_bs32_set_round_key(lwc_present_key *ks, unsigned r, uint64_t rk)
{
    uint32_t *k = ks->rk[r];
    k[0] = k[1] = (uint32_t)rk;
    k[2] = k[3] = (uint32_t)(rk >> 32);
    if (r % 2)
        plain_to_layout1(k);
    else
        plain_to_layout0(k);
    if (r != 0) {
        /* The S-box complement of the previous round, moved by its swap. */
        uint32_t c[4] = {0, 0, 0xffffffffu, 0xffffffffu};
        if (r % 2)
            swap_high_field(c);
        else
            swap_low_field(c);
        add_round_key(k, c);
    }
}

/* One S-box lookup without a table, for the key schedule: the circuit on bit 0 of words. */
uint8_t lwc_present_bs32_sbox(uint8_t x)
{
    uint32_t q[4] = {x & 1u, x >> 1 & 1u, x >> 2 & 1u, x >> 3 & 1u};
    sbox_layer(q);
    return (uint8_t)((q[0] | q[1] << 1 | (q[2] ^ 1) << 2 | (q[3] ^ 1) << 3) & 15);
}

/* Block a in lane 0, block b in lane 1 (in place allowed); b_in == a_in: one block, loaded
 * once, and stored once if b_out == a_out too (the pointers are public). */
static void crypt_pair(void (*words)(const lwc_present_key *, uint32_t *), const lwc_present_key *ks,
                       uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out, const uint8_t *b_in)
{
    uint32_t x[4];
    x[0] = x[1] = lwc_load32be(a_in + 4);
    x[2] = x[3] = lwc_load32be(a_in);
    if (b_in != a_in) {
        x[1] = lwc_load32be(b_in + 4);
        x[3] = lwc_load32be(b_in);
    }
    words(ks, x);
    lwc_store32be(a_out, x[2]);
    lwc_store32be(a_out + 4, x[0]);
    if (b_out != a_out) {
        lwc_store32be(b_out, x[3]);
        lwc_store32be(b_out + 4, x[1]);
    }
    lwc_wipe(x, sizeof x);
}

/* One block: the same block in both lanes. */
#define DEFINE_BLOCK_FUNCTIONS(X)                                                           \
    void lwc_##X##_encrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)      \
    {                                                                                       \
        crypt_pair(encrypt_words, ks, out, in, out, in);                                    \
    }                                                                                       \
    void lwc_##X##_decrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)      \
    {                                                                                       \
        crypt_pair(decrypt_words, ks, out, in, out, in);                                    \
    }
DEFINE_BLOCK_FUNCTIONS(present80)
DEFINE_BLOCK_FUNCTIONS(present128)

#if LWC_BLOCK_PAIRS
/* PRESENT-80's and PRESENT-128's: one key schedule type. */
void lwc_present_encrypt_pair(const void *ks, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out,
                              const uint8_t *b_in)
{
    crypt_pair(encrypt_words, (const lwc_present_key *)ks, a_out, a_in, b_out, b_in);
}
#endif

/*
 * CTR: a pass encrypts CTR_STATES pairs of counter blocks (two on RV32 but with LWC_SMALL,
 * whose registers hold both states and a round key: the states share its loads; one
 * elsewhere). The counter blocks go to plain words directly; the keystream comes out in
 * words stored little-endian (layout1_to_output).
 */
#if LWC_ARCH_RV32 && !LWC_SMALL
#define CTR_STATES 2
#else
#define CTR_STATES 1
#endif

/* A little-endian word at a word-aligned address: one load or store where the target is
 * little-endian (the aligned buffers of lwc_ctr_xcrypt_words). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define LOAD_LE_WORD lwc_load32_aligned
#define STORE_LE_WORD lwc_store32_aligned
#else
#define LOAD_LE_WORD lwc_load32le
#define STORE_LE_WORD lwc_store32le
#endif

/* out = in ^ the keystream words q[] of n blocks (q as layout1_to_output leaves them). */
static inline void xor_keystream(uint8_t *out, const uint8_t *in, const uint32_t q[4], size_t n)
{
    STORE_LE_WORD(out, LOAD_LE_WORD(in) ^ q[1]);
    STORE_LE_WORD(out + 4, LOAD_LE_WORD(in + 4) ^ q[3]);
    if (n == 2) {
        STORE_LE_WORD(out + 8, LOAD_LE_WORD(in + 8) ^ q[0]);
        STORE_LE_WORD(out + 12, LOAD_LE_WORD(in + 12) ^ q[2]);
    }
}

/* The counter blocks (hi, lo) and (hi, lo + d) (d = 0 or 1) in layout 0. */
static inline void counter_state(uint32_t x[4], uint32_t hi, uint32_t lo, unsigned d)
{
    x[0] = lo;
    x[1] = lo + d;
    x[2] = hi;
    x[3] = hi;
    plain_to_layout0(x);
}

/* CTR's whole blocks (lwc_ctr_xcrypt_words: out and in aligned, no carry out of the
 * counter's last four bytes, lo, so that its first four, hi, hold for the call). */
static void ctr_words(void *state, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lwc_present_ctr *ctx = state;
    const lwc_present_key *ks = &ctx->ks;
    const uint32_t hi = lwc_load32be(ctx->counter);
    uint32_t lo = lwc_load32be(ctx->counter + 4);
    uint32_t x[4];
#if CTR_STATES == 2
    uint32_t y[4];
    for (; nblocks >= 4; nblocks -= 4, out += 32, in += 32) {
        counter_state(x, hi, lo, 1);
        counter_state(y, hi, lo + 2, 1);
        lo += 4;
        encrypt_layout0_two(ks, x, y);
        layout1_to_output(x);
        xor_keystream(out, in, x, 2);
        layout1_to_output(y);
        xor_keystream(out + 16, in + 16, y, 2);
    }
    lwc_wipe(y, sizeof y);
#endif
    for (; nblocks; nblocks -= nblocks >= 2 ? 2 : 1, out += 16, in += 16) {
        /* a pair a pass (one block in both lanes at the end) */
        const unsigned n = nblocks >= 2 ? 2 : 1;
        counter_state(x, hi, lo, n - 1);
        lo += n;
        encrypt_layout0(ks, x);
        layout1_to_output(x);
        xor_keystream(out, in, x, n);
    }
    lwc_wipe(x, sizeof x);
    lwc_store32be(ctx->counter + 4, lo);
}

void lwc_present80_ctr_init(lwc_present80_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_present80_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_present80_ctr_setiv(lwc_present80_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_present80_ctr_crypt(lwc_present80_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    LWC_SIMD_CTR_FIRST(lwc_simd_kernel_present, ctx, 8, out, in, len);
    lwc_ctr_xcrypt_words(ctr_words, ctx, 8, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}

void lwc_present128_ctr_init(lwc_present128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_present128_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_present128_ctr_setiv(lwc_present128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_present128_ctr_crypt(lwc_present128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    LWC_SIMD_CTR_FIRST(lwc_simd_kernel_present, ctx, 8, out, in, len);
    lwc_ctr_xcrypt_words(ctr_words, ctx, 8, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}

#endif /* LWC_IMPL_BITSLICE32 */
