"""Straight-line Thumb-1 (ARMv6-M) code from data-flow programs (dataflow.py): register
allocation over the eight low registers with spills to high registers and the stack, and a
check by simulation (imported by gen_tables.py for the AES rounds of src/aes/aes_ct32_armv6m.S).

Operations: eor, and, orr, rorv (RORS by a register amount), lsl and lsr by a constant, imm
(MOVS #c, or LDR = from the literal pool), ldr. The ALU has two operands and only low
registers (r0-r7): an operation writes its first operand's register if that operand dies
there (or its second's, for the commutative ones), or of an operand that stays stored (a
high register, a stack slot, a constant: it is reloaded when used again), else it copies the
first operand first (MOV). When the low registers run out, the value whose next use is
farthest (Belady) leaves, stored unless it already is: to a free high register (MOV, 1 cycle
each way) or else to a stack slot (STR/LDR [sp], 2 cycles each way); constants are rebuilt
instead. Inputs arrive in low registers, in high registers or in stack slots (those homes
are read only).
The cost is the number of instructions (the benchmarks count executed instructions); the
cycle estimate is tools/qemusim/cycle_model.py's for the Cortex-M0 (LDR and STR 2, else 1).
"""
from dataflow import MASK32, parallel_move, ror, sources

LOW = [f"r{i}" for i in range(8)]
HIGH = ["r8", "r9", "r10", "r11", "r12"]
NAMES = {"eor": "eors", "and": "ands", "orr": "orrs", "rorv": "rors", "lsl": "lsls", "lsr": "lsrs"}
COMMUTATIVE = ("eor", "and", "orr")


def build_constant(rd, c):
    return f"movs {rd}, #{c}" if c < 256 else f"ldr {rd}, =0x{c:08x}"


class Allocation:
    def __init__(self, lines, slots, outputs):
        self.lines, self.slots, self.outputs = lines, slots, outputs

    @property
    def cycles(self):
        return sum(2 if text.split()[0] in ("ldr", "str") else 1 for text, _ in self.lines)


def allocate(ops, inputs, outputs, high=HIGH, slot_base=0, output_pool=LOW):
    """Registers for ops in this order. inputs: {value: low or high register, or ("slot", i)};
    outputs: {value: register (a high one allowed), or None for one of output_pool}. Returns
    the instructions (text, comment), the stack slots used and the outputs' registers."""
    uses = {}
    for i, op in enumerate(ops):
        for s in sources(op):
            uses.setdefault(s, []).append(i)
    end = len(ops)
    for v in outputs:
        uses.setdefault(v, []).append(end)
    const = {op[0]: op[2][0] for op in ops if op[1] == "imm"}
    where, holder = {}, {}  # value <-> low register
    home = {}               # value -> high register or ("sp", slot): its stored copy
    fixed_homes = set()     # input homes, read only
    for v, loc in inputs.items():
        if isinstance(loc, tuple):
            home[v] = ("sp", loc[1])
            fixed_homes.add(v)
        elif loc in LOW:
            where[v], holder[loc] = loc, v
        else:
            home[v] = loc
            fixed_homes.add(v)
    free_high = [r for r in high if r not in home.values()]
    free_slots, nslots = [], [slot_base]
    lines = []
    pos = [0]

    def next_use(v):
        for u in uses.get(v, ()):
            if u >= pos[0]:
                return u
        return None

    def release_dead():
        for r, v in list(holder.items()):
            if next_use(v) is None:
                del holder[r], where[v]
        for v in list(home):
            if v not in fixed_homes and next_use(v) is None:
                h = home.pop(v)
                (free_slots.append(h[1]) if isinstance(h, tuple) else free_high.append(h))

    def stored(v):
        return v in home or v in const

    def store(v, r):
        if free_high:
            home[v] = free_high.pop(0)
            lines.append((f"mov {home[v]}, {r}", f"spill {v}"))
        else:
            s = free_slots.pop() if free_slots else None
            if s is None:
                s = nslots[0]
                nslots[0] += 1
            home[v] = ("sp", s)
            lines.append((f"str {r}, [sp, #{4 * s}]", f"spill {v}"))

    def get_register(pinned, prefer=()):
        release_dead()
        for r in prefer:
            if r in LOW and r not in holder:
                return r
        free = [r for r in LOW if r not in holder]
        if free:
            return free[0]
        victims = [r for r in holder if holder[r] not in pinned]
        r = max(victims, key=lambda r: (next_use(holder[r]), holder[r] in home or holder[r] in const, holder[r]))
        v = holder.pop(r)
        del where[v]
        if v not in home and v not in const:
            store(v, r)
        return r

    def load(v, pinned, prefer=()):
        if v in where:
            return where[v]
        r = get_register(pinned, prefer)
        if v in const:
            lines.append((build_constant(r, const[v]), v))
        elif isinstance(home[v], tuple):
            lines.append((f"ldr {r}, [sp, #{4 * home[v][1]}]", f"reload {v}"))
        else:
            lines.append((f"mov {r}, {home[v]}", f"reload {v}"))
        where[v], holder[r] = r, v
        return r

    for i, (dst, kind, args, comment) in enumerate(ops):
        pos[0] = i
        srcs = sources((dst, kind, args, comment))
        if kind == "imm":  # built when first needed
            continue
        pinned = set(srcs) | {dst}
        src_regs = [load(s, pinned) for s in srcs]
        pos[0] = i + 1
        dying = [s for s in srcs if next_use(s) is None]
        text = comment or dst
        if kind in NAMES and kind not in ("lsl", "lsr"):
            a, b = srcs
            ra, rb = src_regs
            if a in dying and a != b:
                r = ra
            elif kind in COMMUTATIVE and b in dying:
                r, ra, rb = rb, rb, ra
            elif stored(a) or (kind in COMMUTATIVE and stored(b)):
                # an operand stays stored: overwrite its register (the one used later), reload it later
                if kind in COMMUTATIVE and stored(b) and (not stored(a) or next_use(b) > next_use(a)):
                    a, b, ra, rb = b, a, rb, ra
                r = ra
                del holder[ra], where[a]
            else:  # a register that holds neither operand
                pos[0] = i
                r = get_register(pinned)
                pos[0] = i + 1
                lines.append((f"mov {r}, {ra}", f"copy {a}"))
            release_dead()
            lines.append((f"{NAMES[kind]} {r}, {rb}", text))
        else:
            release_dead()
            r = get_register(pinned, [where.get(s) for s in dying] + [outputs.get(dst)])
            if kind in ("lsl", "lsr"):
                lines.append((f"{NAMES[kind]} {r}, {src_regs[0]}, #{args[1]}", text))
            elif kind == "ldr":
                lines.append((f"ldr {r}, [{src_regs[0]}, #{args[1]}]", text))
            else:
                raise ValueError(kind)
        where[dst], holder[r] = r, dst
    pos[0] = end
    # Outputs into their registers (a parallel move; a cycle goes through a free register).
    for v in outputs:
        load(v, set(outputs))
    taken = {outputs[v] for v in outputs if outputs[v]}
    for v in outputs:
        if not outputs[v] and where[v] not in taken and where[v] in output_pool:
            outputs[v] = where[v]
            taken.add(where[v])
    for v in outputs:
        if not outputs[v]:
            outputs[v] = next(r for r in output_pool if r not in taken)
            taken.add(outputs[v])
    moves = {outputs[v]: where[v] for v in outputs if where[v] != outputs[v]}
    scratch = [r for r in LOW + high if r not in home.values()]
    lines += [(f"mov {d}, {r}", comment) for d, r, comment in parallel_move(moves, scratch, outputs)]
    return Allocation(lines, nslots[0], outputs)


def simulate(lines, regs_in, memory):
    """Runs emitted instructions (the subset allocate produces) on integers; memory maps
    (base register value, offset) to words, and sp's slots are ("sp", offset)."""
    reg = dict(regs_in)
    mem = dict(memory)
    for text, _ in lines:
        m, rest = text.split(None, 1)
        ops = [o.strip() for o in rest.replace("[", "").replace("]", "").split(",")]
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
        elif m in ("ldr", "str") and ops[1].startswith("="):
            reg[ops[0]] = int(ops[1][1:], 0)
        elif m in ("ldr", "str"):
            base, off = ops[1], int(ops[2].lstrip("#"))
            key = ("sp", off) if base == "sp" else (reg[base], off)
            if m == "ldr":
                reg[ops[0]] = mem[key]
            else:
                mem[key] = reg[ops[0]]
        else:
            raise ValueError(text)
    return reg
