/*
 * HIGHT-64/128 (TTAK.KO-12.0040/R1, ISO/IEC 18033-3).
 * Byte order of the KISA reference code: byte 0 of the key is MK0 and byte 0 of a block
 * is P0 (the specification prints both last byte first). ARX only: constant-time everywhere.
 * On x86-64 and aarch64 hosts CTR runs 16 to 64 blocks per pass on SIMD vectors, F0 and
 * F1 by byte shuffles within registers (src/hight/hight_vec.h): constant-time too. On
 * ARMv6-M (Cortex-M0/M0+) the rounds and CTR's whole blocks are Thumb-1 assembly
 * (src/hight/hight_armv6m.S), F0 and F1 by shifts of doubled bytes.
 * On ATmega, encrypt/decrypt read F0/F1 from two 256-byte flash tables; -DLWC_HIGHT_COMPACT
 * (library and application alike) computes them instead, in a one-round loop: about a
 * quarter of the flash for ECB at about twice the cycles, and CTR then runs on the shared
 * C engine (docs/BENCHMARKS.md, implementation asm-compact).
 */
#ifndef LWC_HIGHT_H
#define LWC_HIGHT_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LWC_HIGHT_BLOCK_BYTES 8
#define LWC_HIGHT_KEY_BYTES 16

/* 8 whitening key bytes and 128 subkey bytes. */
typedef struct {
    uint8_t wk[8];
    uint8_t sk[128];
} lwc_hight_key;

#if LWC_HIGHT_ASM_CTR
/*
 * Assembly CTR path (src/hight/hight_avr.S; the contract in src/common/lwc_internal.h):
 * counter = next counter block, pre_valid = 1 when pre holds the first-round values of its
 * 256-block window (the low counter byte), pre = those 11 bytes, stream = current
 * keystream block, used = bytes of it consumed (8 when none is buffered). The assembly
 * relies on the offsets of counter (136), pre_valid (144) and pre (145).
 * ctr_crypt takes longer in the call after ctr_init or ctr_setiv and in the call after
 * the counter leaves its window: pre is rebuilt there (the counter is public).
 */
typedef struct {
    lwc_hight_key ks;
    uint8_t counter[8];
    uint8_t pre_valid;
    uint8_t pre[11];
    uint8_t stream[8];
    uint8_t used;
} lwc_hight_ctr;
#else
typedef struct { LWC_CTR_FIELDS(lwc_hight_key, 8); } lwc_hight_ctr;
#endif

/* HIGHT: the contract in lwc.h. */
void lwc_hight_setkey(lwc_hight_key *ks, const uint8_t *key);
void lwc_hight_encrypt(const lwc_hight_key *ks, uint8_t *out, const uint8_t *in);
void lwc_hight_decrypt(const lwc_hight_key *ks, uint8_t *out, const uint8_t *in);
void lwc_hight_ctr_init(lwc_hight_ctr *ctx, const uint8_t *key, const uint8_t *iv);
void lwc_hight_ctr_setiv(lwc_hight_ctr *ctx, const uint8_t *iv);
void lwc_hight_ctr_crypt(lwc_hight_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif

#endif
