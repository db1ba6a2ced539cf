"""Straight-line RV32I code from data-flow programs (dataflow.py): register allocation with
spills to the stack, and a check by simulation (imported by gen_tables.py for the AES rounds
of src/aes/aes_ct32_rv32.S).

Operations: eor, and, orr (rotation 0: RV32I has no rotated operands and no rotate), lsr,
lsl, imm (li: lui and addi), ldr (lw). Three-operand instructions, so a value is never
copied: an operation writes the register of an operand that dies there (the first
operand's if it can, so that the compressed encodings, c.xor rd, rs2 and the like, apply
when rd is one of s0, s1, a0-a5) or else a free register. Inputs arrive in registers or
stack slots; registers holding inputs outside the pool (pointers, masks) are read only.
When the pool runs out, the value whose next use is farthest is evicted (Belady), stored
to a stack slot (sw, off(sp)) unless it is already there; constants are rebuilt instead.
The cost is the number of instructions (the benchmarks count executed instructions).
"""
from dataflow import MASK32, parallel_move, sources

# The registers a generated routine may use, ordered so that the ones the compressed
# instructions reach (x8-x15: s0, s1, a0-a5) come first.
POOL = ["s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "t0", "t1", "t2", "ra",
        "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"]
NAMES = {op: ins for op, ins in (("eor", "xor"), ("and", "and"), ("orr", "or"), ("lsr", "srli"),
                                  ("lsl", "slli"))}


def li(rd, c):
    """The instructions that load the constant c (what the assembler's li expands to)."""
    lo = (c & 0xfff) - (0x1000 if c & 0x800 else 0)
    hi = (c - lo) >> 12 & 0xfffff
    if hi == 0:
        return [f"addi {rd}, zero, {lo}"]
    return [f"lui {rd}, 0x{hi:x}"] + ([f"addi {rd}, {rd}, {lo}"] if lo else [])


class Allocation:
    def __init__(self, lines, slots, outputs):
        self.lines, self.slots, self.outputs = lines, slots, outputs


def allocate(ops, inputs, outputs, pool, slot_base=0, output_pool=None):
    """Registers from pool for ops in this order. inputs: {value: register or ("slot", i)};
    outputs: {value: register, or None for any of output_pool (default: pool)}. Returns the
    instructions (text, comment), the stack slots used and the outputs' registers."""
    output_pool = output_pool or pool
    uses = {}
    for i, op in enumerate(ops):
        for s in sources(op):
            uses.setdefault(s, []).append(i)
    end = len(ops)
    for v in outputs:
        uses.setdefault(v, []).append(end)
    const = {op[0]: op[2][0] for op in ops if op[1] == "imm"}
    where, holder, slot = {}, {}, {}
    fixed = set()
    free_slots, nslots = [], [slot_base]
    for v, loc in inputs.items():
        if isinstance(loc, tuple):
            slot[v] = loc[1]
        else:
            where[v], holder[loc] = loc, v
            if loc not in pool:
                fixed.add(v)
    lines = []
    pos = [0]

    def next_use(v):
        for u in uses.get(v, ()):
            if u >= pos[0]:
                return u
        return None

    def release_dead():
        for r, v in list(holder.items()):
            if v not in fixed and next_use(v) is None:
                del holder[r], where[v]
                if v in slot and slot[v] >= slot_base:
                    free_slots.append(slot.pop(v))

    def get_register(pinned, prefer=()):
        release_dead()
        for r in prefer:
            if r and r in pool and r not in holder:
                return r
        free = [r for r in pool if r not in holder]
        if free:
            return free[0]
        victims = [r for r in holder if r in pool and holder[r] not in pinned]
        r = max(victims, key=lambda r: (next_use(holder[r]), holder[r] in slot or holder[r] in const, holder[r]))
        v = holder.pop(r)
        del where[v]
        if v not in slot and v not in const:
            s = free_slots.pop() if free_slots else None
            if s is None:
                s = nslots[0]
                nslots[0] += 1
            slot[v] = s
            lines.append((f"sw {r}, {4 * s}(sp)", f"spill {v}"))
        return r

    def load(v, pinned):
        if v in where:
            return where[v]
        r = get_register(pinned, [outputs.get(v)])
        if v in const:
            lines.extend((text, v) for text in li(r, const[v]))
        else:
            lines.append((f"lw {r}, {4 * slot[v]}(sp)", f"reload {v}"))
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
        dying = [where[s] for s in srcs if s not in fixed and next_use(s) is None]
        r = get_register(pinned | {dst}, [outputs.get(dst)] + dying)
        where[dst], holder[r] = r, dst
        if kind in ("eor", "and", "orr"):
            assert args[2] == 0, "RV32I has no rotated operands"
            a, b = src_regs
            if r == b and r != a:  # the destination first: the compressed forms need rd = rs1
                a, b = b, a
            lines.append((f"{NAMES[kind]} {r}, {a}, {b}", comment or dst))
        elif kind in ("lsr", "lsl"):
            lines.append((f"{NAMES[kind]} {r}, {src_regs[0]}, {args[1]}", comment or dst))
        elif kind == "ldr":
            lines.append((f"lw {r}, {args[1]}({src_regs[0]})", comment or dst))
        else:
            raise ValueError(kind)
    pos[0] = end
    # Outputs into their registers (a parallel move; a cycle goes through a free register).
    for v in outputs:
        load(v, set(outputs))
    taken = {outputs[v] for v in outputs if outputs[v]}
    for v in outputs:  # those that can stay where they are first
        if not outputs[v] and where[v] not in taken and where[v] in output_pool:
            outputs[v] = where[v]
            taken.add(where[v])
    for v in outputs:
        if not outputs[v]:
            outputs[v] = next(r for r in output_pool if r not in taken)
            taken.add(outputs[v])
    moves = {outputs[v]: where[v] for v in outputs if where[v] != outputs[v]}
    lines += [(f"mv {d}, {r}", comment) for d, r, comment in parallel_move(moves, pool, outputs)]
    return Allocation(lines, nslots[0], outputs)


def simulate(lines, regs_in, memory):
    """Runs emitted instructions (the subset allocate produces) on integers; memory maps
    (base register value, offset) to words, and sp's slots are (\"sp\", offset)."""
    reg = dict(regs_in, zero=0)
    mem = dict(memory)
    for text, _ in lines:
        m, rest = text.split(None, 1)
        ops = [o.strip() for o in rest.split(",")]
        if m in ("xor", "and", "or"):
            a, b = reg[ops[1]], reg[ops[2]]
            reg[ops[0]] = a ^ b if m == "xor" else a & b if m == "and" else a | b
        elif m == "srli":
            reg[ops[0]] = reg[ops[1]] >> int(ops[2])
        elif m == "slli":
            reg[ops[0]] = reg[ops[1]] << int(ops[2]) & MASK32
        elif m == "lui":
            reg[ops[0]] = int(ops[1], 0) << 12
        elif m == "addi":
            reg[ops[0]] = (reg[ops[1]] + int(ops[2])) & MASK32
        elif m == "mv":
            reg[ops[0]] = reg[ops[1]]
        elif m in ("lw", "sw"):
            off, base = ops[1].rstrip(")").split("(")
            key = ("sp", int(off)) if base == "sp" else (reg[base], int(off))
            if m == "lw":
                reg[ops[0]] = mem[key]
            else:
                mem[key] = reg[ops[0]]
        else:
            raise ValueError(text)
    return reg
