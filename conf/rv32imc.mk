# RV32IMC (ESP32-C3, GD32VF103, CH32V class; QEMU's user mode, qemu-riscv32): -O2, the speed
# build; instruction counts only (no cycle model).
toolchain := riscv
mcu := rv32imc
server := lwc_server
variant := rv32imc
