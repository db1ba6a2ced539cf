"""Known-answer tests of the installed package (`lwc selftest`), and the runners of the
CTR_DRBG vector formats that the repository's tests also use on the full vector sets.

Cipher vectors: the specification vectors of tests/common/spec_vectors.c (compiled into
the extension), run through every public path: blocks both ways, lwc.ctr_crypt,
Cipher.ctr split in two calls and Cipher.ctr_records. The original (unrevised) CHAM
vectors there must NOT be reproduced. Modes: lines of tests/vectors/modes.txt (whose
format mode_vector parses for the repository's tests too). DRBG vectors: NIST CAVP and
TTAK.KO-12.0189/R2.
"""

from __future__ import annotations

import sys
from typing import Callable, Dict, List, Optional, Sequence, TextIO, Tuple, cast

from . import _lwc
from ._lwc import Cipher, Drbg, ctr_crypt
from .errors import AuthenticationError, ReseedRequiredError
from .ids import CipherId, DrbgId

Check = Tuple[str, bool]


def cipher_vector_checks(cipher: CipherId, mode: str, key: bytes, iv: Optional[bytes], pt: bytes,
                         ct: bytes) -> List[Check]:
    """(what, matched) for every path of one vector; mode 'ecb', 'spec' (HIGHT, printed last
    byte first) or 'ctr'."""
    if mode == "spec":
        key, pt, ct = key[::-1], pt[::-1], ct[::-1]
    c = Cipher(cipher, key)
    bs = c.block_size
    if mode in ("ecb", "spec"):
        blocks = range(0, len(pt), bs)
        enc = b"".join(c.encrypt_block(pt[i:i + bs]) for i in blocks)
        dec = b"".join(c.decrypt_block(ct[i:i + bs]) for i in blocks)
        return [("encrypt_block", enc == ct), ("decrypt_block", dec == pt)]
    assert iv is not None
    half = len(pt) // 2 + 1
    s = c.ctr(iv)
    return [("ctr_crypt", ctr_crypt(cipher, key, iv, pt) == ct),
            ("ctr_crypt decrypt", ctr_crypt(cipher, key, iv, ct) == pt),
            ("ctr stream", s.crypt(pt[:half]) + s.crypt(pt[half:]) == ct),
            ("ctr_records", c.ctr_records([iv, iv], [pt, ct]) == [ct, pt])]


def spec_vector_checks() -> List[Check]:
    """Every specification vector compiled into the extension, on every path."""
    checks = []
    for cipher, mode, key, iv, pt, ct, expect_match in _lwc._spec_vectors():
        name = f"{cipher} {mode} {ct[:16]}"
        results = cipher_vector_checks(cipher, mode, bytes.fromhex(key), bytes.fromhex(iv) if iv else None,
                                       bytes.fromhex(pt), bytes.fromhex(ct))
        if expect_match:
            checks += [(f"{name} {what}", ok) for what, ok in results]
        else:
            checks.append((f"{name}: original CHAM not reproduced", not any(ok for _, ok in results)))
    return checks


# ---- CMAC, EAX, CCM --------------------------------------------------------------------------

def mode_vector(line: str) -> Tuple[str, CipherId, Dict[str, bytes]]:
    """(kind: cmac, eax or ccm, cipher, {field: bytes}) of one line of tests/vectors/modes.txt:
    `kind cipher=ID name=HEX ...`, where a value ramp:N stands for the bytes i mod 256, i < N."""
    kind, *tokens = line.split()
    fields = dict(t.split("=", 1) for t in tokens)
    cipher = cast(CipherId, fields.pop("cipher"))  # Cipher() refuses an unknown one

    def value(v: str) -> bytes:
        return bytes(i % 256 for i in range(int(v[5:]))) if v.startswith("ramp:") else bytes.fromhex(v)

    return kind, cipher, {name: value(v) for name, v in fields.items()}


def mode_vector_checks(kind: str, cipher: CipherId, v: Dict[str, bytes]) -> List[Check]:
    """(what, matched) for one mode vector: the tag one-shot and streamed in two pieces, and
    cmac_verify accepting it and refusing it with its last bit flipped (CMAC); both
    directions and the flipped tag rejected (EAX, CCM)."""
    c, tag = Cipher(cipher, v["key"]), v["tag"]
    flipped = tag[:-1] + bytes([tag[-1] ^ 1])
    if kind == "cmac":
        msg, half = v["msg"], len(v["msg"]) // 2

        def verified(t: bytes) -> bool:
            try:
                c.cmac_verify(msg, t, tag_len=len(tag))
                return True
            except AuthenticationError:
                return False

        return [("cmac", c.cmac(msg, tag_len=len(tag)) == tag),
                ("cmac_stream", c.cmac_stream(msg[:half], len(tag)).update(msg[half:]).digest() == tag),
                ("cmac_verify", verified(tag)), ("cmac_verify: flipped tag rejected", not verified(flipped))]
    encrypt, decrypt = (c.eax_encrypt, c.eax_decrypt) if kind == "eax" else (c.ccm_encrypt, c.ccm_decrypt)
    nonce, ad, pt, ct = v["nonce"], v["ad"], v["pt"], v["ct"]

    def opened(t: bytes) -> Optional[bytes]:
        """The plaintext under tag t, or None if decryption rejects it."""
        try:
            return decrypt(nonce, ct, t, ad, tag_len=len(tag))
        except AuthenticationError:
            return None

    return [("encrypt", encrypt(nonce, pt, ad, tag_len=len(tag)) == (ct, tag)), ("decrypt", opened(tag) == pt),
            ("flipped tag rejected", opened(flipped) is None)]


# Lines of tests/vectors/modes.txt (tests/python checks that they are there): RFC 4493
# example 2 (AES-CMAC), the EAX paper's second AES vector, SP 800-38C example 1 (AES-CCM).
MODE_VECTORS = (
    "cmac cipher=aes128 key=2b7e151628aed2a6abf7158809cf4f3c msg=6bc1bee22e409f96e93d7e117393172a "
    "tag=070a16b46b4d4144f79bdd9dd04a287c",
    "eax cipher=aes128 key=91945d3f4dcbee0bf45ef52255f095a4 nonce=becaf043b0a23d843194ba972c66debd "
    "ad=fa3bfd4806eb53fa pt=f7fb ct=19dd tag=5c4c9331049d0bdab0277408f67967e5",
    "ccm cipher=aes128 key=404142434445464748494a4b4c4d4e4f nonce=10111213141516 ad=0001020304050607 "
    "pt=20212223 ct=7162015b tag=4dac255d",
)


def mode_checks() -> List[Check]:
    checks = []
    for line in MODE_VECTORS:
        kind, cipher, v = mode_vector(line)
        checks += [(f"{cipher} {kind} {v['tag'].hex()} {what}", ok) for what, ok in mode_vector_checks(kind, cipher, v)]
    return checks


# ---- CTR_DRBG -------------------------------------------------------------------------------

def cavp_case(fields: Sequence[Tuple[str, bytes]], out_len: int) -> bytes:
    """Runs one NIST CAVP CTR_DRBG case ([AES-128 use df]) given its fields in file order and
    returns the last generate's output, to compare with ReturnedBits. The field order is the
    call order: EntropyInput, Nonce, PersonalizationString -> instantiate;
    EntropyInputReseed, AdditionalInputReseed -> reseed; AdditionalInput -> generate with it,
    unless EntropyInputPR follows: then reseed(EntropyInputPR, AdditionalInput) and generate
    without additional input (prediction resistance)."""
    names = [name for name, _ in fields[:3]]
    assert names == ["EntropyInput", "Nonce", "PersonalizationString"], names
    d = Drbg("aes128", fields[0][1], fields[1][1], fields[2][1])
    entropy = b""
    pending: Optional[bytes] = None
    out = b""
    for name, value in fields[3:]:
        if pending is not None and name not in ("AdditionalInput", "EntropyInputPR"):
            out, pending = d.generate(out_len, pending), None
        if name == "EntropyInputReseed":
            entropy = value
        elif name == "AdditionalInputReseed":
            d.reseed(entropy, value)
        elif name == "AdditionalInput":
            if pending is not None:
                out = d.generate(out_len, pending)
            pending = value
        elif name == "EntropyInputPR":
            d.reseed(value, pending or b"")
            out, pending = d.generate(out_len), None
    if pending is not None:
        out = d.generate(out_len, pending)
    return out


def ttak_row(drbg: DrbgId, entropy: Sequence[bytes], nonce: bytes, personal: bytes, additional: Sequence[bytes],
             df: bool, pr: bool, ps: bool, ai: bool, ri: int, out_len: int) -> Tuple[bytes, bytes]:
    """Runs one TTAK.KO-12.0189/R2 Appendix B.2 row; returns (out1, out2). pr: reseed before
    every generate (entropy[1], entropy[2] in turn, with that generate's additional input,
    which the generate then omits). Otherwise ri is the reseed interval: a generate that
    finds it exhausted reseeds the same way first (here: lwc.ReseedRequiredError, then
    reseed). Without df the nonce is not used."""
    d = Drbg(drbg, entropy[0], nonce if df else b"", personal if ps else b"", df,
             reseed_interval=None if pr else ri)
    outs = []
    fresh = iter(entropy[1:])
    for add in additional[:2]:
        add = add if ai else b""
        if pr:
            d.reseed(next(fresh), add)
            outs.append(d.generate(out_len))
            continue
        try:
            outs.append(d.generate(out_len, add))
        except ReseedRequiredError:
            d.reseed(next(fresh), add)
            outs.append(d.generate(out_len))
    return outs[0], outs[1]


def ttak_pattern_inputs(drbg: DrbgId) -> Tuple[List[bytes], bytes, bytes, List[bytes]]:
    """The inputs of TTAK.KO-12.0189/R2 tables B.2-2 to B.2-5: runs of consecutive bytes
    (entropy from 00, 80 and C0, nonce from 20, personalization from 40, additional input
    from 60 and A0), seedlen bytes long, the nonce half a key."""
    d = Drbg(drbg, bytes(64), b"\0" * 8)
    seed, nonce_len = d.seed_size, (d.seed_size - (8 if drbg == "hight" else 16)) // 2

    def run(start: int, n: int) -> bytes:
        return bytes(range(start, start + n))

    return ([run(b, seed) for b in (0x00, 0x80, 0xC0)], run(0x20, nonce_len), run(0x40, seed),
            [run(0x60, seed), run(0xA0, seed)])


# A few DRBG known answers for the installed package; tests/python runs the whole sets.
# NIST CAVP CTR_DRBG (CAVS 14.3), [AES-128 use df], no reseed, COUNT 0.
CAVP_NO_RESEED_0 = (
    [("EntropyInput", "890eb067acf7382eff80b0c73bc872c6"), ("Nonce", "aad471ef3ef1d203"),
     ("PersonalizationString", ""), ("AdditionalInput", ""), ("AdditionalInput", "")],
    "a5514ed7095f64f3d0d3a5760394ab42062f373a25072a6ea6bcfd8489e94af6"
    "cf18659fea22ed1ca0a9e33f718b115ee536b12809c31b72b08ddd8be1910fa3")
# TTAK.KO-12.0189/R2 Appendix B.2 reference outputs: (drbg, df, pr, ps, ai, ri, out1, out2).
TTAK_ROWS: List[Tuple[DrbgId, bool, bool, bool, bool, int, str, str]] = [
    ("lea128", True, True, True, True, 0, "B9FC9B0246217243C7205302EB16532F814DB29FC7135B424A7651E218C51EDC",
     "45B1D087F097E1C9EA609476E4BF4C31D598BAA772F9D4416E609529A7978D59"),
    ("hight", False, False, True, True, 1, "A5AAA8C58EC8399E1BB4810A21C15445", "7CB209CAEBCE2308FDC2986058CAACB7"),
]


def drbg_checks() -> List[Check]:
    fields, expected = CAVP_NO_RESEED_0
    out = cavp_case([(n, bytes.fromhex(v)) for n, v in fields], len(expected) // 2)
    checks = [("CTR_DRBG aes128 CAVP no reseed COUNT 0", out.hex() == expected)]
    for drbg, df, pr, ps, ai, ri, out1, out2 in TTAK_ROWS:
        entropy, nonce, personal, additional = ttak_pattern_inputs(drbg)
        got = ttak_row(drbg, entropy, nonce, personal, additional, df, pr, ps, ai, ri, len(out1) // 2)
        checks.append((f"CTR_DRBG {drbg} TTAK df={int(df)} pr={int(pr)}", got == (bytes.fromhex(out1),
                                                                               bytes.fromhex(out2))))
    return checks


def run(out: TextIO = sys.stdout, groups: Sequence[Callable[[], List[Check]]] = (spec_vector_checks, mode_checks,
                                                                                   drbg_checks)) -> int:
    """Prints each failure and the summary line; returns the number of failures."""
    passed = failed = 0
    for group in groups:
        for what, ok in group():
            if ok:
                passed += 1
            else:
                failed += 1
                print(f"FAIL: {what}", file=out)
    print(f"{passed} passed, {failed} failed", file=out)
    return failed
