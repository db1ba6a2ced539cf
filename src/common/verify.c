/* Constant-time comparison (lwc/common.h). */
#include "lwc_internal.h"

uint8_t lwc_equal_mask(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= a[i] ^ b[i];
    /* Every bit of diff ORed into bit 0 by shifts (MemorySanitizer follows a secret through
     * shifts and ORs, not through the carry of an addition), then 1 - 1 = 0, 0 - 1 = ff. */
    diff |= diff >> 4;
    diff |= diff >> 2;
    diff |= diff >> 1;
    uint8_t equal = (uint8_t)((diff & 1u) - 1u);
    LWC_VALUE_BARRIER(equal);
    return equal;
}

int lwc_verify(const void *a, const void *b, size_t n)
{
    if (lwc_missing(a, n) || lwc_missing(b, n))
        return LWC_E_NULL_POINTER;
    const unsigned differ = ~lwc_equal_mask((const uint8_t *)a, (const uint8_t *)b, n) & 1u;
    /* A mask, not differ * LWC_E_AUTH: an MCU without MUL multiplies in a loop whose time
     * depends on the operands. */
    return -(int)differ & LWC_E_AUTH;
}
