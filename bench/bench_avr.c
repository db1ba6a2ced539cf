/*
 * Cycle-accurate benchmark of one AVR build of lwc on a simulated AVR (tools/avrsim).
 * Usage: bench_avr [options, see tests/target/sim_options.h] AVRSIM FIRMWARE VARIANT > rows.csv
 * For every cipher: key setup, one-block encrypt and decrypt, CTR over the message
 * sizes of CTR_SIZES (ctr_init included, the message fed as in-place ctr_crypt calls of
 * CTR_CHUNK bytes, or of the firmware's buffer if smaller, as a node with a small buffer
 * would), and records of RECORD_SIZES bytes with the key set up once (operation record:
 * ctr_setiv + one ctr_crypt, ctr_init not counted). Every single-block operation, ctr over
 * CT_CTR_BYTES and every record size is sampled over CT_SAMPLES random keys and inputs;
 * the constant_time column says whether all samples took the same cycles. Stack peaks are
 * measured by the firmware (painted stack). Flash and static RAM come from
 * bench/flash_probe.sh, joined later by bench/report.py.
 * The authenticated modes, key set up once (the setup a row of its own): CMAC (one call)
 * and EAX and CCM encryption and decryption (8 bytes of associated data, a 12-byte nonce
 * for EAX and 13 for CCM, 8-byte tags) of MODE_SIZES bytes; the record sizes sampled as
 * above (half the decryptions rejected); operations cmac, eax_encrypt, ... and *_setkey.
 * The sealers of the cipher's record suites (lwc/records.h): lwc_seal of SEAL_SIZES-byte
 * payloads, sampled as above (random node keys and payloads); operation seal_eax or seal_ccm
 * (Ascon-AEAD128's suite: cipher ascon, seal_ascon, with Ascon's rows),
 * stack the larger peak of sealer_init and lwc_seal, context the target's sizeof(lwc_sealer)
 * plus the suite's key.
 * Ascon (where the firmware serves it: units ascon_aead, ascon_hash), cipher ascon: Ascon-AEAD128
 * as the modes (MODE_SIZES, 8 bytes of associated data, 8-byte tags; its nonce 16 bytes),
 * operations aead_setkey, aead_encrypt, aead_decrypt; Hash256 (one call) of MODE_SIZES
 * bytes, operation hash256, constant time judged on the record sizes as well.
 * Then for every CTR_DRBG, on the optimised and the plain path (variant suffix "-plain"):
 * instantiate (df; entropy of the security strength, a nonce of half of it, no
 * personalization), reseed (entropy only) and generate of DRBG_SIZES bytes (no
 * additional input; sizes up to the firmware's buffer), as in Table 7 of Kim et al. 2020;
 * operations drbg_*.
 * CSV columns: mcu,cipher,variant,operation,bytes,cycles,cycles_per_byte,stack_bytes,
 *              context_bytes,constant_time
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tests/target/sim_options.h"
#include "../tests/target/sim_session.h"
#include "../tests/target/protocol.h"
#include "../tests/common/ascon_backend.h"
#include "../tests/common/rng.h"

#define CT_SAMPLES 16
#define CT_CTR_BYTES 64
#define CTR_CHUNK 512
#define MAX_MESSAGE 65536

static const size_t CTR_SIZES[] = {16, 64, 256, 4096, 8192, 16384, 32768, 65536};
static const size_t DRBG_SIZES[] = {32, 64, 128, 256, 512, 1024};
#define RECORD_COUNT 3
static const size_t RECORD_SIZES[RECORD_COUNT] = {16, 32, 64};
/* The record sizes, then a long message: what the firmware's buffer holds besides a
 * nonce, the ad and a tag (MODE_FRAME bytes), in whole 16-byte blocks (992 bytes in 1024).
 * Set per session (set_mode_sizes): the sizes that fit the firmware's buffer, the long
 * message only if it is longer than the records (none on the ATtiny85's 48 bytes). */
#define MODE_SIZE_COUNT (RECORD_COUNT + 1)
#define MODE_FRAME 32
static size_t MODE_SIZES[MODE_SIZE_COUNT];
static int mode_records, mode_sizes; /* how many record sizes, and sizes in all, fit */
#define MODE_AD 8
#define MODE_TAG 8

/* Payloads of sealed records: 16 bytes, and 31, the most a LoRaWAN frame at SF12 (51 bytes of
 * payload) carries with the record's 20 bytes. */
#define SEAL_SIZE_COUNT 2
static const size_t SEAL_SIZES[SEAL_SIZE_COUNT] = {16, 31};

static sim_options opt;
static const char *variant;

static void row(const char *name, const char *impl, const char *op, size_t bytes, uint32_t cycles,
                uint16_t stack, unsigned context, int constant)
{
    printf("%s,%s,%s,%s,%zu,%lu,%.1f,%u,%u,%s\n", opt.mcu, name, impl, op, bytes,
           (unsigned long)cycles, bytes ? (double)cycles / (double)bytes : 0.0, stack, context,
           constant < 0 ? "" : constant ? "yes" : "no");
}

/* Whether all samples took the same cycles; *worst gets the largest stack seen. */
static int same_cycles(const op_cost *s, size_t n, uint16_t *worst)
{
    int same = 1;
    *worst = 0;
    for (size_t i = 0; i < n; i++) {
        same &= s[i].cycles == s[0].cycles;
        if (s[i].stack > *worst)
            *worst = s[i].stack;
    }
    return same;
}

static void ctr_pieces(size_t len, size_t chunk, size_t *pieces, size_t *n)
{
    *n = 0;
    for (size_t off = 0; off < len; off += chunk)
        pieces[(*n)++] = len - off < chunk ? len - off : chunk;
}

/* Random upper counter bytes, low 32 bits zero: where a message crosses the windows of a
 * precomputing CTR path is then the same in every run. */
static void bench_iv(uint8_t *iv, size_t bs)
{
    rng_fill(iv, bs);
    memset(iv + bs - 4, 0, 4);
}

/* ctr_init plus every ctr_crypt call: the cost of encrypting the whole message. */
static int ctr_total(sim_session *s, const test_cipher *c, size_t len, uint8_t *buf,
                     uint32_t *cycles, uint16_t *stack)
{
    static op_cost costs[MAX_MESSAGE];
    static size_t pieces[MAX_MESSAGE];
    size_t n;
    uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK];
    op_cost init;
    rng_fill(key, c->key_bytes);
    bench_iv(iv, c->block_bytes);
    rng_fill(buf, len);
    ctr_pieces(len, sim_max_piece(s) < CTR_CHUNK ? sim_max_piece(s) : CTR_CHUNK, pieces, &n);
    if (sim_ctr(s, c, key, iv, buf, buf, pieces, n, &init, costs))
        return -1;
    *cycles = init.cycles;
    *stack = init.stack;
    for (size_t i = 0; i < n; i++) {
        *cycles += costs[i].cycles;
        if (costs[i].stack > *stack)
            *stack = costs[i].stack;
    }
    return 0;
}

/*
 * One sample of the records: a random key set up once (ctr_init), then one record of each
 * size of RECORD_SIZES, each ctr_setiv to a new IV + one ctr_crypt; cycles and stack peaks
 * of setiv and crypt added / maxed per record.
 */
static int records_sample(sim_session *s, const test_cipher *c, uint8_t *buf, op_cost *records, int nrec)
{
    uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK], ivs[RECORD_COUNT * TEST_MAX_BLOCK];
    op_cost setiv[RECORD_COUNT], crypt[RECORD_COUNT];
    size_t total = 0;
    rng_fill(key, c->key_bytes);
    bench_iv(iv, c->block_bytes);
    for (int r = 0; r < nrec; r++) {
        bench_iv(ivs + r * c->block_bytes, c->block_bytes);
        total += RECORD_SIZES[r];
    }
    rng_fill(buf, total);
    if (sim_records(s, c, key, iv, ivs, RECORD_SIZES, (size_t)nrec, buf, buf, NULL, setiv, crypt))
        return -1;
    for (int r = 0; r < nrec; r++) {
        records[r].cycles = setiv[r].cycles + crypt[r].cycles;
        records[r].stack = setiv[r].stack > crypt[r].stack ? setiv[r].stack : crypt[r].stack;
    }
    return 0;
}

static int bench_cipher(sim_session *s, const test_cipher *c)
{
    static uint8_t buf[MAX_MESSAGE];
    op_cost setkey[CT_SAMPLES], enc[CT_SAMPLES], dec[CT_SAMPLES], records[RECORD_COUNT][CT_SAMPLES];
    uint32_t ctr_cycles[CT_SAMPLES];
    uint16_t stack, key_size, ctr_size;
    int nrec = 0; /* the record sizes that fit the firmware's buffer (one ctr_crypt each) */
    while (nrec < RECORD_COUNT && RECORD_SIZES[nrec] <= sim_max_piece(s))
        nrec++;
    if (sim_sizes(s, c, &key_size, &ctr_size))
        return -1;
    for (int t = 0; t < CT_SAMPLES; t++) {
        uint8_t key[TEST_MAX_KEY], block[TEST_MAX_BLOCK];
        rng_fill(key, c->key_bytes);
        rng_fill(block, c->block_bytes);
        if (sim_blocks(s, c, 0, key, block, block, 1, &setkey[t], &enc[t]) ||
            sim_blocks(s, c, 1, key, block, block, 1, NULL, &dec[t]))
            return -1;
        uint16_t ignored;
        op_cost sample[RECORD_COUNT];
        if (!opt.blocks_only && (ctr_total(s, c, CT_CTR_BYTES, buf, &ctr_cycles[t], &ignored) ||
                                 records_sample(s, c, buf, sample, nrec)))
            return -1;
        for (int r = 0; r < nrec && !opt.blocks_only; r++)
            records[r][t] = sample[r];
    }
    int same = same_cycles(setkey, CT_SAMPLES, &stack);
    row(c->name, variant, "setkey", 0, setkey[0].cycles, stack, key_size, same);
    same = same_cycles(enc, CT_SAMPLES, &stack);
    row(c->name, variant, "encrypt", c->block_bytes, enc[0].cycles, stack, key_size, same);
    same = same_cycles(dec, CT_SAMPLES, &stack);
    row(c->name, variant, "decrypt", c->block_bytes, dec[0].cycles, stack, key_size, same);
    if (opt.blocks_only)
        return 0;
    int ctr_same = 1;
    for (int t = 1; t < CT_SAMPLES; t++)
        ctr_same &= ctr_cycles[t] == ctr_cycles[0];
    for (size_t i = 0; i < sizeof CTR_SIZES / sizeof CTR_SIZES[0]; i++) {
        uint32_t cycles;
        if (ctr_total(s, c, CTR_SIZES[i], buf, &cycles, &stack))
            return -1;
        row(c->name, variant, "ctr", CTR_SIZES[i], cycles, stack, ctr_size,
            CTR_SIZES[i] == CT_CTR_BYTES ? ctr_same : -1);
    }
    for (int r = 0; r < nrec; r++) {
        same = same_cycles(records[r], CT_SAMPLES, &stack);
        row(c->name, variant, "record", RECORD_SIZES[r], records[r][0].cycles, stack, ctr_size, same);
    }
    return 0;
}

/*
 * One sample of the modes of m under a random key: CMAC of each size, and for each AEAD
 * mode an encryption and a decryption of each size (rejected when reject is set). Costs:
 * [0] CMAC, [1 + 2 * mode] encryption, [2 + 2 * mode] decryption, per size; setkeys apart.
 */
enum { MODE_ROWS = 1 + 2 * TEST_AEAD_MODES };
static int modes_sample(sim_session *s, const test_mode_cipher *m, int reject, op_cost costs[MODE_ROWS][MODE_SIZE_COUNT],
                        op_cost setkeys[1 + TEST_AEAD_MODES])
{
    static uint8_t msg[MODE_SIZE_COUNT][992], out[MODE_SIZE_COUNT][992], back[MODE_SIZE_COUNT][992];
    uint8_t key[TEST_MAX_KEY], nonce[13], ad[MODE_AD], tags[MODE_SIZE_COUNT][TEST_MAX_BLOCK], wrong[MODE_TAG];
    rng_fill(key, m->key_bytes);
    rng_fill(nonce, sizeof nonce);
    rng_fill(ad, sizeof ad);
    rng_fill(wrong, sizeof wrong);
    for (int i = 0; i < mode_sizes; i++) {
        rng_fill(msg[i], MODE_SIZES[i]);
        if (sim_cmac(s, m, key, tags[i], MODE_TAG, msg[i], MODE_SIZES[i], 0, &setkeys[0], &costs[0][i]) != 0)
            return -1;
    }
    for (int mode = 0; mode < TEST_AEAD_MODES; mode++) {
        if (!m->aead[mode].setkey)
            continue;
        sim_aead_call calls[2 * MODE_SIZE_COUNT];
        const size_t nonce_len = mode == TEST_CCM ? 13 : 12;
        for (int i = 0; i < mode_sizes; i++) {
            calls[2 * i] = (sim_aead_call){0, nonce, ad, msg[i], nonce_len, MODE_AD, MODE_SIZES[i], MODE_TAG, out[i],
                                           tags[i], 0, {0, 0}};
            calls[2 * i + 1] = (sim_aead_call){1, nonce, ad, out[i], nonce_len, MODE_AD, MODE_SIZES[i], MODE_TAG,
                                               back[i], reject ? wrong : tags[i], 0, {0, 0}};
        }
        if (sim_aead(s, m, mode, key, calls, 2 * (size_t)mode_sizes, &setkeys[1 + mode]))
            return -1;
        for (int i = 0; i < mode_sizes; i++) {
            if (calls[2 * i].result != 0 || calls[2 * i + 1].result != (reject ? LWC_E_AUTH : 0))
                return -1;
            costs[1 + 2 * mode][i] = calls[2 * i].cost;
            costs[2 + 2 * mode][i] = calls[2 * i + 1].cost;
        }
    }
    return 0;
}

/* The sizes of MODE_SIZES this session's buffer holds; -1 if not even the shortest record. */
static int set_mode_sizes(const sim_session *s)
{
    const size_t room = sim_max_piece(s) < MODE_FRAME ? 0 : sim_max_piece(s) - MODE_FRAME;
    const size_t longest = room / 16 * 16 < 992 ? room / 16 * 16 : 992;
    for (mode_records = 0; mode_records < RECORD_COUNT && RECORD_SIZES[mode_records] <= room; mode_records++)
        MODE_SIZES[mode_records] = RECORD_SIZES[mode_records];
    mode_sizes = mode_records;
    if (mode_records == RECORD_COUNT && longest > RECORD_SIZES[RECORD_COUNT - 1])
        MODE_SIZES[mode_sizes++] = longest;
    return mode_records > 0 ? 0 : -1;
}

/* The rows of the modes: each operation and size, constant time judged on the record sizes. */
static int bench_modes(sim_session *s, const test_mode_cipher *m)
{
    if (set_mode_sizes(s))
        return -1;
    static op_cost costs[CT_SAMPLES][MODE_ROWS][MODE_SIZE_COUNT], setkeys[CT_SAMPLES][1 + TEST_AEAD_MODES];
    static const char *const ops[MODE_ROWS] = {"cmac", "eax_encrypt", "eax_decrypt", "ccm_encrypt", "ccm_decrypt"};
    static const char *const setkey_ops[1 + TEST_AEAD_MODES] = {"cmac_setkey", "eax_setkey", "ccm_setkey"};
    uint16_t key_sizes[1 + TEST_AEAD_MODES]; /* the target's, not the host table's */
    if (sim_mode_sizes(s, m, key_sizes))
        return -1;
    for (int t = 0; t < CT_SAMPLES; t++)
        if (modes_sample(s, m, t % 2, costs[t], setkeys[t]))
            return -1;
    for (int k = 0; k < 1 + TEST_AEAD_MODES; k++) {
        if (k > 0 && !m->aead[k - 1].setkey)
            continue;
        op_cost column[CT_SAMPLES];
        uint16_t stack;
        for (int t = 0; t < CT_SAMPLES; t++)
            column[t] = setkeys[t][k];
        const int same = same_cycles(column, CT_SAMPLES, &stack);
        row(m->name, variant, setkey_ops[k], 0, column[0].cycles, stack, key_sizes[k], same);
    }
    for (int op = 0; op < MODE_ROWS; op++) {
        const int mode = (op - 1) / 2;
        if (op > 0 && !m->aead[mode].setkey)
            continue;
        for (int i = 0; i < mode_sizes; i++) {
            op_cost column[CT_SAMPLES];
            uint16_t stack;
            for (int t = 0; t < CT_SAMPLES; t++)
                column[t] = costs[t][op][i];
            const int same = same_cycles(column, CT_SAMPLES, &stack);
            row(m->name, variant, ops[op], MODE_SIZES[i], column[0].cycles, stack, key_sizes[op ? 1 + mode : 0],
                i < mode_records ? same : -1);
        }
    }
    return 0;
}

/* The rows of the sealer of suite t. */
static int bench_sealer(sim_session *s, const test_record_suite *t)
{
    op_cost costs[CT_SAMPLES][SEAL_SIZE_COUNT], init[CT_SAMPLES];
    uint16_t key_sizes[1 + TEST_AEAD_MODES], sealer_size = 0;
    const int ascon = t->cipher == TEST_RECORD_NO_CIPHER; /* Ascon-AEAD128's key: two 64-bit words on any target */
    const int mode = strcmp(t->name + strlen(t->name) - 3, "ccm") == 0 ? TEST_CCM : TEST_EAX;
    if (ascon)
        key_sizes[1 + mode] = t->key_size;
    else if (sim_mode_sizes(s, &test_mode_ciphers[t->cipher], key_sizes))
        return -1;
    for (int sample = 0; sample < CT_SAMPLES; sample++) {
        uint8_t key[16], payloads[SEAL_SIZE_COUNT][32], outs[SEAL_SIZE_COUNT][32 + LWC_RECORD_OVERHEAD_BYTES];
        sim_seal_call calls[SEAL_SIZE_COUNT];
        rng_fill(key, sizeof key);
        for (int i = 0; i < SEAL_SIZE_COUNT; i++) {
            rng_fill(payloads[i], SEAL_SIZES[i]);
            calls[i] = (sim_seal_call){payloads[i], SEAL_SIZES[i], SEAL_SIZES[i] + LWC_RECORD_OVERHEAD_BYTES, outs[i],
                                       0, {0, 0}};
        }
        int r = 0;
        if (sim_seal(s, t, key, 0x17, 1, 5, 0, calls, SEAL_SIZE_COUNT, &r, &sealer_size, &init[sample]) || r)
            return -1;
        for (int i = 0; i < SEAL_SIZE_COUNT; i++) {
            if (calls[i].result)
                return -1;
            costs[sample][i] = calls[i].cost;
        }
    }
    uint16_t init_stack;
    same_cycles(init, CT_SAMPLES, &init_stack);
    for (int i = 0; i < SEAL_SIZE_COUNT; i++) {
        op_cost column[CT_SAMPLES];
        uint16_t stack;
        for (int sample = 0; sample < CT_SAMPLES; sample++)
            column[sample] = costs[sample][i];
        const int same = same_cycles(column, CT_SAMPLES, &stack);
        row(ascon ? "ascon" : test_ciphers[t->cipher].name, variant,
            ascon ? "seal_ascon" : mode == TEST_CCM ? "seal_ccm" : "seal_eax", SEAL_SIZES[i],
            column[0].cycles, stack > init_stack ? stack : init_stack, sealer_size + key_sizes[1 + mode], same);
    }
    return 0;
}

/* The sealers of the suites over the cipher of index cipher (TEST_RECORD_NO_CIPHER: Ascon's). */
static int bench_sealers(sim_session *s, unsigned cipher)
{
    for (unsigned i = 0; i < test_record_suite_count; i++)
        if (test_record_suites[i].cipher == cipher && bench_sealer(s, &test_record_suites[i]))
            return -1;
    return 0;
}

/* A row per size of the samples costs[CT_SAMPLES][sizes] of operation op (cipher ascon). */
static void ascon_rows(const char *op, op_cost costs[CT_SAMPLES][MODE_SIZE_COUNT], unsigned context)
{
    for (int i = 0; i < mode_sizes; i++) {
        op_cost column[CT_SAMPLES];
        uint16_t stack;
        for (int t = 0; t < CT_SAMPLES; t++)
            column[t] = costs[t][i];
        const int same = same_cycles(column, CT_SAMPLES, &stack);
        row("ascon", variant, op, MODE_SIZES[i], column[0].cycles, stack, context, i < mode_records ? same : -1);
    }
}

/* Ascon-AEAD128's rows: each sample a random key, an encryption and a decryption of each size
 * (rejected in odd samples), as modes_sample. */
static int bench_ascon_aead(sim_session *s)
{
    static uint8_t msg[MODE_SIZE_COUNT][992], out[MODE_SIZE_COUNT][992], back[MODE_SIZE_COUNT][992];
    static op_cost enc[CT_SAMPLES][MODE_SIZE_COUNT], dec[CT_SAMPLES][MODE_SIZE_COUNT], setkey[CT_SAMPLES];
    if (set_mode_sizes(s))
        return -1;
    for (int t = 0; t < CT_SAMPLES; t++) {
        uint8_t key[LWC_ASCON_AEAD128_KEY_BYTES], nonce[LWC_ASCON_AEAD128_NONCE_BYTES], ad[MODE_AD],
            tags[MODE_SIZE_COUNT][MODE_TAG], wrong[MODE_TAG];
        sim_aead_call calls[2 * MODE_SIZE_COUNT];
        const int reject = t % 2;
        rng_fill(key, sizeof key);
        rng_fill(nonce, sizeof nonce);
        rng_fill(ad, sizeof ad);
        rng_fill(wrong, sizeof wrong);
        for (int i = 0; i < mode_sizes; i++) {
            rng_fill(msg[i], MODE_SIZES[i]);
            calls[2 * i] = (sim_aead_call){0, nonce, ad, msg[i], sizeof nonce, MODE_AD, MODE_SIZES[i], MODE_TAG,
                                           out[i], tags[i], 0, {0, 0}};
            calls[2 * i + 1] = (sim_aead_call){1, nonce, ad, out[i], sizeof nonce, MODE_AD, MODE_SIZES[i], MODE_TAG,
                                               back[i], reject ? wrong : tags[i], 0, {0, 0}};
        }
        if (sim_ascon_aead(s, key, calls, 2 * (size_t)mode_sizes, &setkey[t]))
            return -1;
        for (int i = 0; i < mode_sizes; i++) {
            if (calls[2 * i].result != 0 || calls[2 * i + 1].result != (reject ? LWC_E_AUTH : 0))
                return -1;
            enc[t][i] = calls[2 * i].cost;
            dec[t][i] = calls[2 * i + 1].cost;
        }
    }
    uint16_t stack;
    const int same = same_cycles(setkey, CT_SAMPLES, &stack);
    row("ascon", variant, "aead_setkey", 0, setkey[0].cycles, stack, sizeof(lwc_ascon_aead128_key), same);
    ascon_rows("aead_encrypt", enc, sizeof(lwc_ascon_aead128_key));
    ascon_rows("aead_decrypt", dec, sizeof(lwc_ascon_aead128_key));
    return 0;
}

/* Ascon-Hash256's rows: one call on random messages of each size. */
static int bench_ascon_hash(sim_session *s)
{
    static op_cost costs[CT_SAMPLES][MODE_SIZE_COUNT];
    if (set_mode_sizes(s))
        return -1;
    for (int t = 0; t < CT_SAMPLES; t++) {
        for (int i = 0; i < mode_sizes; i++) {
            static uint8_t msg[992];
            uint8_t digest[LWC_ASCON_HASH256_BYTES];
            rng_fill(msg, MODE_SIZES[i]);
            if (sim_ascon_hash(s, ASCON_HASH256, digest, sizeof digest, NULL, 0, msg, MODE_SIZES[i], 0, &costs[t][i]))
                return -1;
        }
    }
    ascon_rows("hash256", costs, 0);
    return 0;
}

static int bench_drbg(sim_session *s, unsigned index, int plain)
{
    const test_drbg *d = &test_drbgs[index];
    char impl[64];
    uint8_t entropy[32], nonce[16], out[1024];
    op_cost cost;
    uint16_t state_size; /* the target's, not the host table's */
    snprintf(impl, sizeof impl, "%s%s", variant, plain ? "-plain" : "");
    rng_fill(entropy, sizeof entropy);
    rng_fill(nonce, sizeof nonce);
    if (sim_drbg_size(s, index, &state_size) ||
        sim_drbg_instantiate(s, index, plain, 1, entropy, d->key_bytes, nonce, d->key_bytes / 2u, NULL, 0, &cost))
        return -1;
    row(d->name, impl, "drbg_instantiate", 0, cost.cycles, cost.stack, state_size, -1);
    if (sim_drbg_reseed(s, index, plain, 1, entropy, d->key_bytes, NULL, 0, &cost))
        return -1;
    row(d->name, impl, "drbg_reseed", 0, cost.cycles, cost.stack, state_size, -1);
    for (size_t i = 0; i < sizeof DRBG_SIZES / sizeof DRBG_SIZES[0] && DRBG_SIZES[i] <= sim_max_piece(s); i++) {
        if (sim_drbg_generate(s, index, plain, out, DRBG_SIZES[i], NULL, 0, &cost))
            return -1;
        row(d->name, impl, "drbg_generate", DRBG_SIZES[i], cost.cycles, cost.stack, state_size, -1);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (sim_options_parse(&opt, argc, argv))
        return 2;
    variant = opt.variant;
    rng_seed(0xbe7c4);
    printf("mcu,cipher,variant,operation,bytes,cycles,cycles_per_byte,stack_bytes,context_bytes,constant_time\n");
    for (unsigned i = 0; i < test_cipher_count; i++) {
        const test_cipher *c = &test_ciphers[i];
        if (!sim_options_selects(&opt, c))
            continue;
        fprintf(stderr, "bench [%s %s] %s ...\n", opt.mcu, variant, c->name);
        /* A fresh firmware per cipher keeps the runner's cycle limit a per-cipher guard. */
        sim_session *s = sim_session_open(opt.simulator, opt.mcu, opt.firmware);
        if (!s || (!opt.modes_only && bench_cipher(s, c)) || (!opt.no_modes && bench_modes(s, &test_mode_ciphers[i])) ||
            (!opt.no_records && bench_sealers(s, c->index)) || sim_session_close(s)) {
            fprintf(stderr, "bench [%s %s] %s: the simulated run failed\n", opt.mcu, variant, c->name);
            return 1;
        }
        fflush(stdout);
    }
    for (int hash = 0; hash <= 1 && !opt.no_ascon; hash++) {
        if (!sim_options_selects_name(&opt, hash ? "ascon_hash" : "ascon_aead"))
            continue;
        fprintf(stderr, "bench [%s %s] Ascon %s ...\n", opt.mcu, variant, hash ? "Hash256" : "AEAD128");
        sim_session *s = sim_session_open(opt.simulator, opt.mcu, opt.firmware);
        if (!s || (hash ? bench_ascon_hash(s) : bench_ascon_aead(s)) ||
            (!hash && !opt.no_records && bench_sealers(s, TEST_RECORD_NO_CIPHER)) || sim_session_close(s)) {
            fprintf(stderr, "bench [%s %s] Ascon: the simulated run failed\n", opt.mcu, variant);
            return 1;
        }
        fflush(stdout);
    }
    for (unsigned i = 0; i < test_drbg_count && !opt.no_drbg; i++) {
        if (!sim_options_selects_name(&opt, test_drbgs[i].name))
            continue;
        fprintf(stderr, "bench [%s %s] %s CTR_DRBG ...\n", opt.mcu, variant, test_drbgs[i].name);
        sim_session *s = sim_session_open(opt.simulator, opt.mcu, opt.firmware);
        if (!s || bench_drbg(s, i, 0) || bench_drbg(s, i, 1) || sim_session_close(s)) {
            fprintf(stderr, "bench [%s %s] %s CTR_DRBG: the simulated run failed\n", opt.mcu, variant,
                    test_drbgs[i].name);
            return 1;
        }
        fflush(stdout);
    }
    return 0;
}
