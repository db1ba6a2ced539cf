# Cortex-M4 (QEMU mps2-an386): -O2, the speed build; instruction counts, not cycles.
toolchain := arm
mcu := cortex-m4
server := lwc_server
variant := cortex-m4
