"""The Thumb-2 back end of the register allocator (regalloc.py), and a check by simulation
(imported by aes_armv7m.py for the AES rounds of src/aes/aes_ct32_armv7m.S).

Operations: eor and and with a rotated second operand, ror, imm (a modified immediate), ldr.
The pool: the 14 registers r0-r12 and lr; spills go to stack slots [sp, #4 i]. A value gets
the register free longest, so that a post-pass can move stack stores and loads next to
loads (tune_memory_ops). The cost is the estimate of tools/qemusim/cycle_model.py: 1 cycle
per data-processing instruction, 2 per LDR or STR, 1 for an LDR or STR right after an LDR
whose result it does not address with.
"""
import regalloc
from dataflow import ror

REGISTERS = [f"r{i}" for i in range(13)] + ["lr"]


def thumb2_modified_immediate(c):
    """Whether c is encodable as a Thumb-2 modified immediate (mov.w/and.w #c)."""
    b, b1 = c & 0xff, c >> 8 & 0xff
    if c >> 8 == 0 or c == b * 0x01010101 or c == b * 0x00010001 or c == b1 * 0x01000100:
        return True
    return any(ror(c, 32 - s) >> 8 == 0 and ror(c, 32 - s) & 0x80 for s in range(8, 32))


class Thumb2(regalloc.Allocator):
    """Thumb-2: three operands, the second one rotated if need be, any register."""
    SPILL = "str {r}, [sp, #{offset}]"
    RELOAD = "ldr {r}, [sp, #{offset}]"
    FORMATS = {"eor": "eor {r}, {a}, {b}", "and": "and {r}, {a}, {b}", "ror": "ror {r}, {a}, #{n}",
               "ldr": "ldr {r}, [{a}, #{n}]"}  # eor and and: with ", ror #n" for a rotated b

    def free_register(self, free):
        """The one free longest: later code can be moved across the writes (tune_memory_ops)."""
        return min(free, key=lambda r: self.last_write.get(r, -1))

    def constant(self, r, c):
        assert thumb2_modified_immediate(c), hex(c)
        return [f"mov.w {r}, #0x{c:08x}"]

    def instruction(self, kind, r, regs, args):
        text = super().instruction(kind, r, regs, args)
        return text + f", ror #{args[2]}" if kind in ("eor", "and") and args[2] else text

    def finish(self, lines):
        return tune_memory_ops(lines)

    def estimate_cycles(self, lines):
        return cycles(lines)


def cycles(lines):
    total, prev_load = 0, None
    for text, _ in lines:
        m = text.split()[0]
        if m in ("ldr", "str"):
            dst = text.split()[1].rstrip(",")
            base = text.split("[")[1].split(",")[0].rstrip("]")
            pipelined = prev_load is not None and base != prev_load
            total += 1 if pipelined else 2
            prev_load = dst if m == "ldr" else None
        else:
            total += 1
            prev_load = None
    return total


def execute(m, ops, reg, mem, address):
    """One emitted instruction (regalloc.simulate)."""
    val = lambda o: int(o.lstrip("#"), 0) if o.startswith("#") else reg[o]
    if m in ("eor", "and"):
        b = val(ops[2])
        if len(ops) == 4:
            b = ror(b, int(ops[3].split("#")[1]))
        reg[ops[0]] = reg[ops[1]] ^ b if m == "eor" else reg[ops[1]] & b
    elif m == "ror":
        reg[ops[0]] = ror(reg[ops[1]], int(ops[2].lstrip("#")))
    elif m in ("mov", "mov.w"):
        reg[ops[0]] = val(ops[1])
    elif m == "ldr":
        reg[ops[0]] = mem[address(ops[1], int(ops[2].lstrip("#")))]
    elif m == "str":
        assert ops[1] == "sp"
        mem[address(ops[1], int(ops[2].lstrip("#")))] = reg[ops[0]]
    else:
        raise ValueError(m)


def operands(text):
    """(registers read, registers written, stack slot read, stack slot written) of a line."""
    m, rest = text.split(None, 1)
    ops = [o.strip() for o in rest.replace("[", "").replace("]", "").split(",")]
    regs = [o for o in ops if o in REGISTERS or o == "sp"]
    if m == "str":
        return set(regs), set(), None, int(ops[2].lstrip("#")) // 4 if ops[1] == "sp" else None
    if m == "ldr":
        slot = int(ops[2].lstrip("#")) // 4 if ops[1] == "sp" else None
        return {ops[1]} - {"sp"}, {ops[0]}, slot, None
    return set(regs[1:]), {regs[0]}, None, None


def tune_memory_ops(lines):
    """Moves stores to the stack to just after a load (a store there costs 1 cycle, not 2) and
    loads to just after another load (pipelined, 1 cycle), where the registers and slots
    allow it, while the cost goes down."""
    lines = list(lines)
    improved = True
    while improved:
        improved = False
        for i, (text, _) in enumerate(lines):
            kind = text.split()[0]
            if kind not in ("str", "ldr") or (kind == "str" and "[sp" not in text):
                continue
            reads, writes, slot_in, slot_out = operands(text)
            slot = slot_out if kind == "str" else slot_in
            for j in range(i - 1, -1, -1):
                r2, w2, s_in2, s_out2 = operands(lines[j][0])
                if lines[j][0].startswith("ldr") and j < i - 1:
                    candidate = lines[:j + 1] + [lines[i]] + lines[j + 1:i] + lines[i + 1:]
                    if cycles(candidate) < cycles(lines):
                        lines = candidate
                        improved = True
                        break
                # can the line move above lines[j]?
                if kind == "str" and (reads & w2 or s_in2 == slot or s_out2 == slot):
                    break
                if kind == "ldr" and (writes & (r2 | w2) or reads & w2 or (slot is not None and s_out2 == slot)):
                    break
            if improved:
                break
    return lines
