"""The command line's Ascon subcommands: `lwc ascon encrypt|decrypt` and `lwc hash`."""

from __future__ import annotations

import subprocess
import sys

import lwc

KEY, NONCE = bytes(range(16)), bytes(range(16, 32))


def run(*args, data=b""):
    return subprocess.run([sys.executable, "-m", "lwc"] + list(args), input=data, capture_output=True, timeout=300)


def ascon(op, *args, data=b""):
    return run("ascon", op, "--key", KEY.hex(), "--nonce", NONCE.hex(), *args, data=data)


def test_ascon_round_trip():
    data = bytes(range(256)) * 300  # larger than one read chunk
    done = ascon("encrypt", "--ad", "686561646572", data=data)
    ct, tag = lwc.Ascon(KEY).encrypt(NONCE, data, ad=b"header")
    assert (done.returncode, done.stdout) == (0, ct + tag), done.stderr
    back = ascon("decrypt", "--ad", "686561646572", data=done.stdout)
    assert (back.returncode, back.stdout) == (0, data)
    short = ascon("encrypt", "--tag-len", "8", data=b"21.5")
    assert short.stdout == b"".join(lwc.Ascon(KEY).encrypt(NONCE, b"21.5", tag_len=8))
    assert ascon("decrypt", "--tag-len", "8", data=short.stdout).stdout == b"21.5"


def test_ascon_hex():
    done = ascon("encrypt", "--hex", data=b"72 65 61 64 69 6e 67\n")  # "reading", whitespace ignored
    ct, tag = lwc.Ascon(KEY).encrypt(NONCE, b"reading")
    assert (done.returncode, done.stdout) == (0, (ct + tag).hex().encode() + b"\n"), done.stderr
    back = ascon("decrypt", "--hex", data=done.stdout)
    assert (back.returncode, back.stdout) == (0, b"reading".hex().encode() + b"\n")
    assert ascon("decrypt", "--hex", data=b"not hex").returncode == 2


def test_ascon_key_file(tmp_path):
    path = tmp_path / "key"
    path.write_bytes(KEY)
    done = run("ascon", "encrypt", "--key-file", str(path), "--nonce", NONCE.hex(), data=b"x")
    assert done.stdout == b"".join(lwc.Ascon(KEY).encrypt(NONCE, b"x"))


def test_ascon_rejects_with_nothing_written():
    record = ascon("encrypt", data=b"reading").stdout
    for changed in (record[:-1] + bytes([record[-1] ^ 1]), bytes([record[0] ^ 1]) + record[1:], record[:10]):
        done = ascon("decrypt", data=changed)
        assert done.returncode == 1 and done.stdout == b"" and b"rejected" in done.stderr
    assert ascon("decrypt", "--ad", "00", data=record).returncode == 1


def test_ascon_usage_errors():
    assert run("ascon", "encrypt", "--key", "00" * 15, "--nonce", NONCE.hex()).returncode == 2
    assert ascon("encrypt", "--tag-len", "3", data=b"x").returncode == 2
    assert run("ascon", "encrypt", "--key", KEY.hex(), "--nonce", "00" * 12).returncode == 2


def test_hash(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.write_bytes(b"abc")
    b.write_bytes(bytes(100_000))
    done = run("hash", str(a), str(b))
    assert done.returncode == 0
    assert done.stdout.decode().splitlines() == [f"{lwc.ascon_hash256(b'abc').hex()}  {a}",
                                                 f"{lwc.ascon_hash256(bytes(100_000)).hex()}  {b}"]
    assert run("hash", data=b"abc").stdout.decode() == f"{lwc.ascon_hash256(b'abc').hex()}  -\n"
    xof = run("hash", "-a", "ascon-xof128", "--length", "50", str(a)).stdout.decode()
    assert xof == f"{lwc.AsconXof128(b'abc').hexdigest(50)}  {a}\n"
    cxof = run("hash", "-a", "ascon-cxof128", "--custom", "6b6579", "-", data=b"abc").stdout.decode()
    assert cxof == f"{lwc.AsconCxof128(b'key', b'abc').hexdigest(32)}  -\n"


def test_hash_errors(tmp_path):
    missing = run("hash", str(tmp_path / "missing"))
    assert missing.returncode == 1 and b"missing" in missing.stderr
    assert run("hash", "--length", "8").returncode == 2  # --length is for the XOFs
    assert run("hash", "-a", "ascon-xof128", "--custom", "00").returncode == 2
    assert run("hash", "-a", "ascon-cxof128", "--custom", "00" * 257).returncode == 2
