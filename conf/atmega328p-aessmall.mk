# ATmega328P with the size-optimised AES assembly (-DLWC_AES_SMALL), AES only: its test
# firmware as conf/atmega328p.mk's (one per cipher, 512-byte buffer), DRBG and modes served.
toolchain := avr
mcu := atmega328p
flags := -DLWC_AES_SMALL
server := lwc_server
per_cipher := yes
buffer := 512
ciphers := aes128
