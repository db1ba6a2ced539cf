# ATmega32u4 (Arduino Leonardo, Micro; 32 KB flash, 2.5 KB RAM): the ATmega assembly. No
# simulator runs it: the library is built and its link-time layout check tested.
toolchain := avr
mcu := atmega32u4
