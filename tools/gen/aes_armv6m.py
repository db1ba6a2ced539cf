"""The fixsliced AES-128 encryption rounds and the CTR pass's conversions as Thumb-1 macros for
src/aes/aes_ct32_armv6m.S (imported by gen_tables.py): each is a data-flow program
(aes_rounds.py for the rounds), ordered for few live values (dataflow.anneal) and
register-allocated by regalloc.py (its Thumb-1 back end: thumb1_alloc.py), and checked by
simulating the emitted instructions.

Thumb-1 rotates only by a register amount (RORS): the amounts are constants (MOVS #n, rebuilt
where evicted). A rotation inside each byte lane by s bits (columns) is done with one mask:
    lane_ror(y, s) = y ^ ((y ^ y ror 8) & LOW(s)), y = x ror (8 m - 8 + s),
    LOW(s) = the low 8 - s bits of every byte,
with LOW(2), LOW(4) and LOW(6) in stack slots. The round keys: 8 words a round from a pointer
in a stack slot, the slot of rk + 128 j for round key r = 4 j + i (LDR offsets reach 124).
"""
import random

import aes_rounds as ar
import dataflow
import regalloc
import thumb1_alloc as t1

STATE = [f"r{b}" for b in range(8)]
RK_SLOTS = 3            # [sp, #0], [sp, #4], [sp, #8]: rk, rk + 128, rk + 256
MASK_SLOTS = {2: 3, 4: 4, 6: 5}  # [sp, #12, #16, #20]: LOW(2), LOW(4), LOW(6)
JOB_SLOT = 6            # [sp, #24]: the CTR job (the CTR routine's)
SPILL_BASE = 7          # spill slots from [sp, #28] on
SBOX_ITERATIONS = 20000  # annealing steps ordering each S-box circuit
ROUND_ITERATIONS = 4000  # and each round


def mask_name(s):
    return f"LOW{s}"


def rows_up_for(p, k):
    """rows_up (aes_rounds.mix_columns_ops) in Thumb-1: rotations by register amounts."""
    amounts = {}

    def rorv(x, r):
        if r % 32 == 0:
            return x
        if r not in amounts:
            amounts[r] = p.imm(r, comment=f"{r}")
        return p.rorv(x, amounts[r])

    def rows_up(x, m):
        s = 2 * m * k % 8
        if s == 0:
            return rorv(x, 8 * m), 0
        y = rorv(x, 8 * m - 8 + s)
        w = p.eor(y, rorv(y, 8))
        return p.eor(y, p.and_(w, mask_name(s))), 0
    return rows_up


def compile_program(program, outs, ins, out_regs, seed, extra_inputs, high=t1.HIGH):
    """ins: the input values' registers ({name: register}); out_regs: the output registers,
    or None for any."""
    inputs = dict(ins)
    inputs.update(extra_inputs)
    live_in = list(ins)
    order = dataflow.anneal(program.ops, lambda o: dataflow.excess_pressure(o, live_in, outs, len(t1.LOW)),
                            random.Random(seed), ROUND_ITERATIONS)
    outputs = {o: (out_regs[b] if out_regs else None) for b, o in enumerate(outs)}
    alloc = t1.Thumb1(order, inputs, outputs, t1.LOW, spill_registers=high, slot_base=SPILL_BASE).allocate()
    check(order, alloc, outs, inputs, seed)
    return alloc


def slot_memory(rng, base):
    memory = {("sp", 4 * j): base + 128 * j for j in range(RK_SLOTS)}
    memory.update({("sp", 4 * slot): ar.lane_low(s) for s, slot in MASK_SLOTS.items()})
    memory.update({(base, off): rng.getrandbits(32) for off in range(0, 256, 4)})
    memory[(base, 8)] = base + 0x1000  # the CTR job's input pointer
    memory.update({(base + 0x1000, off): rng.getrandbits(32) for off in range(0, 32, 4)})
    return memory


def check(ops, alloc, outs, inputs, seed):
    """The emitted instructions compute what the program says, on random words."""
    rng = random.Random(seed)
    for _ in range(4):
        base = 0x20000000
        memory = slot_memory(rng, base)
        values = {v: rng.getrandbits(32) for v in inputs}
        values.update({mask_name(s): ar.lane_low(s) for s in MASK_SLOTS})
        values["rk"] = base
        values["job"] = base
        want = dataflow.evaluate(ops, values, memory)
        regs = {r: values[v] for v, r in inputs.items() if not isinstance(r, tuple)}
        memory[("sp", 4 * JOB_SLOT)] = base
        got = regalloc.simulate(alloc.lines, regs, memory, t1.execute)
        for b, o in enumerate(outs):
            assert got[alloc.outputs[o]] == want[o], f"generated code: output {b} is wrong"


def macro(name, doc, alloc, keyed):
    """A macro; keyed: it takes the offset of its round key from rk (its pointer from the slot
    of rk + 128 j, the offset within that)."""
    lines = ["/*"] + [f" * {line}" for line in doc] + [" */", f".macro {name}{' off' if keyed else ''}"]
    for text, comment in alloc.lines:
        if comment == "reload rk":
            text = text.replace("#0]", "#(4 * ((\\off) / 128))]")
        elif comment.startswith("round key plane"):
            text = text.replace("#", "#((\\off) - 128 * ((\\off) / 128) + ")[:-1] + ")]"
        lines.append(f"    {text:<40} @ {comment}")
    lines.append(".endm")
    return "\n".join(lines) + "\n"


def rk_inputs():
    inputs = {mask_name(s): ("slot", slot) for s, slot in MASK_SLOTS.items()}
    inputs["rk"] = ("slot", 0)
    return inputs


def swapmove(p, a, b, s, m):
    """LWC_SWAPMOVE(a, b, s, m): the bits of b at m <-> the bits of a s higher."""
    t = p.and_(p.eor(b, p.lsr(a, s) if s else a), m)
    return p.eor(a, p.lsl(t, s) if s else t), p.eor(b, t)


def ctr_planes():
    """The planes of a CTR pass: the transposition of the two counter words c6, c7 (word 3 of
    blocks 0 and 1, the other words zero) added to the base (job + 20 + 4 b)."""
    p = dataflow.Program()
    c6, c7 = swapmove(p, "c6", "c7", 1, p.imm(0x55555555))
    # Layers 2 and 3 move each two-bit group of a nibble of c6 (c7) to its even (odd) plane.
    parts = []
    for b in range(8):
        c = (c6, c7)[b % 2]
        shift = 6 - 2 * (b // 2)
        m = 0x03030303 << (6 - shift)
        v = p.and_(c, p.imm(m), comment=f"plane {b}'s bits")
        parts.append(p.lsl(v, shift) if shift else v)
    outs = [p.eor(p.ldr("job", 20 + 4 * b, comment=f"base plane {b}"), parts[b], comment=f"plane {b}")
            for b in range(8)]
    return p, outs


def transpose_ops(p, q):
    """The transposition of aes_ct32.c (planes <-> column words, its own inverse) on the values q."""
    q = list(q)
    for d, m, pairs in ((1, 0x55555555, (0, 2, 4, 6)), (2, 0x33333333, (0, 1, 4, 5)), (4, 0x0f0f0f0f, (0, 1, 2, 3))):
        mask = p.imm(m)
        for i in pairs:
            q[i], q[i + d] = swapmove(p, q[i], q[i + d], d, mask)
    return q


def columns_ops(p, q):
    """The planes q (representation 2) to column words: the transposition, then SR^2."""
    q = transpose_ops(p, q)
    mask = p.imm(0xff00ff00)
    for i in range(4):
        q[i], q[i + 4] = swapmove(p, q[i], q[i + 4], 0, mask)
    return q


def words_to_planes():
    p = dataflow.Program()
    return p, transpose_ops(p, [f"s{b}" for b in range(8)])


def planes_to_words():
    p = dataflow.Program()
    return p, columns_ops(p, [f"s{b}" for b in range(8)])


def ctr_output():
    """The planes back to column words, the input words (job->in) added: out word 2c + B is
    column c of block B."""
    p = dataflow.Program()
    q = columns_ops(p, [f"s{b}" for b in range(8)])
    inp = p.ldr("job", 8, comment="in")
    outs = [p.eor(q[w], p.ldr(inp, 16 * (w % 2) + 4 * (w // 2), comment=f"input word {w}"), comment=f"out word {w}")
            for w in range(8)]
    return p, outs


# The output words' registers for two STMs: block 0 (words 0, 2, 4, 6) in r0-r3, block 1's
# words 3, 5, 7 in r5-r7 and its word 1 in r8 (r4 is the output pointer).
CTR_OUTPUT_REGS = ["r0", "r8", "r1", "r5", "r2", "r6", "r3", "r7"]


def rounds_header(sbox):
    """The text of src/aes/aes_ct32_armv6m_rounds.h and a summary (name, instructions, cycles)."""
    ar.register_friendly_order(*sbox, 1, SBOX_ITERATIONS, len(t1.LOW))
    enc = lambda k: ar.encrypt_round(sbox, k, rows_up_for)
    state_in = lambda regs: {f"s{b}": regs[b] for b in range(8)}
    jobs = ar.unrolled_encryption(enc, STATE, STATE)
    out_regs, parts, summary, frame = {}, [], [], SPILL_BASE
    for i, (name, (program, outs), source, forced, doc) in enumerate(jobs):
        ins = STATE if source == "STATE" else out_regs[source]
        # lr keeps the rounds routine's return address: r8-r12 are the spill registers.
        alloc = compile_program(program, outs, state_in(ins), forced, i, rk_inputs())
        out_regs[name] = [alloc.outputs[o] for o in outs]
        frame = max(frame, alloc.slots)
        doc = [doc,
               f"In: planes 0-7 in {', '.join(ins)}, the round key at off bytes from rk.",
               f"Out: planes 0-7 in {', '.join(out_regs[name])}. Clobbers the other registers of r0-r12",
               f"and the spill slots. {len(alloc.lines)} instructions, {alloc.cycles} cycles (cycle_model.py)."]
        summary.append((name, len(alloc.lines), alloc.cycles))
        parts.append(macro(name, doc, alloc, True))
    # The CTR pass's conversions (the CTR routine's; lr free).
    program, outs = ctr_planes()
    alloc = compile_program(program, outs, {"c6": "r0", "c7": "r1"}, STATE, 100, {"job": ("slot", JOB_SLOT)})
    frame = max(frame, alloc.slots)
    summary.append(("aes_ctr_planes", len(alloc.lines), alloc.cycles))
    parts.append(macro("aes_ctr_planes", [
        "The planes of a CTR pass after AddRoundKey 0, from the counter blocks' last words.",
        "In: word 3 of blocks 0 and 1 (memory order) in r0, r1; the job at [sp, #4 JOB_SLOT].",
        f"Out: planes 0-7 in r0-r7. {len(alloc.lines)} instructions, {alloc.cycles} cycles."], alloc, False))
    program, outs = ctr_output()
    alloc = compile_program(program, outs, state_in(STATE), CTR_OUTPUT_REGS, 101, {"job": ("slot", JOB_SLOT)},
                            high=t1.HIGH[1:] + ["lr"])
    frame = max(frame, alloc.slots)
    summary.append(("aes_ctr_output", len(alloc.lines), alloc.cycles))
    parts.append(macro("aes_ctr_output", [
        "The keystream of a CTR pass in column words, XORed with the 32 input bytes at job->in.",
        "In: planes 0-7 in r0-r7 (representation 2); the job at [sp, #4 JOB_SLOT].",
        f"Out: words 0-7 in {', '.join(CTR_OUTPUT_REGS)} (block 0's in r0-r3).",
        f"{len(alloc.lines)} instructions, {alloc.cycles} cycles."], alloc, False))
    # The conversions of aes_ct32.c's encrypt_words (column words <-> planes).
    for name, (program, outs), seed, doc in (
            ("aes_words_to_planes", words_to_planes(), 102, "The transposition: column words 0-7 to planes 0-7."),
            ("aes_planes_to_words", planes_to_words(), 103,
             "Planes 0-7 (representation 2) to column words 0-7: the transposition, then SR^2.")):
        alloc = compile_program(program, outs, state_in(STATE), STATE, seed, {})
        frame = max(frame, alloc.slots)
        summary.append((name, len(alloc.lines), alloc.cycles))
        parts.append(macro(name, [doc, "In and out: r0-r7. Clobbers r8-r12 and the spill slots.",
                                  f"{len(alloc.lines)} instructions, {alloc.cycles} cycles."], alloc, False))
    head = ["/* Stack frame: [sp] rk, rk + 128, rk + 256, LOW(2), LOW(4), LOW(6), the CTR job, then the",
            " * spill slots. */",
            f"#define AES_FRAME_MASKS {4 * MASK_SLOTS[2]}",
            f"#define AES_FRAME_JOB {4 * JOB_SLOT}",
            f"#define AES_FRAME_BYTES {(4 * frame + 15) & ~15}", ""]
    return "\n".join(head) + "\n" + "\n".join(parts), summary

