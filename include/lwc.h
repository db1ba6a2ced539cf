/*
 * lwc: lightweight block ciphers for 8-bit AVR and portable C.
 *
 * Umbrella header. Every cipher id X offers the same contract:
 *
 *   lwc_X_key                      caller-allocated key schedule (complete type)
 *   lwc_X_setkey(ks, key)          key: LWC_X_KEY_BYTES bytes
 *   lwc_X_encrypt(ks, out, in)     one block of LWC_X_BLOCK_BYTES bytes
 *   lwc_X_decrypt(ks, out, in)
 *   lwc_X_ctr                      caller-allocated CTR context
 *   lwc_X_ctr_init(ctx, key, iv)   iv: one block, the first counter block
 *   lwc_X_ctr_setiv(ctx, iv)       a new keystream from iv, same key
 *   lwc_X_ctr_crypt(ctx, out, in, len)
 *
 * Aliasing: out == in is allowed everywhere; partially overlapping buffers are not.
 * Pointers must be non-NULL (in/out may be NULL only when len == 0).
 *
 * CTR (NIST SP 800-38A): keystream block i (from 0) is E_K(IV + i mod 2^(8*B)), the
 * counter block read as ONE big-endian integer over all B bytes, whatever the cipher's
 * internal word order. Successive ctr_crypt calls continue the keystream exactly where
 * the previous call stopped, so any split of a message gives the same output. Encryption
 * and decryption are the same operation. Never reuse a (key, counter) pair.
 * ctr_setiv restarts the keystream at a new first counter block on a context that
 * ctr_init keyed: it keeps the key schedule, discards any buffered keystream, and the
 * output is exactly that of ctr_init with the same key and that iv. ctr_init is setkey
 * followed by the same restart. So a series of records under one key (one IV each) pays
 * the key schedule once: ctr_init once, then ctr_setiv + ctr_crypt per record.
 *
 * Build options: lwc/config.h decides which implementation each family uses on this
 * target and lists the options (LWC_NO_ASM, LWC_BITSLICE32, ...). Define them identically
 * for the library and for every file that includes lwc.h: those that change context
 * layouts make a mismatched application fail to link, naming the option.
 *
 * Secrets: key schedules and CTR contexts hold key material and keystream. Wipe them
 * with lwc_wipe(p, sizeof *p) when done; the library wipes its own temporaries in RAM
 * (buffers and stack frames). Registers are not all cleared on return: the AES-128 and
 * ATtiny PRESENT assembly clear the key material they held in call-clobbered registers,
 * the other assembly may leave secret-derived values there.
 *
 * Errors: functions that can fail return 0 or a negative LWC_E_* code, listed with
 * their meanings in lwc/common.h; functions that cannot fail return void.
 *
 * CTR_DRBG (NIST SP 800-90A) over AES-128, LEA and HIGHT: lwc/drbg.h.
 * Authenticated modes: CMAC and EAX for every cipher, CCM for the 128-bit ones: lwc/modes.h.
 * Key derivation (SP 800-108r1 KDF in counter mode over CMAC) for every cipher: lwc/kdf.h.
 * Sealed records (a node seals, a gateway opens, refusing forgeries and replays): lwc/records.h.
 *
 * Timing: no implementation branches on secret data, and by default none indexes memory
 * with it on a CPU with a data cache: there AES and PRESENT are table-free
 * (LWC_BITSLICE32, lwc/config.h). Their table-based C reference and AVR assembly index
 * tables with secret data: constant-time on AVR, which has no data cache, NOT on CPUs
 * with one, where the C reference is built only on request (-DLWC_BITSLICE32=0); each
 * family header says which applies. The CTR counter is public: a CTR path that precomputes
 * the first rounds takes longer in the first ctr_crypt call after ctr_init or ctr_setiv
 * and in the call after the counter leaves its precomputation window (its header says
 * so), and the CTR on 32-bit cores in the call where the counter's low 32 bits wrap;
 * timing never depends on key or data.
 *
 * Gateways (x86-64, aarch64; lwc/config.h LWC_HOST_SIMD): ctr_crypt runs whole blocks
 * through SIMD kernels chosen at run time from the CPU (SSSE3, AVX2, AVX-512, AES-NI,
 * VAES; NEON), same output as the portable C; $LWC_SIMD=portable|ssse3|avx2|avx512|neon
 * caps the level. All are constant-time: ARX (LEA, HIGHT, CHAM), PRESENT bitsliced, AES
 * on AES-NI/VAES (or aes_ct32.c without them), HIGHT's F0/F1 by byte shuffles within
 * registers; no table in memory, no data-dependent branch. Their speed beside Crypto++ and
 * OpenSSL is in docs/BENCHMARKS.md (host section).
 */
#ifndef LWC_H
#define LWC_H

#include "lwc/common.h"
#include "lwc/present.h"
#include "lwc/lea.h"
#include "lwc/hight.h"
#include "lwc/cham.h"
#include "lwc/aes.h"
#include "lwc/drbg.h"
#include "lwc/modes.h"
#include "lwc/kdf.h"
#include "lwc/records.h"

#endif
