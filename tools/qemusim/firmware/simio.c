/* simio for qemusim: out-of-line parts of simio.h; the text and block I/O shared with
 * avrsim are in tools/simio/simio_text.c, sim_exit in startup_<arch>.c. */
#include "simio.h"

uintptr_t sim_stack_top;

/* Empty and never inlined: their addresses are what the instruction counter looks for. */
__attribute__((noinline)) void sim_mark_begin(void)
{
	__asm__ __volatile__("" ::: "memory");
}

__attribute__((noinline)) void sim_mark_end(void)
{
	__asm__ __volatile__("" ::: "memory");
}
