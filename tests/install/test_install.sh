#!/bin/sh
# make install and make uninstall, as a user would (mk/install.mk):
#   - into staging DESTDIRs with LIBDIR lib (default), lib64 and an absolute multiarch
#     folder: every file where it belongs, lwc.pc's libdir following LIBDIR; uninstall
#     removes exactly those files (an unrelated file beside them stays) and lwc's folders;
#     a LIBDIR outside PREFIX is refused;
#   - the shared library: its soname, and exactly the public API exported (the functions
#     of keywords.txt, which make check-generated keeps equal to the headers);
#   - into real temporary prefixes (LIBDIR lib, lib64 and lib/<multiarch>):
#     docs/examples/hello.c and the gateway (docs/examples/gateway.c) built through
#     pkg-config (the README's command; shared and static) and through CMake
#     (docs/examples/CMakeLists.txt, find_package(lwc)), then run: hello prints RFC 4493's
#     tag, the gateway decrypts records the library encrypted; the lib64 tree still works
#     through CMake after it is moved; -DLWC_USE_STATIC_LIBS=ON links liblwc.a;
#   - the README shows exactly these files and commands (section "Install the C library"),
#     and its CTR_DRBG example compiles without a warning as C and as C++ (-Wextra).
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }
check() { name=$1; shift; if "$@" >"$tmp/log" 2>&1; then pass "$name"; else fail "$name"; tail -n 5 "$tmp/log"; fi; }
version=$(cat VERSION)
major=${version%%.*}
rfc4493_tag=070a16b46b4d4144f79bdd9dd04a287c
files() { (cd "$1" && find . -type f -o -type l | sort); }
url=$(sed -n 's/^url=//p' library.properties)

# Staging: LIBDIR relative, lib64, absolute multiarch; nothing outside DESTDIR/PREFIX.
for libdir in lib lib64 /usr/lib/x86_64-linux-gnu; do
    stage=$tmp/stage-$(echo "$libdir" | tr / _)
    rel=${libdir#/usr/}
    mkdir -p "$stage/usr/include" "$stage/usr/$rel/pkgconfig"
    echo other >"$stage/usr/include/other.h"
    echo other >"$stage/usr/$rel/pkgconfig/other.pc"
    files "$stage" >"$tmp/before"
    check "make install DESTDIR=... PREFIX=/usr LIBDIR=$libdir" make -s install DESTDIR="$stage" PREFIX=/usr LIBDIR="$libdir"
    for f in include/lwc.h include/lwc/config.h include/lwc/version.h "$rel/liblwc.a" "$rel/liblwc.so.$version" \
        "$rel/liblwc.so.$major" "$rel/liblwc.so" "$rel/pkgconfig/lwc.pc" "$rel/cmake/lwc/lwcConfig.cmake" \
        "$rel/cmake/lwc/lwcConfigVersion.cmake"; do
        [ -e "$stage/usr/$f" ] || fail "LIBDIR=$libdir: $f missing"
    done
    outside=$(cd "$stage" && find . \( -type f -o -type l \) ! -path "./usr/include/*" ! -path "./usr/$rel/*")
    [ -z "$outside" ] && pass "LIBDIR=$libdir: every file under include/ and $rel/" ||
        fail "LIBDIR=$libdir: files elsewhere: $outside"
    pc=$stage/usr/$rel/pkgconfig/lwc.pc
    if grep -qx 'prefix=/usr' "$pc" && grep -qx "libdir=\${prefix}/$rel" "$pc" && \
        [ "$(PKG_CONFIG_SYSROOT_DIR= pkg-config --variable=libdir "$pc")" = "/usr/$rel" ] && grep -qx "URL: $url" "$pc"; then
        pass "LIBDIR=$libdir: lwc.pc prefix=/usr, libdir=\${prefix}/$rel, URL $url"
    else
        fail "LIBDIR=$libdir: lwc.pc: $(grep -E '^(prefix|libdir)=' "$pc" | tr '\n' ' ')"
    fi
    check "make uninstall DESTDIR=... PREFIX=/usr LIBDIR=$libdir" make -s uninstall DESTDIR="$stage" PREFIX=/usr \
        LIBDIR="$libdir"
    files "$stage" >"$tmp/after"
    if cmp -s "$tmp/before" "$tmp/after" && [ ! -d "$stage/usr/include/lwc" ] && [ ! -d "$stage/usr/$rel/cmake/lwc" ]; then
        pass "LIBDIR=$libdir: uninstall removes exactly what install put (other files stay) and lwc's folders"
    else
        fail "LIBDIR=$libdir: after uninstall: $(diff "$tmp/before" "$tmp/after" | grep '^[<>]' | head -n 5 | tr '\n' ' ')"
    fi
done
if make -s install DESTDIR="$tmp/outside" PREFIX=/usr LIBDIR=/opt/lib >"$tmp/log" 2>&1; then
    fail "LIBDIR outside PREFIX accepted"
elif grep -q "LIBDIR=/opt/lib must be a folder under PREFIX=/usr" "$tmp/log" && [ ! -e "$tmp/outside" ]; then
    pass "LIBDIR outside PREFIX refused, naming both, nothing written"
else
    fail "LIBDIR outside PREFIX: $(cat "$tmp/log")"
fi

# The shared library: soname, and exactly the public API exported.
so=build/host/liblwc.so.$version
soname=$(objdump -p "$so" | awk '$1 == "SONAME" { print $2 }')
[ "$soname" = "liblwc.so.$major" ] && pass "soname $soname" || fail "soname '$soname'"
nm -D --defined-only "$so" | awk '$3 != "LWC_0" { sub(/@.*/, "", $3); print $3 }' | sort >"$tmp/exported"
awk '$2 == "KEYWORD2" { print $1 }' keywords.txt | sort >"$tmp/api"
if cmp -s "$tmp/exported" "$tmp/api"; then
    pass "exported: exactly the $(wc -l <"$tmp/api") functions of the public headers (keywords.txt; the layout tags too)"
else
    fail "exported symbols differ from the public functions: $(diff "$tmp/api" "$tmp/exported" | grep '^[<>]' | head -n 5 | tr '\n' ' ')"
fi

# Records: LEA-128 CTR under one key, each with its own IV, from the library itself.
key=0f1e2d3c4b5a69788796a5b4c3d2e1f0
cat >"$tmp/records.c" <<'C'
#include <stdio.h>
#include <lwc.h>
/* Three records: IV i = 15 bytes of i then ff (counter carries), plaintext "record i ..." */
int main(void)
{
    static const uint8_t key[16] = {0x0f, 0x1e, 0x2d, 0x3c, 0x4b, 0x5a, 0x69, 0x78,
                                    0x87, 0x96, 0xa5, 0xb4, 0xc3, 0xd2, 0xe1, 0xf0};
    for (int r = 0; r < 3; r++) {
        uint8_t iv[16], pt[40], ct[40];
        int n = snprintf((char *)pt, sizeof pt, "record %d: 21.%d degrees, node %d", r, r, 7 * r);
        for (int i = 0; i < 16; i++)
            iv[i] = i == 15 ? 0xff : (uint8_t)r;
        lwc_lea128_ctr c;
        lwc_lea128_ctr_init(&c, key, iv);
        lwc_lea128_ctr_crypt(&c, ct, pt, (size_t)n);
        for (int i = 0; i < 16; i++) printf("%02x", iv[i]);
        printf(" ");
        for (int i = 0; i < n; i++) printf("%02x", ct[i]);
        printf("\n");
        for (int i = 0; i < n; i++) fprintf(stderr, "%02x", pt[i]);
        fprintf(stderr, "\n");
    }
    return 0;
}
C
check "records encrypted" sh -c "cc -std=c99 -Iinclude $tmp/records.c build/host/liblwc.a -o $tmp/records && $tmp/records > $tmp/records.txt 2> $tmp/plain.txt"

# The README's pkg-config command and CMake commands, run in a copy of docs/examples.
pkg_command=$(grep -E '^cc hello\.c \$\(pkg-config --cflags --libs lwc\) -o hello' README.md | sed 's/ *#.*//; s/ *&& .*//')
[ -n "$pkg_command" ] && pass "README: the pkg-config command: $pkg_command" || fail "README: no 'cc hello.c \$(pkg-config ...' line"

# hello and the gateway against a real prefix with LIBDIR $1: pkg-config and CMake.
against_prefix() {
    libdir=$1 prefix=$tmp/prefix-$(echo "$1" | tr / _)
    check "make install PREFIX=<tmp> LIBDIR=$libdir" make -s install PREFIX="$prefix" LIBDIR="$libdir"
    pc="env PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig pkg-config"
    run="env LD_LIBRARY_PATH=$prefix/$libdir"
    work=$tmp/examples-$(echo "$libdir" | tr / _)
    cp -r docs/examples "$work"
    check "LIBDIR=$libdir: hello built by the README's pkg-config command" \
        sh -c "cd $work && export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig && $pkg_command"
    check "LIBDIR=$libdir: hello (shared) prints lwc $version and RFC 4493's tag" \
        sh -c "[ \"\$($run $work/hello)\" = 'lwc $version: $rfc4493_tag' ]"
    ldd "$work/hello" 2>/dev/null | grep -q "liblwc.so.$major => not found" && pass "LIBDIR=$libdir: hello needs liblwc.so.$major" ||
        fail "LIBDIR=$libdir: hello does not link liblwc.so.$major"
    check "LIBDIR=$libdir: gateway through pkg-config (shared)" sh -c "cc -std=c99 -Wall -Wextra -Werror \$($pc --cflags lwc) docs/examples/gateway.c \$($pc --libs lwc) -o $tmp/gateway_shared"
    check "LIBDIR=$libdir: gateway (shared) decrypts the records" sh -c "$run $tmp/gateway_shared $key < $tmp/records.txt > $tmp/out.txt && cmp $tmp/out.txt $tmp/plain.txt"
    check "LIBDIR=$libdir: hello and gateway through pkg-config (static)" sh -c "for p in hello gateway; do cc -std=c99 -Wall -Wextra -Werror \$($pc --cflags lwc) docs/examples/\$p.c -L$prefix/$libdir -Wl,-Bstatic \$($pc --libs-only-l lwc) -Wl,-Bdynamic -o $tmp/\${p}_static || exit 1; done"
    check "LIBDIR=$libdir: hello and gateway (static) run" sh -c "[ \"\$($tmp/hello_static)\" = 'lwc $version: $rfc4493_tag' ] && $tmp/gateway_static $key < $tmp/records.txt > $tmp/out.txt && cmp $tmp/out.txt $tmp/plain.txt"
    cmake_build "LIBDIR=$libdir" "$prefix" "$libdir" "$tmp/cmake-$(echo "$libdir" | tr / _)"
}

# docs/examples/CMakeLists.txt against prefix $2 (library in $3), built in $4, then run.
# CMAKE_PREFIX_PATH finds LIBDIR lib and lib/<multiarch>; Debian's CMake does not search
# lib64 (FIND_LIBRARY_USE_LIB64_PATHS), so there lwc_DIR names the package's folder.
cmake_build() {
    find="-DCMAKE_PREFIX_PATH=$2"
    [ "$3" = lib64 ] && find="$find -Dlwc_DIR=$2/$3/cmake/lwc"
    check "$1: hello and gateway through CMake find_package(lwc)" sh -c "cmake -S docs/examples -B $4 $find >/dev/null && cmake --build $4 >/dev/null"
    check "$1: hello and gateway (CMake) run" sh -c "[ \"\$(LD_LIBRARY_PATH=$2/$3 $4/hello)\" = 'lwc $version: $rfc4493_tag' ] && LD_LIBRARY_PATH=$2/$3 $4/gateway $key < $tmp/records.txt > $tmp/out.txt && cmp $tmp/out.txt $tmp/plain.txt"
}
against_prefix lib
against_prefix lib64
check "CMake, -DLWC_USE_STATIC_LIBS=ON: hello linked with liblwc.a, runs alone" sh -c "cmake -S docs/examples -B $tmp/cmake-static -DCMAKE_PREFIX_PATH=$tmp/prefix-lib -DLWC_USE_STATIC_LIBS=ON >/dev/null && cmake --build $tmp/cmake-static >/dev/null && ! ldd $tmp/cmake-static/hello | grep -q liblwc && [ \"\$($tmp/cmake-static/hello)\" = 'lwc $version: $rfc4493_tag' ]"
against_prefix "lib/$(cc -print-multiarch)"
mv "$tmp/prefix-lib64" "$tmp/moved"
cmake_build "LIBDIR=lib64, the prefix moved" "$tmp/moved" lib64 "$tmp/cmake-moved"

# find_package(lwc <next major>.0) refuses this version.
mkdir -p "$tmp/cmake_next"
sed "s/find_package(lwc REQUIRED)/find_package(lwc $((major + 1)).0 REQUIRED)/" docs/examples/CMakeLists.txt >"$tmp/cmake_next/CMakeLists.txt"
cp docs/examples/*.c "$tmp/cmake_next/"
if grep -q "find_package(lwc $((major + 1)).0 REQUIRED)" "$tmp/cmake_next/CMakeLists.txt" &&
    ! cmake -S "$tmp/cmake_next" -B "$tmp/cmake_next/build" -DCMAKE_PREFIX_PATH="$tmp/prefix-lib" >/dev/null 2>&1; then
    pass "find_package(lwc $((major + 1)).0) refuses version $version"
else
    fail "find_package(lwc $((major + 1)).0) accepted version $version"
fi

# The README shows these files as they are: the fenced block after the first line naming each.
readme_block() { awk -v text="$1" 'found && /^```$/ { exit } found && inside { print } !found && index($0, text) { found = 1 } found && /^```/ { inside = 1 }' README.md; }
for f in docs/examples/hello.c docs/examples/CMakeLists.txt; do
    readme_block "\`$f\`" >"$tmp/block"
    if [ -s "$tmp/block" ] && cmp -s "$tmp/block" "$f"; then
        pass "README shows $f as it is"
    else
        fail "README's block after \`$f\` differs from the file: $(diff "$f" "$tmp/block" | head -n 4 | tr '\n' ' ')"
    fi
done

# The README's CTR_DRBG example: no warning as C or C++ (-Wmissing-field-initializers is
# in -Wextra; C++ warns on = {0} for these structs).
readme_block "### Random numbers: CTR_DRBG" >"$tmp/drbg_block"
{
    echo '#include <lwc.h>'
    echo 'int readme_drbg(const uint8_t *entropy, const uint8_t *nonce, const uint8_t *pers, size_t pers_len,'
    echo '                const uint8_t *fresh_entropy, uint8_t *key_out);'
    echo 'int readme_drbg(const uint8_t *entropy, const uint8_t *nonce, const uint8_t *pers, size_t pers_len,'
    echo '                const uint8_t *fresh_entropy, uint8_t *key_out)'
    echo '{'
    cat "$tmp/drbg_block"
    echo '    return err;'
    echo '}'
} >"$tmp/drbg.c"
if grep -q "_drbg_instantiate" "$tmp/drbg_block"; then
    check "README's CTR_DRBG example: no warning as C (-Wall -Wextra)" cc -std=c99 -Wall -Wextra -Werror -Iinclude -c "$tmp/drbg.c" -o "$tmp/drbg.o"
    check "README's CTR_DRBG example: no warning as C++ (-Wall -Wextra)" g++ -x c++ -Wall -Wextra -Werror -Iinclude -c "$tmp/drbg.c" -o "$tmp/drbg.o"
else
    fail "README: no CTR_DRBG example in the section \"Random numbers: CTR_DRBG\""
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
