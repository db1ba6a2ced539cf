/*
 * CHAM, REVISED version (Roh et al., ICISC 2019): CHAM-64/128 88 rounds, CHAM-128/128
 * 112 rounds, CHAM-128/256 120 rounds. The original 80/80/96-round cipher of ICISC 2017
 * is NOT implemented. Words are loaded little-endian from the byte strings (16-bit words
 * for CHAM-64, 32-bit for CHAM-128). ARX only: constant-time everywhere. On x86-64 and
 * aarch64 hosts CTR runs many blocks per pass on SIMD vectors (src/cham/cham_vec.h); on
 * ARMv6-M (Cortex-M0/M0+) the rounds and CTR's whole blocks are Thumb-1 assembly
 * (src/cham/cham_armv6m.S).
 *
 * On ATmega cores, lwc_cham64_128_ctr_crypt encrypts pairs of counter blocks at once (a
 * 2-way pass, src/cham/cham_avr.S; same output); build with -DLWC_CHAM64_CTR_1WAY for the
 * single-block path only (1 KB less flash, slower: see docs/BENCHMARKS.md).
 * A CHAM-64/128 CTR with the key and IV compiled in as immediates can be generated for
 * one device image with tools/gen/gen_cham_fixed_key.py (its own API,
 * lwc_cham64_128_fixed_ctr_*, and header; not part of the library: read that header's
 * comment on when it is appropriate, which is rarely).
 */
#ifndef LWC_CHAM_H
#define LWC_CHAM_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LWC_CHAM64_128_BLOCK_BYTES 8
#define LWC_CHAM64_128_KEY_BYTES 16
#define LWC_CHAM128_128_BLOCK_BYTES 16
#define LWC_CHAM128_128_KEY_BYTES 16
#define LWC_CHAM128_256_BLOCK_BYTES 16
#define LWC_CHAM128_256_KEY_BYTES 32

#define LWC_CHAM64_128_ROUNDS 88
#define LWC_CHAM128_128_ROUNDS 112
#define LWC_CHAM128_256_ROUNDS 120

/*
 * 2k/w round keys: 16 x 16 bits, 8 x 32 bits, 16 x 32 bits, in a masked form that suits
 * the AVR assembly (w = word size): rk[i] = ROR1(RK[i]) ^ 1 for even i (the even rounds
 * use ROL1(X1) ^ RK[i] = ROL1(X1 ^ ROR1(RK[i]))), rk[i] = RK[i] ^ 2^(w-1) for odd i. The
 * two masks let the assembly keep the words written by odd rounds XORed with 1, so that
 * an odd round i can XOR in the counter value i - 1 of the round before it. The ARMv6-M
 * assembly's odd keys are rotated right by 8 as well: ROR8(RK[i] ^ 2^(w-1)). Where the C
 * rounds run on 32-bit cores (Cortex-M4, RV32, hosts: no assembly reads them), the keys are
 * RK itself, which the C reads as it is. Opaque to callers: only lwc_X_setkey writes it.
 */
typedef struct { uint16_t rk[16]; } lwc_cham64_128_key;
typedef struct { uint32_t rk[8]; } lwc_cham128_128_key;
typedef struct { uint32_t rk[16]; } lwc_cham128_256_key;

#if LWC_CHAM_IMPL == LWC_IMPL_AVR
/*
 * CTR contexts of the ATmega assembly (src/cham/cham_avr.S, which reads the fields
 * at fixed offsets: cham.c checks them). After the key schedule:
 *   counter  next counter block (big-endian integer over the block)
 *   pre_valid  1 when pre belongs to the counter's window (the contract of
 *            src/common/lwc_internal.h)
 *   pre      what the first rounds compute from X0, X1, X2 only (not from the last word
 *            X3, the counter window)
 *   io       in and out pointers and the block count of the running call (scratch)
 *   stream, used  as in the reference engine: the buffered keystream block
 * Plain data: lwc_wipe(ctx, sizeof *ctx) clears every secret.
 * ctr_crypt takes longer in the call after ctr_init or ctr_setiv and in the call after
 * the counter leaves its window: pre is rebuilt there (the counter is public).
 */
typedef struct {
    lwc_cham64_128_key ks;
    uint8_t counter[8];
    uint8_t pre_valid;
    uint8_t pre[8];
    uint8_t io[5];
    uint8_t stream[8];
    uint8_t used;
} lwc_cham64_128_ctr;
typedef struct {
    lwc_cham128_128_key ks;
    uint8_t counter[16];
    uint8_t pre_valid;
    uint8_t pre[18];
    uint8_t io[5];
    uint8_t stream[16];
    uint8_t used;
} lwc_cham128_128_ctr;
typedef struct {
    lwc_cham128_256_key ks;
    uint8_t counter[16];
    uint8_t pre_valid;
    uint8_t pre[18];
    uint8_t io[5];
    uint8_t stream[16];
    uint8_t used;
} lwc_cham128_256_ctr;
#else
typedef struct { LWC_CTR_FIELDS(lwc_cham64_128_key, 8); } lwc_cham64_128_ctr;
typedef struct { LWC_CTR_FIELDS(lwc_cham128_128_key, 16); } lwc_cham128_128_ctr;
typedef struct { LWC_CTR_FIELDS(lwc_cham128_256_key, 16); } lwc_cham128_256_ctr;
#endif

/* CHAM-64/128: the contract in lwc.h. */
void lwc_cham64_128_setkey(lwc_cham64_128_key *ks, const uint8_t *key);
void lwc_cham64_128_encrypt(const lwc_cham64_128_key *ks, uint8_t *out, const uint8_t *in);
void lwc_cham64_128_decrypt(const lwc_cham64_128_key *ks, uint8_t *out, const uint8_t *in);
void lwc_cham64_128_ctr_init(lwc_cham64_128_ctr *ctx, const uint8_t *key, const uint8_t *iv);
void lwc_cham64_128_ctr_setiv(lwc_cham64_128_ctr *ctx, const uint8_t *iv);
void lwc_cham64_128_ctr_crypt(lwc_cham64_128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len);

/* CHAM-128/128: the contract in lwc.h. */
void lwc_cham128_128_setkey(lwc_cham128_128_key *ks, const uint8_t *key);
void lwc_cham128_128_encrypt(const lwc_cham128_128_key *ks, uint8_t *out, const uint8_t *in);
void lwc_cham128_128_decrypt(const lwc_cham128_128_key *ks, uint8_t *out, const uint8_t *in);
void lwc_cham128_128_ctr_init(lwc_cham128_128_ctr *ctx, const uint8_t *key, const uint8_t *iv);
void lwc_cham128_128_ctr_setiv(lwc_cham128_128_ctr *ctx, const uint8_t *iv);
void lwc_cham128_128_ctr_crypt(lwc_cham128_128_ctr *ctx, uint8_t *out, const uint8_t *in,
                               size_t len);

/* CHAM-128/256: the contract in lwc.h. */
void lwc_cham128_256_setkey(lwc_cham128_256_key *ks, const uint8_t *key);
void lwc_cham128_256_encrypt(const lwc_cham128_256_key *ks, uint8_t *out, const uint8_t *in);
void lwc_cham128_256_decrypt(const lwc_cham128_256_key *ks, uint8_t *out, const uint8_t *in);
void lwc_cham128_256_ctr_init(lwc_cham128_256_ctr *ctx, const uint8_t *key, const uint8_t *iv);
void lwc_cham128_256_ctr_setiv(lwc_cham128_256_ctr *ctx, const uint8_t *iv);
void lwc_cham128_256_ctr_crypt(lwc_cham128_256_ctr *ctx, uint8_t *out, const uint8_t *in,
                               size_t len);

#ifdef __cplusplus
}
#endif

#endif
