# ATmega8 (8 KB flash, 1 KB RAM; MUL but no JMP/CALL): the ATmega assembly, LEA's calling
# C through RCALL. No simulator runs it: the library is built and its link-time layout
# check tested.
toolchain := avr
mcu := atmega8
