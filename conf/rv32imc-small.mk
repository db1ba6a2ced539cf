# RV32IMC built for size: -Os, so LWC_SMALL = 1 (lwc/config.h: every family's code for
# 32-bit cores in its small form), in the same qemu-riscv32 as conf/rv32imc.mk; make
# bench gives every cipher's flash in this build.
toolchain := riscv
mcu := rv32imc
flags := -Os
server := lwc_server
variant := rv32imc-small
