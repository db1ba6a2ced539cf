/* The shared code of the sealed records (lwc/records.h); not part of the public API. */
#ifndef LWC_RECORDS_INTERNAL_H
#define LWC_RECORDS_INTERNAL_H

#include "../modes/modes_internal.h"

/*
 * The suites of this build: S(id, cipher, mode, nonce bytes), whose AEAD is
 * lwc_<cipher>_<mode>_* (lwc/modes.h, lwc/ascon.h: every one has the calls of
 * lwc_X_eax_encrypt) with the record's header as associated data and as nonce: the header
 * itself (12 bytes), or, for a suite whose nonce is longer (Ascon-AEAD128's 16 bytes), the
 * header followed by zero bytes (lwc_record_nonce). A suite is added by one line here (the
 * sealer's and the opener's adapters and the opener's table follow), with its id, its member
 * of lwc_record_key and its sealer_init in lwc/records.h (a public function, spelled out in
 * seal.c); docs/RECORDS.md.
 */
#define LWC_RECORD_SUITES(S)                                  \
    S(LWC_SUITE_EAX_LEA128, lea128, eax, 12)                  \
    S(LWC_SUITE_EAX_HIGHT, hight, eax, 12)                    \
    S(LWC_SUITE_EAX_CHAM64_128, cham64_128, eax, 12)          \
    S(LWC_SUITE_EAX_AES128, aes128, eax, 12)                  \
    S(LWC_SUITE_CCM_AES128, aes128, ccm, 12)                  \
    S(LWC_SUITE_ASCON_AEAD128, ascon, aead128, LWC_ASCON_AEAD128_NONCE_BYTES)

/* The nonce of a record with this header, nonce_bytes long (a constant of the suite): the
 * header itself when that is its length, else the header followed by zero bytes, written to
 * buf (nonce_bytes bytes). One header gives one nonce and two headers two: the nonce repeats
 * under a key only when the header does. */
static inline const uint8_t *lwc_record_nonce(uint8_t *buf, const uint8_t *header, size_t nonce_bytes)
{
    if (nonce_bytes == LWC_RECORD_HEADER_BYTES)
        return header;
    memcpy(buf, header, LWC_RECORD_HEADER_BYTES);
    memset(buf + LWC_RECORD_HEADER_BYTES, 0, nonce_bytes - LWC_RECORD_HEADER_BYTES);
    return buf;
}

/* Suite ids are the low 4 bits of the header's first byte, the version the high 4. */
#define LWC_RECORD_SUITE_IDS 16

#endif
