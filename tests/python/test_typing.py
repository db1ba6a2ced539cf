"""The package is typed: mypy --strict accepts its sources and its stub of the extension,
and with them rejects a caller that mistakes a result's type."""

from __future__ import annotations

import subprocess
import sys

from helpers import ROOT

CALLER = '''
import lwc
c = lwc.Cipher("lea128", bytes(16))
plain: list[bytes] = c.ctr_records([bytes(16)], [b"record"])
part: bytes = c.ctr(bytearray(16)).crypt(memoryview(b"abc"))
d = lwc.Drbg("aes128", bytes(32), b"", df=True, reseed_interval=5)
key: bytes = d.generate(16, additional=b"")
try:
    d.reseed(bytes(32))
except lwc.ReseedRequiredError as e:
    code: int = e.code
size: int = lwc.KEY_SIZES["lea128"] + c.block_size
mac: bytes = c.cmac(b"config", tag_len=8) + c.cmac(bytearray(3))
ct, tag = c.eax_encrypt(b"nonce", b"reading", ad=b"header", tag_len=8)
ct2, tag2 = c.ccm_encrypt(bytes(13), memoryview(b"reading"))
try:
    reading: bytes = c.eax_decrypt(b"nonce", ct, tag, ad=b"header", tag_len=8) + c.ccm_decrypt(bytes(13), ct2, tag2)
except lwc.AuthenticationError as e:
    auth_code: int = e.code
'''


def mypy(*args: str):
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", "/dev/null",
                           *args], capture_output=True, text=True, cwd=ROOT, timeout=600)


def test_mypy_strict_on_the_package_and_a_caller(tmp_path):
    caller = tmp_path / "caller.py"
    caller.write_text(CALLER)
    # pycryptodome and cryptography (bench's optional peers) have no stubs: not checked.
    right = mypy("--ignore-missing-imports", "python/lwc", str(caller))
    assert right.returncode == 0, right.stdout
    caller.write_text(CALLER + 'wrong: str = c.encrypt_block(bytes(16))\n')
    wrong = mypy(str(caller))
    assert wrong.returncode == 1 and 'expression has type "bytes", variable has type "str"' in wrong.stdout
    caller.write_text(CALLER + 'sealed: bytes = c.eax_encrypt(b"n", b"m")\nc.eax_decrypt(b"n", b"m", b"t", tag_len="8")\n')
    wrong = mypy(str(caller))
    assert wrong.returncode == 1 and 'expression has type "tuple[bytes, bytes]", variable has type "bytes"' in \
        wrong.stdout.replace("Tuple", "tuple") and 'incompatible type "str"' in wrong.stdout, wrong.stdout
