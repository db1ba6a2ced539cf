#!/bin/sh
# A sketch pays only for what it calls: a firmware that seals with one record suite (its
# sealer_init and lwc_seal: bench/flash_probe.c's seal operations) links that suite's cipher and
# mode, and nothing of the other suites, of the other ciphers or of the gateway (parsing,
# opening, the replay window, decryption).
# Usage: test_sealer_link.sh LIBRARY_DIR MCU   (LIBRARY_DIR/liblwc.a built for MCU)
set -u
lib=$1/liblwc.a mcu=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ciphers="present80 present128 lea128 lea192 lea256 hight cham64_128 cham128_128 cham128_256 aes128"
for suite in "lea128 eax 13" "hight eax 13" "cham64_128 eax 13" "aes128 eax 13" "aes128 ccm 14"; do
    set -- $suite
    cipher=$1 mode=$2 op=$3 other_mode=ccm
    [ "$mode" = ccm ] && other_mode=eax
    what="$mcu: sealing with $cipher $mode"
    if ! avr-gcc -mmcu="$mcu" -Os -std=c99 -Iinclude -ffunction-sections -fdata-sections -Wl,--gc-sections \
        -DCIPHER="$cipher" -DOP="$op" bench/flash_probe.c "$lib" -o "$tmp/probe.elf" >"$tmp/log" 2>&1; then
        echo "FAIL $what: does not link: $(head -n 3 "$tmp/log")"
        failed=$((failed + 1))
        continue
    fi
    avr-nm "$tmp/probe.elf" | awk '{ print $NF }' >"$tmp/symbols"
    others=$(for c in $ciphers; do [ "$c" = "$cipher" ] || printf '^lwc_%s_|' "$c"; done)
    unwanted=$(grep -E "${others}decrypt|_open|^lwc_record_|^lwc_replay_|${other_mode}|_sealer_init$|_seal$" "$tmp/symbols" |
        grep -vx -e "lwc_${cipher}_${mode}_sealer_init" -e "${cipher}_${mode}_seal" -e lwc_seal | tr '\n' ' ')
    if grep -qx "lwc_${cipher}_${mode}_sealer_init" "$tmp/symbols" && grep -qx lwc_seal "$tmp/symbols" &&
        [ -z "$unwanted" ]; then
        echo "PASS $what: its own suite's code only ($(wc -l <"$tmp/symbols") symbols)"
        passed=$((passed + 1))
    else
        echo "FAIL $what: also links ${unwanted:-nothing else, but not its sealer}"
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
