/* The target-independent part of simio (tools/avrsim, tools/qemusim): text output and
 * block input on top of each target's sim_putc/sim_getc (its own simio.h, found on the
 * include path of the firmware being built). */
#include "simio.h"

void sim_puts(const char *s)
{
	while (*s)
		sim_putc(*s++);
}

static void put_nibble(uint8_t v)
{
	sim_putc((char)(v < 10 ? '0' + v : 'a' + v - 10));
}

void sim_put_hex(const void *p, size_t n)
{
	const uint8_t *b = p;
	while (n--) {
		put_nibble(*b >> 4);
		put_nibble(*b++ & 0x0f);
	}
}

void sim_put_u32(uint32_t v)
{
	char digits[10]; /* 4294967295 */
	uint8_t n = 0;
	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		sim_putc(digits[--n]);
}

void sim_read(void *p, size_t n)
{
	uint8_t *b = p;
	while (n--)
		*b++ = sim_getc();
}
