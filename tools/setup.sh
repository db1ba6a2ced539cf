#!/bin/sh
# Ensure the Debian packages (and, for plots, the Python virtualenv) a make target needs.
# Usage: tools/setup.sh host|avr|arm|arduino|plot|pio
# As root it installs what is missing; otherwise it stops with the exact command to run.
set -eu

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

case "${1:-}" in
    host) need_pkgs gcc make libc6-dev python3 ;;
    avr)  need_pkgs gcc-avr avr-libc binutils-avr libsimavr-dev libelf-dev pkg-config ;;
    arm)  need_pkgs gcc-arm-none-eabi binutils-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm ;;
    # The Arduino AVR core and the Arduino IDE's own builder (no Java IDE needed).
    arduino) need_pkgs gcc-avr avr-libc arduino-core-avr arduino-builder ;;
    plot) need_venv 'import matplotlib' tools/requirements.txt ;;
    # PlatformIO (its manifest check) and packaging (its SPDX licence list).
    pio) need_venv 'import platformio, packaging.licenses' tools/requirements-pio.txt ;;
    *) echo "usage: $0 host|avr|arm|arduino|plot|pio" >&2; exit 2 ;;
esac
