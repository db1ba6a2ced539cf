"""Ascon (NIST SP 800-232) through the package: lwc.Ascon, lwc.ascon_hash256, AsconHash256,
AsconXof128, AsconCxof128. The final standard's KAT files of the C suites (tests/vectors, a
missing one fails) and the Ascon v1.2 results they must not reproduce; the C library through
ctypes on random inputs; streaming splits, digest without finalising, copy; tampering (every
bit of nonce, ad, ciphertext, tag); the tag-length rule of decryption; the errors."""

from __future__ import annotations

import ctypes
import hashlib

import pytest

import lwc
from conftest import vector_file
from helpers import BUFFER_KINDS, flips

KATS = {"aead": "LWC_AEAD_KAT_128_128.txt", "hash256": "LWC_HASH_KAT_128_256.txt",
        "xof128": "LWC_XOF_KAT_128_512.txt", "cxof128": "LWC_CXOF_KAT_128_512.txt"}
KAT_COUNTS = {"aead": 1089, "hash256": 1025, "xof128": 1025, "cxof128": 1089}


def kat_vectors(kind: str):
    """The vectors of an ascon-c KAT file: dicts of its fields as bytes (blank-line blocks)."""
    vectors, fields = [], {}
    for line in vector_file(KATS[kind]).read_text().splitlines() + [""]:
        if not line.strip():
            if fields:
                vectors.append(fields)
            fields = {}
            continue
        name, _, value = line.partition(" = ")
        fields[name] = int(value) if name == "Count" else bytes.fromhex(value)
    assert len(vectors) == KAT_COUNTS[kind], f"{KATS[kind]}: {len(vectors)} vectors, {KAT_COUNTS[kind]} expected"
    return vectors


def test_aead_kat():
    for v in kat_vectors("aead"):
        a = lwc.Ascon(v["Key"])
        ct, tag = a.encrypt(v["Nonce"], v["PT"], ad=v["AD"])
        assert ct + tag == v["CT"], f"Count {v['Count']}"
        assert a.decrypt(v["Nonce"], ct, tag, ad=v["AD"]) == v["PT"]
        with pytest.raises(lwc.AuthenticationError):
            a.decrypt(v["Nonce"], ct, tag[:-1] + bytes([tag[-1] ^ 1]), ad=v["AD"])


@pytest.mark.parametrize("kind", ["hash256", "xof128", "cxof128"])
def test_hash_kat(kind):
    for v in kat_vectors(kind):
        msg, md = v["Msg"], v["MD"]
        if kind == "hash256":
            assert lwc.ascon_hash256(msg) == md
            h = lwc.AsconHash256()
        elif kind == "xof128":
            h = lwc.AsconXof128()
        else:
            h = lwc.AsconCxof128(v["Z"])
        h.update(msg[:len(msg) // 3])
        h.update(msg[len(msg) // 3:])
        assert (h.digest() if kind == "hash256" else h.digest(len(md))) == md, f"{kind} Count {v['Count']}"


def test_v12_not_reproduced():
    """The Ascon v1.2 results of tests/vectors/ascon_v12.txt (Ascon-128a, Ascon-Hash, Ascon-Xof)."""
    count = 0
    for line in vector_file("ascon_v12.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kind, *pairs = line.split()
        f = {k: bytes.fromhex(v) for k, _, v in (p.partition("=") for p in pairs)}
        if kind == "aead":
            ct, tag = lwc.Ascon(f["key"]).encrypt(f["nonce"], f["pt"], ad=f["ad"])
            assert ct + tag != f["ct"]
        elif kind == "hash":
            assert lwc.ascon_hash256(f["msg"]) != f["md"]
        else:
            assert lwc.AsconXof128(f["msg"]).digest(len(f["md"])) != f["md"]
        count += 1
    assert count == 4


class CAscon:
    """The C library through ctypes (build/host/liblwc.so)."""

    def __init__(self, clib):
        self.fn = clib.fn

    def encrypt(self, key, nonce, ad, pt, tag_len):
        k = ctypes.create_string_buffer(16)
        self.fn("lwc_ascon_aead128_setkey")(k, key)
        out, tag = ctypes.create_string_buffer(max(len(pt), 1)), ctypes.create_string_buffer(16)
        assert self.fn("lwc_ascon_aead128_encrypt")(k, out, tag, ctypes.c_size_t(tag_len), nonce, ctypes.c_size_t(16),
                                                    ad, ctypes.c_size_t(len(ad)), pt, ctypes.c_size_t(len(pt))) == 0
        return out.raw[:len(pt)], tag.raw[:tag_len]

    def xof(self, name, out_len, data, custom=None):
        out = ctypes.create_string_buffer(max(out_len, 1))
        if name == "hash256":
            self.fn("lwc_ascon_hash256")(out, data, ctypes.c_size_t(len(data)))
        elif name == "xof128":
            self.fn("lwc_ascon_xof128")(out, ctypes.c_size_t(out_len), data, ctypes.c_size_t(len(data)))
        else:
            assert self.fn("lwc_ascon_cxof128")(out, ctypes.c_size_t(out_len), custom, ctypes.c_size_t(len(custom)),
                                                data, ctypes.c_size_t(len(data))) == 0
        return out.raw[:out_len]


def test_aead_against_c(clib, rng):
    c = CAscon(clib)
    for _ in range(200):
        key, nonce = rng.randbytes(16), rng.randbytes(16)
        ad, pt = rng.randbytes(rng.randrange(70)), rng.randbytes(rng.choice((rng.randrange(50), rng.randrange(300))))
        tag_len = rng.randint(4, 16)
        want = c.encrypt(key, nonce, ad, pt, tag_len)
        kind = rng.choice(BUFFER_KINDS)
        a = lwc.Ascon(kind(key))
        assert a.encrypt(kind(nonce), kind(pt), ad=kind(ad), tag_len=tag_len) == want
        assert a.decrypt(nonce, want[0], want[1], ad, tag_len) == pt


def test_hashes_against_c(clib, rng):
    c = CAscon(clib)
    for _ in range(200):
        name = rng.choice(("hash256", "xof128", "cxof128"))
        data, custom = rng.randbytes(rng.randrange(300)), rng.randbytes(rng.randrange(257))
        out_len = 32 if name == "hash256" else rng.randrange(200)
        want = c.xof(name, out_len, data, custom)
        h = {"hash256": lambda: lwc.AsconHash256(), "xof128": lambda: lwc.AsconXof128(),
             "cxof128": lambda: lwc.AsconCxof128(custom)}[name]()
        cut = rng.randrange(len(data) + 1)
        h.update(data[:cut])
        h.update(rng.choice(BUFFER_KINDS)(data[cut:]))
        assert (h.digest() if name == "hash256" else h.digest(out_len)) == want
        if name == "hash256":
            assert lwc.ascon_hash256(data) == want


def test_hash_objects():
    """hashlib's conventions: digest does not end the object, copy forks it, hexdigest, sizes, names."""
    h = lwc.AsconHash256(b"abc")
    first = h.digest()
    assert h.digest() == first == lwc.ascon_hash256(b"abc") and h.hexdigest() == first.hex()
    fork = h.copy()
    h.update(b"def")
    assert fork.digest() == first and h.digest() == lwc.ascon_hash256(b"abcdef")
    assert (h.name, h.digest_size, h.block_size) == ("ascon-hash256", 32, 8)
    x = lwc.AsconXof128(data=b"abc")
    assert x.digest(40)[:10] == x.digest(10) and x.hexdigest(5) == x.digest(5).hex() and x.digest(0) == b""
    assert (x.name, x.digest_size, x.block_size) == ("ascon-xof128", 0, 8)
    y = x.copy()
    x.update(b"d")
    assert y.digest(16) == lwc.AsconXof128(b"abc").digest(16) != x.digest(16)
    cx = lwc.AsconCxof128(b"custom", b"abc")
    assert cx.name == "ascon-cxof128" and cx.digest(16) != x.digest(16)
    assert lwc.AsconCxof128(custom=b"", data=b"abc").digest(16) != lwc.AsconXof128(b"abc").digest(16)
    # the same interface as hashlib's SHAKE objects
    s = hashlib.shake_128(b"abc")
    for name in ("update", "digest", "hexdigest", "copy", "name", "digest_size", "block_size"):
        assert hasattr(s, name) and hasattr(x, name)


def test_long_inputs_release_the_gil():
    """Calls of 4 KiB or more run without the GIL; their results do not change."""
    data = bytes(range(256)) * 40
    h = lwc.AsconHash256()
    h.update(data)
    assert h.digest() == lwc.ascon_hash256(data)
    a = lwc.Ascon(bytes(16))
    ct, tag = a.encrypt(bytes(16), data)
    assert a.decrypt(bytes(16), ct, tag) == data
    assert lwc.AsconXof128(data).digest(5000)[:100] == lwc.AsconXof128(data).digest(100)


def test_tampering():
    a = lwc.Ascon(bytes(range(16)))
    nonce, ad, pt = bytes(range(16, 32)), b"header!!", b"21.5 degrees, node 7"
    for tag_len in (16, 8):
        ct, tag = a.encrypt(nonce, pt, ad=ad, tag_len=tag_len)
        for field, value in (("nonce", nonce), ("ad", ad), ("ct", ct), ("tag", tag)):
            for changed in flips(value):
                args = {"nonce": nonce, "ad": ad, "ct": ct, "tag": tag, field: changed}
                with pytest.raises(lwc.AuthenticationError):
                    a.decrypt(args["nonce"], args["ct"], args["tag"], ad=args["ad"], tag_len=tag_len)
        assert a.decrypt(nonce, ct, tag, ad=ad, tag_len=tag_len) == pt


def test_truncated_tags():
    a = lwc.Ascon(bytes(16))
    _, full = a.encrypt(bytes(16), b"data", ad=b"ad")
    for n in range(4, 17):
        ct, tag = a.encrypt(bytes(16), b"data", ad=b"ad", tag_len=n)
        assert tag == full[:n] and a.decrypt(bytes(16), ct, tag, ad=b"ad", tag_len=n) == b"data"
        if n < 16:  # the length checked is tag_len (here 16), never the received tag's
            with pytest.raises(lwc.AuthenticationError):
                a.decrypt(bytes(16), ct, tag, ad=b"ad")


def test_errors():
    with pytest.raises(ValueError, match="16 bytes"):
        lwc.Ascon(bytes(15))
    a = lwc.Ascon(bytes(16))
    for n in (0, 12, 15, 17):
        with pytest.raises(lwc.NonceLengthError, match="16 bytes"):
            a.encrypt(bytes(n), b"x")
        with pytest.raises(lwc.NonceLengthError):
            a.decrypt(bytes(n), b"x", bytes(16))
    for tag_len in (0, 3, 17, 2**70, -1):
        with pytest.raises(lwc.TagLengthError):
            a.encrypt(bytes(16), b"x", tag_len=tag_len)
        with pytest.raises(lwc.TagLengthError):
            a.decrypt(bytes(16), b"x", bytes(16), tag_len=tag_len)
    for tag_len in (True, 8.0, "8"):
        with pytest.raises(TypeError):
            a.encrypt(bytes(16), b"x", tag_len=tag_len)
    with pytest.raises(TypeError):
        a.encrypt(bytes(16), "text")
    with pytest.raises(lwc.BadParameterError, match="256"):
        lwc.AsconCxof128(bytes(257))
    assert isinstance(lwc.BadParameterError("x"), ValueError)
    assert len(lwc.AsconCxof128(bytes(256)).digest(8)) == 8
    with pytest.raises(ValueError):
        lwc.AsconXof128().digest(-1)
    with pytest.raises(TypeError):
        lwc.AsconHash256().digest(32)
    with pytest.raises(TypeError):
        lwc.AsconHash256().update("text")
