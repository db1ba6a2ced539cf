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
 *   AsconRecord: the same with Ascon-AEAD128 (nonce: the header and 6 zero bytes).
 *   RandomKey: the keys are the AES-128 CTR_DRBG's output after instantiating it with the
 *     sketch's seed (entropy: low bytes of the first 64 readings; nonce: the next 16;
 *     personalization "RandomKey").
 *   SealedRecord: four power-ups, their EEPROM in a file (avrsim --eeprom), each record taken
 *     by a gateway built here on the C opener (lwc_record_parse, lwc_replay_check,
 *     lwc_record_open, lwc_replay_update) with the node key derived from the example master
 *     key: the first boot's records (boot counter 0, record counters 0, 1, ...) and, after a
 *     reboot with the EEPROM kept, the second's (boot counter 1) accepted, each opening to its
 *     ADC value, every bit flip refused; after a reboot with the EEPROM erased, every record
 *     refused as stale (genuine, but repeating counters the gateway saw); the node re-keyed
 *     (the sketch with epoch 2 and its node key, as an operator makes it: test_examples
 *     --rekey) accepted on a new window, and not under the old epoch's key.
 * Usage: test_examples AVRSIM MCU BUILD_DIR   (BUILD_DIR/<Example>/<Example>.ino.elf, and the
 *                                              re-keyed SealedRecord-epoch2/SealedRecord.ino.elf)
 *        test_examples --rekey EPOCH SKETCH OUT   writes SealedRecord with that epoch and its key
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
/* SealedRecord's node id and epoch, and the example master key its node key comes from. */
#define SEALED_NODE 0x00000017u
#define SEALED_EPOCH 1
static const uint8_t sealed_master[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

static unsigned adc[ADC_VALUES];
static char adc_file[] = "/tmp/lwc-adc-XXXXXX";

/* Runs an example's ELF (with its EEPROM in the file eeprom, or none); its Serial lines
 * (without line ends) go to lines; returns their number. */
static int run_example(const char *avrsim, const char *mcu, const char *elf, const char *name, const char *eeprom,
                       char lines[][256])
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s --quiet --mcu %s --uart --adc %s%s%s --stop-after " RUN_CYCLES " %s", avrsim, mcu,
             adc_file, eeprom ? " --eeprom " : "", eeprom ? eeprom : "", elf);
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

/* AuthenticatedRecord's layout, and AsconRecord's: header (node id, boot counter, record
 * number), channel, the encrypted reading, the tag. */
#define AUTH_HEADER 10
#define AUTH_RECORD (AUTH_HEADER + 1 + 2 + 8)

/* One record's decryption under the sketch's key: LEA-128 EAX with the header as nonce, or
 * Ascon-AEAD128 with the header and 6 zero bytes as nonce. */
typedef int (*auth_decrypt)(const void *key, uint8_t plaintext[2], const uint8_t *record);

static int lea128_eax_record(const void *key, uint8_t plaintext[2], const uint8_t *record)
{
    const uint8_t *ad = record + AUTH_HEADER, *ct = ad + 1, *tag = ct + 2;
    return lwc_lea128_eax_decrypt(key, plaintext, tag, 8, record, AUTH_HEADER, ad, 1, ct, 2);
}

static int ascon_record(const void *key, uint8_t plaintext[2], const uint8_t *record)
{
    const uint8_t *ad = record + AUTH_HEADER, *ct = ad + 1, *tag = ct + 2;
    uint8_t nonce[LWC_ASCON_AEAD128_NONCE_BYTES] = {0};
    memcpy(nonce, record, AUTH_HEADER);
    return lwc_ascon_aead128_decrypt(key, plaintext, tag, 8, nonce, sizeof nonce, ad, 1, ct, 2);
}

static void check_records(const char *name, auth_decrypt decrypt, const void *key, char lines[][256], int n)
{
    int records = 0;
    for (int i = 1; i < n; i++) {
        unsigned reading;
        char hex[128];
        uint8_t record[64], plaintext[2];
        if (!check(sscanf(lines[i], "reading %u -> record %127s", &reading, hex) == 2,
                   "%s: line %d is not a record: '%s'", name, i + 1, lines[i]))
            break;
        if (!check(hex_decode(record, sizeof record, hex) == AUTH_RECORD, "%s: record %d is not %d bytes", name,
                   records + 1, AUTH_RECORD))
            break;
        const int r = decrypt(key, plaintext, record);
        check(r == 0 && (unsigned)(plaintext[0] | plaintext[1] << 8) == adc[records] && reading == adc[records] &&
                  record[0] == 0x00 && record[1] == 0x17 && record[9] == records + 1 && record[AUTH_HEADER] == 0,
              "%s: record %d does not authenticate to the ADC value %u (%d)", name, records + 1, adc[records], r);
        int accepted = 0;
        for (int bit = 0; bit < 8 * AUTH_RECORD; bit++) {
            record[bit / 8] ^= (uint8_t)(1 << bit % 8);
            accepted += decrypt(key, plaintext, record) != LWC_E_AUTH;
            record[bit / 8] ^= (uint8_t)(1 << bit % 8);
        }
        check(accepted == 0, "%s: record %d: %d of its %d bit flips accepted", name, records + 1, accepted,
              8 * AUTH_RECORD);
        records++;
    }
    check(records >= MIN_LINES, "%s: %d records, want at least %d", name, records, MIN_LINES);
    printf("%s: %d records checked\n", name, records);
}

static void check_authenticated_record(char lines[][256], int n)
{
    lwc_lea128_eax_key k;
    lwc_lea128_eax_setkey(&k, sensor_key);
    check_records("AuthenticatedRecord", lea128_eax_record, &k, lines, n);
    lwc_wipe(&k, sizeof k);
}

static void check_ascon_record(char lines[][256], int n)
{
    lwc_ascon_aead128_key k;
    lwc_ascon_aead128_setkey(&k, sensor_key);
    check_records("AsconRecord", ascon_record, &k, lines, n);
    lwc_wipe(&k, sizeof k);
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

/* ---- SealedRecord ----------------------------------------------------------------------- */

/* A gateway's state for one node and epoch: the opening key and the replay window. */
typedef struct {
    uint8_t epoch;
    lwc_record_key key;
    lwc_replay_window window;
} sealed_gateway;

static void gateway_init(sealed_gateway *g, uint8_t epoch)
{
    lwc_aes128_cmac_key master;
    uint8_t node_key[LWC_RECORD_KEY_BYTES];
    lwc_aes128_cmac_setkey(&master, sealed_master);
    g->epoch = epoch;
    check(lwc_record_derive_key(&master, node_key, LWC_SUITE_EAX_LEA128, SEALED_NODE, epoch) == 0 &&
              lwc_record_setkey(&g->key, LWC_SUITE_EAX_LEA128, node_key) == 0,
          "SealedRecord: the gateway's key for epoch %u", epoch);
    lwc_replay_init(&g->window);
    lwc_wipe(&master, sizeof master);
    lwc_wipe(node_key, sizeof node_key);
}

/* The gateway's flow for one record: parse, check the counter, open, mark it seen. */
static int gateway_take(sealed_gateway *g, const uint8_t *record, size_t len, lwc_record_info *info,
                        uint8_t *payload, size_t cap)
{
    int r = lwc_record_parse(info, record, len);
    if (!r && (info->node_id != SEALED_NODE || info->epoch != g->epoch || info->suite != LWC_SUITE_EAX_LEA128))
        r = LWC_E_AUTH; /* no key for it */
    r = r ? r : lwc_replay_check(&g->window, info->counter);
    r = r ? r : lwc_record_open(&g->key, payload, cap, info, record, len);
    return r ? r : lwc_replay_update(&g->window, info->counter);
}

/*
 * One power-up of a SealedRecord build (elf) with its EEPROM in eeprom: the banner says boot
 * `boot` of `epoch`, and each record is genuine (it opens under g's key, with counter boot << 24
 * | record number and the ADC value fed), and the gateway g gives it the verdict want (0 or
 * LWC_E_STALE). With flips, each record is also refused with any bit flipped. Returns the
 * number of records checked.
 */
static int sealed_power_up(const char *avrsim, const char *mcu, const char *elf, const char *eeprom, const char *what,
                           uint8_t epoch, uint32_t boot, sealed_gateway *g, int want, int flips)
{
    char lines[MAX_LINES][256];
    const int n = run_example(avrsim, mcu, elf, "SealedRecord", eeprom, lines);
    unsigned long node = 0, banner_epoch = 0, banner_boot = 0;
    if (n < 0 || !check(n > 0 && sscanf(lines[0], "SealedRecord: EAX over LEA-128, node %lx, epoch %lu, boot %lu", &node,
                                        &banner_epoch, &banner_boot) == 3 &&
                            node == SEALED_NODE && banner_epoch == epoch && banner_boot == boot,
                        "SealedRecord %s: banner '%s', want node 17, epoch %u, boot %lu", what, n > 0 ? lines[0] : "",
                        epoch, (unsigned long)boot))
        return 0;
    int records = 0;
    for (int i = 1; i < n; i++) {
        unsigned reading;
        char hex[128];
        uint8_t record[64], payload[8];
        lwc_record_info info;
        if (!check(sscanf(lines[i], "reading %u -> record %127s", &reading, hex) == 2 &&
                       hex_decode(record, sizeof record, hex) == 2 + LWC_RECORD_OVERHEAD_BYTES,
                   "SealedRecord %s: line %d is not a record of 22 bytes: '%s'", what, i + 1, lines[i]))
            break;
        const size_t len = 2 + LWC_RECORD_OVERHEAD_BYTES;
        const int got = gateway_take(g, record, len, &info, payload, sizeof payload);
        const int genuine = lwc_record_parse(&info, record, len) == 0 &&
                            lwc_record_open(&g->key, payload, sizeof payload, &info, record, len) == 0;
        check(got == want && genuine && info.counter == ((uint64_t)boot << 24 | (uint32_t)records) &&
                  reading == adc[records] && (unsigned)(payload[0] | payload[1] << 8) == adc[records],
              "SealedRecord %s: record %d (counter %06lx %06x): verdict %d (want %d), or not the ADC value %u", what,
              records, (unsigned long)boot, (unsigned)records, got, want, adc[records]);
        int accepted = 0;
        for (int bit = 0; flips && bit < 8 * (int)len; bit++) {
            sealed_gateway fresh = *g;
            lwc_replay_init(&fresh.window);
            record[bit / 8] ^= (uint8_t)(1 << bit % 8);
            accepted += gateway_take(&fresh, record, len, &info, payload, sizeof payload) == 0;
            record[bit / 8] ^= (uint8_t)(1 << bit % 8);
        }
        check(accepted == 0, "SealedRecord %s: record %d: %d of its bit flips accepted", what, records, accepted);
        records++;
    }
    check(records >= MIN_LINES, "SealedRecord %s: %d records, want at least %d", what, records, MIN_LINES);
    return records;
}

static void check_sealed_record(const char *avrsim, const char *mcu, const char *build)
{
    char elf[512], rekeyed[512], eeprom[] = "/tmp/lwc-eeprom-XXXXXX";
    snprintf(elf, sizeof elf, "%s/SealedRecord/SealedRecord.ino.elf", build);
    snprintf(rekeyed, sizeof rekeyed, "%s/SealedRecord-epoch2/SealedRecord.ino.elf", build);
    const int fd = mkstemp(eeprom);
    if (!check(fd >= 0, "SealedRecord: no EEPROM file"))
        return;
    close(fd);
    sealed_gateway g1, g2;
    gateway_init(&g1, SEALED_EPOCH);
    gateway_init(&g2, SEALED_EPOCH + 1);
    int records = 0;
    unlink(eeprom); /* a new board: erased */
    records += sealed_power_up(avrsim, mcu, elf, eeprom, "first boot", SEALED_EPOCH, 0, &g1, 0, 1);
    records += sealed_power_up(avrsim, mcu, elf, eeprom, "reboot, EEPROM kept", SEALED_EPOCH, 1, &g1, 0, 0);
    unlink(eeprom);
    records += sealed_power_up(avrsim, mcu, elf, eeprom, "reboot, EEPROM erased", SEALED_EPOCH, 0, &g1, LWC_E_STALE,
                               0);
    records += sealed_power_up(avrsim, mcu, rekeyed, eeprom, "re-keyed with epoch 2", SEALED_EPOCH + 1, 1, &g2, 0, 0);
    /* The re-keyed node's records mean nothing under the old epoch's key. */
    uint8_t record[2 + LWC_RECORD_OVERHEAD_BYTES], payload[8];
    lwc_sealer s;
    lwc_lea128_eax_key k;
    lwc_record_info info;
    uint8_t key2[LWC_RECORD_KEY_BYTES];
    lwc_aes128_cmac_key master;
    lwc_aes128_cmac_setkey(&master, sealed_master);
    lwc_record_derive_key(&master, key2, LWC_SUITE_EAX_LEA128, SEALED_NODE, SEALED_EPOCH + 1);
    lwc_lea128_eax_sealer_init(&s, &k, key2, SEALED_NODE, SEALED_EPOCH + 1, 1);
    lwc_seal(&s, record, sizeof record, payload, 2);
    lwc_record_parse(&info, record, sizeof record);
    check(lwc_record_open(&g1.key, payload, sizeof payload, &info, record, sizeof record) == LWC_E_AUTH,
          "SealedRecord: a re-keyed node's record opens under the old epoch's key");
    unlink(eeprom);
    lwc_wipe(&g1, sizeof g1);
    lwc_wipe(&g2, sizeof g2);
    printf("SealedRecord: %d records of four power-ups checked\n", records);
}

/* --rekey: the sketch with its epoch line and node key changed, as an operator re-keys a node. */
static int rekey(const char *epoch_text, const char *in_path, const char *out_path)
{
    static char text[65536];
    static const char epoch_line[] = "static const uint8_t epoch = 1;", key_start[] = "nodeKey[LWC_RECORD_KEY_BYTES] = {";
    const int epoch = atoi(epoch_text);
    FILE *in = fopen(in_path, "r");
    const size_t n = in ? fread(text, 1, sizeof text - 1, in) : 0;
    if (in)
        fclose(in);
    text[n] = 0;
    char *e = strstr(text, epoch_line), *k = strstr(text, key_start);
    char *k_line = k ? strchr(k, '\n') : NULL, *k_end = k ? strstr(k, "};") : NULL;
    if (epoch < 2 || epoch > 255 || !e || !k_line || !k_end) {
        fprintf(stderr, "rekey: %s has no line '%s' and node key, or bad epoch %s\n", in_path, epoch_line, epoch_text);
        return 2;
    }
    uint8_t key[LWC_RECORD_KEY_BYTES];
    lwc_aes128_cmac_key master;
    lwc_aes128_cmac_setkey(&master, sealed_master);
    lwc_record_derive_key(&master, key, LWC_SUITE_EAX_LEA128, SEALED_NODE, (uint8_t)epoch);
    FILE *out = fopen(out_path, "w");
    if (!out)
        return 2;
    const char *after_epoch = e + strlen(epoch_line);
    fprintf(out, "%.*sstatic const uint8_t epoch = %d;%.*s ", (int)(e - text), text, epoch,
            (int)(k_line + 1 - after_epoch), after_epoch);
    for (size_t i = 0; i < sizeof key; i++)
        fprintf(out, " 0x%02x,", key[i]);
    fprintf(out, "\n%s", k_end);
    return fclose(out) == 0 ? 0 : 2;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "--rekey") == 0)
        return rekey(argv[2], argv[3], argv[4]);
    if (argc != 4) {
        fprintf(stderr, "usage: %s AVRSIM MCU BUILD_DIR | --rekey EPOCH SKETCH OUT\n", argv[0]);
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
        {"AsconRecord", "AsconRecord: Ascon-AEAD128 records", check_ascon_record},
    };
    for (size_t e = 0; e < sizeof examples / sizeof examples[0]; e++) {
        char lines[MAX_LINES][256], elf[512];
        snprintf(elf, sizeof elf, "%s/%s/%s.ino.elf", argv[3], examples[e].name, examples[e].name);
        const int n = run_example(argv[1], argv[2], elf, examples[e].name, NULL, lines);
        if (n < 0)
            continue;
        if (check(n > 0 && strncmp(lines[0], examples[e].banner, strlen(examples[e].banner)) == 0,
                  "%s: no banner line", examples[e].name))
            examples[e].check(lines, n);
    }
    check_sealed_record(argv[1], argv[2], argv[3]);
    unlink(adc_file);
    return check_summary();
}
