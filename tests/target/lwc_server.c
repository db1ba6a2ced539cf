/*
 * Firmware for the simulated MCU (avrsim, or qemusim for the 32-bit MCUs): performs lwc
 * operations requested over the simulator's console and answers with their outputs, exact
 * cycle counts and stack peaks. The host compares (see protocol.h). The MCU computes; it
 * never judges its own results.
 */
#include <string.h>
#ifdef __AVR__
#include <avr/pgmspace.h>
#endif

#include "../common/ascon_backend.h"
#include "../common/cipher_table.h"
#include "../common/drbg_table.h"
#include "../common/mode_backend.h"
#include "../common/record_table.h"
#include "server_io.h"

/* Whether this firmware serves block ciphers, their modes, sealed records, DRBGs,
 * Ascon-AEAD128 and Ascon's hashes (tests/common/served.h: ids ascon_aead, ascon_hash): a
 * small MCU's flash holds only the code of what it serves. The sealer (OP_SEAL) where a
 * suite is served: a cipher's with the modes, or Ascon-AEAD128 (mk/firmware.mk:
 * TEST_NO_RECORDS where it does not fit). */
#define SERVED_COUNT(X, BLOCK, KEY) +TEST_SERVED(X)
#define SERVES_CIPHERS (0 LWC_TEST_CIPHERS(SERVED_COUNT) > 0)
#if defined(TEST_NO_MODES) || !SERVES_CIPHERS
#define SERVES_MODES 0
#else
#define SERVES_MODES 1
#endif
#ifdef TEST_NO_DRBG
#define SERVES_DRBGS 0
#else
#define SERVES_DRBGS 1
#endif
#define SERVES_ASCON_AEAD TEST_SERVED(ascon_aead)
#define SERVES_ASCON_HASH TEST_SERVED(ascon_hash)
#if (SERVES_MODES || SERVES_ASCON_AEAD) && !defined(TEST_NO_RECORDS) && TEST_SERVES_RECORDS
#define SERVE_RECORDS 1
#else
#define SERVE_RECORDS 0
#endif

/* One request at a time: the contexts share memory (the ATmega128 has 4 KB of SRAM). The
 * DRBG state must survive between requests, so a cipher request ends it. */
static union {
    uint32_t key_schedule[TEST_MAX_KEY_SCHEDULE / 4 + 1];
    uint32_t ctr_context[TEST_MAX_CTR_CONTEXT / 4 + 1];
    uint64_t drbg[TEST_MAX_DRBG_STATE / 8 + 1];
#if SERVES_MODES
    test_mode_key mode_key;
#endif
#if SERVE_RECORDS
    test_record_key record_key;
#endif
#if SERVES_ASCON_AEAD
    lwc_ascon_aead128_key ascon_key;
#endif
#if SERVES_ASCON_HASH
    lwc_ascon_hash256_state ascon_hash;
    lwc_ascon_xof128_state ascon_xof;
#endif
} ctx;
#define key_schedule ctx.key_schedule
#define ctr_context ctx.ctr_context
/*
 * Where request n's blocks or CTR piece go: on 32-bit MCUs at offset n mod 4 in the
 * buffer, so that the fast paths' aligned and misaligned ways (lwc_block_words,
 * lwc_ctr_xcrypt_words) both run; at its start on AVR, which has no alignment (its cycle
 * counts stay those of the benchmarks).
 */
#ifdef __AVR__
#define PIECE_SLACK 0
#define PIECE(n) buffer
#else
#define PIECE_SLACK 3
#define PIECE(n) (buffer + ((n) & 3))
#endif
static uint8_t buffer[SERVER_MAX_PIECE + PIECE_SLACK];

/* A length of the request: at most the buffer. (Unused in an Ascon-only firmware.) */
static __attribute__((unused)) uint16_t read_length(void)
{
    const uint16_t n = read_u16();
    if (n > SERVER_MAX_PIECE)
        sim_exit(2);
    return n;
}

/* The ciphers' own operations: not in a firmware of their modes alone (mk/firmware.mk
 * split_modes) or of Ascon alone. */
#if SERVES_CIPHERS && !defined(TEST_MODES_ONLY)
#define SERVES_BLOCKS 1
#else
#define SERVES_BLOCKS 0
#endif

#if SERVES_BLOCKS
static void serve_blocks(const test_cipher *c, const uint8_t *key, int decrypt)
{
    uint32_t cycles;
    uint16_t stack;
    MEASURE(c->setkey(key_schedule, key));
    reply(cycles, stack, NULL, 0);
    for (uint16_t n = read_u16(); n > 0; n--) {
        uint8_t *const block = PIECE(n);
        sim_read(block, c->block_bytes);
        if (decrypt)
            MEASURE(c->decrypt(key_schedule, block, block));
        else
            MEASURE(c->encrypt(key_schedule, block, block));
        reply(cycles, stack, block, c->block_bytes);
    }
}
#endif

#ifdef LWC_SERVER_CHAM64_FIXED
/*
 * Fixed-key build (tools/gen/gen_cham_fixed_key.py, Makefile): cham64_128's table entry
 * has its CTR replaced by the generated routine, whose key and IV are the build's: the
 * key and IV of the request are read and not used (the host sends the build's). It has no
 * setiv of its own: a record restarts the keystream at the build's IV.
 */
#include "cham64_128_fixed.h"

typedef char fixed_ctr_fits[sizeof(lwc_cham64_128_fixed_ctr) <= TEST_MAX_CTR_CONTEXT ? 1 : -1];

static void fixed_ctr_init(void *ctx, const uint8_t *key, const uint8_t *iv)
{
    (void)key;
    (void)iv;
    lwc_cham64_128_fixed_ctr_init(ctx);
}

static void fixed_ctr_setiv(void *ctx, const uint8_t *iv)
{
    (void)iv;
    lwc_cham64_128_fixed_ctr_init(ctx);
}

/* An error leaves the buffer as it is: the host sees that. */
static void fixed_ctr_crypt(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    (void)lwc_cham64_128_fixed_ctr_crypt(ctx, out, in, len);
}

static const test_cipher *served_cipher(const test_cipher *c)
{
    static test_cipher fixed;
    if (strcmp(c->name, "cham64_128") != 0)
        return c;
    fixed = *c;
    fixed.ctr_size = sizeof(lwc_cham64_128_fixed_ctr);
    fixed.ctr_init = fixed_ctr_init;
    fixed.ctr_setiv = fixed_ctr_setiv;
    fixed.ctr_crypt = fixed_ctr_crypt;
    return &fixed;
}
#else
#define served_cipher(c) (c)
#endif

#if SERVES_BLOCKS
static void serve_ctr(const test_cipher *c, const uint8_t *key)
{
    uint8_t iv[TEST_MAX_BLOCK];
    uint32_t cycles;
    uint16_t stack;
    sim_read(iv, c->block_bytes);
    MEASURE(c->ctr_init(ctr_context, key, iv));
    reply(cycles, stack, NULL, 0);
    for (uint16_t n = read_u16(); n > 0; n--) {
        const uint16_t len = read_length();
        uint8_t *const piece = PIECE(n);
        sim_read(piece, len);
        MEASURE(c->ctr_crypt(ctr_context, piece, piece, len));
        reply(cycles, stack, piece, len);
    }
}

/*
 * OP_RECORDS: ctr_init as for OP_CTR, then per record its iv, length and bytes; setiv and
 * crypt measured. A function of its own, not inlined into main, rather than a mode of
 * serve_ctr: avr-gcc may move register arithmetic into a measured frame (simio.h), and the
 * frames of the other operations then stay as they were (make bench compares them). On
 * small MCUs (TEST_SUBSET) it is inlined: a frame of its own would not fit their RAM.
 */
#ifdef TEST_SUBSET /* small MCUs: inlined, in main's frame with the others (RAM) */
#define SERVE_RECORDS_LINKAGE static
#else
#define SERVE_RECORDS_LINKAGE static __attribute__((noinline))
#endif
SERVE_RECORDS_LINKAGE void serve_records(const test_cipher *c, const uint8_t *key)
{
    uint8_t iv[TEST_MAX_BLOCK];
    uint32_t cycles;
    uint16_t stack;
    sim_read(iv, c->block_bytes);
    MEASURE(c->ctr_init(ctr_context, key, iv));
    reply(cycles, stack, NULL, 0);
    for (uint16_t n = read_u16(); n > 0; n--) {
        sim_read(iv, c->block_bytes);
        const uint16_t len = read_length();
        uint8_t *const piece = PIECE(n);
        sim_read(piece, len);
        MEASURE(c->ctr_setiv(ctr_context, iv));
        reply(cycles, stack, NULL, 0);
        MEASURE(c->ctr_crypt(ctr_context, piece, piece, len));
        reply(cycles, stack, piece, len);
    }
}
#endif

#if SERVES_MODES || SERVES_ASCON_AEAD || SERVES_ASCON_HASH || SERVES_DRBGS
/* The library's code and the output of a call that can fail, as one result record. */
static void reply_code(uint32_t cycles, uint16_t stack, int result, const uint8_t *data, uint16_t n)
{
    const uint8_t code = (uint8_t)(int8_t)result;
    reply(cycles, stack, &code, 1);
    put_bytes(data, n);
}
#endif

#if SERVES_MODES /* (mk/firmware.mk: where they do not fit) */
/* OP_CMAC (protocol.h). */
static __attribute__((noinline)) void serve_cmac(const test_mode_cipher *m, const uint8_t *key)
{
    test_cmac_state st; /* on the stack: the RAM is free again for EAX's deeper calls */
    uint8_t tag[TEST_MAX_BLOCK + 1]; /* room for a tag length one too long (refused) */
    uint32_t cycles;
    uint16_t stack;
    int result;
    const uint8_t tag_len = sim_getc();
    const uint16_t chunk = read_u16(), len = read_length();
    sim_read(buffer, len);
    if (tag_len > sizeof tag)
        sim_exit(2);
    memset(tag, MODE_FILL, tag_len);
    MEASURE(m->cmac_setkey(&ctx.mode_key, key));
    reply(cycles, stack, NULL, 0);
    if (chunk == 0) {
        MEASURE(result = m->cmac(&ctx.mode_key, tag, tag_len, buffer, len));
    } else {
        MEASURE(m->cmac_init(&st, &ctx.mode_key));
        reply(cycles, stack, NULL, 0);
        for (uint16_t off = 0; off < len; off += chunk) {
            const uint16_t n = len - off < chunk ? len - off : chunk;
            MEASURE(m->cmac_update(&st, buffer + off, n));
            reply(cycles, stack, NULL, 0);
        }
        MEASURE(result = m->cmac_final(&st, tag, tag_len));
    }
    reply_code(cycles, stack, result, tag, tag_len);
}
#endif

#if SERVES_MODES || SERVES_ASCON_AEAD
/* The calls of OP_AEAD and OP_ASCON_AEAD on AEAD a, whose key is ctx (a union: it holds any
 * mode's key and Ascon's; a constant address, so that the measured call sites stay as they
 * were): the buffer holds nonce, ad, message and tag one after the other, from PIECE(n) of
 * the call's countdown n (the nonce's, ad's and message's alignments vary from call to call
 * on 32-bit MCUs, so that the assembly's aligned and bytewise ways both run). */
static __attribute__((noinline)) void serve_aead(const test_aead *a, const uint8_t *key)
{
    void *const k = &ctx;
    uint32_t cycles;
    uint16_t stack;
    int result;
    uint16_t n = read_u16();
    MEASURE(a->setkey(k, key));
    reply(cycles, stack, NULL, 0);
    for (; n > 0; n--) {
        const uint8_t decrypt = sim_getc(), tag_len = sim_getc();
        const uint16_t nonce_len = read_u16(), ad_len = read_u16(), len = read_u16();
        if ((uint32_t)nonce_len + ad_len + len + tag_len > SERVER_MAX_PIECE)
            sim_exit(2);
        uint8_t *const nonce = PIECE(n), *const ad = nonce + nonce_len, *const msg = ad + ad_len;
        uint8_t *const tag = msg + len;
        sim_read(nonce, (size_t)nonce_len + ad_len + len);
        if (decrypt) {
            sim_read(tag, tag_len);
            MEASURE(result = a->decrypt(k, msg, tag, tag_len, nonce, nonce_len, ad, ad_len, msg, len));
        } else {
            memset(tag, MODE_FILL, tag_len);
            MEASURE(result = a->encrypt(k, msg, tag, tag_len, nonce, nonce_len, ad, ad_len, msg, len));
        }
        reply_code(cycles, stack, result, msg, len + tag_len);
    }
}
#endif

#if SERVES_ASCON_HASH
/* OP_ASCON_HASH (protocol.h): the customization string and the message one after the other
 * in the buffer, the output over them. */
static __attribute__((noinline)) void serve_ascon_hash(void)
{
    const uint8_t kind = sim_getc();
    const uint16_t chunk = read_u16(), custom_len = read_u16(), len = read_u16(), out_len = read_u16();
    if ((uint32_t)custom_len + len > SERVER_MAX_PIECE || out_len > SERVER_MAX_PIECE || kind >= ASCON_HASHES)
        sim_exit(2);
    sim_read(buffer, (size_t)custom_len + len);
    const uint8_t *const custom = buffer, *const msg = buffer + custom_len;
    uint8_t *const out = buffer;
    uint32_t cycles;
    uint16_t stack;
    int result = 0;
    if (chunk == 0) {
        if (kind == ASCON_HASH256)
            MEASURE(lwc_ascon_hash256(out, msg, len));
        else if (kind == ASCON_XOF128)
            MEASURE(lwc_ascon_xof128(out, out_len, msg, len));
        else
            MEASURE(result = lwc_ascon_cxof128(out, out_len, custom, custom_len, msg, len));
        reply_code(cycles, stack, result, out, out_len);
        return;
    }
    if (kind == ASCON_HASH256)
        MEASURE(lwc_ascon_hash256_init(&ctx.ascon_hash));
    else if (kind == ASCON_XOF128)
        MEASURE(lwc_ascon_xof128_init(&ctx.ascon_xof));
    else
        MEASURE(result = lwc_ascon_cxof128_init(&ctx.ascon_xof, custom, custom_len));
    reply_code(cycles, stack, result, NULL, 0);
    for (uint16_t off = 0; off < len; off += chunk) {
        const uint16_t n = len - off < chunk ? len - off : chunk;
        if (kind == ASCON_HASH256)
            MEASURE(result = lwc_ascon_hash256_update(&ctx.ascon_hash, msg + off, n));
        else
            MEASURE(result = lwc_ascon_xof128_update(&ctx.ascon_xof, msg + off, n));
        reply_code(cycles, stack, result, NULL, 0);
    }
    if (kind == ASCON_HASH256) {
        MEASURE(result = lwc_ascon_hash256_final(&ctx.ascon_hash, out));
        reply_code(cycles, stack, result, out, LWC_ASCON_HASH256_BYTES);
    }
    for (uint16_t off = 0; off < out_len && kind != ASCON_HASH256; off += chunk) {
        const uint16_t n = out_len - off < chunk ? out_len - off : chunk;
        MEASURE(result = lwc_ascon_xof128_squeeze(&ctx.ascon_xof, out + off, n));
        reply_code(cycles, stack, result, out + off, n);
    }
}
#endif

#if SERVE_RECORDS
static uint32_t read_u32(void)
{
    const uint16_t low = read_u16();
    return low | (uint32_t)read_u16() << 16;
}

/* OP_SEAL (protocol.h): records sealed in place in the buffer. The sealer is a local: static
 * RAM is full on the ATmega328P (LEA-128 CCM's calls need all that is left). */
static __attribute__((noinline)) void serve_seal(void)
{
    test_record_suite t;
    uint8_t key[LWC_RECORD_KEY_BYTES];
    if (test_record_suite_row(sim_getc(), &t))
        sim_exit(3);
    sim_read(key, sizeof key);
    const uint32_t node_id = read_u32();
    const uint8_t epoch = sim_getc();
    const uint32_t boot = read_u32(), count = read_u32();
    uint32_t cycles;
    uint16_t stack;
    int result;
    lwc_sealer sealer, *const s = &sealer;
    MEASURE(result = t.sealer_init(s, &ctx.record_key, key, node_id, epoch, boot));
    if (result == 0) {
        s->header[9] = (uint8_t)(count >> 16);
        s->header[10] = (uint8_t)(count >> 8);
        s->header[11] = (uint8_t)count;
    }
    const uint8_t size[2] = {(uint8_t)sizeof(lwc_sealer), (uint8_t)(sizeof(lwc_sealer) >> 8)};
    reply_code(cycles, stack, result, size, sizeof size);
    for (uint16_t n = read_u16(); n > 0; n--) {
        const uint16_t len = read_u16(), cap = read_u16();
        if ((uint32_t)len + LWC_RECORD_OVERHEAD_BYTES > sizeof buffer || cap > sizeof buffer)
            sim_exit(2);
        memset(buffer, MODE_FILL, len + LWC_RECORD_OVERHEAD_BYTES);
        sim_read(buffer + LWC_RECORD_HEADER_BYTES, len);
        MEASURE(result = lwc_seal(s, buffer, cap, buffer + LWC_RECORD_HEADER_BYTES, len));
        reply_code(cycles, stack, result, buffer, len + LWC_RECORD_OVERHEAD_BYTES);
    }
}
#endif

#if SERVES_DRBGS
static void serve_drbg(uint8_t op, const drbg_ops *o)
{
    uint32_t cycles;
    uint16_t stack;
    int result = 0;
    uint16_t out_len = 0;
    if (op == OP_DRBG_INSTANTIATE || op == OP_DRBG_RESEED) {
        const uint8_t df = sim_getc();
        const uint16_t a = read_length(), b = read_length();
        const uint16_t c = op == OP_DRBG_INSTANTIATE ? read_length() : 0;
        if ((uint32_t)a + b + c > SERVER_MAX_PIECE)
            sim_exit(2);
        sim_read(buffer, (size_t)a + b + c);
        const uint8_t *x = buffer, *y = buffer + a, *z = buffer + a + b;
        if (op == OP_DRBG_INSTANTIATE) /* a new instance (drbg_vectors.h) */
            o->wipe(ctx.drbg);
        if (op == OP_DRBG_INSTANTIATE && df)
            MEASURE(result = o->instantiate(ctx.drbg, x, a, y, b, z, c));
        else if (op == OP_DRBG_INSTANTIATE)
            MEASURE(result = o->instantiate_nodf(ctx.drbg, x, a, z, c));
        else if (df)
            MEASURE(result = o->reseed(ctx.drbg, x, a, y, b));
        else
            MEASURE(result = o->reseed_nodf(ctx.drbg, x, a, y, b));
    } else if (op == OP_DRBG_GENERATE) {
        out_len = read_length();
        const uint16_t add_len = read_length();
        /* The additional input goes right after the output region. */
        uint8_t *add = buffer + out_len;
        if ((uint32_t)out_len + add_len > SERVER_MAX_PIECE)
            sim_exit(2);
        sim_read(add, add_len);
        memset(buffer, DRBG_FILL, out_len);
        MEASURE(result = o->generate(ctx.drbg, buffer, out_len, add, add_len));
    } else {
        uint32_t interval = read_u16();
        interval |= (uint32_t)read_u16() << 16;
        MEASURE(result = o->set_reseed_interval(ctx.drbg, interval));
    }
    reply_code(cycles, stack, result, buffer, out_len);
}
#endif

int main(void)
{
    send_banner(TEST_CIPHER_IDS);
    for (;;) {
#if SERVES_CIPHERS || SERVES_ASCON_AEAD
        uint8_t key[SERVES_ASCON_AEAD && TEST_SERVED_MAX_KEY < LWC_ASCON_AEAD128_KEY_BYTES ? LWC_ASCON_AEAD128_KEY_BYTES
                                                                                           : TEST_SERVED_MAX_KEY];
#endif
        const uint8_t op = sim_getc();
        if (op == OP_QUIT)
            sim_exit(0);
#if SERVES_ASCON_AEAD
        if (op == OP_ASCON_AEAD) {
            test_aead a; /* (in flash on AVR: RAM is short beside LEA-256's CCM) */
            test_ascon_aead128_row(&a);
            sim_read(key, LWC_ASCON_AEAD128_KEY_BYTES);
            serve_aead(&a, key);
            continue;
        }
#endif
#if SERVES_ASCON_HASH
        if (op == OP_ASCON_HASH) {
            serve_ascon_hash();
            continue;
        }
#endif
#if SERVE_RECORDS
        if (op == OP_SEAL) {
            serve_seal();
            continue;
        }
#endif
        const uint8_t index = sim_getc();
#if SERVES_DRBGS
        if (op == OP_DRBG_INSTANTIATE || op == OP_DRBG_RESEED || op == OP_DRBG_GENERATE ||
            op == OP_DRBG_INTERVAL || op == OP_DRBG_SIZE) {
            const test_drbg *d = test_drbg_at(index);
            if (!d)
                sim_exit(3);
            const uint8_t plain = sim_getc();
            if (op == OP_DRBG_SIZE) {
                const uint8_t size[2] = {(uint8_t)d->state_size, (uint8_t)(d->state_size >> 8)};
                reply(0, 0, size, sizeof size);
                continue;
            }
            serve_drbg(op, plain ? &d->plain : &d->fast);
            continue;
        }
#endif
#if SERVES_CIPHERS
        const test_cipher *c = test_cipher_at(index);
        if (!c)
            sim_exit(3);
        c = served_cipher(c);
        if (op == OP_SIZES) {
            const uint8_t sizes[4] = {(uint8_t)c->key_size, (uint8_t)(c->key_size >> 8), (uint8_t)c->ctr_size,
                                      (uint8_t)(c->ctr_size >> 8)};
            reply(0, 0, sizes, sizeof sizes);
            continue;
        }
#if SERVES_MODES
        if (op == OP_MODE_SIZES) {
            test_mode_cipher m;
            if (test_mode_cipher_row(index, &m))
                sim_exit(3);
            const uint16_t k[3] = {m.cmac_key_size, m.aead[TEST_EAX].key_size, m.aead[TEST_CCM].key_size};
            const uint8_t sizes[6] = {(uint8_t)k[0], (uint8_t)(k[0] >> 8), (uint8_t)k[1], (uint8_t)(k[1] >> 8),
                                      (uint8_t)k[2], (uint8_t)(k[2] >> 8)};
            reply(0, 0, sizes, sizeof sizes);
            continue;
        }
#endif
        sim_read(key, c->key_bytes);
#if SERVES_BLOCKS
        if (op == OP_BLOCKS_ENC || op == OP_BLOCKS_DEC)
            serve_blocks(c, key, op == OP_BLOCKS_DEC);
        else if (op == OP_CTR)
            serve_ctr(c, key);
        else if (op == OP_RECORDS)
            serve_records(c, key);
        else
#endif
#if SERVES_MODES
        if (op == OP_CMAC || op == OP_AEAD) {
            test_mode_cipher m;
            if (test_mode_cipher_row(index, &m))
                sim_exit(3);
            if (op == OP_CMAC) {
                serve_cmac(&m, key);
                continue;
            }
            const uint8_t mode = sim_getc();
            if (mode >= TEST_AEAD_MODES || !m.aead[mode].setkey)
                sim_exit(3);
            serve_aead(&m.aead[mode], key);
        } else
#endif
            sim_exit(4);
#else
        (void)index;
        sim_exit(4);
#endif
    }
}
