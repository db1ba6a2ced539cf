"""The command line: `python -m lwc` and the console script `lwc`."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import lwc

KEY = bytes(range(16))
IV = bytes(15) + b"\xfe"


def run(*args, data=b"", script=False):
    command = [str(Path(sys.executable).with_name("lwc"))] if script else [sys.executable, "-m", "lwc"]
    return subprocess.run(command + list(args), input=data, capture_output=True, timeout=300)


def test_ctr_streams_stdin_to_stdout():
    data = os.urandom(200_000)  # several chunks
    done = run("ctr", "--cipher", "lea128", "--key", KEY.hex(), "--iv", IV.hex(), data=data)
    assert done.returncode == 0, done.stderr
    assert done.stdout == lwc.ctr_crypt("lea128", KEY, IV, data)
    back = run("ctr", "--cipher", "lea128", "--key", KEY.hex(), "--iv", IV.hex(), data=done.stdout, script=True)
    assert back.stdout == data
    assert run("ctr", "--cipher", "hight", "--key", KEY.hex(), "--iv", "00" * 8).stdout == b""


def test_ctr_key_file_hex_or_raw(tmp_path):
    expected = lwc.ctr_crypt("cham128_256", bytes(range(32)), IV, b"sensor record")
    for name, content in (("hex", (bytes(range(32)).hex() + "\n").encode()), ("raw", bytes(range(32))),
                          ("spaced", b" ".join(bytes([b]).hex().encode() for b in range(32)))):
        path = tmp_path / name
        path.write_bytes(content)
        done = run("ctr", "--cipher", "cham128_256", "--key-file", str(path), "--iv", IV.hex(), data=b"sensor record")
        assert (done.returncode, done.stdout) == (0, expected), name


def test_ctr_usage_errors(tmp_path):
    cases = [
        (["--cipher", "lea128", "--key", "00" * 15, "--iv", IV.hex()], b"lea128 key must be 16 bytes, got 15"),
        (["--cipher", "lea128", "--key", KEY.hex(), "--iv", "00" * 8], b"lea128 IV must be 16 bytes, got 8"),
        (["--cipher", "lea128", "--key", "xyz", "--iv", IV.hex()], b"not hex"),
        (["--cipher", "des", "--key", KEY.hex(), "--iv", IV.hex()], b"invalid choice: 'des'"),
        (["--cipher", "lea128", "--iv", IV.hex()], b"one of the arguments --key --key-file is required"),
        (["--cipher", "lea128", "--key-file", str(tmp_path / "missing"), "--iv", IV.hex()], b"No such file"),
    ]
    (tmp_path / "bad").write_bytes(b"zz" * 16)
    cases.append((["--cipher", "lea128", "--key-file", str(tmp_path / "bad"), "--iv", IV.hex()],
                  b"neither 16 raw bytes nor hex"))
    for args, message in cases:
        done = run("ctr", *args, data=b"data")
        assert done.returncode == 2 and message in done.stderr and done.stdout == b"", (args, done.stderr)


def test_selftest_and_version():
    done = run("selftest", script=True)
    assert done.returncode == 0
    assert done.stdout.decode().splitlines()[-1].endswith(" passed, 0 failed")
    assert run("--version").stdout.decode().strip() == f"lwc {lwc.__version__}"


def test_bench_csv():
    done = run("bench", "--ciphers", "lea128,hight", "--batch", "64", "--seconds", "0.05", "--csv")
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout.decode())))
    batch = [r for r in rows if r["implementation"] == "lwc Cipher.ctr_records"]
    assert [r["cipher"] for r in batch] == ["lea128", "hight"]
    assert all(float(r["records_per_s"]) > 0 and r["record_bytes"] == "64" for r in rows)
    assert any(r["implementation"].startswith("pycryptodome") for r in rows)
    assert run("bench", "--ciphers", "rc4").returncode == 2
