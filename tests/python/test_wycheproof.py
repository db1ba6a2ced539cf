"""Project Wycheproof's AES-CMAC, AES-EAX and AES-CCM files (tests/vectors/wycheproof/, as in
the C suites: tests/common/wycheproof.c) through the package: every case of the 128-bit-key
groups is one test, named by file, tcId and result, whose failure message gives its flags
and comment. Valid cases must give the tag and ciphertext both ways; invalid ones must be
refused: the decryption raises lwc.AuthenticationError (no plaintext is returned), or the
length error lwc/modes.h gives for its lengths, as the encryption then does too; an invalid
CMAC tag is not the one cmac computes (the package has no CMAC verify call to refuse it).
Acceptable cases (none in these files; counted by test_files_are_complete) may go either
way, but consistently. A missing or incomplete file fails."""

from __future__ import annotations

import json
from collections import Counter
from typing import Iterator, Optional

import pytest

import lwc
from helpers import vectors_dir

# Per file: the mode, the cases in it and, of those with 128-bit keys, how many are valid,
# invalid and acceptable (tests/vectors/README.md).
FILES = {
    "aes_cmac_test.json": ("cmac", 311, {"valid": 21, "invalid": 81, "acceptable": 0}),
    "aes_eax_test.json": ("eax", 240, {"valid": 65, "invalid": 27, "acceptable": 0}),
    "aes_ccm_test.json": ("ccm", 552, {"valid": 135, "invalid": 49, "acceptable": 0}),
}


def load(name: str) -> Optional[dict]:
    path = vectors_dir() / "wycheproof" / name
    return json.loads(path.read_text()) if path.exists() else None


def cases() -> Iterator:
    for name in FILES:
        data = load(name)
        if data is None:  # the test of this parameter fails
            yield pytest.param(name, None, id=f"{name}-missing")
            continue
        for group in data["testGroups"]:
            if group["keySize"] == 128:
                for t in group["tests"]:
                    yield pytest.param(name, t, id=f"{name.split('_')[1]}-{t['tcId']}-{t['result']}")


def refusal(mode: str, tag_len: int, nonce_len: int) -> type:
    """The error lwc/modes.h gives a record with these lengths and a wrong tag: the first
    length error of its list, else AuthenticationError."""
    if not (tag_len in (4, 6, 8, 10, 12, 14, 16) if mode == "ccm" else 1 <= tag_len <= 16):
        return lwc.TagLengthError
    if mode == "ccm" and not 7 <= nonce_len <= 13:
        return lwc.NonceLengthError
    return lwc.AuthenticationError


def describe(name: str, t: dict) -> str:
    return f"{name} tcId {t['tcId']} ({t['result']}; flags {','.join(t['flags'])}; {t['comment']!r})"


@pytest.mark.parametrize("name,t", list(cases()))
def test_case(name, t):
    if t is None:
        pytest.fail(f"{vectors_dir() / 'wycheproof' / name} not found (set LWC_VECTORS to the folder holding it)")
    mode, what = FILES[name][0], describe(name, t)
    c = lwc.Cipher("aes128", bytes.fromhex(t["key"]))
    msg, tag = bytes.fromhex(t["msg"]), bytes.fromhex(t["tag"])
    if mode == "cmac":
        if t["result"] == "invalid" and not 1 <= len(tag) <= 16:
            with pytest.raises(lwc.TagLengthError):
                c.cmac(msg, tag_len=len(tag))
            return
        computed = c.cmac(msg, tag_len=len(tag))
        if t["result"] != "acceptable":
            assert (computed == tag) == (t["result"] == "valid"), what
        return
    nonce, ad, ct = bytes.fromhex(t["iv"]), bytes.fromhex(t["aad"]), bytes.fromhex(t["ct"])
    encrypt, decrypt = getattr(c, f"{mode}_encrypt"), getattr(c, f"{mode}_decrypt")
    refused = refusal(mode, len(tag), len(nonce))
    if refused is not lwc.AuthenticationError:  # a length error, both ways
        with pytest.raises(refused):
            encrypt(nonce, msg, ad, tag_len=len(tag))
        with pytest.raises(refused):
            decrypt(nonce, ct, tag, ad, tag_len=len(tag))
        assert t["result"] != "valid", f"{what}: lwc refuses a valid case's lengths"
        return
    sealed = encrypt(nonce, msg, ad, tag_len=len(tag))
    if t["result"] == "acceptable":
        try:
            assert decrypt(nonce, ct, tag, ad, tag_len=len(tag)) == msg, what
        except lwc.AuthenticationError:
            pass
    elif t["result"] == "valid":
        assert sealed == (ct, tag), f"{what}: encryption differs"
        assert decrypt(nonce, ct, tag, ad, tag_len=len(tag)) == msg, f"{what}: decryption differs"
    else:
        assert sealed != (ct, tag), f"{what}: the invalid record is what encryption gives"
        with pytest.raises(lwc.AuthenticationError):
            decrypt(nonce, ct, tag, ad, tag_len=len(tag))


@pytest.mark.parametrize("name", FILES)
def test_files_are_complete(name):
    data = load(name)
    assert data is not None, f"{vectors_dir() / 'wycheproof' / name} not found"
    tests = [t for g in data["testGroups"] for t in g["tests"]]
    ours = Counter(t["result"] for g in data["testGroups"] if g["keySize"] == 128 for t in g["tests"])
    _, total, by_result = FILES[name]
    assert data["numberOfTests"] == len(tests) == total
    assert dict(ours) == {r: n for r, n in by_result.items() if n}, f"{name}: 128-bit-key cases by result"
