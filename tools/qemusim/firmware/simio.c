/* simio for armsim: out-of-line parts of simio.h; the text and block I/O shared with
 * avrsim are in tools/simio/simio_text.c. */
#include "simio.h"

uint32_t sim_stack_top;

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
