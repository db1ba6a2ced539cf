# ATtiny85 (Digispark, Adafruit Trinket; 8 KB flash, 512 B RAM): the ATtiny class, as the
# ATtiny45 (the size-optimised PRESENT assembly, the C elsewhere). One test firmware per
# cipher with a 48-byte buffer (the modes' fixed tests need 48 bytes a call; the EAX calls'
# stack, 218 bytes for PRESENT-80, leaves no more), no CTR_DRBG, whose derivation function
# alone needs about 500 bytes of stack. The authenticated modes (CMAC, EAX) of PRESENT-80
# only: with them PRESENT-128's EAX (232 bytes of stack) overflows the free RAM, the
# HIGHT and CHAM-64/128 firmware exceed the flash by 656 and 416 bytes, the CHAM-128 and
# AES ones (with CCM) by 3.1 to 3.2 KB. LEA does not fit: its key schedules take 384 to
# 768 bytes.
toolchain := avr
mcu := attiny85
server := lwc_server
per_cipher := yes
buffer := 48
drbgs := none
modes := present80
ciphers := present80 present128 hight cham64_128 cham128_128 cham128_256 aes128
variant := tiny
