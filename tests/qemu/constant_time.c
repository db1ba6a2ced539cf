/*
 * Constant-time firmware for the QEMU targets (run by test_constant_time.sh through
 * tools/qemusim/qemucount): every operation of every cipher, of its authenticated modes, of
 * the optimised CTR_DRBGs and of Ascon runs TIMING_SAMPLES times on fresh random keys and
 * data (the decryptions given a wrong tag every other sample), each call in its own measured
 * region, and the firmware prints the operation's name after each region. The script
 * requires the same instruction count and the same PC sequence for all samples of an
 * operation. Stdin: a 4-byte seed for the data generator.
 */
#include <string.h>

#include "../common/cipher_table.h"
#include "../common/drbg_table.h"
#include "../common/mode_table.h"
#include "simio.h"

#define TIMING_SAMPLES 16

static uint32_t prng_state;

/* xorshift32: test data only. */
static void random_fill(uint8_t *p, size_t n)
{
    while (n--) {
        prng_state ^= prng_state << 13;
        prng_state ^= prng_state >> 17;
        prng_state ^= prng_state << 5;
        *p++ = (uint8_t)prng_state;
    }
}

static union {
    uint32_t key_schedule[TEST_MAX_KEY_SCHEDULE / 4 + 1];
    uint32_t ctr_context[TEST_MAX_CTR_CONTEXT / 4 + 1];
    uint64_t drbg[TEST_MAX_DRBG_STATE / 8 + 1];
    test_mode_key mode_key;
} ctx;
static uint8_t data[4 * TEST_MAX_BLOCK], out[64], add[32], entropy[48], nonce[16];

static void label(const char *name, const char *op)
{
    sim_puts(name);
    sim_putc(' ');
    sim_puts(op);
    sim_putc('\n');
}

/* As test_target's timing samples: random key, data and upper counter bytes; the low 32
 * counter bits are fixed, so no sample crosses a CTR precomputation window. */
static void cipher_sample(const test_cipher *c)
{
    static const uint8_t low[4] = {0x00, 0x00, 0x01, 0x10};
    const size_t bs = c->block_bytes, pieces[3] = {bs + 3, bs - 3, 2 * bs};
    static const char *const piece_ops[3] = {"ctr_crypt(B+3)", "ctr_crypt(B-3)", "ctr_crypt(2B)"};
    uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK];
    random_fill(key, c->key_bytes);
    random_fill(data, sizeof data);
    SIM_REGION(c->setkey(ctx.key_schedule, key));
    label(c->name, "setkey");
    SIM_REGION(c->encrypt(ctx.key_schedule, data, data));
    label(c->name, "encrypt");
    SIM_REGION(c->decrypt(ctx.key_schedule, data, data));
    label(c->name, "decrypt");
    random_fill(iv, bs);
    memcpy(iv + bs - 4, low, 4);
    SIM_REGION(c->ctr_init(ctx.ctr_context, key, iv));
    label(c->name, "ctr_init");
    for (int p = 0; p < 3; p++) {
        SIM_REGION(c->ctr_crypt(ctx.ctr_context, data, data, pieces[p]));
        label(c->name, piece_ops[p]);
    }
    /* A record on the same key: a new IV (random upper bytes, the same low ones). */
    random_fill(iv, bs - 4);
    SIM_REGION(c->ctr_setiv(ctx.ctr_context, iv));
    label(c->name, "ctr_setiv");
    SIM_REGION(c->ctr_crypt(ctx.ctr_context, data, data, 3 * bs));
    label(c->name, "record_ctr_crypt(3B)");
}

/* Fixed (public) lengths, random contents; the return codes are checked by test_target. */
static void drbg_sample(const test_drbg *d)
{
    const drbg_ops *o = &d->fast;
    const size_t seedlen = (size_t)d->key_bytes + d->block_bytes;
    int r;
    random_fill(entropy, sizeof entropy);
    random_fill(nonce, sizeof nonce);
    random_fill(add, sizeof add);
    SIM_REGION(r = o->instantiate(ctx.drbg, entropy, 32, nonce, 16, add, 16));
    label(d->name, "drbg_instantiate");
    SIM_REGION(r |= o->reseed(ctx.drbg, entropy, 32, add, 16));
    label(d->name, "drbg_reseed");
    SIM_REGION(r |= o->generate(ctx.drbg, out, sizeof out, add, 16));
    label(d->name, "drbg_generate");
    SIM_REGION(r |= o->instantiate_nodf(ctx.drbg, entropy, seedlen, add, seedlen));
    label(d->name, "drbg_instantiate_nodf");
    SIM_REGION(r |= o->reseed_nodf(ctx.drbg, entropy, seedlen, add, 8));
    label(d->name, "drbg_reseed_nodf");
    SIM_REGION(r |= o->generate(ctx.drbg, out, sizeof out, NULL, 0));
    label(d->name, "drbg_generate_noadd");
    if (r != 0)
        sim_exit(2);
}

/*
 * As test_target's mode timing samples: CMAC of 40 bytes, EAX and CCM records (a 12- or
 * 13-byte nonce, 8 bytes of ad, 20 of message, an 8-byte tag) both ways, the decryption
 * given a wrong tag in odd samples: an accepted and a rejected tag must take the same path.
 */
static void mode_sample(const test_mode_cipher *m, int reject)
{
    enum { AD = 8, MESSAGE = 20, TAG = 8 };
    static const char *const ops[TEST_AEAD_MODES][3] = {{"eax_setkey", "eax_encrypt", "eax_decrypt"},
                                                        {"ccm_setkey", "ccm_encrypt", "ccm_decrypt"}};
    uint8_t key[TEST_MAX_KEY], tag[TEST_MAX_BLOCK], message[40];
    int r, bad = 0;
    random_fill(key, m->key_bytes);
    random_fill(message, sizeof message);
    SIM_REGION(m->cmac_setkey(&ctx.mode_key, key));
    label(m->name, "cmac_setkey");
    SIM_REGION(r = m->cmac(&ctx.mode_key, tag, m->block_bytes, message, sizeof message));
    label(m->name, "cmac");
    bad |= r != 0;
    for (int mode = 0; mode < TEST_AEAD_MODES; mode++) {
        const test_aead *a = &m->aead[mode];
        const size_t nonce_len = mode == TEST_CCM ? 13 : 12;
        if (!a->setkey)
            continue;
        random_fill(nonce, sizeof nonce);
        random_fill(add, AD);
        SIM_REGION(a->setkey(&ctx.mode_key, key));
        label(m->name, ops[mode][0]);
        SIM_REGION(r = a->encrypt(&ctx.mode_key, data, tag, TAG, nonce, nonce_len, add, AD, message, MESSAGE));
        label(m->name, ops[mode][1]);
        bad |= r != 0;
        tag[0] ^= (uint8_t)reject;
        SIM_REGION(r = a->decrypt(&ctx.mode_key, out, tag, TAG, nonce, nonce_len, add, AD, data, MESSAGE));
        label(m->name, ops[mode][2]);
        bad |= r != (reject ? LWC_E_AUTH : 0);
    }
    if (bad)
        sim_exit(2);
}

/* Ascon: fixed lengths, random key, nonce and data; decryption rejects every other sample
 * (a wrong tag), which must run the same instructions as an accepted one. */
static void ascon_sample(int reject)
{
    static lwc_ascon_aead128_key k;
    static lwc_ascon_xof128_state x;
    uint8_t key[16], tag[16], ct[20];
    random_fill(key, sizeof key);
    random_fill(nonce, sizeof nonce);
    random_fill(add, sizeof add);
    random_fill(data, sizeof data);
    int r, bad;
    SIM_REGION(lwc_ascon_aead128_setkey(&k, key));
    label("ascon", "aead128_setkey");
    SIM_REGION(r = lwc_ascon_aead128_encrypt(&k, ct, tag, 16, nonce, 16, add, 8, data, sizeof ct));
    label("ascon", "aead128_encrypt");
    tag[0] ^= (uint8_t)reject;
    SIM_REGION(bad = lwc_ascon_aead128_decrypt(&k, out, tag, 16, nonce, 16, add, 8, ct, sizeof ct));
    label("ascon", "aead128_decrypt");
    r |= bad != (reject ? LWC_E_AUTH : 0);
    SIM_REGION(lwc_ascon_hash256(out, data, 20));
    label("ascon", "hash256");
    SIM_REGION(lwc_ascon_xof128(out, 20, data, 20));
    label("ascon", "xof128");
    SIM_REGION(r |= lwc_ascon_cxof128(out, 20, add, 10, data, 20));
    label("ascon", "cxof128");
    /* streaming: updates and squeezes that start and end within blocks */
    SIM_REGION(r |= lwc_ascon_cxof128_init(&x, add, 10); r |= lwc_ascon_xof128_update(&x, data, 5);
               r |= lwc_ascon_xof128_update(&x, data + 5, 15); r |= lwc_ascon_xof128_squeeze(&x, out, 5);
               r |= lwc_ascon_xof128_squeeze(&x, out + 5, 15));
    label("ascon", "cxof128_streaming");
    if (r != 0)
        sim_exit(2);
}

int main(void)
{
    uint8_t seed[4];
    sim_read(seed, sizeof seed);
    prng_state = (uint32_t)seed[0] | (uint32_t)seed[1] << 8 | (uint32_t)seed[2] << 16 | (uint32_t)seed[3] << 24;
    if (prng_state == 0)
        prng_state = 1;
    for (int t = 0; t < TIMING_SAMPLES; t++) {
        for (unsigned i = 0; i < test_cipher_count; i++)
            cipher_sample(&test_ciphers[i]);
        for (unsigned i = 0; i < test_drbg_count; i++)
            drbg_sample(&test_drbgs[i]);
        for (unsigned i = 0; i < test_mode_cipher_count; i++)
            mode_sample(&test_mode_ciphers[i], t % 2);
        ascon_sample(t % 2);
    }
    sim_exit(0);
}
