/*
 * count_insns: counts the guest instructions executed in each marked region of a qemusim
 * firmware, from QEMU's log (-d in_asm,exec,nochain), read as a stream from a file or FIFO;
 * with a cost table, it also sums an ESTIMATE of the region's cycles (Cortex-M models).
 *
 * The log: when QEMU translates a block of guest code (a translation block, TB) it lists
 * its instructions ("IN:" then one "0xADDR: ..." line each), and each time it executes a
 * TB it writes a "Trace" line with the TB's host address and guest PC; -d nochain makes
 * every execution go through the logged path. The listing of a TB comes right before its
 * first execution; the counter keeps it under the TB's host address (a later translation
 * at the same host address replaces it), and expands each "Trace" line into the guest PCs
 * of its instructions in order: the stream of executed instructions, one TB at a time
 * instead of QEMU's much slower -singlestep. Branches end TBs, so the stream is exact: a
 * TB is entered at its start and runs to its end (nothing in the firmware raises an
 * exception or an interrupt inside a measured region).
 *
 * Usage: count_insns BEGIN_PC END_PC TRACE [COST_TABLE]
 *   BEGIN_PC, END_PC: hex addresses of sim_mark_begin and sim_mark_end (from nm; the
 *   Thumb bit is ignored). A region runs from the first instruction of sim_mark_begin up
 *   to, not including, the first of sim_mark_end.
 *   COST_TABLE: the firmware's table from cycle_model.py (its format is described there).
 * Output, one line per region in execution order: "COUNT HASH", where COUNT is the
 * region's instructions minus MARK_OVERHEAD and HASH is a 64-bit FNV-1a hash of the
 * sequence of PCs executed in it (equal hashes: the same control flow). With a cost table:
 * "COUNT HASH FIXED REFILLS": the estimate for a pipeline refill of P cycles is
 * FIXED + P * REFILLS cycles. FIXED sums the table's cost of each instruction, one less for
 * a load/store single pipelined after a load (see cycle_model.py); REFILLS counts the
 * PC-writing instructions whose next executed PC is not the following instruction (taken).
 * The markers' instructions are excluded from both.
 * Exit 0, or 1 on a bad trace (a TB executed without a listing, a region begun twice or
 * never ended, or, with a table, an instruction in a region that the table does not model).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The "bx lr" of sim_mark_begin and the "bl sim_mark_end" (tools/qemusim/test_qemusim.sh
 * checks this with the calibration firmware: an empty region counts 0). */
#define MARK_OVERHEAD 2

/* Flags of a cost-table entry (cycle_model.py). */
#define PC_WRITE 1
#define LOAD 2
#define LDST 4
#define UNKNOWN 8

/* One instruction of the cost table; size 0: no instruction starts at that address. */
typedef struct {
    uint8_t size, cost, flags, load_dest;
    uint16_t address_regs;
} cost_entry;

static cost_entry *costs;
static unsigned long cost_base, cost_slots; /* entries by (address - cost_base) / 2 */

static int load_costs(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    unsigned long addr, lo = ~0ul, hi = 0;
    unsigned size, cost, flags, dest, regs;
    while (fscanf(f, "%lx %u %u %u %u %x", &addr, &size, &cost, &flags, &dest, &regs) == 6) {
        lo = addr < lo ? addr : lo;
        hi = addr > hi ? addr : hi;
    }
    if (hi < lo || !feof(f)) {
        fprintf(stderr, "count_insns: bad cost table %s\n", path);
        fclose(f);
        return -1;
    }
    cost_base = lo;
    cost_slots = (hi - lo) / 2 + 1;
    costs = calloc(cost_slots, sizeof *costs);
    if (!costs) {
        fclose(f);
        return -1;
    }
    rewind(f);
    while (fscanf(f, "%lx %u %u %u %u %x", &addr, &size, &cost, &flags, &dest, &regs) == 6)
        costs[(addr - lo) / 2] = (cost_entry){(uint8_t)size, (uint8_t)cost, (uint8_t)flags,
                                              (uint8_t)dest, (uint16_t)regs};
    fclose(f);
    return 0;
}

static const cost_entry *cost_of(long long pc)
{
    const unsigned long slot = ((unsigned long)pc - cost_base) / 2;
    return pc >= (long long)cost_base && slot < cost_slots && costs[slot].size ? &costs[slot] : NULL;
}

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

/* The guest PC of a line "Trace N: HOSTPTR [CS_BASE/PC/FLAGS/CFLAGS] ...", with the TB's host
 * address in *host; -1 for other lines. */
static long long trace_pc(const char *line, unsigned long long *host)
{
    if (strncmp(line, "Trace ", 6) != 0)
        return -1;
    const char *p = strchr(line, ':');
    char *end;
    *host = p ? strtoull(p + 1, &end, 16) : 0;
    p = strchr(line, '[');
    p = p ? strchr(p, '/') : NULL;
    if (!p || !*host)
        return -1;
    const unsigned long pc = strtoul(p + 1, &end, 16);
    return *end == '/' ? (long long)pc : -1;
}

/* The guest address of an in_asm instruction line "0xADDR:  ...", or -1. */
static long long listing_pc(const char *line)
{
    if (line[0] != '0' || line[1] != 'x')
        return -1;
    char *end;
    const unsigned long pc = strtoul(line + 2, &end, 16);
    return *end == ':' ? (long long)pc : -1;
}

/* The TBs seen: host address -> the guest PCs of its instructions (an open-addressing
 * table, grown when half full). */
typedef struct {
    unsigned long long host;
    unsigned long *pcs;
    unsigned n;
} tb_listing;

static tb_listing *tbs;
static size_t tb_slots, tb_used;

static tb_listing *tb_slot(unsigned long long host)
{
    size_t i = (size_t)((host >> 4) * 0x9e3779b97f4a7c15ull) & (tb_slots - 1);
    while (tbs[i].host && tbs[i].host != host)
        i = (i + 1) & (tb_slots - 1);
    return &tbs[i];
}

/* Records (or replaces) the listing of the TB at host; 0, or -1 without memory. */
static int tb_record(unsigned long long host, const unsigned long *pcs, unsigned n)
{
    if (2 * (tb_used + 1) > tb_slots) {
        tb_listing *old = tbs;
        const size_t old_slots = tb_slots;
        tb_slots = tb_slots ? 2 * tb_slots : 4096;
        tbs = calloc(tb_slots, sizeof *tbs);
        if (!tbs)
            return -1;
        for (size_t i = 0; i < old_slots; i++)
            if (old[i].host)
                *tb_slot(old[i].host) = old[i];
        free(old);
    }
    tb_listing *t = tb_slot(host);
    if (!t->host)
        tb_used++;
    free(t->pcs);
    t->pcs = malloc(n * sizeof *pcs);
    if (!t->pcs)
        return -1;
    memcpy(t->pcs, pcs, n * sizeof *pcs);
    t->host = host;
    t->n = n;
    return 0;
}

/* TCG's limit on the instructions of one TB is 512. */
#define MAX_TB_INSNS 1024

int main(int argc, char **argv)
{
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: count_insns BEGIN_PC END_PC TRACE [COST_TABLE]\n");
        return 2;
    }
    const int estimate = argc == 5;
    if (estimate && load_costs(argv[4]) != 0)
        return 2;
    const long long begin = (long long)(strtoul(argv[1], NULL, 16) & ~1ul);
    const long long end = (long long)(strtoul(argv[2], NULL, 16) & ~1ul);
    FILE *in = fopen(argv[3], "r");
    if (!in) {
        perror(argv[3]);
        return 2;
    }
    static char line[4096];
    static unsigned long listing[MAX_TB_INSNS]; /* the latest in_asm listing */
    unsigned listed = 0;
    int inside = 0;
    uint64_t count = 0, hash = 0;
    uint64_t fixed = 0, refills = 0, begin_fixed = 0; /* the estimate (with a table) */
    const cost_entry *prev = NULL; /* the previous executed instruction, in a region */
    long long prev_pc = -1;
    while (fgets(line, sizeof line, in)) {
        const long long insn = listing_pc(line);
        if (strncmp(line, "IN:", 3) == 0) {
            listed = 0;
            continue;
        }
        if (insn >= 0) {
            if (listed == MAX_TB_INSNS) {
                fprintf(stderr, "count_insns: a TB of more than %d instructions\n", MAX_TB_INSNS);
                return 1;
            }
            listing[listed++] = (unsigned long)insn;
            continue;
        }
        unsigned long long host;
        const long long tb_pc = trace_pc(line, &host);
        if (tb_pc < 0)
            continue;
        /* A listing belongs to the TB executed next, if it starts there. */
        if (listed && listing[0] == (unsigned long)tb_pc && tb_record(host, listing, listed) != 0) {
            fprintf(stderr, "count_insns: out of memory\n");
            return 2;
        }
        listed = 0;
        const tb_listing *tb = tbs ? tb_slot(host) : NULL;
        if (!tb || tb->host != host || tb->pcs[0] != (unsigned long)tb_pc) {
            fprintf(stderr, "count_insns: the TB at %llx was executed without its listing (-d in_asm)\n", tb_pc);
            return 1;
        }
        for (unsigned k = 0; k < tb->n; k++) {
            const long long pc = (long long)tb->pcs[k];
            /* The previous instruction's refill: it wrote the PC and execution did not fall
             * through. */
            if (estimate && inside && prev && (prev->flags & PC_WRITE) && pc != prev_pc + prev->size)
                refills++;
            if (pc == begin) {
                if (inside) {
                    fprintf(stderr, "count_insns: region begun twice\n");
                    return 1;
                }
                inside = 1;
                count = 0;
                hash = FNV_OFFSET;
                fixed = refills = 0;
                prev = NULL;
            } else if (pc == end && inside) {
                if (estimate) {
                    /* Without the markers: sim_mark_begin's return and the call of
                     * sim_mark_end (each one cost and one refill). */
                    printf("%" PRIu64 " %016" PRIx64 " %" PRIu64 " %" PRIu64 "\n", count - MARK_OVERHEAD, hash,
                           fixed - begin_fixed - prev->cost, refills - 2);
                } else {
                    printf("%" PRIu64 " %016" PRIx64 "\n", count - MARK_OVERHEAD, hash);
                }
                inside = 0;
                continue;
            }
            if (!inside)
                continue;
            count++;
            hash = (hash ^ (uint64_t)pc) * FNV_PRIME;
            if (estimate) {
                const cost_entry *c = cost_of(pc);
                if (!c || (c->flags & UNKNOWN)) {
                    fprintf(stderr, "count_insns: no cycle cost for the instruction at %llx\n", pc);
                    return 1;
                }
                /* A load/store single right after a load overlaps that load's data phase,
                 * unless its address needs the loaded register. */
                const int pipelined = prev && (prev->flags & LOAD) && (c->flags & LDST) &&
                                      !((c->address_regs >> prev->load_dest) & 1);
                fixed += c->cost - (pipelined ? 1 : 0);
                if (pc == begin)
                    begin_fixed = c->cost;
                prev = c;
                prev_pc = pc;
            }
        }
    }
    if (inside) {
        fprintf(stderr, "count_insns: the trace ended inside a region\n");
        return 1;
    }
    return 0;
}
