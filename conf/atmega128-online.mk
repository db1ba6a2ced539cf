# ATmega128, CTR precomputation built online during the first block of a window.
toolchain := avr
mcu := atmega128
flags := -DLWC_CTR_ONLINE
server := lwc_server
variant := asm-online
# The option changes the block ciphers' CTR paths only: Ascon is the atmega128's.
ascon := none
