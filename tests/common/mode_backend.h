/*
 * The authenticated modes of an implementation under test, reached through two operations
 * so that the same vector and differential tests run on the host and on a simulated MCU.
 */
#ifndef LWC_TEST_MODE_BACKEND_H
#define LWC_TEST_MODE_BACKEND_H

#include "mode_table.h"

/* Returned by a backend when the implementation could not be reached (not a library code). */
#define MODE_TRANSPORT_ERROR 1000
/* What out and an encryption's tag hold before a call: bytes the call did not write stay so. */
#define MODE_FILL 0xa5

typedef struct mode_backend {
    const char *name;
    /* Largest nonce + ad + message + tag one call can carry. */
    size_t max_data;
    /* Whether out is in itself: the call runs in place, out holds the input before it
     * (instead of MODE_FILL). */
    int in_place;
    /* CMAC of in[0..len) under a fresh key: chunk 0 is lwc_X_cmac, else init, update in calls
     * of chunk bytes (the last shorter), final. Returns the library's code. */
    int (*cmac)(const struct mode_backend *b, const test_mode_cipher *m, const uint8_t *key, uint8_t *tag,
                size_t tag_len, const uint8_t *in, size_t len, size_t chunk);
    /* EAX or CCM (mode TEST_EAX, TEST_CCM) under a fresh key; decrypt reads tag, encrypt writes it. */
    int (*aead)(const struct mode_backend *b, const test_mode_cipher *m, int mode, int decrypt, const uint8_t *key,
                uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                size_t ad_len, const uint8_t *in, size_t len);
    /* lwc_X_cmac_verify of tag over in[0..len) under a fresh key: the library's code; NULL
     * where the backend has no such call (the simulated MCUs: the caller compares the tag
     * cmac computes instead). */
    int (*cmac_verify)(const struct mode_backend *b, const test_mode_cipher *m, const uint8_t *key,
                       const uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len);
    void *state;
} mode_backend;

/* The library linked into this program, called directly (out and in apart). */
extern const mode_backend host_mode_backend;

/*
 * The vector files of lwc's modes in dir (modes.txt, modes_crosscheck.txt; each must be
 * there, complete) on b: both directions, the streaming CMAC, a flipped tag bit rejected.
 * accept (NULL: all) selects the ciphers; vectors larger than b->max_data are skipped.
 */
typedef int (*mode_filter_fn)(const test_mode_cipher *m);
void mode_vectors_run_all(const mode_backend *b, const char *dir, mode_filter_fn accept);

#endif
