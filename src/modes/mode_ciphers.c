/* The ciphers as the modes see them (modes_internal.h): adapters to their entry points. */
#include "modes_internal.h"

/*
 * lwc_mode_X: block size, CTR context size, and adapters with the table's signatures
 * (calling through a cast function pointer is undefined). CBC_STEP: the cipher's CBC-MAC
 * step (its assembly loads the block XORed with the message), or NULL; CTR_SECRET: its CTR
 * with a secret counter, EAX's (the assembly XORs the message as it stores each block), or NULL.
 */
#define MODE_CIPHER(X, BLOCK, CBC_STEP, CTR_SECRET)                                             \
    LWC_STATIC_ASSERT(X##_mode_key_schedule_first, offsetof(lwc_##X##_ctr, ks) == 0);           \
    static void X##_mode_encrypt(const void *ks, uint8_t *out, const uint8_t *in)               \
    {                                                                                           \
        lwc_##X##_encrypt((const lwc_##X##_key *)ks, out, in);                                  \
    }                                                                                           \
    static void X##_mode_ctr_setiv(void *ctx, const uint8_t *iv)                                \
    {                                                                                           \
        lwc_##X##_ctr_setiv((lwc_##X##_ctr *)ctx, iv);                                          \
    }                                                                                           \
    static void X##_mode_ctr_crypt(void *ctx, uint8_t *out, const uint8_t *in, size_t len)      \
    {                                                                                           \
        lwc_##X##_ctr_crypt((lwc_##X##_ctr *)ctx, out, in, len);                                \
    }                                                                                           \
    const lwc_mode_cipher lwc_mode_##X = {BLOCK,    sizeof(lwc_##X##_ctr), X##_mode_encrypt, CBC_STEP, \
                                          CTR_SECRET, X##_mode_ctr_setiv, X##_mode_ctr_crypt};

/* The CBC-MAC and CTR steps of the assembly families, declared with lwc_cbc_step_fn's and
 * lwc_ctr_secret_fn's signatures (assembly: no adapter needed). */
#if LWC_PRESENT_IMPL == LWC_IMPL_AVR
void lwc_present80_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
void lwc_present128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
#define PRESENT80_CBC_STEP lwc_present80_cbc_step
#define PRESENT128_CBC_STEP lwc_present128_cbc_step
#else
#define PRESENT80_CBC_STEP NULL
#define PRESENT128_CBC_STEP NULL
#endif
#if LWC_AES_IMPL == LWC_IMPL_AVR
void lwc_aes128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
#define AES128_CBC_STEP lwc_aes128_cbc_step
#else
#define AES128_CBC_STEP NULL
#endif
#if LWC_LEA_IMPL == LWC_IMPL_AVR
void lwc_lea128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
void lwc_lea192_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
void lwc_lea256_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
void lwc_lea128_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);
void lwc_lea192_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);
void lwc_lea256_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);
#define LEA128_CBC_STEP lwc_lea128_cbc_step
#define LEA128_CTR_SECRET lwc_lea128_ctr_secret
#define LEA192_CBC_STEP lwc_lea192_cbc_step
#define LEA192_CTR_SECRET lwc_lea192_ctr_secret
#define LEA256_CBC_STEP lwc_lea256_cbc_step
#define LEA256_CTR_SECRET lwc_lea256_ctr_secret
#else
#define LEA128_CBC_STEP NULL
#define LEA128_CTR_SECRET NULL
#define LEA192_CBC_STEP NULL
#define LEA192_CTR_SECRET NULL
#define LEA256_CBC_STEP NULL
#define LEA256_CTR_SECRET NULL
#endif
#if LWC_HIGHT_IMPL == LWC_IMPL_AVR
void lwc_hight_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
void lwc_hight_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);
#define HIGHT_CBC_STEP lwc_hight_cbc_step
#define HIGHT_CTR_SECRET lwc_hight_ctr_secret
#else
#define HIGHT_CBC_STEP NULL
#define HIGHT_CTR_SECRET NULL
#endif
#if LWC_CHAM_IMPL == LWC_IMPL_AVR
void lwc_cham64_128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
void lwc_cham128_128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
void lwc_cham128_256_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m);
void lwc_cham64_128_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);
void lwc_cham128_128_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);
void lwc_cham128_256_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t blocks);
#define CHAM64_128_CBC_STEP lwc_cham64_128_cbc_step
#define CHAM64_128_CTR_SECRET lwc_cham64_128_ctr_secret
#define CHAM128_128_CBC_STEP lwc_cham128_128_cbc_step
#define CHAM128_128_CTR_SECRET lwc_cham128_128_ctr_secret
#define CHAM128_256_CBC_STEP lwc_cham128_256_cbc_step
#define CHAM128_256_CTR_SECRET lwc_cham128_256_ctr_secret
#else
#define CHAM64_128_CBC_STEP NULL
#define CHAM64_128_CTR_SECRET NULL
#define CHAM128_128_CBC_STEP NULL
#define CHAM128_128_CTR_SECRET NULL
#define CHAM128_256_CBC_STEP NULL
#define CHAM128_256_CTR_SECRET NULL
#endif

MODE_CIPHER(present80, 8, PRESENT80_CBC_STEP, NULL)
MODE_CIPHER(present128, 8, PRESENT128_CBC_STEP, NULL)
MODE_CIPHER(lea128, 16, LEA128_CBC_STEP, LEA128_CTR_SECRET)
MODE_CIPHER(lea192, 16, LEA192_CBC_STEP, LEA192_CTR_SECRET)
MODE_CIPHER(lea256, 16, LEA256_CBC_STEP, LEA256_CTR_SECRET)
MODE_CIPHER(hight, 8, HIGHT_CBC_STEP, HIGHT_CTR_SECRET)
MODE_CIPHER(cham64_128, 8, CHAM64_128_CBC_STEP, CHAM64_128_CTR_SECRET)
MODE_CIPHER(cham128_128, 16, CHAM128_128_CBC_STEP, CHAM128_128_CTR_SECRET)
MODE_CIPHER(cham128_256, 16, CHAM128_256_CBC_STEP, CHAM128_256_CTR_SECRET)
MODE_CIPHER(aes128, 16, AES128_CBC_STEP, NULL)
