/*
 * Firmware that calls exactly one lwc operation, so that its linked size (with
 * --gc-sections) minus that of the OP_NONE build is what the operation pulls in: code,
 * tables, libgcc helpers. Built by bench/flash_probe.sh with -DCIPHER=<id> -DOP=<n>.
 * The buffers are referenced in every build, so that they cancel out of the difference.
 */
#include "lwc.h"

#define OP_NONE 0
#define OP_SETKEY 1
#define OP_ENCRYPT 2
#define OP_DECRYPT 3
#define OP_CTR 4
#define OP_DRBG 5       /* instantiate, reseed, generate of the CTR_DRBG over CIPHER */
#define OP_DRBG_PLAIN 6 /* the same on the plain path */
#define OP_BLOCK_ALL 7  /* setkey, encrypt and decrypt together */
#define OP_FIXED_CTR 8  /* the generated fixed-key CHAM-64/128 CTR (-I its directory) */
#define OP_RECORD 9     /* records under one key: ctr_init, ctr_setiv, ctr_crypt */
#define OP_CMAC 10      /* CMAC: setkey, one call, init, update, final */
#define OP_EAX 11       /* EAX: setkey, encrypt, decrypt */
#define OP_CCM 12       /* CCM: setkey, encrypt, decrypt (128-bit blocks) */
#define OP_ECB_CTR 13   /* setkey, encrypt, decrypt, ctr_init and ctr_crypt together */

#if OP == OP_FIXED_CTR
#include "cham64_128_fixed.h"
#endif
#if OP == OP_DRBG_PLAIN
#include "../tests/common/drbg_plain.c"
#define DRBG_FN(op) NAME(plain_, CIPHER, _drbg_##op)
#else
#define DRBG_FN(op) NAME(lwc_, CIPHER, _drbg_##op)
#endif

#define GLUE3(a, b, c) a##b##c
#define NAME(prefix, id, suffix) GLUE3(prefix, id, suffix)
#define FN(suffix) NAME(lwc_, CIPHER, suffix)
#define TYPE(suffix) NAME(lwc_, CIPHER, suffix)

static TYPE(_key) key_schedule;
static TYPE(_ctr) ctr_context;
static uint8_t buffer[32];
volatile uint8_t sink;

int main(void)
{
    /* Opaque pointers: the compiler cannot assume anything about the data. */
    TYPE(_key) *volatile ks = &key_schedule;
    TYPE(_ctr) *volatile ctx = &ctr_context;
    uint8_t *volatile buf = buffer;
#if OP == OP_SETKEY
    FN(_setkey)(ks, buf);
#elif OP == OP_BLOCK_ALL
    FN(_setkey)(ks, buf);
    FN(_encrypt)(ks, buf, buf);
    FN(_decrypt)(ks, buf, buf);
#elif OP == OP_ENCRYPT
    FN(_encrypt)(ks, buf, buf);
#elif OP == OP_DECRYPT
    FN(_decrypt)(ks, buf, buf);
#elif OP == OP_CTR
    FN(_ctr_init)(ctx, buf, buf);
    FN(_ctr_crypt)(ctx, buf, buf, sink);
#elif OP == OP_ECB_CTR
    FN(_setkey)(ks, buf);
    FN(_encrypt)(ks, buf, buf);
    FN(_decrypt)(ks, buf, buf);
    FN(_ctr_init)(ctx, buf, buf);
    FN(_ctr_crypt)(ctx, buf, buf, sink);
#elif OP == OP_RECORD
    FN(_ctr_init)(ctx, buf, buf);
    FN(_ctr_setiv)(ctx, buf);
    FN(_ctr_crypt)(ctx, buf, buf, sink);
#elif OP == OP_FIXED_CTR
    static lwc_cham64_128_fixed_ctr fixed; /* counted as static RAM */
    lwc_cham64_128_fixed_ctr *volatile fctx = &fixed;
    lwc_cham64_128_fixed_ctr_init(fctx);
    sink = (uint8_t)lwc_cham64_128_fixed_ctr_crypt(fctx, buf, buf, sink);
#elif OP == OP_CMAC
    TYPE(_cmac_key) cmac_key; /* locals: their sizes are reported as context, not static data */
    TYPE(_cmac_key) *volatile k = &cmac_key;
    TYPE(_cmac_state) cmac_state;
    TYPE(_cmac_state) *volatile st = &cmac_state;
    FN(_cmac_setkey)(k, buf);
    sink = (uint8_t)FN(_cmac)(k, buf, sink, buf, sink);
    FN(_cmac_init)(st, k);
    FN(_cmac_update)(st, buf, sink);
    sink = (uint8_t)FN(_cmac_final)(st, buf, sink);
#elif OP == OP_EAX || OP == OP_CCM
#if OP == OP_EAX
#define AEAD(suffix) FN(_eax##suffix)
    TYPE(_eax_key) aead_key;
#else
#define AEAD(suffix) FN(_ccm##suffix)
    TYPE(_ccm_key) aead_key;
#endif
    void *volatile k = &aead_key;
    AEAD(_setkey)(k, buf);
    sink = (uint8_t)AEAD(_encrypt)(k, buf, buf, sink, buf, sink, buf, sink, buf, sink);
    sink = (uint8_t)AEAD(_decrypt)(k, buf, buf, sink, buf, sink, buf, sink, buf, sink);
#elif OP == OP_DRBG || OP == OP_DRBG_PLAIN
    TYPE(_drbg) state; /* local: its size is reported as context, not static data */
    TYPE(_drbg) *volatile d = &state;
    sink = (uint8_t)DRBG_FN(instantiate)(d, buf, sink, buf, sink, buf, sink);
    sink = (uint8_t)DRBG_FN(reseed)(d, buf, sink, buf, sink);
    sink = (uint8_t)DRBG_FN(generate)(d, buf, sink, buf, sink);
#endif
    sink = *(volatile uint8_t *)ks ^ *(volatile uint8_t *)ctx ^ buf[0];
    for (;;) {
    }
}
