#!/bin/sh
# The library as the Arduino tools and PlatformIO see it:
#   - library.properties has every field of the Arduino 1.5 format, library.json the same
#     version, and both name the licence, which LICENSE holds (SPDX id MIT);
#   - the release (mk/arduino.mk: build/arduino-release/lwc and its zip) holds exactly the
#     manifests, keywords.txt, LICENSE, README.md, src/, include/ and examples/ of the
#     repository, byte for byte, and nothing hidden; the zip holds the folder as lwc/;
#   - the Arduino builds of the examples (mk/arduino.mk), from that release, compiled
#     exactly the library's sources (src/), and the builder printed no warning about the
#     library (such as "Spurious .ci folder") and no warning from its sources under the
#     core's flags;
#   - built with link-time optimisation and archived, as PlatformIO builds libraries, the
#     library links, and its link-time layout check still works;
#   - PlatformIO's own manifest check passes (pio pkg pack, from .venv). Offline, it
#     cannot download the SPDX licence list to check the license field, so the manifest is
#     packed without that field and the identifier checked against the SPDX list that the
#     packaging module carries.
# Usage: test_package.sh ARDUINO_BUILD_DIR VENV ARDUINO_RELEASE_DIR ARDUINO_ZIP
#   (ARDUINO_BUILD_DIR/<board>/<Example>/build.log)
set -u
build=$1 venv=$2 release=$3 zip=$4
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

# The release: the repository's files that make the library, as they are, and nothing else.
(for f in library.properties library.json keywords.txt LICENSE README.md; do echo "$f"; done
    find src include examples -type f) | sort >"$tmp/expected"
(cd "$release" && find . -type f -o -type l | sed 's|^\./||' | sort) >"$tmp/released"
if cmp -s "$tmp/expected" "$tmp/released"; then
    differing=$(while read -r f; do cmp -s "$f" "$release/$f" || echo "$f"; done <"$tmp/expected")
    if [ -z "$differing" ]; then
        pass "release $release: exactly the library's $(wc -l <"$tmp/expected") files, as in the repository"
    else
        fail "release $release: files differ from the repository's: $(echo $differing | head -c 200)"
    fi
else
    fail "release $release: files differ from the list: $(diff "$tmp/expected" "$tmp/released" | grep '^[<>]' | head -n 5 | tr '\n' ' ')"
fi
hidden=$(cd "$release" && find . -name '.*' ! -name . | head -n 5)
[ -z "$hidden" ] && pass "release: nothing hidden (no .ci, .venv, .git)" || fail "release: hidden files or folders: $hidden"
if "$venv/bin/python" -c 'import sys, zipfile; print("\n".join(sorted(n for n in zipfile.ZipFile(sys.argv[1]).namelist() if not n.endswith("/"))))' \
    "$zip" >"$tmp/zipped" && sed 's|^|lwc/|' "$tmp/released" | cmp -s - "$tmp/zipped"; then
    pass "release zip $zip: the folder as lwc/ ($(wc -l <"$tmp/zipped") files)"
else
    fail "release zip $zip: its entries are not the folder's under lwc/: $(sed 's|^|lwc/|' "$tmp/released" | diff - "$tmp/zipped" | grep '^[<>]' | head -n 3 | tr '\n' ' ')"
fi

# Each Arduino build compiled exactly the library's sources, without a warning from them or
# about the library.
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
    if grep -E "lwc/(src|include)/[^ ]*: *warning|WARNING|Spurious" "$log" >"$tmp/warnings"; then
        fail "Arduino build $dir: warnings from or about the library: $(head -n 3 "$tmp/warnings")"
    else
        pass "Arduino build $dir: no warning from or about the library"
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
