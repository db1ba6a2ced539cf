/*
 * Records encrypted by the library on a simulated MCU, for the gateway's end-to-end test
 * (tests/python/test_mcu.py). Reads lines "CIPHER KEY IV PLAINTEXT" (hex; plaintext up to
 * SERVER_MAX_PIECE bytes, "-" for none) on stdin; the firmware encrypts each as one record
 * (ctr_init with KEY and IV, then one ctr_crypt, as a sensor node would) and the
 * ciphertext is printed as hex, one line per input line ("-" for none, "error: ..." when
 * the line cannot be served). The firmware is the test firmware, unchanged.
 * Usage: mcu_encrypt [--mcu MCU] SIMULATOR FIRMWARE VARIANT (sim_options.h); exits 0 when
 * the firmware exited cleanly.
 */
#include <stdio.h>
#include <string.h>

#include "../common/vectors.h"
#include "protocol.h"
#include "sim_options.h"
#include "sim_session.h"

/* Decodes a hex field ("-": empty); returns its length or -1. */
static int field(uint8_t *out, size_t max, const char *hex)
{
    return strcmp(hex, "-") == 0 ? 0 : hex_decode(out, max, hex);
}

int main(int argc, char **argv)
{
    sim_options opt;
    if (sim_options_parse(&opt, argc, argv))
        return 2;
    sim_session *s = sim_session_open(opt.simulator, opt.mcu, opt.firmware);
    if (!s)
        return 1;
    static char line[4 * SERVER_MAX_PIECE + 256], name[32], key_hex[128], iv_hex[64], pt_hex[2 * SERVER_MAX_PIECE + 2];
    static uint8_t pt[SERVER_MAX_PIECE], ct[SERVER_MAX_PIECE];
    int status = 0;
    while (fgets(line, sizeof line, stdin)) {
        uint8_t key[TEST_MAX_KEY], iv[TEST_MAX_BLOCK];
        const test_cipher *c = NULL;
        int len = -1;
        if (sscanf(line, "%31s %127s %63s %2049s", name, key_hex, iv_hex, pt_hex) == 4 &&
            (c = test_cipher_find(name)) != NULL && field(key, sizeof key, key_hex) == c->key_bytes &&
            field(iv, sizeof iv, iv_hex) == c->block_bytes)
            len = field(pt, sizeof pt, pt_hex);
        if (len < 0 || !sim_options_selects(&opt, c)) {
            printf("error: cannot serve: %s", line);
            status = 1;
            continue;
        }
        const size_t piece = (size_t)len;
        if (sim_ctr(s, c, key, iv, ct, pt, &piece, 1, NULL, NULL) != 0) {
            printf("error: the firmware did not complete\n");
            status = 1;
            break;
        }
        if (len == 0)
            printf("-");
        for (int i = 0; i < len; i++)
            printf("%02x", ct[i]);
        printf("\n");
        fflush(stdout);
    }
    if (sim_session_close(s) != 0) {
        fprintf(stderr, "mcu_encrypt: the firmware did not exit cleanly\n");
        status = 1;
    }
    return status;
}
