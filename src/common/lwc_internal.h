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

/* A buffer that must be there: non-NULL, unless its length is 0. */
static inline int lwc_missing(const void *p, size_t n)
{
    return n != 0 && p == NULL;
}

/* A function the compiler must not inline: a rarely taken path with a frame of its own, so
 * that its caller's hot path does not set that frame up on every call. */
#if defined(__GNUC__)
#define LWC_NOINLINE __attribute__((noinline))
#else
#define LWC_NOINLINE
#endif

/* Keeps the compiler from turning arithmetic on a secret into a branch. Not under
 * MemorySanitizer, which takes an asm statement's outputs as clean: the constant-time test
 * (tests/ct) would lose the secret's taint there and miss a branch on it further on. */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define LWC_MSAN 1
#endif
#endif
#if defined(__GNUC__) && !defined(LWC_MSAN)
#define LWC_VALUE_BARRIER(x) __asm__("" : "+r"(x))
#else
#define LWC_VALUE_BARRIER(x) ((void)0)
#endif

/* 0xff if a and b agree on their n bytes, else 0, in time that depends on n only (the
 * compare of lwc_verify, the tag checks of the modes). */
uint8_t lwc_equal_mask(const uint8_t *a, const uint8_t *b, size_t n);

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

/*
 * Native-order words at an address the caller knows to be 4-byte aligned: one load or store
 * on every 32-bit core, where the helpers above compile to byte accesses unless the core
 * allows unaligned ones (LWC_UNALIGNED_WORDS: x86, Cortex-M3/M4, aarch64; ARMv6-M and RV32
 * do not), so that an aligned fast path pays only where LWC_UNALIGNED_WORDS is 0.
 */
#if defined(__i386__) || defined(__x86_64__) || defined(__ARM_FEATURE_UNALIGNED) || defined(__aarch64__)
#define LWC_UNALIGNED_WORDS 1
#else
#define LWC_UNALIGNED_WORDS 0
#endif
#if defined(__GNUC__)
#define LWC_ALIGNED4(p) __builtin_assume_aligned(p, 4)
#else
#define LWC_ALIGNED4(p) (p)
#endif
static inline int lwc_aligned4(const void *p)
{
    return ((uintptr_t)p & 3) == 0;
}

static inline uint32_t lwc_load32_aligned(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, LWC_ALIGNED4(p), 4);
    return v;
}

static inline void lwc_store32_aligned(uint8_t *p, uint32_t v)
{
    memcpy(LWC_ALIGNED4(p), &v, 4);
}

/*
 * Two or four little-endian words of a block at p (x0 .. x3 declared by the caller) and
 * back, the block I/O of the modes' hooks and pair passes: one load or store a word where
 * `aligned` (p 4-byte aligned, known to the caller) or where the core allows unaligned
 * access; byte accesses on the others (ARMv6-M, RV32) only for a misaligned p. One branch per block. On
 * little-endian cores a word is copied as it is (memcpy), so that the compiler never
 * splits it into bytes; big-endian ones assemble it (lwc_load32le).
 */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define LWC_LITTLE_ENDIAN 1
#else
#define LWC_LITTLE_ENDIAN 0
#endif
static inline uint32_t lwc_load32le_any(const uint8_t *p)
{
    uint32_t v;
    if (!LWC_LITTLE_ENDIAN)
        return lwc_load32le(p);
    memcpy(&v, p, 4);
    return v;
}
static inline void lwc_store32le_any(uint8_t *p, uint32_t v)
{
    if (!LWC_LITTLE_ENDIAN)
        lwc_store32le(p, v);
    else
        memcpy(p, &v, 4);
}
#define LWC_WORDS_BY_ALIGNMENT (LWC_LITTLE_ENDIAN && !LWC_UNALIGNED_WORDS)
#define LWC_LOAD2LE(p, aligned, x0, x1)                                                             \
    do {                                                                                            \
        if (LWC_WORDS_BY_ALIGNMENT && (aligned))                                                    \
            x0 = lwc_load32_aligned(p), x1 = lwc_load32_aligned((p) + 4);                           \
        else                                                                                        \
            x0 = lwc_load32le_any(p), x1 = lwc_load32le_any((p) + 4);                               \
    } while (0)
#define LWC_STORE2LE(p, aligned, x0, x1)                                                            \
    do {                                                                                            \
        if (LWC_WORDS_BY_ALIGNMENT && (aligned))                                                    \
            lwc_store32_aligned(p, x0), lwc_store32_aligned((p) + 4, x1);                           \
        else                                                                                        \
            lwc_store32le_any(p, x0), lwc_store32le_any((p) + 4, x1);                               \
    } while (0)
#define LWC_LOAD4LE(p, aligned, x0, x1, x2, x3) \
    do {                                        \
        LWC_LOAD2LE(p, aligned, x0, x1);        \
        LWC_LOAD2LE((p) + 8, aligned, x2, x3);  \
    } while (0)
#define LWC_STORE4LE(p, aligned, x0, x1, x2, x3) \
    do {                                         \
        LWC_STORE2LE(p, aligned, x0, x1);        \
        LWC_STORE2LE((p) + 8, aligned, x2, x3);  \
    } while (0)

/* The bytes of x in reverse order (a little-endian word of big-endian counter bytes). */
static inline uint32_t lwc_bswap32(uint32_t x)
{
    x = (x >> 8 & 0x00ff00ffu) | (x & 0x00ff00ffu) << 8;
    return x >> 16 | x << 16;
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

/* ==== CTR ================================================================================
 * Every CTR context holds, after its key schedule ks: counter (the next counter block, a
 * big-endian integer over the block), stream (the current keystream block) and used (bytes
 * of stream consumed; the block size when none is buffered). lwc_X_ctr_setiv restarts the
 * keystream with lwc_ctr_restart (lwc_ctr_window_restart on the assembly paths, see the
 * contract below); lwc_X_ctr_init is lwc_X_setkey followed by the same restart.
 */
static inline void lwc_ctr_restart(uint8_t *counter, uint8_t *used, const uint8_t *iv, size_t block_bytes)
{
    memcpy(counter, iv, block_bytes);
    *used = (uint8_t)block_bytes;
}

/* len / block_bytes for the library's block sizes (8 and 16 bytes) by shifts: cores
 * without a divide instruction would call a division routine (about 200 cycles a call on
 * AVR; 266 bytes of flash on ARMv6-M). */
static inline size_t lwc_whole_blocks(size_t len, size_t block_bytes)
{
    return len >> 3 >> (block_bytes >> 4);
}

/* Adds 1 to a big-endian counter block, touching every byte (no early exit). */
void lwc_ctr_increment(uint8_t *counter, size_t block_bytes);

/* out = in ^ stream over n bytes. */
void lwc_ctr_xor(uint8_t *out, const uint8_t *in, const uint8_t *stream, size_t n);

/*
 * The first part of every ctr_crypt call: XORs the rest of the buffered keystream block
 * (stream from byte pos) into the message, advances *out, *in and *len past it and
 * returns the new pos. Then come whole blocks, then the start of a new block, whose
 * keystream (the blocks function applied to a zero block) stays in stream.
 */
static inline size_t lwc_ctr_use_stream(const uint8_t *stream, size_t pos, size_t block_bytes, uint8_t **out,
                                        const uint8_t **in, size_t *len)
{
    const size_t rest = block_bytes - pos < *len ? block_bytes - pos : *len;
    lwc_ctr_xor(*out, *in, stream + pos, rest);
    *out += rest;
    *in += rest;
    *len -= rest;
    return pos + rest;
}

/*
 * A CTR path's whole-block function: XORs nblocks keystream blocks into in, writing out
 * (out == in allowed), and advances its counter. lwc_ctr_xcrypt_blocks does the partial
 * blocks around it (stream, *used); every branch depends on len and *used only.
 */
typedef void (*lwc_ctr_blocks_fn)(void *state, uint8_t *out, const uint8_t *in, size_t nblocks);
void lwc_ctr_xcrypt_blocks(lwc_ctr_blocks_fn blocks, void *state, size_t block_bytes, uint8_t *stream,
                           uint8_t *used, uint8_t *out, const uint8_t *in, size_t len);

/*
 * The 32-bit fast paths' whole-block function (ARMv6-M assembly, RV32 C): out = in ^
 * E(counter), E(counter + 1), ... over nblocks >= 1 blocks (out == in allowed), out and in
 * 4-byte aligned; it adds nblocks to the counter's last four bytes (a big-endian number),
 * which never wrap to 0 before its last block (they may right after it). The counter is
 * ctx's own field. lwc_ctr_xcrypt_words is lwc_ctr_xcrypt_blocks over it: partial blocks
 * as there, a misaligned message through an aligned stack buffer, 64 bytes at a time, the
 * calls cut where the last four bytes wrap and the carry into the bytes above them done
 * in C. Branches on len, *used, the alignment of out and in, and the (public) counter.
 */
typedef void (*lwc_ctr_words_fn)(void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
void lwc_ctr_xcrypt_words(lwc_ctr_words_fn words, void *ctx, size_t block_bytes, uint8_t *counter,
                          uint8_t *stream, uint8_t *used, uint8_t *out, const uint8_t *in, size_t len);

/* Encrypts one block with an opaque key schedule. */
typedef void (*lwc_block_fn)(const void *ks, uint8_t *out, const uint8_t *in);

/*
 * Two blocks with one key schedule in one pass: a_out = E(a_in), b_out = E(b_in) (in place
 * allowed), for the bitsliced AES and PRESENT, whose every pass carries two blocks (one
 * block alone wastes half of it), and the ARX ciphers' C below. The modes use them
 * (lwc_aead_pass). Not on AVR, whose C and assembly are one block a pass.
 */
#define LWC_BLOCK_PAIRS (LWC_AES_IMPL == LWC_IMPL_BITSLICE32 && !LWC_ARCH_AVR)

/*
 * LWC_<FAMILY>_MODE_HOOKS: the family has EAX's and CCM's hooks for its ciphers X (src/modes:
 * mode_ciphers.c, eax.c): lwc_X_cbc_step (lwc_cbc_step_fn) and lwc_X_ctr_secret
 * (lwc_ctr_secret_fn), their contracts in src/modes/modes_internal.h, which src/modes/ then
 * calls instead of the block function. The AVR and ARMv6-M assemblies' (every cipher of the
 * family), and the C of LEA and CHAM-128 on 32-bit cores (lea.c, cham.c: a block's words in
 * registers from the message to the chain or from the counter to the output), but LEA's where
 * its pair function carries both parts of the modes (LWC_LEA_CTR_2WAY: RV32), so that a
 * firmware does not hold a third copy of its unrolled rounds for the nonce's and the
 * associated data's few blocks. CHAM-64/128's C has a pair function instead (below).
 */
#define LWC_ARX_ASM_HOOKS(IMPL) ((IMPL) == LWC_IMPL_AVR || (IMPL) == LWC_IMPL_ARMV6M)
#define LWC_LEA_MODE_HOOKS \
    (LWC_ARX_ASM_HOOKS(LWC_LEA_IMPL) || (LWC_LEA_IMPL == LWC_IMPL_C && LWC_WORD32 && !LWC_LEA_CTR_2WAY))
#define LWC_HIGHT_MODE_HOOKS LWC_ARX_ASM_HOOKS(LWC_HIGHT_IMPL)
#define LWC_CHAM_MODE_HOOKS LWC_ARX_ASM_HOOKS(LWC_CHAM_IMPL)
#define LWC_CHAM128_MODE_HOOKS (LWC_CHAM_MODE_HOOKS || (LWC_CHAM_IMPL == LWC_IMPL_C && LWC_WORD32))
#if LWC_LEA_MODE_HOOKS && LWC_LEA_IMPL == LWC_IMPL_C
void lwc_lea128_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);
void lwc_lea192_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);
void lwc_lea256_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);
#endif
#if LWC_CHAM128_MODE_HOOKS && LWC_CHAM_IMPL == LWC_IMPL_C
void lwc_cham128_128_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);
void lwc_cham128_256_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);
#endif
typedef void (*lwc_block_pair_fn)(const void *ks, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out,
                                  const uint8_t *b_in);
#if LWC_BLOCK_PAIRS
void lwc_aes_encrypt_pair(const void *ks, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out,
                          const uint8_t *b_in);
void lwc_present_encrypt_pair(const void *ks, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out,
                              const uint8_t *b_in);
#endif
/* The ARX ciphers' pair functions in C, with each round key loaded once for both blocks:
 * CHAM-64/128's (cham.c) where its C runs unrolled, HIGHT's (hight.c) where its CTR
 * carries two blocks in the lanes of its words (LWC_HIGHT_CTR_2WAY): its pair pass (below)
 * on one block. */
#define LWC_CHAM64_PAIR (LWC_BLOCK_PAIRS && LWC_CHAM_IMPL == LWC_IMPL_C && LWC_WORD32 && !LWC_SMALL)
#define LWC_HIGHT_PAIR (LWC_BLOCK_PAIRS && LWC_HIGHT_CTR_2WAY)
#if LWC_HIGHT_PAIR
void lwc_hight_encrypt_pair(const void *ks, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out,
                            const uint8_t *b_in);
#endif
#if LWC_CHAM64_PAIR
void lwc_cham64_128_encrypt_pair(const void *ks, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out,
                                 const uint8_t *b_in);
#endif
/* LEA's, where its 2-way CTR shares the round keys' loads between two blocks (RV32:
 * LWC_LEA_CTR_2WAY, lea.c): its pair pass (below) on one block. */
#if LWC_BLOCK_PAIRS && LWC_LEA_CTR_2WAY
void lwc_lea128_encrypt_pair(const void *ks, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out,
                             const uint8_t *b_in);
void lwc_lea192_encrypt_pair(const void *ks, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out,
                             const uint8_t *b_in);
void lwc_lea256_encrypt_pair(const void *ks, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out,
                             const uint8_t *b_in);
#endif

/*
 * A pair pass: EAX's and CCM's message pass (lwc_aead_pass) over whole blocks, the pair
 * function's rounds with the XORs around them, for a cipher whose pass keeps the chain and
 * the counter in registers from block to block (on RV32: LEA's lwc_leaN_pair_pass, lea.c;
 * HIGHT's lwc_hight_pair_pass, hight.c).
 * The MAC's block is pending in chain (pos = B: the block XORed in, not yet encrypted);
 * for each block i < blocks (blocks >= 1): chain = E(chain), s = E(counter), counter += 1
 * (big-endian over the block, the same work whatever the carries), out_i = in_i ^ s, then
 * chain ^= in_i (mac_in) or out_i, left pending. chain 4-byte aligned (out, in and counter
 * any), out == in allowed, each byte of in read once.
 */
#define LWC_PAIR_PASSES (LWC_BLOCK_PAIRS && (LWC_LEA_CTR_2WAY || LWC_HIGHT_CTR_2WAY))
typedef void (*lwc_pair_pass_fn)(const void *ks, uint8_t *chain, uint8_t *counter, uint8_t *out,
                                 const uint8_t *in, size_t blocks, unsigned mac_in);
#if LWC_BLOCK_PAIRS && LWC_LEA_CTR_2WAY
void lwc_lea128_pair_pass(const void *ks, uint8_t *chain, uint8_t *counter, uint8_t *out, const uint8_t *in,
                          size_t blocks, unsigned mac_in);
void lwc_lea192_pair_pass(const void *ks, uint8_t *chain, uint8_t *counter, uint8_t *out, const uint8_t *in,
                          size_t blocks, unsigned mac_in);
void lwc_lea256_pair_pass(const void *ks, uint8_t *chain, uint8_t *counter, uint8_t *out, const uint8_t *in,
                          size_t blocks, unsigned mac_in);
#endif
#if LWC_HIGHT_PAIR
void lwc_hight_pair_pass(const void *ks, uint8_t *chain, uint8_t *counter, uint8_t *out, const uint8_t *in,
                         size_t blocks, unsigned mac_in);
#endif

/* A block function of a 32-bit fast path that takes 4-byte aligned out and in only, called
 * on any: a misaligned block goes through an aligned copy on the stack. */
void lwc_block_words(lwc_block_fn words, const void *ks, size_t block_bytes, uint8_t *out, const uint8_t *in);

/* The modes' hooks that a family's code may have (LWC_<FAMILY>_MODE_HOOKS; used by
 * src/modes/).
 * A step of CBC-MAC: chain = E(chain ^ m) for one block m, each byte of m read once and
 * stored at copy (copy == chain: no copy, the result overwrites it; else copy overlaps
 * neither chain nor m). The assembly families' lwc_X_cbc_step, or a C adapter
 * (mode_ciphers.c). */
typedef void (*lwc_cbc_step_fn)(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
/* CTR with a secret counter (EAX) over whole blocks: out[i] = in[i] ^ E(counter + i) for each
 * block i < blocks (blocks >= 1; out == in allowed), counter + blocks left in counter
 * (big-endian, over the whole block), in constant time. */
typedef void (*lwc_ctr_secret_fn)(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);

/* The same over an assembly that loads words (ARMv6-M), when a pointer is not 4-byte
 * aligned (the modes' own buffers are): through aligned copies on the stack.
 * lwc_cbc_step_bounce calls the step on them (the assembly's lwc_X_cbc_step calls it back
 * when it finds a pointer misaligned); lwc_ctr_secret_words calls words as it is when
 * counter, out and in are aligned, else 64 bytes at a time. Branch on the (public)
 * addresses only. */
void lwc_cbc_step_bounce(lwc_cbc_step_fn step, size_t block_bytes, const void *ks, uint8_t *chain,
                         const uint8_t *m, uint8_t *copy);
void lwc_ctr_secret_words(lwc_ctr_secret_fn words, size_t block_bytes, const void *ks, uint8_t *counter,
                          uint8_t *out, const uint8_t *in, size_t blocks);
/* Cipher X's lwc_X_cbc_step_bounce (LWC_CBC_STEP_BOUNCE) and lwc_X_ctr_secret
 * (LWC_CTR_SECRET_WORDS), block size BLOCK, around its assembly's lwc_X_cbc_step and
 * lwc_X_ctr_secret_words; LWC_MODE_HOOKS_WORDS: both. */
#define LWC_CBC_STEP_BOUNCE(X, BLOCK)                                                                  \
    void lwc_##X##_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);         \
    void lwc_##X##_cbc_step_bounce(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);  \
    void lwc_##X##_cbc_step_bounce(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy)   \
    {                                                                                                  \
        lwc_cbc_step_bounce(lwc_##X##_cbc_step, BLOCK, ks, chain, m, copy);                            \
    }
#define LWC_CTR_SECRET_WORDS(X, BLOCK)                                                                 \
    void lwc_##X##_ctr_secret_words(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, \
                                    size_t blocks);                                                   \
    void lwc_##X##_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in,      \
                              size_t blocks);                                                         \
    void lwc_##X##_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in,      \
                              size_t blocks)                                                          \
    {                                                                                                  \
        lwc_ctr_secret_words(lwc_##X##_ctr_secret_words, BLOCK, ks, counter, out, in, blocks);         \
    }
#define LWC_MODE_HOOKS_WORDS(X, BLOCK) LWC_CBC_STEP_BOUNCE(X, BLOCK) LWC_CTR_SECRET_WORDS(X, BLOCK)

/*
 * The reference engine (every C CTR path): lwc_ctr_xcrypt_blocks over one encryption of
 * the counter per block. Branches only on len and *used, and on 32-bit cores on the public
 * counter's low 32 bits wrapping to 0.
 */
void lwc_ctr_xcrypt(lwc_block_fn encrypt, const void *ks, size_t block_bytes, uint8_t *counter,
                    uint8_t *stream, uint8_t *used, uint8_t *out, const uint8_t *in, size_t len);

/*
 * ==== The assembly CTR contract (PRESENT, HIGHT, LEA and CHAM on the ATmega) ============
 * The assembly skips the first rounds' work that depends only on the counter bytes above
 * a window: the window is the low W bytes of the counter (W = 1, 2 or 4, per cipher), and
 * pre holds what those rounds compute from the bytes above it and the key.
 *
 * Context, after the key schedule: counter[B] (the next counter block), pre_valid right
 * after it (1 when pre belongs to the counter's current window, 0 when it must be
 * rebuilt), pre and the assembly's own fields, then stream[B] and used (as everywhere),
 * stream at most 63 - B bytes after counter. Each family checks its offsets.
 *
 * Assembly: void lwc_P_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in,
 *                                 uint8_t nblocks)
 *   counter = ctx->counter (the key schedule is at a fixed distance before it). 1 <=
 *   nblocks, and the counter blocks counter .. counter + nblocks - 1 lie in one window.
 *   If pre_valid is 0 on entry, it first rebuilds pre from the counter and sets pre_valid
 *   to 1: in a separate pass (default) or while it encrypts the first block
 *   (LWC_CTR_ONLINE). Then out = in ^ E(counter), E(counter + 1), ... (out == in allowed),
 *   and it adds nblocks to the window bytes of the counter only: after the window's last
 *   block they are 0 and the bytes above it are unchanged. It never calls C.
 * C (lwc_ctr_window_crypt, the body of lwc_X_ctr_crypt): partial blocks as everywhere;
 *   whole blocks in calls of at most 255 that end at the latest with a window's last
 *   block; after such a call, the carry into the bytes above the window and pre_valid = 0:
 *   the decision to rebuild is C's, the next call of the assembly rebuilds.
 *   lwc_X_ctr_setiv clears pre_valid too (lwc_ctr_window_restart).
 * So the rebuild costs time in the first call after setiv and in the call after a window
 * ends; the counter is public, and no time depends on the key or the data.
 */
typedef void (*lwc_ctr_window_fn)(uint8_t *counter, uint8_t *out, const uint8_t *in, uint8_t nblocks);

/* stream - counter in a context of type T (counter: its counter's field designator), and
 * the build check of the layout rules above. */
#define LWC_CTR_STREAM_OFFSET(T, counter) (offsetof(T, stream) - offsetof(T, counter))
#define LWC_CTR_WINDOW_LAYOUT(name, T, counter, pre_valid, block_bytes)                            \
    LWC_STATIC_ASSERT(name, offsetof(T, pre_valid) == offsetof(T, counter) + (block_bytes) &&       \
                                offsetof(T, used) == offsetof(T, stream) + (block_bytes) &&         \
                                LWC_CTR_STREAM_OFFSET(T, counter) + (block_bytes) <= 63)

static inline void lwc_ctr_window_restart(uint8_t *counter, uint8_t *used, uint8_t *pre_valid,
                                          const uint8_t *iv, size_t block_bytes)
{
    lwc_ctr_restart(counter, used, iv, block_bytes);
    *pre_valid = 0;
}

/*
 * The window bytes above its last one, ANDed (all ff: the window's end is within 256
 * blocks) or ORed (0 with a last byte 0: the window's end was just reached); W = 1, 2 or
 * 4. Written out: avr-gcc keeps a loop over three bytes as a loop.
 */
static inline uint8_t lwc_ctr_window_upper_and(const uint8_t *counter, size_t block_bytes,
                                               size_t window_bytes)
{
    const uint8_t *w = counter + block_bytes - window_bytes;
    return window_bytes == 4 ? (uint8_t)(w[0] & w[1] & w[2]) : window_bytes == 2 ? w[0] : 0xff;
}

static inline uint8_t lwc_ctr_window_upper_or(const uint8_t *counter, size_t block_bytes,
                                              size_t window_bytes)
{
    const uint8_t *w = counter + block_bytes - window_bytes;
    return window_bytes == 4 ? (uint8_t)(w[0] | w[1] | w[2]) : window_bytes == 2 ? w[0] : 0;
}

/* How many of nblocks blocks one call may take: at most 255, and not past the window's end. */
static inline uint8_t lwc_ctr_window_cut(const uint8_t *counter, size_t block_bytes, size_t window_bytes,
                                         size_t nblocks)
{
    const uint8_t last = counter[block_bytes - 1];
    const uint8_t room = /* blocks left in the window - 1, at most 255 */
        lwc_ctr_window_upper_and(counter, block_bytes, window_bytes) == 0xff ? (uint8_t)~last : 255;
    if (nblocks <= room)
        return (uint8_t)nblocks;
    return room == 255 ? 255 : (uint8_t)(room + 1);
}

/* After a call: its blocks ended the window iff the window bytes are 0 again; then the carry
 * into the bytes above it, and the rebuild. */
static inline void lwc_ctr_window_check_end(uint8_t *counter, uint8_t *pre_valid, size_t block_bytes,
                                            size_t window_bytes)
{
    if ((lwc_ctr_window_upper_or(counter, block_bytes, window_bytes) | counter[block_bytes - 1]) == 0) {
        lwc_ctr_increment(counter, block_bytes - window_bytes);
        *pre_valid = 0;
    }
}

#if defined(__GNUC__)
#define LWC_ALWAYS_INLINE __attribute__((always_inline))
#else
#define LWC_ALWAYS_INLINE
#endif

/*
 * The C side of the contract: the body of lwc_X_ctr_crypt on an assembly path, inlined
 * there with the cipher's constants: blocks its assembly, block_bytes and window_bytes its
 * B and W, stream_offset = stream - counter in its context. Branches on len, used and the
 * (public) counter only.
 */
static inline LWC_ALWAYS_INLINE void lwc_ctr_window_crypt(lwc_ctr_window_fn blocks, uint8_t *counter,
                                                          size_t block_bytes, size_t window_bytes,
                                                          size_t stream_offset, uint8_t *out,
                                                          const uint8_t *in, size_t len)
{
#if defined(__GNUC__)
    /* Hides that counter is ctx + offset, so that avr-gcc addresses the fields from it (LDD
     * reaches 63 bytes) instead of computing and spilling ctx + offset for each: the
     * function is about 100 bytes smaller. */
    __asm__("" : "+r"(counter));
#endif
    uint8_t *const pre_valid = counter + block_bytes, *const stream = counter + stream_offset;
    uint8_t *const used = stream + block_bytes;
    size_t pos = lwc_ctr_use_stream(stream, *used, block_bytes, &out, &in, &len);
    for (size_t nblocks = len / block_bytes; nblocks;) {
        const uint8_t n = lwc_ctr_window_cut(counter, block_bytes, window_bytes, nblocks);
        blocks(counter, out, in, n);
        out += n * block_bytes;
        in += n * block_bytes;
        nblocks -= n;
        lwc_ctr_window_check_end(counter, pre_valid, block_bytes, window_bytes);
    }
    len %= block_bytes;
    if (len) {
        memset(stream, 0, block_bytes);
        blocks(counter, stream, stream, 1);
        lwc_ctr_window_check_end(counter, pre_valid, block_bytes, window_bytes);
        lwc_ctr_xor(out, in, stream, len);
        pos = len;
    }
    *used = (uint8_t)pos;
}

#endif
