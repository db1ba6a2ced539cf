"""The AES S-box and its inverse as circuits of XOR and AND gates, for the bitsliced AES
(src/aes/aes_ct32.c), derived from the field arithmetic (imported by gen_tables.py).

The inverse in GF(2^8) is computed in a tower of normal bases (Canright's construction):
  GF(4)   = GF(2)(W),   W^2 + W + 1 = 0,    basis (W^2, W):      2 bits (g1, g0);
  GF(16)  = GF(4)(Z),   Z^2 + Z + N = 0,    basis (Z^4, Z):      4 bits, 2 bits per GF(4) digit;
  GF(256) = GF(16)(Y),  Y^2 + Y + NU = 0,   basis (Y^16, Y):     8 bits (high nibble = Y^16).
In each normal basis (a1, a0) * (b1, b0) = (a1 b1 + e, a0 b0 + e) with e = c (a1 + a0)(b1 + b0)
(c = 1 in GF(4), N in GF(16), NU in GF(256)); 1 is all ones and squaring swaps the digits.
The inverse of (h, l) in GF(256) is (l / D, h / D) with D = h l + NU (h + l)^2 in GF(16).

The circuit (structured as Boyar and Peralta's S-box circuits): a linear top layer computes
from the input bits the operands of the GF(16) multiplications (each GF(16) product takes 9
ANDs of paired linear forms, Karatsuba over the GF(4) digits); the middle, shared by both
directions, computes D (9 ANDs), its inverse in GF(16) (5 ANDs, a circuit found by a small
search) and the two GF(16) products l / D and h / D (18 ANDs) summed into the 8 tower bits;
a linear bottom layer maps those to the output bits (basis change back, and the affine map
for the forward S-box). The linear layers are reduced with Boyar and Peralta's
shortest-linear-program heuristic (greedy, distance-based, with cancellation). 127 gates
forward, 128 inverse (32 ANDs each).
The forward circuit computes S(x) + 0x63, the inverse S^-1(y + 0x63): the constant is
left to the caller (the bitsliced AES folds it into the round keys).
"""
import random

# Tower parameters: N = W, NU = the GF(16) element 0b0001, and the root BETA of the AES
# polynomial that maps AES bit i to BETA^i. Of the 128 (N, NU, root) choices, the smallest
# circuits have 126-127 gates; of the six best compiled into Thumb-2 rounds
# (aes_armv7m.py), this one gave the cheapest rounds.
TOWER_N = 0b01
TOWER_NU = 0b0001
TOWER_BETA = 0x06
SLP_SEED = 1


def gf4_mul(a, b):
    a1, a0, b1, b0 = a >> 1, a & 1, b >> 1, b & 1
    p = (a1 ^ a0) & (b1 ^ b0)
    return (p ^ (a1 & b1)) << 1 | (p ^ (a0 & b0))


def gf16_mul(a, b):
    a1, a0, b1, b0 = a >> 2, a & 3, b >> 2, b & 3
    e = gf4_mul(TOWER_N, gf4_mul(a1 ^ a0, b1 ^ b0))
    return (gf4_mul(a1, b1) ^ e) << 2 | (gf4_mul(a0, b0) ^ e)


def gf256_mul(a, b):
    ah, al, bh, bl = a >> 4, a & 15, b >> 4, b & 15
    e = gf16_mul(TOWER_NU, gf16_mul(ah ^ al, bh ^ bl))
    return (gf16_mul(ah, bh) ^ e) << 4 | (gf16_mul(al, bl) ^ e)


ONE16, ONE256 = 0b1111, 0xff


def gf16_inverse(a):
    return next((b for b in range(16) if gf16_mul(a, b) == ONE16), 0)


def to_tower_columns():
    """The images of the AES bits x^i: BETA^i (a root of x^8 + x^4 + x^3 + x + 1)."""
    powers = [ONE256]
    for _ in range(8):
        powers.append(gf256_mul(powers[-1], TOWER_BETA))
    assert powers[8] ^ powers[4] ^ powers[3] ^ powers[1] ^ powers[0] == 0, "BETA is not a root"
    return powers[:8]


def apply(cols, x):
    """A GF(2)-linear map given by the images of the unit vectors."""
    r = 0
    for i, c in enumerate(cols):
        if x >> i & 1:
            r ^= c
    return r


def rows(cols, nbits):
    """Output bit j of the map as a linear form (bit i = input i)."""
    return [sum((cols[i] >> j & 1) << i for i in range(len(cols))) for j in range(nbits)]


def karatsuba_forms(n):
    """The 9 operands of a GF(16) multiplication by the 4-bit value n[3..0] (linear forms):
    for each GF(4) product (high digits, low digits, digit sums), its 3 operands."""
    n3, n2, n1, n0 = n[3], n[2], n[1], n[0]
    return [n3, n2, n3 ^ n2, n1, n0, n1 ^ n0, n3 ^ n1, n2 ^ n0, n3 ^ n2 ^ n1 ^ n0]


def product_forms(p):
    """Bits 0..3 of a GF(16) product from its 9 ANDs p[k] (linear forms over them)."""
    def digit(k):  # a GF(4) product (c1, c0) from its three ANDs
        return p[k + 2] ^ p[k], p[k + 2] ^ p[k + 1]
    high, low, mid = digit(0), digit(3), digit(6)
    e = (0, 0)
    for bit, form in ((1, mid[0]), (0, mid[1])):  # e = N * mid, applied to the forms
        img = gf4_mul(TOWER_N, 1 << bit)
        e = (e[0] ^ (form if img & 2 else 0), e[1] ^ (form if img & 1 else 0))
    return [low[1] ^ e[1], low[0] ^ e[0], high[1] ^ e[1], high[0] ^ e[0]]


def shortest_linear_program(nbits, targets, rng):
    """Boyar-Peralta heuristic: XOR gates computing every target (a linear form over nbits
    inputs). The base starts with the inputs; each step adds the sum of two base elements
    that minimises the sum of the targets' distances (the fewest base elements summing to
    each target, minus one), ties broken by the largest sum of squared distances, then at
    random. Returns the gates as (form, operand form, operand form)."""
    size = 1 << nbits
    cost = bytearray(bin(v).count("1") for v in range(size))  # fewest base elements summing to v
    base = [1 << i for i in range(nbits)]
    todo = sorted({t for t in targets if cost[t] > 1})
    gates = []
    while todo:
        best, choices = None, []
        for i in range(len(base)):
            for j in range(i):
                e = base[i] ^ base[j]
                if cost[e] == 1:
                    continue
                dist = [min(cost[t] - 1, cost[t ^ e]) for t in todo]
                key = (e not in todo, sum(dist), -sum(d * d for d in dist))
                if best is None or key < best:
                    best, choices = key, [(e, base[i], base[j])]
                elif key == best:
                    choices.append((e, base[i], base[j]))
        gate = rng.choice(choices)
        e = gate[0]
        gates.append(gate)
        base.append(e)
        perm = [cost[v ^ e] + 1 for v in range(size)]
        cost = bytearray(map(min, cost, perm))
        todo = [t for t in todo if cost[t] > 1]
    return gates


class Circuit:
    """Straight-line program over named signals: gates (dst, op, a, b), op '^' or '&'."""

    def __init__(self, inputs, prefix="t"):
        self.inputs = list(inputs)
        self.gates = []
        self.count = 0
        self.prefix = prefix

    def gate(self, op, a, b):
        name = f"{self.prefix}{self.count}"
        self.count += 1
        self.gates.append((name, op, a, b))
        return name

    def linear_layer(self, inputs, targets):
        """Signals for the target forms over the input signals (bit i = inputs[i])."""
        signal = {1 << i: s for i, s in enumerate(inputs)}
        for e, a, b in shortest_linear_program(len(inputs), targets, random.Random(SLP_SEED)):
            signal[e] = self.gate("^", signal[a], signal[b])
        return [signal[t] for t in targets]

    def evaluate(self, values):
        """Runs the circuit on integers (one bit per lane): {input: value} -> {signal: value}."""
        v = dict(values)
        for dst, op, a, b in self.gates:
            v[dst] = v[a] ^ v[b] if op == "^" else v[a] & v[b]
        return v


# ---- 1/D in GF(16) with 5 ANDs ----------------------------------------------------------
# Functions of D's four bits are truth tables: 16-bit integers, bit v = the value at D = v.
TRUTH_ONE = 0xffff
TRUTH_BITS = [sum(1 << v for v in range(16) if v >> i & 1) for i in range(4)]


def truth_span_reduce(basis, v):
    """v reduced by an echelon basis {leading bit: vector}; 0 if v is in the span."""
    while v:
        lead = v.bit_length() - 1
        if lead not in basis:
            return v
        v ^= basis[lead]
    return 0


def with_vector(basis, v):
    r = truth_span_reduce(basis, v)
    if not r:
        return None
    extended = dict(basis)
    extended[r.bit_length() - 1] = r
    return extended


def reachable_with_one_xor(available):
    """The functions computable from the available ones with at most one more XOR: {f: XORs}."""
    out = {f: 0 for f in available}
    ordered = sorted(available)
    for i, f in enumerate(ordered):
        for g in ordered[i + 1:]:
            out.setdefault(f ^ g, 1)
    out.pop(0, None)
    out.pop(TRUTH_ONE, None)
    return out


def gf16_inverse_search():
    """The cheapest circuit for the 9 Karatsuba operands of 1/D (karatsuba_forms) with 5 ANDs,
    each AND operand and each output at most one XOR away from what is computed before it;
    cost = the number of XORs. Branch and bound over the ANDs (Boyar and Peralta showed 5
    ANDs suffice for the GF(16) inverse); a partial circuit is pruned unless its ANDs and
    D's bits span enough of the inverse's coordinate functions to finish with the ANDs left.
    Returns the ANDs as (operand, operand) truth tables."""
    inverse = [gf16_inverse(v) for v in range(16)]
    coords = [sum(1 << v for v in range(16) if inverse[v] >> j & 1) for j in range(4)]
    targets = karatsuba_forms(coords)
    coordinate_space = [0]
    for f in coords:
        coordinate_space += [g ^ f for g in coordinate_space]
    coordinate_space = coordinate_space[1:]

    def covered(basis):  # nonzero functions of the coordinates' span inside the basis's span
        return sum(1 for f in coordinate_space if truth_span_reduce(basis, f) == 0)
    needed = {2: 1, 3: 3, 4: 7, 5: 15}  # 2^(ANDs - 1) - 1: the span can grow by one per AND
    best = {"cost": 17, "ands": None}

    def outputs_cost(available):
        available, cost = set(available), 0
        for t in targets:
            if t not in available:
                if not any(t ^ f in available for f in available):
                    return None
                cost += 1
                available.add(t)
        return cost

    def search(ands, available, basis, cost):
        if len(ands) == 5:
            rest = outputs_cost(available)
            if rest is not None and cost + rest < best["cost"]:
                best["cost"], best["ands"] = cost + rest, list(ands)
            return
        candidates = sorted(reachable_with_one_xor(available).items())
        seen = set()
        for i, (a, cost_a) in enumerate(candidates):
            for b, cost_b in candidates[i + 1:]:
                key = frozenset((a, b, a ^ b))
                if cost + cost_a + cost_b >= best["cost"] or key in seen:
                    continue
                seen.add(key)
                extended = with_vector(basis, a & b)
                if extended is None or covered(extended) < needed.get(len(ands) + 1, 0):
                    continue
                search(ands + [(a, b)], available | {a, b, a & b}, extended, cost + cost_a + cost_b)
    basis = {}
    for f in [TRUTH_ONE] + TRUTH_BITS:
        basis = with_vector(basis, f)
    search([], set(TRUTH_BITS), basis, 0)
    return best["ands"]


def gf16_inverse_gates(c, d, ands):
    """The gates of gf16_inverse_search's circuit on the signals d[0..3] (D's bits): returns
    the signals of the 9 Karatsuba operands of 1/D."""
    signal = {TRUTH_BITS[i]: d[i] for i in range(4)}

    def get(f):
        if f not in signal:
            x = next(g for g in sorted(signal) if f ^ g in signal)
            signal[f] = c.gate("^", signal[x], signal[f ^ x])
        return signal[f]
    for a, b in ands:
        signal[a & b] = c.gate("&", get(a), get(b))
    inverse = [gf16_inverse(v) for v in range(16)]
    return [get(f) for f in karatsuba_forms([sum(1 << v for v in range(16) if inverse[v] >> j & 1)
                                             for j in range(4)])]


def tower_inverse_products(inverse_ands, recompute_operands):
    """The middle of the S-box circuits up to its last ANDs: from the top layer's 22 signals y
    (the 9 operands of the high digit h, the 9 of the low digit l, the 4 bits of
    NU (h + l)^2): D = h l + NU (h + l)^2 (9 ANDs), 1/D (inverse_ands, gf16_inverse_search),
    and the 18 ANDs of l / D and h / D. recompute_operands: the products compute their
    operands' derived forms again from the base bits (10 XORs), so that only those 8 values
    stay live across the inverse (for few registers); else they take the top layer's.
    Returns the circuit and the ANDs: the 9 of h / D (the low digit), then the 9 of l / D."""
    c = Circuit([f"y{i}" for i in range(22)], prefix="m")
    high_ops, low_ops, norm_sig = c.inputs[:9], c.inputs[9:18], c.inputs[18:]
    p = [c.gate("&", a, b) for a, b in zip(high_ops, low_ops)]
    prod = product_forms([1 << k for k in range(9)])
    d = c.linear_layer(p + norm_sig, [prod[j] | 1 << (9 + j) for j in range(4)])
    inv_ops = gf16_inverse_gates(c, d, inverse_ands)

    def forms_again(f):  # karatsuba_forms from the base bits f[0], f[1], f[3], f[4]
        return c.linear_layer([f[4], f[3], f[1], f[0]], karatsuba_forms([1, 2, 4, 8]))
    if recompute_operands:
        high_ops, low_ops = forms_again(high_ops), forms_again(low_ops)
    q = [c.gate("&", a, b) for a, b in zip(inv_ops, low_ops)]   # high digit: l / D
    r = [c.gate("&", a, b) for a, b in zip(inv_ops, high_ops)]  # low digit: h / D
    return c, r + q


def tower_inverse_circuit(inverse_ands):
    """The middle of both S-box circuits: from the top layer's 22 signals y to the 8 bits z
    of 1/x in the tower (tower_inverse_products, its operands computed again; each product
    summed into its 4 bits on its own)."""
    c, ands = tower_inverse_products(inverse_ands, True)
    digit = product_forms([1 << k for k in range(9)])
    return c, c.linear_layer(ands[:9], digit) + c.linear_layer(ands[9:], digit)


def tower_bits_of_products():
    """The 8 tower bits z as linear forms over the 18 ANDs of tower_inverse_products."""
    digit = product_forms([1 << k for k in range(9)])
    return digit + [f << 9 for f in digit]


class SboxCircuit:
    """An S-box circuit in three parts: top (x0..x7 to the middle's y), the shared middle
    (tower_inverse_circuit, y to z), bottom (z0..z7 to the output bits); gates: all of them,
    with the parts' inputs renamed to the signals feeding them."""

    def __init__(self, top, top_out, middle, middle_out, bottom, out):
        self.top, self.top_out, self.middle, self.bottom = top, top_out, middle, bottom
        self.bottom_out = out
        rename = {f"y{i}": s for i, s in enumerate(top_out)}
        rename.update({f"z{j}": s for j, s in enumerate(middle_out)})
        self.gates = [(d, op, rename.get(a, a), rename.get(b, b))
                      for d, op, a, b in top.gates + middle.gates + bottom.gates]
        self.out = [rename.get(o, o) for o in out]

    def evaluate(self, values):
        v = dict(values)
        for dst, op, a, b in self.gates:
            v[dst] = v[a] ^ v[b] if op == "^" else v[a] & v[b]
        return v


def sbox_circuit(table, inverse, middle):
    """The circuit of S(x) + 0x63 (or, inverse, S^-1(y + 0x63)) on inputs x0..x7 (bit i of
    the byte), around middle = (tower_inverse_circuit, its outputs), checked against table
    (the S-box, or its inverse); returns (SboxCircuit, output signals for bits 0..7).
    With middle = (tower_inverse_products, its 18 ANDs), the bottom sums the ANDs into the
    output bits itself: one linear layer over 18 inputs, fewer XORs than the middle's sums
    and the 8-input bottom apart."""
    to_tower = to_tower_columns()
    from_tower = [next(x for x in range(256) if apply(to_tower, x) == 1 << j) for j in range(8)]
    rot = lambda x, n: ((x << n) | (x >> (8 - n))) & 0xff
    affine = [rot(1 << i, 0) ^ rot(1 << i, 1) ^ rot(1 << i, 2) ^ rot(1 << i, 3) ^ rot(1 << i, 4)
              for i in range(8)]  # FIPS 197 5.1.1 without the constant
    if inverse:
        affine_inv = [next(x for x in range(256) if apply(affine, x) == 1 << j) for j in range(8)]
        into = [apply(to_tower, affine_inv[i]) for i in range(8)]
        out_of = from_tower
    else:
        into = to_tower
        out_of = [apply(affine, c) for c in from_tower]
    t = rows(into, 8)
    # NU (h + l)^2, linear in the input
    norm_linear = rows([gf16_mul(TOWER_NU, gf16_mul((v >> 4) ^ (v & 15), (v >> 4) ^ (v & 15)))
                        for v in into], 4)
    top = Circuit([f"x{i}" for i in range(8)], prefix="t")
    top_out = top.linear_layer(top.inputs, karatsuba_forms(t[4:]) + karatsuba_forms(t[:4]) + norm_linear)
    n = len(middle[1])
    bottom = Circuit([f"z{j}" for j in range(n)], prefix="b")
    targets = rows(out_of, 8)
    if n == 18:
        z = tower_bits_of_products()
        targets = [apply(z, f) for f in targets]
    out = bottom.linear_layer(bottom.inputs, targets)
    circuit = SboxCircuit(top, top_out, *middle, bottom, out)
    check_sbox(circuit, circuit.out, table, inverse)
    return circuit, circuit.out


def check_sbox(c, out, table, inverse):
    """Runs the circuit on all 256 inputs at once (lane v = input v) against the table."""
    lanes = {f"x{i}": sum(1 << v for v in range(256) if v >> i & 1) for i in range(8)}
    v = c.evaluate(lanes)
    for j in range(8):
        want = sum(1 << x for x in range(256)
                   if (table[x ^ 0x63] if inverse else table[x] ^ 0x63) >> j & 1)
        assert v[out[j]] == want, f"S-box circuit bit {j} is wrong"


def c_middle(middle):
    """The shared middle as a macro of declarations: from y0..y21 to z0..z7."""
    circuit, out = middle
    lines = [f"/* The middle of both S-box circuits (the tower-field inverse), from the signals y0..y21",
             f" * of their top layers to the 8 bits z0..z7 of the inverse: "
             f"{sum(op == '^' for _, op, _, _ in circuit.gates)} XOR, "
             f"{sum(op == '&' for _, op, _, _ in circuit.gates)} AND. */",
             "#define AES_TOWER_INVERSE_GATES \\"]
    for dst, op, a, b in circuit.gates:
        lines.append(f"    const uint32_t {dst} = {a} {op} {b}; \\")
    lines.append("    " + " ".join(f"const uint32_t z{j} = {out[j]};" for j in range(8)))
    return "\n".join(lines) + "\n"


def c_function(name, circuit, what):
    """An S-box circuit as a C function on 8 bit planes (x[i] = bit i of every byte)."""
    xors = sum(op == "^" for _, op, _, _ in circuit.gates)
    ands = len(circuit.gates) - xors
    lines = [f"/* {what} on 8 bit planes (x[i] = bit i of every byte): {xors} XOR, {ands} AND. */",
             f"static inline void {name}(uint32_t x[8])", "{"]
    lines.append("    const uint32_t " + ", ".join(f"x{i} = x[{i}]" for i in range(8)) + ";")
    for dst, op, a, b in circuit.top.gates:
        lines.append(f"    const uint32_t {dst} = {a} {op} {b};")
    lines.append("    const uint32_t " + ", ".join(f"y{i} = {s}" for i, s in enumerate(circuit.top_out)) + ";")
    lines.append("    AES_TOWER_INVERSE_GATES")
    for dst, op, a, b in circuit.bottom.gates:
        lines.append(f"    const uint32_t {dst} = {a} {op} {b};")
    for j in range(8):
        lines.append(f"    x[{j}] = {circuit.bottom_out[j]};")
    return "\n".join(lines) + "\n}\n"
