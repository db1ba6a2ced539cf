/* PRESENT internals shared by present.c and present_bs32.c; not part of the public API. */
#ifndef LWC_PRESENT_INTERNAL_H
#define LWC_PRESENT_INTERNAL_H

#include "../common/lwc_internal.h"

#if LWC_PRESENT_IMPL == LWC_IMPL_BITSLICE32
/* Stores round key r (rk: the 64-bit integer) in the bitsliced layout. */
void lwc_present_bs32_set_round_key(lwc_present_key *ks, unsigned r, uint64_t rk);
/* The S-box of one nibble, computed without a table (for the key schedule). */
uint8_t lwc_present_bs32_sbox(uint8_t x);
#endif
#if LWC_PRESENT_BS32_ARMV6M
/* The 31 rounds of encryption and the last round key on q (layout 0 to layout 1), in
 * Thumb-1 (present_bs32_armv6m.S). */
void lwc_present_bs32_rounds(uint32_t q[4], const uint32_t rk[LWC_PRESENT_ROUND_KEYS][4]);
#endif

#endif
