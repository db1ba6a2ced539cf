#!/bin/sh
# make lib MCU=<an avr-gcc -mmcu name without a conf file> builds the library, and
# lwc/config.h picks each family's implementation from the core's features: for one MCU of
# each class, the archive member that defines a family's encrypt function (Ascon's
# permutation) is the one expected (the ATmega assembly, the ATtiny PRESENT, or the C).
# Usage: test_any_mcu.sh   (from the top of the tree; runs make)
set -u
passed=0 failed=0

# expect MCU CORE PRESENT-MEMBER LEA-MEMBER CHAM-MEMBER ASCON-MEMBER
expect() {
    mcu=$1 core=$2
    shift 2
    if ! make -s lib MCU="$mcu" >/dev/null 2>&1; then
        echo "FAIL $mcu ($core): make lib MCU=$mcu failed"
        failed=$((failed + 1))
        return
    fi
    for pair in "present80_encrypt:$1" "lea128_encrypt:$2" "cham64_128_encrypt:$3" "ascon_permute:$4"; do
        fn=${pair%%:*} want=${pair#*:}
        got=$(avr-nm -A "build/$mcu/liblwc.a" | sed -n "s/.*liblwc\.a:\(.*\)\.o:.* T lwc_${fn}$/\1/p")
        if [ "$got" = "$want" ]; then
            echo "PASS $mcu ($core): $fn from $want"
            passed=$((passed + 1))
        else
            echo "FAIL $mcu ($core): $fn from '$got', want $want"
            failed=$((failed + 1))
        fi
    done
}

expect atmega48 "MUL, no JMP/CALL" present_avr.S lea_avr.S cham_avr.S ascon_avr.S
expect atmega8u2 "JMP/CALL, no MUL" present_avr.S lea.c cham_avr.S ascon_avr.S
expect attiny2313 "neither" present_tiny_avr.S lea.c cham.c ascon_tiny_avr.S
expect atxmega32a4 "XMEGA" present.c lea.c cham.c ascon_p64.c
expect attiny10 "AVRrc, 16 registers" present.c lea.c cham.c ascon_p64.c
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
