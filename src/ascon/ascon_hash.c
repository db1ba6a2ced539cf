/*
 * Ascon-Hash256, Ascon-XOF128 and Ascon-CXOF128 (SP 800-232, 5 and 6): a sponge of rate
 * 64 bits (S0) with Ascon-p[12] throughout. S = Ascon-p[12](IV || 0) (precomputed:
 * ascon_tables.h, from tools/gen/gen_tables.py, which holds the IVs); each 8-byte block of
 * the input XORed into S0 and followed by Ascon-p[12], the last one padded with 01 00..
 * (a block of its own when the input fills whole blocks); then the output S0, and
 * Ascon-p[12] before each further 8 bytes. CXOF128 absorbs the customization string Z
 * first: its length in bits as one 64-bit block, then Z padded like a message. The
 * contract is in include/lwc/ascon.h.
 *
 * A sponge in progress (LWC_ASCON_SPONGE_FIELDS): while absorbing, pos bytes of the current
 * block are XORed into S0 (a full block is permuted at once: the padding always follows);
 * while squeezing, pos bytes of the current S0 are given out (8: permute before more).
 */
#include "ascon_internal.h"
#include "ascon_tables.h"

/* The sponges, in ascon_sponge_starts' order */
enum { HASH256, XOF128, CXOF128 };
enum { NOT_STARTED, ABSORBING, SQUEEZING };

#if !LWC_ASCON_ASM_HASH_LOOP && !LWC_ASCON_FAST64
void lwc_ascon_hash_absorb(uint64_t s[5], const uint8_t *in, size_t blocks)
{
    for (; blocks; blocks--, in += 8) {
        s[0] ^= lwc_ascon_load(in, 8);
        lwc_ascon_permute(s, LWC_ASCON_P12);
    }
}
#endif

static void sponge_start(uint64_t s[5], uint8_t *pos, uint8_t *phase, size_t sponge)
{
    uint8_t b[40];
    const uint8_t *rom = &ascon_sponge_starts[sizeof b * sponge];
    /* a pointer walk: on AVR, an index costs 7 cycles a byte more (avr-gcc recomputes the address) */
    for (uint8_t *p = b; p < b + sizeof b; p++, rom++)
        *p = lwc_rom_u8(rom);
    for (size_t i = 0; i < 5; i++)
        s[i] = lwc_ascon_load(b + 8 * i, 8);
    *pos = 0;
    *phase = ABSORBING;
}

/* Absorbs in[0..len), each byte read once. */
static void sponge_absorb(uint64_t s[5], uint8_t *pos, const uint8_t *in, size_t len)
{
    if (!len)
        return;
    if (*pos) { /* the current block first */
        const size_t n = len < 8u - *pos ? len : 8u - *pos;
        s[0] ^= lwc_ascon_load_at(in, n, *pos);
        *pos = (uint8_t)(*pos + n);
        in += n;
        len -= n;
        if (*pos < 8)
            return;
        lwc_ascon_permute(s, LWC_ASCON_P12);
        *pos = 0;
    }
    const size_t whole = len / 8;
    lwc_ascon_hash_absorb(s, in, whole);
    len %= 8;
    if (len) {
        s[0] ^= lwc_ascon_load(in + whole * 8, len);
        *pos = (uint8_t)len;
    }
}

/* The padding after the pos bytes of the current block: the end of an input. */
static void sponge_pad(uint64_t s[5], uint8_t *pos)
{
    s[0] ^= lwc_ascon_byte(0x01, *pos);
    lwc_ascon_permute(s, LWC_ASCON_P12);
    *pos = 0;
}

/* The next len bytes of output; the input is closed on the first call. */
static void sponge_squeeze(uint64_t s[5], uint8_t *pos, uint8_t *phase, uint8_t *out, size_t len)
{
    if (*phase == ABSORBING) {
        sponge_pad(s, pos);
        *phase = SQUEEZING;
    }
    while (len) {
        if (*pos == 8) {
            lwc_ascon_permute(s, LWC_ASCON_P12);
            *pos = 0;
        }
        const size_t n = len < 8u - *pos ? len : 8u - *pos;
        uint8_t block[8];
        lwc_ascon_store(block, s[0], 8);
        memcpy(out, block + *pos, n);
        lwc_wipe(block, sizeof block);
        *pos = (uint8_t)(*pos + n);
        out += n;
        len -= n;
    }
}

/* 0, or the error of a call on a state (lwc/ascon.h). */
static int check_state(const void *st, uint8_t phase, const void *buffer, size_t len)
{
    if (!st || lwc_missing(buffer, len))
        return LWC_E_NULL_POINTER;
    return phase == ABSORBING || phase == SQUEEZING ? 0 : LWC_E_NOT_INSTANTIATED;
}

/* ---- Hash256 ------------------------------------------------------------------------------ */

void lwc_ascon_hash256_init(lwc_ascon_hash256_state *st)
{
    sponge_start(st->s, &st->pos, &st->phase, HASH256);
}

int lwc_ascon_hash256_update(lwc_ascon_hash256_state *st, const uint8_t *in, size_t len)
{
    const int err = check_state(st, st ? st->phase : NOT_STARTED, in, len);
    if (err)
        return err;
    sponge_absorb(st->s, &st->pos, in, len);
    return 0;
}

int lwc_ascon_hash256_final(lwc_ascon_hash256_state *st, uint8_t *out)
{
    const int err = check_state(st, st ? st->phase : NOT_STARTED, out, LWC_ASCON_HASH256_BYTES);
    if (err)
        return err;
    sponge_squeeze(st->s, &st->pos, &st->phase, out, LWC_ASCON_HASH256_BYTES);
    lwc_wipe(st, sizeof *st); /* phase NOT_STARTED */
    return 0;
}

/* The one-shot calls are the streaming ones (one copy of the code, which matters on AVR). */
void lwc_ascon_hash256(uint8_t *out, const uint8_t *in, size_t len)
{
    lwc_ascon_hash256_state st;
    lwc_ascon_hash256_init(&st);
    lwc_ascon_hash256_update(&st, in, len);
    lwc_ascon_hash256_final(&st, out);
}

/* ---- XOF128, CXOF128 ---------------------------------------------------------------------- */

void lwc_ascon_xof128_init(lwc_ascon_xof128_state *st)
{
    sponge_start(st->s, &st->pos, &st->phase, XOF128);
}

int lwc_ascon_cxof128_init(lwc_ascon_xof128_state *st, const uint8_t *custom, size_t custom_len)
{
    if (!st || lwc_missing(custom, custom_len))
        return LWC_E_NULL_POINTER;
    if (custom_len > LWC_ASCON_CXOF128_MAX_CUSTOM)
        return LWC_E_BAD_PARAMETER;
    /* Z's length in bits as a block, then Z padded */
    sponge_start(st->s, &st->pos, &st->phase, CXOF128);
    st->s[0] ^= lwc_ascon_import((uint64_t)custom_len * 8);
    lwc_ascon_permute(st->s, LWC_ASCON_P12);
    sponge_absorb(st->s, &st->pos, custom, custom_len);
    sponge_pad(st->s, &st->pos);
    return 0;
}

int lwc_ascon_xof128_update(lwc_ascon_xof128_state *st, const uint8_t *in, size_t len)
{
    const int err = check_state(st, st ? st->phase : NOT_STARTED, in, len);
    if (err)
        return err;
    if (st->phase != ABSORBING)
        return LWC_E_WRONG_MODE;
    sponge_absorb(st->s, &st->pos, in, len);
    return 0;
}

int lwc_ascon_xof128_squeeze(lwc_ascon_xof128_state *st, uint8_t *out, size_t len)
{
    const int err = check_state(st, st ? st->phase : NOT_STARTED, out, len);
    if (err)
        return err;
    sponge_squeeze(st->s, &st->pos, &st->phase, out, len);
    return 0;
}

void lwc_ascon_xof128(uint8_t *out, size_t out_len, const uint8_t *in, size_t len)
{
    lwc_ascon_xof128_state st;
    lwc_ascon_xof128_init(&st);
    lwc_ascon_xof128_update(&st, in, len);
    lwc_ascon_xof128_squeeze(&st, out, out_len);
    lwc_wipe(&st, sizeof st);
}

int lwc_ascon_cxof128(uint8_t *out, size_t out_len, const uint8_t *custom, size_t custom_len, const uint8_t *in,
                      size_t len)
{
    lwc_ascon_xof128_state st;
    if (lwc_missing(out, out_len) || lwc_missing(in, len))
        return LWC_E_NULL_POINTER;
    const int err = lwc_ascon_cxof128_init(&st, custom, custom_len);
    if (err)
        return err;
    lwc_ascon_xof128_update(&st, in, len);
    lwc_ascon_xof128_squeeze(&st, out, out_len);
    lwc_wipe(&st, sizeof st);
    return 0;
}
