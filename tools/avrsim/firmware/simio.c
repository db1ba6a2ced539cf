/* simio: out-of-line parts of the avrsim firmware interface (simio.h). */
#include <avr/pgmspace.h>

#include "simio.h"

uint32_t sim_cycles_start;
uint16_t sim_stack_top;

void sim_puts(const char *s)
{
	while (*s)
		sim_putc(*s++);
}

void sim_puts_P(const char *s)
{
	char c;
	while ((c = (char)pgm_read_byte(s++)))
		sim_putc(c);
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
