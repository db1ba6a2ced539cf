# ATmega2560 with the size-optimised AES assembly (-DLWC_AES_SMALL), AES only: its calls
# and jumps across sections above the first 128 KB of flash (tests/target/high_flash.S),
# with 3-byte return addresses.
toolchain := avr
mcu := atmega2560
flags := -DLWC_AES_SMALL
server := lwc_server
fw_extra := tests/target/high_flash.S
ciphers := aes128
