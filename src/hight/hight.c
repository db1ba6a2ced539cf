/*
 * HIGHT reference implementation (TTAK.KO-12.0040/R1). Byte i of a block is P_i and
 * byte i of the key is MK_i (the specification prints both last byte first).
 */
#include "../common/lwc_simd.h"
#include "hight_tables.h"

#include <stddef.h>

#if LWC_HIGHT_IMPL == LWC_IMPL_AVR
/*
 * hight_avr.S implements lwc_hight_encrypt/decrypt and this key schedule (the key held
 * in registers); the delta table stays here, in flash.
 */
void lwc_hight_setkey_avr(lwc_hight_key *ks, const uint8_t *key, const uint8_t *delta);

void lwc_hight_setkey(lwc_hight_key *ks, const uint8_t *key)
{
    lwc_hight_setkey_avr(ks, key, hight_delta);
}
#else
void lwc_hight_setkey(lwc_hight_key *ks, const uint8_t *key)
{
    for (unsigned i = 0; i < 4; i++) {
        ks->wk[i] = key[i + 12];
        ks->wk[i + 4] = key[i];
    }
    for (unsigned i = 0; i < 8; i++) {
        for (unsigned j = 0; j < 8; j++) {
            const unsigned mk = (j - i) & 7;
            ks->sk[16 * i + j] = (uint8_t)(key[mk] + lwc_rom_u8(&hight_delta[16 * i + j]));
            ks->sk[16 * i + j + 8] =
                (uint8_t)(key[mk + 8] + lwc_rom_u8(&hight_delta[16 * i + j + 8]));
        }
    }
}
#endif

#if LWC_HIGHT_IMPL == LWC_IMPL_ARMV6M
/* hight_armv6m.S: the block functions on aligned words (lwc_block_words) and CTR's whole
 * blocks (below). */
void lwc_hight_encrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_hight_decrypt_words(const void *ks, uint8_t *out, const uint8_t *in);
void lwc_hight_ctr_words(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);

void lwc_hight_encrypt(const lwc_hight_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_hight_encrypt_words, ks, 8, out, in);
}

void lwc_hight_decrypt(const lwc_hight_key *ks, uint8_t *out, const uint8_t *in)
{
    lwc_block_words(lwc_hight_decrypt_words, ks, 8, out, in);
}

/* The modes' hooks (LWC_HIGHT_MODE_HOOKS): hight_armv6m.S's on aligned words; its CBC-MAC
 * step reads the key schedule as words too, so its bounce copies that as well. */
LWC_CTR_SECRET_WORDS(hight, 8)
void lwc_hight_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
void lwc_hight_cbc_step_bounce(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
void lwc_hight_cbc_step_bounce(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy)
{
    uint32_t k[sizeof(lwc_hight_key) / 4];
    memcpy(k, ks, sizeof k);
    lwc_cbc_step_bounce(lwc_hight_cbc_step, 8, k, chain, m, copy);
    lwc_wipe(k, sizeof k);
}
#elif LWC_HIGHT_IMPL == LWC_IMPL_C
#define HIGHT_ROUNDS 32

/*
 * The rounds: SWAR on 32-bit cores (below), byte by byte on 8-bit cores and on 64-bit
 * hosts, where the byte form measured faster (x86-64 CTR: 30.3 TSC ticks/B, SWAR 36.7;
 * two-operand instructions and no shifted operands make the SWAR form longer there).
 */
#define HIGHT_SWAR (LWC_WORD32 && SIZE_MAX == 0xffffffffu)

#if HIGHT_SWAR
/*
 * 32-bit cores: the rounds on four words at once (SWAR). Each word holds two state bytes
 * in its 16-bit halves ("lanes"), each byte twice (lane = x * 0x0101): then a shift
 * right by 8 - n leaves ROL_n(x) in the low byte of both lanes (its bits come from the
 * lane's own copy), so F0 and F1 of two bytes take five and six instructions without a
 * rotate instruction, and the high byte of a lane is a don't-care until HIGHT_DUP
 * rebuilds it. The words are
 *   a = (X2, X6), b = (X0, X4): the inputs of F0 and F1;
 *   oa = (X3, X7), ob = (X1, X5): the bytes they are XORed and added into.
 * A round makes (X4', X0') = oa ^ (F0(a) + (SK1, SK3)) and
 * (X2', X6') = ob + (F1(b) ^ (SK0, SK2)) lane by lane; the old a, b become oa, ob.
 */
#define HIGHT_LANES 0x00ff00ffu
/* HIGHT_DUP(v): v's lanes doubled; HIGHT_DUP_SWAP(v): and its lanes swapped (a rotation by
 * 16). On RV32IM by multiplies (mul for the low half of m * 0x01010000, mulhu for the high
 * one), their constants hidden from GCC (HIGHT_SWAR_CONSTANTS), whose cost model would make
 * each a shift and an add: 2 and 4 instructions where shifts took 3 and 6. */
#if LWC_ARCH_RV32
#define HIGHT_SWAR_CONSTANTS                        \
    uint32_t dup_ = 0x0101u, swap_ = 0x01010000u;   \
    LWC_VALUE_BARRIER(dup_);                        \
    LWC_VALUE_BARRIER(swap_)
#define HIGHT_DUP(v) (((v) & HIGHT_LANES) * dup_)
#define HIGHT_DUP_SWAP(v) hight_dup_swap((v) & HIGHT_LANES, swap_)
static inline uint32_t hight_dup_swap(uint32_t m, uint32_t swap)
{
    return m * swap | (uint32_t)((uint64_t)m * swap >> 32);
}
#else
#define HIGHT_SWAR_CONSTANTS (void)0
#define HIGHT_DUP(v) (((v) & HIGHT_LANES) * 0x0101u)
#define HIGHT_DUP_SWAP(v) lwc_rol32(HIGHT_DUP(v), 16)
#endif
/* F0 = ROL1 ^ ROL2 ^ ROL7 = ROR7 ^ ROR6 ^ ROR1; F1 = ROL3 ^ ROL4 ^ ROL6 = ROR5 ^ ROR4 ^ ROR2,
 * in the low bytes of the lanes of doubled bytes (the rest of the word a don't-care). */
#define HIGHT_F0(a) (((a) ^ (a) >> 1) >> 6 ^ (a) >> 1)
#define HIGHT_F1(b) (((b) ^ (b) >> 1) >> 4 ^ (b) >> 2)

/* The round's key bytes SK0..SK3 at sk: k02 and k13 with (SK0, SK2) and (SK1, SK3) in
 * the low bytes of their lanes. One word where words load from any address, else the
 * bytes as lanes (RV32: a word of four bytes takes ten instructions, the two lanes eight). */
#if LWC_ARCH_RV32
#define HIGHT_KEYS(sk, k02, k13) \
    (k02 = (uint32_t)(sk)[0] | (uint32_t)(sk)[2] << 16, k13 = (uint32_t)(sk)[1] | (uint32_t)(sk)[3] << 16)
#else
#define HIGHT_KEYS(sk, k02, k13) (k02 = lwc_load32le(sk), k13 = k02 >> 8)
#endif
/* Lane by lane: F0(a) + (SK1, SK3) and F1(b) ^ (SK0, SK2), in the low bytes of the lanes. */
#define HIGHT_U0(a, k13) ((HIGHT_F0(a) & HIGHT_LANES) + ((k13) & HIGHT_LANES))
#define HIGHT_U1(b, k02) ((HIGHT_F1(b) ^ (k02)) & HIGHT_LANES)

/*
 * One round with the round key bytes at sk on (a, b, oa, ob): it writes the new a and b
 * into oa and ob, so the round after it is HIGHT_ROUND(oa, ob, a, b, sk + 4).
 */
#define HIGHT_ROUND(a, b, oa, ob, sk)                                        \
    do {                                                                     \
        uint32_t k02_, k13_;                                                 \
        HIGHT_KEYS(sk, k02_, k13_);                                          \
        const uint32_t v0_ = (oa) ^ HIGHT_U0(a, k13_);                       \
        const uint32_t v1_ = HIGHT_U1(b, k02_) + ((ob) & HIGHT_LANES);       \
        oa = HIGHT_DUP(v1_);      /* (X2', X6') */                           \
        ob = HIGHT_DUP_SWAP(v0_); /* (X0', X4') from (X4', X0') */           \
    } while (0)
/*
 * Its inverse: HIGHT_INV_ROUND(a, b, oa, ob, sk) undoes HIGHT_ROUND(oa, ob, a, b, sk):
 * X3 = X4' ^ u0 and X1 = X2' - u1, with 0x100 per lane keeping the borrow inside it.
 */
#define HIGHT_INV_ROUND(a, b, oa, ob, sk)                                          \
    do {                                                                           \
        uint32_t k02_, k13_;                                                       \
        HIGHT_KEYS(sk, k02_, k13_);                                                \
        const uint32_t v0_ = lwc_rol32(b, 16) ^ HIGHT_U0(oa, k13_);                \
        const uint32_t v1_ = ((a) & HIGHT_LANES) + 0x01000100u - HIGHT_U1(ob, k02_); \
        a = HIGHT_DUP(v0_);                                                        \
        b = HIGHT_DUP(v1_);                                                        \
    } while (0)

static uint32_t hight_pack(uint8_t lo, uint8_t hi)
{
    return ((uint32_t)lo | (uint32_t)hi << 16) * 0x0101u;
}

/*
 * The 32 rounds on x[0..7] = X_0, written back as X_32 (as the byte-wise hight_round
 * below does), two rounds per loop step; hight_inv_rounds undoes them.
 */
#define HIGHT_WORDS_IN(x)                                                           \
    uint32_t a = hight_pack(x[2], x[6]), b = hight_pack(x[0], x[4]);                \
    uint32_t oa = hight_pack(x[3], x[7]), ob = hight_pack(x[1], x[5])
static void hight_words_out(uint8_t x[8], uint32_t a, uint32_t b, uint32_t oa, uint32_t ob)
{
    x[0] = (uint8_t)b;
    x[1] = (uint8_t)ob;
    x[2] = (uint8_t)a;
    x[3] = (uint8_t)oa;
    x[4] = (uint8_t)(b >> 16);
    x[5] = (uint8_t)(ob >> 16);
    x[6] = (uint8_t)(a >> 16);
    x[7] = (uint8_t)(oa >> 16);
}

static void hight_rounds(uint8_t x[8], const uint8_t *sk)
{
    HIGHT_SWAR_CONSTANTS;
    HIGHT_WORDS_IN(x);
    for (const uint8_t *end = sk + 128; sk != end; sk += 8) {
        HIGHT_ROUND(a, b, oa, ob, sk);
        HIGHT_ROUND(oa, ob, a, b, sk + 4);
    }
    hight_words_out(x, a, b, oa, ob);
}

static void hight_inv_rounds(uint8_t x[8], const uint8_t *sk)
{
    HIGHT_SWAR_CONSTANTS;
    HIGHT_WORDS_IN(x);
    for (const uint8_t *k = sk + 128; k != sk;) {
        k -= 8;
        HIGHT_INV_ROUND(a, b, oa, ob, k + 4);
        HIGHT_INV_ROUND(oa, ob, a, b, k);
    }
    hight_words_out(x, a, b, oa, ob);
}
#define HIGHT_ENC_ROUNDS(x, sk) hight_rounds(x, sk)
#define HIGHT_DEC_ROUNDS(x, sk) hight_inv_rounds(x, sk)
#else
/* Byte by byte. */
static uint8_t f0(uint8_t x)
{
    return lwc_rol8(x, 1) ^ lwc_rol8(x, 2) ^ lwc_rol8(x, 7);
}

static uint8_t f1(uint8_t x)
{
    return lwc_rol8(x, 3) ^ lwc_rol8(x, 4) ^ lwc_rol8(x, 6);
}

/* Round function on x[0..7] = X_{i,0..7}, written back already rotated to X_{i+1}. */
static void hight_round(uint8_t x[8], const uint8_t sk[4])
{
    const uint8_t x7 = x[7];
    x[7] = x[6];
    x[6] = (uint8_t)(x[5] + (f1(x[4]) ^ sk[2]));
    x[5] = x[4];
    x[4] = x[3] ^ (uint8_t)(f0(x[2]) + sk[1]);
    x[3] = x[2];
    x[2] = (uint8_t)(x[1] + (f1(x[0]) ^ sk[0]));
    x[1] = x[0];
    x[0] = x7 ^ (uint8_t)(f0(x[7]) + sk[3]);
}

static void hight_inv_round(uint8_t x[8], const uint8_t sk[4])
{
    const uint8_t x0 = x[0];
    x[0] = x[1];
    x[1] = (uint8_t)(x[2] - (f1(x[0]) ^ sk[0]));
    x[2] = x[3];
    x[3] = x[4] ^ (uint8_t)(f0(x[2]) + sk[1]);
    x[4] = x[5];
    x[5] = (uint8_t)(x[6] - (f1(x[4]) ^ sk[2]));
    x[6] = x[7];
    x[7] = x0 ^ (uint8_t)(f0(x[6]) + sk[3]);
}


/* Loops in the callers, not functions: avr-gcc then keeps the register allocation of the
 * one-function code (a function costs decrypt 436 more cycles). */
#define HIGHT_ENC_ROUNDS(x, sk)                 \
    for (unsigned i = 0; i < HIGHT_ROUNDS; i++) \
        hight_round(x, &(sk)[4 * i])
#define HIGHT_DEC_ROUNDS(x, sk)               \
    for (unsigned i = HIGHT_ROUNDS; i-- > 0;) \
        hight_inv_round(x, &(sk)[4 * i])
#endif

void lwc_hight_encrypt(const lwc_hight_key *ks, uint8_t *out, const uint8_t *in)
{
    uint8_t x[8];
    x[0] = (uint8_t)(in[0] + ks->wk[0]);
    x[1] = in[1];
    x[2] = in[2] ^ ks->wk[1];
    x[3] = in[3];
    x[4] = (uint8_t)(in[4] + ks->wk[2]);
    x[5] = in[5];
    x[6] = in[6] ^ ks->wk[3];
    x[7] = in[7];
    HIGHT_ENC_ROUNDS(x, ks->sk);
    /* The last round does not rotate the state: out = X_32 rotated back by one byte. */
    out[0] = (uint8_t)(x[1] + ks->wk[4]);
    out[1] = x[2];
    out[2] = x[3] ^ ks->wk[5];
    out[3] = x[4];
    out[4] = (uint8_t)(x[5] + ks->wk[6]);
    out[5] = x[6];
    out[6] = x[7] ^ ks->wk[7];
    out[7] = x[0];
    lwc_wipe(x, sizeof x);
}

void lwc_hight_decrypt(const lwc_hight_key *ks, uint8_t *out, const uint8_t *in)
{
    uint8_t x[8];
    x[1] = (uint8_t)(in[0] - ks->wk[4]);
    x[2] = in[1];
    x[3] = in[2] ^ ks->wk[5];
    x[4] = in[3];
    x[5] = (uint8_t)(in[4] - ks->wk[6]);
    x[6] = in[5];
    x[7] = in[6] ^ ks->wk[7];
    x[0] = in[7];
    HIGHT_DEC_ROUNDS(x, ks->sk);
    out[0] = (uint8_t)(x[0] - ks->wk[0]);
    out[1] = x[1];
    out[2] = x[2] ^ ks->wk[1];
    out[3] = x[3];
    out[4] = (uint8_t)(x[4] - ks->wk[2]);
    out[5] = x[5];
    out[6] = x[6] ^ ks->wk[3];
    out[7] = x[7];
    lwc_wipe(x, sizeof x);
}
#endif

#if LWC_HIGHT_ASM_CTR
/* CTR: the assembly contract of lwc_internal.h; hight_avr.S relies on these offsets. */
LWC_STATIC_ASSERT(hight_ctr_offsets, offsetof(lwc_hight_ctr, counter) == 136 &&
                                          offsetof(lwc_hight_ctr, pre) == 145);
LWC_CTR_WINDOW_LAYOUT(hight_ctr_layout, lwc_hight_ctr, counter, pre_valid, 8);
void lwc_hight_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in, uint8_t nblocks);

void lwc_hight_ctr_init(lwc_hight_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_hight_setkey(&ctx->ks, key);
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 8);
}

void lwc_hight_ctr_setiv(lwc_hight_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 8);
}

void lwc_hight_ctr_crypt(lwc_hight_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_window_crypt(lwc_hight_ctr_blocks, ctx->counter, 8, 1,
                         LWC_CTR_STREAM_OFFSET(lwc_hight_ctr, counter), out, in, len);
}
#else
void lwc_hight_ctr_init(lwc_hight_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_hight_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_hight_ctr_setiv(lwc_hight_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

#if LWC_HIGHT_IMPL == LWC_IMPL_ARMV6M || LWC_HIGHT_CTR_2WAY
#if LWC_HIGHT_CTR_2WAY
/*
 * CTR's whole blocks on RV32IM, two counter blocks per pass (lwc_ctr_xcrypt_words), and
 * the modes' pair function: word k holds the byte X_k of both blocks, one per lane,
 * doubled, so that no lane changes place (hight_rounds' words swap their lanes every
 * round); F0 and F1 by shifts. Two multiplies by constants that
 * HIGHT2_CONSTANTS hides from GCC, as HIGHT_SWAR_CONSTANTS does: a lane doubled
 * (HIGHT_DUP), and a key byte made a lane, SK * 0x10001, read from sk as the rounds go
 * (an lbu and a multiply; a lane key of 4 bytes in the key schedule took one lw but 544
 * bytes of RAM a key). An odd last block of CTR takes a pass of its own (the second lane
 * unused).
 */
#define HIGHT2_CONSTANTS                            \
    uint32_t dup_ = 0x0101u, lane_ = 0x10001u;      \
    LWC_VALUE_BARRIER(dup_);                        \
    LWC_VALUE_BARRIER(lane_)
/* The round's key bytes read after the round before it (x: a word it wrote): else GCC
 * loads them all at the start of the unrolled rounds and spills them to the stack. */
#if defined(__GNUC__)
#define HIGHT2_KEYS_AFTER(sk, x) __asm__("" : "+r"(sk) : "r"(x))
#define HIGHT2_AFTER(y, sk, x) __asm__("" : "+r"(y), "+r"(sk) : "r"(x))
#else
#define HIGHT2_KEYS_AFTER(sk, x) ((void)0)
#endif
#define HIGHT2_LANE(byte) ((uint32_t)(byte) * lane_)
/* X_{i+1} = X_i + (F1(F) ^ SK) and X_{i+1} = X_i ^ (F0(F) + SK) lane by lane, for the words
 * x = X_i and f = F, with the key byte sk; doubled. */
#define HIGHT2_ADD_F1(x, f, sk) x = HIGHT_DUP(((x) & HIGHT_LANES) + ((HIGHT_F1(f) ^ HIGHT2_LANE(sk)) & HIGHT_LANES))
#define HIGHT2_XOR_F0(x, f, sk) x = HIGHT_DUP((x) ^ ((HIGHT_F0(f) & HIGHT_LANES) + HIGHT2_LANE(sk)))
/* Round n with the subkeys sk[4n .. 4n + 3]: X2', X4', X6', X0' over x1, x3, x5, x7; then
 * (x7, x0, x1, ..., x6) hold X0'..X7'. The four steps one after the other (HIGHT2_AFTER). */
#define HIGHT2_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, sk, n) \
    do {                                                    \
        HIGHT2_KEYS_AFTER(sk, x0);                          \
        HIGHT2_ADD_F1(x1, x0, (sk)[4 * (n)]);               \
        HIGHT2_AFTER(x2, sk, x1);                           \
        HIGHT2_XOR_F0(x3, x2, (sk)[4 * (n) + 1]);           \
        HIGHT2_AFTER(x4, sk, x3);                           \
        HIGHT2_ADD_F1(x5, x4, (sk)[4 * (n) + 2]);           \
        HIGHT2_AFTER(x6, sk, x5);                           \
        HIGHT2_XOR_F0(x7, x6, (sk)[4 * (n) + 3]);           \
    } while (0)
/* The 32 rounds on x0..x7 = X_0 with the subkeys sk; X_32 is left in (x1, ..., x7, x0). */
#define HIGHT2_ROUNDS(sk)                                                              \
    for (const uint8_t *k_ = (sk), *const end_ = (sk) + 128; k_ != end_; k_ += 32) { \
        HIGHT2_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, k_, 0);                           \
        HIGHT2_ROUND(x7, x0, x1, x2, x3, x4, x5, x6, k_, 1);                           \
        HIGHT2_ROUND(x6, x7, x0, x1, x2, x3, x4, x5, k_, 2);                           \
        HIGHT2_ROUND(x5, x6, x7, x0, x1, x2, x3, x4, k_, 3);                           \
        HIGHT2_ROUND(x4, x5, x6, x7, x0, x1, x2, x3, k_, 4);                           \
        HIGHT2_ROUND(x3, x4, x5, x6, x7, x0, x1, x2, k_, 5);                           \
        HIGHT2_ROUND(x2, x3, x4, x5, x6, x7, x0, x1, k_, 6);                           \
        HIGHT2_ROUND(x1, x2, x3, x4, x5, x6, x7, x0, k_, 7);                           \
    }
/* The output (X1 + WK4, X2, X3 ^ WK5, X4, X5 + WK6, X6, X7 ^ WK7, X0) with the lane keys
 * WK4..WK7 in w4..w7: bytes 0-3 of the two blocks as the lanes of q01, bytes 4-7 as
 * those of q23 (byte pairs: q01 lane = byte 0 | byte 1 << 8; the odd bytes are the copies
 * of the doubled words, in place); then the blocks' words. */
#define HIGHT2_COPIES 0xff00ff00u
#define HIGHT2_OUT(w4, w5, w6, w7)                                                                \
    const uint32_t q0_ = (((x1 & HIGHT_LANES) + (w4)) & HIGHT_LANES) | (x2 & HIGHT2_COPIES);     \
    const uint32_t q1_ = ((x3 ^ (w5)) & HIGHT_LANES) | (x4 & HIGHT2_COPIES);                     \
    const uint32_t q2_ = (((x5 & HIGHT_LANES) + (w6)) & HIGHT_LANES) | (x6 & HIGHT2_COPIES);     \
    const uint32_t q3_ = ((x7 ^ (w7)) & HIGHT_LANES) | (x0 & HIGHT2_COPIES);                     \
    const uint32_t a_lo = (q0_ & 0xffffu) | q1_ << 16, a_hi = (q2_ & 0xffffu) | q3_ << 16;     \
    const uint32_t b_lo = q0_ >> 16 | (q1_ & 0xffff0000u), b_hi = q2_ >> 16 | (q3_ & 0xffff0000u)

/* Byte j (from the least significant) of a and of b as the lanes of a word. */
static uint32_t hight2_lanes(uint32_t a, uint32_t b, unsigned j)
{
    return (a >> 8 * j & 0xffu) | (b >> 8 * j & 0xffu) << 16;
}
/* Four bytes of the input of two blocks, whitened: the bytes j0..j3 of words a and b (bytes
 * of blocks a and b) make the words xa = (X + WK) (w0: WK's lane), xb, xc = (X ^ WK) (w1)
 * and xd. xb and xd not doubled: the first round reads their low bytes only. */
#define HIGHT2_IN(xa, xb, xc, xd, a, b, j0, j1, j2, j3, w0, w1) \
    do {                                                      \
        xa = HIGHT_DUP(hight2_lanes(a, b, j0) + (w0));        \
        xb = hight2_lanes(a, b, j1);                           \
        xc = (hight2_lanes(a, b, j2) ^ (w1)) * dup_;           \
        xd = hight2_lanes(a, b, j3);                           \
    } while (0)

static void hight_ctr_words(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lwc_hight_ctr *c = ctx;
    const uint8_t *const wk = c->ks.wk;
    HIGHT2_CONSTANTS;
    const uint8_t *const p = c->counter; /* P0..P3: the same in every block of the call */
    const uint32_t x0c = (uint8_t)(p[0] + wk[0]) * 0x01010101u, x1c = p[1] * 0x01010101u;
    const uint32_t x2c = (uint8_t)(p[2] ^ wk[1]) * 0x01010101u, x3c = p[3] * 0x01010101u;
    const uint32_t w2 = HIGHT2_LANE(wk[2]), w3 = HIGHT2_LANE(wk[3]), w4 = HIGHT2_LANE(wk[4]);
    const uint32_t w5 = HIGHT2_LANE(wk[5]), w6 = HIGHT2_LANE(wk[6]), w7 = HIGHT2_LANE(wk[7]);
    uint32_t low = lwc_load32be(p + 4);
    while (nblocks) {
        uint32_t x0 = x0c, x1 = x1c, x2 = x2c, x3 = x3c, x4, x5, x6, x7;
        HIGHT2_IN(x4, x5, x6, x7, low, low + 1, 3, 2, 1, 0, w2, w3); /* P4..P7: big-endian */
        HIGHT2_ROUNDS(c->ks.sk);
        HIGHT2_OUT(w4, w5, w6, w7);
        lwc_store32_aligned(out, lwc_load32_aligned(in) ^ a_lo);
        lwc_store32_aligned(out + 4, lwc_load32_aligned(in + 4) ^ a_hi);
        if (nblocks == 1) {
            low++;
            break;
        }
        lwc_store32_aligned(out + 8, lwc_load32_aligned(in + 8) ^ b_lo);
        lwc_store32_aligned(out + 12, lwc_load32_aligned(in + 12) ^ b_hi);
        low += 2;
        nblocks -= 2;
        out += 16;
        in += 16;
    }
    lwc_store32be(c->counter + 4, low);
}

#if LWC_HIGHT_PAIR
/*
 * The pair pass (lwc_pair_pass_fn): the 2-way rounds above with the chain in the first
 * lane and the counter block in the second, the chain's words (c_lo, c_hi) kept from block
 * to block. The counter: its last word a big-endian number (its bytes reversed in the
 * block's second word), the first as loaded before and after the carry out of the last (at
 * most one in a call: fewer than 2^32 blocks), taken by a mask, as lwc_aead_pass's. Then
 * out = in ^ E(counter) and the chain ^= in or out, a block of in loaded once.
 */
void lwc_hight_pair_pass(const void *ks, uint8_t *chain, uint8_t *counter, uint8_t *out, const uint8_t *in,
                         size_t blocks, unsigned mac_in)
{
    const lwc_hight_key *key = ks;
    const uint8_t *const wk = key->wk;
    const uint8_t *const stop = in + 8 * blocks;
    const int aligned = lwc_aligned4(out) && lwc_aligned4(in);
    HIGHT2_CONSTANTS;
    const uint32_t w0 = HIGHT2_LANE(wk[0]), w1 = HIGHT2_LANE(wk[1]), w2 = HIGHT2_LANE(wk[2]);
    const uint32_t w3 = HIGHT2_LANE(wk[3]), w4 = HIGHT2_LANE(wk[4]), w5 = HIGHT2_LANE(wk[5]);
    const uint32_t w6 = HIGHT2_LANE(wk[6]), w7 = HIGHT2_LANE(wk[7]);
    const uint32_t upper = lwc_load32le(counter), high = lwc_load32be(counter) + 1;
    const uint32_t delta = upper ^ lwc_bswap32(high);
    uint32_t low = lwc_load32be(counter + 4), wrapped = 0;
    uint32_t c_lo = lwc_load32_aligned(chain), c_hi = lwc_load32_aligned(chain + 4);
    for (; in != stop; in += 8, out += 8) {
        uint32_t x0, x1, x2, x3, x4, x5, x6, x7, m_lo, m_hi;
        HIGHT2_IN(x0, x1, x2, x3, c_lo, upper ^ (delta & wrapped), 0, 1, 2, 3, w0, w1);
        HIGHT2_IN(x4, x5, x6, x7, c_hi, lwc_bswap32(low), 0, 1, 2, 3, w2, w3);
        low += 1; /* no branch: the carry out of the last word turns the mask on */
        wrapped |= 0u - (uint32_t)(low == 0);
        HIGHT2_ROUNDS(key->sk);
        HIGHT2_OUT(w4, w5, w6, w7);
        LWC_LOAD2LE(in, aligned, m_lo, m_hi);
        const uint32_t y_lo = b_lo ^ m_lo, y_hi = b_hi ^ m_hi;
        LWC_STORE2LE(out, aligned, y_lo, y_hi);
        if (mac_in)
            c_lo = a_lo ^ m_lo, c_hi = a_hi ^ m_hi;
        else
            c_lo = a_lo ^ y_lo, c_hi = a_hi ^ y_hi;
    }
    lwc_store32_aligned(chain, c_lo);
    lwc_store32_aligned(chain + 4, c_hi);
    lwc_store32le(counter, upper ^ (delta & wrapped));
    lwc_store32be(counter + 4, low);
}

/* The pair function (lwc_block_pair_fn; the blocks of lwc_aead_pass that the pair pass
 * does not take): the pair pass on one block, a_in as the chain and b_in as the counter
 * (aligned copies: a_in and b_in may be a_out and b_out), in = 0 and out = b_out (mac_in:
 * the chain keeps E(a_in)), so that a firmware holds one copy of the 2-way rounds for EAX. */
void lwc_hight_encrypt_pair(const void *ks, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out,
                            const uint8_t *b_in)
{
    uint32_t w[4]; /* the chain, the counter */
    static const uint32_t zero[2];
    memcpy(w, a_in, 8);
    memcpy(w + 2, b_in, 8);
    lwc_hight_pair_pass(ks, (uint8_t *)w, (uint8_t *)(w + 2), b_out, (const uint8_t *)zero, 1, 1);
    memcpy(a_out, w, 8);
    lwc_wipe(w, sizeof w);
}
#endif
#else
#define hight_ctr_words lwc_hight_ctr_words
#endif
/* CTR's whole blocks in hight_armv6m.S or above (lwc_ctr_xcrypt_words), which find the
 * counter right after the key schedule. */
LWC_STATIC_ASSERT(hight_ctr_counter, offsetof(lwc_hight_ctr, counter) == sizeof(lwc_hight_key));

void lwc_hight_ctr_crypt(lwc_hight_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt_words(hight_ctr_words, ctx, 8, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}
#else
/* CTR on the reference engine (lwc_internal.h). */
static void hight_ctr_block(const void *ks, uint8_t *out, const uint8_t *in)
{
    lwc_hight_encrypt(ks, out, in);
}

void lwc_hight_ctr_crypt(lwc_hight_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    LWC_SIMD_CTR_FIRST(lwc_simd_kernel_hight, ctx, 8, out, in, len); /* host SIMD kernels */
    lwc_ctr_xcrypt(hight_ctr_block, &ctx->ks, 8, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}
#endif
#endif
