# ATmega2560 (Arduino Mega 2560; 256 KB flash, 8 KB RAM, 3-byte PC): the ATmega assembly.
# Its test firmware runs the library above the first 128 KB of flash
# (tests/target/high_flash.S), where return addresses have a non-zero third byte.
toolchain := avr
mcu := atmega2560
server := lwc_server
fw_extra := tests/target/high_flash.S
variant := asm
