"""The authenticated modes through the package (Cipher.cmac, cmac_verify, cmac_stream,
eax_*, ccm_*; lwc/modes.h): the vector files of the C suites (tests/vectors/modes*.txt),
pycryptodome's AES CMAC, EAX and CCM, the C library through ctypes for every cipher,
tampering (every bit of tag, ciphertext, associated data and nonce), the tag-length rule of
decryption and verification, the streaming CMAC's life cycle, and the errors."""

from __future__ import annotations

import gc
import threading

import pytest
from Crypto.Cipher import AES
from Crypto.Hash import CMAC

import lwc
from conftest import vector_file
from lwc import selftest
from helpers import BUFFER_KINDS, flips, mode_vector_lines, mode_vector_sets

CCM_CIPHERS = tuple(c for c in lwc.CIPHERS if lwc.BLOCK_SIZES[c] == 16)
SHORT_BLOCK_CIPHERS = tuple(c for c in lwc.CIPHERS if lwc.BLOCK_SIZES[c] == 8)
AEAD = [(c, "eax") for c in lwc.CIPHERS] + [(c, "ccm") for c in CCM_CIPHERS]
CCM_TAGS = (4, 6, 8, 10, 12, 14, 16)


def make(cipher: str) -> lwc.Cipher:
    return lwc.Cipher(cipher, bytes(range(lwc.KEY_SIZES[cipher])))


def encrypt(c: lwc.Cipher, mode: str, *args, **kwargs):
    return getattr(c, f"{mode}_encrypt")(*args, **kwargs)


def decrypt(c: lwc.Cipher, mode: str, *args, **kwargs):
    return getattr(c, f"{mode}_decrypt")(*args, **kwargs)


def random_nonce(rng, mode: str) -> bytes:
    return rng.randbytes(rng.randint(7, 13) if mode == "ccm" else rng.choice((0, 1, 8, 12, 16, rng.randrange(40))))


def random_tag_len(rng, mode: str, block: int) -> int:
    return rng.choice(CCM_TAGS) if mode == "ccm" else rng.randint(1, block)


# ---- known answers -------------------------------------------------------------------------

def test_the_mode_vector_sets_are_those_of_the_c_suites():
    assert [name for name, _ in mode_vector_sets()] == ["modes.txt", "modes_crosscheck.txt"]


@pytest.mark.parametrize("name,expected", mode_vector_sets(), ids=[n for n, _ in mode_vector_sets()])
def test_mode_vector_files(name, expected):
    count, seen = 0, set()
    for where, kind, cipher, v in mode_vector_lines(vector_file(name)):
        c, tag = lwc.Cipher(cipher, v["key"]), v["tag"]
        if kind == "cmac":
            msg = v["msg"]
            assert c.cmac(msg, tag_len=len(tag)) == tag, where
            assert c.cmac(msg)[:len(tag)] == tag, where  # a short CMAC tag is the full one cut
            assert c.cmac_verify(msg, tag, tag_len=len(tag)) is None, where
            assert c.cmac_stream(msg[:len(msg) // 3], len(tag)).update(msg[len(msg) // 3:]).digest() == tag, where
            with pytest.raises(lwc.AuthenticationError):
                c.cmac_verify(msg, tag[:-1] + bytes([tag[-1] ^ 0x80]), tag_len=len(tag))
        else:
            nonce, ad, pt, ct = v["nonce"], v["ad"], v["pt"], v["ct"]
            assert encrypt(c, kind, nonce, pt, ad, tag_len=len(tag)) == (ct, tag), where
            assert decrypt(c, kind, nonce, ct, tag, ad, tag_len=len(tag)) == pt, where
            bad = tag[:-1] + bytes([tag[-1] ^ 0x80])
            with pytest.raises(lwc.AuthenticationError):
                decrypt(c, kind, nonce, ct, bad, ad, tag_len=len(tag))
            if kind == "eax":
                assert encrypt(c, kind, nonce, pt, ad)[1][:len(tag)] == tag, where
        seen.add((cipher, kind))
        count += 1
    assert count == expected
    if name == "modes_crosscheck.txt":  # every cipher with each of its modes
        assert seen >= {(c, "cmac") for c in lwc.CIPHERS} | set(AEAD)


def test_the_selftest_mode_vectors_are_lines_of_modes_txt():
    lines = vector_file("modes.txt").read_text().splitlines()
    assert all(line in lines for line in selftest.MODE_VECTORS)
    assert {selftest.mode_vector(line)[0] for line in selftest.MODE_VECTORS} == {"cmac", "eax", "ccm"}
    checks = selftest.mode_checks()
    assert len(checks) == 10 and all(ok for _, ok in checks), checks


# ---- pycryptodome's AES --------------------------------------------------------------------

def test_aes_cmac_against_pycryptodome(rng):
    for i in range(300):
        key = rng.randbytes(16)
        data = rng.randbytes(16 * rng.randrange(8) if i % 3 == 0 else rng.randrange(300))
        tag_len = rng.randint(4, 16)  # pycryptodome's shortest is 4
        expected = CMAC.new(key, data, ciphermod=AES, mac_len=tag_len).digest()
        assert lwc.Cipher("aes128", key).cmac(rng.choice(BUFFER_KINDS)(data), tag_len=tag_len) == expected


@pytest.mark.parametrize("mode", ["eax", "ccm"])
def test_aes_eax_and_ccm_against_pycryptodome(mode, rng):
    for i in range(300):
        key, ad, data = rng.randbytes(16), rng.randbytes(rng.randrange(100)), rng.randbytes(rng.randrange(300))
        if i == 0:  # past the binding's GIL threshold
            ad, data = rng.randbytes(5000), rng.randbytes(10000)
        nonce = rng.randbytes(rng.randint(7, 13) if mode == "ccm" else rng.randint(1, 32))  # pycryptodome: EAX >= 1
        tag_len = rng.choice(CCM_TAGS) if mode == "ccm" else rng.randint(2, 16)  # pycryptodome: EAX >= 2
        peer = AES.new(key, AES.MODE_CCM if mode == "ccm" else AES.MODE_EAX, nonce=nonce, mac_len=tag_len)
        peer.update(ad)
        ct, tag = peer.encrypt_and_digest(data)
        c = lwc.Cipher("aes128", key)
        kind = rng.choice(BUFFER_KINDS)
        assert encrypt(c, mode, kind(nonce), kind(data), ad=kind(ad), tag_len=tag_len) == (ct, tag)
        assert decrypt(c, mode, nonce, ct, tag, ad, tag_len) == data
        # and what the package encrypts, pycryptodome decrypts
        mine_ct, mine_tag = encrypt(c, mode, nonce, data[::-1], ad, tag_len=tag_len)
        peer = AES.new(key, AES.MODE_CCM if mode == "ccm" else AES.MODE_EAX, nonce=nonce, mac_len=tag_len)
        peer.update(ad)
        assert peer.decrypt_and_verify(mine_ct, mine_tag) == data[::-1]


def test_aes_cmac_verify_and_stream_against_pycryptodome(rng):
    """Tags pycryptodome's CMAC computes are accepted by cmac_verify and CmacStream.verify,
    and changed ones refused by both libraries alike; lwc's tags pass pycryptodome's verify;
    both streaming objects, fed the same random pieces, agree."""
    for i in range(200):
        key = rng.randbytes(16)
        data = rng.randbytes(16 * rng.randrange(6) if i % 3 == 0 else rng.randrange(300))
        tag_len = rng.randint(4, 16)  # pycryptodome's shortest is 4
        c = lwc.Cipher("aes128", key)
        theirs = CMAC.new(key, data, ciphermod=AES, mac_len=tag_len).digest()
        assert c.cmac_verify(rng.choice(BUFFER_KINDS)(data), rng.choice(BUFFER_KINDS)(theirs), tag_len) is None
        assert c.cmac_stream(data, tag_len).verify(theirs) is None
        CMAC.new(key, data, ciphermod=AES, mac_len=tag_len).verify(c.cmac(data, tag_len))
        bad = bytearray(theirs)
        bad[rng.randrange(tag_len)] ^= 1 << rng.randrange(8)
        with pytest.raises(lwc.AuthenticationError):
            c.cmac_verify(data, bad, tag_len)
        with pytest.raises(ValueError, match="MAC check failed"):
            CMAC.new(key, data, ciphermod=AES, mac_len=tag_len).verify(bytes(bad))
        cuts = sorted(rng.randrange(len(data) + 1) for _ in range(rng.randrange(5)))
        mine, peer = c.cmac_stream(tag_len=tag_len), CMAC.new(key, ciphermod=AES, mac_len=tag_len)
        for a, b in zip([0] + cuts, cuts + [len(data)]):
            mine.update(data[a:b])
            peer.update(data[a:b])
        assert mine.digest() == peer.digest() == theirs


# ---- the C library, every cipher -----------------------------------------------------------

@pytest.mark.parametrize("cipher", lwc.CIPHERS)
def test_modes_against_the_c_library(cipher, clib, rng):
    bs = lwc.BLOCK_SIZES[cipher]
    modes = ["eax", "ccm"] if cipher in CCM_CIPHERS else ["eax"]
    for i in range(40):
        key = rng.randbytes(lwc.KEY_SIZES[cipher])
        c = lwc.Cipher(cipher, key)
        data = rng.randbytes(rng.randrange(300) if i else 5000)  # the first one past the GIL threshold
        tag_len = rng.randint(1, bs)
        assert c.cmac(data, tag_len) == clib.cmac(cipher, key, data, tag_len)[1]
        for mode in modes:
            nonce, ad, tag_len = random_nonce(rng, mode), rng.randbytes(rng.randrange(60)), random_tag_len(rng, mode, bs)
            code, ct, tag = clib.aead_encrypt(cipher, mode, key, nonce, data, ad, tag_len)
            assert code == 0
            assert encrypt(c, mode, nonce, data, ad, tag_len) == (ct, tag)
            assert decrypt(c, mode, nonce, ct, tag, ad, tag_len) == data


@pytest.mark.parametrize("cipher", lwc.CIPHERS)
def test_cmac_verify_against_the_c_library(cipher, clib, rng):
    """cmac_verify accepts and refuses exactly the tags lwc_X_cmac_verify does: the right
    tag of every length, and random or one-bit-changed ones."""
    bs = lwc.BLOCK_SIZES[cipher]
    for i in range(30):
        key = rng.randbytes(lwc.KEY_SIZES[cipher])
        c = lwc.Cipher(cipher, key)
        data = rng.randbytes(rng.randrange(200) if i else 5000)
        tag_len = rng.randint(1, bs)
        right = clib.cmac(cipher, key, data, tag_len)[1]
        changed = bytearray(right)
        changed[rng.randrange(tag_len)] ^= 1 << rng.randrange(8)
        for tag in (right, bytes(changed), rng.randbytes(tag_len)):
            code = clib.cmac_verify(cipher, key, tag, data)
            assert code in (0, -11)
            if code == 0:
                assert c.cmac_verify(data, tag, tag_len) is None
            else:
                with pytest.raises(lwc.AuthenticationError):
                    c.cmac_verify(data, tag, tag_len)
        assert clib.cmac_verify(cipher, key, right, data) == 0 and clib.cmac_verify(cipher, key, bytes(changed), data)


@pytest.mark.parametrize("cipher", lwc.CIPHERS)
def test_cmac_verify_refuses_every_flipped_bit_and_other_tag_lengths(cipher):
    c, bs = make(cipher), lwc.BLOCK_SIZES[cipher]
    data = bytes(range(37))
    tag = c.cmac(data, 8)
    c.cmac_verify(data, tag, 8)
    for bad_tag in flips(tag):
        with pytest.raises(lwc.AuthenticationError, match=rf"^{cipher} CMAC: MAC check failed: the tag does not "
                                                          rf"match the data under this key$"):
            c.cmac_verify(data, bad_tag, 8)
    for bad_data in flips(data):
        with pytest.raises(lwc.AuthenticationError):
            c.cmac_verify(bad_data, tag, 8)
    # The tag length checked is tag_len (None: the full block), never the received tag's.
    full = c.cmac(data)
    assert c.cmac_verify(data, full) is None
    for short in (full[:4], full[:-1], full + b"\0"):
        with pytest.raises(lwc.AuthenticationError, match=rf"the tag is {len(short)} bytes, not tag_len = {bs}$"):
            c.cmac_verify(data, short)
    with pytest.raises(lwc.AuthenticationError, match=r"the tag is 8 bytes, not tag_len = 4$"):
        c.cmac_verify(data, tag, 4)
    for bad in (0, bs + 1):
        with pytest.raises(lwc.TagLengthError, match=rf"^{cipher} CMAC tag must be 1 to {bs} bytes, got {bad}$"):
            c.cmac_verify(data, bytes(max(bad, 1)), bad)
    for bad in ("text", 5, None):
        with pytest.raises(TypeError):
            c.cmac_verify(bad, tag, 8)
        with pytest.raises(TypeError):
            c.cmac_verify(data, bad, 8)


# ---- the streaming CMAC --------------------------------------------------------------------

@pytest.mark.parametrize("cipher", lwc.CIPHERS)
def test_cmac_stream_equals_the_one_shot_at_random_split_points(cipher, rng):
    """Any split of a message, in pieces of any buffer kind, gives cmac's tag; verify
    accepts it; a copy taken midway continues on its own."""
    bs = lwc.BLOCK_SIZES[cipher]
    c = make(cipher)
    for i in range(60):
        data = rng.randbytes(rng.choice((0, bs, 2 * bs, rng.randrange(5 * bs), rng.randrange(400))) if i else 9000)
        tag_len = rng.choice((None, rng.randint(1, bs)))
        cuts = sorted(rng.randrange(len(data) + 1) for _ in range(rng.randrange(8)))
        pieces = [data[a:b] for a, b in zip([0] + cuts, cuts + [len(data)])]
        expected = c.cmac(data, tag_len)
        s = c.cmac_stream(rng.choice(BUFFER_KINDS)(pieces[0]), tag_len)
        copies = []
        for k, piece in enumerate(pieces[1:], 1):
            copies.append((k, s.copy()))
            assert s.update(rng.choice(BUFFER_KINDS)(piece)) is s
        assert s.digest_size == len(expected)
        assert s.digest() == expected, (cipher, cuts, tag_len)
        assert s.verify(expected) is None
        for k, early in copies:  # each copy continues from where it was taken
            for piece in pieces[k:]:
                early.update(piece)
            assert early.digest() == expected
        assert c.cmac_stream(tag_len=tag_len).update(data).digest() == expected


def test_cmac_stream_after_digest_or_verify():
    """digest() and verify() end the message, as pycryptodome's CMAC: both may be called
    again with the same answer, update() raises TypeError; copy() keeps the state."""
    c = make("lea128")
    tag = c.cmac(b"header and body")
    s = c.cmac_stream(b"header")
    before = s.copy()
    s.update(b" and body")
    assert s.digest() == tag and s.digest() == tag
    assert s.verify(tag) is None
    with pytest.raises(TypeError, match=r"^update\(\) cannot be called after digest\(\) or verify\(\)$"):
        s.update(b"more")
    assert s.digest() == tag  # the refused update changed nothing
    finished = s.copy()
    with pytest.raises(TypeError):
        finished.update(b"more")
    assert finished.digest() == tag
    assert before.update(b" and body").digest() == tag  # the copy taken before went on alone
    v = c.cmac_stream(b"header and body")
    with pytest.raises(lwc.AuthenticationError, match="^lea128 CMAC: MAC check failed"):
        v.verify(tag[:-1] + bytes([tag[-1] ^ 1]))
    assert v.digest() == tag  # verify ended the message too
    with pytest.raises(TypeError):
        v.update(b"")
    for other in (tag[:8], tag + b"\0", b""):
        with pytest.raises(lwc.AuthenticationError, match=rf"the tag is {len(other)} bytes, not tag_len = 16$"):
            c.cmac_stream(b"header and body").verify(other)
    short = c.cmac_stream(b"header and body", tag_len=6)
    assert short.digest_size == 6 and short.digest() == tag[:6] and short.verify(tag[:6]) is None


def test_cmac_stream_arguments_and_its_cipher():
    c = make("hight")
    for bad in (0, 9, -1):
        with pytest.raises(lwc.TagLengthError, match=rf"^hight CMAC tag must be 1 to 8 bytes, got {bad}$"):
            c.cmac_stream(tag_len=bad)
    s = c.cmac_stream(data=b"abc", tag_len=8)
    for bad in ("text", 5, None, memoryview(bytes(32))[::2]):
        with pytest.raises((TypeError, BufferError, ValueError)):
            s.update(bad)
        with pytest.raises((TypeError, BufferError, ValueError)):
            s.verify(bad)
    assert s.digest() == c.cmac(b"abc")  # the refused calls changed nothing
    assert "hight" in repr(s)
    # The stream keeps its Cipher (whose CMAC key its state points at) alive.
    s = make("aes128").cmac_stream(b"abc")
    gc.collect()
    assert s.update(b"def").digest() == make("aes128").cmac(b"abcdef")


def test_threads_sharing_a_cmac_stream():
    """Calls on one stream from several threads are serialised: the pieces are absorbed one
    after another (in some order), as a whole each."""
    c = make("aes128")
    piece = bytes(range(256)) * 32  # past the GIL threshold; all pieces equal, so any order gives one tag
    s = c.cmac_stream()
    threads = [threading.Thread(target=lambda: s.update(piece)) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert s.digest() == c.cmac(piece * 6)


# ---- tampering -----------------------------------------------------------------------------

@pytest.mark.parametrize("cipher,mode", AEAD, ids=[f"{c}-{m}" for c, m in AEAD])
def test_every_flipped_bit_is_rejected(cipher, mode):
    c = make(cipher)
    nonce, ad, data = bytes(range(11)), b"header", bytes(range(100, 121))
    tag_len = 8
    ct, tag = encrypt(c, mode, nonce, data, ad, tag_len=tag_len)
    assert decrypt(c, mode, nonce, ct, tag, ad, tag_len=tag_len) == data
    attempts = [(nonce, ct, bad, ad) for bad in flips(tag)] + [(nonce, bad, tag, ad) for bad in flips(ct)] + \
        [(nonce, ct, tag, bad) for bad in flips(ad)] + [(bad, ct, tag, ad) for bad in flips(nonce)]
    assert len(attempts) == 8 * (tag_len + len(ct) + len(ad) + len(nonce))
    for args in attempts:
        with pytest.raises(lwc.AuthenticationError, match=rf"^{cipher} {mode.upper()}: MAC check failed"):
            decrypt(c, mode, *args, tag_len=tag_len)
    # Nor does another key, empty or moved associated data, or a record cut or extended.
    other = lwc.Cipher(cipher, bytes(lwc.KEY_SIZES[cipher]))
    for key_c, n, x, t, a in [(other, nonce, ct, tag, ad), (c, nonce, ct, tag, b""), (c, nonce, ad + ct, tag, b""),
                              (c, nonce, ct[:-1], tag, ad), (c, nonce, ct + b"\0", tag, ad)]:
        with pytest.raises(lwc.AuthenticationError):
            decrypt(key_c, mode, n, x, t, a, tag_len=tag_len)


@pytest.mark.parametrize("cipher,mode", AEAD, ids=[f"{c}-{m}" for c, m in AEAD])
def test_decryption_checks_the_tag_length_it_is_given(cipher, mode):
    """The tag length is tag_len (None: the full block), never the received tag's: a full
    tag cut short, or a 4-byte tag checked as a longer one, does not match."""
    c, bs = make(cipher), lwc.BLOCK_SIZES[cipher]
    nonce, data = bytes(13), b"reading"
    ct, full = encrypt(c, mode, nonce, data)
    assert len(full) == bs
    assert decrypt(c, mode, nonce, ct, full) == data
    for short in (full[:4], full[:-1], full + b"\0"):
        with pytest.raises(lwc.AuthenticationError, match=rf"the tag is {len(short)} bytes, not tag_len = {bs}$"):
            decrypt(c, mode, nonce, ct, short)
    ct4, tag4 = encrypt(c, mode, nonce, data, tag_len=4)
    assert decrypt(c, mode, nonce, ct4, tag4, tag_len=4) == data
    with pytest.raises(lwc.AuthenticationError):
        decrypt(c, mode, nonce, ct4, tag4)
    with pytest.raises(lwc.AuthenticationError):
        decrypt(c, mode, nonce, ct4, tag4, tag_len=6)


def test_authentication_error_is_a_library_error_not_a_value_error():
    assert issubclass(lwc.AuthenticationError, lwc.Error) and not issubclass(lwc.AuthenticationError, ValueError)
    assert lwc.AuthenticationError.code == -11
    c = make("lea128")
    with pytest.raises(lwc.Error) as info:
        c.eax_decrypt(b"", b"", bytes(16))
    assert info.value.code == -11


# ---- errors --------------------------------------------------------------------------------

@pytest.mark.parametrize("cipher", lwc.CIPHERS)
def test_tag_lengths(cipher):
    c, bs = make(cipher), lwc.BLOCK_SIZES[cipher]
    assert [len(c.cmac(b"m", n)) for n in range(1, bs + 1)] == list(range(1, bs + 1))
    assert [len(c.eax_encrypt(b"n", b"m", tag_len=n)[1]) for n in range(1, bs + 1)] == list(range(1, bs + 1))
    assert len(c.cmac(b"m")) == len(c.eax_encrypt(b"n", b"m")[1]) == bs
    for op in (lambda n: c.cmac(b"m", n), lambda n: c.eax_encrypt(b"n", b"m", tag_len=n),
               lambda n: c.eax_decrypt(b"n", b"m", bytes(bs), tag_len=n)):
        for bad in (0, bs + 1, -1, 2**70):
            with pytest.raises(lwc.TagLengthError, match=rf"^{cipher} (CMAC|EAX) tag must be 1 to {bs} bytes, "
                                                         rf"got {bad}$"):
                op(bad)
        for wrong_type in ("8", 8.0, b"8"):
            with pytest.raises(TypeError):
                op(wrong_type)
    assert issubclass(lwc.TagLengthError, ValueError) and lwc.TagLengthError.code == -12


@pytest.mark.parametrize("cipher", CCM_CIPHERS)
def test_ccm_lengths(cipher):
    c = make(cipher)
    for n in range(0, 18):
        if n in CCM_TAGS:
            ct, tag = c.ccm_encrypt(bytes(13), b"m", tag_len=n)
            assert len(tag) == n and c.ccm_decrypt(bytes(13), ct, tag, tag_len=n) == b"m"
        else:
            for op in (lambda: c.ccm_encrypt(bytes(13), b"m", tag_len=n),
                       lambda: c.ccm_decrypt(bytes(13), b"m", bytes(n), tag_len=n)):
                with pytest.raises(lwc.TagLengthError, match=rf"^{cipher} CCM tag must be 4, 6, 8, 10, 12, 14 or 16 "
                                                             rf"bytes, got {n}$"):
                    op()
    for n in range(0, 20):
        if 7 <= n <= 13:
            ct, tag = c.ccm_encrypt(bytes(n), b"m")
            assert c.ccm_decrypt(bytes(n), ct, tag) == b"m"
        else:
            for op in (lambda: c.ccm_encrypt(bytes(n), b"m"), lambda: c.ccm_decrypt(bytes(n), b"m", bytes(16))):
                with pytest.raises(lwc.NonceLengthError, match=rf"^{cipher} CCM nonce must be 7 to 13 bytes, got {n}$"):
                    op()
    # A 13-byte nonce leaves 2 bytes for the length: at most 65535 bytes, a 12-byte one more.
    big = bytes(65536)
    ct, tag = c.ccm_encrypt(bytes(13), big[1:])
    assert c.ccm_decrypt(bytes(13), ct, tag) == big[1:]
    for op in (lambda: c.ccm_encrypt(bytes(13), big), lambda: c.ccm_decrypt(bytes(13), big, bytes(16))):
        with pytest.raises(lwc.MessageLengthError, match=rf"^{cipher} CCM with a 13-byte nonce takes at most 65535 "
                                                         rf"bytes of data, got 65536"):
            op()
    ct, tag = c.ccm_encrypt(bytes(12), big)
    assert c.ccm_decrypt(bytes(12), ct, tag) == big
    assert issubclass(lwc.MessageLengthError, ValueError) and lwc.MessageLengthError.code == -13


@pytest.mark.parametrize("cipher", SHORT_BLOCK_CIPHERS)
def test_ccm_needs_a_128_bit_block(cipher):
    c = make(cipher)
    for op in (lambda: c.ccm_encrypt(bytes(13), b"m"), lambda: c.ccm_decrypt(bytes(13), b"m", bytes(8))):
        with pytest.raises(ValueError, match=rf"^{cipher} has 64-bit blocks: CCM needs a 128-bit block cipher"):
            op()


def test_argument_types_and_keywords():
    c = make("lea128")
    ct, tag = c.eax_encrypt(nonce=b"n", data=b"data", ad=b"a", tag_len=8)
    assert type(ct) is bytes and type(tag) is bytes
    assert c.eax_decrypt(nonce=b"n", ct=ct, tag=tag, ad=b"a", tag_len=8) == b"data"
    assert c.cmac(data=b"data", tag_len=None) == c.cmac(b"data")
    for kind in (bytearray, memoryview, lambda b: memoryview(b"xx" + b)[2:]):
        assert c.eax_encrypt(kind(b"n"), kind(b"data"), kind(b"a"), 8) == (ct, tag)
        assert c.eax_decrypt(kind(b"n"), kind(ct), kind(tag), kind(b"a"), 8) == b"data"
        assert c.cmac(kind(b"data")) == c.cmac(b"data")
    for mode in ("eax", "ccm"):
        ops = (lambda x: encrypt(c, mode, x, b"d"), lambda x: encrypt(c, mode, bytes(13), x),
               lambda x: encrypt(c, mode, bytes(13), b"d", x), lambda x: decrypt(c, mode, x, b"d", bytes(16)),
               lambda x: decrypt(c, mode, bytes(13), x, bytes(16)), lambda x: decrypt(c, mode, bytes(13), b"d", x),
               lambda x: decrypt(c, mode, bytes(13), b"d", bytes(16), x), c.cmac)
        for op in ops:
            for bad in ("text", 5, None):
                with pytest.raises(TypeError):
                    op(bad)
            with pytest.raises((BufferError, ValueError, TypeError)):
                op(memoryview(bytes(32))[::2])
    with pytest.raises(TypeError):
        c.eax_encrypt(b"n")
    with pytest.raises(TypeError):
        c.eax_decrypt(b"n", b"ct", b"tag", b"", None, "extra")


def test_empty_inputs():
    for cipher in lwc.CIPHERS:
        c = make(cipher)
        for mode in ("eax", "ccm") if cipher in CCM_CIPHERS else ("eax",):
            nonce = bytes(7) if mode == "ccm" else b""
            ct, tag = encrypt(c, mode, nonce, b"")
            assert ct == b"" and decrypt(c, mode, nonce, b"", tag) == b""


def test_threads_share_a_cipher_from_its_first_mode_call():
    """Threads starting on a fresh Cipher at once: each mode key is set up once (under the
    GIL) and every long call (past the GIL threshold) gives the same result."""
    data, expected = bytes(range(256)) * 40, {}
    reference = make("aes128")
    expected = {"eax": reference.eax_encrypt(b"nonce", data), "ccm": reference.ccm_encrypt(bytes(12), data),
                "cmac": reference.cmac(data)}
    c, results = make("aes128"), []
    calls = {"eax": lambda: c.eax_encrypt(b"nonce", data), "ccm": lambda: c.ccm_encrypt(bytes(12), data),
             "cmac": lambda: c.cmac(data)}
    threads = [threading.Thread(target=lambda m=m: results.append((m, calls[m]()))) for m in list(calls) * 4]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 12 and all(r == expected[m] for m, r in results)
