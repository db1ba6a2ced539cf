/* PRESENT internals shared by present.c and present_bs32.c; not part of the public API. */
#ifndef LWC_PRESENT_INTERNAL_H
#define LWC_PRESENT_INTERNAL_H

#include "../common/lwc_internal.h"

#if LWC_PRESENT_IMPL == LWC_IMPL_BITSLICE32
/* Stores the round keys rk[r][b] (bits 8b+7..8b of round key r) in the bitsliced layout. */
void lwc_present_bs32_setkey(lwc_present_key *ks, uint8_t rk[LWC_PRESENT_ROUND_KEYS][8]);
/* The S-box of one nibble, computed without a table (for the key schedule). */
uint8_t lwc_present_bs32_sbox(uint8_t x);
#endif

#endif
