/*
 * count_insns: counts the guest instructions executed in each marked region of an armsim
 * firmware, from QEMU's execution trace (-singlestep -d exec,nochain: one "Trace" line per
 * executed instruction, with its PC), read as a stream from a file or FIFO.
 *
 * Usage: count_insns BEGIN_PC END_PC TRACE
 *   BEGIN_PC, END_PC: hex addresses of sim_mark_begin and sim_mark_end (from nm; the
 *   Thumb bit is ignored). A region runs from the first instruction of sim_mark_begin up
 *   to, not including, the first of sim_mark_end.
 * Output, one line per region in execution order: "COUNT HASH", where COUNT is the
 * region's instructions minus MARK_OVERHEAD and HASH is a 64-bit FNV-1a hash of the
 * sequence of PCs executed in it (equal hashes: the same control flow).
 * Exit 0, or 1 on a bad trace (a region begun twice or never ended).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The "bx lr" of sim_mark_begin and the "bl sim_mark_end" (tools/armsim/test_armsim.sh
 * checks this with the calibration firmware: an empty region counts 0). */
#define MARK_OVERHEAD 2

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

/* The guest PC of a line "Trace N: HOSTPTR [FLAGS/PC/...] ...", or -1 for other lines. */
static long long trace_pc(const char *line)
{
    if (strncmp(line, "Trace ", 6) != 0)
        return -1;
    const char *p = strchr(line, '[');
    p = p ? strchr(p, '/') : NULL;
    if (!p)
        return -1;
    char *end;
    const unsigned long pc = strtoul(p + 1, &end, 16);
    return *end == '/' ? (long long)pc : -1;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: count_insns BEGIN_PC END_PC TRACE\n");
        return 2;
    }
    const long long begin = (long long)(strtoul(argv[1], NULL, 16) & ~1ul);
    const long long end = (long long)(strtoul(argv[2], NULL, 16) & ~1ul);
    FILE *in = fopen(argv[3], "r");
    if (!in) {
        perror(argv[3]);
        return 2;
    }
    static char line[4096];
    int inside = 0;
    uint64_t count = 0, hash = 0;
    while (fgets(line, sizeof line, in)) {
        const long long pc = trace_pc(line);
        if (pc < 0)
            continue;
        if (pc == begin) {
            if (inside) {
                fprintf(stderr, "count_insns: region begun twice\n");
                return 1;
            }
            inside = 1;
            count = 0;
            hash = FNV_OFFSET;
        } else if (pc == end && inside) {
            printf("%" PRIu64 " %016" PRIx64 "\n", count - MARK_OVERHEAD, hash);
            inside = 0;
            continue;
        }
        if (inside) {
            count++;
            hash = (hash ^ (uint64_t)pc) * FNV_PRIME;
        }
    }
    if (inside) {
        fprintf(stderr, "count_insns: the trace ended inside a region\n");
        return 1;
    }
    return 0;
}
