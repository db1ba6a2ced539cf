"""The command line: `python -m lwc` and the console script `lwc`."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import lwc
from lwc.records import Opener, derive_node_key

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


def test_bench_sealed_csv():
    """lwc bench --sealed: every suite on lists and Arrow, and pycryptodome's AES-EAX."""
    done = run("bench", "--sealed", "--batch", "100", "--batches", "2", "--csv")
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout.decode())))
    opened = [(r["implementation"].split(", ")[1], r["suite"]) for r in rows if r["batch"] == "100"]
    assert opened == [(kind, suite) for suite in lwc.records.SUITES
                      for kind in ("list of bytes", "pyarrow binary array")]
    assert all(float(r["records_per_s"]) > 0 and r["payload_bytes"] == "32" for r in rows)
    assert any(r["implementation"].startswith("pycryptodome") and r["batch"] == "1" for r in rows)


# ---- lwc cmac, lwc eax, lwc ccm ---------------------------------------------------------------

def sealed(cipher: str, mode: str, key: bytes, nonce: bytes, data: bytes, ad: bytes = b"", tag_len=None) -> bytes:
    """What `lwc <mode> encrypt` writes: the ciphertext, then the tag (the package's API)."""
    ct, tag = getattr(lwc.Cipher(cipher, key), f"{mode}_encrypt")(nonce, data, ad, tag_len)
    return ct + tag


def test_eax_and_ccm_round_trip_raw_and_hex(tmp_path):
    data = os.urandom(100_000)
    for mode, cipher, nonce in (("eax", "lea128", b"node 7, record 42"), ("eax", "present80", b""),
                                ("ccm", "aes128", bytes(range(12))), ("ccm", "cham128_256", bytes(7))):
        key = bytes(range(lwc.KEY_SIZES[cipher]))
        args = ["--cipher", cipher, "--key", key.hex(), "--nonce", nonce.hex(), "--ad", "0102"]
        record = run(mode, "encrypt", *args, data=data)
        assert record.returncode == 0, record.stderr
        assert record.stdout == sealed(cipher, mode, key, nonce, data, b"\x01\x02")
        back = run(mode, "decrypt", *args, data=record.stdout, script=True)
        assert (back.returncode, back.stdout, back.stderr) == (0, data, b"")
        # --hex: hex text in and out (whitespace in the input ignored); --tag-len: shorter tags.
        hexed = run(mode, "encrypt", *args, "--tag-len", "8", "--hex", data=b"21 2e 35\n")
        assert hexed.stdout == sealed(cipher, mode, key, nonce, b"!.5", b"\x01\x02", 8).hex().encode() + b"\n"
        back = run(mode, "decrypt", *args, "--tag-len", "8", "--hex", data=hexed.stdout)
        assert (back.returncode, back.stdout) == (0, b"212e35\n")


def test_a_rejected_record_exits_1_writes_nothing_and_says_why(tmp_path):
    key, nonce = bytes(range(16)), bytes(13)
    record = sealed("aes128", "ccm", key, nonce, b"21.5 degrees", b"hdr", 8)
    args = ["--cipher", "aes128", "--key", key.hex(), "--nonce", nonce.hex(), "--ad", b"hdr".hex(), "--tag-len", "8"]
    assert run("ccm", "decrypt", *args, data=record).stdout == b"21.5 degrees"
    tampered = [record[:i] + bytes([record[i] ^ 1]) + record[i + 1:] for i in range(len(record))]
    for bad, other_args in [(r, args) for r in tampered] + [
            (record, args[:-1] + ["16"]),  # another tag length
            (record, args[:5] + ["01" * 13] + args[6:]),  # another nonce
            (record, args[:7] + ["686472ff"] + args[8:]),  # other associated data
            (record[:-1], args), (record + b"\0", args)]:
        done = run("ccm", "decrypt", *other_args, data=bad)
        assert done.returncode == 1 and done.stdout == b"", (bad, other_args)
        assert done.stderr.startswith(b"lwc ccm decrypt: rejected: aes128 CCM: MAC check failed"), done.stderr
    short = run("eax", "decrypt", "--cipher", "hight", "--key", bytes(16).hex(), "--nonce", "", data=bytes(7))
    assert short.returncode == 1 and short.stdout == b""
    assert short.stderr == b"lwc eax decrypt: rejected: 7 bytes, shorter than the 8-byte tag\n"


def test_cmac_writes_or_verifies_the_tag(tmp_path):
    data = os.urandom(70_000)
    key_file = tmp_path / "fw.key"
    key_file.write_bytes(bytes(range(16)))  # raw
    c = lwc.Cipher("lea128", bytes(range(16)))
    done = run("cmac", "--cipher", "lea128", "--key-file", str(key_file), data=data)
    assert (done.returncode, done.stdout) == (0, c.cmac(data))
    done = run("cmac", "--cipher", "lea128", "--key-file", str(key_file), "--tag-len", "8", "--hex",
               data=data.hex().encode())
    assert (done.returncode, done.stdout) == (0, c.cmac(data, 8).hex().encode() + b"\n")
    ok = run("cmac", "--cipher", "lea128", "--key-file", str(key_file), "--verify", c.cmac(data).hex(), data=data,
             script=True)
    assert (ok.returncode, ok.stdout, ok.stderr) == (0, b"", b"")
    for tag, tag_len in ((c.cmac(data + b"!"), None), (c.cmac(data, 8), None), (c.cmac(data), 8)):
        args = ["--tag-len", str(tag_len)] if tag_len else []
        bad = run("cmac", "--cipher", "lea128", "--key-file", str(key_file), "--verify", tag.hex(), *args, data=data)
        assert bad.returncode == 1 and bad.stdout == b"", bad.stderr
        assert bad.stderr.startswith(b"lwc cmac: rejected: lea128 CMAC: MAC check failed: the tag "), bad.stderr


def test_mode_usage_errors():
    key = KEY.hex()
    cases = [
        (["ccm", "encrypt", "--cipher", "hight", "--key", key, "--nonce", "00" * 13], b"invalid choice: 'hight'"),
        (["ccm", "encrypt", "--cipher", "aes128", "--key", key, "--nonce", "00" * 6],
         b"aes128 CCM nonce must be 7 to 13 bytes, got 6"),
        (["ccm", "encrypt", "--cipher", "aes128", "--key", key, "--nonce", "00" * 13, "--tag-len", "5"],
         b"aes128 CCM tag must be 4, 6, 8, 10, 12, 14 or 16 bytes, got 5"),
        (["eax", "encrypt", "--cipher", "lea128", "--key", key], b"the following arguments are required: --nonce"),
        (["eax", "seal", "--cipher", "lea128", "--key", key, "--nonce", ""], b"invalid choice: 'seal'"),
        (["eax", "encrypt", "--cipher", "lea128", "--key", key[2:], "--nonce", ""], b"lea128 key must be 16 bytes"),
        (["eax", "encrypt", "--cipher", "lea128", "--key", key, "--nonce", "0g"], b"not hex"),
        (["eax", "decrypt", "--cipher", "lea128", "--key", key, "--nonce", "", "--hex"], b"stdin: not hex (--hex)"),
        (["cmac", "--cipher", "lea128", "--key", key, "--tag-len", "17"], b"lea128 CMAC tag must be 1 to 16 bytes"),
        (["cmac", "--cipher", "lea128", "--key", key, "--verify", "xyz"], b"not hex"),
    ]
    for args, message in cases:
        done = run(*args, data=b"not hex!")
        assert done.returncode == 2 and message in done.stderr and done.stdout == b"", (args, done.stderr)


def test_help_lists_every_command_and_the_exit_statuses():
    done = run("--help")
    assert done.returncode == 0
    text = done.stdout.decode()
    assert "{ctr,cmac,eax,ccm,node-key,seal,open,ascon,hash,selftest,bench}" in text and "1 for a rejected record" in text
    for command in ("eax", "ccm"):
        sub = run(command, "--help").stdout.decode()
        assert "{encrypt,decrypt}" in sub and "--nonce" in sub and "--tag-len" in sub and "--hex" in sub


# ---- lwc node-key, lwc seal, lwc open (sealed records) ------------------------------------

def test_seal_then_open_json_lines(tmp_path):
    """lwc seal (a node) and lwc open (the gateway): JSON lines in order, a refused record
    reported with its reason and exit 1, the replay windows kept in --store across runs."""
    master = tmp_path / "master.key"
    master.write_text(bytes(range(16)).hex())
    node_key = run("node-key", "--master-key-file", str(master), "--node-id", "23", "--epoch", "1").stdout.decode()
    assert node_key.strip() == derive_node_key(bytes(range(16)), 1, 23, 1).hex() == "03de94ba9f9a6ef3d19824ffa9743590"
    (tmp_path / "node.key").write_text(node_key)
    sealed = run("seal", "--node-key-file", str(tmp_path / "node.key"), "--node-id", "23", "--epoch", "1",
                 "--boot", "7", data=b"aabb\n\n0102\n").stdout.decode().split()
    assert len(sealed) == 2 and Opener(master_key=bytes(range(16)), store=":memory:").open(
        bytes.fromhex(sealed[1])).payload == b"\x01\x02"
    store = str(tmp_path / "replay.sqlite3")
    opened = run("open", "--master-key-file", str(master), "--store", store, data="\n".join(sealed).encode())
    assert opened.returncode == 0, opened.stderr
    rows = [json.loads(line) for line in opened.stdout.decode().splitlines()]
    assert rows == [{"node_id": 23, "epoch": 1, "suite": 1, "counter": 7 << 24 | i, "boot": 7, "record": i,
                     "payload": p} for i, p in enumerate(["aabb", "0102"])]
    forged = sealed[0][:-2] + ("00" if sealed[0][-2:] != "00" else "01")
    again = run("open", "--master-key-file", str(master), "--store", store, "--batch", "1",
                data=f"{sealed[0]}\n{forged}\n\n11\n".encode())
    assert again.returncode == 1
    assert again.stderr == b"lwc open: 3 of 3 records refused\n"
    rows = [json.loads(line) for line in again.stdout.decode().splitlines()]
    assert [(r["line"], r["error"], r["code"]) for r in rows] == [
        (1, "ReplayError", -20), (2, "ReplayError", -20), (4, "RecordShortError", -17)]
    assert rows[0]["reason"] == "replay: this counter was accepted before" and rows[0]["node_id"] == 23
    fresh = run("seal", "--master-key-file", str(master), "--node-id", "23", "--epoch", "1", "--boot", "8",
                data=b"ff\n").stdout.decode().strip()
    bad_tag = fresh[:-2] + ("00" if fresh[-2:] != "00" else "01")
    rows = [json.loads(line) for line in run("open", "--master-key-file", str(master), "--store", store,
                                             data=bad_tag.encode()).stdout.decode().splitlines()]
    assert rows[0]["error"] == "AuthenticationError" and "payload" not in rows[0]


def test_open_with_node_keys_file_and_usage_errors(tmp_path):
    keys = tmp_path / "keys.jsonl"
    keys.write_text(json.dumps({"node_id": 5, "epoch": 2, "suite": 4,
                                "key": derive_node_key(bytes(16), 4, 5, 2).hex()}) + "\n")
    (tmp_path / "node.key").write_text(derive_node_key(bytes(16), 4, 5, 2).hex())
    records = run("seal", "--suite", "eax-aes128", "--node-key-file", str(tmp_path / "node.key"), "--node-id", "5",
                  "--epoch", "2", "--boot", "0", data=b"00\n").stdout
    done = run("open", "--node-keys-file", str(keys), "--store", str(tmp_path / "s.db"), data=records)
    assert done.returncode == 0 and json.loads(done.stdout)["payload"] == "00"
    assert run("seal", "--node-key-file", str(tmp_path / "node.key"), "--node-id", "5", "--epoch", "2",
               "--boot", str(1 << 24), data=b"00\n").returncode == 2
    assert run("open", "--node-keys-file", str(keys), "--store", str(tmp_path / "s.db"), data=b"zz\n").returncode == 2
    assert run("open", "--store", str(tmp_path / "s.db"), data=records).returncode == 2


def test_seal_and_open_ascon_suite(tmp_path):
    """--suite ascon-aead128: lwc seal writes the vector file's record of node 0x17, epoch 1,
    boot 0 (tests/vectors/records.txt) and lwc open opens it as suite 6."""
    master = tmp_path / "master.key"
    master.write_text(bytes(range(16)).hex())
    sealed = run("seal", "--suite", "ascon-aead128", "--master-key-file", str(master), "--node-id", "23", "--epoch",
                 "1", "--boot", "0", data=b"9389\n").stdout.decode().strip()
    assert sealed == "160000001701000000000000f7788da00dc3fd00bb50"
    opened = run("open", "--master-key-file", str(master), "--store", str(tmp_path / "s.db"), data=sealed.encode())
    assert opened.returncode == 0 and json.loads(opened.stdout)["suite"] == 6
    assert json.loads(opened.stdout)["payload"] == "9389"
