/*
 * AES-128 fixsliced over 32-bit words, two blocks per pass (LWC_BITSLICE32 builds):
 * constant time on cached CPUs (no table lookups, no data-dependent branches). The
 * technique is Adomnicai and Peyrin's fixslicing ("Fixslicing AES-like Ciphers", TCHES
 * 2021(1)); the code is lwc's own.
 *
 * Layout: q[b] holds bit b of all 32 state bytes; byte (row r, column c) of block B sits
 * at bit position 8r + 2c + B, so each byte lane of a word is a row.
 * SubBytes is a circuit of XORs and ANDs on the 8 bit planes (aes_ct32_sbox.h, generated
 * by tools/gen/gen_tables.py from the tower-field inverse); it leaves out the constant
 * 0x63, which the round keys carry instead (MixColumns maps the all-0x63 state to itself).
 * ShiftRows is never applied: after k rounds without it the state is stored with row r
 * shifted right by k r columns, and MixColumns in representation k (k = round mod 4) finds
 * the next row of a column k columns further on: a word rotation by one row plus, for
 * k != 0, a rotation inside each byte lane. Round key r is stored in representation r mod 4;
 * after the 10 rounds the state is in representation 2, which SR^2 (rows 1 and 3 move by
 * two columns) turns back into the standard order, on the words after the transposition.
 * The key schedule (lwc_aes128_key, 88 words) holds the 11 round keys in that fixsliced
 * form, computed by setkey. On ARMv7-M and RV32 the rounds are assembly (aes_ct32_armv7m.S,
 * aes_ct32_rv32.S), on ARMv6-M the encryption (aes_ct32_armv6m.S).
 */
#include "../common/lwc_simd.h"

#if LWC_AES_IMPL == LWC_IMPL_BITSLICE32
#define AES128_ROUNDS 10
LWC_STATIC_ASSERT(aes128_fixsliced_key_words, sizeof(((lwc_aes128_key *)0)->rk) == 4 * 8 * (AES128_ROUNDS + 1));

/*
 * Always inlined, whatever GCC's size heuristics say: the round functions take their
 * representation k as a constant (specialised in the unrolled rounds), and the
 * transposition keeps the words in registers.
 */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/*
 * The words x[2c + B] (column c of block B, little-endian) hold bit b of row r at 8r + b;
 * the three layers of swap-moves trade the word number bits (c1 c0 B) with the position
 * bits (b2 b1 b0): layer d (1, 2, 4) swaps words i and i + d (bit d of i clear) at bit
 * distance d. The transposition is its own inverse.
 */
#define TRANSPOSE_LAYER(q, d, m, i0, i1, i2, i3)     \
    do {                                             \
        LWC_SWAPMOVE(q[i0], q[(i0) + (d)], d, m);    \
        LWC_SWAPMOVE(q[i1], q[(i1) + (d)], d, m);    \
        LWC_SWAPMOVE(q[i2], q[(i2) + (d)], d, m);    \
        LWC_SWAPMOVE(q[i3], q[(i3) + (d)], d, m);    \
    } while (0)

static ALWAYS_INLINE void transpose(uint32_t q[8])
{
    TRANSPOSE_LAYER(q, 1, 0x55555555u, 0, 2, 4, 6);
    TRANSPOSE_LAYER(q, 2, 0x33333333u, 0, 1, 4, 5);
    TRANSPOSE_LAYER(q, 4, 0x0f0f0f0fu, 0, 1, 2, 3);
}

/*
 * SR^2 (its own inverse) on column words q[2c + B]: rows 1 and 3 (bytes 1 and 3 of each
 * word) trade places between columns c and c + 2. The rounds leave the state in
 * representation 2 (encryption) or take it there (decryption); this converts the words.
 */
static inline void shift_rows_twice(uint32_t q[8])
{
    LWC_SWAPMOVE(q[0], q[4], 0, 0xff00ff00u);
    LWC_SWAPMOVE(q[1], q[5], 0, 0xff00ff00u);
    LWC_SWAPMOVE(q[2], q[6], 0, 0xff00ff00u);
    LWC_SWAPMOVE(q[3], q[7], 0, 0xff00ff00u);
}

/* The 8 bit planes, for statements written once per plane (the compiler keeps them in registers). */
#define EACH_PLANE(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)

#define ENCRYPT_ASM (LWC_AES_CT32_ASM || LWC_AES_CT32_ARMV6M)
#if ENCRYPT_ASM
/*
 * ARMv7-M (Cortex-M3/M4) and RV32: the rounds and the key schedule's S-box are assembly
 * (aes_ct32_armv7m.S, aes_ct32_rv32.S, assembled under the same conditions); ARMv6-M: the
 * encryption of column words (encrypt_words below) and the CTR passes only
 * (aes_ct32_armv6m.S). Encryption takes the planes in representation 0 and leaves them in 2,
 * decryption the reverse.
 */
#if LWC_AES_CT32_ARMV6M
void lwc_aes128_ct32_encrypt_words(const uint32_t *rk, uint32_t q[8]);
#else
void lwc_aes128_ct32_encrypt(uint32_t q[8], const uint32_t *rk);
#define encrypt_planes(rk, q) lwc_aes128_ct32_encrypt(q, rk)
#endif

/*
 * CTR passes in assembly: pairs passes of counter blocks whose last four bytes, as a
 * big-endian number, are low, low + 1 (then low + 2, low + 3, ...; they must not carry out),
 * the rest of the counter block fixed. base: the planes of the counter block with those
 * bytes zero in both lanes, plus round key 0. The routine leaves low at the counter after
 * its last pass (and may change out and in).
 */
typedef struct {
    const uint32_t *rk;
    uint8_t *out;
    const uint8_t *in;
    uint32_t pairs;
    uint32_t low;
    uint32_t base[8];
} aes_ctr_job;
LWC_STATIC_ASSERT(aes_ctr_job_layout, offsetof(aes_ctr_job, out) == 4 && offsetof(aes_ctr_job, in) == 8 &&
                                          offsetof(aes_ctr_job, pairs) == 12 && offsetof(aes_ctr_job, low) == 16 &&
                                          offsetof(aes_ctr_job, base) == 20);
void lwc_aes128_ct32_ctr(aes_ctr_job *job);
#define CTR_ASM 1
#else
#define CTR_ASM 0
#endif

#if LWC_AES_CT32_ASM
void lwc_aes128_ct32_decrypt(uint32_t q[8], const uint32_t *rk);
uint32_t lwc_aes128_ct32_sub_word(uint32_t w);
#define decrypt_planes(rk, q) lwc_aes128_ct32_decrypt(q, rk)
#define sub_word lwc_aes128_ct32_sub_word
#else
#include "aes_ct32_sbox.h"

/* Byte lane masks: the low 8 - s bits of every byte. */
#define LANE_LOW(s) (0x01010101u * (0xffu >> (s)))

/*
 * The bit of row r + m, column c + m k moved to row r, column c (rows and columns mod 4):
 * the word rotated by m rows, and each byte lane rotated right by m k columns (2 bits each).
 */
static ALWAYS_INLINE uint32_t rows_up(uint32_t x, unsigned m, unsigned k)
{
    const unsigned s = 2 * m * k % 8;
    if (s == 0)
        return lwc_ror32(x, 8 * m);
    return (lwc_ror32(x, 8 * m + s) & LANE_LOW(s)) | (lwc_ror32(x, (8 * m + s - 8) % 32) & ~LANE_LOW(s));
}

/*
 * MixColumns in representation k: b = 2 t + a1 + (t two rows up), with t = a + a1 and
 * a1, a2, a3 the next rows of a's column (b = 2 a + 3 a1 + a2 + a3). The doubling 2 t moves
 * each plane up one, and adds t7 to planes 0, 1, 3 and 4 (x^8 = x^4 + x^3 + x + 1).
 */
static ALWAYS_INLINE void mix_columns(uint32_t q[8], unsigned k)
{
#define MC_NEXT_ROW(b) const uint32_t a##b = rows_up(q[b], 1, k), t##b = q[b] ^ a##b;
    EACH_PLANE(MC_NEXT_ROW)
#undef MC_NEXT_ROW
    q[0] = t7 ^ a0 ^ rows_up(t0, 2, k);
    q[1] = t0 ^ t7 ^ a1 ^ rows_up(t1, 2, k);
    q[2] = t1 ^ a2 ^ rows_up(t2, 2, k);
    q[3] = t2 ^ t7 ^ a3 ^ rows_up(t3, 2, k);
    q[4] = t3 ^ t7 ^ a4 ^ rows_up(t4, 2, k);
    q[5] = t4 ^ a5 ^ rows_up(t5, 2, k);
    q[6] = t5 ^ a6 ^ rows_up(t6, 2, k);
    q[7] = t6 ^ a7 ^ rows_up(t7, 2, k);
}

/*
 * InvMixColumns = MixColumns after a += 4 u, u = a + a2 (the FIPS 197 factorisation). 4 u
 * moves each plane up two, adding u6 and u7 where x^8 and x^9 reduce (x^9 = x^5 + x^4 + x^2 + x).
 */
static ALWAYS_INLINE void inv_mix_columns(uint32_t q[8], unsigned k)
{
#define IMC_TWO_ROWS(b) const uint32_t u##b = q[b] ^ rows_up(q[b], 2, k);
    EACH_PLANE(IMC_TWO_ROWS)
#undef IMC_TWO_ROWS
    q[0] ^= u6;
    q[1] ^= u6 ^ u7;
    q[2] ^= u0 ^ u7;
    q[3] ^= u1 ^ u6;
    q[4] ^= u2 ^ u6 ^ u7;
    q[5] ^= u3 ^ u7;
    q[6] ^= u4;
    q[7] ^= u5;
    mix_columns(q, k);
}

static inline void add_round_key(uint32_t q[8], const uint32_t rk[8])
{
#define ARK_PLANE(b) q[b] ^= rk[b];
    EACH_PLANE(ARK_PLANE)
#undef ARK_PLANE
}

/* Round r of encryption, 1 <= r <= 9, in representation k = r mod 4. */
static ALWAYS_INLINE void encrypt_round(uint32_t q[8], const uint32_t rk[8], unsigned k)
{
    sub_bytes_planes(q);
    mix_columns(q, k);
    add_round_key(q, rk);
}

/* Its inverse. */
static ALWAYS_INLINE void decrypt_round(uint32_t q[8], const uint32_t rk[8], unsigned k)
{
    add_round_key(q, rk);
    inv_mix_columns(q, k);
    inv_sub_bytes_planes(q);
}

#if !ENCRYPT_ASM
/*
 * Encrypts the two blocks in q[] (bitsliced, representation 0 in, 2 out). The rounds are
 * unrolled by four (the representations 1, 2, 3, 0), so that each MixColumns is specialised.
 */
static void encrypt_planes(const uint32_t *rk, uint32_t q[8])
{
    add_round_key(q, rk);
    for (unsigned r = 1; r < 9; r += 4) {
        encrypt_round(q, rk + 8 * r, 1);
        encrypt_round(q, rk + 8 * r + 8, 2);
        encrypt_round(q, rk + 8 * r + 16, 3);
        encrypt_round(q, rk + 8 * r + 24, 0);
    }
    encrypt_round(q, rk + 8 * 9, 1);
    sub_bytes_planes(q);
    add_round_key(q, rk + 8 * AES128_ROUNDS);
}
#endif

static void decrypt_planes(const uint32_t *rk, uint32_t q[8])
{
    add_round_key(q, rk + 8 * AES128_ROUNDS);
    inv_sub_bytes_planes(q);
    decrypt_round(q, rk + 8 * 9, 1);
    for (unsigned r = 8; r > 0; r -= 4) {
        decrypt_round(q, rk + 8 * r, 0);
        decrypt_round(q, rk + 8 * r - 8, 3);
        decrypt_round(q, rk + 8 * r - 16, 2);
        decrypt_round(q, rk + 8 * r - 24, 1);
    }
    add_round_key(q, rk);
}

/*
 * SubWord: the S-box on each byte of a little-endian word, through the circuit on its bit
 * planes (plane b = w >> b holds bit b of byte j at bit 8j; its other bits are don't-cares).
 */
static uint32_t sub_word(uint32_t w)
{
    uint32_t x[8], s;
#define SW_PLANE(b) x[b] = w >> b;
    EACH_PLANE(SW_PLANE)
#undef SW_PLANE
    sub_bytes_planes(x);
#define SW_BITS(b) | (x[b] & 0x01010101u) << b
    s = (0 EACH_PLANE(SW_BITS)) ^ 0x63636363u;
#undef SW_BITS
    lwc_wipe(x, sizeof x);
    return s;
}
#endif /* LWC_AES_CT32_ASM */

/*
 * Round key r in the fixsliced form, from its four little-endian words: row j moved right
 * by (r mod 4) j columns (the representation the state is in when it is added), bitsliced
 * into both lanes, plus the constant 0x63 of the S-boxes before it (planes 0, 1, 5 and 6
 * inverted) from round 1 on.
 */
static ALWAYS_INLINE void shift_rows_words(uint32_t *restrict rk, const uint32_t *restrict w, unsigned k)
{
#define SRW_COLUMN(c) rk[2 * (c)] = rk[2 * (c) + 1] = (w[c] & 0x000000ffu) | (w[((c) - k) % 4] & 0x0000ff00u) | \
                                                  (w[((c) - 2 * k) % 4] & 0x00ff0000u) | (w[((c) - 3 * k) % 4] & 0xff000000u);
    SRW_COLUMN(0u) SRW_COLUMN(1u) SRW_COLUMN(2u) SRW_COLUMN(3u)
#undef SRW_COLUMN
}

static void fixsliced_round_key(uint32_t *restrict rk, const uint32_t *restrict w, unsigned r)
{
    switch (r % 4) { /* public; the rows' moves with constant word indices */
    case 0:
        shift_rows_words(rk, w, 0);
        break;
    case 1:
        shift_rows_words(rk, w, 1);
        break;
    case 2:
        shift_rows_words(rk, w, 2);
        break;
    default:
        shift_rows_words(rk, w, 3);
        break;
    }
    transpose(rk);
    if (r != 0) {
        rk[0] = ~rk[0];
        rk[1] = ~rk[1];
        rk[5] = ~rk[5];
        rk[6] = ~rk[6];
    }
}

/* Round key r in both forms the key schedule holds (lwc/aes.h), from its four words. */
static void set_round_key(lwc_aes128_key *ks, const uint32_t w[4], unsigned r)
{
    fixsliced_round_key(ks->rk + 8 * r, w, r);
#if LWC_AES_STANDARD_KEYS
    for (unsigned i = 0; i < 4; i++)
        lwc_store32le(ks->std + 16 * r + 4 * i, w[i]);
#endif
}

void lwc_aes128_setkey(lwc_aes128_key *ks, const uint8_t *key)
{
    uint32_t w[4];
    uint8_t rcon = 1;
    for (unsigned i = 0; i < 4; i++)
        w[i] = lwc_load32le(key + 4 * i);
    set_round_key(ks, w, 0);
    for (unsigned r = 1; r <= AES128_ROUNDS; r++) {
        w[0] ^= sub_word(lwc_ror32(w[3], 8)) ^ rcon; /* SubWord(RotWord(w3)) */
        w[1] ^= w[0];
        w[2] ^= w[1];
        w[3] ^= w[2];
        set_round_key(ks, w, r);
        rcon = (uint8_t)(rcon << 1 ^ (rcon >> 7) * 0x1b); /* public */
    }
    lwc_wipe(w, sizeof w);
}

/*
 * The rounds on the column words of two blocks (q[2c + B]), from the standard order to the
 * standard order: encryption ends in representation 2, decryption starts there.
 */
#if LWC_AES_CT32_ARMV6M
#define encrypt_words lwc_aes128_ct32_encrypt_words /* the conversions in assembly too */
#else
static void encrypt_words(const uint32_t *rk, uint32_t q[8])
{
    transpose(q);
    encrypt_planes(rk, q);
    transpose(q);
    shift_rows_twice(q);
}
#endif

static void decrypt_words(const uint32_t *rk, uint32_t q[8])
{
    shift_rows_twice(q);
    transpose(q);
    decrypt_planes(rk, q);
    transpose(q);
}

/* Block a in lane 0, block b in lane 1 (in place allowed); b_in == a_in: one block, loaded
 * once, and stored once if b_out == a_out too (the pointers are public). */
static void crypt_pair(void (*words)(const uint32_t *, uint32_t *), const lwc_aes128_key *ks, uint8_t *a_out,
                       const uint8_t *a_in, uint8_t *b_out, const uint8_t *b_in)
{
    uint32_t q[8];
    for (unsigned c = 0; c < 4; c++)
        q[2 * c] = q[2 * c + 1] = lwc_load32le(a_in + 4 * c);
    if (b_in != a_in)
        for (unsigned c = 0; c < 4; c++)
            q[2 * c + 1] = lwc_load32le(b_in + 4 * c);
    words(ks->rk, q);
    for (unsigned c = 0; c < 4; c++)
        lwc_store32le(a_out + 4 * c, q[2 * c]);
    if (b_out != a_out)
        for (unsigned c = 0; c < 4; c++)
            lwc_store32le(b_out + 4 * c, q[2 * c + 1]);
    lwc_wipe(q, sizeof q);
}

/* One block: the same block in both lanes. */
void lwc_aes128_encrypt(const lwc_aes128_key *ks, uint8_t *out, const uint8_t *in)
{
    crypt_pair(encrypt_words, ks, out, in, out, in);
}

void lwc_aes128_decrypt(const lwc_aes128_key *ks, uint8_t *out, const uint8_t *in)
{
    crypt_pair(decrypt_words, ks, out, in, out, in);
}

#if LWC_BLOCK_PAIRS
void lwc_aes_encrypt_pair(const void *ks, uint8_t *a_out, const uint8_t *a_in, uint8_t *b_out,
                          const uint8_t *b_in)
{
    crypt_pair(encrypt_words, (const lwc_aes128_key *)ks, a_out, a_in, b_out, b_in);
}
#endif

/* The counter block's last four bytes as a big-endian number, and back. */
static uint32_t counter_low(const uint8_t counter[16])
{
    return (uint32_t)counter[12] << 24 | (uint32_t)counter[13] << 16 | (uint32_t)counter[14] << 8 | counter[15];
}

static void set_counter_low(uint8_t counter[16], uint32_t low)
{
    counter[12] = (uint8_t)(low >> 24);
    counter[13] = (uint8_t)(low >> 16);
    counter[14] = (uint8_t)(low >> 8);
    counter[15] = (uint8_t)low;
}

/* The counter block as four little-endian words; then the counter advances (the carry out
 * of its last four bytes, rare and public, takes the generic path). */
static void next_counter(uint32_t w[4], uint8_t counter[16])
{
    const uint32_t low = counter_low(counter);
    for (unsigned c = 0; c < 4; c++)
        w[c] = lwc_load32le(counter + 4 * c);
    if (low == 0xffffffffu)
        lwc_ctr_increment(counter, 16);
    else
        set_counter_low(counter, low + 1);
}

#if CTR_ASM
/*
 * The pairs of blocks before the counter's last four bytes would carry out go to the
 * assembly; returns the number of blocks done.
 */
static size_t ctr_pairs_asm(lwc_aes128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    aes_ctr_job job;
    const uint32_t low = counter_low(ctx->counter);
    const uint32_t below_carry = 0xffffffffu - low; /* room for pairs: low + 2 pairs - 1 <= 2^32 - 1 */
    const size_t room = below_carry / 2 + (below_carry & 1);
    const size_t pairs = nblocks / 2 < room ? nblocks / 2 : room;
    if (pairs == 0)
        return 0;
    job.rk = ctx->ks.rk;
    job.out = out;
    job.in = in;
    job.pairs = (uint32_t)pairs;
    job.low = low;
    for (unsigned c = 0; c < 4; c++)
        job.base[2 * c] = job.base[2 * c + 1] = c < 3 ? lwc_load32le(ctx->counter + 4 * c) : 0;
    transpose(job.base);
    for (unsigned b = 0; b < 8; b++)
        job.base[b] ^= ctx->ks.rk[b];
#if LWC_AES_CT32_ARMV6M
    if (!lwc_aligned4(out) || !lwc_aligned4(in)) {
        /* The M0 faults on misaligned words: through an aligned buffer, two passes at a time. */
        uint32_t bounce[16];
        for (size_t left = pairs, n; left; left -= n, out += 32 * n, in += 32 * n) {
            n = left < 2 ? left : 2;
            memcpy(bounce, in, 32 * n);
            job.out = (uint8_t *)bounce;
            job.in = (const uint8_t *)bounce;
            job.pairs = (uint32_t)n;
            lwc_aes128_ct32_ctr(&job);
            memcpy(out, bounce, 32 * n);
        }
        lwc_wipe(bounce, sizeof bounce);
    } else
#endif
        lwc_aes128_ct32_ctr(&job);
    set_counter_low(ctx->counter, job.low);
    if (job.low == 0) /* the last pair ended at 2^32 - 1: carry into the first 12 bytes */
        lwc_ctr_increment(ctx->counter, 12);
    lwc_wipe(job.base, sizeof job.base);
    return 2 * pairs;
}
#endif

/* CTR whole blocks, two counter blocks per pass (one in both lanes for an odd last block). */
static void ctr_blocks(void *state, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lwc_aes128_ctr *ctx = state;
    uint32_t q[8], a[4], b[4];
#if CTR_ASM
    const size_t done = ctr_pairs_asm(ctx, out, in, nblocks);
    out += 16 * done;
    in += 16 * done;
    nblocks -= done;
#endif
    while (nblocks) {
        const size_t n = nblocks >= 2 ? 2 : 1;
        next_counter(a, ctx->counter);
        if (n == 2)
            next_counter(b, ctx->counter);
        else
            memcpy(b, a, sizeof b);
        for (unsigned c = 0; c < 4; c++) {
            q[2 * c] = a[c];
            q[2 * c + 1] = b[c];
        }
        encrypt_words(ctx->ks.rk, q);
        for (size_t i = 0; i < n; i++)
            for (unsigned c = 0; c < 4; c++)
                lwc_store32le(out + 16 * i + 4 * c, lwc_load32le(in + 16 * i + 4 * c) ^ q[2 * c + i]);
        out += 16 * n;
        in += 16 * n;
        nblocks -= n;
    }
    lwc_wipe(q, sizeof q);
}

void lwc_aes128_ctr_init(lwc_aes128_ctr *ctx, const uint8_t *key, const uint8_t *iv)
{
    lwc_aes128_setkey(&ctx->ks, key);
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_aes128_ctr_setiv(lwc_aes128_ctr *ctx, const uint8_t *iv)
{
    lwc_ctr_restart(ctx->counter, &ctx->used, iv, 16);
}

void lwc_aes128_ctr_crypt(lwc_aes128_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    LWC_SIMD_CTR_FIRST(lwc_simd_kernel_aes128, ctx, 16, out, in, len); /* AES-NI, VAES */
    lwc_ctr_xcrypt_blocks(ctr_blocks, ctx, 16, ctx->stream, &ctx->used, out, in, len);
}

#endif /* LWC_IMPL_BITSLICE32 */
