/*
 * Calibration of avrsim: checks the simulator's cycle counts, the simio
 * cycle-measurement API and the simio stack measurement against known
 * values.
 *
 * Each row prints "name expected measured OK|MISMATCH" and the last line
 * is "N passed, M failed"; the exit code is 0 only if every row matched.
 *
 * Instruction rows time CAL_REPS copies of one instruction (the _xN in the
 * name) using the with/without sequence pairs of calibration_seq.S, and
 * compare with CAL_REPS times the cycle count from the "Instruction Set
 * Summary" of the ATmega128 datasheet (Atmel 2467). The ATmega328P (8271) and
 * ATtiny25/45/85 (2586) datasheets give the same counts for every instruction
 * they have; MUL, JMP and CALL rows exist only where the device has the
 * instruction. On a core with a 3-byte PC (ATmega2560, datasheet 2549) a call
 * pushes and RET pops 3 bytes: RCALL, ICALL, EICALL (4), CALL and RET (5) take
 * one cycle more; EIJMP and EICALL exist only there.
 */
#include <avr/pgmspace.h>

#include "calibration.h"
#include "simio.h"

#ifdef __AVR_HAVE_MUL__
#define IF_MUL(row) row
#else
#define IF_MUL(row)
#endif

#ifdef __AVR_HAVE_JMP_CALL__
#define IF_JMP_CALL(row) row
#else
#define IF_JMP_CALL(row)
#endif

#ifdef __AVR_3_BYTE_PC__
#define RET_EXTRA 1 /* the extra byte of every return address */
#else
#define RET_EXTRA 0
#endif

#ifdef __AVR_HAVE_EIJMP_EICALL__
#define IF_EIJMP_EICALL(row) row
#else
#define IF_EIJMP_EICALL(row)
#endif

/* X(name, datasheet cycles of one copy) */
#define CAL_ROWS(X) \
	X(nop, 1) \
	X(ld_x, 2) \
	X(ldd_y, 2) \
	X(st_x, 2) \
	X(lpm, 3) \
	X(push, 2) \
	X(pop, 2) \
	IF_MUL(X(mul, 2)) \
	X(movw, 1) \
	X(add, 1) \
	X(eor, 1) \
	X(mov, 1) \
	X(ldi, 1) \
	X(rcall_ret, 7 + 2 * RET_EXTRA) /* RCALL 3 + RET 4 (4 + 5) */ \
	IF_JMP_CALL(X(call_ret, 8 + 2 * RET_EXTRA)) /* CALL 4 + RET 4 (5 + 5) */ \
	X(brne_taken, 2) \
	X(brne_not, 1) \
	X(sbiw, 2) \
	X(adiw, 2) \
	X(ijmp, 2) \
	X(ld_x_inc, 2) \
	X(st_x_inc, 2) \
	X(lds, 2) \
	X(sts, 2) \
	X(lpm_z_inc, 3) \
	X(rjmp, 2) \
	IF_JMP_CALL(X(jmp, 3)) \
	X(icall_ret, 7 + 2 * RET_EXTRA) /* ICALL 3 + RET 4 (4 + 5) */ \
	IF_EIJMP_EICALL(X(eijmp, 2)) \
	IF_EIJMP_EICALL(X(eicall_ret, 9)) /* EICALL 4 + RET 5 */

typedef void (*seq_fn)(void);

#define DECLARE(name, cycles) \
	void cal_##name##_with(void); \
	void cal_##name##_without(void);
CAL_ROWS(DECLARE)
void cal_stack_call(void);
void cal_stack_pushes(void);

struct cal_row {
	char name[16];
	seq_fn with, without;
	uint8_t cycles;
};

#define STR(x) #x
#define XSTR(x) STR(x)
#define ROW(name, cycles) \
	{ #name "_x" XSTR(CAL_REPS), cal_##name##_with, cal_##name##_without, cycles },
static const struct cal_row rows[] PROGMEM = { CAL_ROWS(ROW) };

static uint8_t passed, failed;

static void report(const char *name_P, uint32_t expected, uint32_t measured)
{
	sim_puts_P(name_P);
	sim_putc(' ');
	sim_put_u32(expected);
	sim_putc(' ');
	sim_put_u32(measured);
	if (measured == expected) {
		sim_puts_P(PSTR(" OK\n"));
		passed++;
	} else {
		sim_puts_P(PSTR(" MISMATCH\n"));
		failed++;
	}
}

/* Not inlined, so that every sequence is timed by the same code. */
__attribute__((noinline)) static uint32_t cycles_of(seq_fn fn)
{
	sim_cycles_begin();
	fn();
	return sim_cycles_end();
}

__attribute__((noinline)) static uint16_t stack_of(seq_fn fn)
{
	sim_stack_paint();
	fn();
	return sim_stack_peak();
}

int main(void)
{
	sim_cycles_begin();
	uint32_t empty = sim_cycles_end();
	report(PSTR("empty"), 0, empty);

	for (uint8_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct cal_row *r = &rows[i];
		seq_fn with = (seq_fn)pgm_read_word(&r->with);
		seq_fn without = (seq_fn)pgm_read_word(&r->without);
		uint32_t measured = cycles_of(with) - cycles_of(without);
		report(r->name, (uint32_t)CAL_REPS * pgm_read_byte(&r->cycles), measured);
	}

	/* The call pushes a 2-byte return address, 3 bytes with a 3-byte PC. */
	report(PSTR("stack_call"), 2 + RET_EXTRA, stack_of(cal_stack_call));
	report(PSTR("stack_pushes"), 2 + RET_EXTRA + CAL_STACK_PUSHES, stack_of(cal_stack_pushes));

	sim_put_u32(passed);
	sim_puts_P(PSTR(" passed, "));
	sim_put_u32(failed);
	sim_puts_P(PSTR(" failed\n"));
	sim_exit(failed ? 1 : 0);
}
