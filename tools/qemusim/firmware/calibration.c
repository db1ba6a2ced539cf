/*
 * Calibration of the instruction counter (../count_insns.c) and of its cycle model: runs
 * each sequence of calibration_cortex-m4.S once and prints "name count fixed refills" (expected)
 * per measured region, in order; ../test_qemusim.sh pairs these lines with the counter's and
 * requires equality.
 */
#include "simio.h"

#define SEQUENCES(X)                                                                     \
    X(empty) X(straight) X(loop) X(call) X(it_block) X(branches) X(loads) X(multiple) X(arith) \
    X(table_branch)

#define DECLARE(name)                \
    void cal_##name(void);           \
    extern const uint32_t cal_count_##name, cal_fixed_##name, cal_refills_##name;
SEQUENCES(DECLARE)

#define RUN(name)                     \
    cal_##name();                     \
    sim_puts(#name " ");              \
    sim_put_u32(cal_count_##name);    \
    sim_putc(' ');                    \
    sim_put_u32(cal_fixed_##name);    \
    sim_putc(' ');                    \
    sim_put_u32(cal_refills_##name);  \
    sim_putc('\n');

int main(void)
{
    SEQUENCES(RUN)
    sim_exit(0);
}
