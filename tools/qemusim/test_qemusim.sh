#!/usr/bin/env bash
# Checks qemusim: every way a run ends gives its documented exit code, the UART is
# binary-safe, and the instruction counter gives the exact count of every calibration
# sequence (firmware/calibration_cortex-m4.S), and its cycle model the hand-computed estimate.
# Usage: tools/qemusim/test_qemusim.sh [BUILD_DIR]   (build first: make test-qemusim)
set -u
build=${1:-build}
here=$(dirname "$0")
qemusim=$here/qemusim
fw=$build/cortex-m4/firmware
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
check "firmware exit code" 5 "$tmp/x" "$fw/failmodes.elf"
check "fault" 66 "$tmp/f" "$fw/failmodes.elf"
check "hang killed by --timeout" 68 "$tmp/h" --timeout 3 "$fw/failmodes.elf"
check "missing ELF" 65 "$tmp/x" "$tmp/none.elf"
check "bad option" 64 "$tmp/x" --bogus "$fw/failmodes.elf"
{ printf e; printf "$(printf '\\%03o' $(seq 0 255))"; } >"$tmp/bytes"
check "binary echo" 0 "$tmp/bytes" "$fw/failmodes.elf"
tail -c 256 "$tmp/bytes" | cmp -s - "$tmp/out" && pass "binary-safe UART" ||
    fail "binary-safe UART" "the 256 echoed bytes differ"

# Calibration: each line "name count fixed refills" (expected), then the counter's
# "count hash fixed refills"; the cycle model's estimate is fixed + P * refills.
"$here/qemucount" --cycles "$build/tools/count_insns" "$fw/calibration.elf" </dev/null >"$tmp/cal"
rc=$?
sed 's/^/    /' "$tmp/cal"
if [ "$rc" -ne 0 ] || [ "$(wc -l <"$tmp/cal")" -ne 10 ]; then
    fail "calibration" "qemucount exit $rc, $(wc -l <"$tmp/cal") regions (want 10)"
else
    while read -r name want want_fixed want_refills got _ fixed refills; do
        [ "$want" = "$got" ] && pass "count $name ($got)" || fail "count $name" "counted $got, want $want"
        [ "$want_fixed $want_refills" = "$fixed $refills" ] &&
            pass "cycle model $name ($fixed + P * $refills)" ||
            fail "cycle model $name" "$fixed + P * $refills, want $want_fixed + P * $want_refills"
    done <"$tmp/cal"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
