/*
 * The fixed-key CHAM-64/128 CTR routine (tools/gen/gen_cham_fixed_key.py) on the
 * simulated MCU against the host's reference CTR with the same key and IV.
 * Usage: test_fixed_key AVRSIM FIRMWARE KEY_HEX IV_HEX
 *   FIRMWARE: lwc_server built with -DLWC_SERVER_CHAM64_FIXED and the routine generated
 *   for KEY_HEX and IV_HEX (the Makefile builds both from the same values).
 * Random messages with random splits up to the whole window, the window's end (a request
 * past it must fail and leave the data untouched, the stream usable), and identical
 * cycles for the same splits over different data.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/rng.h"
#include "sim_session.h"
#include "protocol.h"

#define MESSAGES 2000
#define MAX_PIECES 64

static uint8_t key[16], iv[8];
static const test_cipher *cham;

static int parse_hex(const char *text, uint8_t *out, size_t n)
{
    if (strlen(text) != 2 * n)
        return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(text + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

/* The reference keystream XOR over len bytes from the stream's start. */
static void reference(uint8_t *out, const uint8_t *in, size_t len)
{
    static uint8_t ctx[256];
    cham->ctr_init(ctx, key, iv);
    cham->ctr_crypt(ctx, out, in, len);
}

/* Splits len into n random pieces (0-length pieces included) of at most SERVER_MAX_PIECE. */
static size_t random_pieces(size_t len, size_t *pieces)
{
    size_t n = 0;
    while (len && n < MAX_PIECES - 1) {
        size_t p = rng_below(len < SERVER_MAX_PIECE ? (uint32_t)len + 1 : SERVER_MAX_PIECE + 1);
        pieces[n++] = p;
        len -= p;
    }
    while (len) {
        pieces[n] = len < SERVER_MAX_PIECE ? len : SERVER_MAX_PIECE;
        len -= pieces[n++];
    }
    return n;
}

int main(int argc, char **argv)
{
    if (argc != 5 || parse_hex(argv[3], key, sizeof key) || parse_hex(argv[4], iv, sizeof iv)) {
        fprintf(stderr, "usage: %s AVRSIM FIRMWARE KEY_HEX IV_HEX\n", argv[0]);
        return 2;
    }
    for (unsigned i = 0; i < test_cipher_count; i++)
        if (strcmp(test_ciphers[i].name, "cham64_128") == 0)
            cham = &test_ciphers[i];
    rng_seed(rng_seed_from_env(0xf1dedc7));
    const size_t window = 8 * (65536 - (size_t)(iv[6] << 8 | iv[7]));
    const size_t max_len = window < 4096 ? window : 4096;
    static uint8_t in[4096 + 2 * SERVER_MAX_PIECE], mcu[sizeof in], host[sizeof in];
    size_t pieces[MAX_PIECES + 2];
    static op_cost costs[MAX_PIECES + 2], costs2[MAX_PIECES + 2];
    op_cost init;
    sim_session *s = sim_session_open(argv[1], "atmega128", argv[2]);
    if (!s)
        return 1;

    /* Random messages and splits; every 8th one is the longest (the window, if short). */
    for (int m = 0; m < MESSAGES; m++) {
        const size_t len = m % 8 == 7 ? max_len : rng_below((uint32_t)max_len + 1);
        const size_t n = random_pieces(len, pieces);
        rng_fill(in, len);
        if (!check(sim_ctr(s, cham, key, iv, mcu, in, pieces, n, &init, costs) == 0, "message %d: run", m))
            break;
        reference(host, in, len);
        if (!check(memcmp(mcu, host, len) == 0, "message %d: %zu bytes in %zu pieces", m, len, n))
            print_hex("iv", iv, sizeof iv);
        /* The same split over other data: the same cycles, piece by piece. */
        if (m % 50 == 0) {
            rng_fill(in, len);
            int same = sim_ctr(s, cham, key, iv, mcu, in, pieces, n, &init, costs2) == 0;
            for (size_t p = 0; p < n && same; p++)
                same = costs[p].cycles == costs2[p].cycles;
            check(same, "message %d: cycles depend on the data", m);
        }
    }

    /* The window's end, if within reach: a piece past it fails untouched, then the rest
     * of the window still comes out right. */
    if (window <= 4096) {
        for (int t = 0; t < 50; t++) {
            const size_t back = rng_below((window < 1000 ? (uint32_t)window : 1000) + 1);
            const size_t head = window - back, over = back + 1 + rng_below(8), total = window + over;
            size_t n = 0;
            for (size_t left = head; left; left -= pieces[n++])
                pieces[n] = left < SERVER_MAX_PIECE ? left : SERVER_MAX_PIECE;
            pieces[n++] = over;
            pieces[n++] = back;
            rng_fill(in, total);
            if (!check(sim_ctr(s, cham, key, iv, mcu, in, pieces, n, &init, costs) == 0, "window %d: run", t))
                break;
            /* Expected: head and the rest as one stream, the over piece unchanged. */
            uint8_t stream[4096];
            memcpy(stream, in, head);
            memcpy(stream + head, in + head + over, back);
            reference(stream, stream, window);
            memcpy(host, stream, head);
            memcpy(host + head, in + head, over);
            memcpy(host + head + over, stream + head, back);
            check(memcmp(mcu, host, total) == 0, "window %d: head %zu, over %zu", t, head, over);
        }
    }
    sim_session_close(s);
    printf("cham64_128 fixed key (iv ");
    for (size_t i = 0; i < sizeof iv; i++)
        printf("%02x", iv[i]);
    printf("): %d messages against the reference\n", MESSAGES);
    return check_summary();
}
