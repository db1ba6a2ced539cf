"""Register allocation of straight-line data-flow programs (dataflow.py): the part the
instruction sets' back ends share (thumb2_alloc.py: Cortex-M4, rv32_alloc.py: RV32I,
thumb1_alloc.py: Cortex-M0).

The allocator walks the operations in their order (dataflow.anneal's) and keeps values in the
registers of a pool. When the pool runs out, the value whose next use is farthest leaves
(Belady), stored unless it already is: to a free spill register if the back end has them
(MOV each way), else to a stack slot from slot_base on; constants are rebuilt instead. A dead
value's register, spill register and slot are free again. Inputs arrive in registers or stack
slots ({value: register or ("slot", i)}); their slots are read only, and so are input
registers outside the pool (read in place, or loaded like a spill register where operands
must be in the pool). Outputs end in given registers, or in any of output_pool (where they
are, if they can be), by a parallel move.

A back end subclasses Allocator: its instructions (MOVE, SPILL, RELOAD, FORMATS, constant)
and, where it chooses otherwise than the defaults, free_register,
load_preference, result_preference, operation, finish and estimate_cycles; and for the
check, the semantics of its instructions for simulate.
"""
from dataflow import parallel_move, sources


class Allocation:
    """The instructions (text, comment), the stack slots the frame needs (slot_base and the
    spill slots), the outputs' registers and the cycles (None where the back end does not
    estimate them)."""

    def __init__(self, lines, slots, outputs, cycles=None):
        self.lines, self.slots, self.outputs, self.cycles = lines, slots, outputs, cycles


class Allocator:
    MOVE = "mov"              # register to register: "{MOVE} rd, rs"
    SPILL = RELOAD = None     # a stack slot's store and load, formatted with r and offset
    FORMATS = {}              # kind -> its instruction, formatted with r (the result's register),
                              # a, b (the sources') and n (the last argument: amount, offset)
    READS_ANY_REGISTER = True  # operations read input registers outside the pool in place

    def __init__(self, ops, inputs, outputs, pool, spill_registers=(), slot_base=0, output_pool=None):
        """outputs: {value: register, or None for one of output_pool (default: pool)}; it
        gets the registers chosen."""
        self.ops, self.outputs, self.pool = ops, outputs, list(pool)
        self.output_pool = output_pool or self.pool
        self.spill_registers = list(spill_registers)
        self.uses = {}
        for i, op in enumerate(ops):
            for s in sources(op):
                self.uses.setdefault(s, []).append(i)
        for v in outputs:
            self.uses.setdefault(v, []).append(len(ops))
        self.const = {op[0]: op[2][0] for op in ops if op[1] == "imm"}
        self.where, self.holder = {}, {}  # value <-> register it is in
        self.home = {}                    # value -> its stored copy: a spill register or ("sp", slot)
        self.read_only = set()            # values whose home is an input's
        for v, loc in inputs.items():
            if isinstance(loc, tuple):
                self.home[v] = ("sp", loc[1])
                self.read_only.add(v)
            elif loc in self.pool or self.READS_ANY_REGISTER:
                self.where[v], self.holder[loc] = loc, v
            else:
                self.home[v] = loc
                self.read_only.add(v)
        self.free_spill_registers = [r for r in self.spill_registers if r not in self.home.values()]
        self.free_slots, self.slots = [], slot_base
        self.lines = []
        self.pos = 0          # the operation being allocated
        self.last_write = {}  # register -> number of the line that last wrote it

    # The back end's instructions.
    def constant(self, r, c):
        """The instructions that put the constant c in r."""
        raise NotImplementedError

    def instruction(self, kind, r, regs, args):
        """The instruction of an operation (dataflow.py's kind and args) from the registers
        regs of its sources into r."""
        return self.FORMATS[kind].format(r=r, a=regs[0], b=regs[-1], n=args[-1])

    def finish(self, lines):
        """The lines after allocation (a back end's scheduling pass)."""
        return lines

    def estimate_cycles(self, lines):
        """The lines' cycles by the back end's model (None: it has none)."""
        return None

    # The back end's choices.
    def free_register(self, free):
        """Which of the free registers of the pool a value gets."""
        return free[0]

    def load_preference(self, v):
        """Registers a value loaded or rebuilt goes to if one is free."""
        return []

    def result_preference(self, dst, srcs):
        """Registers an operation's result goes to if one is free (asked while the sources
        are still in their registers)."""
        return [self.outputs.get(dst)]

    def operation(self, op, srcs, regs, pinned):
        """Emits op (its sources srcs in registers regs, self.pos past it) and returns the
        register of its result."""
        dst, kind, args, comment = op
        prefer = self.result_preference(dst, srcs)
        self.release_dead()
        r = self.get_register(pinned, prefer)
        self.lines.append((self.instruction(kind, r, regs, args), comment or dst))
        return r

    # The skeleton.
    def next_use(self, v):
        for u in self.uses.get(v, ()):
            if u >= self.pos:
                return u
        return None

    def stored(self, v):
        return v in self.home or v in self.const

    def release_dead(self):
        for r, v in list(self.holder.items()):
            if r in self.pool and self.next_use(v) is None:
                del self.holder[r], self.where[v]
        for v in list(self.home):
            if v not in self.read_only and self.next_use(v) is None:
                h = self.home.pop(v)
                if isinstance(h, tuple):
                    self.free_slots.append(h[1])
                else:
                    self.free_spill_registers.append(h)

    def store(self, v, r):
        if self.free_spill_registers:
            self.home[v] = self.free_spill_registers.pop(0)
            self.lines.append((f"{self.MOVE} {self.home[v]}, {r}", f"spill {v}"))
            return
        if self.free_slots:
            s = self.free_slots.pop()
        else:
            s, self.slots = self.slots, self.slots + 1
        self.home[v] = ("sp", s)
        self.lines.append((self.SPILL.format(r=r, offset=4 * s), f"spill {v}"))

    def get_register(self, pinned, prefer=()):
        """A free register of the pool (one of prefer if it can), or the one whose value's next
        use is farthest, storing that value unless it is stored; pinned values stay."""
        self.release_dead()
        for r in prefer:
            if r in self.pool and r not in self.holder:
                return r
        free = [r for r in self.pool if r not in self.holder]
        if free:
            return self.free_register(free)
        victims = [r for r in self.holder if r in self.pool and self.holder[r] not in pinned]
        r = max(victims, key=lambda r: (self.next_use(self.holder[r]), self.stored(self.holder[r]), self.holder[r]))
        v = self.holder.pop(r)
        del self.where[v]
        if not self.stored(v):
            self.store(v, r)
        return r

    def load(self, v, pinned):
        if v in self.where:
            return self.where[v]
        r = self.get_register(pinned, self.load_preference(v))
        if v in self.const:
            self.lines += [(text, v) for text in self.constant(r, self.const[v])]
        elif isinstance(self.home[v], tuple):
            self.lines.append((self.RELOAD.format(r=r, offset=4 * self.home[v][1]), f"reload {v}"))
        else:
            self.lines.append((f"{self.MOVE} {r}, {self.home[v]}", f"reload {v}"))
        self.where[v], self.holder[r] = r, v
        self.last_write[r] = len(self.lines) - 1
        return r

    def allocate(self):
        for i, op in enumerate(self.ops):
            dst, kind, _, _ = op
            self.pos = i
            srcs = sources(op)
            pinned = set(srcs) | {dst}
            regs = [self.load(s, pinned) for s in srcs]
            if kind == "imm":  # built when first needed
                continue
            self.pos = i + 1  # operands whose last use is here are free for the result
            r = self.operation(op, srcs, regs, pinned)
            self.where[dst], self.holder[r] = r, dst
            self.last_write[r] = len(self.lines) - 1
        self.pos = len(self.ops)
        # Outputs into their registers (a parallel move; a cycle goes through a free register).
        outputs = self.outputs
        for v in outputs:
            self.load(v, set(outputs))
        taken = {outputs[v] for v in outputs if outputs[v]}
        for v in outputs:  # those that can stay where they are first
            if not outputs[v] and self.where[v] not in taken and self.where[v] in self.output_pool:
                outputs[v] = self.where[v]
                taken.add(outputs[v])
        for v in outputs:
            if not outputs[v]:
                outputs[v] = next(r for r in self.output_pool if r not in taken)
                taken.add(outputs[v])
        moves = {outputs[v]: self.where[v] for v in outputs if self.where[v] != outputs[v]}
        scratch = [r for r in self.pool + self.spill_registers if r not in self.home.values()]
        self.lines += [(f"{self.MOVE} {d}, {r}", comment) for d, r, comment in parallel_move(moves, scratch, outputs)]
        lines = self.finish(self.lines)
        return Allocation(lines, self.slots, outputs, self.estimate_cycles(lines))


def simulate(lines, regs, memory, execute):
    """Runs emitted instructions on integers (a back end's check): execute(mnemonic, operands,
    reg, mem, address) runs one, address(base, offset) being the key of a word in mem. memory
    maps (a base register's value, offset) to words, and the stack slots are ("sp", offset).
    Returns the registers."""
    reg, mem = dict(regs), dict(memory)

    def address(base, offset):
        return ("sp", offset) if base == "sp" else (reg[base], offset)
    for text, _ in lines:
        m, rest = text.split(None, 1)
        execute(m, [o.strip() for o in rest.replace("[", "").replace("]", "").split(",")], reg, mem, address)
    return reg
