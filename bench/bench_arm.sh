#!/bin/sh
# Instruction counts of every lwc operation on the emulated Cortex-M4 (bench/bench_arm.c
# under tools/armsim/armcount). Usage: bench_arm.sh COUNT_INSNS FIRMWARE VARIANT > insns.csv
# Columns: cipher,variant,operation,bytes,instructions,stack_bytes,context_bytes
#   instructions: executed instructions of the call (calls through the test table, so a
#                 few argument and call instructions are included; ecb_study includes its
#                 loop), exact and deterministic; not cycles.
#   stack_bytes: stack peak of the call; context_bytes: sizeof its key schedule or CTR context.
set -eu
echo "cipher,variant,operation,bytes,instructions,stack_bytes,context_bytes"
tools/armsim/armcount "$1" "$2" </dev/null |
    awk -v variant="$3" '{ print $1 "," variant "," $2 "," $3 "," $6 "," $4 "," $5 }'
