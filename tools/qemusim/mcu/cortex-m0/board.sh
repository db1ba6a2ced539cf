# The Cortex-M0 on QEMU's microbit (nRF51822), for ../../qemusim (sourced): the QEMU command,
# the option that loads the ELF, the ELF machine (EM_ARM), the binutils prefix, the cycle
# model (../../cycle_model.py --core; its estimate for a refill of 1 cycle is the
# Cortex-M0+'s). Not -nographic (../cortex-m4/board.sh).
qemu=(qemu-system-arm -M microbit -display none -monitor none -chardev stdio,id=uart0,signal=off
    -serial chardev:uart0 -semihosting-config enable=on,target=native)
load=(-kernel)
elf_machine=40
binutils=arm-none-eabi-
cycle_model=cortex-m0
