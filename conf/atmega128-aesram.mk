# ATmega128 with the AES S-boxes read from RAM (512 bytes, copied by the C startup code).
toolchain := avr
mcu := atmega128
flags := -DLWC_AES_RAM_TABLES
server := lwc_server
ciphers := aes128
variant := asm-aesram
