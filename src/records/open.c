/*
 * The gateway's side of the sealed records: parsing, the node keys, opening (lwc/records.h).
 * The suites are a table indexed by suite id, which refers to every suite's decryption: a
 * node, which only seals, never links it.
 */
#include "records_internal.h"
#include "../common/lwc_simd.h"

/* The label of the node keys' derivation (without its NUL). */
static const uint8_t kdf_label[] = "lwc-record-v1";

/* One suite as the opener sees it: its key setup and its decryption of a record. */
typedef struct {
    void (*setkey)(void *k, const uint8_t *key);
    int (*open)(const void *k, uint8_t *payload, const uint8_t *tag, const uint8_t *header, const uint8_t *ct,
                size_t len);
} suite_ops;

/* Adapters with the table's signatures (calling through a cast function pointer is
 * undefined): the header as associated data and as nonce (padded to the suite's nonce length
 * N). */
#define OPEN_ADAPTERS(ID, X, M, N)                                                                        \
    static void X##_##M##_open_setkey(void *k, const uint8_t *key)                                        \
    {                                                                                                     \
        lwc_##X##_##M##_setkey((lwc_##X##_##M##_key *)k, key);                                            \
    }                                                                                                     \
    static int X##_##M##_open(const void *k, uint8_t *payload, const uint8_t *tag, const uint8_t *header, \
                              const uint8_t *ct, size_t len)                                              \
    {                                                                                                     \
        uint8_t nonce[N];                                                                                 \
        return lwc_##X##_##M##_decrypt((const lwc_##X##_##M##_key *)k, payload, tag, LWC_RECORD_TAG_BYTES,  \
                                       lwc_record_nonce(nonce, header, N), N, header,                     \
                                       LWC_RECORD_HEADER_BYTES, ct, len);                                 \
    }
LWC_RECORD_SUITES(OPEN_ADAPTERS)

#define SUITE_ROW(ID, X, M, N) [ID] = {X##_##M##_open_setkey, X##_##M##_open},
static const suite_ops suites[LWC_RECORD_SUITE_IDS] = {LWC_RECORD_SUITES(SUITE_ROW)};

/* The suite of id, or NULL if this build has none. */
static const suite_ops *suite_of(unsigned id)
{
    return id < LWC_RECORD_SUITE_IDS && suites[id].open ? &suites[id] : NULL;
}

int lwc_record_parse(lwc_record_info *info, const uint8_t *record, size_t len)
{
    uint8_t h[LWC_RECORD_HEADER_BYTES];
    if (!info || !record)
        return LWC_E_NULL_POINTER;
    if (len < LWC_RECORD_OVERHEAD_BYTES)
        return LWC_E_RECORD_SHORT;
    memcpy(h, record, sizeof h); /* read once: every field comes from this copy */
    if (h[0] >> 4 != LWC_RECORD_VERSION)
        return LWC_E_RECORD_VERSION;
    if (!suite_of(h[0] & 0x0f))
        return LWC_E_RECORD_SUITE;
    memcpy(info->header, h, sizeof h);
    info->version = (uint8_t)(h[0] >> 4);
    info->suite = (uint8_t)(h[0] & 0x0f);
    info->node_id = lwc_load32be(h + 1);
    info->epoch = h[5];
    info->counter = (uint64_t)lwc_load32be(h + 6) << 16 | (uint32_t)h[10] << 8 | h[11];
    info->payload_len = len - LWC_RECORD_OVERHEAD_BYTES;
    return 0;
}

int lwc_record_derive_key(const lwc_aes128_cmac_key *master, uint8_t *node_key, unsigned suite, uint32_t node_id,
                          uint8_t epoch)
{
    uint8_t context[6];
    if (!master || !node_key)
        return LWC_E_NULL_POINTER;
    if (!suite_of(suite))
        return LWC_E_RECORD_SUITE;
    lwc_store32be(context, node_id);
    context[4] = epoch;
    context[5] = (uint8_t)suite;
    return lwc_aes128_kdf_ctr_cmac(master, node_key, LWC_RECORD_KEY_BYTES, kdf_label, sizeof kdf_label - 1, context,
                                   sizeof context);
}

int lwc_record_setkey(lwc_record_key *k, unsigned suite, const uint8_t *node_key)
{
    if (!k || !node_key)
        return LWC_E_NULL_POINTER;
    const suite_ops *s = suite_of(suite);
    if (!s)
        return LWC_E_RECORD_SUITE;
    k->suite = (uint8_t)suite;
    s->setkey(&k->aead, node_key);
    return 0;
}

int lwc_record_open(const lwc_record_key *k, uint8_t *payload, size_t payload_cap, const lwc_record_info *info,
                    const uint8_t *record, size_t len)
{
    if (!k || !info || !record)
        return LWC_E_NULL_POINTER;
    const size_t n = info->payload_len;
    if (lwc_missing(payload, n))
        return LWC_E_NULL_POINTER;
    if (n > SIZE_MAX - LWC_RECORD_OVERHEAD_BYTES || len != n + LWC_RECORD_OVERHEAD_BYTES)
        return LWC_E_BAD_PARAMETER;
    if (payload_cap < n)
        return LWC_E_BUFFER_TOO_SMALL;
    /* The suite in the header parse read (the bytes the tag covers), not the decoded field. */
    const suite_ops *s = suite_of(k->suite);
    if (!s || k->suite != (info->header[0] & 0x0f))
        return LWC_E_AUTH;
    const uint8_t *const ct = record + LWC_RECORD_HEADER_BYTES;
    return s->open(&k->aead, payload, ct + n, info->header, ct, n);
}

#if LWC_HOST_SIMD
/* The EAX suites' batches through their cipher's kernel (run, of kernel() at this level). */
typedef void (*open_many_fn)(lwc_multi_fn run, const lwc_record_key *k, const lwc_simd_eax_msg *msgs, size_t n,
                             int *verdicts);
#define EAX_MANY(X, B)                                                                                      \
    static void X##_eax_many(lwc_multi_fn run, const lwc_record_key *k, const lwc_simd_eax_msg *msgs,       \
                             size_t n, int *verdicts)                                                       \
    {                                                                                                       \
        lwc_simd_eax_decrypt_many(run, &k->aead.X##_eax.ks, k->aead.X##_eax.k1, B, msgs, n,                 \
                                  LWC_RECORD_TAG_BYTES, verdicts);                                          \
    }
EAX_MANY(lea128, 16)
EAX_MANY(hight, 8)
EAX_MANY(cham64_128, 8)
EAX_MANY(aes128, 16)
static const struct {
    lwc_simd_kernel (*kernel)(void);
    open_many_fn many;
} lockstep[LWC_RECORD_SUITE_IDS] = {
    [LWC_SUITE_EAX_LEA128] = {lwc_simd_kernel_lea128, lea128_eax_many},
    [LWC_SUITE_EAX_HIGHT] = {lwc_simd_kernel_hight, hight_eax_many},
    [LWC_SUITE_EAX_CHAM64_128] = {lwc_simd_kernel_cham64_128, cham64_128_eax_many},
    [LWC_SUITE_EAX_AES128] = {lwc_simd_kernel_aes128, aes128_eax_many},
};

/* The records of k's suite in lockstep, LWC_SIMD_EAX_LANES at a time (the header as nonce
 * and associated data, as lwc_record_open); 0 if the suite or the level has no kernel. A
 * record of another suite than k's gets LWC_E_AUTH, as from lwc_record_open. */
static int open_lockstep(const lwc_record_key *k, uint8_t *const *records, const lwc_record_info *const *infos,
                         size_t n, int *verdicts)
{
    const lwc_multi_fn run = k->suite < LWC_RECORD_SUITE_IDS && lockstep[k->suite].kernel
                                 ? lockstep[k->suite].kernel().run
                                 : NULL;
    lwc_simd_eax_msg msgs[LWC_SIMD_EAX_LANES];
    int got[LWC_SIMD_EAX_LANES];
    size_t at[LWC_SIMD_EAX_LANES];
    if (!run)
        return 0;
    for (size_t r = 0; r < n;) {
        size_t m = 0;
        for (; r < n && m < LWC_SIMD_EAX_LANES; r++) {
            const lwc_record_info *info = infos[r];
            if (r + 2 * LWC_SIMD_EAX_LANES < n) { /* the lanes after next: a node's records are scattered */
                __builtin_prefetch(records[r + 2 * LWC_SIMD_EAX_LANES]);
                __builtin_prefetch(records[r + 2 * LWC_SIMD_EAX_LANES] + 63);
            }
            uint8_t *const ct = records[r] + LWC_RECORD_HEADER_BYTES;
            verdicts[r] = LWC_E_AUTH;
            if (k->suite != (info->header[0] & 0x0f))
                continue;
            const lwc_simd_eax_msg e = {info->header, LWC_RECORD_HEADER_BYTES, info->header, LWC_RECORD_HEADER_BYTES,
                                        ct, info->payload_len, ct + info->payload_len};
            msgs[m] = e;
            at[m++] = r;
        }
        if (m)
            lockstep[k->suite].many(run, k, msgs, m, got);
        for (size_t j = 0; j < m; j++)
            verdicts[at[j]] = got[j];
    }
    return 1;
}
#endif

void lwc_simd_open_records(const lwc_record_key *k, uint8_t *const *records, const lwc_record_info *const *infos,
                           size_t n, int *verdicts)
{
#if LWC_HOST_SIMD
    if (open_lockstep(k, records, infos, n, verdicts))
        return;
#endif
    for (size_t r = 0; r < n; r++) {
        const size_t len = infos[r]->payload_len;
        verdicts[r] = lwc_record_open(k, records[r] + LWC_RECORD_HEADER_BYTES, len, infos[r], records[r],
                                      len + LWC_RECORD_OVERHEAD_BYTES);
    }
}
