/*
 * PRESENT-64/80 and PRESENT-64/128 (Bogdanov et al., CHES 2007).
 * Block and key are big-endian integers as printed in the paper: byte 0 holds the most
 * significant bits (b63..b56, k79..k72 / k127..k120).
 * Timing: every target but AVR uses src/present/present_bs32.c by default
 * (LWC_BITSLICE32=1): bitsliced, no tables, no data-dependent branches. The C reference
 * (-DLWC_BITSLICE32=0, the default on AVR) indexes a 16-entry S-box with secret nibbles:
 * constant-time on AVR (no data cache), NOT on CPUs with data caches, where it is an
 * explicit opt-in. The ATmega assembly (src/present/present_avr.S) is bitsliced but for
 * one round in three, which reads a 256-byte flash table with LPM (address-independent
 * timing on AVR); no data-dependent branches. The size-optimised ATtiny assembly (src/present/present_tiny_avr.S) and the
 * speed-optimised one (src/present/present_tiny_fast_avr.S, -DLWC_PRESENT_TINY_FAST) use
 * LPM lookups and have no data-dependent branches either. On x86-64 and aarch64 hosts the
 * CTR whole blocks run present_bs32.c's bitsliced rounds on SSSE3, AVX2, AVX-512 or NEON
 * vectors (src/present/present_vec.h, 8 to 32 blocks per pass): same layout, no tables,
 * constant-time.
 */
#ifndef LWC_PRESENT_H
#define LWC_PRESENT_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LWC_PRESENT80_BLOCK_BYTES 8
#define LWC_PRESENT80_KEY_BYTES 10
#define LWC_PRESENT128_BLOCK_BYTES 8
#define LWC_PRESENT128_KEY_BYTES 16
#define LWC_PRESENT_ROUND_KEYS 32

/*
 * 32 round keys of 64 bits; both key sizes share the type. C reference builds: rk[r][b]
 * holds bits 8b+7..8b of round key r. ATmega assembly (LWC_IMPL_AVR, lwc/config.h): each
 * round key is pre-arranged in the bitsliced layout of its round, with the S-box output
 * complements folded in (see the key schedule in src/present/present_avr.S). The ATtiny
 * assembly (LWC_IMPL_AVR_TINY, LWC_IMPL_AVR_TINY_FAST) stores only the key (10 or 16
 * bytes), and the speed-optimised one also the key register decryption starts from.
 * LWC_IMPL_BITSLICE32: rk[r] is round key r in the bitsliced layout of
 * src/present/present_bs32.c (both lanes, S-box complements folded in).
 */
#if LWC_PRESENT_IMPL == LWC_IMPL_BITSLICE32
typedef struct {
    uint32_t rk[LWC_PRESENT_ROUND_KEYS][4];
} lwc_present_key;
#elif LWC_PRESENT_IMPL == LWC_IMPL_AVR_TINY_FAST
/* src/present/present_tiny_fast_avr.S: the key and the key register after the 31 forward
 * steps (decryption starts from it), both most significant byte first. */
typedef struct {
    uint8_t key[LWC_PRESENT128_KEY_BYTES];
    uint8_t last[LWC_PRESENT128_KEY_BYTES];
} lwc_present_key;
#elif LWC_PRESENT_IMPL == LWC_IMPL_AVR_TINY
/* src/present/present_tiny_avr.S runs the key schedule inside encrypt/decrypt. Its
 * PRESENT-80 encrypt/decrypt use r1 (avr-gcc's zero register) while they run and clear
 * it before returning: an interrupt handler written in assembly must not assume r1 = 0
 * (those avr-gcc compiles clear their own). */
typedef struct {
    uint8_t key[LWC_PRESENT128_KEY_BYTES];
} lwc_present_key;
#else
typedef struct {
    uint8_t rk[LWC_PRESENT_ROUND_KEYS][8];
} lwc_present_key;
#endif
typedef lwc_present_key lwc_present80_key;
typedef lwc_present_key lwc_present128_key;

#if LWC_PRESENT_IMPL == LWC_IMPL_AVR
/*
 * Assembly CTR path (src/present/present_avr.S; the contract in src/common/lwc_internal.h):
 * counter = next counter block, pre_valid = 1 when pre holds the precomputed values of its
 * counter window (the low 16 bits, or 32 with -DLWC_PRESENT_CTR_WINDOW=32), pre = those 8
 * bytes, stream = current keystream block, used = bytes of it consumed (8 when none is
 * buffered). The assembly relies on the offsets of counter (256), pre_valid (264) and
 * pre (265).
 * ctr_crypt takes longer in the call after ctr_init or ctr_setiv and in the call after
 * the counter leaves its window: pre is rebuilt there (the counter is public).
 */
typedef struct {
    lwc_present_key ks;
    uint8_t counter[8];
    uint8_t pre_valid;
    uint8_t pre[8];
    uint8_t stream[8];
    uint8_t used;
} lwc_present_ctr;
#else
typedef struct {
    LWC_CTR_FIELDS(lwc_present_key, 8);
} lwc_present_ctr;
#endif
typedef lwc_present_ctr lwc_present80_ctr;
typedef lwc_present_ctr lwc_present128_ctr;

/* PRESENT-80: the contract in lwc.h. */
void lwc_present80_setkey(lwc_present80_key *ks, const uint8_t *key);
void lwc_present80_encrypt(const lwc_present80_key *ks, uint8_t *out, const uint8_t *in);
void lwc_present80_decrypt(const lwc_present80_key *ks, uint8_t *out, const uint8_t *in);
void lwc_present80_ctr_init(lwc_present80_ctr *ctx, const uint8_t *key, const uint8_t *iv);
void lwc_present80_ctr_setiv(lwc_present80_ctr *ctx, const uint8_t *iv);
void lwc_present80_ctr_crypt(lwc_present80_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len);

/* PRESENT-128: the contract in lwc.h. */
void lwc_present128_setkey(lwc_present128_key *ks, const uint8_t *key);
void lwc_present128_encrypt(const lwc_present128_key *ks, uint8_t *out, const uint8_t *in);
void lwc_present128_decrypt(const lwc_present128_key *ks, uint8_t *out, const uint8_t *in);
void lwc_present128_ctr_init(lwc_present128_ctr *ctx, const uint8_t *key, const uint8_t *iv);
void lwc_present128_ctr_setiv(lwc_present128_ctr *ctx, const uint8_t *iv);
void lwc_present128_ctr_crypt(lwc_present128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif

#endif
