#!/bin/sh
# Sizes of the Arduino sketches as the Arduino IDE reports them (the core's size recipe:
# flash = .text + .data, static RAM = .data + .bss + .noinit): the probe sketches
# (bench/gen_probe.py, mk/arduino.mk) and the examples, built for each board.
# Usage: sketch_sizes.sh "BOARD..." > arduino-sketches.csv
#   reads build/arduino-probes/<board>/<probe>/probe.ino.elf (<probe>: <cipher>-<feature>,
#   empty, none) and build/arduino/<board>/<Example>/<Example>.ino.elf
# Columns: board,kind,cipher,feature,flash_bytes,static_ram_bytes,flash_over_empty,static_ram_over_empty
#   kind probe (cipher and feature of the probe; "-" and empty or none for the baseline and
#   the sketch that includes lwc.h and calls nothing) or example (feature: its name);
#   *_over_empty: the sketch less the empty sketch of the same board.
set -eu

# Prints "flash ram" of ELF $1.
size_of() {
    avr-size -A "$1" | awk '$1 == ".text" || $1 == ".data" { flash += $2 }
        $1 == ".data" || $1 == ".bss" || $1 == ".noinit" { ram += $2 } END { print flash + 0, ram + 0 }'
}

echo "board,kind,cipher,feature,flash_bytes,static_ram_bytes,flash_over_empty,static_ram_over_empty"
for board in $1; do
    set -- $(size_of "build/arduino-probes/$board/empty/probe.ino.elf")
    empty_flash=$1 empty_ram=$2
    row() { # kind cipher feature elf
        set -- "$1" "$2" "$3" $(size_of "$4")
        echo "$board,$1,$2,$3,$4,$5,$(($4 - empty_flash)),$(($5 - empty_ram))"
    }
    for elf in build/arduino-probes/"$board"/*/probe.ino.elf; do
        probe=$(basename "$(dirname "$elf")")
        case "$probe" in
            empty | none) row probe - "$probe" "$elf" ;;
            *) row probe "${probe%%-*}" "${probe#*-}" "$elf" ;;
        esac
    done
    for elf in build/arduino/"$board"/*/*.ino.elf; do
        name=$(basename "$elf" .ino.elf)
        # An example's own build only (not SealedRecord-epoch2, its re-keyed copy).
        if [ "$(basename "$(dirname "$elf")")" = "$name" ]; then
            row example - "$name" "$elf"
        fi
    done
done
