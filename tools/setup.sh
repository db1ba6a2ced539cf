#!/bin/sh
# Ensure the Debian packages (and, for plots, PlatformIO and the Python package, the
# project virtualenv .venv) a make target needs.
# Usage: tools/setup.sh SET... (SET: host|clang|cross|aarch64|avr|arm|riscv|arduino|cores|bench-host|install|plot|pio|python)
#   clang: clang and its sanitizer and libFuzzer runtimes (ASan, UBSan, MSan)
#   cross: cross compilers and qemu-user for the big-endian (s390x) and 32-bit (i686) hosts
#   aarch64: the aarch64 cross compiler and qemu-user (the NEON kernels' suites)
#   arm: the Cortex-M compiler, newlib and qemu-system-arm (the mps2-an386 and microbit boards)
#   riscv: the RISC-V compiler, picolibc and qemu-user (qemu-riscv32 runs the RV32 firmware)
#   arduino: the Arduino AVR core and the Arduino IDE's own builder (no Java IDE needed)
#   cores: the cross compilers standing in for those of the other Arduino cores (ARM,
#     Xtensa lx106 for the ESP8266, RISC-V for the ESP32-C3) and picolibc's headers
#   bench-host: Crypto++ and OpenSSL, the peers of make bench's host section
#   install: what the test of make install builds with (pkg-config, CMake, a C++ compiler)
#   plot, pio: the project virtualenv .venv with matplotlib, or PlatformIO and packaging
#   python: the Python package lwc (build, test suite, Crypto++ interop helper)
# As root it installs what is missing; otherwise it stops with the exact command to run.
set -eu
[ $# -gt 0 ] || { echo "usage: $0 SET... (host|clang|cross|aarch64|avr|arm|riscv|arduino|cores|bench-host|install|plot|pio|python)" >&2; exit 2; }

need_pkgs() {
    missing=""
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
    done
    [ -z "$missing" ] && return 0
    if [ "$(id -u)" = 0 ]; then
        echo "setup: installing$missing" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -qq $missing >/dev/null 2>&1 ||
            { apt-get update -qq && apt-get install -y -qq $missing; }
    else
        echo "setup: missing Debian packages:$missing" >&2
        echo "setup: run:  sudo apt-get update && sudo apt-get install -y$missing" >&2
        exit 1
    fi
}

# need_venv CHECK REQUIREMENTS: the project virtualenv .venv, with REQUIREMENTS installed
# unless the Python statement CHECK already runs there.
need_venv() {
    need_pkgs python3 python3-venv
    venv=.venv
    if ! "$venv/bin/python" -c "$1" 2>/dev/null; then
        echo "setup: installing $2 into $venv" >&2
        [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
        "$venv/bin/pip" install -q -r "$2"
    fi
}

for set in "$@"; do
case "$set" in
    host) need_pkgs gcc make libc6-dev python3 ;;
    clang)
        need_pkgs clang
        # The runtimes are only a recommendation of clang, named by its major version.
        need_pkgs "libclang-rt-$(clang -dumpversion | cut -d. -f1)-dev" ;;
    cross) need_pkgs qemu-user gcc-s390x-linux-gnu libc6-dev-s390x-cross gcc-i686-linux-gnu libc6-dev-i386-cross ;;
    avr)  need_pkgs gcc-avr avr-libc binutils-avr libsimavr-dev libelf-dev pkg-config ;;
    arm)  need_pkgs gcc-arm-none-eabi binutils-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm ;;
    riscv) need_pkgs gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf picolibc-riscv64-unknown-elf qemu-user ;;
    bench-host) need_pkgs g++ libcrypto++-dev libssl-dev ;;
    install) need_pkgs pkg-config cmake g++ ;;
    aarch64) need_pkgs qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross ;;
    arduino) need_pkgs gcc-avr avr-libc arduino-core-avr arduino-builder ;;
    cores) need_pkgs gcc-arm-none-eabi libnewlib-arm-none-eabi gcc-xtensa-lx106 picolibc-xtensa-lx106-elf \
        gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf ;;
    plot) need_venv 'import matplotlib' tools/requirements.txt ;;
    # PlatformIO (its manifest check) and packaging (its SPDX licence list).
    pio) need_venv 'import platformio, packaging.licenses' tools/requirements-pio.txt ;;
    python)
        # Build and test the package lwc: compilers, Python headers, Crypto++ for the interop
        # helper, a Java runtime for PySpark (the Spark example); in .venv exactly the versions
        # pinned in tools/requirements-python.txt.
        need_pkgs python3 python3-venv python3-dev gcc g++ libcrypto++-dev openjdk-17-jre-headless
        venv=.venv
        [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
        if ! "$venv/bin/python" - tools/requirements-python.txt 2>/dev/null <<'PINNED'
import sys
from importlib.metadata import version
for line in open(sys.argv[1]):
    name, _, pinned = line.split("#")[0].strip().partition("==")
    if name and version(name) != pinned:
        sys.exit(1)
PINNED
        then
            echo "setup: installing tools/requirements-python.txt into $venv" >&2
            "$venv/bin/pip" install -q -r tools/requirements-python.txt
        fi ;;
    *) echo "usage: $0 SET... (host|clang|cross|aarch64|avr|arm|riscv|arduino|cores|bench-host|install|plot|pio|python)" >&2; exit 2 ;;
esac
done
