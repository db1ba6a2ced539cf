# Cortex-M0 built for size: -Os, so LWC_SMALL = 1 (lwc/config.h: every family's code for
# 32-bit cores in its small form), on the same QEMU microbit as conf/cortex-m0.mk; make
# bench gives every cipher's flash in this build.
toolchain := arm
mcu := cortex-m0
flags := -Os
server := lwc_server
variant := cortex-m0-small
