/* lwc: definitions shared by every cipher family. */
#ifndef LWC_COMMON_H
#define LWC_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every file that includes lwc.h requires the library to have the same layouts (config.h). */
LWC_LAYOUT_TAGS(LWC_LAYOUT_REQUIRE)

/*
 * Error codes of the functions that can fail (all negative; 0 is success).
 * LWC_E_NULL_POINTER       a required pointer is NULL (or NULL with a non-zero length)
 * LWC_E_ENTROPY_LENGTH     entropy shorter than the security strength, longer than the
 *                          maximum, or (no df) not exactly seedlen bytes
 * LWC_E_NONCE_LENGTH       DRBG: nonce longer than the maximum, or (df instantiate) shorter
 *                          than half the security strength while the entropy input is
 *                          shorter than 1.5 times it; CCM: nonce not 7..13 bytes
 * LWC_E_PERS_LENGTH        personalization string longer than the maximum
 * LWC_E_ADD_LENGTH         additional input longer than the maximum
 * LWC_E_REQUEST_LENGTH     more output requested than the per-request maximum
 * LWC_E_NOT_INSTANTIATED   state used before instantiate or after wipe
 * LWC_E_RESEED_REQUIRED    the reseed interval is exhausted: reseed, then generate again
 * LWC_E_WRONG_MODE         df reseed of a no-df state or the reverse
 * LWC_E_BAD_PARAMETER      a parameter outside its documented range
 * LWC_E_AUTH               authenticated decryption: the tag does not match (the message is
 *                          rejected and the output is all zero)
 * LWC_E_TAG_LENGTH         a tag length the mode does not allow (lwc/modes.h)
 * LWC_E_MESSAGE_LENGTH     CCM: a message too long for the length field its nonce leaves
 * LWC_E_OVERLAP            an output buffer overlaps another buffer of the call in a way
 *                          the function does not allow (lwc/modes.h: only out == in)
 * Sealed records (lwc/records.h):
 * LWC_E_COUNTER_EXHAUSTED  the sealer's record counter has used all 2^24 values of this boot
 *                          (reboot: the next boot counter starts a new range), or the boot
 *                          counter is past 2^24 - 1 (re-key the node with a new epoch)
 * LWC_E_BUFFER_TOO_SMALL   the output buffer cannot hold the record or the payload
 * LWC_E_RECORD_SHORT       a record shorter than its header and tag (20 bytes)
 * LWC_E_RECORD_VERSION     a record of another format version than 1
 * LWC_E_RECORD_SUITE       a suite id that this build does not have (unassigned, or pending)
 * LWC_E_REPLAY             a record counter the replay window has already accepted
 * LWC_E_STALE              a record counter older than the replay window: it cannot be told
 *                          from a replay, so it is refused as one
 */
#define LWC_E_NULL_POINTER (-1)
#define LWC_E_ENTROPY_LENGTH (-2)
#define LWC_E_NONCE_LENGTH (-3)
#define LWC_E_PERS_LENGTH (-4)
#define LWC_E_ADD_LENGTH (-5)
#define LWC_E_REQUEST_LENGTH (-6)
#define LWC_E_NOT_INSTANTIATED (-7)
#define LWC_E_RESEED_REQUIRED (-8)
#define LWC_E_WRONG_MODE (-9)
#define LWC_E_BAD_PARAMETER (-10)
#define LWC_E_AUTH (-11)
#define LWC_E_TAG_LENGTH (-12)
#define LWC_E_MESSAGE_LENGTH (-13)
#define LWC_E_OVERLAP (-14)
#define LWC_E_COUNTER_EXHAUSTED (-15)
#define LWC_E_BUFFER_TOO_SMALL (-16)
#define LWC_E_RECORD_SHORT (-17)
#define LWC_E_RECORD_VERSION (-18)
#define LWC_E_RECORD_SUITE (-19)
#define LWC_E_REPLAY (-20)
#define LWC_E_STALE (-21)

/* Overwrite n bytes at p with zeros in a way the compiler cannot remove as a dead store. */
void lwc_wipe(void *p, size_t n);

/* 0 if the n bytes at a and b are equal, else LWC_E_AUTH, in a time that depends on n only
 * (for tags and other secrets); LWC_E_NULL_POINTER if a or b is NULL with n != 0. */
int lwc_verify(const void *a, const void *b, size_t n);

/*
 * CTR context layout shared by every cipher's reference CTR path: the key schedule,
 * the next counter block, the current keystream block and how many of its bytes are
 * already used (B when none is buffered).
 */
#define LWC_CTR_FIELDS(key_type, block_bytes) \
    key_type ks;                              \
    uint8_t counter[block_bytes];             \
    uint8_t stream[block_bytes];              \
    uint8_t used

#ifdef __cplusplus
}
#endif

#endif
