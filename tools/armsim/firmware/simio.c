/* simio for armsim: out-of-line parts of simio.h. */
#include "simio.h"

uint32_t sim_stack_top;

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

void sim_exit(uint8_t code)
{
	const uint32_t block[2] = {SIM_ADP_STOPPED_APPLICATION_EXIT, code};
	register uint32_t op __asm__("r0") = SIM_SYS_EXIT_EXTENDED;
	register const uint32_t *arg __asm__("r1") = block;
	__asm__ __volatile__("bkpt 0xab" : : "r"(op), "r"(arg) : "memory");
	for (;;) {
		/* not reached under QEMU */
	}
}

/* Empty and never inlined: their addresses are what the instruction counter looks for. */
__attribute__((noinline)) void sim_mark_begin(void)
{
	__asm__ __volatile__("" ::: "memory");
}

__attribute__((noinline)) void sim_mark_end(void)
{
	__asm__ __volatile__("" ::: "memory");
}
