#!/usr/bin/env bash
# Checks qemusim on each MCU given: every way a run ends gives its documented exit code, the
# console is binary-safe, the instruction counter gives the exact count of every calibration
# sequence (firmware/calibration_<mcu>.S), and the MCU's cycle model, if it has one, the
# hand-computed estimate.
# Usage: tools/qemusim/test_qemusim.sh BUILD_DIR MCU...   (firmware: BUILD_DIR/qemusim/<mcu>/;
# build first: make test-qemusim)
set -u
[ $# -ge 2 ] || { echo "usage: $0 BUILD_DIR MCU..." >&2; exit 2; }
build=$1
shift
here=$(dirname "$0")
qemusim=$here/qemusim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

# check NAME WANT_CODE INPUT-FILE ARGS...
check() {
    local name=$1 want=$2 input=$3
    shift 3
    "$qemusim" --quiet "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -ne "$want" ]; then
        fail "$name" "exit code $rc, want $want; stderr: $(head -c 300 "$tmp/err")"
    else
        pass "$name"
    fi
}

printf x >"$tmp/x"; printf f >"$tmp/f"; printf h >"$tmp/h"
{ printf e; printf "$(printf '\\%03o' $(seq 0 255))"; } >"$tmp/bytes"
check "bad option" 64 "$tmp/x" --bogus --mcu cortex-m4 "$build/qemusim/cortex-m4/failmodes.elf"
check "unknown MCU" 64 "$tmp/x" --mcu nosuch "$build/qemusim/cortex-m4/failmodes.elf"
for mcu in "$@"; do
    fw=$build/qemusim/$mcu
    check "$mcu: firmware exit code" 5 "$tmp/x" --mcu "$mcu" "$fw/failmodes.elf"
    check "$mcu: fault" 66 "$tmp/f" --mcu "$mcu" "$fw/failmodes.elf"
    check "$mcu: hang killed by --timeout" 68 "$tmp/h" --mcu "$mcu" --timeout 3 "$fw/failmodes.elf"
    check "$mcu: missing ELF" 65 "$tmp/x" --mcu "$mcu" "$tmp/none.elf"
    check "$mcu: binary echo" 0 "$tmp/bytes" --mcu "$mcu" "$fw/failmodes.elf"
    tail -c 256 "$tmp/bytes" | cmp -s - "$tmp/out" && pass "$mcu: binary-safe console" ||
        fail "$mcu: binary-safe console" "the 256 echoed bytes differ"

    # Calibration: each line "name count fixed refills" (expected), then the counter's
    # "count hash" and, with a cycle model, "fixed refills" (the estimate is fixed + P * refills).
    model=$(. "$here/mcu/$mcu/board.sh" && echo "$cycle_model")
    "$here/qemucount" ${model:+--cycles} --mcu "$mcu" "$build/tools/count_insns" "$fw/calibration.elf" \
        </dev/null >"$tmp/cal"
    rc=$?
    sed 's/^/    /' "$tmp/cal"
    if [ "$rc" -ne 0 ] || [ ! -s "$tmp/cal" ]; then
        fail "$mcu: calibration" "qemucount exit $rc, $(wc -l <"$tmp/cal") regions"
        continue
    fi
    while read -r name want want_fixed want_refills got _ fixed refills; do
        [ "$want" = "$got" ] && pass "$mcu: count $name ($got)" || fail "$mcu: count $name" "counted $got, want $want"
        [ -n "$model" ] || continue
        [ "$want_fixed $want_refills" = "$fixed $refills" ] &&
            pass "$mcu: cycle model $name ($fixed + P * $refills)" ||
            fail "$mcu: cycle model $name" "$fixed + P * $refills, want $want_fixed + P * $want_refills"
    done <"$tmp/cal"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
