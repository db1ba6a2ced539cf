#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sim_session.h"
#include "protocol.h"

/* What a DRBG backend's state points at: the session and the path. */
typedef struct {
    sim_session *session;
    int plain;
} drbg_view;

struct sim_session {
    pid_t pid;
    FILE *to_fw;   /* firmware stdin */
    FILE *from_fw; /* firmware stdout */
    int broken;
    size_t max_piece; /* the firmware's SERVER_MAX_PIECE (its banner) */
    drbg_view views[2];
};

sim_session *sim_session_open(const char *sim, const char *mcu, const char *firmware)
{
    int in_pipe[2], out_pipe[2];
    if (pipe(in_pipe) || pipe(out_pipe)) {
        perror("pipe");
        return NULL;
    }
    signal(SIGPIPE, SIG_IGN);
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return NULL;
    }
    if (pid == 0) {
        dup2(in_pipe[0], 0);
        dup2(out_pipe[1], 1);
        close(in_pipe[0]);
        close(in_pipe[1]);
        close(out_pipe[0]);
        close(out_pipe[1]);
        execl(sim, sim, "--mcu", mcu, "--quiet", firmware, (char *)NULL);
        perror(sim);
        _exit(127);
    }
    close(in_pipe[0]);
    close(out_pipe[1]);
    sim_session *s = calloc(1, sizeof *s);
    s->pid = pid;
    s->views[0] = (drbg_view){s, 0};
    s->views[1] = (drbg_view){s, 1};
    s->to_fw = fdopen(in_pipe[1], "w");
    s->from_fw = fdopen(out_pipe[0], "r");
    char banner[sizeof SERVER_BANNER];
    uint8_t sizes[3];
    if (fread(banner, 1, sizeof banner - 1, s->from_fw) != sizeof banner - 1 ||
        memcmp(banner, SERVER_BANNER, sizeof banner - 1) != 0 ||
        fread(sizes, 1, sizeof sizes, s->from_fw) != sizeof sizes || sizes[0] != test_cipher_count) {
        fprintf(stderr, "avr: %s did not answer with the expected banner and cipher table\n", firmware);
        sim_session_close(s);
        return NULL;
    }
    s->max_piece = (size_t)(sizes[1] | sizes[2] << 8);
    if (s->max_piece > SERVER_MAX_PIECE) {
        fprintf(stderr, "avr: %s has a buffer of %zu bytes, more than the host's %d\n", firmware, s->max_piece,
                SERVER_MAX_PIECE);
        sim_session_close(s);
        return NULL;
    }
    return s;
}

int sim_session_close(sim_session *s)
{
    int status = 0;
    fputc(OP_QUIT, s->to_fw);
    fclose(s->to_fw);
    fclose(s->from_fw);
    waitpid(s->pid, &status, 0);
    free(s);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static void put_u16(sim_session *s, size_t v)
{
    fputc((int)(v & 0xff), s->to_fw);
    fputc((int)(v >> 8 & 0xff), s->to_fw);
}

static void put_u32(sim_session *s, uint32_t v)
{
    put_u16(s, v & 0xffff);
    put_u16(s, v >> 16);
}

static int fail(sim_session *s, const char *what)
{
    if (!s->broken)
        fprintf(stderr, "avr: protocol failure (%s): the firmware or runner stopped\n", what);
    s->broken = 1;
    return -1;
}

/* Reads one result record with n data bytes into data. */
static int get_result(sim_session *s, op_cost *cost, uint8_t *data, size_t n)
{
    uint8_t head[7];
    if (fflush(s->to_fw) || fread(head, 1, sizeof head, s->from_fw) != sizeof head ||
        head[0] != RESULT_MARK || (n && fread(data, 1, n, s->from_fw) != n))
        return fail(s, "reading a result");
    if (cost) {
        cost->cycles = (uint32_t)head[1] | (uint32_t)head[2] << 8 | (uint32_t)head[3] << 16 |
                       (uint32_t)head[4] << 24;
        cost->stack = (uint16_t)(head[5] | head[6] << 8);
    }
    return 0;
}

static int request(sim_session *s, char op, const test_cipher *c, const uint8_t *key)
{
    if (s->broken)
        return -1;
    const long index = c - test_ciphers;
    fputc(op, s->to_fw);
    fputc((int)index, s->to_fw);
    fwrite(key, 1, c->key_bytes, s->to_fw);
    return 0;
}

int sim_sizes(sim_session *s, const test_cipher *c, uint16_t *key_size, uint16_t *ctr_size)
{
    uint8_t sizes[4];
    if (s->broken)
        return -1;
    fputc(OP_SIZES, s->to_fw);
    fputc((int)(c - test_ciphers), s->to_fw);
    if (get_result(s, NULL, sizes, sizeof sizes))
        return -1;
    *key_size = (uint16_t)(sizes[0] | sizes[1] << 8);
    *ctr_size = (uint16_t)(sizes[2] | sizes[3] << 8);
    return 0;
}

int sim_mode_sizes(sim_session *s, const test_mode_cipher *m, uint16_t sizes[3])
{
    uint8_t data[6];
    if (s->broken)
        return -1;
    fputc(OP_MODE_SIZES, s->to_fw);
    fputc(m->index, s->to_fw);
    if (get_result(s, NULL, data, sizeof data))
        return -1;
    for (int i = 0; i < 3; i++)
        sizes[i] = (uint16_t)(data[2 * i] | data[2 * i + 1] << 8);
    return 0;
}

int sim_blocks(sim_session *s, const test_cipher *c, int decrypt, const uint8_t *key,
               uint8_t *out, const uint8_t *in, size_t n, op_cost *setkey_cost, op_cost *block_costs)
{
    if (request(s, decrypt ? OP_BLOCKS_DEC : OP_BLOCKS_ENC, c, key) || n > 0xffff)
        return -1;
    put_u16(s, n);
    if (get_result(s, setkey_cost, NULL, 0))
        return -1;
    for (size_t i = 0; i < n; i++) {
        fwrite(in + i * c->block_bytes, 1, c->block_bytes, s->to_fw);
        if (get_result(s, block_costs ? &block_costs[i] : NULL, out + i * c->block_bytes, c->block_bytes))
            return -1;
    }
    return 0;
}

/* OP_CTR (ivs NULL) or OP_RECORDS: ctr_init, then per piece [ctr_setiv to ivs + p * block
 * bytes] and ctr_crypt of pieces[p] bytes. */
static int ctr_session(sim_session *s, const test_cipher *c, const uint8_t *key, const uint8_t *iv,
                       const uint8_t *ivs, uint8_t *out, const uint8_t *in, const size_t *pieces, size_t npieces,
                       op_cost *init_cost, op_cost *setiv_costs, op_cost *piece_costs)
{
    if (request(s, ivs ? OP_RECORDS : OP_CTR, c, key) || npieces > 0xffff)
        return -1;
    fwrite(iv, 1, c->block_bytes, s->to_fw);
    put_u16(s, npieces);
    if (get_result(s, init_cost, NULL, 0))
        return -1;
    for (size_t p = 0, off = 0; p < npieces; off += pieces[p++]) {
        if (pieces[p] > s->max_piece) {
            fprintf(stderr, "avr: CTR piece of %zu bytes exceeds the firmware buffer\n", pieces[p]);
            return -1;
        }
        if (ivs)
            fwrite(ivs + p * c->block_bytes, 1, c->block_bytes, s->to_fw);
        put_u16(s, pieces[p]);
        fwrite(in + off, 1, pieces[p], s->to_fw);
        if ((ivs && get_result(s, setiv_costs ? &setiv_costs[p] : NULL, NULL, 0)) ||
            get_result(s, piece_costs ? &piece_costs[p] : NULL, out + off, pieces[p]))
            return -1;
    }
    return 0;
}

int sim_ctr(sim_session *s, const test_cipher *c, const uint8_t *key, const uint8_t *iv,
            uint8_t *out, const uint8_t *in, const size_t *pieces, size_t npieces,
            op_cost *init_cost, op_cost *piece_costs)
{
    return ctr_session(s, c, key, iv, NULL, out, in, pieces, npieces, init_cost, NULL, piece_costs);
}

int sim_records(sim_session *s, const test_cipher *c, const uint8_t *key, const uint8_t *iv, const uint8_t *ivs,
                const size_t *lens, size_t nrecords, uint8_t *out, const uint8_t *in, op_cost *init_cost,
                op_cost *setiv_costs, op_cost *crypt_costs)
{
    return ctr_session(s, c, key, iv, ivs, out, in, lens, nrecords, init_cost, setiv_costs, crypt_costs);
}

int sim_cmac(sim_session *s, const test_mode_cipher *m, const uint8_t *key, uint8_t *tag, size_t tag_len,
             const uint8_t *in, size_t len, size_t chunk, op_cost *setkey_cost, op_cost *cost)
{
    uint8_t data[1 + TEST_MAX_BLOCK + 1];
    op_cost step = {0, 0}, total = {0, 0};
    if (len > s->max_piece || tag_len > TEST_MAX_BLOCK + 1 || chunk > 0xffff ||
        request(s, OP_CMAC, &test_ciphers[m - test_mode_ciphers], key))
        return MODE_TRANSPORT_ERROR;
    fputc((int)tag_len, s->to_fw);
    put_u16(s, chunk);
    put_u16(s, len);
    fwrite(in, 1, len, s->to_fw);
    if (get_result(s, setkey_cost, NULL, 0))
        return MODE_TRANSPORT_ERROR;
    /* init and the updates when streaming, then cmac or final with the code and tag */
    const size_t calls = chunk ? 1 + (len + chunk - 1) / chunk : 0;
    for (size_t i = 0; i <= calls; i++) {
        if (get_result(s, &step, i == calls ? data : NULL, i == calls ? 1 + tag_len : 0))
            return MODE_TRANSPORT_ERROR;
        total.cycles += step.cycles;
        total.stack = step.stack > total.stack ? step.stack : total.stack;
    }
    if (cost)
        *cost = total;
    memcpy(tag, data + 1, tag_len);
    return (int8_t)data[0];
}

/* The calls of an OP_AEAD or OP_ASCON_AEAD series, after its request header. */
static int aead_series(sim_session *s, sim_aead_call *calls, size_t n, op_cost *setkey_cost)
{
    static uint8_t data[1 + SERVER_MAX_PIECE];
    put_u16(s, n);
    if (get_result(s, setkey_cost, NULL, 0))
        return -1;
    for (size_t i = 0; i < n; i++) {
        sim_aead_call *c = &calls[i];
        if (c->nonce_len + c->ad_len + c->len + c->tag_len > s->max_piece || c->tag_len > 0xff) {
            fprintf(stderr, "avr: a mode call of %zu bytes exceeds the firmware buffer\n",
                    c->nonce_len + c->ad_len + c->len + c->tag_len);
            return fail(s, "request too large");
        }
        fputc(c->decrypt ? 1 : 0, s->to_fw);
        fputc((int)c->tag_len, s->to_fw);
        put_u16(s, c->nonce_len);
        put_u16(s, c->ad_len);
        put_u16(s, c->len);
        fwrite(c->nonce, 1, c->nonce_len, s->to_fw);
        fwrite(c->ad, 1, c->ad_len, s->to_fw);
        fwrite(c->in, 1, c->len, s->to_fw);
        if (c->decrypt)
            fwrite(c->tag, 1, c->tag_len, s->to_fw);
        if (get_result(s, &c->cost, data, 1 + c->len + c->tag_len))
            return -1;
        c->result = (int8_t)data[0];
        memcpy(c->out, data + 1, c->len);
        if (!c->decrypt)
            memcpy(c->tag, data + 1 + c->len, c->tag_len);
    }
    return 0;
}

int sim_aead(sim_session *s, const test_mode_cipher *m, int mode, const uint8_t *key, sim_aead_call *calls, size_t n,
             op_cost *setkey_cost)
{
    if (n > 0xffff || request(s, OP_AEAD, &test_ciphers[m - test_mode_ciphers], key))
        return -1;
    fputc(mode, s->to_fw);
    return aead_series(s, calls, n, setkey_cost);
}

int sim_ascon_aead(sim_session *s, const uint8_t *key, sim_aead_call *calls, size_t n, op_cost *setkey_cost)
{
    if (n > 0xffff || s->broken)
        return -1;
    fputc(OP_ASCON_AEAD, s->to_fw);
    fwrite(key, 1, LWC_ASCON_AEAD128_KEY_BYTES, s->to_fw);
    return aead_series(s, calls, n, setkey_cost);
}

int sim_ascon_hash(sim_session *s, int kind, uint8_t *out, size_t out_len, const uint8_t *custom, size_t custom_len,
                   const uint8_t *in, size_t len, size_t chunk, op_cost *cost)
{
    static uint8_t data[1 + SERVER_MAX_PIECE];
    op_cost step = {0, 0}, total = {0, 0};
    if (s->broken || custom_len + len > s->max_piece || out_len > s->max_piece || chunk > 0xffff ||
        (kind == ASCON_HASH256 && out_len != LWC_ASCON_HASH256_BYTES))
        return ASCON_TRANSPORT_ERROR;
    fputc(OP_ASCON_HASH, s->to_fw);
    fputc(kind, s->to_fw);
    put_u16(s, chunk);
    put_u16(s, custom_len);
    put_u16(s, len);
    put_u16(s, out_len);
    fwrite(custom, 1, custom_len, s->to_fw);
    fwrite(in, 1, len, s->to_fw);
    /* The records: init and the updates (a code each) when streaming, then those with output:
     * the one-shot call's, final's, or a squeeze's of chunk bytes each. */
    const size_t steps = chunk ? 1 + (len + chunk - 1) / chunk : 0;
    const size_t outputs = !chunk || kind == ASCON_HASH256 ? 1 : (out_len + chunk - 1) / chunk;
    int result = 0;
    for (size_t i = 0, done = 0; i < steps + outputs; i++) {
        const size_t n = i < steps ? 0 : outputs == 1 ? out_len : out_len - done < chunk ? out_len - done : chunk;
        if (get_result(s, &step, data, 1 + n))
            return ASCON_TRANSPORT_ERROR;
        if (!result)
            result = (int8_t)data[0];
        memcpy(out + done, data + 1, n);
        done += n;
        total.cycles += step.cycles;
        total.stack = step.stack > total.stack ? step.stack : total.stack;
    }
    if (cost)
        *cost = total;
    return result;
}

static int ascon_backend_aead(const ascon_backend *b, int decrypt, const uint8_t *key, uint8_t *out, uint8_t *tag,
                              size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                              const uint8_t *in, size_t len)
{
    sim_aead_call call = {decrypt, nonce, ad, in, nonce_len, ad_len, len, tag_len, out, tag, 0, {0, 0}};
    return sim_ascon_aead(b->state, key, &call, 1, NULL) ? ASCON_TRANSPORT_ERROR : call.result;
}

static int ascon_backend_hash(const ascon_backend *b, int kind, uint8_t *out, size_t out_len, const uint8_t *custom,
                              size_t custom_len, const uint8_t *in, size_t len, size_t chunk)
{
    return sim_ascon_hash(b->state, kind, out, out_len, custom, custom_len, in, len, chunk, NULL);
}

ascon_backend sim_ascon_backend(sim_session *s, int aead, int hash)
{
    ascon_backend b = {"simulated MCU", s->max_piece, aead ? ascon_backend_aead : NULL, hash ? ascon_backend_hash : NULL,
                       s};
    return b;
}

int sim_seal(sim_session *s, const test_record_suite *t, const uint8_t *node_key, uint32_t node_id, uint8_t epoch,
             uint32_t boot, uint32_t count, sim_seal_call *calls, size_t n, int *init_result, uint16_t *sealer_size,
             op_cost *init_cost)
{
    static uint8_t data[1 + SERVER_MAX_PIECE];
    if (n > 0xffff || s->broken)
        return -1;
    fputc(OP_SEAL, s->to_fw);
    fputc(t->id, s->to_fw);
    fwrite(node_key, 1, LWC_RECORD_KEY_BYTES, s->to_fw);
    put_u32(s, node_id);
    fputc(epoch, s->to_fw);
    put_u32(s, boot);
    put_u32(s, count);
    put_u16(s, n);
    if (get_result(s, init_cost, data, 3))
        return -1;
    *init_result = (int8_t)data[0];
    if (sealer_size)
        *sealer_size = (uint16_t)(data[1] | data[2] << 8);
    for (size_t i = 0; i < n; i++) {
        sim_seal_call *c = &calls[i];
        const size_t record = c->len + LWC_RECORD_OVERHEAD_BYTES;
        if (record > s->max_piece || c->out_cap > s->max_piece) {
            fprintf(stderr, "avr: a record of %zu bytes exceeds the firmware buffer\n", record);
            return fail(s, "request too large");
        }
        put_u16(s, c->len);
        put_u16(s, c->out_cap);
        fwrite(c->payload, 1, c->len, s->to_fw);
        if (get_result(s, &c->cost, data, 1 + record))
            return -1;
        c->result = (int8_t)data[0];
        memcpy(c->out, data + 1, record);
    }
    return 0;
}

static int mode_backend_cmac(const mode_backend *b, const test_mode_cipher *m, const uint8_t *key, uint8_t *tag,
                             size_t tag_len, const uint8_t *in, size_t len, size_t chunk)
{
    return sim_cmac(b->state, m, key, tag, tag_len, in, len, chunk, NULL, NULL);
}

static int mode_backend_aead(const mode_backend *b, const test_mode_cipher *m, int mode, int decrypt,
                             const uint8_t *key, uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *nonce,
                             size_t nonce_len, const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len)
{
    sim_aead_call call = {decrypt, nonce, ad, in, nonce_len, ad_len, len, tag_len, out, tag, 0, {0, 0}};
    return sim_aead(b->state, m, mode, key, &call, 1, NULL) ? MODE_TRANSPORT_ERROR : call.result;
}

mode_backend sim_mode_backend(sim_session *s)
{
    mode_backend b = {"simulated MCU", s->max_piece, 1, mode_backend_cmac, mode_backend_aead, NULL, s};
    return b;
}

static int backend_ecb(const test_backend *b, const test_cipher *c, int decrypt,
                       const uint8_t *key, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    return sim_blocks(b->state, c, decrypt, key, out, in, nblocks, NULL, NULL);
}

/* Calls of `chunk` bytes (0: one call), each split further to fit the firmware's buffer
 * (any split gives the same output: the CTR contract). */
static int backend_ctr(const test_backend *b, const test_cipher *c, const uint8_t *key,
                       const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len, size_t chunk)
{
    const sim_session *s = b->state;
    size_t pieces[1024], n = 0;
    if (chunk == 0 || chunk > s->max_piece)
        chunk = s->max_piece;
    for (size_t off = 0; off < len; off += chunk) {
        if (n == sizeof pieces / sizeof pieces[0])
            return -1;
        pieces[n++] = len - off < chunk ? len - off : chunk;
    }
    return sim_ctr(b->state, c, key, iv, out, in, pieces, n, NULL, NULL);
}

test_backend sim_backend(sim_session *s)
{
    test_backend b = {"simulated MCU", backend_ecb, backend_ctr, s};
    return b;
}

/* Sends the DRBG request header; the caller adds the op's fields. */
static int drbg_request(sim_session *s, char op, unsigned index, int plain)
{
    if (s->broken || index >= test_drbg_count)
        return -1;
    fputc(op, s->to_fw);
    fputc((int)index, s->to_fw);
    fputc(plain ? 1 : 0, s->to_fw);
    return 0;
}

/* Reads a DRBG result record: the code byte, then out_len output bytes. */
static int drbg_result(sim_session *s, op_cost *cost, uint8_t *out, size_t out_len)
{
    uint8_t data[1 + SERVER_MAX_PIECE];
    if (get_result(s, cost, data, 1 + out_len))
        return DRBG_TRANSPORT_ERROR;
    if (out_len)
        memcpy(out, data + 1, out_len);
    return (int8_t)data[0];
}

static int too_long(const sim_session *s, size_t total)
{
    if (total <= s->max_piece)
        return 0;
    fprintf(stderr, "avr: DRBG request of %zu bytes exceeds the firmware buffer\n", total);
    return 1;
}

int sim_drbg_size(sim_session *s, unsigned index, uint16_t *size)
{
    uint8_t data[2];
    if (drbg_request(s, OP_DRBG_SIZE, index, 0) || get_result(s, NULL, data, sizeof data))
        return -1;
    *size = (uint16_t)(data[0] | data[1] << 8);
    return 0;
}

int sim_drbg_instantiate(sim_session *s, unsigned index, int plain, int df, const uint8_t *entropy,
                         size_t entropy_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,
                         size_t pers_len, op_cost *cost)
{
    if (too_long(s, entropy_len + nonce_len + pers_len) || drbg_request(s, OP_DRBG_INSTANTIATE, index, plain))
        return DRBG_TRANSPORT_ERROR;
    fputc(df ? 1 : 0, s->to_fw);
    put_u16(s, entropy_len);
    put_u16(s, nonce_len);
    put_u16(s, pers_len);
    fwrite(entropy, 1, entropy_len, s->to_fw);
    fwrite(nonce, 1, nonce_len, s->to_fw);
    fwrite(pers, 1, pers_len, s->to_fw);
    return drbg_result(s, cost, NULL, 0);
}

int sim_drbg_reseed(sim_session *s, unsigned index, int plain, int df, const uint8_t *entropy,
                    size_t entropy_len, const uint8_t *add, size_t add_len, op_cost *cost)
{
    if (too_long(s, entropy_len + add_len) || drbg_request(s, OP_DRBG_RESEED, index, plain))
        return DRBG_TRANSPORT_ERROR;
    fputc(df ? 1 : 0, s->to_fw);
    put_u16(s, entropy_len);
    put_u16(s, add_len);
    fwrite(entropy, 1, entropy_len, s->to_fw);
    fwrite(add, 1, add_len, s->to_fw);
    return drbg_result(s, cost, NULL, 0);
}

int sim_drbg_generate(sim_session *s, unsigned index, int plain, uint8_t *out, size_t out_len,
                      const uint8_t *add, size_t add_len, op_cost *cost)
{
    if (too_long(s, out_len + add_len) || drbg_request(s, OP_DRBG_GENERATE, index, plain))
        return DRBG_TRANSPORT_ERROR;
    put_u16(s, out_len);
    put_u16(s, add_len);
    fwrite(add, 1, add_len, s->to_fw);
    return drbg_result(s, cost, out, out_len);
}

static int view_instantiate(const drbg_backend *b, const test_drbg *d, int df, const uint8_t *e, size_t en,
                            const uint8_t *n, size_t nn, const uint8_t *p, size_t pn)
{
    const drbg_view *v = b->state;
    return sim_drbg_instantiate(v->session, (unsigned)(d - test_drbgs), v->plain, df, e, en, n, nn, p, pn, NULL);
}

static int view_reseed(const drbg_backend *b, const test_drbg *d, int df, const uint8_t *e, size_t en,
                       const uint8_t *a, size_t an)
{
    const drbg_view *v = b->state;
    return sim_drbg_reseed(v->session, (unsigned)(d - test_drbgs), v->plain, df, e, en, a, an, NULL);
}

static int view_generate(const drbg_backend *b, const test_drbg *d, uint8_t *o, size_t on, const uint8_t *a,
                         size_t an)
{
    const drbg_view *v = b->state;
    return sim_drbg_generate(v->session, (unsigned)(d - test_drbgs), v->plain, o, on, a, an, NULL);
}

static int view_interval(const drbg_backend *b, const test_drbg *d, uint64_t interval)
{
    const drbg_view *v = b->state;
    sim_session *s = v->session;
    if (interval > 0xffffffffu || drbg_request(s, OP_DRBG_INTERVAL, (unsigned)(d - test_drbgs), v->plain))
        return DRBG_TRANSPORT_ERROR;
    put_u16(s, interval & 0xffff);
    put_u16(s, interval >> 16);
    return drbg_result(s, NULL, NULL, 0);
}

drbg_backend sim_drbg_backend(sim_session *s, int plain)
{
    drbg_backend b = {plain ? "simulated MCU, plain" : "simulated MCU", view_instantiate, view_reseed, view_generate,
                      view_interval, &s->views[plain ? 1 : 0]};
    return b;
}

size_t sim_max_piece(const sim_session *s)
{
    return s->max_piece;
}
