/*
 * The Arduino examples (examples/), built with the Arduino AVR core for one board, run on
 * the simulated MCU (tools/avrsim: Serial is UART 0, captured; analogRead gets values
 * this program chooses), and what they print is checked here against the C reference
 * on the host. The sketches compute; they never judge.
 *   SensorRecord: every record's reading is the ADC value fed, its IV the boot counter,
 *     the record number and 8 zero bytes, and its ciphertext LEA-128 CTR of the reading
 *     under the sketch's key.
 *   AuthenticatedRecord: every record decrypts and authenticates on the host (LEA-128 EAX,
 *     the sketch's key; nonce: its header of node id, boot counter and record number;
 *     associated data: the channel byte) to the ADC value fed; with any bit of it flipped,
 *     the host rejects it.
 *   RandomKey: the keys are the AES-128 CTR_DRBG's output after instantiating it with the
 *     sketch's seed (entropy: low bytes of the first 64 readings; nonce: the next 16;
 *     personalization "RandomKey").
 * Usage: test_examples AVRSIM MCU BUILD_DIR   (BUILD_DIR/<Example>/<Example>.ino.elf)
 * Last line "N passed, M failed".
 */
#define _POSIX_C_SOURCE 200809L /* popen, mkstemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lwc.h"
#include "../common/check.h"
#include "../common/rng.h"
#include "../common/vectors.h"

/* Simulated time per run: 100e6 cycles at 16 MHz = 6.25 s, which covers 4 records or
 * keys two seconds apart. */
#define RUN_CYCLES "100000000"
#define MIN_LINES 3
#define ADC_VALUES 256
#define MAX_LINES 16

/* The sketches' own constants. */
static const uint8_t sensor_key[LWC_LEA128_KEY_BYTES] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                                          0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
static const char personalization[] = "RandomKey";
#define ENTROPY_READINGS 64
#define NONCE_READINGS 16

static unsigned adc[ADC_VALUES];
static char adc_file[] = "/tmp/lwc-adc-XXXXXX";

/* Runs an example; its Serial lines (without line ends) go to lines; returns their number. */
static int run_example(const char *avrsim, const char *mcu, const char *build, const char *name,
                       char lines[][256])
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s --quiet --mcu %s --uart --adc %s --stop-after " RUN_CYCLES " %s/%s/%s.ino.elf",
             avrsim, mcu, adc_file, build, name, name);
    FILE *out = popen(cmd, "r");
    int n = 0;
    if (!out)
        return -1;
    while (n < MAX_LINES && fgets(lines[n], 256, out)) {
        lines[n][strcspn(lines[n], "\r\n")] = 0;
        n++;
    }
    const int status = pclose(out);
    if (!check(status == 0, "%s: the simulated run failed (%s, status %d)", name, cmd, status))
        return -1;
    return n;
}

static void check_sensor_record(char lines[][256], int n)
{
    uint8_t first_boot[4] = {0};
    int records = 0;
    for (int i = 1; i < n; i++) {
        unsigned reading;
        char hex[128];
        uint8_t record[64], plaintext[2], want[2];
        if (!check(sscanf(lines[i], "reading %u -> record %127s", &reading, hex) == 2,
                   "SensorRecord: line %d is not a record: '%s'", i + 1, lines[i]))
            return;
        const int len = hex_decode(record, sizeof record, hex);
        if (!check(len == LWC_LEA128_BLOCK_BYTES + 2, "SensorRecord: record %d has %d bytes, want 18", records + 1,
                   len))
            return;
        check(reading == adc[records], "SensorRecord: record %d: reading %u, but the ADC read %u", records + 1,
              reading, adc[records]);
        /* The IV: the same boot counter, the record number, 8 zero bytes. */
        const uint8_t number[4] = {(uint8_t)((records + 1) >> 24), (uint8_t)((records + 1) >> 16),
                                   (uint8_t)((records + 1) >> 8), (uint8_t)(records + 1)};
        static const uint8_t zero[8];
        if (records == 0)
            memcpy(first_boot, record, 4);
        check(memcmp(record, first_boot, 4) == 0 && memcmp(record + 4, number, 4) == 0 &&
                  memcmp(record + 8, zero, 8) == 0,
              "SensorRecord: record %d: unexpected IV", records + 1);
        /* The ciphertext: LEA-128 CTR of the reading, low byte first, on the host. */
        plaintext[0] = (uint8_t)reading;
        plaintext[1] = (uint8_t)(reading >> 8);
        lwc_lea128_ctr ctr;
        lwc_lea128_ctr_init(&ctr, sensor_key, record);
        lwc_lea128_ctr_crypt(&ctr, want, plaintext, sizeof want);
        if (!check(memcmp(record + LWC_LEA128_BLOCK_BYTES, want, sizeof want) == 0,
                   "SensorRecord: record %d: the ciphertext differs from the C reference", records + 1)) {
            print_hex("board", record + LWC_LEA128_BLOCK_BYTES, sizeof want);
            print_hex("host ", want, sizeof want);
        }
        records++;
    }
    check(records >= MIN_LINES, "SensorRecord: %d records, want at least %d", records, MIN_LINES);
    printf("SensorRecord: %d records checked\n", records);
}

/* AuthenticatedRecord's layout: header (node id, boot counter, record number), channel,
 * the encrypted reading, the tag. */
#define AUTH_HEADER 10
#define AUTH_RECORD (AUTH_HEADER + 1 + 2 + 8)

static void check_authenticated_record(char lines[][256], int n)
{
    lwc_lea128_eax_key k;
    lwc_lea128_eax_setkey(&k, sensor_key);
    int records = 0;
    for (int i = 1; i < n; i++) {
        unsigned reading;
        char hex[128];
        uint8_t record[64], plaintext[2];
        if (!check(sscanf(lines[i], "reading %u -> record %127s", &reading, hex) == 2,
                   "AuthenticatedRecord: line %d is not a record: '%s'", i + 1, lines[i]))
            break;
        if (!check(hex_decode(record, sizeof record, hex) == AUTH_RECORD,
                   "AuthenticatedRecord: record %d is not %d bytes", records + 1, AUTH_RECORD))
            break;
        const uint8_t *ad = record + AUTH_HEADER, *ct = ad + 1, *tag = ct + 2;
        const int r = lwc_lea128_eax_decrypt(&k, plaintext, tag, 8, record, AUTH_HEADER, ad, 1, ct, 2);
        check(r == 0 && (unsigned)(plaintext[0] | plaintext[1] << 8) == adc[records] && reading == adc[records] &&
                  record[0] == 0x00 && record[1] == 0x17 && record[9] == records + 1 && *ad == 0,
              "AuthenticatedRecord: record %d does not authenticate to the ADC value %u (%d)", records + 1,
              adc[records], r);
        int accepted = 0;
        for (int bit = 0; bit < 8 * AUTH_RECORD; bit++) {
            record[bit / 8] ^= (uint8_t)(1 << bit % 8);
            accepted += lwc_lea128_eax_decrypt(&k, plaintext, tag, 8, record, AUTH_HEADER, ad, 1, ct, 2) != LWC_E_AUTH;
            record[bit / 8] ^= (uint8_t)(1 << bit % 8);
        }
        check(accepted == 0, "AuthenticatedRecord: record %d: %d of its %d bit flips accepted", records + 1, accepted,
              8 * AUTH_RECORD);
        records++;
    }
    lwc_wipe(&k, sizeof k);
    check(records >= MIN_LINES, "AuthenticatedRecord: %d records, want at least %d", records, MIN_LINES);
    printf("AuthenticatedRecord: %d records checked\n", records);
}

static void check_random_key(char lines[][256], int n)
{
    uint8_t entropy[ENTROPY_READINGS], nonce[NONCE_READINGS];
    for (int i = 0; i < ENTROPY_READINGS; i++)
        entropy[i] = (uint8_t)adc[i];
    for (int i = 0; i < NONCE_READINGS; i++)
        nonce[i] = (uint8_t)adc[ENTROPY_READINGS + i];
    lwc_aes128_drbg drbg = {0};
    if (!check(lwc_aes128_drbg_instantiate(&drbg, entropy, sizeof entropy, nonce, sizeof nonce,
                                           (const uint8_t *)personalization, sizeof personalization - 1) == 0,
               "RandomKey: the host could not instantiate"))
        return;
    int keys = 0;
    for (int i = 1; i < n; i++) {
        unsigned number;
        char hex[128];
        uint8_t key[32], want[16];
        if (!check(sscanf(lines[i], "key %u: %127s", &number, hex) == 2 && number == (unsigned)keys + 1,
                   "RandomKey: line %d is not key %d: '%s'", i + 1, keys + 1, lines[i]))
            return;
        lwc_aes128_drbg_generate(&drbg, want, sizeof want, NULL, 0);
        if (!check(hex_decode(key, sizeof key, hex) == sizeof want && memcmp(key, want, sizeof want) == 0,
                   "RandomKey: key %d differs from the C reference's CTR_DRBG output", keys + 1)) {
            printf("  board %s\n", hex);
            print_hex("host ", want, sizeof want);
        }
        keys++;
    }
    lwc_aes128_drbg_wipe(&drbg);
    check(keys >= MIN_LINES, "RandomKey: %d keys, want at least %d", keys, MIN_LINES);
    printf("RandomKey: %d keys checked\n", keys);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s AVRSIM MCU BUILD_DIR\n", argv[0]);
        return 2;
    }
    const uint64_t seed = rng_seed_from_env(0xa4d1c0);
    printf("Arduino examples on simulated %s (%s), seed 0x%llx\n", argv[2], argv[3], (unsigned long long)seed);
    const int fd = mkstemp(adc_file);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (!f) {
        perror("adc file");
        return 2;
    }
    for (int i = 0; i < ADC_VALUES; i++) {
        adc[i] = rng_below(1024);
        fprintf(f, "%u\n", adc[i]);
    }
    fclose(f);

    static const struct {
        const char *name, *banner;
        void (*check)(char lines[][256], int n);
    } examples[] = {
        {"SensorRecord", "SensorRecord: LEA-128 CTR records", check_sensor_record},
        {"RandomKey", "RandomKey: AES-128 CTR_DRBG seeded from A0", check_random_key},
        {"AuthenticatedRecord", "AuthenticatedRecord: LEA-128 EAX records", check_authenticated_record},
    };
    for (size_t e = 0; e < sizeof examples / sizeof examples[0]; e++) {
        char lines[MAX_LINES][256];
        const int n = run_example(argv[1], argv[2], argv[3], examples[e].name, lines);
        if (n < 0)
            continue;
        if (check(n > 0 && strncmp(lines[0], examples[e].banner, strlen(examples[e].banner)) == 0,
                  "%s: no banner line", examples[e].name))
            examples[e].check(lines, n);
    }
    unlink(adc_file);
    return check_summary();
}
