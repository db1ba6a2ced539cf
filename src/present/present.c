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
 * PRESENT_TINY_ASM: AVR cores outside the ATmega class (ATtiny) use the size-optimised
 * src/present/present_tiny_avr.S for setkey/encrypt/decrypt (key schedule on the fly),
 * if they have MOVW and LPM Rd, Z and the full register file (not the reduced AVRrc
 * core); include/lwc/present.h and the .S test the same condition. CTR stays the C
 * engine on top of them.
 */
#if defined(__AVR__) && !defined(__AVR_MEGA__) && !defined(__AVR_TINY__) && \
    defined(__AVR_HAVE_MOVW__) && defined(__AVR_HAVE_LPMX__) && !defined(LWC_NO_ASM)
#define PRESENT_TINY_ASM 1
#else
#define PRESENT_TINY_ASM 0
#endif

#if !PRESENT_TINY_ASM /* else everything but CTR is in present_tiny_avr.S */
#if LWC_BITSLICE32 /* the rounds and CTR are in present_bs32.c; no table lookups */
#define key_sbox(x) lwc_present_bs32_sbox(x)
#else
#include "present_tables.h"
#define key_sbox(x) lwc_rom_u8(&present_sbox[x])
#endif

#if !LWC_AVR_ASM && !LWC_BITSLICE32 /* else the rounds are in present_avr.S or present_bs32.c */
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

static void p_layer(uint8_t s[8])
{
    uint16_t w[4] = {0, 0, 0, 0};
    for (unsigned b = 0; b < 8; b++)
        for (unsigned k = 0; k < 4; k++)
            w[k] |= (uint16_t)((s[b] >> k & 1) | (s[b] >> (k + 3) & 2)) << (2 * b);
    for (unsigned k = 0; k < 4; k++) {
        s[2 * k] = (uint8_t)w[k];
        s[2 * k + 1] = (uint8_t)(w[k] >> 8);
    }
}

static void inv_p_layer(uint8_t s[8])
{
    uint16_t w[4];
    for (unsigned k = 0; k < 4; k++)
        w[k] = (uint16_t)(s[2 * k] | s[2 * k + 1] << 8);
    for (unsigned b = 0; b < 8; b++) {
        uint8_t x = 0;
        for (unsigned k = 0; k < 4; k++)
            x |= (uint8_t)((w[k] >> (2 * b) & 1) << k | (w[k] >> (2 * b + 1) & 1) << (k + 4));
        s[b] = x;
    }
}

#endif

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
    for (unsigned i = 0; i < n; i++)
        reg[i] = (uint8_t)(old[(i + 7) % n] << 5 | old[(i + 8) % n] >> 3);
    lwc_wipe(old, sizeof old);
}

#if LWC_AVR_ASM
/*
 * Swap-move between the bytes x[n] and x[n + 2^d] (bit d of n clear) with shift 2^j:
 * bits p of the second trade places with bits p + 2^j of the first, for the p with bit
 * j clear. Seen on the bit address (n, t), register-number bit d and bit-position bit j
 * trade places. present_avr.S uses the same steps.
 */
static void present_swapmove(uint8_t x[8], unsigned d, unsigned j)
{
    unsigned s = 1u << j;
    uint8_t mask = 0x0f; /* bits with bit j of their position clear: 0x55, 0x33, 0x0f */
    if (j < 2)
        mask ^= (uint8_t)(mask << 2);
    if (j < 1)
        mask ^= (uint8_t)(mask << 1);
    for (unsigned n = 0; n < 8; n++) {
        if (n >> d & 1)
            continue;
        uint8_t t = (uint8_t)(((x[n] >> s) ^ x[n | 1u << d]) & mask);
        x[n | 1u << d] ^= t;
        x[n] ^= (uint8_t)(t << s);
    }
}

/*
 * Rearranges round key r (in the s[] byte order above) for present_avr.S: state bit
 * i = 16a + 4b + c lives there in register n, bit t, which depend on the phase r mod 3
 * (index bits listed most significant first):
 *   phase 0: n = (i1 i3 i0), t = (i2 i5 i4)
 *   phase 1: n = (i0 i1 i4), t = (i5 i3 i2)
 *   phase 2: n = (i0 i1 i2), t = (i3 i5 i4)
 * and rk[n] is XORed into register n. Starting from n = (i5 i3 i4), t = (i2 i1 i0)
 * (byte i5 i4 i3 of s[] in register n), each layout is a few swap-moves away. The
 * assembly S-box leaves bits 2 and 3 of every nibble complemented, which the pLayer
 * moves to state bits 32..63: keys 1..31 carry that complement so that the key
 * addition also undoes it.
 */
static void present_bitslice_round_key(uint8_t rk[8], unsigned r)
{
    uint8_t x[8];
    for (unsigned n = 0; n < 8; n++) {
        uint8_t v = rk[(n >> 2) << 2 | (n & 1) << 1 | (n >> 1 & 1)];
        x[n] = (r != 0 && n >= 4) ? (uint8_t)~v : v;
    }
    switch (r % 3) {
    case 0: /* as the encryption input conversion */
        present_swapmove(x, 2, 1);
        present_swapmove(x, 0, 0);
        break;
    case 1: /* as the decryption input conversion */
        present_swapmove(x, 1, 1);
        present_swapmove(x, 2, 2);
        present_swapmove(x, 2, 0);
        break;
    default:
        present_swapmove(x, 2, 0);
        present_swapmove(x, 0, 0);
        present_swapmove(x, 0, 2);
        present_swapmove(x, 1, 2);
        present_swapmove(x, 1, 1);
        break;
    }
    memcpy(rk, x, 8);
    lwc_wipe(x, sizeof x);
}
#endif

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

static void present_setkey(lwc_present_key *ks, const uint8_t *key, unsigned n)
{
#if LWC_BITSLICE32
    uint8_t rk[LWC_PRESENT_ROUND_KEYS][8];
    present_key_schedule(rk, key, n);
    lwc_present_bs32_setkey(ks, rk);
    lwc_wipe(rk, sizeof rk);
#else
    present_key_schedule(ks->rk, key, n);
#if LWC_AVR_ASM
    for (unsigned r = 0; r < LWC_PRESENT_ROUND_KEYS; r++)
        present_bitslice_round_key(ks->rk[r], r);
#endif
#endif
}

void lwc_present80_setkey(lwc_present_key *ks, const uint8_t *key)
{
    present_setkey(ks, key, LWC_PRESENT80_KEY_BYTES);
}

void lwc_present128_setkey(lwc_present_key *ks, const uint8_t *key)
{
    present_setkey(ks, key, LWC_PRESENT128_KEY_BYTES);
}

#if !LWC_AVR_ASM && !LWC_BITSLICE32
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

#endif /* !PRESENT_TINY_ASM */

#if !LWC_BITSLICE32 /* else present_bs32.c runs two counter blocks per pass */
LWC_DEFINE_REFERENCE_CTR(present80, LWC_PRESENT80_BLOCK_BYTES)
LWC_DEFINE_REFERENCE_CTR(present128, LWC_PRESENT128_BLOCK_BYTES)
#endif
