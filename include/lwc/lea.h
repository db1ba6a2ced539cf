/*
 * LEA-128/128, LEA-128/192, LEA-128/256 (KS X 3246, ISO/IEC 29192-2).
 * Blocks and keys are byte strings whose 32-bit words are loaded little-endian, as in
 * the KISA reference code. ARX only: constant-time everywhere. On x86-64 and aarch64 hosts
 * CTR runs 4 to 16 blocks per pass on SIMD vectors (src/lea/lea_vec.h); on ARMv6-M
 * (Cortex-M0/M0+) the rounds and CTR's whole blocks are Thumb-1 assembly
 * (src/lea/lea_armv6m.S); on RV32 CTR runs two blocks per pass in C (lwc/config.h).
 */
#ifndef LWC_LEA_H
#define LWC_LEA_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LWC_LEA128_BLOCK_BYTES 16
#define LWC_LEA128_KEY_BYTES 16
#define LWC_LEA192_BLOCK_BYTES 16
#define LWC_LEA192_KEY_BYTES 24
#define LWC_LEA256_BLOCK_BYTES 16
#define LWC_LEA256_KEY_BYTES 32

/*
 * Round keys of 24, 28 and 32 rounds, stored folded (see src/lea/lea.c): four 32-bit
 * words per round for LEA-128 (whose round keys repeat one word three times), six for
 * LEA-192 and LEA-256.
 */
typedef struct { uint32_t rk[24 * 4]; } lwc_lea128_key;
typedef struct { uint32_t rk[28 * 6]; } lwc_lea192_key;
typedef struct { uint32_t rk[32 * 6]; } lwc_lea256_key;

#if LWC_LEA_IMPL == LWC_IMPL_AVR
/*
 * Assembly CTR path (src/lea/lea_avr.S; the contract in src/common/lwc_internal.h):
 * io = the assembly's own bookkeeping during a call (pointers, counts; nothing secret),
 * counter = next counter block, pre_valid = 1 when pre holds the round-1..4 values of its
 * 256-block window (the low counter byte; layout in lea_avr.S). st must directly follow
 * ks.
 * ctr_crypt takes longer in the call after ctr_init or ctr_setiv and in the call after
 * the counter leaves its window: pre is rebuilt there (the counter is public).
 */
typedef struct {
    uint8_t io[8];
    uint8_t counter[16];
    uint8_t pre_valid;
    uint8_t pre[26];
} lwc_lea_ctr_state;
#define LWC_LEA_CTR_FIELDS(key_type) \
    key_type ks;                     \
    lwc_lea_ctr_state st;            \
    uint8_t stream[16];              \
    uint8_t used
typedef struct { LWC_LEA_CTR_FIELDS(lwc_lea128_key); } lwc_lea128_ctr;
typedef struct { LWC_LEA_CTR_FIELDS(lwc_lea192_key); } lwc_lea192_ctr;
typedef struct { LWC_LEA_CTR_FIELDS(lwc_lea256_key); } lwc_lea256_ctr;
#else
typedef struct { LWC_CTR_FIELDS(lwc_lea128_key, 16); } lwc_lea128_ctr;
typedef struct { LWC_CTR_FIELDS(lwc_lea192_key, 16); } lwc_lea192_ctr;
typedef struct { LWC_CTR_FIELDS(lwc_lea256_key, 16); } lwc_lea256_ctr;
#endif

/* LEA-128: the contract in lwc.h. */
void lwc_lea128_setkey(lwc_lea128_key *ks, const uint8_t *key);
void lwc_lea128_encrypt(const lwc_lea128_key *ks, uint8_t *out, const uint8_t *in);
void lwc_lea128_decrypt(const lwc_lea128_key *ks, uint8_t *out, const uint8_t *in);
void lwc_lea128_ctr_init(lwc_lea128_ctr *ctx, const uint8_t *key, const uint8_t *iv);
void lwc_lea128_ctr_setiv(lwc_lea128_ctr *ctx, const uint8_t *iv);
void lwc_lea128_ctr_crypt(lwc_lea128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len);

/* LEA-192: the contract in lwc.h. */
void lwc_lea192_setkey(lwc_lea192_key *ks, const uint8_t *key);
void lwc_lea192_encrypt(const lwc_lea192_key *ks, uint8_t *out, const uint8_t *in);
void lwc_lea192_decrypt(const lwc_lea192_key *ks, uint8_t *out, const uint8_t *in);
void lwc_lea192_ctr_init(lwc_lea192_ctr *ctx, const uint8_t *key, const uint8_t *iv);
void lwc_lea192_ctr_setiv(lwc_lea192_ctr *ctx, const uint8_t *iv);
void lwc_lea192_ctr_crypt(lwc_lea192_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len);

/* LEA-256: the contract in lwc.h. */
void lwc_lea256_setkey(lwc_lea256_key *ks, const uint8_t *key);
void lwc_lea256_encrypt(const lwc_lea256_key *ks, uint8_t *out, const uint8_t *in);
void lwc_lea256_decrypt(const lwc_lea256_key *ks, uint8_t *out, const uint8_t *in);
void lwc_lea256_ctr_init(lwc_lea256_ctr *ctx, const uint8_t *key, const uint8_t *iv);
void lwc_lea256_ctr_setiv(lwc_lea256_ctr *ctx, const uint8_t *iv);
void lwc_lea256_ctr_crypt(lwc_lea256_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif

#endif
