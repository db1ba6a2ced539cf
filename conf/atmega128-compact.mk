# ATmega128 with the smaller variants: HIGHT without F tables, CHAM-64/128 CTR one block
# at a time (1 KB less flash).
toolchain := avr
mcu := atmega128
flags := -DLWC_HIGHT_COMPACT -DLWC_CHAM64_CTR_1WAY
server := lwc_server
ciphers := hight cham64_128
variant := asm-compact
