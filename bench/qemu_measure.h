/* MEASURE(call) on the QEMU targets: the call alone in a measured region (tools/qemusim/
 * qemucount counts its instructions) and its stack peak in the caller's `stack`. Shared by
 * bench/bench_qemu.c and bench/peer_ascon.c. */
#ifndef LWC_BENCH_QEMU_MEASURE_H
#define LWC_BENCH_QEMU_MEASURE_H

#include "simio.h"

#define MEASURE(call)             \
    do {                          \
        sim_stack_paint();        \
        SIM_REGION(call);         \
        stack = sim_stack_peak(); \
    } while (0)

#endif
