/*
 * AES-128 (FIPS 197), the baseline lwc's ciphers are compared against and the block
 * cipher of the AES CTR_DRBG.
 * Timing: the C reference indexes the S-box with secret bytes: constant-time on AVR
 * (no data cache; the tables are read from flash with LPM), NOT on CPUs with data caches.
 * On ATmega, setkey/encrypt/decrypt are AVR assembly (src/aes/aes_avr.S), also
 * constant-time: 862 / 2538 / 3368 cycles. LWC_BITSLICE32 builds (Cortex-M3/M4 by
 * default) use src/aes/aes_ct32.c: fixsliced, no table lookups, with its own key schedule
 * layout (352 bytes), so library and application must agree on LWC_BITSLICE32.
 */
#ifndef LWC_AES_H
#define LWC_AES_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LWC_AES128_BLOCK_BYTES 16
#define LWC_AES128_KEY_BYTES 16

#if LWC_BITSLICE32
/* The 11 round keys fixsliced: 8 words each (src/aes/aes_ct32.c). */
typedef struct { uint32_t rk[88]; } lwc_aes128_key;
#else
/* 11 round keys of 16 bytes. */
typedef struct { uint8_t rk[176]; } lwc_aes128_key;
#endif

typedef struct { LWC_CTR_FIELDS(lwc_aes128_key, 16); } lwc_aes128_ctr;

LWC_DECLARE_CIPHER(aes128);

#ifdef __cplusplus
}
#endif

#endif
