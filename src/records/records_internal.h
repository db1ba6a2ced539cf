/* The shared code of the sealed records (lwc/records.h); not part of the public API. */
#ifndef LWC_RECORDS_INTERNAL_H
#define LWC_RECORDS_INTERNAL_H

#include "../modes/modes_internal.h"

/*
 * The suites of this build: S(id, cipher, mode), whose AEAD is lwc_<cipher>_<mode>_* of
 * lwc/modes.h with the record's header as nonce and as associated data. A suite whose calls
 * have that shape is added by one line here (the sealer's and the opener's adapters and the
 * opener's table follow), with its id, its member of lwc_record_key and its sealer_init in
 * lwc/records.h (a public function, spelled out in seal.c); docs/RECORDS.md.
 */
#define LWC_RECORD_SUITES(S)                     \
    S(LWC_SUITE_EAX_LEA128, lea128, eax)         \
    S(LWC_SUITE_EAX_HIGHT, hight, eax)           \
    S(LWC_SUITE_EAX_CHAM64_128, cham64_128, eax) \
    S(LWC_SUITE_EAX_AES128, aes128, eax)         \
    S(LWC_SUITE_CCM_AES128, aes128, ccm)

/* Suite ids are the low 4 bits of the header's first byte, the version the high 4. */
#define LWC_RECORD_SUITE_IDS 16

#endif
