/*
 * PRESENT reference implementation, byte-oriented so that it is also reasonable on
 * 8-bit MCUs (no 64-bit arithmetic).
 *
 * State: s[b] holds bits 8b+7..8b of the 64-bit state, i.e. s[b] = block[7 - b].
 * pLayer: bit i moves to 16*i mod 63. Writing i = 4j + k (bit k of nibble j) this is
 * j + 16k: output 16-bit word k gathers bit k of every nibble, in nibble order. Byte b
 * holds nibbles 2b and 2b+1, so its bits k and k+4 land at bits 2b and 2b+1 of word k.
 */
#include "../common/lwc_internal.h"
#include "present_internal.h"

#define PRESENT_ROUNDS 31

/*
 * The C here serves LWC_IMPL_C and LWC_IMPL_BITSLICE32 (whose rounds and CTR are in
 * present_bs32.c, without table lookups). The ATtiny assembly (present_tiny_avr.S,
 * present_tiny_fast_avr.S) has setkey/encrypt/decrypt with the key schedule on the fly;
 * the ATmega assembly (present_avr.S) has all but the CTR glue at the end of this file,
 * and stores the round keys in the layout of its rounds. CTR on the ATtiny is the C
 * engine on top of the assembly.
 */
#if LWC_PRESENT_IMPL == LWC_IMPL_C || LWC_PRESENT_IMPL == LWC_IMPL_BITSLICE32
#if LWC_PRESENT_IMPL == LWC_IMPL_BITSLICE32
#define key_sbox(x) lwc_present_bs32_sbox(x)
#else
#include "present_tables.h"
#define key_sbox(x) lwc_rom_u8(&present_sbox[x])
#endif

#if LWC_PRESENT_IMPL == LWC_IMPL_C /* else the rounds are in present_bs32.c */
static void add_round_key(uint8_t s[8], const uint8_t rk[8])
{
    for (unsigned b = 0; b < 8; b++)
        s[b] ^= rk[b];
}

static void sbox_layer(uint8_t s[8], const uint8_t *sbox)
{
    for (unsigned b = 0; b < 8; b++)
        s[b] = (uint8_t)(lwc_rom_u8(&sbox[s[b] & 15]) | lwc_rom_u8(&sbox[s[b] >> 4]) << 4);
}

/* Constant shifts only (AVR shifts by a variable amount in a loop). */
static void p_layer(uint8_t s[8])
{
    uint8_t t[8];
    memcpy(t, s, 8);
    for (unsigned k = 0; k < 4; k++) { /* word k = bytes 2k, 2k+1: bits k, k+4 of t[b] */
        uint8_t lo = 0, hi = 0;
        for (unsigned b = 4; b-- > 0;) {
            lo = (uint8_t)(lo << 2 | (t[b] & 1) | (t[b] >> 3 & 2));
            hi = (uint8_t)(hi << 2 | (t[b + 4] & 1) | (t[b + 4] >> 3 & 2));
            t[b] >>= 1;
            t[b + 4] >>= 1;
        }
        s[2 * k] = lo;
        s[2 * k + 1] = hi;
    }
    lwc_wipe(t, sizeof t);
}

static void inv_p_layer(uint8_t s[8])
{
    uint8_t w[8];
    memcpy(w, s, 8);
    for (unsigned b = 0; b < 8; b++) { /* bits 2b, 2b+1 of word k -> bits k, k+4 */
        uint8_t lo = 0, hi = 0;
        for (unsigned k = 4; k-- > 0;) {
            uint8_t *v = &w[2 * k + (b >> 2)];
            lo = (uint8_t)(lo << 1 | (*v & 1));
            hi = (uint8_t)(hi << 1 | (*v >> 1 & 1));
            *v >>= 2;
        }
        s[b] = (uint8_t)(lo | hi << 4);
    }
    lwc_wipe(w, sizeof w);
}
#endif

#if LWC_PRESENT_IMPL == LWC_IMPL_C
/* Round key = the 64 most significant bits of the big-endian key register reg. */
static void extract_round_key(uint8_t rk[8], const uint8_t *reg)
{
    for (unsigned b = 0; b < 8; b++)
        rk[b] = reg[7 - b];
}

/* Rotates the big-endian n-byte key register left by 61 bits (7 bytes and 5 bits). */
static void rotate_left_61(uint8_t *reg, unsigned n)
{
    uint8_t old[16];
    memcpy(old, reg, n);
    for (unsigned i = 0, a = 7; i < n; i++) { /* a = (i + 7) mod n, no division */
        unsigned b = a + 1 == n ? 0 : a + 1;
        reg[i] = (uint8_t)(old[a] << 5 | old[b] >> 3);
        a = b;
    }
    lwc_wipe(old, sizeof old);
}

/*
 * Key schedule of the paper for an n-byte key: after each round key, rotate left by 61,
 * pass the top nibble (80-bit) or top two nibbles (128-bit) through the S-box and XOR
 * the round counter into bits 19..15 (80-bit) or 66..62 (128-bit).
 */
static void present_key_schedule(uint8_t rk[LWC_PRESENT_ROUND_KEYS][8], const uint8_t *key, unsigned n)
{
    uint8_t reg[16];
    memcpy(reg, key, n);
    for (unsigned r = 1; r <= LWC_PRESENT_ROUND_KEYS; r++) {
        extract_round_key(rk[r - 1], reg);
        if (r == LWC_PRESENT_ROUND_KEYS)
            break;
        rotate_left_61(reg, n);
        if (n == LWC_PRESENT80_KEY_BYTES) {
            reg[0] = (uint8_t)(key_sbox(reg[0] >> 4) << 4 | (reg[0] & 15));
            /* Bits 19..15 of the 80-bit register: byte 7 bits 3..0 and byte 8 bit 7. */
            reg[7] ^= (uint8_t)(r >> 1);
            reg[8] ^= (uint8_t)(r << 7);
        } else {
            reg[0] = (uint8_t)(key_sbox(reg[0] >> 4) << 4 |
                               key_sbox(reg[0] & 15));
            /* Bits 66..62 of the 128-bit register: byte 7 bits 2..0 and byte 8 bits 7..6. */
            reg[7] ^= (uint8_t)(r >> 2);
            reg[8] ^= (uint8_t)(r << 6);
        }
    }
    lwc_wipe(reg, sizeof reg);
}
#endif

#if LWC_PRESENT_IMPL == LWC_IMPL_BITSLICE32
/*
 * The same key schedule over 64-bit words (the 32-bit cores of the bitsliced path): the
 * register as hi, its 64 most significant bits (the round key), and lo, the rest (16 bits
 * for PRESENT-80, 64 for PRESENT-128); each round key goes to the bitsliced layout at once.
 */
static void present_setkey(lwc_present_key *ks, const uint8_t *key, unsigned n)
{
    uint64_t hi = (uint64_t)lwc_load32be(key) << 32 | lwc_load32be(key + 4), lo;
    if (n == LWC_PRESENT80_KEY_BYTES)
        lo = (uint64_t)key[8] << 8 | key[9];
    else
        lo = (uint64_t)lwc_load32be(key + 8) << 32 | lwc_load32be(key + 12);
    for (unsigned r = 1; r <= LWC_PRESENT_ROUND_KEYS; r++) {
        const uint64_t h = hi;
        lwc_present_bs32_set_round_key(ks, r - 1, hi);
        if (r == LWC_PRESENT_ROUND_KEYS)
            break;
        if (n == LWC_PRESENT80_KEY_BYTES) {
            /* Rotated left by 61 (right by 19): the low 19 bits of the register on top. */
            hi = h >> 19 | ((h & 7) << 16 | lo) << 45;
            lo = h >> 3 & 0xffff;
            hi = (hi & ~((uint64_t)15 << 60)) | (uint64_t)key_sbox((uint8_t)(hi >> 60)) << 60;
            hi ^= r >> 1; /* bits 19..15: 19..16 at the bottom of hi, 15 at the top of lo */
            lo ^= (uint64_t)(r & 1) << 15;
        } else {
            hi = h << 61 | lo >> 3;
            lo = lo << 61 | h >> 3;
            hi = (hi & ~((uint64_t)255 << 56)) | (uint64_t)key_sbox((uint8_t)(hi >> 60)) << 60 |
                 (uint64_t)key_sbox((uint8_t)(hi >> 56 & 15)) << 56;
            hi ^= r >> 2; /* bits 66..62: 66..64 at the bottom of hi, 63..62 at the top of lo */
            lo ^= (uint64_t)(r & 3) << 62;
        }
    }
    lwc_wipe(&hi, sizeof hi);
    lwc_wipe(&lo, sizeof lo);
}
#else
static void present_setkey(lwc_present_key *ks, const uint8_t *key, unsigned n)
{
    present_key_schedule(ks->rk, key, n);
}
#endif

void lwc_present80_setkey(lwc_present_key *ks, const uint8_t *key)
{
    present_setkey(ks, key, LWC_PRESENT80_KEY_BYTES);
}

void lwc_present128_setkey(lwc_present_key *ks, const uint8_t *key)
{
    present_setkey(ks, key, LWC_PRESENT128_KEY_BYTES);
}

#if LWC_PRESENT_IMPL == LWC_IMPL_C
static void present_encrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)
{
    uint8_t s[8];
    for (unsigned b = 0; b < 8; b++)
        s[b] = in[7 - b];
    for (unsigned r = 0; r < PRESENT_ROUNDS; r++) {
        add_round_key(s, ks->rk[r]);
        sbox_layer(s, present_sbox);
        p_layer(s);
    }
    add_round_key(s, ks->rk[PRESENT_ROUNDS]);
    for (unsigned b = 0; b < 8; b++)
        out[7 - b] = s[b];
    lwc_wipe(s, sizeof s);
}

static void present_decrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)
{
    uint8_t s[8];
    for (unsigned b = 0; b < 8; b++)
        s[b] = in[7 - b];
    add_round_key(s, ks->rk[PRESENT_ROUNDS]);
    for (unsigned r = PRESENT_ROUNDS; r-- > 0;) {
        inv_p_layer(s);
        sbox_layer(s, present_inv_sbox);
        add_round_key(s, ks->rk[r]);
    }
    for (unsigned b = 0; b < 8; b++)
        out[7 - b] = s[b];
    lwc_wipe(s, sizeof s);
}

void lwc_present80_encrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)
{
    present_encrypt(ks, out, in);
}

void lwc_present80_decrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)
{
    present_decrypt(ks, out, in);
}

void lwc_present128_encrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)
{
    present_encrypt(ks, out, in);
}

void lwc_present128_decrypt(const lwc_present_key *ks, uint8_t *out, const uint8_t *in)
{
    present_decrypt(ks, out, in);
}

#endif

#endif /* LWC_IMPL_C, LWC_IMPL_BITSLICE32 */

#if LWC_PRESENT_IMPL == LWC_IMPL_AVR
/* CTR: the assembly contract of lwc_internal.h; present_avr.S relies on these offsets. */
LWC_STATIC_ASSERT(present_ctr_offsets, offsetof(lwc_present_ctr, counter) == 256 &&
                                            offsetof(lwc_present_ctr, pre) == 265);
LWC_CTR_WINDOW_LAYOUT(present_ctr_layout, lwc_present_ctr, counter, pre_valid, 8);
#define PRESENT_CTR_STREAM LWC_CTR_STREAM_OFFSET(lwc_present_ctr, counter)
void lwc_present_ctr_blocks(uint8_t *counter, uint8_t *out, const uint8_t *in, uint8_t nblocks);

void lwc_present80_ctr_init(lwc_present80_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_present80_setkey(&ctx->ks, key);
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 8);
}

void lwc_present80_ctr_setiv(lwc_present80_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 8);
}

void lwc_present80_ctr_crypt(lwc_present80_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_window_crypt(lwc_present_ctr_blocks, ctx->counter, 8, LWC_PRESENT_CTR_WINDOW / 8,
                         PRESENT_CTR_STREAM, out, in, len);
}

void lwc_present128_ctr_init(lwc_present128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_present128_setkey(&ctx->ks, key);
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 8);
}

void lwc_present128_ctr_setiv(lwc_present128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_window_restart(ctx->counter, &ctx->used, &ctx->pre_valid, iv, 8);
}

void lwc_present128_ctr_crypt(lwc_present128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_window_crypt(lwc_present_ctr_blocks, ctx->counter, 8, LWC_PRESENT_CTR_WINDOW / 8,
                         PRESENT_CTR_STREAM, out, in, len);
}
#elif LWC_PRESENT_IMPL != LWC_IMPL_BITSLICE32 /* else present_bs32.c runs two blocks per pass */
/* CTR on the reference engine (lwc_internal.h). */
static void present80_ctr_block(const void *ks, uint8_t *out, const uint8_t *in)
{
    lwc_present80_encrypt(ks, out, in);
}

static void present128_ctr_block(const void *ks, uint8_t *out, const uint8_t *in)
{
    lwc_present128_encrypt(ks, out, in);
}

void lwc_present80_ctr_init(lwc_present80_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_present80_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_present80_ctr_setiv(lwc_present80_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_present80_ctr_crypt(lwc_present80_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt(present80_ctr_block, &ctx->ks, 8, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}

void lwc_present128_ctr_init(lwc_present128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_present128_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_present128_ctr_setiv(lwc_present128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 8);
}

void lwc_present128_ctr_crypt(lwc_present128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ctr_xcrypt(present128_ctr_block, &ctx->ks, 8, ctx->counter, ctx->stream, &ctx->used, out, in, len);
}
#endif
