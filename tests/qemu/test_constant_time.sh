#!/usr/bin/env bash
# Constant time on a QEMU target (tools/qemusim): runs BUILD_DIR/TARGET/firmware/constant_time.elf
# (tests/qemu/constant_time.c) under the instruction counter and requires, for every
# operation, the same instruction count and the same sequence of executed PCs over its 16
# random samples: no secret-dependent control flow. It cannot see secret-indexed memory
# accesses (the addresses are not traced); the design rules forbid those on these MCUs.
# Usage: tests/qemu/test_constant_time.sh BUILD_DIR TARGET MCU; $LWC_SEED (hex) fixes the
# data seed.
set -u
[ $# -eq 3 ] || { echo "usage: $0 BUILD_DIR TARGET MCU" >&2; exit 2; }
build=$1 target=$2 mcu=$3
seed=${LWC_SEED:-$(od -An -tx4 -N4 /dev/urandom | tr -d ' ')}
echo "constant time on $target (QEMU, instruction traces), seed 0x$seed"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# The seed goes to the firmware as 4 little-endian bytes.
printf "$(echo "$seed" | sed -E 's/^(..)(..)(..)(..)$/\\x\4\\x\3\\x\2\\x\1/')" |
    tools/qemusim/qemucount --mcu "$mcu" "$build/tools/count_insns" "$build/$target/firmware/constant_time.elf" >"$out"
rc=$?
if [ "$rc" -ne 0 ]; then
    echo "FAIL: the constant-time firmware did not complete (exit $rc)"
    echo "0 passed, 1 failed"
    exit 1
fi
# Lines: "CIPHER OP COUNT HASH"; one verdict per (cipher, op).
awk '
    { key = $1 " " $2; n[key]++
      if (!(key in count)) { count[key] = $3; hash[key] = $4; order[++k] = key }
      else if ($3 != count[key] || $4 != hash[key]) bad[key] = bad[key] sprintf(" %s/%s", $3, $4) }
    END {
        for (i = 1; i <= k; i++) {
            key = order[i]
            if (n[key] != 16) { printf "FAIL: %s: %d samples, want 16\n", key, n[key]; f++ }
            else if (key in bad) { printf "FAIL: %s is not constant-time: %s/%s vs%s\n", key, count[key], hash[key], bad[key]; f++ }
            else { printf "ok %s: %s instructions, one control flow\n", key, count[key]; p++ }
        }
        printf "%d passed, %d failed\n", p, f
        exit f > 0
    }' "$out"
