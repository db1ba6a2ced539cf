"""The fixsliced AES-128 rounds as Thumb-2 macros for src/aes/aes_ct32_armv7m.S (imported by
gen_tables.py): each round is built as a data-flow program by aes_rounds.py, then ordered
(dataflow.anneal) and register-allocated by regalloc.py (its Thumb-2 back end:
thumb2_alloc.py), and checked by simulating the emitted instructions. The planes come in
r0-r7 (rounds after the first of a chain take them where the previous one left them). A
rotation of a plane by one row (ror 8) goes into the operand that uses it; a rotation
inside each byte lane by 2k bits is done with one mask:
    lane_ror(y, s) = (y ror s) ^ ((y ror s ^ y ror (s + 8)) & LOW(s)),
    LOW(s) = the low 8 - s bits of every byte.
"""
import random
import re

import aes_rounds as ar
import dataflow
import regalloc
import thumb2_alloc as t2

STATE = [f"r{b}" for b in range(8)]
RK_SLOT = 0    # [sp]: the round-key pointer (decryption: of the current group of four rounds)
SPILL_BASE = 1  # spill slots from [sp, #4] on
SBOX_ITERATIONS = 20000  # annealing steps ordering each S-box circuit
ROUND_ITERATIONS = 3000  # and each round


def rows_up_for(p, k):
    """rows_up (aes_rounds.mix_columns_ops) in Thumb-2: a row rotation is left to the operand
    that uses it; a lane rotation is done with one mask (LOW(s) made once per call)."""
    cache = {}

    def mask(s):
        if s not in cache:
            cache[s] = p.imm(ar.lane_low(s), comment=f"LOW({s})")
        return cache[s]

    def rows_up(x, m):
        s = 2 * m * k % 8
        if s == 0:
            return x, 8 * m % 32
        w = p.eor(x, x, 8)                               # x ^ x ror 8
        u = p.and_(mask(s), w, (8 * m - 8 + s) % 32)     # (x ror (8m - 8 + s) ^ x ror (8m + s)) & LOW
        return p.eor(u, x, (8 * m - 8 + s) % 32), 0
    return rows_up


def encrypt_round(sbox, k):
    return ar.encrypt_round(sbox, k, rows_up_for)


def decrypt_round(inv_sbox, k):
    return ar.decrypt_round(inv_sbox, k, rows_up_for)


def compile_round(program, outs, ins, out_regs, seed, uses_rk=True):
    """ins: the input planes' registers; out_regs: the output registers, or None for any."""
    inputs = {f"s{b}": ins[b] for b in range(8)}
    if uses_rk:
        inputs["rk"] = ("slot", RK_SLOT)
    live_in = list(inputs)
    order = dataflow.anneal(program.ops, lambda o: dataflow.excess_pressure(o, live_in, outs, len(t2.REGISTERS)),
                            random.Random(seed), ROUND_ITERATIONS)
    outputs = {o: (out_regs[b] if out_regs else None) for b, o in enumerate(outs)}
    alloc = t2.Thumb2(order, inputs, outputs, t2.REGISTERS, slot_base=SPILL_BASE,
                      output_pool=t2.REGISTERS[:12]).allocate()
    check(order, alloc, outs, ins, seed)
    return alloc


def check(ops, alloc, outs, ins, seed):
    """The emitted instructions compute what the program says, on random words."""
    rng = random.Random(seed)
    for _ in range(4):
        values = {f"s{b}": rng.getrandbits(32) for b in range(8)}
        base = 0x20000000
        memory = {(base, off): rng.getrandbits(32) for off in range(-64, 1024, 4)}
        want = dataflow.evaluate(ops, dict(values, rk=base), memory)
        regs = {ins[b]: values[f"s{b}"] for b in range(8)}
        memory[("sp", 4 * RK_SLOT)] = base
        got = regalloc.simulate(alloc.lines, regs, memory, t2.execute)
        for b, o in enumerate(outs):
            assert got[alloc.outputs[o]] == want[o], f"generated round: plane {b} is wrong"


REGISTER_WORD = re.compile(r"\b(r1[0-2]|r[0-9]|lr)\b")


def macro(name, doc, alloc, keyed):
    """A macro; keyed: it takes the offset of its round key from the pointer at [sp]. Its
    registers are parameters p0-p13 (r0-r12, lr by default), so that a copy can run with
    the registers renamed (aes_ct32_armv7m.S unrolls the encryption rounds so)."""
    params = ", ".join(f"p{i}={r}" for i, r in enumerate(t2.REGISTERS))
    lines = ["/*"] + [f" * {line}" for line in doc] + [" */",
                                                       f".macro {name} {'off, ' if keyed else ''}{params}"]
    for text, comment in alloc.lines:
        if comment.startswith("round key plane"):
            text = text.replace("#", "#(\\off + ").replace("]", ")]")
        text = REGISTER_WORD.sub(lambda m: f"\\p{t2.REGISTERS.index(m.group(1))}", text)
        lines.append(f"    {text:<34} @ {comment}")
    lines.append(".endm")
    return "\n".join(lines) + "\n"


def renaming(before, after):
    """A permutation of the registers taking before[i] to after[i] (the rest in order)."""
    sigma = dict(zip(before, after))
    rest = [r for r in t2.REGISTERS if r not in after]
    for r in t2.REGISTERS:
        if r not in sigma:
            sigma[r] = rest.pop(0)
    return sigma


def rounds_header(sbox, inv_sbox):
    """The text of src/aes/aes_ct32_armv7m_rounds.h and a summary (name, instructions, cycles)."""
    ar.register_friendly_order(*sbox, 1, SBOX_ITERATIONS, len(t2.REGISTERS))
    ar.register_friendly_order(*inv_sbox, 2, SBOX_ITERATIONS, len(t2.REGISTERS))
    # (macro, program, input registers (a macro name or STATE), forced outputs, doc)
    jobs = [("aes_encrypt_first_round", ar.add_round_key_only(), "STATE", STATE,
             "AddRoundKey before the first encryption round."),
            ("aes_encrypt_round_1", encrypt_round(sbox, 1), "STATE", None, None),
            ("aes_encrypt_round_2", encrypt_round(sbox, 2), "aes_encrypt_round_1", None, None),
            ("aes_encrypt_round_3", encrypt_round(sbox, 3), "aes_encrypt_round_2", None, None),
            ("aes_encrypt_round_0", encrypt_round(sbox, 0), "aes_encrypt_round_3", None, None),
            ("aes_encrypt_last_round", encrypt_round(sbox, None), "group 3", STATE,
             "The last encryption round: SubBytes, AddRoundKey (the state ends in representation 2)."),
            ("aes_decrypt_first_round", decrypt_round(inv_sbox, None), "STATE", STATE,
             "The first decryption round: AddRoundKey, InvSubBytes (from representation 2)."),
            ("aes_decrypt_round_1", decrypt_round(inv_sbox, 1), "STATE", None, None),
            ("aes_decrypt_round_0", decrypt_round(inv_sbox, 0), "aes_decrypt_round_1", None, None),
            ("aes_decrypt_round_3", decrypt_round(inv_sbox, 3), "aes_decrypt_round_0", None, None),
            ("aes_decrypt_round_2", decrypt_round(inv_sbox, 2), "aes_decrypt_round_3", STATE, None),
            ("aes_decrypt_last_round", ar.add_round_key_only(), "aes_decrypt_round_1", STATE,
             "AddRoundKey after the last decryption round."),
            ("aes_sub_bytes", ar.sbox_only(sbox), "STATE", None, "SubBytes without its constant 0x63.")]
    out_regs, parts, summary, frame = {}, [], [], SPILL_BASE
    for i, (name, (program, outs), source, forced, doc) in enumerate(jobs):
        k = name[-1]
        if doc is None and "encrypt" in name:
            doc = f"Encryption round in representation {k}: SubBytes, MixColumns({k}), AddRoundKey."
        elif doc is None:
            doc = f"Decryption round in representation {k}: AddRoundKey, InvMixColumns({k}), InvSubBytes."
        keyed = name != "aes_sub_bytes"
        if source == "group 3":  # rounds 5-8 run with the registers renamed by sigma, round 9 by sigma^2
            sigma = renaming(STATE, out_regs["aes_encrypt_round_0"])
            ins = [sigma[sigma[r]] for r in out_regs["aes_encrypt_round_1"]]
            groups = [f"#define AES_ENCRYPT_GROUP_{g} " + ", ".join(regs)
                      for g, regs in ((2, [sigma[r] for r in t2.REGISTERS]),
                                      (3, [sigma[sigma[r]] for r in t2.REGISTERS]))]
        else:
            ins = STATE if source == "STATE" else out_regs[source]
        alloc = compile_round(program, outs, ins, forced, seed=i, uses_rk=keyed)
        out_regs[name] = [alloc.outputs[o] for o in outs]
        frame = max(frame, alloc.slots)
        regs = lambda rs: ", ".join(f"{r}" for r in rs)
        lines = [doc,
                 f"In: planes 0-7 in {regs(ins)}" +
                 (", the round key at off bytes from the pointer at [sp]." if keyed else "."),
                 f"Out: planes 0-7 in {regs(out_regs[name])}. Clobbers the other registers of r0-r12,",
                 f"lr and the spill slots. {len(alloc.lines)} instructions, {alloc.cycles} cycles (cycle_model.py)."]
        summary.append((name, len(alloc.lines), alloc.cycles))
        parts.append(macro(name, lines, alloc, keyed))
    head = ["/* Stack frame of the rounds: [sp] the round-key pointer, then the spill slots. */",
            f"#define AES_ROUNDS_FRAME_BYTES {4 * frame}", "",
            "/*",
            " * The encryption rounds of representations 1, 2, 3, 0 take the planes in r0-r7 and leave",
            " * them where round 1 needs them renamed by sigma: the registers p0-p13 (r0-r12, lr in the",
            " * macros) of rounds 5-8 are sigma(r0), ..., sigma(lr), those of round 9 sigma^2, so that no",
            " * planes move between the rounds.",
            " */"] + groups + [
            "/* The registers of planes 0-7 after aes_sub_bytes. */",
            "#define AES_SUB_BYTES_PLANES " + ", ".join(out_regs["aes_sub_bytes"]), ""]
    return "\n".join(head) + "\n" + "\n".join(parts), summary
