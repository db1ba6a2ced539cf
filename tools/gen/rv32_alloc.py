"""The RV32I back end of the register allocator (regalloc.py), and a check by simulation
(imported by aes_rv32.py for the AES rounds of src/aes/aes_ct32_rv32.S).

Operations: eor, and, orr (rotation 0: RV32I has no rotated operands and no rotate), lsr,
lsl, imm (li: lui and addi), ldr (lw). Three-operand instructions, so a value is never
copied: an operation writes the register of an operand that dies there (the first
operand's if it can, so that the compressed encodings, c.xor rd, rs2 and the like, apply
when rd is one of s0, s1, a0-a5) or else a free register. Registers holding inputs outside
the pool (pointers, masks) are read only. Spills go to stack slots (sw, off(sp)). The cost
is the number of instructions (the benchmarks count executed instructions).
"""
import regalloc
from dataflow import MASK32

# The registers a generated routine may use, ordered so that the ones the compressed
# instructions reach (x8-x15: s0, s1, a0-a5) come first.
POOL = ["s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "t0", "t1", "t2", "ra",
        "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"]


def li(rd, c):
    """The instructions that load the constant c (what the assembler's li expands to)."""
    lo = (c & 0xfff) - (0x1000 if c & 0x800 else 0)
    hi = (c - lo) >> 12 & 0xfffff
    if hi == 0:
        return [f"addi {rd}, zero, {lo}"]
    return [f"lui {rd}, 0x{hi:x}"] + ([f"addi {rd}, {rd}, {lo}"] if lo else [])


class RV32(regalloc.Allocator):
    """RV32I: three operands and no copies (an operation writes the register of a source
    that dies there if it can); registers outside the pool are read in place."""
    MOVE = "mv"
    SPILL = "sw {r}, {offset}(sp)"
    RELOAD = "lw {r}, {offset}(sp)"
    FORMATS = {"eor": "xor {r}, {a}, {b}", "and": "and {r}, {a}, {b}", "orr": "or {r}, {a}, {b}",
               "lsr": "srli {r}, {a}, {n}", "lsl": "slli {r}, {a}, {n}", "ldr": "lw {r}, {n}({a})"}

    def constant(self, r, c):
        return li(r, c)

    def load_preference(self, v):  # an output rebuilt or reloaded at the end goes where it ends
        return [self.outputs.get(v)]

    def result_preference(self, dst, srcs):  # else the register of a source that dies here
        dying = [self.where[s] for s in srcs if self.where[s] in self.pool and self.next_use(s) is None]
        return [self.outputs.get(dst)] + dying

    def instruction(self, kind, r, regs, args):
        if kind in ("eor", "and", "orr"):
            assert args[2] == 0, "RV32I has no rotated operands"
            if r == regs[1] and r != regs[0]:  # the destination first: the compressed forms need rd = rs1
                regs = regs[::-1]
        return super().instruction(kind, r, regs, args)


def execute(m, ops, reg, mem, address):
    """One emitted instruction (regalloc.simulate; zero is read as 0)."""
    val = lambda o: 0 if o == "zero" else reg[o]
    if m in ("xor", "and", "or"):
        a, b = val(ops[1]), val(ops[2])
        reg[ops[0]] = a ^ b if m == "xor" else a & b if m == "and" else a | b
    elif m == "srli":
        reg[ops[0]] = val(ops[1]) >> int(ops[2])
    elif m == "slli":
        reg[ops[0]] = val(ops[1]) << int(ops[2]) & MASK32
    elif m == "lui":
        reg[ops[0]] = int(ops[1], 0) << 12
    elif m == "addi":
        reg[ops[0]] = (val(ops[1]) + int(ops[2])) & MASK32
    elif m == "mv":
        reg[ops[0]] = val(ops[1])
    elif m in ("lw", "sw"):
        off, base = ops[1].rstrip(")").split("(")
        if m == "lw":
            reg[ops[0]] = mem[address(base, int(off))]
        else:
            mem[address(base, int(off))] = val(ops[0])
    else:
        raise ValueError(m)
