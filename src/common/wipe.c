#include "lwc_internal.h"

void lwc_wipe(void *p, size_t n)
{
    /* Stores through a volatile pointer are observable behaviour: they cannot be elided. */
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n--)
        *v++ = 0;
}
