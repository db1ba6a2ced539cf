/*
 * AES-128 (FIPS 197), the baseline lwc's ciphers are compared against and the block
 * cipher of the AES CTR_DRBG.
 * Timing: every target but AVR uses src/aes/aes_ct32.c by default (LWC_BITSLICE32=1):
 * fixsliced (Adomnicai and Peyrin, TCHES 2021), no table lookups, no data-dependent
 * branches, with its own key schedule layout (the fixsliced round keys; on x86-64 also
 * the FIPS 197 round keys, which the AES-NI kernels load).
 * The table-based C reference (src/aes/aes.c, -DLWC_BITSLICE32=0, the default on AVR)
 * indexes the S-box with secret bytes: constant-time on AVR (no data cache; the tables
 * are read from flash with LPM), NOT on CPUs with data caches, where it is an explicit
 * opt-in. On x86-64 hosts CTR runs on AES-NI (8 blocks per pass) or VAES (16 or 32) when
 * the CPU has them (src/aes/aes_simd.c; constant-time: no tables, instructions of fixed
 * timing), aes_ct32.c otherwise. On ATmega, setkey/encrypt/decrypt are AVR assembly
 * (src/aes/aes_avr.S), also constant-time (cycles: docs/BENCHMARKS.md).
 *
 * LWC_AES_SMALL (library build option, ATmega only; code using the library needs no flag):
 * the size-optimised assembly (src/aes/aes_small_avr.S) instead: one round in a loop,
 * MixColumns by xtime instead of product tables; under a quarter of the flash of setkey,
 * encrypt and decrypt, slower (docs/BENCHMARKS.md, asm-small). Same key layout, same
 * registers cleared, constant-time as the fast one (its S-boxes read with LPM). Not with
 * LWC_AES_RAM_TABLES.
 *
 * LWC_AES_RAM_TABLES (library build option, ATmega assembly only; code using the library
 * needs no flag): the S-boxes are read from RAM with LD (2 cycles) instead of from flash
 * with LPM (3), about 10 cycles per byte faster (docs/BENCHMARKS.md, asm-aesram). Cost:
 * 256 bytes of RAM per S-box used (encrypt, CTR and the DRBG use one, decrypt the other), plus the
 * linker's padding to a 256-byte boundary after the firmware's other initialised data
 * (0 to 255 bytes). They are initialised data, copied from flash to RAM by the C startup
 * code (avr-libc's __do_copy_data) before main: no call is needed, setkey is not involved
 * (the DRBG encrypts with precomputed key schedules) and the key layout is unchanged. A
 * firmware built without that startup code must copy .data itself. Still constant-time:
 * AVR has no data cache.
 */
#ifndef LWC_AES_H
#define LWC_AES_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LWC_AES128_BLOCK_BYTES 16
#define LWC_AES128_KEY_BYTES 16

#if LWC_AES_STANDARD_KEYS
/* The 11 round keys fixsliced, 8 words each (src/aes/aes_ct32.c), and as the 16 bytes of
 * FIPS 197 each (the AES-NI and VAES kernels, src/aes/aes_simd.c). */
typedef struct {
    uint32_t rk[88];
    uint8_t std[176];
} lwc_aes128_key;
#elif LWC_BITSLICE32
/* The 11 round keys fixsliced: 8 words each (src/aes/aes_ct32.c). */
typedef struct { uint32_t rk[88]; } lwc_aes128_key;
#else
/* 11 round keys of 16 bytes. */
typedef struct { uint8_t rk[176]; } lwc_aes128_key;
#endif

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
