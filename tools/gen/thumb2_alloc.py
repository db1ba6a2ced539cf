"""Straight-line Thumb-2 code from data-flow programs (dataflow.py): register allocation
with spills to the stack, and a check by simulation (imported by gen_tables.py for the AES
rounds of src/aes/aes_ct32_armv7m.S).

Operations: eor and and with a rotated second operand, ror, imm (a modified immediate), ldr.
Inputs arrive in registers or stack slots, outputs end in given registers (or any).
The order: dataflow.anneal with excess_pressure over the 14 registers. The allocator walks
the order, keeps values in the 14 registers r0-r12 and lr, takes the register free longest, and when
it runs out evicts the value whose next use is farthest (Belady), storing it to a stack
slot [sp, #4 i] unless it is already there; constants are rebuilt instead of stored. A
post-pass moves stack stores and loads next to loads (tune_memory_ops). The cost is the
estimate of tools/qemusim/cycle_model.py: 1 cycle per data-processing instruction, 2 per
LDR or STR, 1 for an LDR or STR right after an LDR whose result it does not address with.
"""
import dataflow
from dataflow import Program, anneal, evaluate, parallel_move, ror, sources  # noqa: F401 (the rounds' interface)

REGISTERS = [f"r{i}" for i in range(13)] + ["lr"]


def thumb2_modified_immediate(c):
    """Whether c is encodable as a Thumb-2 modified immediate (mov.w/and.w #c)."""
    b, b1 = c & 0xff, c >> 8 & 0xff
    if c >> 8 == 0 or c == b * 0x01010101 or c == b * 0x00010001 or c == b1 * 0x01000100:
        return True
    return any(ror(c, 32 - s) >> 8 == 0 and ror(c, 32 - s) & 0x80 for s in range(8, 32))


def excess_pressure(order, live_in, live_out):
    return dataflow.excess_pressure(order, live_in, live_out, len(REGISTERS))


class Allocation:
    def __init__(self, lines, cycles, slots, outputs):
        self.lines, self.cycles, self.slots, self.outputs = lines, cycles, slots, outputs


def allocate(ops, inputs, outputs, slot_base=0, output_pool=REGISTERS):
    """Registers for ops in this order. inputs: {value: register or ("slot", i)};
    outputs: {value: register, or None for one of output_pool}. Returns the instructions
    (text, comment), their cost, the stack slots used and the outputs' registers."""
    regs = REGISTERS
    uses = {}
    for i, op in enumerate(ops):
        for s in sources(op):
            uses.setdefault(s, []).append(i)
    end = len(ops)
    for v in outputs:
        uses.setdefault(v, []).append(end)
    const = {op[0]: op[2][0] for op in ops if op[1] == "imm"}
    where = {}   # value -> register
    holder = {}  # register -> value
    slot = {}    # value -> stack slot
    free_slots = []
    nslots = [slot_base]
    for v, loc in inputs.items():
        if isinstance(loc, tuple):
            slot[v] = loc[1]
        else:
            where[v], holder[loc] = loc, v
    lines = []
    pos = [0]
    last_write = {}  # register -> number of the line that last wrote it

    def next_use(v):
        for u in uses.get(v, ()):
            if u >= pos[0]:
                return u
        return None

    def release_dead():
        for r, v in list(holder.items()):
            if next_use(v) is None:
                del holder[r], where[v]
                if v in slot and slot[v] >= slot_base:
                    free_slots.append(slot.pop(v))

    def get_register(pinned, prefer=None):
        release_dead()
        if prefer and prefer not in holder and prefer in regs:
            return prefer
        free = [r for r in regs if r not in holder]
        if free:  # the one free longest: later code can be moved across the writes (tune_memory_ops)
            return min(free, key=lambda r: last_write.get(r, -1))
        victims = [r for r in holder if holder[r] not in pinned]

        def badness(r):
            v = holder[r]
            clean = v in slot or v in const
            return (next_use(v), clean, v)
        r = max(victims, key=badness)
        v = holder.pop(r)
        del where[v]
        if v not in slot and v not in const:
            s = free_slots.pop() if free_slots else None
            if s is None:
                s = nslots[0]
                nslots[0] += 1
            slot[v] = s
            lines.append((f"str {r}, [sp, #{4 * s}]", f"spill {v}"))
        return r

    def load(v, pinned):
        if v in where:
            return where[v]
        r = get_register(pinned)
        last_write[r] = len(lines)
        if v in const:
            assert thumb2_modified_immediate(const[v]), hex(const[v])
            lines.append((f"mov.w {r}, #0x{const[v]:08x}", v))
        else:
            lines.append((f"ldr {r}, [sp, #{4 * slot[v]}]", f"reload {v}"))
        where[v], holder[r] = r, v
        return r

    for i, (dst, kind, args, comment) in enumerate(ops):
        pos[0] = i
        srcs = sources((dst, kind, args, comment))
        pinned = set(srcs)
        src_regs = [load(s, pinned) for s in srcs]
        if kind == "imm":  # built when first needed
            continue
        pos[0] = i + 1  # operands whose last use is here are free for the result
        release_dead()
        r = get_register(pinned | {dst}, prefer=outputs.get(dst))
        where[dst], holder[r] = r, dst
        last_write[r] = len(lines)
        if kind == "eor" or kind == "and":
            shift = f", ror #{args[2]}" if args[2] else ""
            lines.append((f"{kind} {r}, {src_regs[0]}, {src_regs[1]}{shift}", comment or dst))
        elif kind == "ror":
            lines.append((f"ror {r}, {src_regs[0]}, #{args[1]}", comment or dst))
        elif kind == "ldr":
            lines.append((f"ldr {r}, [{src_regs[0]}, #{args[1]}]", comment or dst))
        else:
            raise ValueError(kind)
    pos[0] = end
    # Outputs into their registers (a parallel move; a cycle goes through a free register).
    for v in outputs:
        load(v, set(outputs))
    taken = {outputs[v] for v in outputs if outputs[v]} | {where[v] for v in outputs if where[v] in output_pool}
    for v in outputs:
        if not outputs[v]:
            if where[v] in output_pool and where[v] not in {outputs[u] for u in outputs if outputs[u]}:
                outputs[v] = where[v]
            else:
                outputs[v] = next(r for r in output_pool if r not in taken and r in regs)
                taken.add(outputs[v])
    moves = {outputs[v]: where[v] for v in outputs if where[v] != outputs[v]}
    lines += [(f"mov {d}, {r}", comment) for d, r, comment in parallel_move(moves, regs, outputs)]
    lines = tune_memory_ops(lines)
    return Allocation(lines, cycles(lines), nslots[0], outputs)


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


def simulate(lines, regs_in, stack_in, memory):
    """Runs emitted instructions (the subset allocate produces) on integers."""
    reg = dict(regs_in)
    stack = dict(stack_in)
    for text, _ in lines:
        m, rest = text.split(None, 1)
        ops = [o.strip() for o in rest.replace("[", "").replace("]", "").split(",")]
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
            base, off = ops[1], int(ops[2].lstrip("#"))
            reg[ops[0]] = stack[off // 4] if base == "sp" else memory[(reg[base], off)]
        elif m == "str":
            assert ops[1] == "sp"
            stack[int(ops[2].lstrip("#")) // 4] = reg[ops[0]]
        else:
            raise ValueError(text)
    return reg, stack


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
