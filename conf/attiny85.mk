# ATtiny85 (Digispark, Adafruit Trinket; 8 KB flash, 512 B RAM): the ATtiny class, as the
# ATtiny45 (the size-optimised PRESENT assembly, the C elsewhere). One test firmware per
# cipher with a 48-byte buffer (the modes' fixed tests need 48 bytes a call), no CTR_DRBG,
# whose derivation function alone needs about 500 bytes of stack. No authenticated modes:
# since the modes' one-read passes (commit e377c72), PRESENT-80's EAX overflows the free RAM
# beside the firmware (with a 32-byte buffer too) and CHAM-64/128's firmware with them
# exceeds the flash by 272 bytes; before, the EAX calls of PRESENT-128 (232 bytes of stack)
# overflowed the free RAM with the 48-byte buffer, those of HIGHT (its 136-byte key schedule
# in the mode key) even with 24, and the CHAM-128 and AES firmware with their modes (CCM
# too) exceeded the flash by 2.5 to 2.6 KB. LEA does not fit: its key schedules take 384 to 768 bytes. Ascon: Ascon-AEAD128
# and the hashes in firmware of their own (one with both, in the portable C, exceeds the
# flash by 1 KB), with a buffer of 160 bytes, which holds every AEAD KAT, the XOF's 64-byte
# outputs and the tests' records (they need no cipher contexts).
toolchain := avr
mcu := attiny85
server := lwc_server
per_cipher := yes
buffer := 48
ascon_buffer := 160
drbgs := none
modes := none
ciphers := present80 present128 hight cham64_128 cham128_128 cham128_256 aes128
variant := tiny
