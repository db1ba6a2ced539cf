# ATmega128: the AVR assembly wherever a family has it. The reference target for cycles.
toolchain := avr
mcu := atmega128
server := lwc_server
variant := asm
