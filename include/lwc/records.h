/*
 * Sealed records: a node seals each reading into a self-describing record, the gateway opens
 * it, refuses forgeries and replays, and derives each node's key from one master key. The
 * format byte by byte, the nonce, the key derivation, the counters and what an operator does
 * after a node's EEPROM was reset: docs/RECORDS.md. In short:
 *
 *   record  = header (12 bytes, sent in clear, authenticated) || ciphertext (as long as the
 *             payload) || tag (8 bytes): LWC_RECORD_OVERHEAD_BYTES = 20 bytes more than the payload
 *   header  = version << 4 | suite (1 byte), node id (4, big-endian), key epoch (1),
 *             counter (6, big-endian) = boot counter (24 bits) || record counter (24 bits)
 *   AEAD    = the suite's mode with nonce = the header (Ascon-AEAD128: the header and 4 zero
 *             bytes, its 16-byte nonce) and associated data = the header
 *   node key = SP 800-108r1 KDF over AES-128-CMAC from the gateway's master key (lwc/kdf.h),
 *             label "lwc-record-v1", context = node id (4) || epoch (1) || suite (1)
 *
 * Node (sealer): the suite's sealer_init sets the suite's key up in a key object the caller
 * allocates (of the suite's key type, lwc/modes.h or lwc/ascon.h) and points the sealer at it; lwc_seal then
 * writes one record per call and counts. A sketch that calls one suite's sealer_init links
 * that suite's code only.
 *
 *   static lwc_lea128_eax_key key;   // must outlive the sealer, which points at it
 *   static lwc_sealer sealer;
 *   lwc_lea128_eax_sealer_init(&sealer, &key, node_key, node_id, epoch, boot_counter);
 *   lwc_seal(&sealer, record, sizeof record, payload, payload_len);   // record: payload_len + 20
 *
 *   lwc_X_M_sealer_init(s, k, node_key, node_id, epoch, boot_counter)   one per suite (below)
 *     node_key: LWC_RECORD_KEY_BYTES bytes. boot_counter: this power-up's number, which the
 *     caller has incremented and stored (EEPROM) BEFORE this call: a node that seals two
 *     records under one (key, epoch, boot counter, record counter) reveals both payloads'
 *     XOR and lets anyone forge. Records of this boot count from record counter 0.
 *     LWC_E_NULL_POINTER; LWC_E_COUNTER_EXHAUSTED when boot_counter > LWC_RECORD_BOOT_MAX
 *     (re-key the node with a new epoch). On an error nothing is written.
 *   lwc_seal(s, out, out_cap, payload, len)
 *     writes the record of len + LWC_RECORD_OVERHEAD_BYTES bytes to out and advances the record
 *     counter. payload == out + LWC_RECORD_HEADER_BYTES seals in place; any other overlap of
 *     out with payload is refused (LWC_E_OVERLAP). Refused, nothing written and the counter
 *     unchanged: LWC_E_NULL_POINTER; LWC_E_COUNTER_EXHAUSTED once the 2^24 record counters
 *     of this boot are used (a new boot counter starts a new range: reboot); then
 *     LWC_E_BUFFER_TOO_SMALL when out_cap < len + 20; the mode's own errors (CCM:
 *     LWC_E_MESSAGE_LENGTH for 2^24 bytes or more; LWC_E_OVERLAP).
 *     Timing depends on len only (and, for CCM, on the public header, as CTR on its counter).
 *
 * Gateway (opener): parse the header (no key needed), find the node's key and replay window
 * from the node id, epoch and suite, check the counter, verify and decrypt, then mark the
 * counter seen:
 *
 *   lwc_record_info info;
 *   if (lwc_record_parse(&info, rec, len) != 0) ...            // malformed: format error
 *   node = lookup(info.node_id, info.epoch, info.suite);       // the caller's: no lookup here
 *   if (lwc_replay_check(&node->window, info.counter) != 0) ...   // replayed or too old
 *   if (lwc_record_open(&node->key, payload, sizeof payload, &info, rec, len) != 0) ...  // forged
 *   if (lwc_replay_update(&node->window, info.counter) != 0) ... // raced by another open
 *   // payload holds info.payload_len bytes
 *
 *   lwc_record_parse(info, record, len)
 *     reads the 12 header bytes once into info->header and decodes them; no key, no crypto.
 *     LWC_E_NULL_POINTER; LWC_E_RECORD_SHORT when len < LWC_RECORD_OVERHEAD_BYTES;
 *     LWC_E_RECORD_VERSION when the version is not 1; LWC_E_RECORD_SUITE when the suite is
 *     not one of this build. On an error info is not written.
 *   lwc_record_derive_key(master, node_key, suite, node_id, epoch)
 *     the node key (LWC_RECORD_KEY_BYTES bytes) from the master key's AES-128 CMAC key
 *     (lwc_aes128_cmac_setkey). LWC_E_NULL_POINTER, LWC_E_RECORD_SUITE.
 *   lwc_record_setkey(k, suite, node_key)
 *     sets up the opening key of one node and suite (the suite's key schedule, once; only
 *     read afterwards, so one key opens any number of records, from any thread).
 *     LWC_E_NULL_POINTER, LWC_E_RECORD_SUITE; nothing written on an error.
 *   lwc_record_open(k, payload, payload_cap, info, record, len)
 *     verifies and decrypts the record that lwc_record_parse read into info: the header is
 *     info->header (the bytes parse read, which the counter check saw), ciphertext and tag
 *     are read once from record. payload receives info->payload_len bytes; payload ==
 *     record + LWC_RECORD_HEADER_BYTES opens in place. Results, nothing written but for
 *     LWC_E_AUTH: LWC_E_NULL_POINTER; LWC_E_BAD_PARAMETER when len is not info's record
 *     length; LWC_E_BUFFER_TOO_SMALL when payload_cap < info->payload_len; LWC_E_AUTH when
 *     k is a key of another suite than the record's (nothing written); the mode's
 *     LWC_E_MESSAGE_LENGTH or LWC_E_OVERLAP; LWC_E_AUTH when the tag does not match: a
 *     changed byte anywhere in the record, another node id, epoch or suite than the key's, a
 *     made-up record. Then payload's payload_len bytes are all zero: nothing unauthenticated
 *     is ever released. The time taken depends on the lengths only (CCM: and on the public
 *     header, as CTR on its counter), accepted or not.
 *
 * Replay window (per node and epoch, RFC 4303 3.4.3 / RFC 6479): the highest counter accepted
 * and a bitmap of the LWC_REPLAY_WINDOW counters up to it. A counter above the highest is
 * new; one of the 63 below it is new unless its bit is set; anything older is refused, as it
 * cannot be told from a replay. So records may arrive up to 63 places out of order.
 *   lwc_replay_init(w)            an empty window (all zero bytes are one too)
 *   lwc_replay_check(w, counter)  0 if counter would be accepted; LWC_E_REPLAY if it was
 *                                 accepted before; LWC_E_STALE if it is older than the window
 *   lwc_replay_update(w, counter) the same verdict, and on 0 marks counter accepted (slides
 *                                 the window when counter is the new highest)
 *   Check before verifying (a replayed record costs no crypto), update only after the tag
 *   matched (a forgery must not move the window), and treat an update's refusal as a
 *   rejection: another opener of the same node accepted that counter in between. The fields
 *   are plain numbers, for a gateway that stores the window in its database.
 * Both return LWC_E_NULL_POINTER for a NULL window.
 *
 * Secrets: a sealer's key object, an lwc_record_key and a derived node key hold key material:
 * wipe them with lwc_wipe when done (the sealer itself holds only the header and a pointer).
 */
#ifndef LWC_RECORDS_H
#define LWC_RECORDS_H

#include "ascon.h"
#include "kdf.h"
#include "modes.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LWC_RECORD_VERSION 1
#define LWC_RECORD_HEADER_BYTES 12
#define LWC_RECORD_TAG_BYTES 8
#define LWC_RECORD_OVERHEAD_BYTES (LWC_RECORD_HEADER_BYTES + LWC_RECORD_TAG_BYTES)
#define LWC_RECORD_KEY_BYTES 16
/* The largest boot counter and record counter (24 bits each). */
#define LWC_RECORD_BOOT_MAX 0xffffffUL
#define LWC_RECORD_COUNT_MAX 0xffffffUL
/* Counters a replay window keeps: the highest and the LWC_REPLAY_WINDOW - 1 below it. */
#define LWC_REPLAY_WINDOW 64

/* The suites (the low 4 bits of the header's first byte). 0 and 7..15 are not assigned. */
#define LWC_SUITE_EAX_LEA128 1     /* EAX over LEA-128 */
#define LWC_SUITE_EAX_HIGHT 2      /* EAX over HIGHT */
#define LWC_SUITE_EAX_CHAM64_128 3 /* EAX over CHAM-64/128 */
#define LWC_SUITE_EAX_AES128 4     /* EAX over AES-128 */
#define LWC_SUITE_CCM_AES128 5     /* CCM over AES-128 (12-byte nonce, 8-byte tag) */
#define LWC_SUITE_ASCON_AEAD128 6  /* Ascon-AEAD128 (nonce: the header and 4 zero bytes) */

/* A suite's AEAD encryption of a record: ct = the payload encrypted, tag = its 8 bytes, with
 * the header as nonce and associated data. */
typedef int (*lwc_record_seal_fn)(const void *key, uint8_t *ct, uint8_t *tag, const uint8_t *header,
                                  const uint8_t *payload, size_t len);

/* A node's sealer: what lwc_seal needs (set by a suite's sealer_init; do not change it). */
typedef struct {
    const void *key;                         /* the suite's key, set up by sealer_init */
    lwc_record_seal_fn seal;                 /* the suite's encryption */
    uint8_t header[LWC_RECORD_HEADER_BYTES]; /* the header of the next record */
    uint8_t exhausted;                       /* 1: every record counter of this boot is used */
} lwc_sealer;

int lwc_lea128_eax_sealer_init(lwc_sealer *s, lwc_lea128_eax_key *k, const uint8_t *node_key, uint32_t node_id,
                               uint8_t epoch, uint32_t boot_counter);
int lwc_hight_eax_sealer_init(lwc_sealer *s, lwc_hight_eax_key *k, const uint8_t *node_key, uint32_t node_id,
                              uint8_t epoch, uint32_t boot_counter);
int lwc_cham64_128_eax_sealer_init(lwc_sealer *s, lwc_cham64_128_eax_key *k, const uint8_t *node_key,
                                   uint32_t node_id, uint8_t epoch, uint32_t boot_counter);
int lwc_aes128_eax_sealer_init(lwc_sealer *s, lwc_aes128_eax_key *k, const uint8_t *node_key, uint32_t node_id,
                               uint8_t epoch, uint32_t boot_counter);
int lwc_aes128_ccm_sealer_init(lwc_sealer *s, lwc_aes128_ccm_key *k, const uint8_t *node_key, uint32_t node_id,
                               uint8_t epoch, uint32_t boot_counter);
int lwc_ascon_aead128_sealer_init(lwc_sealer *s, lwc_ascon_aead128_key *k, const uint8_t *node_key,
                                  uint32_t node_id, uint8_t epoch, uint32_t boot_counter);
int lwc_seal(lwc_sealer *s, uint8_t *out, size_t out_cap, const uint8_t *payload, size_t len);

/* A record's header, as lwc_record_parse read and decoded it. */
typedef struct {
    uint8_t header[LWC_RECORD_HEADER_BYTES]; /* the bytes read (lwc_record_open uses them) */
    uint8_t version;                         /* 1 */
    uint8_t suite;                           /* LWC_SUITE_* */
    uint8_t epoch;
    uint32_t node_id;
    uint64_t counter;   /* boot counter << 24 | record counter */
    size_t payload_len; /* the record's length - LWC_RECORD_OVERHEAD_BYTES */
} lwc_record_info;

/* The opening key of one node and suite. */
typedef struct {
    uint8_t suite;
    union {
        lwc_lea128_eax_key lea128_eax;
        lwc_hight_eax_key hight_eax;
        lwc_cham64_128_eax_key cham64_128_eax;
        lwc_aes128_eax_key aes128_eax;
        lwc_aes128_ccm_key aes128_ccm;
        lwc_ascon_aead128_key ascon_aead128;
    } aead;
} lwc_record_key;

int lwc_record_parse(lwc_record_info *info, const uint8_t *record, size_t len);
int lwc_record_derive_key(const lwc_aes128_cmac_key *master, uint8_t *node_key, unsigned suite, uint32_t node_id,
                          uint8_t epoch);
int lwc_record_setkey(lwc_record_key *k, unsigned suite, const uint8_t *node_key);
int lwc_record_open(const lwc_record_key *k, uint8_t *payload, size_t payload_cap, const lwc_record_info *info,
                    const uint8_t *record, size_t len);

/* A replay window: highest is valid once seen != 0; bit i of seen: counter highest - i was
 * accepted. */
typedef struct {
    uint64_t highest;
    uint64_t seen;
} lwc_replay_window;

void lwc_replay_init(lwc_replay_window *w);
int lwc_replay_check(const lwc_replay_window *w, uint64_t counter);
int lwc_replay_update(lwc_replay_window *w, uint64_t counter);

#ifdef __cplusplus
}
#endif

#endif
