"""Straight-line data-flow programs on 32-bit words, independent of the instruction set: the
programs the generated bitsliced rounds are built as (aes_armv7m.py, aes_rv32.py,
aes_armv6m.py), their evaluation, and an order with few values live at once. The register
allocator (regalloc.py, with a back end per instruction set: thumb2_alloc.py, rv32_alloc.py,
thumb1_alloc.py) turns an ordered program into its instructions.

A program is a list of operations in SSA form (each value named once):
  ("eor", a, b, r)   a ^ (b ror r)          ("and", a, b, r)   a & (b ror r)
  ("orr", a, b, 0)   a | b                  ("ror", a, r)      a ror r
  ("rorv", a, n)     a ror n (n a value: instruction sets that rotate by a register amount)
  ("lsr", a, s)      a >> s                 ("lsl", a, s)      a << s (32 bits)
  ("imm", c)         the constant c         ("ldr", p, off)    the word at p + off (p a pointer)
Rotated operands (r != 0) are for instruction sets that have them (Thumb-2).
"""
MASK32 = 0xffffffff
BINARY = ("eor", "and", "orr", "rorv")
UNARY = ("ror", "lsr", "lsl", "ldr")


def ror(x, r):
    return (x >> r | x << (32 - r)) & MASK32 if r else x


class Program:
    """Operations in SSA form, with a comment each (the value names the code documents)."""

    def __init__(self):
        self.ops = []  # (dst, kind, args, comment)
        self.count = 0

    def emit(self, kind, *args, name=None, comment=""):
        if name is None:
            name = f"v{self.count}"
            self.count += 1
        self.ops.append((name, kind, args, comment))
        return name

    def eor(self, a, b, r=0, **kw):
        return self.emit("eor", a, b, r, **kw)

    def and_(self, a, b, r=0, **kw):
        return self.emit("and", a, b, r, **kw)

    def orr(self, a, b, **kw):
        return self.emit("orr", a, b, 0, **kw)

    def rorv(self, a, n, **kw):
        return self.emit("rorv", a, n, **kw)

    def lsr(self, a, s, **kw):
        return self.emit("lsr", a, s, **kw)

    def lsl(self, a, s, **kw):
        return self.emit("lsl", a, s, **kw)

    def imm(self, c, **kw):
        return self.emit("imm", c, **kw)

    def ldr(self, p, off, **kw):
        return self.emit("ldr", p, off, **kw)


def sources(op):
    _, kind, args, _ = op
    if kind in BINARY:
        return [args[0], args[1]]
    if kind in UNARY:
        return [args[0]]
    return []


def evaluate(ops, values, memory):
    """Runs the operations on integers; memory maps (pointer, offset) to words."""
    v = dict(values)
    for dst, kind, args, _ in ops:
        if kind == "eor":
            v[dst] = v[args[0]] ^ ror(v[args[1]], args[2])
        elif kind == "and":
            v[dst] = v[args[0]] & ror(v[args[1]], args[2])
        elif kind == "orr":
            v[dst] = v[args[0]] | v[args[1]]
        elif kind == "ror":
            v[dst] = ror(v[args[0]], args[1])
        elif kind == "rorv":
            v[dst] = ror(v[args[0]], v[args[1]] % 32)
        elif kind == "lsr":
            v[dst] = v[args[0]] >> args[1]
        elif kind == "lsl":
            v[dst] = v[args[0]] << args[1] & MASK32
        elif kind == "imm":
            v[dst] = args[0]
        elif kind == "ldr":
            v[dst] = memory[(v[args[0]], args[1])]
    return v


def parallel_move(moves, registers, outputs):
    """The copies (destination, source, comment) that make the moves {destination: source}
    at once, for an allocator's outputs: each destination once no pending move reads it, and
    a cycle through a register of registers that no output and no pending move uses."""
    moves, copies = dict(moves), []
    while moves:
        dst = next((d for d in moves if d not in moves.values()), None)
        if dst is None:  # only cycles left: park one destination's content in a free register
            d0 = next(iter(moves))
            tmp = next(r for r in registers if r not in outputs.values() and r not in moves.values())
            copies.append((tmp, d0, "break a move cycle"))
            for d, s in moves.items():
                if s == d0:
                    moves[d] = tmp
            continue
        copies.append((dst, moves.pop(dst), "to its output register"))
    return copies


def excess_pressure(order, live_in, live_out, registers):
    """How far the number of live values exceeds the registers, summed over the order
    (constants are rebuilt where used and do not count)."""
    srcs = [_sources_of(op) for op in order]
    last = {}
    for i, ss in enumerate(srcs):
        for s in ss:
            last[s] = i
    n = len(order)
    for v in live_out:
        last[v] = n
    const = {op[0] for op in order if op[1] == "imm"}
    live = sum(1 for v in live_in if v in last)
    total = 0
    for i, op in enumerate(order):
        for s in srcs[i]:
            if last[s] == i and s not in const:
                live -= 1
                last[s] = -1  # an operand used twice by one operation dies once
        if op[1] != "imm" and op[0] in last:
            live += 1
        if live > registers:
            total += live - registers
    return total


_SOURCES = {}  # id(op) -> (op, its sources): the orders an annealing compares share their operations


def _sources_of(op):
    entry = _SOURCES.get(id(op))
    if entry is None or entry[0] is not op:
        entry = _SOURCES[id(op)] = (op, sources(op))
    return entry[1]


def anneal(order, cost, rng, iterations, temperature=4.0):
    """Simulated annealing over topological orders: each step moves one operation to a
    random place between its operands and its first user."""
    cur, cur_cost = list(order), cost(order)
    best, best_cost = cur, cur_cost
    for _ in range(iterations):
        o = list(cur)
        op = o.pop(rng.randrange(len(o)))
        place = {x[0]: j for j, x in enumerate(o)}
        lo = max([place[s] + 1 for s in sources(op) if s in place] + [0])
        hi = min([j for j, x in enumerate(o) if op[0] in sources(x)] + [len(o)])
        o.insert(rng.randint(lo, hi), op)
        c = cost(o)
        if c <= cur_cost or rng.random() < 2.718281828 ** ((cur_cost - c) / temperature):
            cur, cur_cost = o, c
            if c < best_cost:
                best, best_cost = list(o), c
        temperature = max(0.3, temperature * 0.9997)
    return best
