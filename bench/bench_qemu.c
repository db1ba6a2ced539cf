/*
 * Benchmark firmware for the emulated Cortex-M4 (bench/bench_qemu.sh runs it through
 * tools/qemusim/qemucount): each operation runs once in a measured region, and the firmware
 * prints "cipher operation bytes stack_bytes context_bytes" after it; the counter adds the instructions.
 * Operations: setkey, encrypt and decrypt of one block, ctr_init, ctr_crypt over
 * CTR_BYTES in one call, and, for the published PRESENT-vs-AES comparison, ECB encryption
 * of STUDY_BYTES (1000 64-bit PRESENT blocks; the same bytes as 500 AES-128 blocks) in a
 * loop of single-block calls.
 */
#include <string.h>

#include "../tests/common/cipher_table.h"
#include "simio.h"

#define CTR_BYTES 4096
#define STUDY_BYTES 8000

static union {
    uint32_t key_schedule[TEST_MAX_KEY_SCHEDULE / 4 + 1];
    uint32_t ctr_context[TEST_MAX_CTR_CONTEXT / 4 + 1];
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

#define MEASURE(call)                 \
    do {                              \
        sim_stack_paint();            \
        SIM_REGION(call);             \
        stack = sim_stack_peak();     \
    } while (0)

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
    }
    sim_exit(0);
}
