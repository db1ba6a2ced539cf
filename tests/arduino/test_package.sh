#!/bin/sh
# The library as the Arduino tools and PlatformIO see it:
#   - library.properties has every field of the Arduino 1.5 format, library.json the same
#     version, and both name the licence, which LICENSE holds (SPDX id MIT);
#   - the Arduino builds of the examples (mk/arduino.mk) compiled exactly the library's
#     sources (src/), with no warning from the library under the core's flags;
#   - built with link-time optimisation and archived, as PlatformIO builds libraries, the
#     library links, and its link-time layout check still works;
#   - PlatformIO's own manifest check passes (pio pkg pack, from .venv). Offline, it
#     cannot download the SPDX licence list to check the license field, so the manifest is
#     packed without that field and the identifier checked against the SPDX list that the
#     packaging module carries.
# Usage: test_package.sh ARDUINO_BUILD_DIR VENV   (ARDUINO_BUILD_DIR/<board>/<Example>/build.log)
set -u
build=$1 venv=$2
passed=0 failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }
field() { sed -n "s/^$1=//p" library.properties; }
json() { "$venv/bin/python" -c "import json, sys; print(json.load(open('library.json'))[sys.argv[1]])" "$1"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for f in name version author maintainer sentence paragraph category url architectures includes; do
    [ -n "$(field $f)" ] && pass "library.properties has $f" || fail "library.properties has no $f"
done
case "$(field category)" in
    Display | Communication | "Signal Input/Output" | Sensors | "Device Control" | Timing | "Data Storage" | \
        "Data Processing" | Other) pass "library.properties: a category of the Arduino library specification" ;;
    *) fail "library.properties: category '$(field category)' is not one of the Arduino library specification" ;;
esac
[ "$(field includes)" = lwc.h ] && [ -f src/lwc.h ] && pass "includes=lwc.h, which the Arduino builder finds in src/" ||
    fail "includes=$(field includes), src/lwc.h missing?"
[ "$(json version)" = "$(field version)" ] && pass "library.json and library.properties: version $(field version)" ||
    fail "library.json version $(json version), library.properties $(field version)"

# The licence: MIT, named in both manifests and the README, its text in LICENSE.
licence=$(json license)
if [ "$("$venv/bin/python" -c 'import sys; from packaging.licenses import canonicalize_license_expression as c; print(c(sys.argv[1]))' "$licence")" = MIT ] &&
    head -n 1 LICENSE | grep -qx "MIT License" && field paragraph | grep -q "MIT licence" && grep -q "MIT licence" README.md; then
    pass "licence: library.json's '$licence' is the SPDX id MIT, LICENSE is its text, library.properties and README name it"
else
    fail "licence: library.json '$licence', LICENSE '$(head -n 1 LICENSE)', or not named in library.properties or README.md"
fi

# Each Arduino build compiled exactly the library's sources, without a warning from them.
find src -name '*.c' -o -name '*.S' | sed 's|^src/||' | sort >"$tmp/sources"
for log in "$build"/*/*/build.log; do
    dir=${log%/build.log}
    lib=$dir/libraries/lwc
    (cd "$lib" 2>/dev/null && find . -name '*.o' | sed 's|^\./||; s|\.o$||' | sort) >"$tmp/built"
    if cmp -s "$tmp/sources" "$tmp/built"; then
        pass "Arduino build $dir: exactly the $(wc -l <"$tmp/sources") library sources"
    else
        fail "Arduino build $dir: compiled sources differ from src/: $(diff "$tmp/sources" "$tmp/built" | grep '^[<>]' | head -n 5 | tr '\n' ' ')"
    fi
    if grep -E "libraries/lwc/(src|include)/.*warning" "$log" >"$tmp/warnings"; then
        fail "Arduino build $dir: warnings from the library: $(head -n 3 "$tmp/warnings")"
    else
        pass "Arduino build $dir: no warning from the library"
    fi
done

# The library as PlatformIO builds it: every source compiled with link-time optimisation
# (the Arduino core's flags) and archived; an application built likewise links against it,
# and the link-time layout check still refuses one built with other layout options.
mkdir -p "$tmp/lto"
lto="-mmcu=atmega328p -Os -flto -ffunction-sections -fdata-sections -Isrc"
for f in $(find src -name '*.c' -o -name '*.S'); do
    avr-gcc $lto -fno-fat-lto-objects -c "$f" -o "$tmp/lto/$(echo "$f" | tr / _).o" || fail "LTO build: $f"
done
avr-gcc-ar rcs "$tmp/lto/liblwc.a" "$tmp"/lto/*.o
if avr-gcc $lto -fuse-linker-plugin -Wl,--gc-sections tests/link/layout_probe.c "$tmp/lto/liblwc.a" \
    -o "$tmp/lto/app.elf" >"$tmp/lto/link.log" 2>&1; then
    pass "LTO, archived library (as PlatformIO builds it): an application links"
else
    fail "LTO, archived library (as PlatformIO builds it): the application does not link: $(head -n 2 "$tmp/lto/link.log")"
fi
if ! avr-gcc $lto -DLWC_NO_ASM -fuse-linker-plugin -Wl,--gc-sections tests/link/layout_probe.c "$tmp/lto/liblwc.a" \
    -o "$tmp/lto/app.elf" >"$tmp/lto/link.log" 2>&1 && grep -q "undefined reference to .lwc_layout_LWC_NO_ASM_1" "$tmp/lto/link.log"; then
    pass "LTO, archived library: an application built with -DLWC_NO_ASM is refused, naming the option"
else
    fail "LTO, archived library: an application built with -DLWC_NO_ASM was not refused by the layout check"
fi

# PlatformIO's manifest check, on a copy of the package without the license field.
mkdir -p "$tmp/package" "$tmp/out"
cp -r LICENSE README.md library.properties keywords.txt include src examples "$tmp/package/"
"$venv/bin/python" -c "import json, sys; d = json.load(open('library.json')); del d['license']; json.dump(d, open(sys.argv[1], 'w'))" \
    "$tmp/package/library.json"
if PLATFORMIO_CORE_DIR="$tmp/pio" "$venv/bin/pio" pkg pack -o "$tmp/out" "$tmp/package" >"$tmp/pack.log" 2>&1 &&
    tar tzf "$tmp"/out/*.tar.gz >"$tmp/packed" && grep -qx include/lwc.h "$tmp/packed" &&
    grep -qx examples/SensorRecord/SensorRecord.ino "$tmp/packed"; then
    pass "PlatformIO: pio pkg pack accepts library.json ($(wc -l <"$tmp/packed") files packed)"
else
    fail "PlatformIO: pio pkg pack: $(grep -v '^\*\|^- \|^If you like\|^$' "$tmp/pack.log" | tail -n 3)"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
