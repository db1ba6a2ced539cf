/*
 * What the AVR assembly leaves in the registers (include/lwc.h "Secrets": the AES-128 and
 * ATtiny PRESENT assembly clear the key material they held in call-clobbered registers),
 * and its avr-gcc ABI. Firmware for avrsim, linked against a target's liblwc.a: each
 * function that contract covers in this build is called (tests/target/registers.S) with
 * RUNS different random keys and blocks at the same addresses; its call-clobbered
 * registers (r0, r18..r27, r30, r31) must come back the same in every run, so that none
 * holds a value that depends on the secrets; r1 must be 0 and the callee-saved registers
 * as they were. Prints a line per function and "N passed, M failed"; exits 1 on a failure.
 */
#include <avr/pgmspace.h>

#include "lwc.h"
#include "registers.h"
#include "simio.h"

void regs_call(const void *a, void *b, const void *c, void (*fn)(void));
extern uint8_t regs_after[32];

#define RUNS 4

/* Register numbers under the avr-gcc ABI. */
#define IS_CALL_CLOBBERED(n) ((n) == 0 || ((n) >= 18 && (n) <= 27) || (n) >= 30)
#define IS_CALLEE_SAVED(n) (((n) >= 2 && (n) <= 17) || (n) == 28 || (n) == 29)

typedef void (*setkey_fn)(void *ks, const uint8_t *key);

/* A function of the contract: setkey (arguments ks, key; no setkey of its own) or a block
 * function (ks, out, in) on a key schedule its setkey adapter prepares first. */
typedef struct {
    const char *name; /* in flash */
    void (*fn)(void);
    setkey_fn setkey;
} checked_fn;

#if LWC_AES_AVR_ASM
void lwc_aes128_cbc_step(const void *ks, uint8_t *chain, const uint8_t *m, uint8_t *copy);
static void aes128_setkey(void *ks, const uint8_t *k)
{
    lwc_aes128_setkey(ks, k);
}
#define AES128_FNS(X)                          \
    X(lwc_aes128_setkey, NULL)                 \
    X(lwc_aes128_encrypt, aes128_setkey)       \
    X(lwc_aes128_decrypt, aes128_setkey)       \
    X(lwc_aes128_cbc_step, aes128_setkey)
#else
#define AES128_FNS(X)
#endif

#if LWC_PRESENT_IMPL == LWC_IMPL_AVR_TINY || LWC_PRESENT_IMPL == LWC_IMPL_AVR_TINY_FAST
#define PRESENT_TINY 1
static void present80_setkey(void *ks, const uint8_t *k)
{
    lwc_present80_setkey(ks, k);
}
static void present128_setkey(void *ks, const uint8_t *k)
{
    lwc_present128_setkey(ks, k);
}
#define PRESENT_FNS(X)                          \
    X(lwc_present80_setkey, NULL)               \
    X(lwc_present80_encrypt, present80_setkey)  \
    X(lwc_present80_decrypt, present80_setkey)  \
    X(lwc_present128_setkey, NULL)              \
    X(lwc_present128_encrypt, present128_setkey) \
    X(lwc_present128_decrypt, present128_setkey)
#else
#define PRESENT_TINY 0
#define PRESENT_FNS(X)
#endif

/* The functions' names in flash, then the table (regs_call calls fn with its arguments in
 * the registers, whatever fn's prototype). */
#define NAME(fn, setkey) static const char name_##fn[] PROGMEM = #fn;
#define ENTRY(fn, setkey) {name_##fn, (void (*)(void))fn, setkey},
AES128_FNS(NAME)
PRESENT_FNS(NAME)
static const checked_fn checked[] = {AES128_FNS(ENTRY) PRESENT_FNS(ENTRY)};

/* The ATtiny Ascon-AEAD128 assembly's entry points (ten arguments, the last on the stack):
 * the ABI only (the contract of cleared registers is not theirs), where the firmware has
 * room for them (8 KB of flash). */
#if LWC_ASCON_IMPL == LWC_IMPL_AVR_TINY && FLASHEND >= 0x1fff
#define ASCON_TINY 1
void regs_call_args(const uint8_t regs[18], uint16_t stack_arg, void (*fn)(void));
#else
#define ASCON_TINY 0
#endif

static union {
#if LWC_AES_AVR_ASM
    lwc_aes128_key aes128;
#endif
#if PRESENT_TINY
    lwc_present80_key present80;
    lwc_present128_key present128;
#endif
    uint8_t any;
} key_schedule;
static uint8_t key[16], out[16], in[16];
static uint8_t clobbered[RUNS][13]; /* the 13 call-clobbered registers of each run */

/* xorshift32: different keys and blocks in each run (not for keys in use). */
static uint32_t rng = 0x2545f491u;
static void fill(uint8_t *p, uint8_t n)
{
    while (n--) {
        rng ^= rng << 13;
        rng ^= rng >> 17;
        rng ^= rng << 5;
        *p++ = (uint8_t)rng;
    }
}

/* Runs f RUNS times; returns 1 if it kept the contract, else prints why and returns 0. */
static int check(const checked_fn *f)
{
    int ok = 1;
    for (uint8_t run = 0; run < RUNS; run++) {
        fill(key, sizeof key);
        fill(in, sizeof in);
        fill(out, sizeof out);
        if (f->setkey) {
            f->setkey(&key_schedule, key);
            regs_call(&key_schedule, out, in, f->fn);
        } else {
            regs_call(&key_schedule, key, NULL, f->fn);
        }
        uint8_t k = 0;
        for (uint8_t n = 0; n < 32; n++) {
            const uint8_t v = regs_after[n];
            if (IS_CALL_CLOBBERED(n)) {
                clobbered[run][k] = v;
                if (run > 0 && v != clobbered[0][k]) {
                    sim_puts_P(PSTR("FAIL: a call-clobbered register depends on key or data: r"));
                    sim_put_u32(n);
                    sim_puts_P(PSTR("\n"));
                    ok = 0;
                }
                k++;
            } else if ((n == 1 && v != 0) || (IS_CALLEE_SAVED(n) && v != REGS_PATTERN + n)) {
                sim_puts_P(PSTR("FAIL: not restored as the ABI wants: r"));
                sim_put_u32(n);
                sim_puts_P(PSTR("\n"));
                ok = 0;
            }
        }
    }
    sim_puts_P(ok ? PSTR("PASS ") : PSTR("FAIL "));
    sim_puts_P(f->name);
    sim_puts_P(PSTR("\n"));
    return ok;
}

#if ASCON_TINY
/* Puts the 16-bit v into regs at register n's place (r8 first). */
static void put_arg(uint8_t *regs, uint8_t n, const void *v)
{
    const uint16_t x = (uint16_t)v;
    regs[n - 8] = (uint8_t)x;
    regs[n - 7] = (uint8_t)(x >> 8);
}

/* Calls encrypt (tag_in NULL) or decrypt over a 20-byte message with 8 bytes of associated
 * data; 1 if it returned want and kept the ABI (r1 = 0, r2..r7, r28, r29 and the argument
 * registers r8..r17 as they were), else prints why and returns 0. */
static int ascon_call(void (*fn)(void), const lwc_ascon_aead128_key *k, uint8_t *tag, const uint8_t *nonce,
                      const uint8_t *ad, uint8_t *msg, int want)
{
    uint8_t regs[18];
    put_arg(regs, 24, k);
    put_arg(regs, 22, msg); /* out == in */
    put_arg(regs, 20, tag);
    put_arg(regs, 18, (const void *)16);
    put_arg(regs, 16, nonce);
    put_arg(regs, 14, (const void *)16);
    put_arg(regs, 12, ad);
    put_arg(regs, 10, (const void *)8);
    put_arg(regs, 8, msg);
    regs_call_args(regs, 20, fn);
    int ok = (int)(regs_after[24] | (uint16_t)regs_after[25] << 8) == want;
    if (!ok)
        sim_puts_P(PSTR("FAIL: unexpected result\n"));
    for (uint8_t n = 1; n < 30; n++) {
        const uint8_t expect = n == 1 ? 0 : n >= 8 && n <= 17 ? regs[n - 8] : REGS_PATTERN + n;
        if ((n == 1 || IS_CALLEE_SAVED(n)) && regs_after[n] != expect) {
            sim_puts_P(PSTR("FAIL: not restored as the ABI wants: r"));
            sim_put_u32(n);
            sim_puts_P(PSTR("\n"));
            ok = 0;
        }
    }
    return ok;
}

/* RUNS random keys and messages: encryption, decryption of its result (accepted) and of it
 * with a changed tag (rejected: LWC_E_AUTH). */
static int check_ascon(void)
{
    static lwc_ascon_aead128_key k;
    static uint8_t nonce[16], ad[8], msg[20], tag[16];
    int ok = 1;
    for (uint8_t run = 0; run < RUNS; run++) {
        fill(key, sizeof key);
        fill(nonce, sizeof nonce);
        fill(ad, sizeof ad);
        fill(msg, sizeof msg);
        lwc_ascon_aead128_setkey(&k, key);
        ok &= ascon_call((void (*)(void))lwc_ascon_aead128_encrypt, &k, tag, nonce, ad, msg, 0);
        ok &= ascon_call((void (*)(void))lwc_ascon_aead128_decrypt, &k, tag, nonce, ad, msg, 0);
        ok &= ascon_call((void (*)(void))lwc_ascon_aead128_encrypt, &k, tag, nonce, ad, msg, 0);
        tag[run] ^= 1;
        ok &= ascon_call((void (*)(void))lwc_ascon_aead128_decrypt, &k, tag, nonce, ad, msg, LWC_E_AUTH);
    }
    sim_puts_P(ok ? PSTR("PASS lwc_ascon_aead128_encrypt, lwc_ascon_aead128_decrypt\n")
                  : PSTR("FAIL lwc_ascon_aead128_encrypt, lwc_ascon_aead128_decrypt\n"));
    return ok;
}
#endif

int main(void)
{
    uint8_t passed = 0, failed = 0;
    for (uint8_t i = 0; i < sizeof checked / sizeof checked[0]; i++) {
        if (check(&checked[i]))
            passed++;
        else
            failed++;
    }
#if ASCON_TINY
    if (check_ascon())
        passed++;
    else
        failed++;
#endif
    if (sizeof checked == 0) { /* mk/firmware.mk runs it where the contract applies */
        sim_puts_P(PSTR("FAIL: no function of this build promises cleared registers\n"));
        failed++;
    }
    sim_put_u32(passed);
    sim_puts_P(PSTR(" passed, "));
    sim_put_u32(failed);
    sim_puts_P(PSTR(" failed\n"));
    sim_exit(failed ? 1 : 0);
}
