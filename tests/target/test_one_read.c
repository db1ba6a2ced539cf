/*
 * Each input is read once (include/lwc/modes.h, include/lwc/ascon.h), counted exactly: on the
 * simulated ATmega, avrsim's read watch (tools/avrsim/firmware/simio_map.h) counts, for each
 * byte of a window, the loads of it before the first store to it. The inputs of one call
 * (nonce, associated data, message, and a decryption's tag) sit side by side in one window;
 * after an EAX or CCM call of every cipher, and an Ascon-AEAD128 call, over lengths around
 * the block sizes, each byte of the window must have been read exactly once: encryption and
 * decryption (accepted, and rejected), out apart from in and in place. A watch self-test
 * first shows that a second read, a read after a write and an unread byte are seen.
 * Prints one line per failure and "N passed, M failed"; exits with 0 or 1.
 */
#include <string.h>

#include "lwc.h"
#include "simio.h"
#include "../common/ascon_backend.h"
#include "../common/mode_table.h"

#define NONCE_MAX 16
#define AD_MAX 17
#define LEN_MAX 33
#define TAG 8

/* The window: nonce | ad | in | tag, in one array; out (when apart) outside it. */
static uint8_t window[NONCE_MAX + AD_MAX + LEN_MAX + TAG], out[LEN_MAX], tag_out[TAG];
static union {
    test_mode_key mode;
    lwc_ascon_aead128_key ascon;
} key;
static unsigned passed, failed;

static void watch_begin(const void *p, size_t n)
{
    SIM_REG8(SIM_ATMEGA_WATCH_ADDR0) = (uint8_t)(uintptr_t)p;
    SIM_REG8(SIM_ATMEGA_WATCH_ADDR0 + 1) = (uint8_t)((uintptr_t)p >> 8);
    SIM_REG8(SIM_ATMEGA_WATCH_LEN0) = (uint8_t)n;
    SIM_REG8(SIM_ATMEGA_WATCH_LEN0 + 1) = (uint8_t)(n >> 8);
    SIM_REG8(SIM_ATMEGA_WATCH_CTRL) = 1;
}

/* Ends the watch; 1 if every byte of the window was read exactly once before any write. */
static int watch_end_once(void)
{
    SIM_REG8(SIM_ATMEGA_WATCH_CTRL) = 0;
    return SIM_REG8(SIM_ATMEGA_WATCH_MIN) == 1 && SIM_REG8(SIM_ATMEGA_WATCH_MAX) == 1;
}

static void report(int ok, const char *what, const char *name, size_t ad_len, size_t len, int in_place)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    sim_puts("FAIL: ");
    sim_puts(name);
    sim_puts(" ");
    sim_puts(what);
    sim_puts(in_place ? " in place" : "");
    sim_puts(": ad ");
    sim_put_u32(ad_len);
    sim_puts(", message ");
    sim_put_u32(len);
    sim_puts(": a byte of its inputs was not read exactly once (min ");
    sim_put_u32(SIM_REG8(SIM_ATMEGA_WATCH_MIN));
    sim_puts(", max ");
    sim_put_u32(SIM_REG8(SIM_ATMEGA_WATCH_MAX));
    sim_puts(")\n");
}

/* The watch itself: one read of each byte passes; a second read, a read after the first
 * write (in place, of what the call wrote) not counted; a byte never read fails. */
static void watch_self_test(void)
{
    volatile uint8_t *w = window;
    uint8_t sum = 0;
    watch_begin(window, 4);
    for (int i = 0; i < 4; i++)
        sum ^= w[i];
    w[0] = sum;
    sum ^= w[0];
    report(watch_end_once(), "self-test: one read each, then a write and a read", "avrsim", 0, 4, 0);
    watch_begin(window, 4);
    for (int i = 0; i < 4; i++)
        sum ^= w[i];
    sum ^= w[2];
    report(!watch_end_once() && SIM_REG8(SIM_ATMEGA_WATCH_MAX) == 2, "self-test: a byte read twice is seen",
           "avrsim", 0, 4, 0);
    watch_begin(window, 4);
    for (int i = 0; i < 3; i++)
        sum ^= w[i];
    report(!watch_end_once() && SIM_REG8(SIM_ATMEGA_WATCH_MIN) == 0, "self-test: a byte never read is seen",
           "avrsim", 0, 4, 0);
    window[0] = sum; /* keeps the reads */
}

/* One AEAD over the lengths: encryption, then decryption of its output accepted and, with a
 * tag bit flipped, rejected; out apart and in place. */
static void check_aead(const char *name, const void *k, const test_aead *aead, size_t nonce_len)
{
    static const uint8_t ad_lens[] = {0, 1, 8, AD_MAX}, lens[] = {0, 1, 15, 16, 17, LEN_MAX};
    for (size_t a = 0; a < sizeof ad_lens; a++) {
        for (size_t l = 0; l < sizeof lens; l++) {
            const size_t ad_len = ad_lens[a], len = lens[l];
            for (int in_place = 0; in_place < 2; in_place++) {
                uint8_t *nonce = window, *ad = nonce + nonce_len, *in = ad + ad_len, *tag = in + len;
                uint8_t *o = in_place ? in : out;
                for (size_t i = 0; i < sizeof window; i++)
                    window[i] = (uint8_t)(i * 7 + len);
                watch_begin(window, nonce_len + ad_len + len);
                int r = aead->encrypt(k, o, tag_out, TAG, nonce, nonce_len, ad, ad_len, in, len);
                report(watch_end_once() && r == 0, "encrypt", name, ad_len, len, in_place);
                memmove(in, o, len); /* the ciphertext, then its tag, after the nonce and ad */
                memcpy(tag, tag_out, TAG);
                for (int reject = 0; reject < 2; reject++) {
                    tag[0] ^= (uint8_t)reject;
                    watch_begin(window, nonce_len + ad_len + len + TAG);
                    r = aead->decrypt(k, o, tag, TAG, nonce, nonce_len, ad, ad_len, in, len);
                    report(watch_end_once() && r == (reject ? LWC_E_AUTH : 0),
                           reject ? "decrypt (rejected)" : "decrypt", name, ad_len, len, in_place);
                    if (in_place && !reject) {
                        int again = aead->encrypt(k, in, tag, TAG, nonce, nonce_len, ad, ad_len, in, len);
                        report(again == 0, "re-encrypt", name, ad_len, len, in_place);
                    }
                }
            }
        }
    }
}

int main(void)
{
    static const uint8_t key_bytes[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                          17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
    watch_self_test();
    for (unsigned c = 0; c < TEST_CIPHER_IDS; c++) {
        test_mode_cipher row;
        if (test_mode_cipher_row(c, &row) != 0)
            continue;
        for (unsigned m = 0; m < TEST_AEAD_MODES; m++) {
            const test_aead *aead = &row.aead[m];
            if (!aead->setkey)
                continue;
            aead->setkey(&key, key_bytes);
            char name[32];
            strcpy(name, row.name);
            strcat(name, m == TEST_EAX ? " EAX" : " CCM");
            check_aead(name, &key, aead, m == TEST_EAX ? 12 : 13);
        }
    }
    test_aead ascon;
    test_ascon_aead128_row(&ascon);
    ascon.setkey(&key, key_bytes);
    check_aead("Ascon-AEAD128", &key, &ascon, LWC_ASCON_AEAD128_NONCE_BYTES);
    sim_put_u32(passed);
    sim_puts(" passed, ");
    sim_put_u32(failed);
    sim_puts(" failed\n");
    sim_exit(failed != 0);
}
