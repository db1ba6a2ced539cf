/*
 * Ascon's internals (lwc/ascon.h): the state layout of the target, the permutation and the
 * whole-block loops, which an assembly implementation may replace, and the lane helpers
 * the modes use to stay independent of the layout. Not part of the public API.
 *
 * The state S = S0 || S1 || S2 || S3 || S4 of SP 800-232 is uint64_t s[5], s[i] holding the
 * word S_i (bit j of S_i is bit j of the standard's little-endian 64-bit integer: byte k
 * of a block is bits 8k..8k+7), in the layout LWC_ASCON_IMPL (lwc/config.h) chooses:
 *   LWC_IMPL_C     s[i] = S_i. On a little-endian target the 40 bytes of s are the state's
 *                  byte string, S0's byte 0 first (what an assembly permutation reads).
 *   LWC_IMPL_AVR   the same as LWC_IMPL_C; the permutation and the whole-block loops in
 *                  AVR assembly (ascon_avr.S).
 *   LWC_IMPL_AVR_TINY  the same; size-optimised AVR assembly (ascon_tiny_avr.S).
 *   LWC_IMPL_BI32  s[i] = E | O << 32: E holds the even bits of S_i (bit 2j of S_i at bit j),
 *                  O the odd ones. A rotation of S_i by r is then two 32-bit rotations (by
 *                  r/2 each for an even r; for an odd r, E' = O rotated by (r-1)/2 and
 *                  O' = E rotated by (r+1)/2), which 32-bit and 8-bit cores do cheaply.
 * A "lane" is one such uint64_t. XOR and AND act bit by bit, so they are the same in
 * every layout; lwc_ascon_import / lwc_ascon_export convert a standard 64-bit word.
 * Keys (lwc_ascon_aead128_key) and sponge states hold lanes in the same layout.
 *
 * The entry points an implementation provides (C here: ascon_p64.c or ascon_bi32.c for the
 * permutation, ascon_aead.c and ascon_hash.c for the loops):
 *   lwc_ascon_permute(s, first)   rounds first..11 of Ascon-p: Ascon-p[12] is first = 0,
 *                                 Ascon-p[8] first = 4; round i adds the constant
 *                                 (15 - i) << 4 | i, the standard's c_{4+i}
 *   lwc_ascon_aead_duplex(s, out, in, n, decrypt)  one duplex block of n <= 16 bytes into
 *                                                 S0 || S1, in[0..n) read once: a whole
 *                                                 block (16), or the last one, padded with
 *                                                 01 at byte n (n < 16). out NULL:
 *                                                 associated data, S ^= in. Else a message
 *                                                 block: out = S ^ in (n bytes, only
 *                                                 written); S takes the ciphertext: S ^ in
 *                                                 (decrypt 0) or in itself (decrypt 1)
 *   lwc_ascon_aead_absorb(s, in, blocks)          S0 || S1 ^= block, then Ascon-p[8], per
 *                                                 16-byte block (associated data)
 *   lwc_ascon_aead_encrypt_blocks(s, out, in, blocks)  per block: S0 || S1 ^= P, C = S0 || S1,
 *                                                 Ascon-p[8] (out == in allowed; out is only
 *                                                 written, never read)
 *   lwc_ascon_aead_decrypt_blocks(s, out, in, blocks)  per block: C read once, P = S0 || S1
 *                                                 ^ C, S0 || S1 = C, Ascon-p[8]
 *   lwc_ascon_hash_absorb(s, in, blocks)          S0 ^= block, then Ascon-p[12], per 8-byte
 *                                                 block (Hash256, XOF128, CXOF128)
 * The modes do the partial blocks, padding, domain separation, checks and tag in C.
 */
#ifndef LWC_ASCON_INTERNAL_H
#define LWC_ASCON_INTERNAL_H

#include "../common/lwc_internal.h"
#include "../modes/modes_internal.h"

void lwc_ascon_permute(uint64_t s[5], uint8_t first_round);
void lwc_ascon_aead_duplex(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t n, uint8_t decrypt);
void lwc_ascon_aead_absorb(uint64_t s[5], const uint8_t *in, size_t blocks);
void lwc_ascon_aead_encrypt_blocks(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t blocks);
void lwc_ascon_aead_decrypt_blocks(uint64_t s[5], uint8_t *out, const uint8_t *in, size_t blocks);
void lwc_ascon_hash_absorb(uint64_t s[5], const uint8_t *in, size_t blocks);

/* The checks of lwc_ascon_aead128_encrypt and _decrypt (lwc/ascon.h: in this order): 0 or the
 * error. */
int lwc_ascon_aead_check(const lwc_ascon_aead128_key *k, const lwc_aead_msg *m, const void *tag, size_t tag_len);

#define LWC_ASCON_P12 0
#define LWC_ASCON_P8 4

/* The duplex block and the whole-block loops in assembly (else in C: ascon_aead.c,
 * ascon_hash.c). */
#define LWC_ASCON_ASM_LOOPS (LWC_ASCON_IMPL == LWC_IMPL_AVR || LWC_ASCON_IMPL == LWC_IMPL_AVR_TINY)
/* Ascon-AEAD128's encrypt and decrypt in assembly after the checks (else ascon_aead.c): the
 * ATtiny class's, whose C entry points and mode code took more stack than its 512 bytes of
 * RAM afford. */
#define LWC_ASCON_ASM_AEAD (LWC_ASCON_IMPL == LWC_IMPL_AVR_TINY)

#if LWC_ASCON_IMPL == LWC_IMPL_BI32
/* Even bits of x to its low half, odd bits to its high half (and back): delta swaps. */
#define LWC_ASCON_DELTA_SWAP(x, m, s) LWC_SWAPMOVE(x, x, s, m)
static inline uint32_t lwc_ascon_unzip32(uint32_t x)
{
    LWC_ASCON_DELTA_SWAP(x, 0x22222222u, 1);
    LWC_ASCON_DELTA_SWAP(x, 0x0c0c0c0cu, 2);
    LWC_ASCON_DELTA_SWAP(x, 0x00f000f0u, 4);
    LWC_ASCON_DELTA_SWAP(x, 0x0000ff00u, 8);
    return x;
}

static inline uint32_t lwc_ascon_zip32(uint32_t x)
{
    LWC_ASCON_DELTA_SWAP(x, 0x0000ff00u, 8);
    LWC_ASCON_DELTA_SWAP(x, 0x00f000f0u, 4);
    LWC_ASCON_DELTA_SWAP(x, 0x0c0c0c0cu, 2);
    LWC_ASCON_DELTA_SWAP(x, 0x22222222u, 1);
    return x;
}

/* The lane of a standard 64-bit word, and the word of a lane. */
static inline uint64_t lwc_ascon_import(uint64_t w)
{
    const uint32_t lo = lwc_ascon_unzip32((uint32_t)w), hi = lwc_ascon_unzip32((uint32_t)(w >> 32));
    const uint32_t even = (lo & 0xffffu) | hi << 16, odd = lo >> 16 | (hi & 0xffff0000u);
    return even | (uint64_t)odd << 32;
}

static inline uint64_t lwc_ascon_export(uint64_t lane)
{
    const uint32_t even = (uint32_t)lane, odd = (uint32_t)(lane >> 32);
    const uint32_t lo = lwc_ascon_zip32((even & 0xffffu) | odd << 16);
    const uint32_t hi = lwc_ascon_zip32(even >> 16 | (odd & 0xffff0000u));
    return lo | (uint64_t)hi << 32;
}
#else
static inline uint64_t lwc_ascon_import(uint64_t w)
{
    return w;
}

static inline uint64_t lwc_ascon_export(uint64_t lane)
{
    return lane;
}
#endif

/* The n bytes at p (n <= 8) as the low bytes of a little-endian word, the rest zero. On a
 * little-endian target a copy (a load where n is 8; AVR's 64-bit shifts are long code). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define LWC_ASCON_LITTLE_ENDIAN 1
#else
#define LWC_ASCON_LITTLE_ENDIAN 0
#endif
static inline uint64_t lwc_ascon_word(const uint8_t *p, size_t n)
{
    uint64_t w = 0;
#if LWC_ASCON_LITTLE_ENDIAN
    memcpy(&w, p, n);
#else
    for (size_t i = n; i-- > 0;)
        w = w << 8 | p[i];
#endif
    return w;
}

/* The lane of the n bytes at p (n <= 8; 8: a whole block word). */
static inline uint64_t lwc_ascon_load(const uint8_t *p, size_t n)
{
    return lwc_ascon_import(lwc_ascon_word(p, n));
}

/* The first n bytes (n <= 8) of the word of a lane, to p. */
static inline void lwc_ascon_store(uint8_t *p, uint64_t lane, size_t n)
{
    uint64_t w = lwc_ascon_export(lane);
#if LWC_ASCON_LITTLE_ENDIAN
    memcpy(p, &w, n);
#else
    for (size_t i = 0; i < n; i++, w >>= 8)
        p[i] = (uint8_t)w;
#endif
}

/* The lane of the n bytes at p placed from byte position at (at + n <= 8), the others 0
 * (a copy, not a 64-bit shift by a variable count: a loop on AVR). */
static inline uint64_t lwc_ascon_load_at(const uint8_t *p, size_t n, size_t at)
{
    uint8_t b[8] = {0};
    memcpy(b + at, p, n);
    return lwc_ascon_load(b, 8);
}

/* The lane of byte b at byte position i (< 8): the padding byte 01, the domain separation. */
static inline uint64_t lwc_ascon_byte(uint8_t b, size_t i)
{
    return lwc_ascon_load_at(&b, 1, i);
}

#endif
