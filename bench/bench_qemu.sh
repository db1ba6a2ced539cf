#!/bin/sh
# Instruction counts of every lwc operation on the emulated Cortex-M4 (bench/bench_qemu.c
# under tools/qemusim/qemucount), with the cycle estimate of the Cortex-M4 timing model.
# Usage: bench_qemu.sh COUNT_INSNS FIRMWARE VARIANT > insns.csv
# Columns: cipher,variant,operation,bytes,instructions,stack_bytes,context_bytes,est_cycles,refills
#   instructions: executed instructions of the call (calls through the test table, so a
#                 few argument and call instructions are included; ecb_study includes its
#                 loop), exact and deterministic; not cycles.
#   stack_bytes: stack peak of the call; context_bytes: sizeof its key schedule or CTR context.
#   est_cycles: an ESTIMATE, not a measurement: the executed instructions costed with the
#               Cortex-M4 TRM's instruction timings, zero wait states, a pipeline refill of
#               P = 2 cycles per taken branch (tools/qemusim/cycle_model.py); refills: the
#               number of taken branches, so the estimate for P = 1 or 3 is est_cycles -/+ refills.
set -eu
echo "cipher,variant,operation,bytes,instructions,stack_bytes,context_bytes,est_cycles,refills"
tools/qemusim/qemucount --cycles "$1" "$2" </dev/null |
    awk -v variant="$3" '{ print $1 "," variant "," $2 "," $3 "," $6 "," $4 "," $5 "," $8 + 2 * $9 "," $9 }'
