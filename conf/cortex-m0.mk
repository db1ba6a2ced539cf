# Cortex-M0 (QEMU microbit: nRF51822, 256 KB flash, 16 KB RAM): ARMv6-M code, which the
# Cortex-M0+ runs too (SAMD21, RP2040, STM32G0/L0). -O2, the speed build; instruction
# counts, and a cycle estimate from the TRM's timings (tools/qemusim/cycle_model.py).
toolchain := arm
mcu := cortex-m0
server := lwc_server
variant := cortex-m0
