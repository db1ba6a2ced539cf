#!/usr/bin/env python3
"""Cycle-cost table of a Cortex-M firmware ELF, for count_insns (an ESTIMATE, not a measurement).

Usage: cycle_model.py --core cortex-m4|cortex-m0 firmware.elf > costs.txt

Reads `arm-none-eabi-objdump -d` of the ELF and writes one line per Thumb instruction:

    ADDR SIZE COST FLAGS LOAD_DEST ADDR_REGS      (ADDR, ADDR_REGS in hex)

COST: base cycles from the "Processor instruction timings" table of the core's Technical
Reference Manual (zero wait states), without the pipeline refill P of a taken branch.
FLAGS (bit set):
  1 PC_WRITE  the instruction can write the PC; count_insns adds P when the next traced PC
              is not ADDR + SIZE (taken)
  2 LOAD      a single load (LDR/LDRB/LDRH/LDRSB/LDRSH/LDREX*, not to PC) whose data phase
              the next load/store single can overlap; LOAD_DEST is its destination register
  4 LDST      a single load or store (as above, plus STR/STRB/STRH/STREX*): costs one cycle
              less right after a LOAD, unless the address uses that LOAD's destination
              (ADDR_REGS: mask of the registers in its address)
  8 UNKNOWN   not in the model: count_insns fails if such an instruction executes
Cortex-M4 (ARM DDI 0439B, table 3-1): the TRM's pairing notes let only a load be followed by
a pipelined access ("nothing can be pipelined after the store"); LDRD/STRD and
LDM/STM/PUSH/POP are never paired; P is 1 to 3.
Cortex-M0 (ARM DDI 0432C, table 3-1): no pairing (no LOAD or LDST flags); with P = 2 the
estimate is the table's figure for every instruction the model knows (a taken branch 3,
BL 4, BX/BLX 3, POP with the PC 4 + N, MOV/ADD to the PC 3), and with P = 1 that of the
Cortex-M0+ (ARM DDI 0484C, table 3-1: 2, 3, 2, 3 + N, 2), whose other timings the model
shares. MULS is counted 1 cycle (the single-cycle multiplier; the iterative one takes 32).
Only the instructions listed here are known; MRS, MSR, barriers, SVC, WFI and the like
are UNKNOWN (never executed in a measured region).
"""
import re
import subprocess
import sys

PC_WRITE, LOAD, LDST, UNKNOWN = 1, 2, 4, 8

CONDITIONS = "eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al"
# Every other instruction the library and firmware use is one cycle in the TRM's table:
# data processing (incl. shifts, bit fields, extends, reverses, saturation, the DSP/SIMD
# extension), MUL/MLA/MLS and the 64-bit multiplies (single-cycle MAC on the M4), IT
# (counted 1: the TRM allows folding it into a preceding 16-bit instruction, not modelled),
# NOP, barriers (1 + B with B = 0), MRS/MSR, CPS.
ONE_CYCLE = set("""
adc add addw adr and asr bfc bfi bic clz cmn cmp cpsid cpsie dmb dsb eor isb it mla mls mov
movt movw mrs msr mul mvn neg nop orn orr pkhbt pkhtb qadd qadd16 qadd8 qsub qsub16 qsub8
rbit rev rev16 revsh ror rrx rsb sadd16 sadd8 sbc sbfx sel smlabb smlabt smlatb smlatt smlad
smladx smlal smlald smlaw smlawb smlawt smlsd smlsld smmla smmls smmul smuad smulbb smulbt
smultb smultt smull smulwb smulwt smusd ssat ssat16 ssub16 ssub8 sub subw sxtab sxtah sxtb
sxtb16 sxth teq tst uadd16 uadd8 ubfx uhadd16 uhadd8 umaal umlal umull uqadd16 uqadd8 uqsub16
uqsub8 usad8 usada8 usat usat16 usub16 usub8 uxtab uxtah uxtb uxtb16 uxth lsl lsr sev yield
wfi wfe
""".split())
# SDIV/UDIV: 2 to 12 cycles depending on the operands; the worst case is used.
DIVIDE = {"sdiv": 12, "udiv": 12}
LOAD_SINGLE = {"ldr", "ldrb", "ldrh", "ldrsb", "ldrsh", "ldrex", "ldrexb", "ldrexh", "ldrt",
               "ldrbt", "ldrht", "ldrsbt", "ldrsht"}
STORE_SINGLE = {"str", "strb", "strh", "strex", "strexb", "strexh", "strt", "strbt", "strht"}
MULTIPLE = {"ldm", "ldmia", "ldmfd", "ldmdb", "ldmea", "stm", "stmia", "stmea", "stmdb", "stmfd",
            "push", "pop"}
BRANCH = {"b", "bl", "bx", "blx", "cbz", "cbnz"}

KNOWN = ONE_CYCLE | DIVIDE.keys() | LOAD_SINGLE | STORE_SINGLE | MULTIPLE | BRANCH | {
    "ldrd", "strd", "tbb", "tbh"}
# The Cortex-M0's (ARMv6-M) data processing, all 1 cycle, MULS included.
M0_ONE_CYCLE = set("""
adc add adr and asr bic cmn cmp eor lsl lsr mov mvn neg nop orr rev rev16 revsh ror rsb sbc sub
sxtb sxth tst uxtb uxth mul
""".split())
M0_LOAD_STORE = {"ldr", "ldrb", "ldrh", "ldrsb", "ldrsh", "str", "strb", "strh"}
M0_MULTIPLE = {"ldm", "ldmia", "ldmfd", "stm", "stmia", "stmea", "push", "pop"}
M0_BRANCH = {"b": 1, "bl": 2, "bx": 1, "blx": 1}
M0_KNOWN = M0_ONE_CYCLE | M0_LOAD_STORE | M0_MULTIPLE | M0_BRANCH.keys()
REGISTER = {f"r{i}": i for i in range(13)} | {"sp": 13, "lr": 14, "pc": 15, "ip": 12, "fp": 11,
                                              "sl": 10, "sb": 9}
LINE = re.compile(r"^\s*([0-9a-f]+):\s+([0-9a-f]{4})(?: ([0-9a-f]{4}))?\s+(\S+)\s*([^;<]*)")


def base_mnemonic(m, known=KNOWN):
    """The mnemonic without .w/.n, a condition (branch, IT block) and the S (set flags) suffix."""
    m = m.split(".")[0]
    if re.fullmatch(r"it[te]{0,3}", m):
        return "it"
    strip = m[:-1] if m.endswith("s") else m
    for c in (m, re.sub(f"({CONDITIONS})$", "", m), strip, re.sub(f"({CONDITIONS})$", "", strip)):
        if c in known:
            return c
    return None


def registers(text):
    """The register numbers named in text (a register list may use ranges r4-r7)."""
    regs = set()
    for a, b in re.findall(r"\b(r\d+|sp|lr|pc|ip|fp|sl|sb)\b(?:-(r\d+))?", text):
        lo = REGISTER[a]
        regs.update(range(lo, REGISTER[b] + 1) if b else (lo,))
    return regs


def classify_m4(mnemonic, operands):
    """(cost, flags, load destination, address-register mask) of one Cortex-M4 instruction."""
    m = base_mnemonic(mnemonic)
    ops = [o.strip() for o in operands.split(",")]
    first = REGISTER.get(ops[0]) if ops and ops[0] else None
    if m is None:
        return 1, UNKNOWN, 0, 0
    if m in BRANCH:  # 1 + P when taken; a conditional branch not taken is 1
        return 1, PC_WRITE, 0, 0
    if m in ("tbb", "tbh"):  # 2 + P
        return 2, PC_WRITE, 0, 0
    if m in ("ldrd", "strd"):  # 1 + N, N = 2; never pipelined
        return 3, 0, 0, 0
    if m in MULTIPLE:  # 1 + N (+ P when the PC is loaded)
        regs = registers(operands[operands.index("{"):]) if "{" in operands else set()
        return 1 + len(regs), PC_WRITE if 15 in regs and m.startswith(("ldm", "pop")) else 0, 0, 0
    if m in LOAD_SINGLE or m in STORE_SINGLE:
        address = operands[operands.index("["):] if "[" in operands else ""
        mask = sum(1 << r for r in registers(address))
        if m in LOAD_SINGLE and first == 15:  # LDR PC: 2 + P, a blocking operation
            return 2, PC_WRITE, 0, 0
        if m in LOAD_SINGLE:
            return 2, LOAD | LDST, first or 0, mask
        return 2, LDST, 0, mask
    if m in DIVIDE:
        return DIVIDE[m], 0, 0, 0
    # Data processing; writing the PC (MOV PC / ADD PC) is 1 + P.
    return 1, PC_WRITE if first == 15 and m not in ("cmp", "cmn", "tst", "teq", "it") else 0, 0, 0


def classify_m0(mnemonic, operands):
    """(cost, flags, 0, 0) of one Cortex-M0 instruction: P is added when a PC write is taken."""
    m = base_mnemonic(mnemonic, M0_KNOWN)
    ops = [o.strip() for o in operands.split(",")]
    if m is None:
        return 1, UNKNOWN, 0, 0
    if m in M0_BRANCH:  # B 1 (+P taken), BL 2 + P, BX/BLX 1 + P
        return M0_BRANCH[m], PC_WRITE, 0, 0
    if m in M0_MULTIPLE:  # 1 + N; POP with the PC 2 + N + P
        regs = registers(operands[operands.index("{"):]) if "{" in operands else set()
        if m == "pop" and 15 in regs:
            return 2 + len(regs), PC_WRITE, 0, 0
        return 1 + len(regs), 0, 0, 0
    if m in M0_LOAD_STORE:
        return 2, 0, 0, 0
    # Data processing; MOV/ADD to the PC is 1 + P.
    return 1, PC_WRITE if ops[0] == "pc" and m in ("mov", "add") else 0, 0, 0


CORES = {"cortex-m4": classify_m4, "cortex-m0": classify_m0}


def main():
    if len(sys.argv) != 4 or sys.argv[1] != "--core" or sys.argv[2] not in CORES:
        sys.exit("usage: cycle_model.py --core cortex-m4|cortex-m0 firmware.elf")
    classify = CORES[sys.argv[2]]
    dis = subprocess.run(["arm-none-eabi-objdump", "-d", sys.argv[3]], check=True,
                         capture_output=True, text=True).stdout
    out = []
    for line in dis.splitlines():
        m = LINE.match(line)
        if not m or m.group(4).startswith("."):  # .word etc.: literal data, never executed
            continue
        addr, size = int(m.group(1), 16), 4 if m.group(3) else 2
        cost, flags, dest, mask = classify(m.group(4), m.group(5).strip())
        out.append(f"{addr:x} {size} {cost} {flags} {dest} {mask:x}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
