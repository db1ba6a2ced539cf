#!/bin/sh
# Flash and static RAM that each lwc operation pulls into a firmware.
# Usage: flash_probe.sh BUILD-DIR VARIANT [MCU [CIPHERS]] > flash.csv
#   BUILD-DIR holds liblwc.a; MCU defaults to atmega128 (any avr-gcc -mmcu, or a QEMU
#   target's MCU with $PROBE_LINK); CIPHERS (space-separated ids) to all. Operations: setkey, encrypt, decrypt, block_all
#   (the three together), ctr, record (ctr_init, ctr_setiv and ctr_crypt), the modes (cmac,
#   eax, and ccm for the 128-bit ciphers) and the DRBG, and on a QEMU target ecb_ctr
#   (block_all and ctr together); with $PROBE_BLOCKS_ONLY set, the first four only. $PROBE_CFLAGS: the library build's
#   -D flags.
#   $PROBE_OPS: other "name:number" operations (bench/flash_probe.c's OP_*), no DRBG.
#   $PROBE_DRBGS: the CTR_DRBG ids to probe (default: all five).
#   $PROBE_LINK, $PROBE_SIZE: on a QEMU target, the command that compiles and links a
#   firmware (its runtime included; mk/qemusim.mk's qemu_fw_cmd) and the toolchain's size.
# Columns: mcu,cipher,variant,operation,flash_bytes,static_ram_bytes,align_fill_bytes,library_bytes
#   flash_bytes      = (.text + .data) of a firmware calling only that operation, minus
#                      the same firmware calling nothing (bench/flash_probe.c)
#   align_fill_bytes = the part of flash_bytes that is padding the linker put in .text
#                      to align sections (256-byte aligned LPM tables), from the map file
#   library_bytes    = the part of flash_bytes that is liblwc.a's own sections (from the
#                      map file): the code and tables without the caller's argument setup
#   static_ram_bytes = the same difference of .data + .bss (library statics)
set -eu
build=$1
variant=$2
mcu=${3:-atmega128}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
ciphers=${4:-"present80 present128 lea128 lea192 lea256 hight cham64_128 cham128_128 cham128_256 aes128"}
if [ -z "${PROBE_BLOCKS_ONLY:-}" ]; then
    ops="setkey:1 encrypt:2 decrypt:3 block_all:7 ctr:4 record:9 cmac:10 eax:11"
    drbgs=${PROBE_DRBGS-"aes128 lea128 lea192 lea256 hight"}
    ccms="aes128 lea128 lea192 lea256 cham128_128 cham128_256"
else
    ops="setkey:1 encrypt:2 decrypt:3 block_all:7"
    drbgs=""
    ccms=""
fi
if [ -n "${PROBE_LINK:-}" ] && [ -z "${PROBE_BLOCKS_ONLY:-}" ]; then
    ops="$ops ecb_ctr:13"
fi
if [ -n "${PROBE_OPS:-}" ]; then
    ops=$PROBE_OPS
    drbgs=""
    ccms=""
fi

# Prints "flash ram fill library" of the probe for cipher $1 and operation number $2.
probe() {
    if [ -n "${PROBE_LINK:-}" ]; then
        $PROBE_LINK ${PROBE_CFLAGS:-} -Iinclude -DCIPHER="$1" -DOP="$2" bench/flash_probe.c -Wl,-Map="$out/probe.map" \
            "$build/liblwc.a" -o "$out/probe.elf"
        size=$PROBE_SIZE
    else
        avr-gcc -mmcu="$mcu" ${PROBE_CFLAGS:-} -Os -std=c99 -Wall -Wextra -Werror -Iinclude -ffunction-sections \
            -fdata-sections -Wl,--gc-sections -DCIPHER="$1" -DOP="$2" bench/flash_probe.c \
            -Wl,-Map="$out/probe.map" "$build/liblwc.a" -o "$out/probe.elf"
        size=avr-size
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
    $size -A "$out/probe.elf" | awk -v fill="$fill" -v lib="$lib" '
        $1 == ".text" { text = $2 } $1 == ".data" { data = $2 } $1 == ".bss" { bss = $2 }
        END { print text + data, data + bss, fill, lib }'
}

echo "mcu,cipher,variant,operation,flash_bytes,static_ram_bytes,align_fill_bytes,library_bytes"
for c in $ciphers; do
    set -- $(probe "$c" 0)
    base_flash=$1 base_ram=$2 base_fill=$3 base_lib=$4
    cipher_ops=$ops
    case " $ccms " in *" $c "*) cipher_ops="$ops ccm:12" ;; esac
    for op_n in $cipher_ops; do
        set -- $(probe "$c" "${op_n#*:}")
        echo "$mcu,$c,$variant,${op_n%:*},$(($1 - base_flash)),$(($2 - base_ram)),$(($3 - base_fill)),$(($4 - base_lib))"
    done
    case " $drbgs " in *" $c "*)
        set -- $(probe "$c" 5)
        echo "$mcu,$c,$variant,drbg,$(($1 - base_flash)),$(($2 - base_ram)),$(($3 - base_fill)),$(($4 - base_lib))"
        set -- $(probe "$c" 6)
        echo "$mcu,$c,$variant-plain,drbg,$(($1 - base_flash)),$(($2 - base_ram)),$(($3 - base_fill)),$(($4 - base_lib))" ;;
    esac
done
