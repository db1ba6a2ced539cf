#!/usr/bin/env bash
# Checks the avrsim runner: the calibration firmware on every MCU, and that
# every way a run can end gives its documented exit code, a single stderr
# line, and clean stdout.
#
# Usage: tools/avrsim/test_runner.sh [AVRSIM] [BUILD_DIR] [MCU...]
#   AVRSIM     the runner binary (default build/tools/avrsim)
#   BUILD_DIR  holds MCU/firmware/{calibration,failmodes}.elf (default build)
#   MCU...     the MCUs to check (default: all five avrsim runs)
# Build everything first with `make test-avrsim`, which also runs this.
set -u

avrsim=${1:-build/tools/avrsim}
build=${2:-build}
shift 2 2>/dev/null
mcus=${*:-atmega128 atmega328p atmega2560 attiny45 attiny85}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '1023\n0\n' >"$tmp/adc"
printf '1024\n' >"$tmp/bad_adc"
printf 'x' >"$tmp/bad_eeprom"

passed=0
failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

# check NAME WANT_CODE WANT_STDOUT INPUT ARGS...
# INPUT goes through printf %b (so \0NNN is a byte). WANT_STDOUT "-" skips
# the stdout comparison. Runs that end in a runner error must print exactly
# one stderr line (all runs use --quiet, so successful ones print none).
check() {
	local name=$1 want=$2 want_out=$3 input=$4
	shift 4
	printf '%b' "$input" | timeout 60 "$avrsim" --quiet "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	local err_lines
	err_lines=$(wc -l <"$tmp/err")
	if [ "$rc" -ne "$want" ]; then
		fail "$name" "exit code $rc, want $want; stderr: $(head -c 300 "$tmp/err")"
	elif [ "$want" -gt 63 ] && [ "$err_lines" -ne 1 ]; then
		fail "$name" "$err_lines stderr lines, want 1"
	elif [ "$want_out" != "-" ] && [ "$(cat "$tmp/out")" != "$want_out" ]; then
		fail "$name" "stdout '$(head -c 300 "$tmp/out")', want '$want_out'"
	else
		pass "$name"
	fi
}

calibration() {
	local mcu=$1 fw=$build/$1/firmware/calibration.elf
	timeout 300 "$avrsim" --mcu "$mcu" "$fw" >"$tmp/cal" 2>"$tmp/err"
	local rc=$?
	sed 's/^/    /' "$tmp/cal"
	if [ "$rc" -ne 0 ]; then
		fail "$mcu calibration" "exit code $rc; stderr: $(head -c 300 "$tmp/err")"
	elif grep -q MISMATCH "$tmp/cal" || ! tail -n 1 "$tmp/cal" | grep -Eq '^[0-9]+ passed, 0 failed$'; then
		fail "$mcu calibration" "rows do not all match"
	elif ! grep -Eq '^avrsim: exit 0 after [0-9]+ cycles' "$tmp/err"; then
		fail "$mcu calibration" "no statistics line on stderr without --quiet"
	else
		pass "$mcu calibration"
	fi
}

# The firmware answers each byte before the runner blocks for the next one,
# so this only finishes if the runner flushes stdout before reading stdin.
# Writes go through subshells so that a runner that died early cannot kill
# this script with SIGPIPE.
ping_pong() {
	local mcu=$1 fw=$build/$1/firmware/failmodes.elf line1="" line2="" pid rc
	rm -f "$tmp/to" "$tmp/from"
	mkfifo "$tmp/to" "$tmp/from"
	timeout 60 "$avrsim" --quiet --mcu "$mcu" "$fw" <"$tmp/to" >"$tmp/from" 2>"$tmp/err" &
	pid=$!
	exec 3>"$tmp/to" 4<"$tmp/from"
	(printf 'pa' >&3) 2>/dev/null
	read -r -t 20 line1 <&4
	(printf 'x' >&3) 2>/dev/null
	read -r -t 20 line2 <&4
	(printf 'q' >&3) 2>/dev/null
	exec 3>&- 4<&-
	wait "$pid"
	rc=$?
	if [ "$line1/$line2/$rc" = "b/y/0" ]; then
		pass "$mcu ping-pong through pipes"
	else
		fail "$mcu ping-pong through pipes" "got '$line1' '$line2' exit $rc"
	fi
}

for mcu in $mcus; do
	calibration "$mcu"
	fw=$build/$mcu/firmware/failmodes.elf
	m=(--mcu "$mcu" "$fw")
	check "$mcu bad opcode" 66 "about to crash" 'c' "${m[@]}"
	check "$mcu jump to 0" 67 "about to jump to 0" 'z' "${m[@]}"
	check "$mcu cycle limit" 68 "" 'l' --cycle-limit 100000 "${m[@]}"
	check "$mcu sleep without EXIT" 69 "" 's' "${m[@]}"
	check "$mcu return from main" 69 "" 'r' "${m[@]}"
	check "$mcu firmware failure code" 3 "" 'f' "${m[@]}"
	check "$mcu EXIT value above 63" 71 "" 'x' "${m[@]}"
	check "$mcu read past stdin EOF" 70 "" 'i' "${m[@]}"
	check "$mcu empty stdin" 70 "" '' "${m[@]}"
	check "$mcu stdin to hex" 0 "616263" 'e\0003abc' "${m[@]}"
	check "$mcu decimal output" 0 "0 1234567890 4294967295" 'u' "${m[@]}"
	check "$mcu --stop-after ends a run that never ends" 0 "" 'l' --stop-after 100000 "${m[@]}"
	check "$mcu --adc values, repeated" 0 "1023 0 1023" 'a' --adc "$tmp/adc" "${m[@]}"
	case $mcu in
	atmega*) check "$mcu --uart to stdout" 0 "uart" 'U' --uart "${m[@]}" ;;
	*) check "$mcu --uart without a UART" 64 "" 'U' --uart "${m[@]}" ;;
	esac
	ping_pong "$mcu"
	# --eeprom: erased at first, then kept from run to run in the file (the MCU's EEPROM size).
	rm -f "$tmp/eeprom"
	check "$mcu --eeprom starts erased" 0 "255" 'E' --eeprom "$tmp/eeprom" "${m[@]}"
	check "$mcu --eeprom kept across runs" 0 "0" 'E' --eeprom "$tmp/eeprom" "${m[@]}"
	check "$mcu --eeprom kept again" 0 "1" 'E' --eeprom "$tmp/eeprom" "${m[@]}"
	case $mcu in
	atmega128 | atmega2560) ee_size=4096 ;; # the datasheets' EEPROM sizes
	atmega328p) ee_size=1024 ;;
	attiny45) ee_size=256 ;;
	attiny85) ee_size=512 ;;
	esac
	if [ "$(stat -c %s "$tmp/eeprom")" = "$ee_size" ]; then
		pass "$mcu --eeprom image of $ee_size bytes"
	else
		fail "$mcu --eeprom image of $ee_size bytes" "$(stat -c %s "$tmp/eeprom") bytes"
	fi

	# simavr's own messages must go to stderr, never into the firmware output.
	printf 'c' | "$avrsim" --verbose --mcu "$mcu" "$fw" >"$tmp/out" 2>/dev/null
	if [ "$(cat "$tmp/out")" = "about to crash" ]; then
		pass "$mcu --verbose keeps stdout clean"
	else
		fail "$mcu --verbose keeps stdout clean" "stdout '$(head -c 300 "$tmp/out")'"
	fi
done

check "ELF for another MCU" 65 "" '' --mcu attiny45 "$build/atmega128/firmware/failmodes.elf"
check "missing ELF" 65 "" '' "$tmp/missing.elf"
check "not an ELF" 65 "" '' "$0"
check "not an AVR ELF" 65 "" '' "$avrsim"
check "unknown MCU" 64 "" '' --mcu atmega8 "$build/atmega128/firmware/failmodes.elf"
check "bad cycle limit" 64 "" '' --cycle-limit 12abc "$build/atmega128/firmware/failmodes.elf"
check "bad --stop-after" 64 "" '' --stop-after 0 "$build/atmega128/firmware/failmodes.elf"
check "ADC value out of range" 64 "" 'a' --adc "$tmp/bad_adc" "$build/atmega128/firmware/failmodes.elf"
check "missing ADC file" 64 "" 'a' --adc "$tmp/missing" "$build/atmega128/firmware/failmodes.elf"
check "EEPROM image of another size" 64 "" 'E' --eeprom "$tmp/bad_eeprom" "$build/atmega128/firmware/failmodes.elf"
check "unknown option" 64 "" '' --bogus "$build/atmega128/firmware/failmodes.elf"
check "no ELF argument" 64 "" ''

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
