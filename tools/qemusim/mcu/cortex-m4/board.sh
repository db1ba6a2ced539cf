# The Cortex-M4 on QEMU's mps2-an386, for ../../qemusim (sourced): the QEMU command, the
# option that loads the ELF, the ELF machine (EM_ARM), the binutils prefix, the cycle
# model (../../cycle_model.py --core). Not -nographic: that multiplexes the QEMU monitor
# onto stdio, which eats 0x01 bytes.
qemu=(qemu-system-arm -M mps2-an386 -display none -monitor none -chardev stdio,id=uart0,signal=off
    -serial chardev:uart0 -semihosting-config enable=on,target=native)
load=(-kernel)
elf_machine=40
binutils=arm-none-eabi-
cycle_model=cortex-m4
