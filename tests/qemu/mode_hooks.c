/*
 * The modes' hooks of the families whose code has them (LWC_<FAMILY>_MODE_HOOKS,
 * src/common/lwc_internal.h), against the block function, on a QEMU target: the contract
 * sentences one by one, where the random tests of EAX and CCM cannot reach (EAX's counter
 * N' is random: its carries out of the low 32 bits almost never happen there).
 *  - lwc_X_ctr_secret: out[i] = in[i] ^ E(counter + i) and counter + blocks left behind,
 *    big-endian over the whole block, from counters whose increments carry through every
 *    word and byte (all ones, low words all ones, a random one), 1 to 5 blocks; out apart
 *    or in place (out == in), aligned or not (the assembly's bounce).
 *  - lwc_X_cbc_step: chain = E(chain ^ m), m stored at copy; copy == chain (no copy); any
 *    alignment of chain, m, copy and the key schedule.
 *  - lwc_X_pair_pass (LWC_PAIR_PASSES: LEA and HIGHT on RV32): per block chain = E(chain), out = in ^
 *    E(counter), counter + 1, chain ^= in (mac_in) or out; the chain and counter + blocks
 *    left behind, from the same counters, 1 to 5 blocks, both mac_in, out apart or in place,
 *    out, in and the counter aligned or not.
 *  - the pair functions (lwc_block_pair_fn) where the target has them: a_out = E(a_in) and
 *    b_out = E(b_in), in place or not, inputs and outputs aligned or not, inputs kept.
 * Prints one line per failure and "N passed, M failed"; exits with 0 or 1.
 */
#include <string.h>

#include "simio.h"
#include "../../src/common/lwc_internal.h"
#include "../common/cipher_table.h"

#define MAX_BLOCKS 5

static unsigned passed, failed;
static uint32_t prng_state = 0x9e3779b9u;

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

static void verdict(const char *cipher, const char *what, unsigned detail, int ok)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    sim_puts("FAIL: ");
    sim_puts(cipher);
    sim_putc(' ');
    sim_puts(what);
    sim_putc(' ');
    sim_put_u32(detail);
    sim_putc('\n');
}

#define ANY_MODE_HOOKS (LWC_LEA_MODE_HOOKS || LWC_HIGHT_MODE_HOOKS || LWC_CHAM128_MODE_HOOKS || LWC_PAIR_PASSES)
#if ANY_MODE_HOOKS
/* counter + 1, big-endian over bs bytes. */
static void increment(uint8_t *counter, size_t bs)
{
    for (size_t i = bs; i-- && ++counter[i] == 0;)
        ;
}

/* A cipher with hooks: its row of the test table (block function, sizes) and the hooks. */
typedef struct {
    const char *name;
    uint8_t ks_shift; /* an offset from a 4-byte boundary that its key type allows, or 0 */
    lwc_cbc_step_fn cbc_step;
    lwc_ctr_secret_fn ctr_secret;
} hooked;

/* The key schedule, at a 4-byte boundary or ks_shift bytes after it. */
static uint32_t ks_space[1024 / 4 + 1];

/* A counter of pattern 0 to 3 (bs bytes): all ones (every byte carries), the low word's
 * carry into each word above, a carry out of the low 64 bits after 2 blocks, random. */
static void counter_pattern(uint8_t *counter, size_t bs, unsigned pattern)
{
    random_fill(counter, bs);
    if (pattern == 0)
        memset(counter, 0xff, bs);
    else if (pattern == 1)
        memset(counter + bs - 4, 0xff, 4), counter[bs - 5] = 0xff;
    else if (pattern == 2)
        memset(counter + bs - 8, 0xff, 8), counter[bs - 1] = 0xfe;
}

static void check_ctr_secret(const hooked *h, const test_cipher *c, const void *ks)
{
    const size_t bs = c->block_bytes;
    static uint32_t in_space[MAX_BLOCKS * 4 + 1], out_space[MAX_BLOCKS * 4 + 1], ctr_space[5];
    uint8_t in[MAX_BLOCKS * 16], expect[MAX_BLOCKS * 16], counter[16], want_counter[16], stream[16];
    for (unsigned pattern = 0; pattern < 4; pattern++)
        for (unsigned blocks = 1; blocks <= MAX_BLOCKS; blocks++)
            for (unsigned way = 0; way < 4; way++) { /* bit 0: in place; bit 1: misaligned */
                const size_t shift = way & 2 ? 1 : 0, n = blocks * bs;
                counter_pattern(counter, bs, pattern);
                random_fill(in, n);
                memcpy(want_counter, counter, bs);
                for (size_t i = 0; i < n; i += bs) {
                    c->encrypt(ks, stream, want_counter);
                    for (size_t j = 0; j < bs; j++)
                        expect[i + j] = in[i + j] ^ stream[j];
                    increment(want_counter, bs);
                }
                uint8_t *const ctr = (uint8_t *)ctr_space + shift;
                uint8_t *const src = (uint8_t *)in_space + shift;
                uint8_t *const dst = way & 1 ? src : (uint8_t *)out_space + (way & 2 ? 3 : 0);
                memcpy(ctr, counter, bs);
                memcpy(src, in, n);
                h->ctr_secret(ks, ctr, dst, src, blocks);
                verdict(h->name, "ctr_secret out", pattern * 100 + blocks * 10 + way, memcmp(dst, expect, n) == 0);
                verdict(h->name, "ctr_secret counter", pattern * 100 + blocks * 10 + way,
                        memcmp(ctr, want_counter, bs) == 0);
                if (!(way & 1))
                    verdict(h->name, "ctr_secret in kept", pattern * 100 + blocks * 10 + way,
                            memcmp(src, in, n) == 0);
            }
}

static void check_cbc_step(const hooked *h, const test_cipher *c, const void *ks)
{
    const size_t bs = c->block_bytes;
    static uint32_t chain_space[5], m_space[5], copy_space[5];
    uint8_t chain0[16], m[16], want[16];
    for (unsigned way = 0; way < 16; way++) { /* bits 0-2: chain, m, copy misaligned; 3: copy == chain */
        random_fill(chain0, bs);
        random_fill(m, bs);
        for (size_t j = 0; j < bs; j++)
            want[j] = chain0[j] ^ m[j];
        c->encrypt(ks, want, want);
        uint8_t *const chain = (uint8_t *)chain_space + (way & 1);
        uint8_t *const msg = (uint8_t *)m_space + (way & 2 ? 2 : 0);
        uint8_t *const copy = way & 8 ? chain : (uint8_t *)copy_space + (way & 4 ? 3 : 0);
        memcpy(chain, chain0, bs);
        memcpy(msg, m, bs);
        memset(copy_space, 0x5a, sizeof copy_space);
        h->cbc_step(ks, chain, msg, copy);
        verdict(h->name, "cbc_step chain", way, memcmp(chain, want, bs) == 0);
        verdict(h->name, "cbc_step m kept", way, memcmp(msg, m, bs) == 0);
        if (!(way & 8))
            verdict(h->name, "cbc_step copy", way, memcmp(copy, m, bs) == 0);
    }
}

#if LWC_PAIR_PASSES
static void check_pair_pass(const char *name, lwc_pair_pass_fn pass)
{
    const test_cipher *c = test_cipher_find(name);
    const size_t bs = c->block_bytes;
    static uint32_t ks[1024 / 4], in_space[MAX_BLOCKS * 4 + 1], out_space[MAX_BLOCKS * 4 + 1], chain_space[4], ctr_space[5];
    uint8_t key[32], in[MAX_BLOCKS * 16], expect[MAX_BLOCKS * 16], counter[16], want_counter[16], want_chain[16];
    uint8_t stream[16];
    random_fill(key, c->key_bytes);
    c->setkey(ks, key);
    for (unsigned pattern = 0; pattern < 4; pattern++)
        for (unsigned blocks = 1; blocks <= MAX_BLOCKS; blocks++)
            for (unsigned way = 0; way < 16; way++) { /* bit 0: mac_in; 1: in place; 2: counter misaligned; 3: in and out */
                const unsigned mac_in = way & 1, detail = pattern * 1000 + blocks * 100 + way;
                const size_t n = blocks * bs;
                uint8_t *const chain = (uint8_t *)chain_space, *const src = (uint8_t *)in_space + (way & 8 ? 1 : 0);
                uint8_t *const dst = way & 2 ? src : (uint8_t *)out_space + (way & 8 ? 2 : 0);
                uint8_t *const ctr = (uint8_t *)ctr_space + (way & 4 ? 3 : 0);
                counter_pattern(counter, bs, pattern);
                random_fill(in, n);
                random_fill(want_chain, bs);
                memcpy(chain, want_chain, bs);
                memcpy(want_counter, counter, bs);
                for (size_t i = 0; i < n; i += bs) {
                    c->encrypt(ks, want_chain, want_chain);
                    c->encrypt(ks, stream, want_counter);
                    for (size_t j = 0; j < bs; j++) {
                        expect[i + j] = in[i + j] ^ stream[j];
                        want_chain[j] ^= mac_in ? in[i + j] : expect[i + j];
                    }
                    increment(want_counter, bs);
                }
                memcpy(ctr, counter, bs);
                memcpy(src, in, n);
                pass(ks, chain, ctr, dst, src, blocks, mac_in);
                verdict(name, "pair_pass out", detail, memcmp(dst, expect, n) == 0);
                verdict(name, "pair_pass chain", detail, memcmp(chain, want_chain, bs) == 0);
                verdict(name, "pair_pass counter", detail, memcmp(ctr, want_counter, bs) == 0);
                if (!(way & 2))
                    verdict(name, "pair_pass in kept", detail, memcmp(src, in, n) == 0);
            }
}
#endif

static void check(const hooked *h)
{
    const test_cipher *c = test_cipher_find(h->name);
    uint8_t key[32];
    random_fill(key, c->key_bytes);
    for (unsigned way = 0; way < (h->ks_shift ? 2u : 1u); way++) { /* the key schedule aligned, then not */
        void *const ks = (uint8_t *)ks_space + (way ? h->ks_shift : 0);
        c->setkey(ks, key);
        check_ctr_secret(h, c, ks);
        check_cbc_step(h, c, ks);
    }
}
#endif

/* The hooks are internal (no header): declared here with the modes' signatures. */
#define HOOKED(X, KS_SHIFT)                                                                       \
    void lwc_##X##_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);    \
    void lwc_##X##_ctr_secret(const void *ks, uint8_t *counter, uint8_t *out, const uint8_t *in, \
                              size_t blocks);                                                    \
    static const hooked X##_hooked = {#X, KS_SHIFT, lwc_##X##_cbc_step, lwc_##X##_ctr_secret};

#if LWC_LEA_MODE_HOOKS
HOOKED(lea128, 0)
HOOKED(lea192, 0)
HOOKED(lea256, 0)
#endif
#if LWC_HIGHT_MODE_HOOKS
HOOKED(hight, 1)
#endif
#if LWC_CHAM_MODE_HOOKS
HOOKED(cham64_128, 2)
#endif
#if LWC_CHAM128_MODE_HOOKS
HOOKED(cham128_128, 0)
HOOKED(cham128_256, 0)
#endif

/* A pair function and a cipher it serves. */
typedef struct {
    const char *name;
    lwc_block_pair_fn pair;
} paired;

static const paired pairs[] = {
#if LWC_BLOCK_PAIRS
    {"aes128", lwc_aes_encrypt_pair},
    {"present80", lwc_present_encrypt_pair},
    {"present128", lwc_present_encrypt_pair},
#endif
#if LWC_BLOCK_PAIRS && LWC_LEA_CTR_2WAY
    {"lea128", lwc_lea128_encrypt_pair},
    {"lea192", lwc_lea192_encrypt_pair},
    {"lea256", lwc_lea256_encrypt_pair},
#endif
#if LWC_HIGHT_PAIR
    {"hight", lwc_hight_encrypt_pair},
#endif
#if LWC_CHAM64_PAIR
    {"cham64_128", lwc_cham64_128_encrypt_pair},
#endif
    {NULL, NULL},
};

static void check_pair(const paired *p)
{
    const test_cipher *c = test_cipher_find(p->name);
    static uint32_t ks[TEST_MAX_KEY_SCHEDULE / 4 + 1], a_space[5], b_space[5], a_out_space[5], b_out_space[5];
    const size_t bs = c->block_bytes;
    uint8_t key[32], a[16], b[16], want_a[16], want_b[16];
    random_fill(key, c->key_bytes);
    c->setkey(ks, key);
    for (unsigned way = 0; way < 8; way++) { /* bit 0: in place; 1: inputs misaligned; 2: outputs */
        random_fill(a, bs);
        random_fill(b, bs);
        c->encrypt(ks, want_a, a);
        c->encrypt(ks, want_b, b);
        uint8_t *const a_in = (uint8_t *)a_space + (way & 2 ? 1 : 0);
        uint8_t *const b_in = (uint8_t *)b_space + (way & 2 ? 2 : 0);
        uint8_t *const a_out = way & 1 ? a_in : (uint8_t *)a_out_space + (way & 4 ? 3 : 0);
        uint8_t *const b_out = way & 1 ? b_in : (uint8_t *)b_out_space + (way & 4 ? 1 : 0);
        memcpy(a_in, a, bs);
        memcpy(b_in, b, bs);
        p->pair(ks, a_out, a_in, b_out, b_in);
        verdict(p->name, "pair a", way, memcmp(a_out, want_a, bs) == 0);
        verdict(p->name, "pair b", way, memcmp(b_out, want_b, bs) == 0);
        if (!(way & 1))
            verdict(p->name, "pair inputs kept", way, memcmp(a_in, a, bs) == 0 && memcmp(b_in, b, bs) == 0);
    }
}

int main(void)
{
    for (const paired *p = pairs; p->name; p++)
        check_pair(p);
#if LWC_PAIR_PASSES
    check_pair_pass("lea128", lwc_lea128_pair_pass);
    check_pair_pass("lea192", lwc_lea192_pair_pass);
    check_pair_pass("lea256", lwc_lea256_pair_pass);
#endif
#if LWC_PAIR_PASSES && LWC_HIGHT_PAIR
    check_pair_pass("hight", lwc_hight_pair_pass);
#endif
#if LWC_LEA_MODE_HOOKS
    check(&lea128_hooked);
    check(&lea192_hooked);
    check(&lea256_hooked);
#endif
#if LWC_HIGHT_MODE_HOOKS
    check(&hight_hooked);
#endif
#if LWC_CHAM_MODE_HOOKS
    check(&cham64_128_hooked);
#endif
#if LWC_CHAM128_MODE_HOOKS
    check(&cham128_128_hooked);
    check(&cham128_256_hooked);
#endif
    sim_put_u32(passed);
    sim_puts(" passed, ");
    sim_put_u32(failed);
    sim_puts(" failed\n");
    sim_exit(failed ? 1 : 0);
}
