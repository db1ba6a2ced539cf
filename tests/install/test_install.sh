#!/bin/sh
# make install, as a user would: into a staging DESTDIR (every file lands under it), and
# into a temporary prefix, against which the gateway example (docs/examples/gateway.c) is
# built through pkg-config (shared and static) and through CMake's find_package(lwc),
# then run on records encrypted by the library: its output must be the plaintexts.
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

# Staging: nothing outside DESTDIR, everything under DESTDIR/PREFIX.
check "make install DESTDIR=... PREFIX=/usr" make -s install DESTDIR="$tmp/stage" PREFIX=/usr
for f in include/lwc.h include/lwc/config.h lib/liblwc.a lib/liblwc.so.$version lib/liblwc.so.$major \
    lib/liblwc.so lib/pkgconfig/lwc.pc lib/cmake/lwc/lwcConfig.cmake lib/cmake/lwc/lwcConfigVersion.cmake; do
    if [ -e "$tmp/stage/usr/$f" ]; then pass "staged $f"; else fail "staged $f missing"; fi
done
grep -q '^prefix=/usr$' "$tmp/stage/usr/lib/pkgconfig/lwc.pc" && pass "lwc.pc prefix" || fail "lwc.pc prefix"
check "make uninstall DESTDIR=... PREFIX=/usr" make -s uninstall DESTDIR="$tmp/stage" PREFIX=/usr
left=$(find "$tmp/stage" -type f -o -type l)
[ -z "$left" ] && pass "uninstall leaves nothing" || fail "uninstall left: $left"

# The shared library: soname, and only the public API exported.
so=build/host/liblwc.so.$version
soname=$(objdump -p "$so" | awk '$1 == "SONAME" { print $2 }')
[ "$soname" = "liblwc.so.$major" ] && pass "soname $soname" || fail "soname '$soname'"
internal=$(nm -D --defined-only "$so" | awk '{ print $3 }' | grep -v -E '^lwc_(present80|present128|lea128|lea192|lea256|hight|cham64_128|cham128_128|cham128_256|aes128)_|^lwc_ascon_(aead128_|hash256|xof128|cxof128)|^lwc_wipe@|^lwc_verify@|^lwc_version@|^lwc_layout_|^LWC_0$' || true)
[ -z "$internal" ] && pass "only the public API exported" || fail "exported beyond the API: $internal"

# Records: LEA-128 CTR under one key, each with its own IV, from the library itself.
prefix=$tmp/prefix
check "make install PREFIX=$prefix" make -s install PREFIX="$prefix"
key=0f1e2d3c4b5a69788796a5b4c3d2e1f0
cat > "$tmp/records.c" <<'C'
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
pc="env PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config"
check "records encrypted (liblwc.a)" sh -c "cc -std=c99 \$($pc --cflags lwc) $tmp/records.c $prefix/lib/liblwc.a -o $tmp/records && $tmp/records > $tmp/records.txt 2> $tmp/plain.txt"

check "gateway built through pkg-config (shared)" sh -c "cc -std=c99 -Wall -Wextra -Werror \$($pc --cflags lwc) docs/examples/gateway.c \$($pc --libs lwc) -o $tmp/gateway_shared"
ldd "$tmp/gateway_shared" 2>/dev/null | grep -q "liblwc.so.$major => not found" && pass "gateway needs liblwc.so.$major" || fail "gateway does not link liblwc.so.$major"
check "gateway (shared) decrypts the records" sh -c "LD_LIBRARY_PATH=$prefix/lib $tmp/gateway_shared $key < $tmp/records.txt > $tmp/out_shared.txt && cmp $tmp/out_shared.txt $tmp/plain.txt"

check "gateway built through pkg-config (static)" sh -c "cc -std=c99 -Wall -Wextra -Werror \$($pc --cflags lwc) docs/examples/gateway.c -L$prefix/lib -Wl,-Bstatic \$($pc --libs-only-l lwc) -Wl,-Bdynamic -o $tmp/gateway_static"
check "gateway (static) decrypts the records" sh -c "$tmp/gateway_static $key < $tmp/records.txt > $tmp/out_static.txt && cmp $tmp/out_static.txt $tmp/plain.txt"

# CMake: find_package(lwc 0.1) and lwc::lwc.
mkdir -p "$tmp/cmake"
cat > "$tmp/cmake/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.13)
project(gateway C)
find_package(lwc $major.0 REQUIRED)
add_executable(gateway $PWD/docs/examples/gateway.c)
target_link_libraries(gateway PRIVATE lwc::lwc)
CM
check "gateway built through CMake find_package(lwc)" sh -c "cmake -S $tmp/cmake -B $tmp/cmake/build -DCMAKE_PREFIX_PATH=$prefix >/dev/null && cmake --build $tmp/cmake/build >/dev/null"
check "gateway (CMake) decrypts the records" sh -c "LD_LIBRARY_PATH=$prefix/lib $tmp/cmake/build/gateway $key < $tmp/records.txt > $tmp/out_cmake.txt && cmp $tmp/out_cmake.txt $tmp/plain.txt"
sed "s/find_package(lwc $major.0/find_package(lwc $((major + 1)).0/" "$tmp/cmake/CMakeLists.txt" > "$tmp/next.txt"
mkdir -p "$tmp/cmake_next" && mv "$tmp/next.txt" "$tmp/cmake_next/CMakeLists.txt"
if cmake -S "$tmp/cmake_next" -B "$tmp/cmake_next/build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null 2>&1; then
    fail "find_package(lwc $((major + 1)).0) accepted version $version"
else
    pass "find_package(lwc $((major + 1)).0) refuses version $version"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
