#!/bin/sh
# The link-time layout check (include/lwc/config.h) on one target: an application built
# with each layout option flipped must fail to link against the library exactly when
# the option changes a public context size there, with an undefined reference that
# names the option; with the library's own options it must link.
# Usage: test_layout.sh NAME LIBRARY "CC CFLAGS" "LIBRARY_FLAGS" "LDFLAGS" OBJDUMP
set -u
name=$1 lib=$2 cc=$3 lib_flags=$4 ldflags=$5 objdump=$6
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
probe=tests/link/layout_probe.c

# The sizes of the public types under flags $1, as the object file holds them.
sizes() {
    $cc $1 -DLAYOUT_SIZES -c $probe -o "$tmp/sizes.o" 2>"$tmp/sizes.err" || { echo "compile failed: $(head -c 200 "$tmp/sizes.err")"; return; }
    $objdump -s -j .rodata "$tmp/sizes.o" | tail -n +5
}

# Checks the application built with flags $1 (described as $2) against the library.
check() {
    flags=$1 what=$2 option=$3
    if $cc $flags $probe $lib $ldflags -o "$tmp/app" >"$tmp/link.log" 2>&1; then linked=1; else linked=0; fi
    if [ "$(sizes "$flags")" = "$(sizes "$lib_flags")" ]; then same=1; else same=0; fi
    if [ $same = 1 ] && [ $linked = 1 ]; then
        echo "PASS $name: $what: same layouts, links"; passed=$((passed + 1))
    elif [ $same = 0 ] && [ $linked = 0 ] && grep -q "undefined reference to .lwc_layout_${option}_" "$tmp/link.log"; then
        echo "PASS $name: $what: layouts differ, link refused: $(grep -o "lwc_layout_${option}_[01]" "$tmp/link.log" | head -n 1)"
        passed=$((passed + 1))
    else
        echo "FAIL $name: $what: layouts $( [ $same = 1 ] && echo same || echo differ ), link $( [ $linked = 1 ] && echo succeeded || echo failed ):"
        head -n 5 "$tmp/link.log"
        failed=$((failed + 1))
    fi
}

check "$lib_flags" "the library's options" NONE
# Each option toggled; LWC_BITSLICE32 set to 0 and to 1 (except on AVR, where it and the
# assembly exclude each other at compile time).
for option in LWC_NO_ASM LWC_HIGHT_COMPACT LWC_PRESENT_TINY_FAST; do
    case " $lib_flags " in
        *" -D$option "*) flipped=$(echo " $lib_flags " | sed "s/ -D$option / /") ;;
        *) flipped="$lib_flags -D$option" ;;
    esac
    check "$(echo $flipped)" "application $( case " $lib_flags " in *" -D$option "*) echo without;; *) echo with;; esac) -D$option" $option
done
if ! $cc -dM -E -x c /dev/null | grep -q __AVR__; then
    for value in 0 1; do
        check "$(echo " $lib_flags " | sed 's/ -DLWC_BITSLICE32=[01] / /') -DLWC_BITSLICE32=$value" \
            "application with -DLWC_BITSLICE32=$value" LWC_BITSLICE32
    done
fi
echo "$name: $passed passed, $failed failed"
[ $failed = 0 ]
