/*
 * Generates src/drbg/drbg_tables.h: the CTR_DRBG blocks that depend only on constants
 * (SP 800-90A 10.3.2 and 10.2.1.3.2), computed with the library's own ciphers:
 *   <D>_drbg_bcc_first[i] = E(K_df, IV_i): the first step of BCC chain i of
 *       Block_Cipher_df, whose key K_df = 00 01 02 ... and IV_i = i || 0... are fixed;
 *   <D>_drbg_update0 = E(0^keylen, 1) || E(0^keylen, 2) || ...: the keystream of the
 *       first Update of instantiate, which starts from Key = 0, V = 0.
 * There are ceil(seedlen / blocklen) of each. And
 *   <D>_drbg_df_key_schedule = the key schedule of K_df, a constant lwc_<D>_key whose
 *       members are printed as numbers of their own width (words as words), so that the
 *       target's compiler lays them out in its byte order. This assumes every build of
 *       the library computes the same member values as the host build; the df-based CAVP
 *       and TTAK tests on the host, the big-endian and 32-bit hosts and the MCUs fail if
 *       that ever stops being true.
 * Usage: gen_drbg_tables > drbg_tables.h
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lwc.h"

/* One array member of a key schedule struct: where, element width, element count. */
typedef struct {
    size_t offset, elem_bytes, count;
} key_member;

typedef struct {
    const char *name;
    unsigned block, key;
    void (*blocks)(unsigned key_bytes, int zero_key, const uint8_t *in, uint8_t *out);
    size_t (*df_schedule)(uint8_t *out);
    key_member members[2]; /* the members of lwc_<name>_key in order; count 0 ends */
    const char *layout_guard; /* the builds whose lwc_<name>_key has this layout, or NULL: all */
} drbg_cipher_gen;

#define ENCRYPTOR(X)                                                                     \
    static void X##_blocks(unsigned key_bytes, int zero_key, const uint8_t *in, uint8_t *out) \
    {                                                                                    \
        uint8_t key[32];                                                                 \
        lwc_##X##_key ks;                                                                \
        for (unsigned i = 0; i < key_bytes; i++)                                         \
            key[i] = zero_key ? 0 : (uint8_t)i;                                          \
        lwc_##X##_setkey(&ks, key);                                                      \
        lwc_##X##_encrypt(&ks, out, in);                                                 \
    }                                                                                    \
    static size_t X##_df_schedule(uint8_t *out)                                          \
    {                                                                                    \
        uint8_t key[32];                                                                 \
        lwc_##X##_key ks;                                                                \
        for (unsigned i = 0; i < sizeof key; i++)                                        \
            key[i] = (uint8_t)i;                                                         \
        lwc_##X##_setkey(&ks, key);                                                      \
        memcpy(out, &ks, sizeof ks);                                                     \
        return sizeof ks;                                                                \
    }
ENCRYPTOR(aes128)
ENCRYPTOR(lea128)
ENCRYPTOR(lea192)
ENCRYPTOR(lea256)
ENCRYPTOR(hight)

#define ARRAY_MEMBER(type, m) {offsetof(type, m), sizeof((type *)0)->m[0], sizeof((type *)0)->m / sizeof((type *)0)->m[0]}
static const drbg_cipher_gen ciphers[] = {
    {"aes128", 16, 16, aes128_blocks, aes128_df_schedule, {ARRAY_MEMBER(lwc_aes128_key, rk)},
     "LWC_AES_IMPL != LWC_IMPL_BITSLICE32"}, /* the fixsliced AES has a layout of its own */
    {"lea128", 16, 16, lea128_blocks, lea128_df_schedule, {ARRAY_MEMBER(lwc_lea128_key, rk)}, NULL},
    {"lea192", 16, 24, lea192_blocks, lea192_df_schedule, {ARRAY_MEMBER(lwc_lea192_key, rk)}, NULL},
    {"lea256", 16, 32, lea256_blocks, lea256_df_schedule, {ARRAY_MEMBER(lwc_lea256_key, rk)}, NULL},
    {"hight", 8, 16, hight_blocks, hight_df_schedule,
     {ARRAY_MEMBER(lwc_hight_key, wk), ARRAY_MEMBER(lwc_hight_key, sk)}, NULL},
};

static void print_block(const uint8_t *p, unsigned n)
{
    printf("    {");
    for (unsigned i = 0; i < n; i++)
        printf("0x%02x%s", p[i], i + 1 < n ? ", " : "");
    printf("},\n");
}

/* The integer of the given width stored at p, read in the host's byte order. */
static unsigned long element(const uint8_t *p, size_t width)
{
    uint32_t w32;
    uint16_t w16;
    switch (width) {
    case 4:
        memcpy(&w32, p, 4);
        return w32;
    case 2:
        memcpy(&w16, p, 2);
        return w16;
    default:
        return *p;
    }
}

/* The initialiser of a key schedule struct of n bytes at p: each member's elements read at
 * their own width, so the values hold in any byte order. Exits if the members do not
 * tile the struct (its definition changed: update the members above). */
static void print_key_schedule(const drbg_cipher_gen *g, const uint8_t *p, size_t n)
{
    size_t covered = 0;
    if (g->layout_guard)
        printf("#if %s\n", g->layout_guard);
    printf("static const lwc_%s_key %s_drbg_df_key_schedule LWC_ROM = {\n", g->name, g->name);
    for (const key_member *m = g->members; m < g->members + 2 && m->count; m++) {
        if (m->offset != covered) {
            fprintf(stderr, "gen_drbg_tables: lwc_%s_key has padding or other members\n", g->name);
            exit(1);
        }
        const size_t per_line = m->elem_bytes == 1 ? 16 : 8;
        printf("    {");
        for (size_t i = 0; i < m->count; i++)
            printf("%s0x%0*lx,", i % per_line ? " " : "\n        ", (int)(2 * m->elem_bytes),
                   element(p + m->offset + i * m->elem_bytes, m->elem_bytes));
        printf("\n    },\n");
        covered += m->count * m->elem_bytes;
    }
    printf("};\n#define %s_drbg_df_schedule ((const uint8_t *)&%s_drbg_df_key_schedule)\n", g->name, g->name);
    if (g->layout_guard) /* elsewhere ctr_drbg.c computes it */
        printf("#else\n#define %s_drbg_df_schedule NULL\n#endif\n", g->name);
    if (covered != n) {
        fprintf(stderr, "gen_drbg_tables: the members of lwc_%s_key cover %zu of %zu bytes\n", g->name, covered, n);
        exit(1);
    }
}

int main(void)
{
    printf("/* Generated by tools/gen/gen_drbg_tables.c: do not edit. */\n");
    printf("#ifndef LWC_DRBG_TABLES_H\n#define LWC_DRBG_TABLES_H\n");
    for (size_t c = 0; c < sizeof ciphers / sizeof ciphers[0]; c++) {
        const drbg_cipher_gen *g = &ciphers[c];
        const unsigned chains = (g->key + g->block + g->block - 1) / g->block;
        uint8_t in[16], out[16];
        printf("\nstatic const uint8_t %s_drbg_bcc_first[%u][%u] LWC_ROM = {\n", g->name, chains, g->block);
        for (unsigned i = 0; i < chains; i++) {
            memset(in, 0, sizeof in);
            in[3] = (uint8_t)i;
            g->blocks(g->key, 0, in, out);
            print_block(out, g->block);
        }
        printf("};\n\nstatic const uint8_t %s_drbg_update0[%u] LWC_ROM = {\n", g->name, chains * g->block);
        for (unsigned i = 1; i <= chains; i++) {
            memset(in, 0, sizeof in);
            in[g->block - 1] = (uint8_t)i;
            g->blocks(g->key, 1, in, out);
            printf("    ");
            for (unsigned k = 0; k < g->block; k++)
                printf("0x%02x,%s", out[k], k + 1 < g->block ? " " : "\n");
        }
        printf("};\n");
        uint8_t schedule[1024];
        const size_t n = g->df_schedule(schedule);
        printf("\n");
        print_key_schedule(g, schedule, n);
    }
    printf("\n#endif\n");
    return 0;
}
