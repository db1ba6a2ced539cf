/*
 * A gateway decrypting the records its sensor nodes send: each node encrypts a reading
 * with LEA-128 in CTR mode under the shared key and a fresh IV, and sends IV || ciphertext.
 *
 * Build against an installed lwc:
 *   cc gateway.c $(pkg-config --cflags --libs lwc) -o gateway
 * Run: ./gateway KEY_HEX < records.txt, one record per line as hex "IV CIPHERTEXT";
 * prints each plaintext as hex. The key schedule is computed once; each record only
 * restarts the keystream at its own IV.
 */
#include <stdio.h>
#include <string.h>

#include <lwc.h>

/* Decodes up to max bytes of hex from s; returns the count, or -1 on a bad digit. */
static int from_hex(uint8_t *out, size_t max, const char *s)
{
    size_t n = 0;
    unsigned v;
    for (; *s && *s != '\n'; s += 2) {
        if (n == max || sscanf(s, "%2x", &v) != 1 || !s[1])
            return -1;
        out[n++] = (uint8_t)v;
    }
    return (int)n;
}

int main(int argc, char **argv)
{
    uint8_t key[LWC_LEA128_KEY_BYTES], iv[LWC_LEA128_BLOCK_BYTES], data[256];
    char line[1024];
    if (argc != 2 || from_hex(key, sizeof key, argv[1]) != (int)sizeof key) {
        fprintf(stderr, "usage: %s KEY_HEX (%d bytes) < records\n", argv[0], LWC_LEA128_KEY_BYTES);
        return 2;
    }
    static const uint8_t unused_iv[LWC_LEA128_BLOCK_BYTES];
    lwc_lea128_ctr ctx;
    lwc_lea128_ctr_init(&ctx, key, unused_iv); /* the key schedule; every record sets its IV */
    lwc_wipe(key, sizeof key);
    int status = 0;
    while (fgets(line, sizeof line, stdin)) {
        char *space = strchr(line, ' ');
        int n;
        if (!space || (*space = 0, from_hex(iv, sizeof iv, line)) != (int)sizeof iv ||
            (n = from_hex(data, sizeof data, space + 1)) < 0) {
            fprintf(stderr, "bad record: %s\n", line);
            status = 1;
            continue;
        }
        lwc_lea128_ctr_setiv(&ctx, iv);
        lwc_lea128_ctr_crypt(&ctx, data, data, (size_t)n);
        for (int i = 0; i < n; i++)
            printf("%02x", data[i]);
        printf("\n");
    }
    lwc_wipe(&ctx, sizeof ctx);
    lwc_wipe(data, sizeof data);
    return status;
}
