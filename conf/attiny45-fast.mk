# ATtiny45 with the speed-optimised PRESENT assembly.
toolchain := avr
mcu := attiny45
flags := -DLWC_PRESENT_TINY_FAST
server := tiny_server
ciphers := present80 present128
variant := tiny-fast
