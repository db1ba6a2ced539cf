/*
 * Minimal firmware for the simulated ATtiny45: the lwc_server protocol (protocol.h)
 * restricted to OP_BLOCKS_ENC, OP_BLOCKS_DEC, OP_SIZES and OP_QUIT for cipher indices 0
 * (present80) and 1 (present128) of tests/common/cipher_table.c. The full server and
 * its cipher table do not fit the ATtiny45 (4 KB flash, 256 B SRAM), so this one calls
 * the PRESENT functions directly. Like lwc_server, it computes and never judges.
 */
#include <avr/pgmspace.h>

#include "lwc.h"
#include "server_io.h"

/* The host checks the banner's cipher count against its own table (10 ciphers). */
#define HOST_CIPHER_COUNT 10
#define INDEX_PRESENT80 0
#define INDEX_PRESENT128 1

static lwc_present_key key_schedule;
static uint8_t block[LWC_PRESENT80_BLOCK_BYTES];

static void serve_blocks(uint8_t index, const uint8_t *key, uint8_t decrypt)
{
    uint32_t cycles;
    uint16_t stack;
    if (index == INDEX_PRESENT80)
        MEASURE(lwc_present80_setkey(&key_schedule, key));
    else
        MEASURE(lwc_present128_setkey(&key_schedule, key));
    reply(cycles, stack, block, 0);
    for (uint16_t n = read_u16(); n > 0; n--) {
        sim_read(block, sizeof block);
        if (index == INDEX_PRESENT80 && decrypt)
            MEASURE(lwc_present80_decrypt(&key_schedule, block, block));
        else if (index == INDEX_PRESENT80)
            MEASURE(lwc_present80_encrypt(&key_schedule, block, block));
        else if (decrypt)
            MEASURE(lwc_present128_decrypt(&key_schedule, block, block));
        else
            MEASURE(lwc_present128_encrypt(&key_schedule, block, block));
        reply(cycles, stack, block, sizeof block);
    }
}

int main(void)
{
    send_banner(HOST_CIPHER_COUNT);
    for (;;) {
        uint8_t key[LWC_PRESENT128_KEY_BYTES];
        const uint8_t op = sim_getc();
        if (op == OP_QUIT)
            sim_exit(0);
        const uint8_t index = sim_getc();
        if (index != INDEX_PRESENT80 && index != INDEX_PRESENT128)
            sim_exit(3);
        if (op == OP_SIZES) {
            /* Both indices share the key and CTR context types. */
            const uint8_t sizes[4] = {
                (uint8_t)sizeof(lwc_present_key), (uint8_t)(sizeof(lwc_present_key) >> 8),
                (uint8_t)sizeof(lwc_present_ctr), (uint8_t)(sizeof(lwc_present_ctr) >> 8)};
            reply(0, 0, sizes, sizeof sizes);
            continue;
        }
        if (op != OP_BLOCKS_ENC && op != OP_BLOCKS_DEC)
            sim_exit(4);
        sim_read(key, index == INDEX_PRESENT80 ? LWC_PRESENT80_KEY_BYTES
                                               : LWC_PRESENT128_KEY_BYTES);
        serve_blocks(index, key, op == OP_BLOCKS_DEC);
    }
}
