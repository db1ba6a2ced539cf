/*
 * Host SIMD dispatch (LWC_HOST_SIMD builds): the CPU's level and features, found once;
 * the CTR and record drivers of the multi-block kernels (lwc_simd.h).
 */
#include "lwc_simd.h"
#include "../modes/modes_internal.h" /* lwc_aead_release, LWC_MODE_MAX_BLOCK */

#if LWC_HOST_SIMD
#include <stdlib.h>

#if LWC_SIMD_X86_64
#include <cpuid.h>

/* XCR0: the register state the OS saves (SSE, AVX, and the three AVX-512 parts). */
static uint64_t xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (uint64_t)hi << 32 | lo;
}

static unsigned detect(unsigned *features)
{
    unsigned a, b, c, d, level = LWC_SIMD_PORTABLE;
    *features = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return level;
    const unsigned sse2 = d >> 26 & 1, ssse3 = c >> 9 & 1, aesni = c >> 25 & 1;
    const unsigned osxsave = c >> 27 & 1, avx = c >> 28 & 1;
    if (!(sse2 && ssse3))
        return level;
    level = LWC_SIMD_SSSE3;
    *features |= aesni ? LWC_SIMD_HAS_AESNI : 0;
    if (!(osxsave && avx && __get_cpuid_count(7, 0, &a, &b, &c, &d)))
        return level;
    const uint64_t xcr0 = xgetbv0();
    const unsigned avx2 = b >> 5 & 1, avx512 = (b >> 16 & 1) && (b >> 30 & 1) && (b >> 31 & 1);
    *features |= aesni && (c >> 9 & 1) ? LWC_SIMD_HAS_VAES : 0;
    *features |= (b >> 3 & 1) && (b >> 8 & 1) ? LWC_SIMD_HAS_BMI : 0;
    if (!(avx2 && (xcr0 & 6) == 6))
        return level;
    level = LWC_SIMD_AVX2;
    if (avx512 && (xcr0 & 0xe6) == 0xe6)
        level = LWC_SIMD_AVX512;
    return level;
}

static const char *const level_names[] = {"portable", "ssse3", "avx2", "avx512"};
#else
static unsigned detect(unsigned *features)
{
    *features = 0;
    return LWC_SIMD_NEON; /* Advanced SIMD is part of every aarch64 Linux target */
}

static const char *const level_names[] = {"portable", "neon"};
#endif

#define LEVEL_COUNT (sizeof level_names / sizeof level_names[0])

/* Found on first use; relaxed atomics, since any thread may be first (the value is the
 * same for all of them). lwc_simd_state (lwc_simd.h, read inline) 0 means not yet found,
 * else 1 + level. */
unsigned lwc_simd_state, lwc_simd_cpu_features;
static unsigned best;

unsigned lwc_simd_find_level(void)
{
    unsigned features;
    const unsigned found = detect(&features);
    unsigned level = found;
    const char *cap = getenv("LWC_SIMD");
    for (unsigned i = 0; cap && i < LEVEL_COUNT; i++)
        if (strcmp(cap, level_names[i]) == 0 && i < level)
            level = i;
    __atomic_store_n(&best, found, __ATOMIC_RELAXED);
    __atomic_store_n(&lwc_simd_cpu_features, features, __ATOMIC_RELAXED);
    __atomic_store_n(&lwc_simd_state, level + 1, __ATOMIC_RELAXED);
    return level;
}

unsigned lwc_simd_best(void)
{
    lwc_simd_level();
    return __atomic_load_n(&best, __ATOMIC_RELAXED);
}

unsigned lwc_simd_force(unsigned level)
{
    const unsigned b = lwc_simd_best();
    level = level < b ? level : b;
    __atomic_store_n(&lwc_simd_state, level + 1, __ATOMIC_RELAXED);
    return level;
}

const char *lwc_simd_level_name(unsigned level)
{
    return level < LEVEL_COUNT ? level_names[level] : "?";
}

/* Counter blocks per kernel call: 1 KiB, a multiple of every kernel's width. */
#define CHUNK_BYTES 1024

/* run blocks of block_bytes at buf: the counter's upper bytes, then low 32 bits first + i. */
static inline void counter_run(uint8_t *buf, const uint8_t *counter, size_t block_bytes, uint32_t first,
                               size_t run)
{
    for (size_t i = 0; i < run; i++, buf += block_bytes) {
        memcpy(buf, counter, block_bytes - 4);
        lwc_store32be(buf + block_bytes - 4, first + (uint32_t)i);
    }
}

/* Writes n successive counter blocks from counter to buf and advances counter by n: runs
 * of blocks that differ in the low 32 bits only. The counter is public: its carry branches. */
static void counter_blocks(uint8_t *buf, uint8_t *counter, size_t block_bytes, size_t n)
{
    uint8_t *const low = counter + block_bytes - 4;
    while (n) {
        const uint32_t first = lwc_load32be(low);
        const uint64_t to_wrap = (uint64_t)0xffffffffu - first + 1;
        const size_t run = n < to_wrap ? n : (size_t)to_wrap;
        if (block_bytes == 16) /* constant sizes: the copies become moves */
            counter_run(buf, counter, 16, first, run);
        else
            counter_run(buf, counter, 8, first, run);
        buf += run * block_bytes;
        lwc_store32be(low, first + (uint32_t)run);
        if (run == to_wrap)
            lwc_ctr_increment(counter, block_bytes - 4);
        n -= run;
    }
}

typedef struct {
    lwc_multi_fn run;
    const void *ks;
    uint8_t *counter;
    size_t block_bytes;
} simd_ctr_state;

static void simd_ctr_blocks(void *state, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const simd_ctr_state *s = state;
    uint8_t buf[CHUNK_BYTES];
    const size_t per_chunk = CHUNK_BYTES / s->block_bytes;
    while (nblocks) {
        const size_t n = nblocks < per_chunk ? nblocks : per_chunk;
        counter_blocks(buf, s->counter, s->block_bytes, n);
        s->run(s->ks, out, buf, in, n);
        out += n * s->block_bytes;
        in += n * s->block_bytes;
        nblocks -= n;
    }
}

void lwc_simd_ctr(lwc_multi_fn run, const void *ks, size_t block_bytes, uint8_t *counter, uint8_t *stream,
                  uint8_t *used, uint8_t *out, const uint8_t *in, size_t len)
{
    simd_ctr_state s = {run, ks, counter, block_bytes};
    lwc_ctr_xcrypt_blocks(simd_ctr_blocks, &s, block_bytes, stream, used, out, in, len);
}

/*
 * The records' counter blocks fill a chunk (a long record spans several chunks); the
 * kernel turns the chunk into keystream, whose pieces are XORed into the records.
 */
void lwc_simd_ctr_records(lwc_multi_fn run, const void *ks, size_t block_bytes, uint8_t *out,
                          const uint8_t *in, const size_t *lens, const uint8_t *ivs, size_t nrecords)
{
    uint8_t buf[CHUNK_BYTES], counter[16];
    struct {
        size_t at, len, stream; /* message offset, bytes, keystream offset in buf */
    } pieces[CHUNK_BYTES / 8];
    size_t r = 0, done = 0, at = 0; /* record r, bytes of it done, its message offset */
    while (r < nrecords) {
        size_t filled = 0, npieces = 0;
        while (r < nrecords && filled < CHUNK_BYTES) {
            if (done == lens[r]) {
                at += lens[r++];
                done = 0;
                continue;
            }
            if (done == 0)
                memcpy(counter, ivs + r * block_bytes, block_bytes);
            const size_t room = CHUNK_BYTES - filled; /* a multiple of block_bytes */
            const size_t take = lens[r] - done < room ? lens[r] - done : room;
            const size_t nblocks = (take + block_bytes - 1) / block_bytes;
            counter_blocks(buf + filled, counter, block_bytes, nblocks);
            pieces[npieces].at = at + done;
            pieces[npieces].len = take;
            pieces[npieces].stream = filled;
            npieces++;
            filled += nblocks * block_bytes;
            done += take;
        }
        if (filled)
            run(ks, buf, buf, NULL, filled / block_bytes);
        for (size_t p = 0; p < npieces; p++)
            lwc_ctr_xor(out + pieces[p].at, in + pieces[p].at, buf + pieces[p].stream, pieces[p].len);
    }
    lwc_wipe(buf, sizeof buf);
}

/* Blocks of an OMAC over n bytes (after its first block [t]_B): one for the empty message. */
static inline size_t omac_steps(size_t n, size_t bs)
{
    return n ? (n + bs - 1) / bs : 1;
}

/* Whole blocks as 64-bit words in memory order (B = 8 or 16): no byte loop, and no wide
 * load of bytes just stored one by one (which stalls). BYTE_AT(i): the shift of byte i of
 * such a word (GCC and Clang, which every SIMD build uses, name the byte order). */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define BYTE_AT(i) (8 * (i))
#define BIG_ENDIAN64(v) __builtin_bswap64(v)
#else
#define BYTE_AT(i) (56 - 8 * (i))
#define BIG_ENDIAN64(v) (v)
#endif

static inline uint64_t load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static inline void store64(uint8_t *p, uint64_t v)
{
    memcpy(p, &v, 8);
}

/* The big-endian counter block c (B bytes) + 1, in constant time (the carry by a compare,
 * not a branch). */
static inline void counter_next(uint8_t *c, size_t bs)
{
    const uint64_t lo = BIG_ENDIAN64(load64(c + bs - 8)) + 1;
    store64(c + bs - 8, BIG_ENDIAN64(lo));
    if (bs == 16) /* a size, not a secret */
        store64(c, BIG_ENDIAN64(BIG_ENDIAN64(load64(c)) + (lo == 0)));
}

/* x = the kernel's input of step s of an OMAC over msg (n bytes) from chain (E([t]_B) at
 * step 0): chain ^ block s, the last block as CMAC's (K1, or 10* padding and K2); for the
 * empty message [t]_B ^ K1, CMAC's one full last block. Word by word; a partial block's
 * words are assembled from its bytes. */
static inline LWC_ALWAYS_INLINE void omac_input(uint8_t *x, const uint8_t *chain, uint8_t t, const uint8_t *msg,
                                                size_t n, size_t s, const uint8_t *subkeys, size_t bs)
{
    const size_t at = s * bs, take = !n ? 0 : n - at < bs ? n - at : bs;
    /* K1 for a whole last block or the empty message's [t]_B, K2 for a padded one */
    const uint8_t *const k = !n || (take == bs && at + bs == n) ? subkeys : take < bs ? subkeys + bs : NULL;
    for (size_t w = 0; w < bs; w += 8) {
        uint64_t m = 0;
        if (!n)
            m = w + 8 == bs ? (uint64_t)t << BYTE_AT(7) : 0;
        else if (w + 8 <= take)
            m = load64(msg + at + w);
        else {
            for (size_t i = w; i < take; i++)
                m |= (uint64_t)msg[at + i] << BYTE_AT(i - w);
            if (take >= w) /* the padding's 0x80 is in this word */
                m |= (uint64_t)0x80 << BYTE_AT(take - w);
        }
        store64(x + w, (n ? load64(chain + w) : 0) ^ m ^ (k ? load64(k + w) : 0));
    }
}

/* The EAX messages m[0..n), n <= LWC_SIMD_EAX_LANES, in lockstep: at step s each message
 * puts into buf the step-s inputs of its three OMACs (N', H', C') while they last and, once
 * N' is known (after its last step, steps[r][0]), its CTR block s - steps[r][0]; one kernel
 * call; the outputs go back in the same order. C' reads data block s at step s, CTR
 * overwrites it at step steps[r][0] + s > s. */
static inline LWC_ALWAYS_INLINE void eax_lanes(lwc_multi_fn run, const void *ks, const uint8_t *precomputed,
                                               size_t bs, const lwc_simd_eax_msg *m, size_t n, size_t tag_len,
                                               int *verdicts)
{
    uint8_t buf[3 * LWC_SIMD_EAX_LANES * LWC_MODE_MAX_BLOCK];
    uint8_t mac[LWC_SIMD_EAX_LANES][3][LWC_MODE_MAX_BLOCK]; /* N', H', C' */
    uint8_t counter[LWC_SIMD_EAX_LANES][LWC_MODE_MAX_BLOCK];
    size_t steps[LWC_SIMD_EAX_LANES][4]; /* of N', H', C', and the last CTR step + 1 */
    const uint8_t *const subkeys = precomputed, *const first = precomputed + 2 * bs;
    size_t all = 0, r, i;
    for (r = 0; r < n; r++) {
        steps[r][0] = omac_steps(m[r].nonce_len, bs);
        steps[r][1] = omac_steps(m[r].ad_len, bs);
        steps[r][2] = omac_steps(m[r].len, bs);
        steps[r][3] = steps[r][0] + (m[r].len + bs - 1) / bs;
        for (unsigned t = 0; t < 4; t++)
            all = steps[r][t] > all ? steps[r][t] : all;
        for (unsigned t = 0; t < 3; t++)
            memcpy(mac[r][t], first + t * bs, bs);
    }
    for (size_t s = 0; s < all; s++) {
        uint8_t *x = buf;
        for (r = 0; r < n; r++) {
            const lwc_simd_eax_msg *e = &m[r];
            if (s < steps[r][0]) {
                omac_input(x, mac[r][0], 0, e->nonce, e->nonce_len, s, subkeys, bs);
                x += bs;
            }
            if (s < steps[r][1]) {
                omac_input(x, mac[r][1], 1, e->ad, e->ad_len, s, subkeys, bs);
                x += bs;
            }
            if (s < steps[r][2]) {
                omac_input(x, mac[r][2], 2, e->data, e->len, s, subkeys, bs);
                x += bs;
            }
            if (s >= steps[r][0] && s < steps[r][3]) {
                memcpy(x, counter[r], bs);
                counter_next(counter[r], bs);
                x += bs;
            }
        }
        run(ks, buf, buf, NULL, (size_t)(x - buf) / bs);
        x = buf;
        for (r = 0; r < n; r++) {
            for (unsigned t = 0; t < 3; t++)
                if (s < steps[r][t]) {
                    memcpy(mac[r][t], x, bs);
                    x += bs;
                }
            if (s + 1 == steps[r][0]) /* N' is known: the counter starts there */
                memcpy(counter[r], mac[r][0], bs);
            if (s >= steps[r][0] && s < steps[r][3]) {
                const size_t at = (s - steps[r][0]) * bs, take = m[r].len - at < bs ? m[r].len - at : bs;
                uint8_t *const out = m[r].data + at;
                if (take == bs)
                    for (i = 0; i < bs; i += 8)
                        store64(out + i, load64(out + i) ^ load64(x + i));
                else
                    for (i = 0; i < take; i++)
                        out[i] ^= x[i];
                x += bs;
            }
        }
    }
    for (r = 0; r < n; r++) {
        for (i = 0; i < bs; i++)
            mac[r][0][i] ^= mac[r][1][i] ^ mac[r][2][i];
        verdicts[r] = lwc_aead_release(m[r].data, m[r].len, mac[r][0], m[r].tag, tag_len);
    }
    lwc_wipe(buf, sizeof buf);
    lwc_wipe(mac, sizeof mac);
    lwc_wipe(counter, sizeof counter);
}

void lwc_simd_eax_decrypt_many(lwc_multi_fn run, const void *ks, const uint8_t *precomputed, size_t block_bytes,
                               const lwc_simd_eax_msg *msgs, size_t n, size_t tag_len, int *verdicts)
{
    for (size_t done = 0; done < n; done += LWC_SIMD_EAX_LANES) {
        const size_t take = n - done < LWC_SIMD_EAX_LANES ? n - done : LWC_SIMD_EAX_LANES;
        if (block_bytes == 16) /* constant sizes: the block loops become moves */
            eax_lanes(run, ks, precomputed, 16, msgs + done, take, tag_len, verdicts + done);
        else
            eax_lanes(run, ks, precomputed, 8, msgs + done, take, tag_len, verdicts + done);
    }
}

#define RECORDS(X, kernel_fn, block_bytes)                                                       \
    void lwc_simd_ctr_records_##X(const lwc_##X##_key *ks, uint8_t *out, const uint8_t *in,      \
                                  const size_t *lens, const uint8_t *ivs, size_t nrecords)       \
    {                                                                                            \
        const lwc_multi_fn run = kernel_fn().run;                                                \
        if (run) {                                                                               \
            lwc_simd_ctr_records(run, ks, block_bytes, out, in, lens, ivs, nrecords);            \
            return;                                                                              \
        }                                                                                        \
        lwc_##X##_ctr ctx;                                                                       \
        ctx.ks = *ks;                                                                            \
        for (size_t r = 0, at = 0; r < nrecords; at += lens[r++]) {                              \
            memcpy(ctx.counter, ivs + r * (block_bytes), block_bytes);                           \
            ctx.used = block_bytes;                                                              \
            lwc_##X##_ctr_crypt(&ctx, out + at, in + at, lens[r]);                               \
        }                                                                                        \
        lwc_wipe(&ctx, sizeof ctx);                                                              \
    }
RECORDS(present80, lwc_simd_kernel_present, 8)
RECORDS(present128, lwc_simd_kernel_present, 8)
RECORDS(lea128, lwc_simd_kernel_lea128, 16)
RECORDS(lea192, lwc_simd_kernel_lea192, 16)
RECORDS(lea256, lwc_simd_kernel_lea256, 16)
RECORDS(hight, lwc_simd_kernel_hight, 8)
RECORDS(cham64_128, lwc_simd_kernel_cham64_128, 8)
RECORDS(cham128_128, lwc_simd_kernel_cham128_128, 16)
RECORDS(cham128_256, lwc_simd_kernel_cham128_256, 16)
RECORDS(aes128, lwc_simd_kernel_aes128, 16)
#endif
