/* The ciphers as the modes see them (modes_internal.h): adapters to their entry points. */
#include "modes_internal.h"

/*
 * lwc_mode_X: block size, an adapter of the block function with the table's signature
 * (calling through a cast function pointer is undefined) and CBC_STEP: the cipher's CBC-MAC
 * step with copy (its assembly loads the block XORed with the message and stores the
 * message as it reads it), or C_CBC_STEP's adapter, then the pair function (LWC_BLOCK_PAIRS
 * only; NULL: none) and the pair pass (LWC_PAIR_PASSES only; NULL: none). What only EAX or
 * CCM use is apart
 * (eax.c, ccm.c), so that a CMAC does not link it.
 */
#if LWC_BLOCK_PAIRS
#define MODE_PAIR(PAIR) , PAIR
#else
#define MODE_PAIR(PAIR)
#endif
#if LWC_PAIR_PASSES
#define MODE_PAIR_PASS(PASS) , PASS
#else
#define MODE_PAIR_PASS(PASS)
#endif
#define MODE_CIPHER(X, BLOCK, CBC_STEP, PAIR, PASS)                               \
    static void X##_mode_encrypt(const void *ks, uint8_t *out, const uint8_t *in) \
    {                                                                             \
        lwc_##X##_encrypt((const lwc_##X##_key *)ks, out, in);                    \
    }                                                                             \
    const lwc_mode_cipher lwc_mode_##X = {BLOCK, X##_mode_encrypt,                \
                                          CBC_STEP MODE_PAIR(PAIR) MODE_PAIR_PASS(PASS)};

/* X##_cbc_step_c: the CBC-MAC step in C, for a family without the assembly one. */
#define C_CBC_STEP(X, BLOCK)                                                                     \
    static void X##_cbc_step_c(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy) \
    {                                                                                            \
        lwc_cbc_xor_copy(chain, m, BLOCK, copy);                                                 \
        lwc_##X##_encrypt((const lwc_##X##_key *)ks, chain, chain);                              \
    }

/* The CBC-MAC steps: the families' own (LWC_X_MODE_HOOKS: the ATmega and ARMv6-M
 * assemblies', LEA's and CHAM-128's C on 32-bit cores), declared with lwc_cbc_step_fn's signature (no adapter
 * needed), or C_CBC_STEP's. */
#if LWC_PRESENT_IMPL == LWC_IMPL_AVR
void lwc_present80_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
void lwc_present128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
#define PRESENT80_CBC_STEP lwc_present80_cbc_step
#define PRESENT128_CBC_STEP lwc_present128_cbc_step
#else
C_CBC_STEP(present80, 8)
C_CBC_STEP(present128, 8)
#define PRESENT80_CBC_STEP present80_cbc_step_c
#define PRESENT128_CBC_STEP present128_cbc_step_c
#endif
#if LWC_AES_AVR_ASM
void lwc_aes128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
#define AES128_CBC_STEP lwc_aes128_cbc_step
#else
C_CBC_STEP(aes128, 16)
#define AES128_CBC_STEP aes128_cbc_step_c
#endif
#if LWC_LEA_MODE_HOOKS
void lwc_lea128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
void lwc_lea192_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
void lwc_lea256_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
#define LEA128_CBC_STEP lwc_lea128_cbc_step
#define LEA192_CBC_STEP lwc_lea192_cbc_step
#define LEA256_CBC_STEP lwc_lea256_cbc_step
#else
C_CBC_STEP(lea128, 16)
C_CBC_STEP(lea192, 16)
C_CBC_STEP(lea256, 16)
#define LEA128_CBC_STEP lea128_cbc_step_c
#define LEA192_CBC_STEP lea192_cbc_step_c
#define LEA256_CBC_STEP lea256_cbc_step_c
#endif
#if LWC_HIGHT_MODE_HOOKS
void lwc_hight_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
#define HIGHT_CBC_STEP lwc_hight_cbc_step
#else
C_CBC_STEP(hight, 8)
#define HIGHT_CBC_STEP hight_cbc_step_c
#endif
#if LWC_CHAM_MODE_HOOKS
void lwc_cham64_128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
#define CHAM64_128_CBC_STEP lwc_cham64_128_cbc_step
#else
C_CBC_STEP(cham64_128, 8)
#define CHAM64_128_CBC_STEP cham64_128_cbc_step_c
#endif
#if LWC_CHAM128_MODE_HOOKS
void lwc_cham128_128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
void lwc_cham128_256_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
#define CHAM128_128_CBC_STEP lwc_cham128_128_cbc_step
#define CHAM128_256_CBC_STEP lwc_cham128_256_cbc_step
#else
C_CBC_STEP(cham128_128, 16)
C_CBC_STEP(cham128_256, 16)
#define CHAM128_128_CBC_STEP cham128_128_cbc_step_c
#define CHAM128_256_CBC_STEP cham128_256_cbc_step_c
#endif

/* The pair functions: the bitsliced AES's and PRESENT's; the ARX ciphers' C where it has
 * one: LEA's 2-way C on RV32, HIGHT's and CHAM-64/128's (lwc_internal.h). */
#if LWC_BLOCK_PAIRS
#define PRESENT_PAIR lwc_present_encrypt_pair
#define AES128_PAIR lwc_aes_encrypt_pair
#if LWC_LEA_CTR_2WAY
#define LEA128_PAIR lwc_lea128_encrypt_pair
#define LEA192_PAIR lwc_lea192_encrypt_pair
#define LEA256_PAIR lwc_lea256_encrypt_pair
#else
#define LEA128_PAIR NULL
#define LEA192_PAIR NULL
#define LEA256_PAIR NULL
#endif
#endif
#if LWC_HIGHT_PAIR
#define HIGHT_PAIR lwc_hight_encrypt_pair
#else
#define HIGHT_PAIR NULL
#endif
#if LWC_CHAM64_PAIR
#define CHAM64_128_PAIR lwc_cham64_128_encrypt_pair
#else
#define CHAM64_128_PAIR NULL
#endif

#if LWC_BLOCK_PAIRS && LWC_LEA_CTR_2WAY
#define LEA128_PAIR_PASS lwc_lea128_pair_pass
#define LEA192_PAIR_PASS lwc_lea192_pair_pass
#define LEA256_PAIR_PASS lwc_lea256_pair_pass
#else
#define LEA128_PAIR_PASS NULL
#define LEA192_PAIR_PASS NULL
#define LEA256_PAIR_PASS NULL
#endif
#if LWC_HIGHT_PAIR
#define HIGHT_PAIR_PASS lwc_hight_pair_pass
#else
#define HIGHT_PAIR_PASS NULL
#endif

MODE_CIPHER(present80, 8, PRESENT80_CBC_STEP, PRESENT_PAIR, NULL)
MODE_CIPHER(present128, 8, PRESENT128_CBC_STEP, PRESENT_PAIR, NULL)
MODE_CIPHER(lea128, 16, LEA128_CBC_STEP, LEA128_PAIR, LEA128_PAIR_PASS)
MODE_CIPHER(lea192, 16, LEA192_CBC_STEP, LEA192_PAIR, LEA192_PAIR_PASS)
MODE_CIPHER(lea256, 16, LEA256_CBC_STEP, LEA256_PAIR, LEA256_PAIR_PASS)
MODE_CIPHER(hight, 8, HIGHT_CBC_STEP, HIGHT_PAIR, HIGHT_PAIR_PASS)
MODE_CIPHER(cham64_128, 8, CHAM64_128_CBC_STEP, CHAM64_128_PAIR, NULL)
MODE_CIPHER(cham128_128, 16, CHAM128_128_CBC_STEP, NULL, NULL)
MODE_CIPHER(cham128_256, 16, CHAM128_256_CBC_STEP, NULL, NULL)
MODE_CIPHER(aes128, 16, AES128_CBC_STEP, AES128_PAIR, NULL)
