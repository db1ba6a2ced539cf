#!/bin/sh
# Flash and static RAM that each lwc feature pulls into a firmware.
# Usage: flash_probe.sh BUILD-DIR VARIANT [MCU [CIPHERS]] > flash.csv
#   BUILD-DIR holds liblwc.a; MCU defaults to atmega128 (any avr-gcc -mmcu, or a QEMU
#   target's MCU with $PROBE_LINK); CIPHERS (space-separated ids, ascon for Ascon) to all.
#   Operations: the features of bench/features.txt
#   (bench/gen_probe.py writes each probe) that apply to the cipher: setkey, encrypt,
#   decrypt, block_all (the three together), ctr, record (ctr_init, ctr_setiv and
#   ctr_crypt), the modes (cmac, eax, and ccm for the 128-bit ciphers), a node's sealer of
#   each record suite over the cipher (seal_eax, seal_ccm; Ascon's seal_ascon) and the DRBG, on
#   its optimised and plain paths (the latter as variant VARIANT-plain, operation drbg);
#   Ascon's ascon_aead (setkey, encrypt and decrypt) and ascon_hash (Hash256);
#   on a QEMU target also ecb_ctr (block_all and ctr together); with $PROBE_BLOCKS_ONLY set,
#   the first four only.
#   $PROBE_CFLAGS: the library build's -D flags (and -I for $PROBE_INCLUDE).
#   $PROBE_FEATURES: other features (space-separated); fixed_ctr is reported as ctr.
#   $PROBE_INCLUDE: a file that declares some of their calls (bench/gen_probe.py --include).
#   $PROBE_DRBGS: the CTR_DRBG ids to probe (default: all five).
#   $PROBE_LINK, $PROBE_SIZE: on a QEMU target, the command that compiles and links a
#   firmware (its runtime included; mk/qemusim.mk's qemu_fw_cmd) and the toolchain's size.
# Columns: mcu,cipher,variant,operation,flash_bytes,static_ram_bytes,align_fill_bytes,library_bytes
#   flash_bytes      = (.text + .data) of a firmware making only that feature's calls
#                      (bench/flash_probe.c), minus the same firmware making none
#   align_fill_bytes = the part of flash_bytes that is padding the linker put in .text
#                      to align sections (256-byte aligned LPM tables), from the map file
#   library_bytes    = the part of flash_bytes that is liblwc.a's own sections (from the
#                      map file): the code and tables without the caller's argument setup
#   static_ram_bytes = the same difference of .data + .bss, less the probe's own variables
#                      (library statics)
set -eu
build=$1
variant=$2
mcu=${3:-atmega128}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
ciphers=${4:-"present80 present128 lea128 lea192 lea256 hight cham64_128 cham128_128 cham128_256 aes128 ascon"}
if [ -n "${PROBE_FEATURES:-}" ]; then
    features=$PROBE_FEATURES
elif [ -n "${PROBE_BLOCKS_ONLY:-}" ]; then
    features="setkey encrypt decrypt block_all"
else
    features="setkey encrypt decrypt block_all ctr record cmac eax ccm seal_eax seal_ccm seal_ascon drbg drbg_plain ascon_aead ascon_hash"
    if [ -n "${PROBE_LINK:-}" ]; then
        features="$features ecb_ctr"
    fi
fi
drbgs=${PROBE_DRBGS-"aes128 lea128 lea192 lea256 hight"}
gen_args="--include tests/common/drbg_plain.c${PROBE_INCLUDE:+ --include $PROBE_INCLUDE}"

# Prints "flash ram fill library" of the probe of cipher $1 and feature $2.
probe() {
    bench/gen_probe.py $gen_args "$1" "$2" >"$out/probe.c"
    if [ -n "${PROBE_LINK:-}" ]; then
        $PROBE_LINK ${PROBE_CFLAGS:-} -Iinclude bench/flash_probe.c "$out/probe.c" -Wl,-Map="$out/probe.map" \
            "$build/liblwc.a" -o "$out/probe.elf"
        size=$PROBE_SIZE nm=${PROBE_SIZE%size}nm
    else
        avr-gcc -mmcu="$mcu" ${PROBE_CFLAGS:-} -Os -std=c99 -Wall -Wextra -Werror -Iinclude -ffunction-sections \
            -fdata-sections -Wl,--gc-sections bench/flash_probe.c "$out/probe.c" \
            -Wl,-Map="$out/probe.map" "$build/liblwc.a" -o "$out/probe.elf"
        size=avr-size nm=avr-nm
    fi
    # .text holds code and constants on all (the QEMU firmware's linker script places
    # .rodata in .text).
    # Fill: *fill* lines in .text. Library: input sections of liblwc.a placed in .text or
    # .data (the name and "address size file" may share a line or take two).
    set -- $(awk 'function hex(s,  i, v) {
            s = tolower(s); sub(/^0x/, "", s)
            for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
            return v }
        /^Linker script and memory map/ { mapped = 1 }
        !mapped { next }
        /^\.[A-Za-z_]/ { out = $1; t = (out == ".text"); kept = (out == ".text" || out == ".data"); next }
        t && $1 == "*fill*" { fill += hex($3); next }
        kept && NF == 4 && $4 ~ /liblwc\.a\(/ && $1 ~ /^\./ { lib += hex($3); next }
        kept && NF == 3 && $3 ~ /liblwc\.a\(/ && $1 ~ /^0x/ { lib += hex($2) }
        END { print fill + 0, lib + 0 }' "$out/probe.map")
    fill=$1 lib=$2
    # The probe's own variables (its buffer, opaque pointer and byte) are not the library's.
    own=$($nm -S -t d "$out/probe.elf" | awk '$4 ~ /^lwc_probe_(arena|p|n)$/ { s += $2 } END { print s + 0 }')
    $size -A "$out/probe.elf" | awk -v fill="$fill" -v lib="$lib" -v own="$own" '
        $1 == ".text" { text = $2 } $1 == ".data" { data = $2 } $1 == ".bss" { bss = $2 }
        END { print text + data, data + bss - own, fill, lib }'
}

echo "mcu,cipher,variant,operation,flash_bytes,static_ram_bytes,align_fill_bytes,library_bytes"
set -- $(probe present80 none)
base_flash=$1 base_ram=$2 base_fill=$3 base_lib=$4
for c in $ciphers; do
    applies=$(bench/gen_probe.py $gen_args --list "$c")
    for f in $features; do
        echo "$applies" | grep -qx "$c $f" || continue
        case "$f" in drbg*) case " $drbgs " in *" $c "*) ;; *) continue ;; esac ;; esac
        case "$f" in
            drbg_plain) v=$variant-plain op=drbg ;;
            fixed_ctr) v=$variant op=ctr ;;
            *) v=$variant op=$f ;;
        esac
        set -- $(probe "$c" "$f")
        echo "$mcu,$c,$v,$op,$(($1 - base_flash)),$(($2 - base_ram)),$(($3 - base_fill)),$(($4 - base_lib))"
    done
done
