# ATtiny85 (Digispark, Adafruit Trinket; 8 KB flash, 512 B RAM): the ATtiny class, as the
# ATtiny45 (the size-optimised PRESENT assembly, the C elsewhere). One test firmware per
# cipher with a 32-byte buffer, no CTR_DRBG, whose derivation function alone needs
# about 500 bytes of stack, and no authenticated modes (a CMAC and EAX key with its stack
# is too much beside the firmware's own RAM). LEA does not fit: its key schedules take
# 384 to 768 bytes.
toolchain := avr
mcu := attiny85
server := lwc_server
per_cipher := yes
buffer := 32
drbgs := none
modes := none
ciphers := present80 present128 hight cham64_128 cham128_128 cham128_256 aes128
variant := tiny
