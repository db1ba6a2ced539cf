"""The fixsliced AES-128 rounds as RV32I macros for src/aes/aes_ct32_rv32.S (imported by
gen_tables.py): each round is built as a data-flow program by aes_rounds.py, ordered for few
live values (dataflow.anneal) and register-allocated by regalloc.py (its RV32I back end:
rv32_alloc.py), and checked by simulating the emitted instructions.

RV32I has neither rotations nor rotated operands: a row rotation (ror 8 m) is two shifts and
an OR, and a lane rotation by s bits (columns) is
    lane_ror(y, s) = ((y >> s) & LOW(s)) | ((y & LOW(8 - s)) << (8 - s)),
    LOW(s) = the low 8 - s bits of every byte,
with LOW(2), LOW(4) and LOW(6) held in registers throughout. The S-box is the circuit of
aes_circuit.py without the recomputed operands and with the merged bottom layer (fewer
gates; 24 registers hold what that keeps live).
"""
import random

import aes_rounds as ar
import dataflow
import regalloc
import rv32_alloc as rv

STATE = ["s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5"]  # the planes at routine boundaries
MASKS = {2: "t3", 4: "t4", 6: "t5"}                      # LOW(2), LOW(4), LOW(6)
POOL = [r for r in rv.POOL if r not in MASKS.values()]
RK_SLOT = 0    # [sp]: the round-key pointer (decryption: of the current group of four rounds),
SPILL_BASE = 1  # loaded where AddRoundKey needs it; spill slots from [sp, #4] on
SBOX_ITERATIONS = 20000  # annealing steps ordering each S-box circuit
ROUND_ITERATIONS = 10000  # and each round


def mask_name(s):
    return f"LOW{s}"


def rows_up_for(p, k):
    """rows_up (aes_rounds.mix_columns_ops) in RV32I: no rotation is left to the user."""
    def ror(x, r):
        return p.orr(p.lsr(x, r), p.lsl(x, 32 - r))

    def lane_ror(y, s):
        return p.orr(p.and_(p.lsr(y, s), mask_name(s)), p.lsl(p.and_(y, mask_name(8 - s)), 8 - s))

    def rows_up(x, m):
        s = 2 * m * k % 8
        y = ror(x, 8 * m)
        return (lane_ror(y, s) if s else y), 0
    return rows_up


# Where aes_encrypt_rounds may leave the planes: not in the registers the CTR pass after it
# uses as scratch.
CTR_SCRATCH = ["ra", "a6", "a7", "t0", "t1", "t2"]


def compile_round(program, outs, ins, out_regs, seed, uses_rk=True, output_pool=None):
    """ins: the input planes' registers; out_regs: the output registers, or None for any (of
    output_pool, default all)."""
    inputs = {f"s{b}": ins[b] for b in range(8)}
    inputs.update({mask_name(s): r for s, r in MASKS.items()})
    if uses_rk:
        inputs["rk"] = ("slot", RK_SLOT)
    live_in = [v for v in inputs if v != "rk"]
    order = dataflow.anneal(program.ops, lambda o: dataflow.excess_pressure(o, live_in, outs, len(POOL)),
                            random.Random(seed), ROUND_ITERATIONS)
    outputs = {o: (out_regs[b] if out_regs else None) for b, o in enumerate(outs)}
    alloc = rv.RV32(order, inputs, outputs, POOL, slot_base=SPILL_BASE, output_pool=output_pool).allocate()
    check(order, alloc, outs, inputs, seed)
    return alloc


def check(ops, alloc, outs, inputs, seed):
    """The emitted instructions compute what the program says, on random words."""
    rng = random.Random(seed)
    for _ in range(4):
        values = {v: rng.getrandbits(32) for v in inputs}
        values.update({mask_name(s): ar.lane_low(s) for s in MASKS})
        base = values["rk"] = 0x20000000
        memory = {(base, off): rng.getrandbits(32) for off in range(0, 64, 4)}
        want = dataflow.evaluate(ops, values, memory)
        memory[("sp", 4 * RK_SLOT)] = base
        got = regalloc.simulate(alloc.lines, {inputs[v]: values[v] for v in inputs if v != "rk"}, memory, rv.execute)
        for b, o in enumerate(outs):
            assert got[alloc.outputs[o]] == want[o], f"generated round: plane {b} is wrong"


def macro(name, doc, alloc, keyed):
    """A macro; keyed: it takes the offset of its round key from the pointer at [sp]."""
    lines = ["/*"] + [f" * {line}" for line in doc] + [" */", f".macro {name}{' off' if keyed else ''}"]
    for text, comment in alloc.lines:
        if comment.startswith("round key plane"):
            text = text.replace(", ", ", \\off + ", 1)
        lines.append(f"    {text:<34} # {comment}")
    lines.append(".endm")
    return "\n".join(lines) + "\n"


def rounds_header(sbox, inv_sbox):
    """The text of src/aes/aes_ct32_rv32_rounds.h and a summary (name, instructions)."""
    ar.register_friendly_order(*sbox, 1, SBOX_ITERATIONS, len(POOL))
    ar.register_friendly_order(*inv_sbox, 2, SBOX_ITERATIONS, len(POOL))
    enc = lambda k: ar.encrypt_round(sbox, k, rows_up_for)
    dec = lambda k: ar.decrypt_round(inv_sbox, k, rows_up_for)
    # (macro, program, input registers (a macro name or STATE), forced outputs, doc)
    jobs = ar.unrolled_encryption(enc, STATE, "ANY")
    jobs += [("aes_decrypt_first_round", dec(None), "STATE", STATE,
              "The first decryption round: AddRoundKey, InvSubBytes (from representation 2)."),
             ("aes_decrypt_round_1", dec(1), "STATE", None, None),
             ("aes_decrypt_round_0", dec(0), "aes_decrypt_round_1", None, None),
             ("aes_decrypt_round_3", dec(3), "aes_decrypt_round_0", None, None),
             ("aes_decrypt_round_2", dec(2), "aes_decrypt_round_3", STATE, None),
             ("aes_decrypt_last_round", ar.add_round_key_only(), "aes_decrypt_round_1", STATE,
              "AddRoundKey after the last decryption round."),
             ("aes_sub_bytes", ar.sbox_only(sbox), "STATE", None, "SubBytes without its constant 0x63.")]
    out_regs, parts, summary, frame = {}, [], [], SPILL_BASE
    for i, (name, (program, outs), source, forced, doc) in enumerate(jobs):
        if doc is None:
            k = name[-1]
            doc = f"Decryption round in representation {k}: AddRoundKey, InvMixColumns({k}), InvSubBytes."
        keyed = name != "aes_sub_bytes"
        ins = STATE if source == "STATE" else out_regs[source]
        pool = [r for r in POOL if r not in CTR_SCRATCH] if forced == "ANY" else None
        alloc = compile_round(program, outs, ins, None if forced == "ANY" else forced, seed=i, uses_rk=keyed,
                              output_pool=pool)
        out_regs[name] = [alloc.outputs[o] for o in outs]
        frame = max(frame, alloc.slots)
        regs = ", ".join
        lines = [doc,
                 f"In: planes 0-7 in {regs(ins)}" +
                 (", the round key at off bytes from the pointer at [sp]." if keyed else "."),
                 f"Out: planes 0-7 in {regs(out_regs[name])}. Clobbers the other registers but t3-t5",
                 f"(LOW(2), LOW(4), LOW(6)), sp, gp, tp, and the spill slots. {len(alloc.lines)} instructions."]
        summary.append((name, len(alloc.lines)))
        parts.append(macro(name, lines, alloc, keyed))
    head = ["/* Stack frame of the rounds: [sp] the round-key pointer, then the spill slots. */",
            f"#define AES_ROUNDS_FRAME_BYTES {4 * frame}", "",
            "/* The registers of planes 0-7 after aes_encrypt_round_10 (none of ra, a6, a7, t0-t2). */",
            "#define AES_ENCRYPT_PLANES " + ", ".join(out_regs["aes_encrypt_round_10"]), "",
            "/* The registers of planes 0-7 after aes_sub_bytes. */",
            "#define AES_SUB_BYTES_PLANES " + ", ".join(out_regs["aes_sub_bytes"]), ""]
    return "\n".join(head) + "\n" + "\n".join(parts), summary
