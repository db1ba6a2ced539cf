/*
 * libFuzzer harness: Ascon (lwc/ascon.h). The input chooses an operation and its data.
 *   Ascon-AEAD128: key, nonce, tag length, associated data and message. With a valid tag
 *   length and a 16-byte nonce: decryption of the encryption gives the message back, in
 *   place as apart (the same ciphertext and tag), and with one chosen bit of nonce, ad,
 *   ciphertext or tag flipped it is rejected with the output all zero. Else: the error the
 *   header documents (LWC_E_TAG_LENGTH before LWC_E_NONCE_LENGTH), nothing written.
 *   Hash256, XOF128, CXOF128: a customization string (up to 300 bytes: over 256 is refused
 *   with LWC_E_BAD_PARAMETER, nothing written), a message and its split into update calls,
 *   an output length and its split into squeezes: streaming equals the one-shot call.
 */
#include "../../include/lwc.h"
#include "fuzz_input.h"

#define MAX_MSG 600
#define MAX_PIECES 8

static const uint8_t FILL = 0xa5;

static int filled(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != FILL)
            return 0;
    return 1;
}

static void fuzz_aead(fuzz_input *in)
{
    static uint8_t ad[MAX_MSG], pt[MAX_MSG], ct[MAX_MSG + 1], back[MAX_MSG], work[MAX_MSG];
    uint8_t key[16], nonce[20], tag[17], tag2[17];
    lwc_ascon_aead128_key k;
    fuzz_bytes(in, key, sizeof key);
    fuzz_bytes(in, nonce, sizeof nonce);
    const uint8_t shape = fuzz_u8(in);
    const size_t nonce_len = shape & 0x80 ? (size_t)(shape & 0x1f) % 21 : 16;
    const size_t tag_len = shape & 0x40 ? fuzz_u8(in) % 18 : 16;
    const size_t ad_len = fuzz_u16(in) % 64;
    fuzz_bytes(in, ad, ad_len);
    const size_t flip = fuzz_u16(in);
    const size_t len = in->left < MAX_MSG ? in->left : MAX_MSG;
    fuzz_bytes(in, pt, len);
    lwc_ascon_aead128_setkey(&k, key);
    memset(ct, FILL, len + 1);
    memset(tag, FILL, sizeof tag);
    const int r = lwc_ascon_aead128_encrypt(&k, ct, tag, tag_len, nonce, nonce_len, ad, ad_len, pt, len);
    if (tag_len < 4 || tag_len > 16 || nonce_len != 16) {
        const int want = tag_len < 4 || tag_len > 16 ? LWC_E_TAG_LENGTH : LWC_E_NONCE_LENGTH;
        FUZZ_ASSERT(r == want && filled(ct, len + 1) && filled(tag, sizeof tag));
        memcpy(work, pt, len);
        FUZZ_ASSERT(lwc_ascon_aead128_decrypt(&k, work, tag, tag_len, nonce, nonce_len, ad, ad_len, work, len) == want);
        FUZZ_ASSERT(memcmp(work, pt, len) == 0);
        return;
    }
    FUZZ_ASSERT(r == 0 && ct[len] == FILL && filled(tag + tag_len, sizeof tag - tag_len));
    /* in place: the same ciphertext and tag; decryption both ways */
    memcpy(work, pt, len);
    FUZZ_ASSERT(lwc_ascon_aead128_encrypt(&k, work, tag2, tag_len, nonce, 16, ad, ad_len, work, len) == 0);
    FUZZ_ASSERT(memcmp(work, ct, len) == 0 && memcmp(tag2, tag, tag_len) == 0);
    FUZZ_ASSERT(lwc_ascon_aead128_decrypt(&k, back, tag, tag_len, nonce, 16, ad, ad_len, ct, len) == 0);
    FUZZ_ASSERT(memcmp(back, pt, len) == 0);
    FUZZ_ASSERT(lwc_ascon_aead128_decrypt(&k, work, tag, tag_len, nonce, 16, ad, ad_len, work, len) == 0);
    FUZZ_ASSERT(memcmp(work, pt, len) == 0);
    /* one bit of nonce, ad, ciphertext or tag flipped: rejected, nothing released */
    const size_t bits = 8 * (16 + ad_len + len + tag_len), bit = flip % bits;
    uint8_t *const fields[4] = {nonce, ad, ct, tag};
    const size_t sizes[4] = {16, ad_len, len, tag_len};
    size_t f = 0, b = bit;
    while (b >= 8 * sizes[f])
        b -= 8 * sizes[f++];
    fields[f][b / 8] ^= (uint8_t)(1 << b % 8);
    FUZZ_ASSERT(lwc_ascon_aead128_decrypt(&k, back, tag, tag_len, nonce, 16, ad, ad_len, ct, len) == LWC_E_AUTH);
    for (size_t i = 0; i < len; i++)
        FUZZ_ASSERT(back[i] == 0);
}

/* A split: up to MAX_PIECES piece lengths of 0..18 bytes from the input (the last piece
 * takes the rest); then fitted to a total (pieces cut where they would pass it). */
static size_t pieces_read(fuzz_input *in, size_t *pieces)
{
    const size_t n = 1 + fuzz_u8(in) % MAX_PIECES;
    for (size_t p = 0; p + 1 < n; p++)
        pieces[p] = fuzz_u8(in) % 19;
    return n;
}

static void pieces_fit(size_t *pieces, size_t n, size_t total)
{
    size_t used = 0;
    for (size_t p = 0; p + 1 < n; p++) {
        if (pieces[p] > total - used)
            pieces[p] = total - used;
        used += pieces[p];
    }
    pieces[n - 1] = total - used;
}

static void fuzz_hash(fuzz_input *in, int kind)
{
    static uint8_t custom[300], msg[MAX_MSG], want[MAX_MSG + 1], got[MAX_MSG + 1];
    size_t in_pieces[MAX_PIECES], out_pieces[MAX_PIECES];
    const size_t custom_len = kind == 2 ? fuzz_u16(in) % sizeof custom : 0;
    fuzz_bytes(in, custom, custom_len);
    const size_t out_len = kind == 0 ? 32 : fuzz_u16(in) % MAX_MSG;
    const size_t n_out = pieces_read(in, out_pieces), n_in = pieces_read(in, in_pieces);
    const size_t len = in->left < MAX_MSG ? in->left : MAX_MSG;
    pieces_fit(out_pieces, n_out, out_len);
    pieces_fit(in_pieces, n_in, len);
    fuzz_bytes(in, msg, len);
    lwc_ascon_hash256_state h;
    lwc_ascon_xof128_state x;
    memset(want, FILL, out_len + 1);
    memset(got, FILL, out_len + 1);
    if (kind == 0) {
        lwc_ascon_hash256(want, msg, len);
        lwc_ascon_hash256_init(&h);
    } else if (kind == 1) {
        lwc_ascon_xof128(want, out_len, msg, len);
        lwc_ascon_xof128_init(&x);
    } else {
        const int r = lwc_ascon_cxof128(want, out_len, custom, custom_len, msg, len);
        const int r2 = lwc_ascon_cxof128_init(&x, custom, custom_len);
        if (custom_len > LWC_ASCON_CXOF128_MAX_CUSTOM) {
            FUZZ_ASSERT(r == LWC_E_BAD_PARAMETER && r2 == LWC_E_BAD_PARAMETER && filled(want, out_len + 1));
            return;
        }
        FUZZ_ASSERT(r == 0 && r2 == 0);
    }
    FUZZ_ASSERT(want[out_len] == FILL);
    const uint8_t *p = msg;
    for (size_t i = 0; i < n_in; p += in_pieces[i++])
        FUZZ_ASSERT((kind == 0 ? lwc_ascon_hash256_update(&h, in_pieces[i] ? p : NULL, in_pieces[i])
                               : lwc_ascon_xof128_update(&x, in_pieces[i] ? p : NULL, in_pieces[i])) == 0);
    if (kind == 0) {
        FUZZ_ASSERT(lwc_ascon_hash256_final(&h, got) == 0);
        FUZZ_ASSERT(lwc_ascon_hash256_update(&h, msg, 1) == LWC_E_NOT_INSTANTIATED);
    } else {
        uint8_t *o = got;
        for (size_t i = 0; i < n_out; o += out_pieces[i++])
            FUZZ_ASSERT(lwc_ascon_xof128_squeeze(&x, out_pieces[i] ? o : NULL, out_pieces[i]) == 0);
        FUZZ_ASSERT(lwc_ascon_xof128_update(&x, msg, 1) == LWC_E_WRONG_MODE);
    }
    FUZZ_ASSERT(memcmp(got, want, out_len + 1) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size};
    const int op = fuzz_u8(&in) % 4;
    if (op == 3)
        fuzz_aead(&in);
    else
        fuzz_hash(&in, op);
    return 0;
}
