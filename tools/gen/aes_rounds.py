"""The fixsliced AES-128 rounds as data-flow programs (dataflow.py), for every instruction set
the rounds are generated for (aes_armv7m.py: Thumb-2; aes_rv32.py: RV32I; aes_armv6m.py:
Thumb-1): the S-box circuit of aes_circuit.py, MixColumns (or InvMixColumns) in the round's
representation, AddRoundKey. What differs per instruction set is how a plane's rows are
moved (rows_up below): each back end passes a function making its own.

State and round keys as in src/aes/aes_ct32.c: plane b (bit b of all 32 bytes) in one word,
row r of the state in byte lane r, column c of block B at bit 2c + B of the lane. MixColumns
in representation k takes the next row of a column from k columns further on (rows_up in
aes_ct32.c): a rotation of the word by one row, and for k != 0 a rotation inside each byte
lane by 2k bits. The round key planes are read from rk + 4 b.
"""
import random

import dataflow

STATE_NAMES = [f"s{b}" for b in range(8)]


def lane_low(s):
    """LOW(s): the low 8 - s bits of every byte."""
    return 0x01010101 * (0xff >> s)


def sbox_ops(p, circuit, out, x):
    names = {f"x{i}": x[i] for i in range(8)}
    for dst, op, a, b in circuit.gates:
        comment = f"{dst} = {a} {op} {b}"
        names[dst] = (p.eor if op == "^" else p.and_)(names[a], names[b], comment=comment)
    return [names[o] for o in out]


def xtime_sources(t):
    """Plane b of 2 t as the list of planes of t summed (x^8 = x^4 + x^3 + x + 1)."""
    return [[t[7]], [t[0], t[7]], [t[1]], [t[2], t[7]], [t[3], t[7]], [t[4]], [t[5]], [t[6]]]


def lazy(make):
    """A list-like view whose item b is made by make(b) when first asked for."""
    cache = {}

    def get(b):
        if b not in cache:
            cache[b] = make(b)
        return cache[b]
    return get


def mix_columns_ops(p, a, rows_up_maker):
    """Output plane b needs t(b - 1) (the doubling), the next row of a(b), and t(b) (and t7):
    the planes are done from 7 down, each t made just before it is first needed (a: a list
    or a function of b). rows_up_maker() gives rows_up(x, m): the bit of row r + m, column
    c + m k moved to row r, column c, as (value, rotation to apply when it is used)."""
    rows_up = rows_up_maker()
    plane = a if callable(a) else a.__getitem__
    nexts, t = [None] * 8, [None] * 8

    def make_t(b):
        nexts[b] = rows_up(plane(b), 1)
        t[b] = p.eor(plane(b), *nexts[b], comment=f"t{b} = a{b} + next row")
    out = [None] * 8
    make_t(7)
    for b in (7, 6, 5, 4, 3, 2, 1, 0):
        if b > 0 and t[b - 1] is None:
            make_t(b - 1)
        srcs = xtime_sources(t)[b]
        o = p.eor(srcs[0], *nexts[b], comment=f"plane {b}: 2 t + next row")
        for extra in srcs[1:]:
            o = p.eor(o, extra)
        n2, r2 = rows_up(t[b], 2)
        out[b] = p.eor(o, n2, r2, comment=f"plane {b}: + t two rows up")
    return out


def inv_mix_columns_ops(p, q, rows_up_maker):
    """MixColumns after q += 4 u, u = q + q two rows up; each plane of u and of q + 4 u is
    made when MixColumns first needs it."""
    rows_up = rows_up_maker()

    def make_u(b):
        n2, r2 = rows_up(q[b], 2)
        return p.eor(q[b], n2, r2, comment=f"u{b} = q{b} + two rows up")
    u = lazy(make_u)
    four_u = [[6], [6, 7], [0, 7], [1, 6], [2, 6, 7], [3, 7], [4], [5]]  # planes of 4 u

    def make_q2(b):
        v = q[b]
        for i in four_u[b]:
            v = p.eor(v, u(i), comment=f"q{b} + 4u")
        return v
    return mix_columns_ops(p, lazy(make_q2), rows_up_maker)


def add_round_key_ops(p, q):
    """The round key's planes from rk + 4 b (the macros add their offset to the 4 b)."""
    return [p.eor(q[b], p.ldr("rk", 4 * b, comment=f"round key plane {b}"),
                  comment=f"plane {b} + round key") for b in range(8)]


def encrypt_round(sbox, k, rows_up_for):
    """SubBytes, MixColumns in representation k (none for k None: the last round), AddRoundKey.
    rows_up_for(p, k) makes the instruction set's rows_up (see mix_columns_ops)."""
    p = dataflow.Program()
    q = sbox_ops(p, *sbox, STATE_NAMES)
    if k is not None:
        q = mix_columns_ops(p, q, lambda: rows_up_for(p, k))
    return p, add_round_key_ops(p, q)


def decrypt_round(inv_sbox, k, rows_up_for):
    p = dataflow.Program()
    q = add_round_key_ops(p, STATE_NAMES)
    if k is not None:
        q = inv_mix_columns_ops(p, q, lambda: rows_up_for(p, k))
    return p, sbox_ops(p, *inv_sbox, q)


def unrolled_encryption(enc, state, last_outputs):
    """The jobs (macro, program, input registers: STATE or the macro before, forced outputs,
    doc) of an unrolled encryption, each round allocated for where the one before left the
    planes: AddRoundKey 0 (planes from and to state), rounds 1-9, round 10 (last_outputs).
    enc(k) is the round in representation k (None: the last)."""
    jobs = [("aes_encrypt_first_round", add_round_key_only(), "STATE", state,
             "AddRoundKey before the first encryption round.")]
    source = "STATE"
    for r in range(1, 10):
        jobs.append((f"aes_encrypt_round_{r}", enc(r % 4), source, None,
                     f"Encryption round {r} (representation {r % 4}): SubBytes, MixColumns({r % 4}), AddRoundKey."))
        source = f"aes_encrypt_round_{r}"
    jobs.append(("aes_encrypt_round_10", enc(None), source, last_outputs,
                 "The last encryption round: SubBytes, AddRoundKey (the state ends in representation 2)."))
    return jobs


def add_round_key_only():
    p = dataflow.Program()
    return p, add_round_key_ops(p, STATE_NAMES)


def sbox_only(sbox):
    p = dataflow.Program()
    return p, sbox_ops(p, *sbox, STATE_NAMES)


def register_friendly_order(circuit, out, seed, iterations, registers):
    """Reorders the circuit's gates (a topological order with few values live at once)."""
    p = dataflow.Program()
    outs = sbox_ops(p, circuit, out, STATE_NAMES)
    order = dataflow.anneal(p.ops, lambda o: dataflow.excess_pressure(o, STATE_NAMES, outs, registers),
                            random.Random(seed), iterations)
    position = {op[3].split(" =")[0]: i for i, op in enumerate(order)}
    circuit.gates.sort(key=lambda g: position[g[0]])
