/*
 * Host SIMD dispatch (LWC_HOST_SIMD builds): the CPU's level and features, found once;
 * the CTR and record drivers of the multi-block kernels (lwc_simd.h).
 */
#include "lwc_simd.h"

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
 * same for all of them). 0 in state means not yet found, else 1 + level. */
static unsigned state, best, cpu_features;

static unsigned find_level(void)
{
    unsigned features;
    const unsigned found = detect(&features);
    unsigned level = found;
    const char *cap = getenv("LWC_SIMD");
    for (unsigned i = 0; cap && i < LEVEL_COUNT; i++)
        if (strcmp(cap, level_names[i]) == 0 && i < level)
            level = i;
    __atomic_store_n(&best, found, __ATOMIC_RELAXED);
    __atomic_store_n(&cpu_features, features, __ATOMIC_RELAXED);
    __atomic_store_n(&state, level + 1, __ATOMIC_RELAXED);
    return level;
}

unsigned lwc_simd_level(void)
{
    const unsigned s = __atomic_load_n(&state, __ATOMIC_RELAXED);
    return s ? s - 1 : find_level();
}

unsigned lwc_simd_best(void)
{
    lwc_simd_level();
    return __atomic_load_n(&best, __ATOMIC_RELAXED);
}

unsigned lwc_simd_features(void)
{
    lwc_simd_level();
    return __atomic_load_n(&cpu_features, __ATOMIC_RELAXED);
}

unsigned lwc_simd_force(unsigned level)
{
    const unsigned b = lwc_simd_best();
    level = level < b ? level : b;
    __atomic_store_n(&state, level + 1, __ATOMIC_RELAXED);
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
