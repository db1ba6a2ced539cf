"""Known-answer vectors through the package: the specification vectors compiled into it
(tests/common/spec_vectors.c), the sets of tests/vectors (a missing or incomplete set
fails, as in the C suites), and the CTR_DRBG vectors (NIST CAVP, TTAK.KO-12.0189/R2):
those embedded in tests/common/drbg_vectors.c, read from its source, and the files."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, Iterator, List, Tuple

import pytest

import lwc
from conftest import vector_file
from helpers import FAMILY_FILES, ROOT, c_string, vector_lines
from lwc import selftest

DRBG_SOURCE = ROOT / "tests" / "common" / "drbg_vectors.c"


def test_spec_vectors_every_path():
    checks = selftest.spec_vector_checks()
    failed = [what for what, ok in checks if not ok]
    assert not failed
    assert len(checks) > 40


def test_the_extension_carries_every_spec_vector_of_the_c_tests():
    text = (ROOT / "tests" / "common" / "spec_vectors.c").read_text()
    rows = re.findall(r'\{"(\w+)", "(\w+)", "([0-9a-f]+)"', text)
    assert [(c, m, k) for c, m, k, *_ in lwc._lwc._spec_vectors()] == rows


def test_selftest_passes():
    assert selftest.run() == 0


def cbc(c: lwc.Cipher, iv: bytes, data: bytes, decrypt: bool) -> bytes:
    bs, chain, out = c.block_size, iv, b""
    for i in range(0, len(data), bs):
        block = data[i:i + bs]
        if decrypt:
            out += bytes(x ^ y for x, y in zip(c.decrypt_block(block), chain))
            chain = block
        else:
            chain = c.encrypt_block(bytes(x ^ y for x, y in zip(block, chain)))
            out += chain
    return out


@pytest.mark.parametrize("name,family,must_match,expected", FAMILY_FILES, ids=[f[0] for f in FAMILY_FILES])
def test_cipher_vector_files(name, family, must_match, expected):
    count = 0
    for where, cipher, mode, key, iv, pt, ct in vector_lines(vector_file(name), family):
        if mode == "cbc":
            c = lwc.Cipher(cipher, key)
            results = [("cbc encrypt", cbc(c, iv, pt, False) == ct), ("cbc decrypt", cbc(c, iv, ct, True) == pt)]
        else:
            results = selftest.cipher_vector_checks(cipher, mode, key, iv, pt, ct)
        if must_match:
            assert [what for what, ok in results if not ok] == [], where
        else:
            assert not any(ok for _, ok in results), f"{where}: the original CHAM was reproduced"
        count += 1
    assert count == expected


# ---- CTR_DRBG --------------------------------------------------------------------------------

def cavp_cases(text: str) -> Iterator[Tuple[int, List[Tuple[str, bytes]], bytes, int]]:
    """(line, fields in order, ReturnedBits, output length) of every case of an .rsp text."""
    out_len, fields, line_of_case = 64, None, 0
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        m = re.match(r"\[ReturnedBitsLen = (\d+)\]", line)
        if m:
            out_len = int(m.group(1)) // 8
        if line.startswith("COUNT = "):
            fields, line_of_case = [], lineno
        elif fields is not None and " = " in line and not line.startswith(("#", "[")):
            name, value = line.split(" = ", 1)
            if name == "ReturnedBits":
                yield line_of_case, fields, bytes.fromhex(value), out_len
                fields = None
            else:
                fields.append((name, bytes.fromhex(value)))
        elif fields is not None and line.endswith(" ="):  # an empty value
            fields.append((line[:-2], b""))


def run_cavp(text: str, where: str) -> int:
    count = 0
    for lineno, fields, expected, out_len in cavp_cases(text):
        assert selftest.cavp_case(fields, out_len) == expected, f"{where}:{lineno}"
        count += 1
    return count


TTAK_DRBGS = ("lea128", "lea192", "lea256", "hight")  # the tables' order (idx 0..3)


def ttak_rows(text: str) -> Iterator[Tuple[int, str, Dict[str, object], Dict[str, int], bytes, bytes]]:
    """(line, drbg, inputs, flags, out1, out2) for every row of a TTAK text (the go-krypto
    test format of tests/vectors/ctr_drbg_lea_hight_ttak_kisa.txt)."""
    tables: List[Dict[str, object]] = []
    target = None
    for lineno, line in enumerate(text.splitlines(), 1):
        if line.startswith("#"):
            continue
        value = re.search(r"HB\(`([0-9A-Fa-f ]+)`\)", line)
        data = bytes.fromhex(value.group(1).replace(" ", "")) if value else None
        if "KeySize:" in line:
            tables.append({"entropy": [], "additional": []})
        elif "entropy:" in line or "additional:" in line:
            target = tables[-1]["entropy" if "entropy:" in line else "additional"]
        elif "nonce:" in line or "personal:" in line:
            tables[-1]["nonce" if "nonce:" in line else "personal"] = data
        elif data is not None and target is not None:
            target.append(data)
        elif "{name:" in line:
            flags = {k: int(v) for k, v in re.findall(r"\b(idx|df|pr|ps|ai|ri): (\d+)", line)}
            outs = [bytes.fromhex(o.replace(" ", "")) for o in re.findall(r'out[12]: "([0-9A-Fa-f ]+)"', line)]
            yield lineno, TTAK_DRBGS[flags["idx"]], tables[flags["idx"]], flags, outs[0], outs[1]
        elif "}," in line:
            target = None


def run_ttak(text: str, where: str) -> int:
    count = 0
    for lineno, drbg, t, f, out1, out2 in ttak_rows(text):
        got = selftest.ttak_row(drbg, t["entropy"], t["nonce"], t["personal"], t["additional"], bool(f["df"]),
                                bool(f["pr"]), bool(f["ps"]), bool(f["ai"]), f["ri"], len(out1))
        assert got == (out1, out2), f"{where}:{lineno}"
        count += 1
    return count


def test_drbg_vectors_embedded_in_the_c_tests():
    assert run_cavp(c_string(DRBG_SOURCE, "cavp_embedded"), "cavp_embedded") == 3
    assert run_ttak(c_string(DRBG_SOURCE, "ttak_embedded"), "ttak_embedded") == 6


def test_the_selftest_ttak_inputs_are_the_tables():
    for _, drbg, t, _, _, _ in ttak_rows(c_string(DRBG_SOURCE, "ttak_embedded")):
        assert selftest.ttak_pattern_inputs(drbg) == (t["entropy"], t["nonce"], t["personal"], t["additional"])


@pytest.mark.parametrize("name", ["ctr_drbg_aes128_usedf_no_reseed.rsp", "ctr_drbg_aes128_usedf_pr_false.rsp",
                                  "ctr_drbg_aes128_usedf_pr_true.rsp"])
def test_drbg_cavp_files(name):
    path = vector_file(name)
    assert run_cavp(path.read_text(), path.name) == 240


def test_drbg_ttak_file():
    path = vector_file("ctr_drbg_lea_hight_ttak_kisa.txt")
    assert run_ttak(path.read_text(), path.name) == 96
