# ATtiny85 (Digispark, Adafruit Trinket; 8 KB flash, 512 B RAM): the ATtiny class, as the
# ATtiny45 (the size-optimised PRESENT assembly, the C elsewhere). One test firmware per
# cipher with a 48-byte buffer (the modes' fixed tests need 48 bytes a call), no CTR_DRBG,
# whose derivation function alone needs about 500 bytes of stack. The authenticated modes
# (CMAC, EAX) of PRESENT-80 and CHAM-64/128, each in a firmware of its own (split_modes:
# beside the ciphers' and CTR's test code they exceed the 8 KB). The other ciphers' modes
# do not fit: beside the firmware's own RAM, the EAX calls of PRESENT-128 and HIGHT (its
# 136-byte key schedule in the mode key) overflow the free RAM; the CHAM-128 and AES
# firmware with their modes (CCM too) exceed the flash. LEA does not fit: its key
# schedules take 384 to 768 bytes.
toolchain := avr
mcu := attiny85
server := lwc_server
per_cipher := yes
buffer := 48
drbgs := none
modes := present80 cham64_128
split_modes := yes
# No sealed records: the test firmware with the modes of CHAM-64/128 already fills the 8 KB
# (the sealer and its serving code take 1.1 KB more).
records := none
ciphers := present80 present128 hight cham64_128 cham128_128 cham128_256 aes128
variant := tiny
