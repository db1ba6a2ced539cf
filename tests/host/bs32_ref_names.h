/*
 * Force-included (-include) when the C reference of PRESENT and AES-128 is compiled for
 * tests/host/test_bs32.c: the reference gets ref_* names, so it links beside the
 * LWC_BITSLICE32 build of the same functions.
 */
#define lwc_present80_setkey ref_present80_setkey
#define lwc_present80_encrypt ref_present80_encrypt
#define lwc_present80_decrypt ref_present80_decrypt
#define lwc_present80_ctr_init ref_present80_ctr_init
#define lwc_present80_ctr_setiv ref_present80_ctr_setiv
#define lwc_present80_ctr_crypt ref_present80_ctr_crypt
#define lwc_present128_setkey ref_present128_setkey
#define lwc_present128_encrypt ref_present128_encrypt
#define lwc_present128_decrypt ref_present128_decrypt
#define lwc_present128_ctr_init ref_present128_ctr_init
#define lwc_present128_ctr_setiv ref_present128_ctr_setiv
#define lwc_present128_ctr_crypt ref_present128_ctr_crypt
#define lwc_aes128_setkey ref_aes128_setkey
#define lwc_aes128_encrypt ref_aes128_encrypt
#define lwc_aes128_decrypt ref_aes128_decrypt
#define lwc_aes128_ctr_init ref_aes128_ctr_init
#define lwc_aes128_ctr_setiv ref_aes128_ctr_setiv
#define lwc_aes128_ctr_crypt ref_aes128_ctr_crypt
#define lwc_aes_sbox ref_aes_sbox
#define lwc_aes_inv_sbox ref_aes_inv_sbox
