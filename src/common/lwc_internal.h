/* lwc internals shared by the cipher families; not part of the public API. */
#ifndef LWC_INTERNAL_H
#define LWC_INTERNAL_H

#include <limits.h>
#include <string.h>

#include "../../include/lwc.h"

/*
 * LWC_WORD32: int has at least 32 bits (32/64-bit cores). The C of CHAM, LEA, HIGHT
 * and the CTR engine then uses word-parallel forms and unrolled rounds; on 8/16-bit
 * cores (AVR) it keeps byte-friendly forms and short loops, faster and smaller there.
 */
#define LWC_WORD32 (UINT_MAX > 0xffffu)

/* Constant tables live in flash on AVR (read with LPM, which has constant timing). */
#if LWC_ARCH_AVR
#include <avr/pgmspace.h>
#define LWC_ROM PROGMEM
#define lwc_rom_u8(p) pgm_read_byte(p)
#define lwc_rom_u32(p) pgm_read_dword(p)
#else
#define LWC_ROM
#define lwc_rom_u8(p) (*(p))
#define lwc_rom_u32(p) (*(p))
#endif

/* Compile-time check (C99 has no static_assert): the build fails if cond is false. The
 * families use it for the context offsets their assembly relies on. */
#define LWC_STATIC_ASSERT(name, cond) typedef char name[(cond) ? 1 : -1]

static inline uint16_t lwc_load16le(const uint8_t *p)
{
    return (uint16_t)(p[0] | (uint16_t)p[1] << 8);
}

static inline uint32_t lwc_load32le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint32_t lwc_load32be(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void lwc_store16le(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static inline void lwc_store32le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static inline void lwc_store32be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Rotations by 0 < n < width bits (lwc_rol32 also accepts n = 0). */
static inline uint8_t lwc_rol8(uint8_t x, unsigned n)
{
    return (uint8_t)(x << n | x >> (8 - n));
}

static inline uint16_t lwc_rol16(uint16_t x, unsigned n)
{
    return (uint16_t)(x << n | x >> (16 - n));
}

static inline uint32_t lwc_rol32(uint32_t x, unsigned n)
{
    return x << n | x >> ((32 - n) & 31);
}

static inline uint32_t lwc_ror32(uint32_t x, unsigned n)
{
    return x >> n | x << (32 - n);
}

/* Swap-move: exchanges the bits of b at the positions in m with the bits of a s
 * positions higher (the bitsliced code's layout changes). */
#define LWC_SWAPMOVE(a, b, s, m)                      \
    do {                                              \
        const uint32_t t_ = ((a) >> (s) ^ (b)) & (m); \
        (b) ^= t_;                                    \
        (a) ^= t_ << (s);                             \
    } while (0)

/* Encrypts one block with an opaque key schedule. */
typedef void (*lwc_block_fn)(const void *ks, uint8_t *out, const uint8_t *in);

/*
 * The one CTR engine: XORs len bytes of keystream into in, continuing from the state
 * (counter = next counter block, stream = current keystream block, *used = bytes of it
 * consumed, block_bytes when none is buffered). Branches only on len and *used, and on
 * 32-bit cores on the public counter's low 32 bits wrapping to 0.
 */
void lwc_ctr_xcrypt(lwc_block_fn encrypt, const void *ks, size_t block_bytes, uint8_t *counter,
                    uint8_t *stream, uint8_t *used, uint8_t *out, const uint8_t *in, size_t len);

/*
 * A CTR path's whole-block function: XORs nblocks keystream blocks into in, writing out
 * (out == in allowed), and advances its counter. lwc_ctr_xcrypt_blocks does the partial
 * blocks around it; the assembly CTR paths supply their own block functions.
 */
typedef void (*lwc_ctr_blocks_fn)(void *state, uint8_t *out, const uint8_t *in, size_t nblocks);
void lwc_ctr_xcrypt_blocks(lwc_ctr_blocks_fn blocks, void *state, size_t block_bytes, uint8_t *stream,
                           uint8_t *used, uint8_t *out, const uint8_t *in, size_t len);

/* Adds 1 to a big-endian counter block, touching every byte (no early exit). */
void lwc_ctr_increment(uint8_t *counter, size_t block_bytes);

/* out = in ^ stream over n bytes. */
void lwc_ctr_xor(uint8_t *out, const uint8_t *in, const uint8_t *stream, size_t n);

/*
 * Defines lwc_X_ctr_init and lwc_X_ctr_crypt on an AVR assembly block loop
 * lwc_P_ctr_blocks(ctx, out, in, nblocks) whose context has ks, counter, valid, stream and
 * used (HIGHT, PRESENT). ctr_init builds the precomputed values of the counter's window
 * with lwc_P_ctr_precompute (separate pass), or, with LWC_CTR_ONLINE, leaves valid = 0 so
 * that they are captured while the first block of the window is encrypted.
 */
#ifdef LWC_CTR_ONLINE
#define LWC_ASM_CTR_PRECOMPUTE(P, ctx) ((ctx)->valid = 0)
#else
#define LWC_ASM_CTR_PRECOMPUTE(P, ctx) lwc_##P##_ctr_precompute(ctx)
#endif
#define LWC_DEFINE_ASM_CTR(X, P, block_bytes)                                              \
    void lwc_##P##_ctr_blocks(lwc_##X##_ctr *ctx, uint8_t *out, const uint8_t *in,         \
                              uint16_t nblocks);                                           \
    void lwc_##P##_ctr_precompute(lwc_##X##_ctr *ctx);                                     \
    static void X##_asm_ctr_blocks(void *ctx, uint8_t *out, const uint8_t *in, size_t n)    \
    {                                                                                      \
        lwc_##P##_ctr_blocks(ctx, out, in, (uint16_t)n);                                   \
    }                                                                                      \
    LWC_DEFINE_CTR_INIT(X, block_bytes, LWC_ASM_CTR_PRECOMPUTE(P, ctx))                    \
    LWC_DEFINE_CTR_CRYPT_BLOCKS(X, block_bytes, X##_asm_ctr_blocks)

/*
 * Defines lwc_X_ctr_init: the key schedule, counter = iv, no keystream buffered, then
 * prepare (an expression on ctx: a CTR path's precomputation, or (void)0).
 */
#define LWC_DEFINE_CTR_INIT(X, block_bytes, prepare)                                      \
    void lwc_##X##_ctr_init(lwc_##X##_ctr *ctx, const uint8_t *key, const uint8_t *iv)    \
    {                                                                                     \
        lwc_##X##_setkey(&ctx->ks, key);                                                  \
        memcpy(ctx->counter, iv, block_bytes);                                            \
        ctx->used = block_bytes;                                                          \
        prepare;                                                                          \
    }

/* Defines lwc_X_ctr_crypt on a whole-block keystream routine run (lwc_ctr_xcrypt_blocks). */
#define LWC_DEFINE_CTR_CRYPT_BLOCKS(X, block_bytes, run)                                  \
    void lwc_##X##_ctr_crypt(lwc_##X##_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len) \
    {                                                                                     \
        lwc_ctr_xcrypt_blocks(run, ctx, block_bytes, ctx->stream, &ctx->used, out, in, len); \
    }

/*
 * Defines lwc_X_ctr_init and lwc_X_ctr_crypt on top of lwc_X_setkey / lwc_X_encrypt for
 * a context declared with LWC_CTR_FIELDS; ctr_crypt starts with the statement first (on
 * ctx, out, in, len: the host SIMD kernels, lwc_simd.h), else (void)0.
 */
#define LWC_DEFINE_REFERENCE_CTR(X, block_bytes) LWC_DEFINE_REFERENCE_CTR_FIRST(X, block_bytes, (void)0)
#define LWC_DEFINE_REFERENCE_CTR_FIRST(X, block_bytes, first)                             \
    static void X##_ctr_block(const void *ks, uint8_t *out, const uint8_t *in)            \
    {                                                                                     \
        lwc_##X##_encrypt((const lwc_##X##_key *)ks, out, in);                            \
    }                                                                                     \
    LWC_DEFINE_CTR_INIT(X, block_bytes, (void)0)                                          \
    void lwc_##X##_ctr_crypt(lwc_##X##_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len) \
    {                                                                                     \
        first;                                                                            \
        lwc_ctr_xcrypt(X##_ctr_block, &ctx->ks, block_bytes, ctx->counter, ctx->stream,   \
                       &ctx->used, out, in, len);                                         \
    }

#endif
