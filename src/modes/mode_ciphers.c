/* The ciphers as the modes see them (modes_internal.h): adapters to their entry points. */
#include "modes_internal.h"

/*
 * lwc_mode_X: block size, an adapter of the block function with the table's signature
 * (calling through a cast function pointer is undefined) and CBC_STEP: the cipher's CBC-MAC
 * step (its assembly loads the block XORed with the message), or NULL. What only EAX or
 * CCM use is apart (eax.c, ccm.c), so that a CMAC does not link it.
 */
#define MODE_CIPHER(X, BLOCK, CBC_STEP)                                           \
    static void X##_mode_encrypt(const void *ks, uint8_t *out, const uint8_t *in) \
    {                                                                             \
        lwc_##X##_encrypt((const lwc_##X##_key *)ks, out, in);                    \
    }                                                                             \
    const lwc_mode_cipher lwc_mode_##X = {BLOCK, X##_mode_encrypt, CBC_STEP};

/* The CBC-MAC steps of the assembly families, declared with lwc_cbc_step_fn's signature
 * (assembly: no adapter needed). */
#if LWC_PRESENT_IMPL == LWC_IMPL_AVR
void lwc_present80_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
void lwc_present128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
#define PRESENT80_CBC_STEP lwc_present80_cbc_step
#define PRESENT128_CBC_STEP lwc_present128_cbc_step
#else
#define PRESENT80_CBC_STEP NULL
#define PRESENT128_CBC_STEP NULL
#endif
#if LWC_AES_AVR_ASM
void lwc_aes128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
#define AES128_CBC_STEP lwc_aes128_cbc_step
#else
#define AES128_CBC_STEP NULL
#endif
#if LWC_LEA_IMPL == LWC_IMPL_AVR
void lwc_lea128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
void lwc_lea192_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
void lwc_lea256_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
#define LEA128_CBC_STEP lwc_lea128_cbc_step
#define LEA192_CBC_STEP lwc_lea192_cbc_step
#define LEA256_CBC_STEP lwc_lea256_cbc_step
#else
#define LEA128_CBC_STEP NULL
#define LEA192_CBC_STEP NULL
#define LEA256_CBC_STEP NULL
#endif
#if LWC_HIGHT_IMPL == LWC_IMPL_AVR
void lwc_hight_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
#define HIGHT_CBC_STEP lwc_hight_cbc_step
#else
#define HIGHT_CBC_STEP NULL
#endif
#if LWC_CHAM_IMPL == LWC_IMPL_AVR
void lwc_cham64_128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
void lwc_cham128_128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
void lwc_cham128_256_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
#define CHAM64_128_CBC_STEP lwc_cham64_128_cbc_step
#define CHAM128_128_CBC_STEP lwc_cham128_128_cbc_step
#define CHAM128_256_CBC_STEP lwc_cham128_256_cbc_step
#else
#define CHAM64_128_CBC_STEP NULL
#define CHAM128_128_CBC_STEP NULL
#define CHAM128_256_CBC_STEP NULL
#endif

MODE_CIPHER(present80, 8, PRESENT80_CBC_STEP)
MODE_CIPHER(present128, 8, PRESENT128_CBC_STEP)
MODE_CIPHER(lea128, 16, LEA128_CBC_STEP)
MODE_CIPHER(lea192, 16, LEA192_CBC_STEP)
MODE_CIPHER(lea256, 16, LEA256_CBC_STEP)
MODE_CIPHER(hight, 8, HIGHT_CBC_STEP)
MODE_CIPHER(cham64_128, 8, CHAM64_128_CBC_STEP)
MODE_CIPHER(cham128_128, 16, CHAM128_128_CBC_STEP)
MODE_CIPHER(cham128_256, 16, CHAM128_256_CBC_STEP)
MODE_CIPHER(aes128, 16, AES128_CBC_STEP)
