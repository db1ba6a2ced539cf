# ATmega128 with the size-optimised AES assembly (-DLWC_AES_SMALL: aes_small_avr.S).
toolchain := avr
mcu := atmega128
flags := -DLWC_AES_SMALL
server := lwc_server
ciphers := aes128
variant := asm-small
