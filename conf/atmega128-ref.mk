# ATmega128 with the portable C only, tested and benchmarked beside the assembly.
toolchain := avr
mcu := atmega128
flags := -DLWC_NO_ASM
server := lwc_server
variant := ref
