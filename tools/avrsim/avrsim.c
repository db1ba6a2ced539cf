/*
 * avrsim: run an AVR firmware ELF on simavr and give it a tiny host-I/O
 * device (console, stdin, cycle-counter latch, exit), so that firmware can
 * be driven through pipes and can time itself to the cycle.
 *
 * Usage: avrsim [--mcu MCU] [--cycle-limit N] [--stop-after N] [--uart]
 *               [--adc FILE] [--eeprom FILE] [--quiet] [--verbose] firmware.elf
 * MCU: atmega128 (default), atmega328p, atmega2560, attiny45, attiny85.
 *
 * The register map is in firmware/simio_map.h, the exit codes below and in
 * README.md. stdout carries only what the firmware writes to OUT; every
 * diagnostic goes to stderr as a single line.
 */
#define _GNU_SOURCE /* putc_unlocked, dup2, getopt_long */
#include <elf.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <avr_adc.h>
#include <avr_eeprom.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_elf.h>

#include "firmware/simio_map.h"

/* Runner exit codes; 0..SIM_EXIT_MAX belong to the firmware. */
enum {
	EXIT_USAGE = 64,       /* bad command line */
	EXIT_LOAD = 65,        /* ELF missing, unreadable, wrong MCU, too big */
	EXIT_CRASH = 66,       /* simavr error: bad opcode, bad address, ... */
	EXIT_RESET = 67,       /* execution came back to address 0 */
	EXIT_CYCLE_LIMIT = 68, /* --cycle-limit reached */
	EXIT_STOPPED = 69,     /* CPU stopped or hung without writing EXIT */
	EXIT_STDIN_EOF = 70,   /* firmware read IN after the end of stdin */
	EXIT_BAD_EXIT = 71,    /* firmware wrote an EXIT value > SIM_EXIT_MAX */
	EXIT_HOST_IO = 72,     /* reading stdin or writing stdout failed */
};

#define DEFAULT_CYCLE_LIMIT 4000000000ULL
#define NOMINAL_HZ 16000000

/*
 * Upper bound on the cycles simavr runs before returning to our loop.
 * Reset leaves it at 1, i.e. one instruction per avr_run() call, which is
 * slow. simavr itself still ends a batch at the next peripheral timer
 * event, or after 1000 cycles when none is pending, so the cycle-limit and
 * halt checks in run() are never more than that late.
 */
#define RUN_BATCH_CYCLES 1000000

/*
 * Written over flash word 0 once the reset vector has run, and over all
 * flash the ELF does not occupy. 0x0001 is a reserved encoding that simavr
 * reports as an invalid opcode, which ends the run through the logger
 * below; this is how a jump to 0 (or into empty flash) is caught, since
 * simavr only checks for it in trace builds.
 */
#define TRAP_OPCODE 0x0001
/* RJMP .-2: the endless loop avr-libc's exit() ends in, after CLI. */
#define RJMP_SELF_OPCODE 0xCFFF

/* Bits of an AVR ELF's e_flags that give the avr-gcc architecture (avrN). */
#define EF_AVR_ARCH_MASK 0x7f

struct mcu {
	const char *name;
	unsigned elf_arch; /* N of the avrN architecture avr-gcc uses for it */
	avr_io_addr_t out, in, stamp, exit, cyc0;
	avr_io_addr_t watch; /* WATCH_ADDR0 (the read watch's registers follow), or 0: none */
};

#define ATMEGA_DEVICE SIM_ATMEGA_OUT, SIM_ATMEGA_IN, SIM_ATMEGA_STAMP, SIM_ATMEGA_EXIT, SIM_ATMEGA_CYC0, \
	SIM_ATMEGA_WATCH_ADDR0
#define ATTINY_X5_DEVICE SIM_ATTINY_X5_OUT, SIM_ATTINY_X5_IN, SIM_ATTINY_X5_STAMP, \
	SIM_ATTINY_X5_EXIT, SIM_ATTINY_X5_CYC0, 0
static const struct mcu mcus[] = {
	{ "atmega128", 51, ATMEGA_DEVICE },
	{ "atmega328p", 5, ATMEGA_DEVICE },
	{ "atmega2560", 6, ATMEGA_DEVICE },
	{ "attiny45", 25, ATTINY_X5_DEVICE },
	{ "attiny85", 25, ATTINY_X5_DEVICE },
};

/*
 * --adc: the ADC reads these values, one per conversion in order, from the start again
 * after the last. The analog references are set to 1023 mV and each value is fed in
 * millivolts, so that a conversion against AVCC, VCC or AREF reads the value itself.
 */
#define ADC_FULL_SCALE 1023
#define ADC_MAX_VALUES 4096

/*
 * --eeprom: the EEPROM's contents are loaded from FILE before the run (if it exists: exactly the
 * MCU's EEPROM size; if not, the EEPROM starts erased, all 0xFF) and written back to it after the
 * run, however it ended: a reboot that keeps the EEPROM is two runs with the same file, one that
 * resets it a run with the file removed.
 */
#define EEPROM_MAX 65536

/*
 * The read watch (simio_map.h): while it is on, each instruction is decoded before it runs
 * (simavr runs one per avr_run() call) and its data-space load or store, if any, is matched
 * against the window: LD, LDD and LDS, ST, STD and STS, the accesses of the cores simulated
 * here (POP, PUSH, calls and I/O touch the stack or I/O space, never a window in the data).
 */
#define WATCH_MAX_BYTES 2048

/* Why the run ended; set once, by whichever check notices first. */
enum stop {
	STOP_NONE,
	STOP_EXIT,
	STOP_STDIN_EOF,
	STOP_STDIN_ERROR,
	STOP_SIM_ERROR,
	STOP_SLEEP,
	STOP_HALTED,
	STOP_CYCLE_LIMIT,
	STOP_AFTER,
};

/* simavr's logger hook has no user pointer, so the run state is global. */
static struct {
	FILE *out; /* the firmware console: the original stdout */
	unsigned char in_buf[4096];
	size_t in_pos, in_len;
	avr_cycle_count_t latch;
	int verbose;
	uint16_t adc[ADC_MAX_VALUES];
	size_t adc_count, adc_next;

	uint16_t watch_addr, watch_len, watch_next_len;
	int watching;
	uint16_t watch_reads[WATCH_MAX_BYTES]; /* loads before the first store, per byte */
	uint8_t watch_written[WATCH_MAX_BYTES];

	enum stop stop;
	uint8_t exit_value;
	avr_flashaddr_t stop_pc;
	char error[200];
} sim;

static void stop_run(avr_t *avr, enum stop why, int state)
{
	if (sim.stop == STOP_NONE) {
		sim.stop = why;
		sim.stop_pc = avr->pc;
	}
	avr->state = state;
}

/* Copy a simavr log line into one printable line without colour codes. */
static void sanitize(char *dst, size_t n, const char *src)
{
	size_t j = 0;
	for (size_t i = 0; src[i] && j + 1 < n; i++) {
		if (src[i] == '\033') {
			while (src[i + 1] && src[i] != 'm')
				i++;
		} else if (src[i] == '\n') {
			if (j && src[i + 1])
				dst[j++] = ' ';
		} else if ((unsigned char)src[i] >= ' ') {
			dst[j++] = src[i];
		}
	}
	while (j && dst[j - 1] == ' ')
		j--;
	dst[j] = '\0';
}

/*
 * simavr reports invalid opcodes, out-of-range memory accesses and its own
 * crash handler at LOG_ERROR but, for invalid opcodes, then carries on
 * executing. Treat every such error as fatal so that no corrupted run can
 * report success. Its default logger also writes non-errors to stdout,
 * which belongs to the firmware, so nothing is printed unless --verbose.
 */
static void logger(avr_t *avr, const int level, const char *fmt, va_list ap)
{
	if (sim.verbose) {
		va_list copy;
		va_copy(copy, ap);
		vfprintf(stderr, fmt, copy);
		va_end(copy);
	}
	if (avr && level == LOG_ERROR && sim.stop == STOP_NONE) {
		char raw[sizeof sim.error];
		vsnprintf(raw, sizeof raw, fmt, ap);
		sanitize(sim.error, sizeof sim.error, raw);
		stop_run(avr, STOP_SIM_ERROR, cpu_Crashed);
	}
}

static void io_out(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	(void)avr, (void)addr, (void)param;
	putc_unlocked(v, sim.out);
}

static uint8_t io_in(avr_t *avr, avr_io_addr_t addr, void *param)
{
	(void)addr, (void)param;
	if (sim.in_pos == sim.in_len) {
		/* The host may be waiting for our answer before it writes more. */
		fflush(sim.out);
		ssize_t n;
		do
			n = read(STDIN_FILENO, sim.in_buf, sizeof sim.in_buf);
		while (n < 0 && errno == EINTR);
		if (n <= 0) {
			if (n < 0)
				snprintf(sim.error, sizeof sim.error, "%s", strerror(errno));
			stop_run(avr, n ? STOP_STDIN_ERROR : STOP_STDIN_EOF, cpu_Done);
			return 0;
		}
		sim.in_pos = 0;
		sim.in_len = (size_t)n;
	}
	return sim.in_buf[sim.in_pos++];
}

static void io_stamp(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	(void)addr, (void)v, (void)param;
	/* simavr adds an instruction's cycles after executing it, so this is
	 * the cycle on which the writing instruction starts. */
	sim.latch = avr->cycle;
}

static uint8_t io_cyc(avr_t *avr, avr_io_addr_t addr, void *param)
{
	(void)avr, (void)addr;
	return (uint8_t)(sim.latch >> (8 * (uintptr_t)param));
}

static void io_exit(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	(void)addr, (void)param;
	sim.exit_value = v;
	stop_run(avr, STOP_EXIT, cpu_Done);
}

/* WATCH_ADDR0..1 (param 0, 1), WATCH_LEN0..1 (2, 3): little-endian bytes of the window. */
static void io_watch_set(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	(void)avr, (void)addr;
	const uintptr_t i = (uintptr_t)param;
	uint16_t *field = i < 2 ? &sim.watch_addr : &sim.watch_next_len;
	const unsigned shift = 8 * (i & 1);
	*field = (uint16_t)((*field & ~(0xffu << shift)) | (unsigned)v << shift);
}

static void io_watch_ctrl(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	(void)addr, (void)param;
	if (v && sim.watch_next_len > WATCH_MAX_BYTES) {
		snprintf(sim.error, sizeof sim.error, "read watch of %u bytes: at most %d", sim.watch_next_len,
			 WATCH_MAX_BYTES);
		stop_run(avr, STOP_SIM_ERROR, cpu_Crashed);
		return;
	}
	if (v) {
		sim.watch_len = sim.watch_next_len;
		memset(sim.watch_reads, 0, sizeof sim.watch_reads);
		memset(sim.watch_written, 0, sizeof sim.watch_written);
	}
	sim.watching = v != 0;
	/* simavr runs batches of instructions between two avr_run() returns: one at a time while
	 * watching, from the instruction after this store. */
	avr->run_cycle_limit = sim.watching ? 1 : RUN_BATCH_CYCLES;
	avr->run_cycle_count = 0;
}

/* WATCH_MIN (param 0), WATCH_MAX (param 1) over the window last watched. */
static uint8_t io_watch_result(avr_t *avr, avr_io_addr_t addr, void *param)
{
	(void)avr, (void)addr;
	unsigned lo = 255, hi = 0;
	for (unsigned i = 0; i < sim.watch_len; i++) {
		const unsigned n = sim.watch_reads[i] > 255 ? 255 : sim.watch_reads[i];
		lo = n < lo ? n : lo;
		hi = n > hi ? n : hi;
	}
	return (uint8_t)(sim.watch_len == 0 ? 0 : param ? hi : lo);
}

/* The data address the instruction at pc loads (*store = 0) or stores (*store = 1), or -1. */
static long data_access(const avr_t *avr, int *store)
{
	const uint16_t op = avr->flash[avr->pc] | avr->flash[avr->pc + 1] << 8;
	const unsigned x = avr->data[26] | avr->data[27] << 8, y = avr->data[28] | avr->data[29] << 8,
		       z = avr->data[30] | avr->data[31] << 8;
	*store = (op >> 9) & 1;
	if ((op & 0xd000) == 0x8000) { /* LDD/STD Rd, Y+q or Z+q (q = 0: LD/ST Y, Z) */
		const unsigned q = ((op >> 8) & 0x20) | ((op >> 7) & 0x18) | (op & 7);
		return (long)(((op & 8) ? y : z) + q);
	}
	if ((op & 0xfc00) != 0x9000)
		return -1;
	switch (op & 0xf) {
	case 0x0: /* LDS/STS Rd, k: the address is the next word */
		return avr->flash[avr->pc + 2] | avr->flash[avr->pc + 3] << 8;
	case 0x1: return z;             /* Z+ */
	case 0x2: return (z - 1) & 0xffff; /* -Z */
	case 0x9: return y;             /* Y+ */
	case 0xa: return (y - 1) & 0xffff; /* -Y */
	case 0xc: case 0xd: return x;   /* X, X+ */
	case 0xe: return (x - 1) & 0xffff; /* -X */
	default: return -1;             /* LPM, ELPM, POP, PUSH, ... */
	}
}

/* Before the instruction at pc runs: count what it reads of the window. */
static void watch_step(const avr_t *avr)
{
	int store;
	const long a = data_access(avr, &store);
	if (a < sim.watch_addr || a >= (long)sim.watch_addr + sim.watch_len)
		return;
	const unsigned i = (unsigned)(a - sim.watch_addr);
	if (store)
		sim.watch_written[i] = 1;
	else if (!sim.watch_written[i])
		sim.watch_reads[i]++;
}

/* --uart: a byte the firmware's UART 0 sends goes to stdout. */
static void uart_out(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq, (void)param;
	putc_unlocked((int)(value & 0xff), sim.out);
}

/* --adc: a conversion starts; its channel gets the next value. */
static void adc_trigger(struct avr_irq_t *irq, uint32_t value, void *param)
{
	avr_t *avr = param;
	union {
		avr_adc_mux_t mux;
		uint32_t v;
	} e = { .v = value };
	(void)irq;
	if (e.mux.kind != ADC_MUX_SINGLE)
		return;
	avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_ADC_GETIRQ, ADC_IRQ_ADC0 + e.mux.src),
		      sim.adc[sim.adc_next]);
	sim.adc_next = (sim.adc_next + 1) % sim.adc_count;
}

static int attach_uart(avr_t *avr)
{
	uint32_t flags = 0; /* no line printing of simavr's own, no sleeping on polls */
	avr_irq_t *out = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT);
	if (!out || avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags) < 0) {
		fprintf(stderr, "avrsim: --uart: simavr models no UART 0 on this MCU\n");
		return -1;
	}
	avr_irq_register_notify(out, uart_out, NULL);
	return 0;
}

static int attach_adc(avr_t *avr)
{
	avr_irq_t *trigger = avr_io_getirq(avr, AVR_IOCTL_ADC_GETIRQ, ADC_IRQ_OUT_TRIGGER);
	if (!trigger) {
		fprintf(stderr, "avrsim: --adc: simavr models no ADC on this MCU\n");
		return -1;
	}
	avr->vcc = avr->avcc = avr->aref = ADC_FULL_SCALE;
	avr_irq_register_notify(trigger, adc_trigger, avr);
	return 0;
}

/* Reads the --adc file: whitespace-separated values 0..ADC_FULL_SCALE. */
static int read_adc_values(const char *path)
{
	FILE *f = fopen(path, "r");
	unsigned v;
	int got;
	if (!f) {
		fprintf(stderr, "avrsim: cannot open %s: %s\n", path, strerror(errno));
		return -1;
	}
	while ((got = fscanf(f, "%u", &v)) == 1 && v <= ADC_FULL_SCALE && sim.adc_count < ADC_MAX_VALUES)
		sim.adc[sim.adc_count++] = (uint16_t)v;
	fclose(f);
	if (got != EOF || sim.adc_count == 0) {
		fprintf(stderr, "avrsim: %s: want 1 to %d values of 0 to %d\n", path, ADC_MAX_VALUES,
			ADC_FULL_SCALE);
		return -1;
	}
	return 0;
}

/*
 * The MCU's EEPROM in simavr: its bytes, and its size in *size (0: none). simavr's
 * AVR_IOCTL_EEPROM_GET answers -2 for a range past the EEPROM's end (and -1 otherwise, whether
 * it succeeds or not): the size is the longest range it accepts.
 */
static uint8_t *eeprom_of(avr_t *avr, uint32_t *size)
{
	uint32_t ok = 0, past = EEPROM_MAX + 1;
	while (past - ok > 1) {
		const uint32_t mid = ok + (past - ok) / 2;
		avr_eeprom_desc_t d = { NULL, 0, mid };
		if (avr_ioctl(avr, AVR_IOCTL_EEPROM_GET, &d) != -2)
			ok = mid;
		else
			past = mid;
	}
	avr_eeprom_desc_t d = { NULL, 0, ok };
	*size = ok;
	return ok && avr_ioctl(avr, AVR_IOCTL_EEPROM_GET, &d) != -2 ? d.ee : NULL;
}

/* --eeprom: the EEPROM from path, if it exists. */
static int load_eeprom(avr_t *avr, const char *path)
{
	uint32_t size;
	uint8_t *ee = eeprom_of(avr, &size);
	if (!ee) {
		fprintf(stderr, "avrsim: --eeprom: simavr models no EEPROM on this MCU\n");
		return -1;
	}
	FILE *f = fopen(path, "rb");
	if (!f && errno == ENOENT)
		return 0; /* erased */
	if (!f) {
		fprintf(stderr, "avrsim: cannot open %s: %s\n", path, strerror(errno));
		return -1;
	}
	const size_t got = fread(ee, 1, size, f);
	const int longer = fgetc(f) != EOF;
	fclose(f);
	if (got != size || longer) {
		fprintf(stderr, "avrsim: %s: an EEPROM image of this MCU has exactly %" PRIu32 " bytes\n", path,
			size);
		return -1;
	}
	return 0;
}

/* --eeprom: the EEPROM written to path, after the run. */
static int save_eeprom(avr_t *avr, const char *path)
{
	uint32_t size;
	const uint8_t *ee = eeprom_of(avr, &size);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(ee, 1, size, f) != size || fclose(f) != 0) {
		fprintf(stderr, "avrsim: writing the EEPROM to %s failed: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* Sleeping is simulated time only: never wait for the wall clock. */
static void sleep_none(avr_t *avr, avr_cycle_count_t how_long)
{
	(void)avr, (void)how_long;
}

static int io_is_free(const avr_t *avr, avr_io_addr_t addr)
{
	avr_io_addr_t a = AVR_DATA_TO_IO(addr);
	return !avr->io[a].r.c && !avr->io[a].w.c && !avr->io[a].irq;
}

static int attach_device(avr_t *avr, const struct mcu *m)
{
	const avr_io_addr_t used[] = {
		m->out, m->in, m->stamp, m->exit,
		m->cyc0, m->cyc0 + 1, m->cyc0 + 2, m->cyc0 + 3,
	};
	for (size_t i = 0; i < sizeof used / sizeof used[0]; i++)
		if (!io_is_free(avr, used[i])) {
			fprintf(stderr, "avrsim: simavr already models address "
				"0x%02x of %s; the register map needs fixing\n",
				used[i], m->name);
			return -1;
		}
	avr_register_io_write(avr, m->out, io_out, NULL);
	avr_register_io_read(avr, m->in, io_in, NULL);
	avr_register_io_write(avr, m->stamp, io_stamp, NULL);
	avr_register_io_write(avr, m->exit, io_exit, NULL);
	for (uintptr_t i = 0; i < 4; i++)
		avr_register_io_read(avr, m->cyc0 + i, io_cyc, (void *)i);
	if (m->watch) {
		for (uintptr_t i = 0; i < 7; i++)
			if (!io_is_free(avr, m->watch + i)) {
				fprintf(stderr, "avrsim: simavr already models address 0x%02x of %s; the register "
					"map needs fixing\n", (unsigned)(m->watch + i), m->name);
				return -1;
			}
		for (uintptr_t i = 0; i < 4; i++)
			avr_register_io_write(avr, m->watch + i, io_watch_set, (void *)i);
		avr_register_io_write(avr, SIM_ATMEGA_WATCH_CTRL, io_watch_ctrl, NULL);
		avr_register_io_read(avr, SIM_ATMEGA_WATCH_MIN, io_watch_result, (void *)0);
		avr_register_io_read(avr, SIM_ATMEGA_WATCH_MAX, io_watch_result, (void *)1);
	}
	return 0;
}

/*
 * simavr's ELF loader neither checks the architecture nor fails on a file
 * that is not ELF at all (it just loads nothing), so check the header here.
 */
static int check_elf(const char *path, const struct mcu *m)
{
	Elf32_Ehdr h;
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "avrsim: cannot open %s: %s\n", path, strerror(errno));
		return -1;
	}
	size_t got = fread(&h, 1, sizeof h, f);
	fclose(f);
	if (got != sizeof h || memcmp(h.e_ident, ELFMAG, SELFMAG) != 0 ||
	    h.e_ident[EI_CLASS] != ELFCLASS32 || h.e_ident[EI_DATA] != ELFDATA2LSB) {
		fprintf(stderr, "avrsim: %s is not a 32-bit little-endian ELF file\n", path);
		return -1;
	}
	if (h.e_machine != EM_AVR) {
		fprintf(stderr, "avrsim: %s is not an AVR ELF (e_machine %u)\n",
			path, h.e_machine);
		return -1;
	}
	if ((h.e_flags & EF_AVR_ARCH_MASK) != m->elf_arch) {
		fprintf(stderr, "avrsim: %s is built for avr%" PRIu32 ", but %s is avr%u "
			"(wrong --mcu?)\n", path, h.e_flags & EF_AVR_ARCH_MASK,
			m->name, m->elf_arch);
		return -1;
	}
	return 0;
}

static avr_t *load(const char *path, const struct mcu *m)
{
	static elf_firmware_t fw; /* several KB: keep it off the stack */

	if (check_elf(path, m) != 0)
		return NULL;
	if (elf_read_firmware(path, &fw) != 0 || fw.flashsize == 0) {
		fprintf(stderr, "avrsim: %s: no loadable code\n", path);
		return NULL;
	}
	avr_t *avr = avr_make_mcu_by_name(m->name);
	if (!avr || avr_init(avr) != 0) {
		fprintf(stderr, "avrsim: simavr cannot create a %s\n", m->name);
		return NULL;
	}
	/* avr_loadcode() would abort() on an oversized image. */
	if (fw.flashbase + fw.flashsize > avr->flashend + 1) {
		fprintf(stderr, "avrsim: %s: %" PRIu32 " bytes of code do not fit "
			"in the %" PRIu32 " bytes of %s flash\n", path,
			fw.flashsize, avr->flashend + 1, m->name);
		return NULL;
	}
	avr_load_firmware(avr, &fw);
	for (uint32_t a = fw.flashbase + fw.flashsize; a + 1 <= avr->flashend; a += 2) {
		avr->flash[a] = TRAP_OPCODE & 0xff;
		avr->flash[a + 1] = TRAP_OPCODE >> 8;
	}
	avr->frequency = NOMINAL_HZ;
	avr->sleep = sleep_none;
	if (attach_device(avr, m) != 0)
		return NULL;
	return avr;
}

static uint16_t flash_word(const avr_t *avr, avr_flashaddr_t a)
{
	return avr->flash[a] | avr->flash[a + 1] << 8;
}

static void run(avr_t *avr, uint64_t cycle_limit, uint64_t stop_after)
{
	/* Right after reset simavr executes one instruction per avr_run(), so
	 * this runs just the reset vector; after it, address 0 is a trap. */
	avr_run(avr);
	avr->flash[0] = TRAP_OPCODE & 0xff;
	avr->flash[1] = TRAP_OPCODE >> 8;
	avr->run_cycle_limit = RUN_BATCH_CYCLES;

	for (;;) {
		if (sim.watching)
			watch_step(avr);
		int state = avr_run(avr);
		if (state != cpu_Running && state != cpu_Sleeping) {
			if (sim.stop == STOP_NONE)
				stop_run(avr, state == cpu_Done ? STOP_SLEEP : STOP_SIM_ERROR, state);
			return;
		}
		if (stop_after && avr->cycle >= stop_after) {
			stop_run(avr, STOP_AFTER, cpu_Done);
			return;
		}
		if (avr->cycle >= cycle_limit) {
			stop_run(avr, STOP_CYCLE_LIMIT, cpu_Done);
			return;
		}
		/* Only an interrupt could leave this loop, and they are off. */
		if (!avr->sreg[S_I] && flash_word(avr, avr->pc) == RJMP_SELF_OPCODE) {
			stop_run(avr, STOP_HALTED, cpu_Done);
			return;
		}
	}
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Print the one-line verdict and return the process exit code. */
static int verdict(const avr_t *avr, uint64_t cycle_limit, int quiet, double seconds)
{
	uint64_t cycles = avr->cycle;
	unsigned pc = sim.stop_pc;

	switch (sim.stop) {
	case STOP_EXIT:
		if (sim.exit_value > SIM_EXIT_MAX) {
			fprintf(stderr, "avrsim: firmware wrote EXIT value %u at pc=0x%05x; "
				"values above %d are reserved for the runner\n",
				sim.exit_value, pc, SIM_EXIT_MAX);
			return EXIT_BAD_EXIT;
		}
		if (!quiet)
			fprintf(stderr, "avrsim: exit %u after %" PRIu64 " cycles "
				"(%.3f s, %.1f simulated MHz)\n", sim.exit_value,
				cycles, seconds, seconds > 0 ? cycles / seconds / 1e6 : 0.0);
		return sim.exit_value;
	case STOP_AFTER:
		if (!quiet)
			fprintf(stderr, "avrsim: stopped as asked after %" PRIu64 " cycles "
				"(%.3f s, %.1f simulated MHz)\n", cycles, seconds,
				seconds > 0 ? cycles / seconds / 1e6 : 0.0);
		return 0;
	case STOP_STDIN_EOF:
		fprintf(stderr, "avrsim: firmware read past the end of stdin "
			"at pc=0x%05x, cycle %" PRIu64 "\n", pc, cycles);
		return EXIT_STDIN_EOF;
	case STOP_STDIN_ERROR:
		fprintf(stderr, "avrsim: reading stdin failed: %s\n", sim.error);
		return EXIT_HOST_IO;
	case STOP_SIM_ERROR:
		if (pc == 0) {
			fprintf(stderr, "avrsim: unexpected reset: execution reached "
				"address 0 at cycle %" PRIu64 " (jump or call through a null "
				"pointer, or return through a corrupted stack)\n", cycles);
			return EXIT_RESET;
		}
		fprintf(stderr, "avrsim: simavr crash at pc=0x%05x, cycle %" PRIu64
			": %s\n", pc, cycles, sim.error[0] ? sim.error : "CPU crashed");
		return EXIT_CRASH;
	case STOP_SLEEP:
		fprintf(stderr, "avrsim: CPU stopped (SLEEP with interrupts off) "
			"at pc=0x%05x, cycle %" PRIu64 ", without writing EXIT\n",
			pc, cycles);
		return EXIT_STOPPED;
	case STOP_HALTED:
		fprintf(stderr, "avrsim: firmware hung in an endless loop with "
			"interrupts off at pc=0x%05x, cycle %" PRIu64 ", without writing "
			"EXIT (returned from main?)\n", pc, cycles);
		return EXIT_STOPPED;
	case STOP_CYCLE_LIMIT:
		fprintf(stderr, "avrsim: cycle limit %" PRIu64 " reached at pc=0x%05x\n",
			cycle_limit, pc);
		return EXIT_CYCLE_LIMIT;
	case STOP_NONE:
		break;
	}
	fprintf(stderr, "avrsim: internal error: run ended for no known reason\n");
	return EXIT_CRASH;
}

static const char usage[] =
	"usage: avrsim [--mcu atmega128|atmega328p|atmega2560|attiny45|attiny85] "
	"[--cycle-limit N] [--stop-after N] [--uart] [--adc FILE] [--eeprom FILE] [--quiet] [--verbose] "
	"firmware.elf\n";

/* A positive decimal cycle count for option `name`, or 0 after a message. */
static uint64_t parse_cycles(const char *name, const char *arg)
{
	char *end;
	errno = 0;
	uint64_t n = strtoull(arg, &end, 10);
	if (errno || end == arg || *end || n == 0 || arg[0] == '-') {
		fprintf(stderr, "avrsim: %s needs a positive integer, not '%s'\n", name, arg);
		return 0;
	}
	return n;
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "mcu", required_argument, NULL, 'm' },
		{ "cycle-limit", required_argument, NULL, 'l' },
		{ "stop-after", required_argument, NULL, 's' },
		{ "uart", no_argument, NULL, 'u' },
		{ "adc", required_argument, NULL, 'a' },
		{ "eeprom", required_argument, NULL, 'e' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const struct mcu *mcu = &mcus[0];
	uint64_t cycle_limit = DEFAULT_CYCLE_LIMIT, stop_after = 0;
	int quiet = 0, uart = 0;
	const char *adc_file = NULL, *eeprom_file = NULL;
	int opt;

	opterr = 0; /* getopt's own messages would not be one line */
	while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
		switch (opt) {
		case 'm':
			mcu = NULL;
			for (size_t i = 0; i < sizeof mcus / sizeof mcus[0]; i++)
				if (strcmp(optarg, mcus[i].name) == 0)
					mcu = &mcus[i];
			if (!mcu) {
				fprintf(stderr, "avrsim: unsupported --mcu %s\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'l':
			if (!(cycle_limit = parse_cycles("--cycle-limit", optarg)))
				return EXIT_USAGE;
			break;
		case 's':
			if (!(stop_after = parse_cycles("--stop-after", optarg)))
				return EXIT_USAGE;
			break;
		case 'u':
			uart = 1;
			break;
		case 'a':
			adc_file = optarg;
			break;
		case 'e':
			eeprom_file = optarg;
			break;
		case 'q':
			quiet = 1;
			break;
		case 'v':
			sim.verbose = 1;
			break;
		case 'h':
			fputs(usage, stdout);
			return 0;
		default:
			fprintf(stderr, "avrsim: bad option %s; %s", argv[optind - 1], usage);
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "avrsim: %s", usage);
		return EXIT_USAGE;
	}

	/*
	 * Keep the real stdout for the firmware and point file descriptor 1
	 * at stderr, so that nothing libsimavr might print can end up mixed
	 * into the firmware's output.
	 */
	int out_fd = dup(STDOUT_FILENO);
	if (out_fd < 0 || !(sim.out = fdopen(out_fd, "w")) ||
	    dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
		fprintf(stderr, "avrsim: cannot set up stdout: %s\n", strerror(errno));
		return EXIT_HOST_IO;
	}
	setvbuf(sim.out, NULL, _IOFBF, 1 << 16);
	avr_global_logger_set(logger);

	if (adc_file && read_adc_values(adc_file) != 0)
		return EXIT_USAGE;
	avr_t *avr = load(argv[optind], mcu);
	if (!avr)
		return EXIT_LOAD;
	if ((uart && attach_uart(avr) != 0) || (adc_file && attach_adc(avr) != 0) ||
	    (eeprom_file && load_eeprom(avr, eeprom_file) != 0))
		return EXIT_USAGE;

	double start = now();
	run(avr, cycle_limit, stop_after);
	double seconds = now() - start;

	if (eeprom_file && save_eeprom(avr, eeprom_file) != 0)
		return EXIT_HOST_IO;

	if (fflush(sim.out) != 0 || ferror(sim.out)) {
		fprintf(stderr, "avrsim: writing the firmware output failed: %s\n",
			strerror(errno));
		return EXIT_HOST_IO;
	}
	return verdict(avr, cycle_limit, quiet, seconds);
}
