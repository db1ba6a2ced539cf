# ATmega328P (Arduino Uno, Nano, Pro Mini; 32 KB flash, 2 KB RAM): the ATmega assembly.
# All ciphers do not fit one test firmware: one per cipher, with a 512-byte buffer. The
# LEA-192 and LEA-256 CTR_DRBGs are not served: state and stack take 1.7 and 1.9 KB.
toolchain := avr
mcu := atmega328p
server := lwc_server
per_cipher := yes
buffer := 512
drbgs := aes128 lea128 hight
# Nor their modes: CCM's key (a CTR context) and the copy of it each call makes take 1.7
# and 1.9 KB with the stack.
modes := present80 present128 lea128 hight cham64_128 cham128_128 cham128_256 aes128
# Sealed records of all suites but AES-128's: its firmware, with CMAC, EAX, CCM and the CTR_DRBG,
# has no room for the two AES suites' sealer and its serving code (1.8 KB); make bench takes
# their cycles and stack on the ATmega128 (the same code).
records := lea128 hight cham64_128 ascon_aead
variant := asm
