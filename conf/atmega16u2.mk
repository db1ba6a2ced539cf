# ATmega16u2 (the Uno's USB chip; 16 KB flash, 512 B RAM; JMP/CALL but no MUL): the ATmega
# assembly but LEA's, which multiplies (LEA is C here). No simulator runs it: the library
# is built and its link-time layout check tested.
toolchain := avr
mcu := atmega16u2
