/*
 * Firmware measuring a peer's Ascon-AEAD128 (an implementation of ascon/ascon-c, outside the
 * project: bench/peer_ascon.sh builds it with this file through its eBACS interface,
 * crypto_aead_encrypt and crypto_aead_decrypt) as bench_avr and bench_qemu measure lwc's:
 * 8 bytes of associated data, messages of 16, 32, 64 bytes, 1 KiB where LONG_BYTES is longer
 * (bench_qemu's ASCON_MID_BYTES) and LONG_BYTES, each call once in
 * a measured region; the eBACS interface has no key setup (each call takes the key) and a
 * full 16-byte tag. After each call the firmware prints "ascon-c operation bytes stack_bytes
 * 0" and, on AVR, the call's cycles (exact) as a sixth field; on the QEMU targets
 * tools/qemusim/qemucount adds the instructions (bench/bench_qemu.sh's format).
 */
#include <string.h>

#include "crypto_aead.h"
#include "simio.h"
#if SIM_HAS_CYCLE_COUNTER
#include "../tests/target/server_io.h" /* MEASURE: the call's exact cycles, as lwc_server's */
#else
#include "qemu_measure.h"
#endif

#ifndef LONG_BYTES
#define LONG_BYTES 4096
#endif
#define AD_BYTES 8
#define TAG_BYTES 16

#define MID_BYTES 1024
static const unsigned long long SIZES[] = {16, 32, 64,
#if LONG_BYTES > MID_BYTES
                                           MID_BYTES,
#endif
                                           LONG_BYTES};
static unsigned char msg[LONG_BYTES], ct[LONG_BYTES + TAG_BYTES];

static void row(const char *op, unsigned long long bytes, uint16_t stack, uint32_t cycles)
{
    sim_puts("ascon-c ");
    sim_puts(op);
    sim_putc(' ');
    sim_put_u32((uint32_t)bytes);
    sim_putc(' ');
    sim_put_u32(stack);
    sim_puts(" 0");
#if SIM_HAS_CYCLE_COUNTER
    sim_putc(' ');
    sim_put_u32(cycles);
#else
    (void)cycles;
#endif
    sim_putc('\n');
}

int main(void)
{
    unsigned char key[16], nonce[16], ad[AD_BYTES];
    unsigned long long len;
    uint32_t cycles = 0;
    uint16_t stack;
    int r = 0;
    for (unsigned i = 0; i < sizeof key; i++)
        key[i] = (unsigned char)(i * 7 + 1);
    for (unsigned i = 0; i < sizeof nonce; i++)
        nonce[i] = (unsigned char)(i * 5 + 2);
    for (unsigned i = 0; i < sizeof ad; i++)
        ad[i] = (unsigned char)(i * 3 + 3);
    for (unsigned i = 0; i < sizeof msg; i++)
        msg[i] = (unsigned char)i;
    for (unsigned i = 0; i < sizeof SIZES / sizeof SIZES[0]; i++) {
        const unsigned long long n = SIZES[i];
        MEASURE(r |= crypto_aead_encrypt(ct, &len, msg, n, ad, AD_BYTES, NULL, nonce, key));
        row("aead_encrypt", n, stack, cycles);
        MEASURE(r |= crypto_aead_decrypt(msg, &len, NULL, ct, n + TAG_BYTES, ad, AD_BYTES, nonce, key));
        row("aead_decrypt", n, stack, cycles);
    }
    sim_exit(r != 0 ? 2 : 0);
}
