/*
 * Many Ascon-AEAD128 records under one key in vector lanes (x86-64 hosts, LWC_ASCON_SIMD):
 * one record per 64-bit lane, word S_i of the lanes' states in one vector, 8 lanes with
 * AVX-512 (rotations by vprorq, the S-box's terms and the linear layer's three-way XORs by
 * vpternlogq), 4 with AVX2 (rotations by two shifts). A driver in C keeps each lane's
 * record going: each step every lane either starts a record (S = IV || K || N, 12 rounds),
 * or takes its next duplex block (associated data or message, 8 rounds), or its last
 * message block with the finalization (12 rounds); the lanes that need 12 rounds run the
 * first four under a mask, then every lane runs rounds 4..11. When every lane is amid its
 * message's whole blocks, a second kernel runs them with the state in registers, each
 * lane's blocks loaded and stored 16 bytes at a time. A lane whose record ends takes the
 * next record at the next step, so records of any lengths share the lanes.
 * Branches and indices depend on lengths and each record's verdict only.
 */
#include "ascon_internal.h"
#include "../common/lwc_simd.h"
#include "../modes/modes_internal.h"

#if LWC_ASCON_SIMD
#include <immintrin.h>

#define MAX_LANES 8
#define DOMAIN_SEPARATION ((uint64_t)1 << 63)

/*
 * One step of the lanes. Per lane l: y = S0 || S1 ^ w0 || w1 (the output block), then
 * S0 || S1 = y, or S ^ (y & keep) ^ pad for the lanes of dec_bits (a decrypted block: the
 * ciphertext's bytes into the state, the padding); S2 || S3 ^= w2 || w3 (the key before
 * the finalization); rounds 0..3 for the lanes of long_bits (mask: all ones in those
 * lanes of long_mask), then rounds 4..11.
 */
typedef struct {
    uint64_t s[5][MAX_LANES], w[4][MAX_LANES], keep[2][MAX_LANES], pad[2][MAX_LANES], y[2][MAX_LANES];
    uint64_t dec_mask[MAX_LANES], long_mask[MAX_LANES];
    unsigned dec_bits, long_bits;
} lanes_t;

typedef void (*step_fn)(lanes_t *L);

/* Round i on the vectors x0..x4 with the operations of prefix P (P_CHI(a, b, c) = a ^ (~b
 * & c), P_XOR3, P_XNOR3 = ~(a ^ b ^ c), P_ROR by a constant). */
#define ASCON_VROUND(P, i)                                                                     \
    do {                                                                                       \
        x2 = P##_XOR(x2, P##_SET1((uint64_t)((15u - (i)) << 4 | (i))));                        \
        x0 = P##_XOR(x0, x4);                                                                  \
        x4 = P##_XOR(x4, x3);                                                                  \
        x2 = P##_XOR(x2, x1);                                                                  \
        const P##_T t0 = P##_CHI(x0, x1, x2), t1 = P##_CHI(x1, x2, x3), t2 = P##_CHI(x2, x3, x4);  \
        const P##_T t3 = P##_CHI(x3, x4, x0), t4 = P##_CHI(x4, x0, x1);                        \
        x1 = P##_XOR(t1, t0);                                                                  \
        x0 = P##_XOR(t0, t4);                                                                  \
        x3 = P##_XOR(t3, t2);                                                                  \
        x0 = P##_XOR3(x0, P##_ROR(x0, 19), P##_ROR(x0, 28));                                   \
        x1 = P##_XOR3(x1, P##_ROR(x1, 61), P##_ROR(x1, 39));                                   \
        x2 = P##_XNOR3(t2, P##_ROR(t2, 1), P##_ROR(t2, 6));                                    \
        x3 = P##_XOR3(x3, P##_ROR(x3, 10), P##_ROR(x3, 17));                                   \
        x4 = P##_XOR3(t4, P##_ROR(t4, 7), P##_ROR(t4, 41));                                    \
    } while (0)

/* Round i on the lanes of mask m only (P_SEL(m, a, b): b in m's lanes, else a). */
#define ASCON_VROUND_MASKED(P, i, m)                                                           \
    do {                                                                                       \
        const P##_T o0 = x0, o1 = x1, o2 = x2, o3 = x3, o4 = x4;                               \
        ASCON_VROUND(P, i);                                                                    \
        x0 = P##_SEL(m, o0, x0);                                                               \
        x1 = P##_SEL(m, o1, x1);                                                               \
        x2 = P##_SEL(m, o2, x2);                                                               \
        x3 = P##_SEL(m, o3, x3);                                                               \
        x4 = P##_SEL(m, o4, x4);                                                               \
    } while (0)

/* Rounds 4..11 (Ascon-p[8]) on every lane. */
#define ASCON_VP8(P)                                                                           \
    do {                                                                                       \
        ASCON_VROUND(P, 4);                                                                    \
        ASCON_VROUND(P, 5);                                                                    \
        ASCON_VROUND(P, 6);                                                                    \
        ASCON_VROUND(P, 7);                                                                    \
        ASCON_VROUND(P, 8);                                                                    \
        ASCON_VROUND(P, 9);                                                                    \
        ASCON_VROUND(P, 10);                                                                   \
        ASCON_VROUND(P, 11);                                                                   \
    } while (0)

/* The step of lanes_t; P_MASK(L, field, bits) the lanes' mask. */
#define ASCON_STEP(name, P, attr)                                                              \
    attr static void name(lanes_t *L)                                                          \
    {                                                                                          \
        P##_T x0 = P##_LOAD(L->s[0]), x1 = P##_LOAD(L->s[1]), x2 = P##_LOAD(L->s[2]);          \
        P##_T x3 = P##_LOAD(L->s[3]), x4 = P##_LOAD(L->s[4]);                                  \
        const P##_T y0 = P##_XOR(x0, P##_LOAD(L->w[0])), y1 = P##_XOR(x1, P##_LOAD(L->w[1]));  \
        P##_STORE(L->y[0], y0);                                                                \
        P##_STORE(L->y[1], y1);                                                                \
        if (L->dec_bits) {                                                                     \
            const P##_M d = P##_MASK(L, dec_mask, dec_bits);                                   \
            x0 = P##_SEL(d, y0, P##_XOR(x0, P##_XOR(P##_AND(y0, P##_LOAD(L->keep[0])), P##_LOAD(L->pad[0])))); \
            x1 = P##_SEL(d, y1, P##_XOR(x1, P##_XOR(P##_AND(y1, P##_LOAD(L->keep[1])), P##_LOAD(L->pad[1])))); \
        } else {                                                                               \
            x0 = y0;                                                                           \
            x1 = y1;                                                                           \
        }                                                                                      \
        x2 = P##_XOR(x2, P##_LOAD(L->w[2]));                                                   \
        x3 = P##_XOR(x3, P##_LOAD(L->w[3]));                                                   \
        if (L->long_bits) {                                                                    \
            const P##_M m = P##_MASK(L, long_mask, long_bits);                                 \
            for (unsigned i = 0; i < 4; i++)                                                   \
                ASCON_VROUND_MASKED(P, i, m);                                                  \
        }                                                                                      \
        ASCON_VP8(P);                                                                          \
        P##_STORE(L->s[0], x0);                                                                \
        P##_STORE(L->s[1], x1);                                                                \
        P##_STORE(L->s[2], x2);                                                                \
        P##_STORE(L->s[3], x3);                                                                \
        P##_STORE(L->s[4], x4);                                                                \
    }

/*
 * n whole message blocks of every lane: lane l's block j at in[l] + 16 j, its output block
 * S0 || S1 ^ C or P to out[l] + 16 j; S0 || S1 = the ciphertext; Ascon-p[8]. P_LOAD16(in,
 * off, w0, w1) loads a block of each lane into the lanes of w0 and w1, P_STORE16 stores.
 */
#define ASCON_BLOCKS(name, P, attr)                                                            \
    attr static void name(lanes_t *L, const uint8_t *const *in, uint8_t *const *out, size_t n,  \
                          uint8_t decrypt)                                                     \
    {                                                                                          \
        P##_T x0 = P##_LOAD(L->s[0]), x1 = P##_LOAD(L->s[1]), x2 = P##_LOAD(L->s[2]);          \
        P##_T x3 = P##_LOAD(L->s[3]), x4 = P##_LOAD(L->s[4]);                                  \
        for (size_t off = 0; off < 16 * n; off += 16) {                                        \
            P##_T w0, w1;                                                                      \
            P##_LOAD16(in, off, w0, w1);                                                       \
            const P##_T y0 = P##_XOR(x0, w0), y1 = P##_XOR(x1, w1);                            \
            P##_STORE16(out, off, y0, y1);                                                     \
            x0 = decrypt ? w0 : y0;                                                            \
            x1 = decrypt ? w1 : y1;                                                            \
            ASCON_VP8(P);                                                                      \
        }                                                                                      \
        P##_STORE(L->s[0], x0);                                                                \
        P##_STORE(L->s[1], x1);                                                                \
        P##_STORE(L->s[2], x2);                                                                \
        P##_STORE(L->s[3], x3);                                                                \
        P##_STORE(L->s[4], x4);                                                                \
    }

#define LOAD128(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE128(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)

/* AVX-512: 8 lanes, masks in k registers. Blocks: the even lanes' 16 bytes in the four
 * 128-bit parts of one vector, the odd lanes' in another, unpacked into the words. */
#define Z_T __m512i
#define Z_M __mmask8
#define Z_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define Z_STORE(p, v) _mm512_storeu_si512((void *)(p), v)
#define Z_XOR _mm512_xor_si512
#define Z_AND _mm512_and_si512
#define Z_SET1(c) _mm512_set1_epi64((long long)(c))
#define Z_CHI(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0xd2)
#define Z_XOR3(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0x96)
#define Z_XNOR3(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0x69)
#define Z_ROR(x, n) _mm512_ror_epi64(x, n)
#define Z_SEL(m, a, b) _mm512_mask_blend_epi64(m, a, b)
#define Z_MASK(L, field, bits) ((__mmask8)(L)->bits)
#define Z_PAIRS(in, off, a)                                                                    \
    _mm512_inserti32x4(_mm512_inserti32x4(_mm512_inserti32x4(_mm512_castsi128_si512(LOAD128(in[a] + off)), \
                                                             LOAD128(in[(a) + 2] + off), 1),                \
                                          LOAD128(in[(a) + 4] + off), 2),                                   \
                       LOAD128(in[(a) + 6] + off), 3)
#define Z_LOAD16(in, off, w0, w1)                                                              \
    do {                                                                                       \
        const __m512i e_ = Z_PAIRS(in, off, 0), o_ = Z_PAIRS(in, off, 1);                      \
        w0 = _mm512_unpacklo_epi64(e_, o_);                                                    \
        w1 = _mm512_unpackhi_epi64(e_, o_);                                                    \
    } while (0)
#define Z_STORE16(out, off, y0, y1)                                                            \
    do {                                                                                       \
        const __m512i e_ = _mm512_unpacklo_epi64(y0, y1), o_ = _mm512_unpackhi_epi64(y0, y1);  \
        STORE128(out[0] + off, _mm512_castsi512_si128(e_));                                    \
        STORE128(out[1] + off, _mm512_castsi512_si128(o_));                                    \
        STORE128(out[2] + off, _mm512_extracti32x4_epi32(e_, 1));                              \
        STORE128(out[3] + off, _mm512_extracti32x4_epi32(o_, 1));                              \
        STORE128(out[4] + off, _mm512_extracti32x4_epi32(e_, 2));                              \
        STORE128(out[5] + off, _mm512_extracti32x4_epi32(o_, 2));                              \
        STORE128(out[6] + off, _mm512_extracti32x4_epi32(e_, 3));                              \
        STORE128(out[7] + off, _mm512_extracti32x4_epi32(o_, 3));                              \
    } while (0)
ASCON_STEP(step_avx512, Z, __attribute__((target("avx512f"))))
ASCON_BLOCKS(blocks_avx512, Z, __attribute__((target("avx512f"))))

/* AVX2: 4 lanes, masks as all-ones lanes. */
#define Y_T __m256i
#define Y_M __m256i
#define Y_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define Y_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define Y_XOR _mm256_xor_si256
#define Y_AND _mm256_and_si256
#define Y_SET1(c) _mm256_set1_epi64x((long long)(c))
#define Y_CHI(a, b, c) _mm256_xor_si256(a, _mm256_andnot_si256(b, c))
#define Y_XOR3(a, b, c) _mm256_xor_si256(a, _mm256_xor_si256(b, c))
#define Y_XNOR3(a, b, c) _mm256_xor_si256(Y_XOR3(a, b, c), _mm256_set1_epi64x(-1))
#define Y_ROR(x, n) _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - (n)))
#define Y_SEL(m, a, b) _mm256_xor_si256(a, _mm256_and_si256(m, _mm256_xor_si256(a, b)))
#define Y_MASK(L, field, bits) Y_LOAD((L)->field)
#define Y_PAIRS(in, off, a) _mm256_inserti128_si256(_mm256_castsi128_si256(LOAD128(in[a] + off)), LOAD128(in[(a) + 2] + off), 1)
#define Y_LOAD16(in, off, w0, w1)                                                              \
    do {                                                                                       \
        const __m256i e_ = Y_PAIRS(in, off, 0), o_ = Y_PAIRS(in, off, 1);                      \
        w0 = _mm256_unpacklo_epi64(e_, o_);                                                    \
        w1 = _mm256_unpackhi_epi64(e_, o_);                                                    \
    } while (0)
#define Y_STORE16(out, off, y0, y1)                                                            \
    do {                                                                                       \
        const __m256i e_ = _mm256_unpacklo_epi64(y0, y1), o_ = _mm256_unpackhi_epi64(y0, y1);  \
        STORE128(out[0] + off, _mm256_castsi256_si128(e_));                                    \
        STORE128(out[1] + off, _mm256_castsi256_si128(o_));                                    \
        STORE128(out[2] + off, _mm256_extracti128_si256(e_, 1));                               \
        STORE128(out[3] + off, _mm256_extracti128_si256(o_, 1));                               \
    } while (0)
ASCON_STEP(step_avx2, Y, __attribute__((target("avx2"))))
ASCON_BLOCKS(blocks_avx2, Y, __attribute__((target("avx2"))))

typedef void (*blocks_fn)(lanes_t *L, const uint8_t *const *in, uint8_t *const *out, size_t n, uint8_t decrypt);
typedef struct {
    step_fn step;
    blocks_fn blocks;
    unsigned lanes;
} kernels_t;

static kernels_t kernels(void)
{
    static const kernels_t none = {NULL, NULL, 0}, avx2 = {step_avx2, blocks_avx2, 4},
                           avx512 = {step_avx512, blocks_avx512, 8};
    const unsigned level = lwc_simd_level();
    return level >= LWC_SIMD_AVX512 ? avx512 : level >= LWC_SIMD_AVX2 ? avx2 : none;
}

unsigned lwc_ascon_many_simd_lanes(void)
{
    return kernels().lanes;
}

/* Whole blocks per call of the blocks kernel: an idle lane's blocks go to a buffer of
 * this many blocks. */
#define CHUNK_BLOCKS 64

/* A lane's record: what remains of it, where its output goes. */
typedef struct {
    size_t r;                  /* the record (count: the lane is idle) */
    size_t ad_blocks, blocks;  /* duplex blocks to go: associated data, message (the last one
                                  padded, with the finalization) */
    size_t ad_left, left;      /* their bytes to go */
    const uint8_t *ad, *in;    /* the next block's bytes */
    uint8_t *out, *record_out; /* the next block's output; the record's */
    size_t len, n;             /* the record's length; the bytes of this step's block */
    uint8_t kind;              /* what this step does for the lane */
} lane_t;
enum { IDLE, START, AD, MESSAGE };

/* The duplex block of n < 16 bytes (the last, padded) or 16 into w0 || w1; decrypt: the
 * ciphertext's bytes without padding, keep and pad (lanes_t). */
static inline void block_words(lanes_t *L, unsigned l, const uint8_t *p, size_t n, uint8_t decrypt)
{
    const size_t n0 = n < 8 ? n : 8, n1 = n - n0;
    uint64_t pad[2] = {0, 0};
    L->w[0][l] = lwc_ascon_load_bytes(p, n0);
    L->w[1][l] = n1 ? lwc_ascon_load_bytes(p + 8, n1) : 0;
    if (n < 16)
        pad[n / 8] = (uint64_t)1 << (8 * (n % 8));
    if (decrypt) {
        L->keep[0][l] = lwc_ascon_byte_mask(n0);
        L->keep[1][l] = lwc_ascon_byte_mask(n1);
        L->pad[0][l] = pad[0];
        L->pad[1][l] = pad[1];
    } else {
        L->w[0][l] ^= pad[0];
        L->w[1][l] ^= pad[1];
    }
}

/* The whole blocks every lane with a record can take now in the blocks kernel (0: some
 * lane is not amid its message's whole blocks, or is idle with records to_start). */
static size_t whole_blocks(const lane_t *lane, unsigned width, size_t count, int to_start)
{
    size_t n = CHUNK_BLOCKS, busy = 0;
    for (unsigned l = 0; l < width; l++) {
        busy += lane[l].r < count;
        if (lane[l].r == count && to_start)
            return 0;
        if (lane[l].r == count)
            continue;
        if (lane[l].ad_blocks || lane[l].blocks < 2)
            return 0;
        n = lane[l].blocks - 1 < n ? lane[l].blocks - 1 : n;
    }
    return busy ? n : 0;
}

int lwc_ascon_many_simd(const lwc_ascon_aead128_key *k, uint8_t *out, int *status, uint8_t *tags, size_t tag_len,
                        const uint8_t *nonces, const uint8_t *ad, const size_t *ad_lens, const uint8_t *in,
                        const size_t *lens, size_t count, uint8_t decrypt)
{
    const kernels_t K = kernels();
    const unsigned width = K.lanes;
    lanes_t L;
    lane_t lane[MAX_LANES];
    uint8_t idle[16 * CHUNK_BLOCKS]; /* an idle lane's blocks in the blocks kernel */
    size_t next = 0, at = 0, ad_at = 0;
    int result = 0;
    memset(idle, 0, sizeof idle);
    for (unsigned l = 0; l < width; l++)
        lane[l].r = count;
    for (;;) {
        /* Every lane amid its whole blocks: those blocks in one call. */
        const size_t n = whole_blocks(lane, width, count, next < count);
        if (n) {
            const uint8_t *from[MAX_LANES];
            uint8_t *to[MAX_LANES];
            for (unsigned l = 0; l < width; l++) {
                lane_t *a = &lane[l];
                from[l] = a->r < count ? a->in : idle;
                to[l] = a->r < count ? a->out : idle;
                if (a->r < count) {
                    a->in += 16 * n;
                    a->out += 16 * n;
                    a->left -= 16 * n;
                    a->blocks -= n;
                }
            }
            K.blocks(&L, from, to, n, decrypt);
            continue;
        }
        unsigned active = 0;
        memset(L.w, 0, sizeof L.w);
        L.dec_bits = L.long_bits = 0;
        for (unsigned l = 0; l < width; l++) {
            lane_t *a = &lane[l];
            const unsigned bit = 1u << l;
            L.dec_mask[l] = L.long_mask[l] = 0;
            a->kind = IDLE;
            if (a->r == count && next < count) { /* a new record: S = IV || K || N, Ascon-p[12] */
                const size_t ad_len = ad_lens ? ad_lens[next] : 0, len = lens[next];
                const uint8_t *nonce = nonces + LWC_ASCON_AEAD128_NONCE_BYTES * next;
                a->kind = START;
                a->r = next++;
                a->ad_blocks = ad_len ? ad_len / 16 + 1 : 0;
                a->blocks = len / 16 + 1;
                a->ad_left = ad_len;
                a->left = a->len = len;
                a->ad = ad_len ? ad + ad_at : ad;
                a->in = len ? in + at : in;
                a->out = a->record_out = len ? out + at : out;
                ad_at += ad_len;
                at += len;
                L.s[0][l] = LWC_ASCON_AEAD128_IV;
                L.s[1][l] = k->k[0];
                L.s[2][l] = k->k[1];
                L.s[3][l] = lwc_ascon_load(nonce, 8);
                L.s[4][l] = lwc_ascon_load(nonce + 8, 8);
                L.long_bits |= bit;
                L.long_mask[l] = ~(uint64_t)0;
            } else if (a->r < count && a->ad_blocks) { /* a block of associated data */
                a->kind = AD;
                a->n = --a->ad_blocks ? 16 : a->ad_left;
                block_words(&L, l, a->ad, a->n, 0);
                a->ad += a->ad_blocks ? 16 : 0;
                a->ad_left -= a->n;
            } else if (a->r < count) { /* a message block; the last with the finalization */
                a->kind = MESSAGE;
                a->n = --a->blocks ? 16 : a->left;
                block_words(&L, l, a->in, a->n, decrypt);
                if (decrypt) {
                    L.dec_bits |= bit;
                    L.dec_mask[l] = ~(uint64_t)0;
                }
                if (!a->blocks) {
                    L.w[2][l] = k->k[0];
                    L.w[3][l] = k->k[1];
                    L.long_bits |= bit;
                    L.long_mask[l] = ~(uint64_t)0;
                }
            } else {
                continue;
            }
            active++;
        }
        if (!active)
            break;
        K.step(&L);
        for (unsigned l = 0; l < width; l++) {
            lane_t *a = &lane[l];
            if (a->kind == START) { /* K into S3 || S4; the domain separation if no AD */
                L.s[3][l] ^= k->k[0];
                L.s[4][l] ^= k->k[1] ^ (a->ad_blocks ? 0 : DOMAIN_SEPARATION);
            } else if (a->kind == AD && !a->ad_blocks) {
                L.s[4][l] ^= DOMAIN_SEPARATION;
            }
            if (a->kind != MESSAGE)
                continue;
            const size_t n0 = a->n < 8 ? a->n : 8;
            lwc_ascon_store_bytes(a->out, L.y[0][l], n0);
            if (a->n > 8)
                lwc_ascon_store_bytes(a->out + 8, L.y[1][l], a->n - 8);
            if (a->blocks) {
                a->in += 16;
                a->out += 16;
                a->left -= 16;
                continue;
            }
            /* The record's end: its tag, T0 || T1 (an encryption's first tag_len bytes
             * from the registers, no copy to wipe). */
            const uint64_t t0 = L.s[3][l] ^ k->k[0], t1 = L.s[4][l] ^ k->k[1];
            uint8_t *tag = tags + tag_len * a->r;
            if (decrypt) {
                uint8_t full[LWC_ASCON_AEAD128_TAG_BYTES];
                lwc_ascon_store(full, t0, 8);
                lwc_ascon_store(full + 8, t1, 8);
                status[a->r] = lwc_aead_release(a->record_out, a->len, full, tag, tag_len);
                result |= status[a->r];
                lwc_wipe(full, sizeof full);
            } else {
                const size_t m0 = tag_len < 8 ? tag_len : 8;
                lwc_ascon_store_bytes(tag, t0, m0);
                if (tag_len > 8)
                    lwc_ascon_store_bytes(tag + 8, t1, tag_len - 8);
            }
            a->r = count;
        }
    }
    lwc_wipe(&L, sizeof L);
    lwc_wipe(idle, sizeof idle);
    return result ? LWC_E_AUTH : 0;
}
#endif
