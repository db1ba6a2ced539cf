"""Shared pieces of the Python suite: the C library through ctypes (the reference the
package is compared with), the vector file formats of tests/vectors, and the text of C
string literals in the test sources (so that vectors are not copied here)."""

from __future__ import annotations

import ctypes
import os
import random
import re
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple

from lwc import selftest

ROOT = Path(__file__).resolve().parents[2]
# Generous room for any context or DRBG state of the host build (the largest is about 800 bytes).
CONTEXT_ROOM = 4096


def vectors_dir() -> Path:
    """The known-answer sets: $LWC_VECTORS, else tests/vectors (as the C suites)."""
    return Path(os.environ.get("LWC_VECTORS", ROOT / "tests" / "vectors"))


def c_library_path() -> Path:
    """The shared library make builds for `make install` (build/host/liblwc.so.<VERSION>)."""
    version = (ROOT / "VERSION").read_text().strip()
    return Path(os.environ.get("LWC_C_LIBRARY", ROOT / "build" / "host" / f"liblwc.so.{version}"))


class CLib:
    """The C library called directly: fresh contexts for every call (ctr_init, never
    setiv), so nothing of the binding's context handling is shared with the reference."""

    def __init__(self, path: Path):
        self.lib = ctypes.CDLL(str(path))

    def fn(self, name: str):
        return getattr(self.lib, name)

    def version(self) -> str:
        f = self.fn("lwc_version")
        f.restype = ctypes.c_char_p
        return f().decode()

    def ecb(self, cipher: str, decrypt: bool, key: bytes, data: bytes, block: int) -> bytes:
        ks = ctypes.create_string_buffer(CONTEXT_ROOM)
        self.fn(f"lwc_{cipher}_setkey")(ks, key)
        out = ctypes.create_string_buffer(block)
        op = self.fn(f"lwc_{cipher}_{'decrypt' if decrypt else 'encrypt'}")
        result = b""
        for i in range(0, len(data), block):
            op(ks, out, data[i:i + block])
            result += out.raw
        return result

    def ctr(self, cipher: str, key: bytes, iv: bytes, data: bytes) -> bytes:
        ctx = ctypes.create_string_buffer(CONTEXT_ROOM)
        self.fn(f"lwc_{cipher}_ctr_init")(ctx, key, iv)
        out = ctypes.create_string_buffer(max(len(data), 1))
        self.fn(f"lwc_{cipher}_ctr_crypt")(ctx, out, data, ctypes.c_size_t(len(data)))
        return out.raw[:len(data)]


    def mode_key(self, cipher: str, mode: str, key: bytes):
        k = ctypes.create_string_buffer(CONTEXT_ROOM)
        self.fn(f"lwc_{cipher}_{mode}_setkey")(k, key)
        return k

    def cmac(self, cipher: str, key: bytes, data: bytes, tag_len: int) -> Tuple[int, bytes]:
        tag = ctypes.create_string_buffer(16)
        code = self.fn(f"lwc_{cipher}_cmac")(self.mode_key(cipher, "cmac", key), tag, ctypes.c_size_t(tag_len), data,
                                             ctypes.c_size_t(len(data)))
        return code, tag.raw[:tag_len]

    def cmac_verify(self, cipher: str, key: bytes, tag: bytes, data: bytes) -> int:
        """lwc_X_cmac_verify's code for tag (its length the tag length) over data."""
        return self.fn(f"lwc_{cipher}_cmac_verify")(self.mode_key(cipher, "cmac", key), tag, ctypes.c_size_t(len(tag)),
                                                    data, ctypes.c_size_t(len(data)))

    def aead_encrypt(self, cipher: str, mode: str, key: bytes, nonce: bytes, data: bytes, ad: bytes,
                     tag_len: int) -> Tuple[int, bytes, bytes]:
        """lwc_X_eax_encrypt or lwc_X_ccm_encrypt (mode "eax" or "ccm"): (code, ct, tag)."""
        size = ctypes.c_size_t
        out, tag = ctypes.create_string_buffer(max(len(data), 1)), ctypes.create_string_buffer(16)
        code = self.fn(f"lwc_{cipher}_{mode}_encrypt")(self.mode_key(cipher, mode, key), out, tag, size(tag_len), nonce,
                                                       size(len(nonce)), ad, size(len(ad)), data, size(len(data)))
        return code, out.raw[:len(data)], tag.raw[:tag_len]


class CDrbg:
    """One CTR_DRBG state of the C library; each call returns (code, output)."""

    def __init__(self, lib: CLib, drbg: str):
        self.lib, self.drbg = lib, drbg
        self.state = ctypes.create_string_buffer(CONTEXT_ROOM)

    def call(self, op: str, *args) -> int:
        return self.lib.fn(f"lwc_{self.drbg}_drbg_{op}")(self.state, *args)

    def instantiate(self, df: bool, entropy: bytes, nonce: bytes, pers: bytes) -> int:
        size = ctypes.c_size_t
        if df:
            return self.call("instantiate", entropy, size(len(entropy)), nonce, size(len(nonce)), pers,
                             size(len(pers)))
        return self.call("instantiate_nodf", entropy, size(len(entropy)), pers, size(len(pers)))

    def reseed(self, df: bool, entropy: bytes, add: bytes) -> int:
        size = ctypes.c_size_t
        return self.call("reseed" if df else "reseed_nodf", entropy, size(len(entropy)), add, size(len(add)))

    def generate(self, n: int, add: bytes) -> Tuple[int, bytes]:
        out = ctypes.create_string_buffer(max(n, 1))
        code = self.call("generate", out, ctypes.c_size_t(n), add, ctypes.c_size_t(len(add)))
        return code, out.raw[:n]

    def set_reseed_interval(self, interval: int) -> int:
        return self.call("set_reseed_interval", ctypes.c_uint64(interval))


def random_iv(rng: random.Random, block: int) -> bytes:
    """A random counter block; half of them end just below a carry over 1..block bytes."""
    iv = bytearray(rng.randbytes(block))
    if rng.random() < 0.5:
        trailing = rng.randint(1, block)
        iv[block - trailing:] = b"\xff" * trailing
        iv[-1] = 0xFF - rng.randrange(4)
    return bytes(iv)


BUFFER_KINDS = (bytes, bytearray, memoryview)


def records_differential(lwc, cipher: str, clib: CLib, rng: random.Random, batches: int = 12) -> None:
    """Random batches through lwc's Cipher.ctr_records against the C library record by
    record: IVs near carries, a repeated IV, lengths around 64 and 0..299, every buffer
    kind. lwc is the module under test (a plain script may pass another build of it)."""
    bs, ks = lwc.BLOCK_SIZES[cipher], lwc.KEY_SIZES[cipher]
    for batch in range(batches):
        key = rng.randbytes(ks)
        c = lwc.Cipher(cipher, key)
        n = rng.choice((1, 2, 7, 64, 200))
        ivs = [random_iv(rng, bs) for _ in range(n)]
        if batch % 3 == 0 and n > 1:
            ivs[1] = ivs[0]  # two records may share an IV (a replay): each still starts there
        lengths = [64 if rng.random() < 0.5 else rng.randrange(300) for _ in range(n)]
        records = [rng.randbytes(m) for m in lengths]
        expected = [clib.ctr(cipher, key, iv, r) for iv, r in zip(ivs, records)]
        got = c.ctr_records([rng.choice(BUFFER_KINDS)(iv) for iv in ivs],
                            [rng.choice(BUFFER_KINDS)(r) for r in records])
        for i in range(n):
            assert got[i] == expected[i], f"{cipher} record {i} of {n}: iv {ivs[i].hex()}, {lengths[i]} bytes"
        # The same cipher object, used again, gives the same batch (nothing carried over).
        assert c.ctr_records(ivs, records) == expected


def random_split(rng: random.Random, data: bytes, block: int) -> List[bytes]:
    """data cut into pieces of 0..2B+1 bytes, or up to 513 bytes now and then."""
    pieces, off = [], 0
    while off < len(data):
        n = rng.randrange(2 * block + 2) if rng.random() < 0.7 else rng.randrange(514)
        pieces.append(data[off:off + n])
        off += n
    return pieces


def flips(data: bytes) -> Iterator[bytes]:
    """data with each of its bits flipped in turn."""
    for bit in range(8 * len(data)):
        yield data[:bit // 8] + bytes([data[bit // 8] ^ (1 << bit % 8)]) + data[bit // 8 + 1:]


# ---- the vector files of tests/vectors (format: tests/common/vectors.c) --------------------

# (file, family, must match, vector lines: tests/vectors/README.md)
FAMILY_FILES = [("present.txt", "present", True, 10), ("lea.txt", "lea", True, 1113), ("hight.txt", "hight", True, 278),
                ("cham_revised.txt", "cham", True, 6), ("cham_original.txt", "cham", False, 33)]


def words_to_bytes(words: str) -> bytes:
    """A word list ("0100 0302 ...") with each word stored little-endian."""
    return b"".join(bytes.fromhex(w)[::-1] for w in words.split())


def family_variant(family: str, key_bytes: int, block_bytes: int) -> Optional[str]:
    table: Dict[str, Dict[Tuple[int, int], str]] = {
        "present": {(10, 8): "present80", (16, 8): "present128"},
        "lea": {(16, 16): "lea128", (24, 16): "lea192", (32, 16): "lea256"},
        "hight": {(16, 8): "hight"},
        "cham": {(16, 8): "cham64_128", (16, 16): "cham128_128", (32, 16): "cham128_256"},
    }
    return table[family].get((key_bytes, block_bytes))


def vector_lines(path: Path, family: str) -> Iterator[Tuple[str, str, str, bytes, Optional[bytes], bytes, bytes]]:
    """(where, cipher, mode, key, iv, pt, ct) for each vector line; mode ecb, cbc, ctr or
    spec (printed last byte first)."""
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields: Dict[str, str] = {}
        last = ""
        for token in line.split():
            if "=" in token:
                last, value = token.split("=", 1)
                fields[last] = value
            else:  # a further word of a *_words list
                fields[last] += " " + token
        spec = "spec_key" in fields
        words = "key_words" in fields
        get = (lambda n: words_to_bytes(fields[n + "_words"])) if words else \
            (lambda n: bytes.fromhex(fields[("spec_" if spec else "") + n]))
        key, pt, ct = get("key"), get("pt"), get("ct")
        mode = "spec" if spec else fields.get("mode", "ecb")
        iv = bytes.fromhex(fields["iv"]) if "iv" in fields else None
        block = 8 if family in ("present", "hight") or (family == "cham" and len(pt) == 8) else 16
        cipher = family_variant(family, len(key), block)
        assert cipher, f"{path}:{lineno}: no {family} variant for a {len(key)}-byte key"
        yield f"{path.name}:{lineno}", cipher, mode, key, iv, pt, ct


# ---- the mode vector files (format: tests/vectors/modes.txt, read by tests/common/mode_vectors.c)

def mode_vector_sets() -> List[Tuple[str, int]]:
    """(file, vector lines) of every mode vector set, as the C suites expect them."""
    text = (ROOT / "tests" / "common" / "mode_vectors.c").read_text()
    return [(name, int(n)) for name, n in re.findall(r'\{"(modes\w*\.txt)", (\d+)\}', text)]


def mode_vector_lines(path: Path) -> Iterator[Tuple[str, str, str, Dict[str, bytes]]]:
    """(where, kind: cmac, eax or ccm, cipher, {field: bytes}) for each vector line (the
    package's parser of the format, selftest.mode_vector)."""
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            yield (f"{path.name}:{lineno}", *selftest.mode_vector(line))


def c_string(source: Path, name: str) -> str:
    """The text of the C string literal initialising `name` in source (adjacent literals
    joined, \\n and \\" unescaped)."""
    text = source.read_text()
    start = re.search(rf"\b{re.escape(name)}\[\]\s*=", text)
    assert start, f"{source}: no {name}"
    body = text[start.end():text.index(";", start.end())]
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', body)).replace("\\n", "\n").replace('\\"', '"')
