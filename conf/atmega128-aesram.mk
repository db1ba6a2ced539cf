# ATmega128 with the AES S-boxes read from RAM (512 bytes, copied by the C startup code).
toolchain := avr
mcu := atmega128
flags := -DLWC_AES_RAM_TABLES
server := lwc_server
ciphers := aes128
variant := asm-aesram
# No sealed records: with the S-boxes in RAM its firmware leaves 0.7 KB of stack, which CCM's
# sealer (576 bytes below the serving code) overruns; the sealer, EAX and CCM are tested on atmega128.
records := none
