# ATmega128 with PRESENT's CTR counter window of 32 bits instead of 16.
toolchain := avr
mcu := atmega128
flags := -DLWC_PRESENT_CTR_WINDOW=32
server := lwc_server
ciphers := present80 present128
variant := asm-w32
