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
 *   LWC_IMPL_AVR   the same as LWC_IMPL_C; the permutation, the hashes' whole-block loop
 *                  and all of Ascon-AEAD128 but its checks in AVR assembly (ascon_avr.S).
 *   LWC_IMPL_AVR_TINY  the same; size-optimised AVR assembly (ascon_tiny_avr.S): the
 *                  permutation, the duplex block, the whole-block loops and the AEAD's entry
 *                  points after lwc_ascon_aead_check.
 *   LWC_IMPL_RV32  the same as LWC_IMPL_C; the permutation and all of Ascon-AEAD128 but its
 *                  checks in RV32I assembly (ascon_rv32.S).
 *   LWC_IMPL_ARMV6M  the same as LWC_IMPL_C; the permutation and the AEAD's whole-block
 *                  loops in Thumb-1 assembly (ascon_armv6m.S).
 *   LWC_IMPL_BI32  s[i] = E | O << 32: E holds the even bits of S_i (bit 2j of S_i at bit j),
 *                  O the odd ones. A rotation of S_i by r is then two 32-bit rotations (by
 *                  r/2 each for an even r; for an odd r, E' = O rotated by (r-1)/2 and
 *                  O' = E rotated by (r+1)/2), which 32-bit and 8-bit cores do cheaply.
 *   LWC_IMPL_ARMV7M  the same as LWC_IMPL_BI32; the permutation, the hashes' whole-block
 *                  loop and all of Ascon-AEAD128 but its checks in Thumb-2 assembly
 *                  (ascon_armv7m.S; its lwc_ascon_permute takes first_round 0 or 4 only).
 * A "lane" is one such uint64_t. XOR and AND act bit by bit, so they are the same in
 * every layout; lwc_ascon_import / lwc_ascon_export convert a standard 64-bit word.
 * Keys (lwc_ascon_aead128_key) and sponge states hold lanes in the same layout.
 *
 * The entry points (C: ascon_p64.c or ascon_bi32.c for the permutation, ascon_aead.c and
 * ascon_hash.c for the rest; an implementation replaces those LWC_ASCON_ASM_* below say):
 *   lwc_ascon_permute(s, first)   rounds first..11 of Ascon-p: Ascon-p[12] is first = 0,
 *                                 Ascon-p[8] first = 4; round i adds the constant
 *                                 (15 - i) << 4 | i, the standard's c_{4+i}
 *   lwc_ascon_aead_duplex(s, out, in, n, decrypt)  one duplex block of n <= 16 bytes into
 *                                 S0 || S1, in[0..n) read once: a whole block (16), or the
 *                                 last one, padded with 01 at byte n (n < 16). out NULL:
 *                                 associated data, S ^= in. Else a message block: out = S ^ in
 *                                 (n bytes, only written); S takes the ciphertext: S ^ in
 *                                 (decrypt 0) or in itself (decrypt 1)
 *   lwc_ascon_aead_absorb(s, in, blocks)  S0 || S1 ^= block, then Ascon-p[8], per 16-byte
 *                                 block (associated data)
 *   lwc_ascon_aead_encrypt_blocks(s, out, in, blocks)  per block: S0 || S1 ^= P, C = S0 ||
 *                                 S1, Ascon-p[8] (out == in allowed; out only written)
 *   lwc_ascon_aead_decrypt_blocks(s, out, in, blocks)  per block: C read once, P = S0 || S1
 *                                 ^ C, S0 || S1 = C, Ascon-p[8]
 *   lwc_ascon_hash_absorb(s, in, blocks)  S0 ^= block, then Ascon-p[12], per 8-byte block
 *                                 (Hash256, XOF128, CXOF128)
 *   Ascon-AEAD128 after lwc_ascon_aead_check, the initialization to the tag (each input
 *   byte read once, out only written; the tag's first tag_len, 4..16, bytes to tag; no
 *   secret left behind): lwc_ascon_aead_crypt(k, m, decrypt, tag, tag_len) on the
 *   Cortex-M4 and RV32, lwc_ascon_aead_crypt_avr(s, k, m, decrypt, tag, tag_len) on the ATmega
 *   (s: the state's memory, the caller's, s[0] = the IV), lwc_ascon_aead_whole on 64-bit
 *   cores (below); else ascon_aead.c composes it of the blocks.
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
void lwc_ascon_aead_crypt(const lwc_ascon_aead128_key *k, const lwc_aead_msg *m, uint8_t decrypt, uint8_t *tag,
                          size_t tag_len);
void lwc_ascon_aead_crypt_avr(uint64_t s[5], const lwc_ascon_aead128_key *k, const lwc_aead_msg *m,
                              uint8_t decrypt, uint8_t *tag, uint8_t tag_len);
/* The checks of lwc_ascon_aead128_encrypt and _decrypt (lwc/ascon.h: in this order): 0 or the
 * error. Not on 64-bit cores (LWC_ASCON_FAST64), whose entry points inline them. */
int lwc_ascon_aead_check(const lwc_ascon_aead128_key *k, const lwc_aead_msg *m, const void *tag, size_t tag_len);

#define LWC_ASCON_P12 0
#define LWC_ASCON_P8 4
#define LWC_ASCON_AEAD128_IV 0x00001000808c0001ull /* the standard word; lwc_ascon_import for a lane */

/* What is in assembly: the AEAD's whole-block loops; the duplex block too; the AEAD's entry
 * points (after lwc_ascon_aead_check); the hashes' whole-block loop; and whether the
 * assembly reads lwc_aead_msg. */
#define LWC_ASCON_ASM_BLOCKS (LWC_ASCON_IMPL == LWC_IMPL_AVR_TINY || LWC_ASCON_IMPL == LWC_IMPL_ARMV6M)
#define LWC_ASCON_ASM_DUPLEX (LWC_ASCON_IMPL == LWC_IMPL_AVR_TINY)
#define LWC_ASCON_ASM_ENTRY (LWC_ASCON_IMPL == LWC_IMPL_AVR_TINY)
/* lwc_ascon_aead_crypt, the whole call after the checks (Cortex-M4, RV32) */
#define LWC_ASCON_ASM_CRYPT (LWC_ASCON_IMPL == LWC_IMPL_ARMV7M || LWC_ASCON_IMPL == LWC_IMPL_RV32)
#define LWC_ASCON_ASM_HASH_LOOP \
    (LWC_ASCON_IMPL == LWC_IMPL_AVR || LWC_ASCON_IMPL == LWC_IMPL_AVR_TINY || LWC_ASCON_IMPL == LWC_IMPL_ARMV7M)
#define LWC_ASCON_ASM_MSG (LWC_ASCON_ASM_HASH_LOOP || LWC_ASCON_ASM_CRYPT)
/* The 64-bit words on a 64-bit core (not AVR, not the small build): unrolled rounds, and
 * in ascon_p64.c with the state in registers the hashes' whole-block loop and
 * lwc_ascon_aead_whole, an Ascon-AEAD128 call after its checks: key, the message m (a
 * 16-byte nonce, AD, in, out: out == in allowed), the tag's first tag_len (4..16) bytes
 * (else ascon_aead.c's and ascon_hash.c's loops call lwc_ascon_permute per block). */
#define LWC_ASCON_FAST64 (LWC_ASCON_IMPL == LWC_IMPL_C && !LWC_ARCH_AVR && !LWC_SMALL)
/* ascon_aead.c composes the AEAD of the blocks (where no assembly and no 64-bit core runs
 * it whole), and its duplex block is C. */
#define LWC_ASCON_C_CRYPT \
    (!LWC_ASCON_ASM_ENTRY && LWC_ASCON_IMPL != LWC_IMPL_AVR && !LWC_ASCON_ASM_CRYPT && !LWC_ASCON_FAST64)
#define LWC_ASCON_C_DUPLEX (LWC_ASCON_C_CRYPT && !LWC_ASCON_ASM_DUPLEX)
#if LWC_ASCON_FAST64
void lwc_ascon_aead_whole(const uint64_t key[2], const lwc_aead_msg *m, uint8_t decrypt, uint8_t *tag,
                          size_t tag_len);
#endif

/* Many records under one key in vector lanes (ascon_simd.c, lwc_ascon_aead128_encrypt_many):
 * x86-64 hosts. lanes: the records at once at the current SIMD level (0: no kernel, the
 * records run one by one); lwc_ascon_many_simd: the call, its arguments checked. */
#define LWC_ASCON_SIMD (LWC_SIMD_X86_64 && LWC_ASCON_FAST64)
#if LWC_ASCON_SIMD
unsigned lwc_ascon_many_simd_lanes(void);
int lwc_ascon_many_simd(const lwc_ascon_aead128_key *k, uint8_t *out, int *status, uint8_t *tags, size_t tag_len,
                        const uint8_t *nonces, const uint8_t *ad, const size_t *ad_lens, const uint8_t *in,
                        const size_t *lens, size_t count, uint8_t decrypt);
#endif

#if LWC_ASCON_BI32
/* The lane of a standard 64-bit word, and the word of a lane. Bit i of the word goes to
 * bit i/2 of E (i even) or of O (i odd): the six bits of its index rotate right by one,
 * i.e. the word-select bit 5 is swapped with bits 4, 3, 2, 1, 0 in turn, each swap one
 * swap-move between the 32-bit halves (back: the same swaps in the reverse order). */
static inline uint64_t lwc_ascon_import(uint64_t w)
{
    uint32_t lo = (uint32_t)w, hi = (uint32_t)(w >> 32);
    LWC_SWAPMOVE(lo, hi, 16, 0x0000ffffu);
    LWC_SWAPMOVE(lo, hi, 8, 0x00ff00ffu);
    LWC_SWAPMOVE(lo, hi, 4, 0x0f0f0f0fu);
    LWC_SWAPMOVE(lo, hi, 2, 0x33333333u);
    LWC_SWAPMOVE(lo, hi, 1, 0x55555555u);
    return lo | (uint64_t)hi << 32;
}

static inline uint64_t lwc_ascon_export(uint64_t lane)
{
    uint32_t e = (uint32_t)lane, o = (uint32_t)(lane >> 32);
    LWC_SWAPMOVE(e, o, 1, 0x55555555u);
    LWC_SWAPMOVE(e, o, 2, 0x33333333u);
    LWC_SWAPMOVE(e, o, 4, 0x0f0f0f0fu);
    LWC_SWAPMOVE(e, o, 8, 0x00ff00ffu);
    LWC_SWAPMOVE(e, o, 16, 0x0000ffffu);
    return e | (uint64_t)o << 32;
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

/* The n <= 8 bytes at p as a little-endian word, the rest zero, and a word's first n bytes
 * to p: in pieces of 4, 2 and 1 bytes (n is public), not a copy of variable length (a call
 * on hosts). The C layout's lanes (LWC_IMPL_C) on 64-bit cores. */
static inline uint64_t lwc_ascon_load_bytes(const uint8_t *p, size_t n)
{
    if (n == 8)
        return lwc_ascon_load(p, 8);
    uint64_t w = 0;
    size_t i = 0;
    if (n & 4) {
        w = lwc_load32le(p);
        i = 4;
    }
    if (n & 2) {
        w |= (uint64_t)lwc_load16le(p + i) << (8 * i);
        i += 2;
    }
    if (n & 1)
        w |= (uint64_t)p[i] << (8 * i);
    return w;
}

static inline void lwc_ascon_store_bytes(uint8_t *p, uint64_t w, size_t n)
{
    if (n == 8) {
        lwc_ascon_store(p, w, 8);
        return;
    }
    size_t i = 0;
    if (n & 4) {
        lwc_store32le(p, (uint32_t)w);
        i = 4;
    }
    if (n & 2) {
        lwc_store16le(p + i, (uint16_t)(w >> (8 * i)));
        i += 2;
    }
    if (n & 1)
        p[i] = (uint8_t)(w >> (8 * i));
}

/* The little-endian word whose first n <= 8 bytes are ff, the others 0. */
static inline uint64_t lwc_ascon_byte_mask(size_t n)
{
    return n == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * n)) - 1;
}

/* The lane of the n bytes at p placed from byte position at (at + n <= 8), the others 0
 * (a copy, not a 64-bit shift by a variable count: a loop on AVR). */
static inline uint64_t lwc_ascon_load_at(const uint8_t *p, size_t n, size_t at)
{
    uint8_t b[8] = {0};
    memcpy(b + at, p, n);
    return lwc_ascon_load(b, 8);
}

/* The lane of byte b at byte position i (< 8): the padding byte 01, the domain separation.
 * Bit-interleaved, byte i's even and odd bits are nibble i of E and of O: b's lane with
 * both halves shifted by 4i (no copy through memory). */
static inline uint64_t lwc_ascon_byte(uint8_t b, size_t i)
{
#if LWC_ASCON_BI32
    const uint64_t lane = lwc_ascon_import(b);
    return (uint32_t)lane << 4 * i | (uint64_t)((uint32_t)(lane >> 32) << 4 * i) << 32;
#else
    return lwc_ascon_load_at(&b, 1, i);
#endif
}

#endif
