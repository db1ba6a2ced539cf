/*
 * Benchmark firmware for the QEMU targets (bench/bench_qemu.sh runs it through
 * tools/qemusim/qemucount): each operation runs once in a measured region, and the firmware
 * prints "cipher operation bytes stack_bytes context_bytes" after it; the counter adds the instructions.
 * Operations: setkey, encrypt and decrypt of one block, ctr_init, ctr_crypt over
 * CTR_BYTES in one call, records of RECORD_SIZES bytes on a context keyed once (record:
 * ctr_setiv and one ctr_crypt), and, for the published PRESENT-vs-AES comparison, ECB
 * encryption of STUDY_BYTES (1000 64-bit PRESENT blocks; the same bytes as 500 AES-128
 * blocks) in a loop of single-block calls. The authenticated modes as bench/bench_avr.c
 * measures them, key set up once (the setup a row of its own): CMAC (one call) and EAX and
 * CCM encryption and decryption (8 bytes of associated data, a 12-byte nonce for EAX and
 * 13 for CCM, 8-byte tags) of the record sizes and of CTR_BYTES. Ascon (cipher ascon):
 * Ascon-AEAD128 as the modes (its nonce 16 bytes; aead_setkey, aead_encrypt, aead_decrypt),
 * of the same sizes and of ASCON_MID_BYTES (issue #26's point), and Hash256 (hash256, one
 * call) of the modes' sizes.
 */
#include <string.h>

#include "../tests/common/cipher_table.h"
#include "../tests/common/mode_table.h"
#include "qemu_measure.h"
#include "simio.h"

#define CTR_BYTES 4096
#define STUDY_BYTES 8000
#define RECORD_COUNT 3
static const uint16_t RECORD_SIZES[RECORD_COUNT] = {16, 32, 64};
#define MODE_AD 8
#define MODE_TAG 8

static union {
    uint32_t key_schedule[TEST_MAX_KEY_SCHEDULE / 4 + 1];
    uint32_t ctr_context[TEST_MAX_CTR_CONTEXT / 4 + 1];
    test_mode_key mode_key;
} ctx;
static uint8_t buffer[STUDY_BYTES];

/* context: sizeof the key schedule or CTR context the operation works on. */
static void row(const char *cipher, const char *op, uint32_t bytes, uint16_t stack, uint16_t context)
{
    sim_puts(cipher);
    sim_putc(' ');
    sim_puts(op);
    sim_putc(' ');
    sim_put_u32(bytes);
    sim_putc(' ');
    sim_put_u32(stack);
    sim_putc(' ');
    sim_put_u32(context);
    sim_putc('\n');
}

/* Fixed, arbitrary inputs: every operation is constant-time (make test checks it). */
static void fill(uint8_t *p, size_t n, uint8_t seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(seed + 37 * i);
}

static void ecb_encrypt(const test_cipher *c, uint8_t *p, size_t n)
{
    for (size_t off = 0; off < n; off += c->block_bytes)
        c->encrypt(ctx.key_schedule, p + off, p + off);
}

/* The ciphers of the study: PRESENT in C against (hardware) AES-128. */
static int in_study(const char *name)
{
    return strcmp(name, "present80") == 0 || strcmp(name, "present128") == 0 || strcmp(name, "aes128") == 0;
}


/* One record on a keyed CTR context: a new IV, then the record in one call. This and
 * bench_modes are not inlined, so that main's code, where the other rows' calls are made
 * (their counts include the call sites), stays as it was before them. */
static __attribute__((noinline)) void ctr_record(const test_cipher *c, const uint8_t *iv, uint8_t *p, size_t n)
{
    c->ctr_setiv(ctx.ctr_context, iv);
    c->ctr_crypt(ctx.ctr_context, p, p, n);
}

/* The sizes of the mode rows: the records, then CTR_BYTES. */
static const uint16_t MODE_SIZES[RECORD_COUNT + 1] = {16, 32, 64, CTR_BYTES};

/* CMAC, EAX and CCM of cipher m (its row of the mode table) as bench_avr measures them. */
static __attribute__((noinline)) void bench_modes(const test_mode_cipher *m, const uint8_t *key)
{
    static const char *const names[TEST_AEAD_MODES][3] = {{"eax_setkey", "eax_encrypt", "eax_decrypt"},
                                                          {"ccm_setkey", "ccm_encrypt", "ccm_decrypt"}};
    uint8_t nonce[13], ad[MODE_AD], tag[TEST_MAX_BLOCK];
    uint16_t stack;
    int r = 0;
    fill(nonce, sizeof nonce, 4);
    fill(ad, sizeof ad, 5);
    MEASURE(m->cmac_setkey(&ctx.mode_key, key));
    row(m->name, "cmac_setkey", 0, stack, m->cmac_key_size);
    for (int i = 0; i < RECORD_COUNT + 1; i++) {
        MEASURE(r |= m->cmac(&ctx.mode_key, tag, MODE_TAG, buffer, MODE_SIZES[i]));
        row(m->name, "cmac", MODE_SIZES[i], stack, m->cmac_key_size);
    }
    for (int mode = 0; mode < TEST_AEAD_MODES; mode++) {
        const test_aead *a = &m->aead[mode];
        const size_t nonce_len = mode == TEST_CCM ? 13 : 12;
        if (!a->setkey)
            continue;
        MEASURE(a->setkey(&ctx.mode_key, key));
        row(m->name, names[mode][0], 0, stack, a->key_size);
        for (int i = 0; i < RECORD_COUNT + 1; i++) {
            const size_t n = MODE_SIZES[i];
            MEASURE(r |= a->encrypt(&ctx.mode_key, buffer, tag, MODE_TAG, nonce, nonce_len, ad, MODE_AD, buffer, n));
            row(m->name, names[mode][1], n, stack, a->key_size);
            MEASURE(r |= a->decrypt(&ctx.mode_key, buffer, tag, MODE_TAG, nonce, nonce_len, ad, MODE_AD, buffer, n));
            row(m->name, names[mode][2], n, stack, a->key_size);
        }
    }
    if (r != 0) /* a decryption that refused its own encryption's tag */
        sim_exit(2);
}

/* Ascon-AEAD128's sizes: the modes' and, between the records and CTR_BYTES, 1 KiB (the
 * point of issue #26's ceilings, where the initialization and finalization weigh). */
#define ASCON_MID_BYTES 1024
static const uint16_t ASCON_SIZES[RECORD_COUNT + 2] = {16, 32, 64, ASCON_MID_BYTES, CTR_BYTES};

/* Ascon-AEAD128 and Hash256 as bench_modes measures the modes. */
static __attribute__((noinline)) void bench_ascon(const uint8_t *key)
{
    static lwc_ascon_aead128_key k;
    uint8_t nonce[LWC_ASCON_AEAD128_NONCE_BYTES], ad[MODE_AD], tag[MODE_TAG], digest[LWC_ASCON_HASH256_BYTES];
    uint16_t stack;
    int r = 0;
    fill(nonce, sizeof nonce, 4);
    fill(ad, sizeof ad, 5);
    MEASURE(lwc_ascon_aead128_setkey(&k, key));
    row("ascon", "aead_setkey", 0, stack, sizeof k);
    for (int i = 0; i < RECORD_COUNT + 2; i++) {
        const size_t n = ASCON_SIZES[i];
        MEASURE(r |= lwc_ascon_aead128_encrypt(&k, buffer, tag, MODE_TAG, nonce, sizeof nonce, ad, MODE_AD, buffer, n));
        row("ascon", "aead_encrypt", n, stack, sizeof k);
        MEASURE(r |= lwc_ascon_aead128_decrypt(&k, buffer, tag, MODE_TAG, nonce, sizeof nonce, ad, MODE_AD, buffer, n));
        row("ascon", "aead_decrypt", n, stack, sizeof k);
    }
    for (int i = 0; i < RECORD_COUNT + 1; i++) {
        MEASURE(lwc_ascon_hash256(digest, buffer, MODE_SIZES[i]));
        row("ascon", "hash256", MODE_SIZES[i], stack, 0);
    }
    if (r != 0)
        sim_exit(2);
}

int main(void)
{
    uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK];
    uint16_t stack;
    for (unsigned i = 0; i < test_cipher_count; i++) {
        const test_cipher *c = &test_ciphers[i];
        fill(key, sizeof key, 1);
        fill(iv, sizeof iv, 2);
        fill(buffer, sizeof buffer, 3);
        MEASURE(c->setkey(ctx.key_schedule, key));
        row(c->name, "setkey", 0, stack, c->key_size);
        MEASURE(c->encrypt(ctx.key_schedule, buffer, buffer));
        row(c->name, "encrypt", c->block_bytes, stack, c->key_size);
        MEASURE(c->decrypt(ctx.key_schedule, buffer, buffer));
        row(c->name, "decrypt", c->block_bytes, stack, c->key_size);
        if (in_study(c->name)) {
            MEASURE(ecb_encrypt(c, buffer, STUDY_BYTES));
            row(c->name, "ecb_study", STUDY_BYTES, stack, c->key_size);
        }
        MEASURE(c->ctr_init(ctx.ctr_context, key, iv));
        row(c->name, "ctr_init", 0, stack, c->ctr_size);
        MEASURE(c->ctr_crypt(ctx.ctr_context, buffer, buffer, CTR_BYTES));
        row(c->name, "ctr_crypt", CTR_BYTES, stack, c->ctr_size);
        for (int r = 0; r < RECORD_COUNT; r++) {
            fill(iv, sizeof iv, (uint8_t)(6 + r));
            MEASURE(ctr_record(c, iv, buffer, RECORD_SIZES[r]));
            row(c->name, "record", RECORD_SIZES[r], stack, c->ctr_size);
        }
        test_mode_cipher m;
        if (test_mode_cipher_row(c->index, &m) == 0)
            bench_modes(&m, key);
    }
    fill(key, sizeof key, 1);
    bench_ascon(key);
    sim_exit(0);
}
