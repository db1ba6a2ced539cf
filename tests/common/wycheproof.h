/*
 * Project Wycheproof's AES-CMAC, AES-EAX and AES-CCM files (tests/vectors/wycheproof/, JSON
 * as published) on a mode backend: every case of the 128-bit-key groups, as lwc's aes128.
 * Valid cases must give the ciphertext and tag both ways; invalid ones must be refused as
 * lwc/modes.h says (LWC_E_AUTH with out all zero, or the length error its lengths call for
 * with nothing written; an invalid CMAC tag is not the computed one, and verify refuses it
 * where the backend has verify); acceptable ones are run and counted. One check per case,
 * whose message names the file, tcId, result, flags and comment.
 */
#ifndef LWC_TEST_WYCHEPROOF_H
#define LWC_TEST_WYCHEPROOF_H

#include "mode_backend.h"

/* The three files of dir/wycheproof, each of which must be there, complete. Cases larger
 * than b->max_data are skipped (counted in the output); accept (NULL: all) selects the
 * cipher: when it refuses aes128, the files are read and counted but no case runs (a
 * firmware without AES's modes; the ATtiny85's AES firmware has no room for them). */
void wycheproof_run_all(const mode_backend *b, const char *dir, mode_filter_fn accept);

#endif
