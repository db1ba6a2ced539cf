#include "lwc_internal.h"

void lwc_wipe(void *p, size_t n)
{
#if defined(__GNUC__)
    /* memset (the C library's loop, several times faster than byte stores through a volatile
     * pointer), then an empty asm that takes p and clobbers memory: to the compiler it may
     * read the zeros, so the memset cannot be elided, even across translation units (LTO). */
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    /* Stores through a volatile pointer are observable behaviour: they cannot be elided. */
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n--)
        *v++ = 0;
#endif
}
