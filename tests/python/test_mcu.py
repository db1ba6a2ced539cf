"""End to end: records encrypted by the library on the simulated ATmega128 (its AVR
assembly CTR paths, through the unchanged test firmware driven by build/host/mcu_encrypt)
are decrypted by the Python package, as a gateway decrypts what the nodes send.

LWC_MCU_ENCRYPT and LWC_MCU_ARGS (mk/python.mk sets both) name the driver and its
arguments: [--mcu MCU] SIMULATOR FIRMWARE VARIANT."""

from __future__ import annotations

import os
import shlex
import subprocess

import pytest

import lwc
from conftest import program
from helpers import ROOT, random_iv

DEFAULT_ARGS = "--mcu atmega128 build/tools/avrsim build/atmega128/firmware/lwc_server.elf atmega128"
MAX_RECORD = 1024  # SERVER_MAX_PIECE, tests/target/protocol.h
RECORDS_PER_CIPHER = 24


def mcu_encrypt(lines):
    """The ciphertexts the MCU returns for lines (cipher, key, iv, plaintext)."""
    driver = program("LWC_MCU_ENCRYPT", "host/mcu_encrypt")
    args = shlex.split(os.environ.get("LWC_MCU_ARGS", DEFAULT_ARGS))
    for path in args[2:4] if args[:1] == ["--mcu"] else args[0:2]:
        if not (ROOT / path).exists():
            pytest.fail(f"{path} not found: build it with make (mk/python.mk lists it in TEST_DEPS)")
    request = "".join(f"{c} {k.hex()} {iv.hex()} {p.hex() or '-'}\n" for c, k, iv, p in lines)
    done = subprocess.run([str(driver)] + args, input=request, capture_output=True, text=True, cwd=ROOT,
                          timeout=600)
    answers = done.stdout.splitlines()
    assert done.returncode == 0 and len(answers) == len(lines), done.stdout[-2000:] + done.stderr[-2000:]
    return [b"" if a == "-" else bytes.fromhex(a) for a in answers]


@pytest.fixture(scope="module")
def mcu_records():
    """{cipher: (key, ivs, plaintexts, ciphertexts from the MCU)}: per cipher one key (a
    node's), records of 64 bytes and of lengths around the block size, up to the
    firmware's buffer, counters near carries."""
    import random

    from conftest import SEED

    rng = random.Random(f"{SEED}:mcu")
    lines, layout = [], {}
    for cipher in lwc.CIPHERS:
        bs, key = lwc.BLOCK_SIZES[cipher], rng.randbytes(lwc.KEY_SIZES[cipher])
        lengths = [64] * 12 + [0, 1, bs - 1, bs, bs + 1, 2 * bs + 3, 100, 255, 256, 500, 777, MAX_RECORD]
        ivs = [random_iv(rng, bs) for _ in lengths]
        plains = [rng.randbytes(n) for n in lengths]
        layout[cipher] = (key, ivs, plains, len(lines))
        lines += [(cipher, key, iv, p) for iv, p in zip(ivs, plains)]
    cts = mcu_encrypt(lines)
    return {c: (k, ivs, plains, cts[start:start + len(plains)]) for c, (k, ivs, plains, start) in layout.items()}


@pytest.mark.parametrize("cipher", lwc.CIPHERS)
def test_the_gateway_decrypts_what_the_mcu_encrypted(cipher, mcu_records):
    key, ivs, plains, cts = mcu_records[cipher]
    assert len(plains) == RECORDS_PER_CIPHER
    assert cts != plains
    c = lwc.Cipher(cipher, key)
    assert c.ctr_records(ivs, cts) == plains
    for iv, p, ct in zip(ivs, plains, cts):
        assert lwc.ctr_crypt(cipher, key, iv, ct) == p
        s = c.ctr(iv)
        assert s.crypt(ct[:5]) + s.crypt(ct[5:]) == p
