"""The Thumb-1 (ARMv6-M) back end of the register allocator (regalloc.py), and a check by
simulation (imported by aes_armv6m.py for the AES rounds of src/aes/aes_ct32_armv6m.S).

Operations: eor, and, orr, rorv (RORS by a register amount), lsl and lsr by a constant, imm
(MOVS #c, or LDR = from the literal pool), ldr. The ALU has two operands and only low
registers (r0-r7, the pool): an operation writes its first operand's register if that
operand dies there (or its second's, for the commutative ones), or of an operand that stays
stored (a high register, a stack slot, a constant: it is reloaded when used again), else it
copies the first operand first (MOV). Values leave the low registers for free high
registers (the spill registers, MOV, 1 cycle each way) or else stack slots (STR/LDR [sp],
2 cycles each way). Inputs arrive in low registers, in high registers or in stack slots
(those homes are read only).
The cost is the number of instructions (the benchmarks count executed instructions); the
cycle estimate is tools/qemusim/cycle_model.py's for the Cortex-M0 (LDR and STR 2, else 1).
"""
import regalloc
from dataflow import MASK32, ror

LOW = [f"r{i}" for i in range(8)]
HIGH = ["r8", "r9", "r10", "r11", "r12"]
TWO_OPERAND = ("eor", "and", "orr", "rorv")  # the result in the first operand's register
COMMUTATIVE = ("eor", "and", "orr")


class Thumb1(regalloc.Allocator):
    """Thumb-1: the pool is the low registers, spill registers high ones; inputs in high
    registers are homes (moved to a low register where used)."""
    SPILL = "str {r}, [sp, #{offset}]"
    RELOAD = "ldr {r}, [sp, #{offset}]"
    FORMATS = {"eor": "eors {r}, {b}", "and": "ands {r}, {b}", "orr": "orrs {r}, {b}", "rorv": "rors {r}, {b}",
               "lsl": "lsls {r}, {a}, #{n}", "lsr": "lsrs {r}, {a}, #{n}", "ldr": "ldr {r}, [{a}, #{n}]"}
    READS_ANY_REGISTER = False

    def constant(self, r, c):
        return [f"movs {r}, #{c}" if c < 256 else f"ldr {r}, =0x{c:08x}"]

    def operation(self, op, srcs, regs, pinned):
        dst, kind, args, comment = op
        if kind not in TWO_OPERAND:
            return super().operation(op, srcs, regs, pinned)
        # Which register the result overwrites (see the module's doc).
        a, b = srcs
        ra, rb = regs
        dying = [s for s in srcs if self.next_use(s) is None]
        if a in dying and a != b:
            r = ra
        elif kind in COMMUTATIVE and b in dying:
            r, rb = rb, ra
        elif self.stored(a) or (kind in COMMUTATIVE and self.stored(b)):
            # an operand stays stored: overwrite its register (the one used later), reload it later
            if kind in COMMUTATIVE and self.stored(b) and (not self.stored(a) or self.next_use(b) > self.next_use(a)):
                a, b, ra, rb = b, a, rb, ra
            r = ra
            del self.holder[ra], self.where[a]
        else:  # a register that holds neither operand (asked with both still live)
            self.pos -= 1
            r = self.get_register(pinned)
            self.pos += 1
            self.lines.append((f"mov {r}, {ra}", f"copy {a}"))
        self.release_dead()
        self.lines.append((self.instruction(kind, r, [r, rb], args), comment or dst))
        return r

    def estimate_cycles(self, lines):
        return sum(2 if text.split()[0] in ("ldr", "str") else 1 for text, _ in lines)


def execute(m, ops, reg, mem, address):
    """One emitted instruction (regalloc.simulate)."""
    if m in ("eors", "ands", "orrs", "rors"):
        a, b = reg[ops[0]], reg[ops[1]]
        reg[ops[0]] = (a ^ b if m == "eors" else a & b if m == "ands" else a | b if m == "orrs"
                       else ror(a, b % 32))
    elif m in ("lsls", "lsrs"):
        s = int(ops[2].lstrip("#"))
        reg[ops[0]] = reg[ops[1]] << s & MASK32 if m == "lsls" else reg[ops[1]] >> s
    elif m == "movs":
        reg[ops[0]] = int(ops[1].lstrip("#"), 0)
    elif m == "mov":
        reg[ops[0]] = reg[ops[1]]
    elif m == "ldr" and ops[1].startswith("="):
        reg[ops[0]] = int(ops[1][1:], 0)
    elif m == "ldr":
        reg[ops[0]] = mem[address(ops[1], int(ops[2].lstrip("#")))]
    elif m == "str":
        mem[address(ops[1], int(ops[2].lstrip("#")))] = reg[ops[0]]
    else:
        raise ValueError(m)
