#!/usr/bin/env bash
# Instruction counts of every lwc operation on a QEMU target (bench/bench_qemu.c under
# tools/qemusim/qemucount), with the cycle estimate of the MCU's timing model if it has one.
# Usage: bench_qemu.sh COUNT_INSNS FIRMWARE VARIANT MCU > insns.csv
# Columns: cipher,variant,operation,bytes,instructions,stack_bytes,context_bytes,est_cycles,refills
#   instructions: executed instructions of the call (calls through the test table, so a
#                 few argument and call instructions are included; ecb_study includes its
#                 loop), exact and deterministic; not cycles.
#   stack_bytes: stack peak of the call; context_bytes: sizeof its key schedule, CTR context
#                or mode key.
#   est_cycles: an ESTIMATE, not a measurement: the executed instructions costed with the
#               core's TRM instruction timings, zero wait states, a pipeline refill of
#               P = 2 cycles per taken branch (tools/qemusim/cycle_model.py); refills: the
#               number of taken branches, so the estimate for P = 1 or 3 is est_cycles -/+
#               refills (Cortex-M4: P is 1 to 3; Cortex-M0: P = 2 is the TRM's timing, and
#               P = 1 the Cortex-M0+'s). Both empty on an MCU without a model (mcu/<mcu>/board.sh).
set -eu
echo "cipher,variant,operation,bytes,instructions,stack_bytes,context_bytes,est_cycles,refills"
model=$(. tools/qemusim/mcu/"$4"/board.sh && echo "$cycle_model")
tools/qemusim/qemucount ${model:+--cycles} --mcu "$4" "$1" "$2" </dev/null |
    awk -v variant="$3" '{ est = NF >= 9 ? $8 + 2 * $9 : ""
        print $1 "," variant "," $2 "," $3 "," $6 "," $4 "," $5 "," est "," (NF >= 9 ? $9 : "") }'
