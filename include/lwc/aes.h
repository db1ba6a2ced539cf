/*
 * AES-128 (FIPS 197), the baseline lwc's ciphers are compared against and the block
 * cipher of the AES CTR_DRBG.
 * Timing: the C reference indexes the S-box with secret bytes: constant-time on AVR
 * (no data cache; the tables are read from flash with LPM), NOT on CPUs with data caches.
 * On ATmega, setkey/encrypt/decrypt are AVR assembly (src/aes/aes_avr.S), also
 * constant-time: 862 / 2538 / 3368 cycles. LWC_BITSLICE32 builds (Cortex-M3/M4 by
 * default) use src/aes/aes_ct32.c: bitsliced, no table lookups, same key schedule layout.
 */
#ifndef LWC_AES_H
#define LWC_AES_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LWC_AES128_BLOCK_BYTES 16
#define LWC_AES128_KEY_BYTES 16

/* 11 round keys of 16 bytes. */
typedef struct { uint8_t rk[176]; } lwc_aes128_key;

typedef struct { LWC_CTR_FIELDS(lwc_aes128_key, 16); } lwc_aes128_ctr;

/* AES-128: the contract in lwc.h. */
void lwc_aes128_setkey(lwc_aes128_key *ks, const uint8_t *key);
void lwc_aes128_encrypt(const lwc_aes128_key *ks, uint8_t *out, const uint8_t *in);
void lwc_aes128_decrypt(const lwc_aes128_key *ks, uint8_t *out, const uint8_t *in);
void lwc_aes128_ctr_init(lwc_aes128_ctr *ctx, const uint8_t *key, const uint8_t *iv);
void lwc_aes128_ctr_setiv(lwc_aes128_ctr *ctx, const uint8_t *iv);
void lwc_aes128_ctr_crypt(lwc_aes128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif

#endif
