/*
 * Host SIMD kernels and their run-time dispatch (LWC_HOST_SIMD builds: x86-64, aarch64);
 * internal, not part of the public API.
 *
 * Each cipher X has a multi-block kernel per SIMD level, lwc_simd_kernel_X() returning the
 * one of the current level (run = NULL at the portable level). A kernel encrypts n >= 1
 * arbitrary blocks: out[i] = E(blocks[i]) ^ in[i], or out[i] = E(blocks[i]) when in is
 * NULL. out may be in, or blocks (lwc_simd_ctr_records turns its counter blocks into
 * keystream in place): each block of out is stored after its block of blocks and of in
 * are read. No other overlap. CTR (lwc_simd_ctr) writes the counter blocks into a buffer and
 * runs the kernel over them, so one kernel serves CTR, several records of one key
 * (lwc_simd_ctr_records) and ECB over many blocks.
 * ks is the cipher's key schedule (lwc_X_key).
 */
#ifndef LWC_SIMD_H
#define LWC_SIMD_H

#include "lwc_internal.h"

/* The levels, in increasing order on each architecture. */
#define LWC_SIMD_PORTABLE 0
#define LWC_SIMD_SSSE3 1  /* x86-64: SSE2 + SSSE3, 128-bit vectors; AES-NI when present */
#define LWC_SIMD_AVX2 2   /* and AVX2, 256-bit; VAES on 256 bits when present */
#define LWC_SIMD_AVX512 3 /* and AVX-512 F, BW, VL, 512-bit with rotates; VAES on 512 bits */
#define LWC_SIMD_NEON 1   /* aarch64: NEON, 128-bit; the ARMv8 AES instructions are not used */

/* CPU features beside the level (x86-64). */
#define LWC_SIMD_HAS_AESNI 1u
#define LWC_SIMD_HAS_VAES 2u
#define LWC_SIMD_HAS_BMI 4u /* BMI1 and BMI2 (andn, rorx): Ascon's 64-bit C (ascon_p64.c) */

typedef void (*lwc_multi_fn)(const void *ks, uint8_t *out, const uint8_t *blocks, const uint8_t *in,
                             size_t nblocks);
typedef struct {
    lwc_multi_fn run; /* NULL: no kernel at this level (the portable C runs) */
    const char *name; /* the path, as make bench prints it: "avx2", "aes-ni", "portable" */
    unsigned width;   /* blocks per pass */
} lwc_simd_kernel;

#if LWC_HOST_SIMD
/* The level in use: the CPU's best, capped by $LWC_SIMD (read once) or lwc_simd_force; and
 * the CPU's features (LWC_SIMD_HAS_*), whatever the level. Inline: a load once found (the
 * single Ascon call asks for both, and its short messages feel a call). */
extern unsigned lwc_simd_state, lwc_simd_cpu_features; /* simd.c: 0, or 1 + the level */
__attribute__((cold)) unsigned lwc_simd_find_level(void);
static inline unsigned lwc_simd_level(void)
{
    const unsigned s = __atomic_load_n(&lwc_simd_state, __ATOMIC_RELAXED);
    return __builtin_expect(s != 0, 1) ? s - 1 : lwc_simd_find_level();
}

static inline unsigned lwc_simd_features(void)
{
    lwc_simd_level();
    return __atomic_load_n(&lwc_simd_cpu_features, __ATOMIC_RELAXED);
}
/* Caps the level (tests, benchmarks): min(level, the CPU's best); returns the new level. */
unsigned lwc_simd_force(unsigned level);
/* The CPU's best level, and the name of a level ("portable", "ssse3", ..., "neon"). */
unsigned lwc_simd_best(void);
const char *lwc_simd_level_name(unsigned level);

/* The kernels of the current level, one per cipher (in the families' *_simd.c files). */
lwc_simd_kernel lwc_simd_kernel_present(void);
lwc_simd_kernel lwc_simd_kernel_lea128(void);
lwc_simd_kernel lwc_simd_kernel_lea192(void);
lwc_simd_kernel lwc_simd_kernel_lea256(void);
lwc_simd_kernel lwc_simd_kernel_hight(void);
lwc_simd_kernel lwc_simd_kernel_cham64_128(void);
lwc_simd_kernel lwc_simd_kernel_cham128_128(void);
lwc_simd_kernel lwc_simd_kernel_cham128_256(void);
lwc_simd_kernel lwc_simd_kernel_aes128(void);

/*
 * Defines lwc_simd_kernel_X() on the instances of the kernel f (f_ssse3, f_avx2, f_avx512
 * on x86-64, f_neon on aarch64: lwc_vec.h), which run w blocks per 128 bits of vector.
 */
#if LWC_SIMD_X86_64
#define LWC_SIMD_SELECT(X, f, w)                                                              \
    lwc_simd_kernel lwc_simd_kernel_##X(void)                                                 \
    {                                                                                         \
        static const lwc_simd_kernel k[] = {{NULL, "portable", 1}, {f##_ssse3, "ssse3", (w)},  \
                                            {f##_avx2, "avx2", 2 * (w)},                      \
                                            {f##_avx512, "avx512", 4 * (w)}};                 \
        return k[lwc_simd_level()];                                                           \
    }
#else
#define LWC_SIMD_SELECT(X, f, w)                                                              \
    lwc_simd_kernel lwc_simd_kernel_##X(void)                                                 \
    {                                                                                         \
        static const lwc_simd_kernel k[] = {{NULL, "portable", 1}, {f##_neon, "neon", (w)}};   \
        return k[lwc_simd_level()];                                                           \
    }
#endif

/* Defines lwc_simd_kernel_X() for a build without X's kernels (the portable C runs). */
#define LWC_SIMD_NO_KERNEL(X)                                    \
    lwc_simd_kernel lwc_simd_kernel_##X(void)                    \
    {                                                            \
        const lwc_simd_kernel none = {NULL, "portable", 1};      \
        return none;                                             \
    }

/*
 * A family's kernel template (a header written with lwc_vec.h) is compiled for every
 * instruction set of the host by #define LWC_SIMD_TEMPLATE "../<family>/<family>_vec.h"
 * (relative to src/common) and #include "../common/lwc_vec_all.h".
 */

/*
 * CTR through a kernel, with the state of the reference engine (counter, stream, used):
 * same output, same partial-block handling (lwc_ctr_xcrypt_blocks).
 */
void lwc_simd_ctr(lwc_multi_fn run, const void *ks, size_t block_bytes, uint8_t *counter, uint8_t *stream,
                  uint8_t *used, uint8_t *out, const uint8_t *in, size_t len);

/*
 * The first statement of a ctr_crypt that has its own portable whole-block path: with a
 * kernel (kernel_fn() of the current level) the call runs on it and the function returns.
 */
#define LWC_SIMD_CTR_FIRST(kernel_fn, ctx, block_bytes, out, in, len)                          \
    do {                                                                                       \
        const lwc_multi_fn run_ = kernel_fn().run;                                             \
        if (run_) {                                                                            \
            lwc_simd_ctr(run_, &(ctx)->ks, block_bytes, (ctx)->counter, (ctx)->stream,        \
                         &(ctx)->used, out, in, len);                                          \
            return;                                                                            \
        }                                                                                      \
    } while (0)

/*
 * Many CTR records of one key in one call (the gateway's batch; the Python extension's
 * ctr_records): record r is the lens[r] bytes that follow record r - 1 in in and out, its
 * keystream starting at the counter block ivs + r * block_bytes. The records' blocks go
 * through the kernel together (up to a kernel's width of blocks per pass, across record
 * boundaries), so short records run at the speed of long ones. Needs a kernel (run).
 */
void lwc_simd_ctr_records(lwc_multi_fn run, const void *ks, size_t block_bytes, uint8_t *out,
                          const uint8_t *in, const size_t *lens, const uint8_t *ivs, size_t nrecords);

/*
 * The batch entry points, one per cipher X, on its key schedule: lwc_simd_ctr_records on
 * X's kernel of the current level, or record by record through lwc_X_ctr_crypt at the
 * portable level. Same output as a ctr_init(key, ivs + r * B) and ctr_crypt of lens[r]
 * bytes per record. For the gateway's batch calls (the Python extension's ctr_records).
 */
#define LWC_SIMD_RECORDS_DECLARE(X)                                                           \
    void lwc_simd_ctr_records_##X(const lwc_##X##_key *ks, uint8_t *out, const uint8_t *in,   \
                                  const size_t *lens, const uint8_t *ivs, size_t nrecords);
LWC_SIMD_RECORDS_DECLARE(present80)
LWC_SIMD_RECORDS_DECLARE(present128)
LWC_SIMD_RECORDS_DECLARE(lea128)
LWC_SIMD_RECORDS_DECLARE(lea192)
LWC_SIMD_RECORDS_DECLARE(lea256)
LWC_SIMD_RECORDS_DECLARE(hight)
LWC_SIMD_RECORDS_DECLARE(cham64_128)
LWC_SIMD_RECORDS_DECLARE(cham128_128)
LWC_SIMD_RECORDS_DECLARE(cham128_256)
LWC_SIMD_RECORDS_DECLARE(aes128)

/*
 * EAX decryption of many messages of one key in lockstep (the gateway's batch of sealed
 * records): the OMACs of the nonces, of the associated data and of the ciphertexts are
 * independent CBC chains, and the CTR blocks of the messages independent blocks, so each
 * step of the chains of up to LWC_SIMD_EAX_LANES messages (and the CTR blocks whose counter
 * N' is known by then) is one call of the kernel. Message r decrypts data[0..len) in place;
 * verdicts[r] is 0 and data the plaintext if its tag_len bytes of tag agree, else LWC_E_AUTH
 * and data zeroed: lwc_X_eax_decrypt's results. precomputed: the EAX key's K1 || K2 ||
 * E([0]) || E([1]) || E([2]) (lwc_eax_setkey). The ciphertext is read twice (MAC, then XOR):
 * the messages must be in memory no one else writes during the call (the batch's own copy
 * of the records). Branches on lengths only. Needs a kernel (run); 1 <= tag_len <= B.
 */
#define LWC_SIMD_EAX_LANES 32
typedef struct {
    const uint8_t *nonce;
    size_t nonce_len;
    const uint8_t *ad;
    size_t ad_len;
    uint8_t *data; /* the ciphertext, then the plaintext */
    size_t len;
    const uint8_t *tag;
} lwc_simd_eax_msg;
void lwc_simd_eax_decrypt_many(lwc_multi_fn run, const void *ks, const uint8_t *precomputed, size_t block_bytes,
                               const lwc_simd_eax_msg *msgs, size_t n, size_t tag_len, int *verdicts);

/* CHAM-64's unmasked round keys (cham.c; uint32_t words in their low 16 bits); CHAM-128's
 * are stored unmasked on these hosts. */
void lwc_cham64_unmask(uint32_t RK[16], const uint16_t rk[16]);
#else
#define LWC_SIMD_CTR_FIRST(kernel_fn, ctx, block_bytes, out, in, len) ((void)0)
#endif

/*
 * The gateway's batch of sealed records (the Python extension's RecordBatch.open), in every
 * build: lwc_record_open(k, ...) of each of the n records[r] (whole records), parsed into
 * infos[r] by lwc_record_parse, its verdict in verdicts[r] and its payload decrypted in
 * place (record + LWC_RECORD_HEADER_BYTES). The suites with a kernel at the current level
 * (EAX over LEA-128, HIGHT, CHAM-64/128, AES-128) run in lockstep through
 * lwc_simd_eax_decrypt_many (src/records/open.c), so the records must be in memory no one
 * else writes during the call; the others record by record.
 */
void lwc_simd_open_records(const lwc_record_key *k, uint8_t *const *records, const lwc_record_info *const *infos,
                           size_t n, int *verdicts);

#endif
