#!/bin/sh
# The library on the Arduino cores of other architectures (library.properties says
# architectures=*): every source compiled with the compiler flags that core's platform.txt
# gives a library's C and assembly files (recipe.c.o.pattern, recipe.S.o.pattern, with its
# "all" warning level), plus -Wall -Wextra -Werror; a core passes if no file fails or
# prints anything (a warning that a core's flags keep from being an error included).
# Compile only: the cores' own headers and toolchains are not installed, Debian's cross
# compilers stand in (arm-none-eabi-gcc, xtensa-lx106-elf-gcc and riscv64-unknown-elf-gcc
# with picolibc's headers for the libc headers the cores bring). Also checked: the Thumb-2
# AES rounds (src/aes/aes_ct32_armv7m.S) are assembled for the Cortex-M4 cores and not for
# the Cortex-M0+ ones (README, "Which implementation each chip gets").
# The flags, with their sources (board: the boards.txt entry whose build.* values they use):
#   SAMD21   arduino/ArduinoCore-samd 1.8.14, platform.txt compiler.c.flags / compiler.S.flags,
#            board arduino_zero_edbg (build.mcu=cortex-m0plus, -D__SAMD21G18A__)
#   RP2040   earlephilhower/arduino-pico 6.0.0, platform.txt compiler.c.flags, compiler.flags,
#            warning_flags.all; board rpipico (build.toolchainopts); -std=gnu23 there, gnu2x
#            here (the same standard's name in Debian's GCC 12)
#   nRF52840 adafruit/Adafruit_nRF52_Arduino 1.7.0, platform.txt compiler.c.flags,
#            build.float_flags (its -u _printf_float is a linker flag), build.flags.nrf's
#            -Ofast; board feather52840
#   RA4M1    arduino/ArduinoCore-renesas 1.5.3 (Uno R4), platform.txt compiler.c.flags and
#            recipe.c.o.pattern's defines; board unor4wifi (build.mcu, fpu, float-abi, defines)
#   ESP8266  esp8266/Arduino 3.2.0-dev, platform.txt compiler.cpreprocessor.flags,
#            compiler.c.flags, tools/warnings/extra-cflags; build.debug_optim=-Os
#   ESP32-C3 espressif/arduino-esp32 2.0.6, platform.txt compiler.c.flags.esp32c3,
#            warning_flags.all, build.extra_flags; -mabi=ilp32, the default of its
#            riscv32-esp-elf toolchain, given to Debian's riscv64-unknown-elf-gcc
# Usage: test_cores.sh   (from the repository root; last line "N passed, M failed")
set -u
passed=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
STRICT="-Wall -Wextra -Werror"

# core CC CFLAGS SFLAGS: compiles every source; PASS if all compile silently.
core() {
    name=$1 cc=$2 cflags=$3 sflags=$4
    mkdir -p "$tmp/$name"
    bad=""
    for f in src/*/*.c src/*/*.S; do
        case "$f" in *.S) flags=$sflags ;; *) flags=$cflags ;; esac
        obj="$tmp/$name/$(basename "$f").o"
        if ! $cc $flags $STRICT -Isrc "$f" -o "$obj" >"$tmp/out" 2>&1 || [ -s "$tmp/out" ]; then
            bad="$bad $f"
            head -n 5 "$tmp/out"
        fi
    done
    if [ -z "$bad" ]; then
        echo "PASS $name: the $(ls src/*/*.c src/*/*.S | wc -l) sources compile without a warning ($cc)"
        passed=$((passed + 1))
    else
        echo "FAIL $name: warnings or errors in$bad"
        failed=$((failed + 1))
    fi
}

# thumb2_aes CORE yes|no: whether the core's objects hold the Thumb-2 AES rounds.
thumb2_aes() {
    if arm-none-eabi-nm "$tmp/$1/aes_ct32_armv7m.S.o" 2>/dev/null | grep -q " T lwc_aes128_ct32_encrypt$"; then
        has=yes
    else
        has=no
    fi
    if [ "$has" = "$2" ]; then
        echo "PASS $1: Thumb-2 AES rounds assembled: $has"
        passed=$((passed + 1))
    else
        echo "FAIL $1: Thumb-2 AES rounds assembled: $has, expected $2"
        failed=$((failed + 1))
    fi
}

SAMD_M0="-mcpu=cortex-m0plus -mthumb -c -g"
core samd21 arm-none-eabi-gcc \
    "$SAMD_M0 -Os -Wall -Wextra -std=gnu11 -ffunction-sections -fdata-sections -nostdlib --param max-inline-insns-single=500 -DF_CPU=48000000L -DARDUINO=10819 -DARDUINO_SAMD_ZERO -DARDUINO_ARCH_SAMD -D__SAMD21G18A__" \
    "$SAMD_M0 -x assembler-with-cpp -DF_CPU=48000000L -DARDUINO=10819 -DARDUINO_SAMD_ZERO -DARDUINO_ARCH_SAMD -D__SAMD21G18A__"
thumb2_aes samd21 no

PICO_OPTS="-march=armv6-m -mcpu=cortex-m0plus -mthumb"
PICO_DEFS="-DARDUINO=10819 -DARDUINO_RASPBERRY_PI_PICO -DARDUINO_ARCH_RP2040 -DF_CPU=125000000L -DPICO_RP2040=1"
core rp2040 arm-none-eabi-gcc \
    "-c -Wall -Wextra -Werror=return-type -Wno-psabi -Wno-type-limits $PICO_OPTS -ffunction-sections -fdata-sections -fno-exceptions -std=gnu2x -g -pipe -Os $PICO_DEFS" \
    "-c -Wall -Wextra -Werror=return-type -Wno-psabi -Wno-type-limits -g -x assembler-with-cpp $PICO_OPTS $PICO_DEFS"
thumb2_aes rp2040 no

NRF_FLOAT="-mfloat-abi=hard -mfpu=fpv4-sp-d16"
NRF_DEFS="-DF_CPU=64000000 -DARDUINO=10819 -DARDUINO_NRF52840_FEATHER -DARDUINO_ARCH_NRF52 -DNRF52840_XXAA -DSOFTDEVICE_PRESENT -DARDUINO_NRF52_ADAFRUIT -DNRF52_SERIES"
core nrf52840 arm-none-eabi-gcc \
    "-mcpu=cortex-m4 -mthumb -c -g -Wall -Wextra -Werror=return-type -Wno-unused-parameter -Wno-missing-field-initializers -Wno-pointer-arith $NRF_FLOAT -std=gnu11 -ffunction-sections -fdata-sections -nostdlib --param max-inline-insns-single=500 $NRF_DEFS -Ofast" \
    "-mcpu=cortex-m4 -mthumb -mabi=aapcs -Ofast -g -c $NRF_FLOAT -x assembler-with-cpp $NRF_DEFS"
thumb2_aes nrf52840 yes

RA_CPU="-mcpu=cortex-m4 -mfloat-abi=hard -mfpu=fpv4-sp-d16"
RA_DEFS="-DARDUINO=10819 -DARDUINO_UNOWIFIR4 -DARDUINO_ARCH_RENESAS_UNO -DARDUINO_ARCH_RENESAS -DARDUINO_FSP -D_XOPEN_SOURCE=700 -DF_CPU=48000000 -DNO_USB -DBACKTRACE_SUPPORT -DARDUINO_UNOR4_WIFI"
core ra4m1 arm-none-eabi-gcc \
    "-c -Wall -Wextra -Os -g3 -nostdlib -std=gnu11 $RA_CPU -fmessage-length=0 -fsigned-char -ffunction-sections -fdata-sections -fno-builtin $RA_DEFS" \
    "-c -g -x assembler-with-cpp -Os $RA_CPU -fsigned-char -ffunction-sections -fdata-sections $RA_DEFS"
thumb2_aes ra4m1 yes

ESP8266_PRE="-D__ets__ -DICACHE_FLASH -U__STRICT_ANSI__ -D_GNU_SOURCE -DESP8266 -Os --specs=/usr/lib/xtensa-lx106-elf/picolibc.specs"
ESP8266_DEFS="-DNONOSDK22x_190703=1 -DF_CPU=80000000L -DARDUINO=10819 -DARDUINO_ESP8266_GENERIC -DARDUINO_ARCH_ESP8266"
core esp8266 xtensa-lx106-elf-gcc \
    "$ESP8266_PRE -c -Wall -Wextra -std=gnu17 -g -free -fipa-pta -Werror=return-type -Wpointer-arith -Wno-implicit-function-declaration -fno-inline-functions -nostdlib -mlongcalls -mtext-section-literals -falign-functions=4 -ffunction-sections -fdata-sections $ESP8266_DEFS" \
    "$ESP8266_PRE -c -g -x assembler-with-cpp -mlongcalls $ESP8266_DEFS"

C3_FLAGS="-march=rv32imc -mabi=ilp32 -ffunction-sections -fdata-sections -Wno-error=unused-function -Wno-error=unused-variable -Wno-error=deprecated-declarations -Wno-unused-parameter -Wno-sign-compare -ggdb -Wno-error=format= -nostartfiles -Wno-format -freorder-blocks -Wwrite-strings -fstack-protector -fstrict-volatile-bitfields -Wno-error=unused-but-set-variable -fno-jump-tables -fno-tree-switch-conversion"
C3_DEFS="--specs=picolibc.specs -DF_CPU=160000000L -DARDUINO=10819 -DARDUINO_ESP32C3_DEV -DARDUINO_ARCH_ESP32 -DESP32 -DCORE_DEBUG_LEVEL=0 -DARDUINO_USB_MODE=1 -DARDUINO_USB_CDC_ON_BOOT=0"
core esp32c3 riscv64-unknown-elf-gcc \
    "$C3_FLAGS -std=gnu99 -Wno-old-style-declaration -c -Wall -Werror=all -Wextra -Os $C3_DEFS" \
    "$C3_FLAGS -x assembler-with-cpp -c -Wall -Werror=all -Wextra -Os $C3_DEFS"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
