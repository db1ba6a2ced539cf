/* simio: out-of-line parts of the avrsim firmware interface (simio.h); the text and
 * block I/O shared with armsim are in tools/simio/simio_text.c. */
#include <avr/pgmspace.h>

#include "simio.h"

uint32_t sim_cycles_start;
uint16_t sim_stack_top;

void sim_puts_P(const char *s)
{
	char c;
	while ((c = (char)pgm_read_byte(s++)))
		sim_putc(c);
}

