/*
 * The node's side of the sealed records: each suite's sealer_init and lwc_seal (lwc/records.h).
 * A sealer_init refers to its own suite's encryption only, so that a sketch that seals with
 * one suite links that suite's code and nothing of the others.
 */
#include "records_internal.h"

/* lwc_record_seal_fn of each suite: the header as associated data and as nonce (padded to the
 * suite's nonce length N). */
#define SEAL_ADAPTER(ID, X, M, N)                                                                                \
    static int X##_##M##_seal(const void *k, uint8_t *ct, uint8_t *tag, const uint8_t *header,                  \
                              const uint8_t *payload, size_t len)                                               \
    {                                                                                                           \
        uint8_t nonce[N];                                                                                       \
        return lwc_##X##_##M##_encrypt((const lwc_##X##_##M##_key *)k, ct, tag, LWC_RECORD_TAG_BYTES,            \
                                       lwc_record_nonce(nonce, header, N), N, header, LWC_RECORD_HEADER_BYTES,  \
                                       payload, len);                                                           \
    }
LWC_RECORD_SUITES(SEAL_ADAPTER)

/* The checks of a sealer_init; then the header of record counter 0 of this boot, and the
 * suite's key and encryption (the caller sets the key up next). */
static int start(lwc_sealer *s, const void *k, const uint8_t *node_key, lwc_record_seal_fn seal, uint8_t suite,
                 uint32_t node_id, uint8_t epoch, uint32_t boot_counter)
{
    if (!s || !k || !node_key)
        return LWC_E_NULL_POINTER;
    if (boot_counter > LWC_RECORD_BOOT_MAX)
        return LWC_E_COUNTER_EXHAUSTED;
    uint8_t *const h = s->header;
    s->key = k;
    s->seal = seal;
    h[0] = (uint8_t)(LWC_RECORD_VERSION << 4 | suite);
    lwc_store32be(h + 1, node_id);
    h[5] = epoch;
    h[6] = (uint8_t)(boot_counter >> 16);
    h[7] = (uint8_t)(boot_counter >> 8);
    h[8] = (uint8_t)boot_counter;
    memset(h + 9, 0, 3);
    s->exhausted = 0;
    return 0;
}

/* Body of the entry points below (which it reads by their parameter names): cipher X's mode
 * M, suite SUITE. */
#define SEALER_INIT(X, M, SUITE)                                                                     \
    const int err = start(s, k, node_key, X##_##M##_seal, SUITE, node_id, epoch, boot_counter);     \
    if (!err)                                                                                        \
        lwc_##X##_##M##_setkey(k, node_key);                                                         \
    return err

int lwc_lea128_eax_sealer_init(lwc_sealer *s, lwc_lea128_eax_key *k, const uint8_t *node_key, uint32_t node_id,
                               uint8_t epoch, uint32_t boot_counter)
{
    SEALER_INIT(lea128, eax, LWC_SUITE_EAX_LEA128);
}

int lwc_hight_eax_sealer_init(lwc_sealer *s, lwc_hight_eax_key *k, const uint8_t *node_key, uint32_t node_id,
                              uint8_t epoch, uint32_t boot_counter)
{
    SEALER_INIT(hight, eax, LWC_SUITE_EAX_HIGHT);
}

int lwc_cham64_128_eax_sealer_init(lwc_sealer *s, lwc_cham64_128_eax_key *k, const uint8_t *node_key,
                                   uint32_t node_id, uint8_t epoch, uint32_t boot_counter)
{
    SEALER_INIT(cham64_128, eax, LWC_SUITE_EAX_CHAM64_128);
}

int lwc_aes128_eax_sealer_init(lwc_sealer *s, lwc_aes128_eax_key *k, const uint8_t *node_key, uint32_t node_id,
                               uint8_t epoch, uint32_t boot_counter)
{
    SEALER_INIT(aes128, eax, LWC_SUITE_EAX_AES128);
}

int lwc_aes128_ccm_sealer_init(lwc_sealer *s, lwc_aes128_ccm_key *k, const uint8_t *node_key, uint32_t node_id,
                               uint8_t epoch, uint32_t boot_counter)
{
    SEALER_INIT(aes128, ccm, LWC_SUITE_CCM_AES128);
}

int lwc_ascon_aead128_sealer_init(lwc_sealer *s, lwc_ascon_aead128_key *k, const uint8_t *node_key,
                                  uint32_t node_id, uint8_t epoch, uint32_t boot_counter)
{
    SEALER_INIT(ascon, aead128, LWC_SUITE_ASCON_AEAD128);
}

int lwc_seal(lwc_sealer *s, uint8_t *out, size_t out_cap, const uint8_t *payload, size_t len)
{
    if (!s || !out || lwc_missing(payload, len))
        return LWC_E_NULL_POINTER;
    if (s->exhausted)
        return LWC_E_COUNTER_EXHAUSTED;
    if (out_cap < LWC_RECORD_OVERHEAD_BYTES || out_cap - LWC_RECORD_OVERHEAD_BYTES < len)
        return LWC_E_BUFFER_TOO_SMALL;
    uint8_t *const ct = out + LWC_RECORD_HEADER_BYTES;
    if (payload != ct && lwc_overlap(out, len + LWC_RECORD_OVERHEAD_BYTES, payload, len))
        return LWC_E_OVERLAP;
    const int err = s->seal(s->key, ct, ct + len, s->header, payload, len);
    if (err)
        return err;
    memcpy(out, s->header, LWC_RECORD_HEADER_BYTES);
    /* The next record counter, big-endian in the header's last 3 bytes; after 2^24 - 1 it
     * would wrap to a counter this boot has used. */
    uint8_t *const count = s->header + LWC_RECORD_HEADER_BYTES - 3;
    lwc_ctr_increment(count, 3);
    s->exhausted = (count[0] | count[1] | count[2]) == 0;
    return 0;
}
