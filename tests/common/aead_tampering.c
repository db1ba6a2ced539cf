/* Every-bit tampering of an AEAD on the host (mode_backend.h). */
#include <string.h>

#include "ascon_backend.h"
#include "check.h"
#include "rng.h"

void aead_tampering_check(const test_aead *a, const char *name, size_t key_bytes, size_t nonce_len, size_t len,
                          size_t tag_len)
{
    enum { AD = 8, MAX_LEN = 64, MAX_NONCE = 16 };
    union {
        test_mode_key mode;
        lwc_ascon_aead128_key ascon;
    } k;
    uint8_t key[TEST_MAX_KEY], nonce[MAX_NONCE], ad[AD], pt[MAX_LEN], ct[MAX_LEN], tag[TEST_MAX_BLOCK];
    uint8_t work[MAX_LEN], out[MAX_LEN];
    if (!check(len <= MAX_LEN && nonce_len <= MAX_NONCE && tag_len <= TEST_MAX_BLOCK, "%s: tampering record too large",
               name))
        return;
    rng_fill(key, key_bytes);
    rng_fill(nonce, sizeof nonce);
    rng_fill(ad, sizeof ad);
    rng_fill(pt, len);
    a->setkey(&k, key);
    a->encrypt(&k, ct, tag, tag_len, nonce, nonce_len, ad, AD, pt, len);
    uint8_t *const fields[4] = {tag, work, ad, nonce};
    const size_t sizes[4] = {tag_len, len, AD, nonce_len};
    static const char *const names[4] = {"tag", "ciphertext", "associated data", "nonce"};
    for (int f = 0; f < 4; f++) {
        unsigned accepted = 0, released = 0, tried = 0;
        for (size_t bit = 0; bit < 8 * sizes[f]; bit++) {
            for (int in_place = 0; in_place <= 1; in_place++) {
                memcpy(work, ct, len);
                memset(out, MODE_FILL, len);
                fields[f][bit / 8] ^= (uint8_t)(1 << bit % 8);
                uint8_t *const dst = in_place ? work : out;
                const int r = a->decrypt(&k, dst, tag, tag_len, nonce, nonce_len, ad, AD, work, len);
                if (f != 1)
                    fields[f][bit / 8] ^= (uint8_t)(1 << bit % 8);
                size_t nonzero = 0;
                for (size_t i = 0; i < len; i++)
                    nonzero += dst[i] != 0;
                accepted += r != LWC_E_AUTH;
                released += nonzero != 0;
                tried++;
            }
        }
        check(tried == 16 * sizes[f] && accepted == 0 && released == 0,
              "%s (%zu-byte tag): of %u flips of the %s, %u accepted, %u released output", name, tag_len, tried,
              names[f], accepted, released);
    }
    check(a->decrypt(&k, out, tag, tag_len, nonce, nonce_len, ad, AD, ct, len) == 0 && memcmp(out, pt, len) == 0,
          "%s: the untampered record is not accepted after the flips", name);
    lwc_wipe(&k, sizeof k);
}
