/* Reading a libFuzzer input as a stream of choices; past its end every read gives zeros. */
#ifndef LWC_FUZZ_INPUT_H
#define LWC_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *p;
    size_t left;
} fuzz_input;

static inline uint8_t fuzz_u8(fuzz_input *in)
{
    if (!in->left)
        return 0;
    in->left--;
    return *in->p++;
}

static inline uint16_t fuzz_u16(fuzz_input *in)
{
    const uint16_t hi = fuzz_u8(in);
    return (uint16_t)(hi << 8 | fuzz_u8(in));
}

/* n bytes of the input (zeros past its end). */
static inline void fuzz_bytes(fuzz_input *in, uint8_t *out, size_t n)
{
    const size_t k = n < in->left ? n : in->left;
    memcpy(out, in->p, k);
    memset(out + k, 0, n - k);
    in->p += k;
    in->left -= k;
}

/* A failed property: abort, which libFuzzer reports with the input that caused it. */
#define FUZZ_ASSERT(cond)                                                          \
    do {                                                                           \
        if (!(cond)) {                                                             \
            fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond); \
            abort();                                                               \
        }                                                                          \
    } while (0)

#endif
