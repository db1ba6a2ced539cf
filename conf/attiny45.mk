# ATtiny45 (4 KB flash, 256 B SRAM): the size-optimised PRESENT assembly, the C elsewhere;
# its firmware serves single blocks only.
toolchain := avr
mcu := attiny45
server := tiny_server
ciphers := present80 present128
variant := tiny
