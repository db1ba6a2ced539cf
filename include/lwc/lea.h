/*
 * LEA-128/128, LEA-128/192, LEA-128/256 (KS X 3246, ISO/IEC 29192-2).
 * Blocks and keys are byte strings whose 32-bit words are loaded little-endian, as in
 * the KISA reference code. ARX only: constant-time everywhere.
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

typedef struct { LWC_CTR_FIELDS(lwc_lea128_key, 16); } lwc_lea128_ctr;
typedef struct { LWC_CTR_FIELDS(lwc_lea192_key, 16); } lwc_lea192_ctr;
typedef struct { LWC_CTR_FIELDS(lwc_lea256_key, 16); } lwc_lea256_ctr;

LWC_DECLARE_CIPHER(lea128);
LWC_DECLARE_CIPHER(lea192);
LWC_DECLARE_CIPHER(lea256);

#ifdef __cplusplus
}
#endif

#endif
