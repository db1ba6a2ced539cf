/*
 * Linked into the ATmega2560's test firmware (conf/atmega2560.mk): 128 KB of .text that
 * the linker script places before all other code (input sections named .text come before
 * the .text.* that -ffunction-sections gives every function, the library's assembly
 * included), so that the library and the server run above the first 128 KB of flash.
 * There, return addresses have a non-zero third byte, and calls through function pointers
 * go through the linker's stubs in the first 128 KB. Never executed: filled with the
 * reserved opcode 0x0001, on which avrsim stops the run. A zero-byte relocation in .init0,
 * which the linker always keeps, keeps it from --gc-sections.
 */
    .section .text
high_flash:
    .fill 0x10000, 2, 0x0001

    .section .init0, "ax", @progbits
    .reloc ., BFD_RELOC_NONE, high_flash
