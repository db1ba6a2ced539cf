# An RV32IMC core in QEMU's user mode, for ../../qemusim (sourced): the QEMU command (the
# rv32 CPU with the A, F, D and bit-manipulation extensions off, so that an instruction
# outside RV32IMC faults), no loading option (the ELF is the program), the ELF machine
# (EM_RISCV), the binutils prefix; no cycle model.
qemu=(qemu-riscv32 -cpu rv32,a=false,f=false,d=false,zba=false,zbb=false,zbc=false,zbs=false)
load=()
elf_machine=243
binutils=riscv64-unknown-elf-
cycle_model=
