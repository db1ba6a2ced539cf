"""The package is typed: mypy --strict accepts its sources and its stub of the extension,
and with them rejects a caller that mistakes a result's type or names an unknown cipher
(the ids are typing.Literal types)."""

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
c.cmac_verify(b"config", mac[:8], tag_len=8)
h: lwc.CmacStream = c.cmac_stream(b"conf", tag_len=8).update(bytearray(b"ig")).copy()
streamed: bytes = h.digest()
h.verify(streamed)
size2: int = h.digest_size
version: str = lwc.version() + lwc.__version__
ids: tuple[lwc.CipherId, ...] = lwc.CIPHERS
first: lwc.CipherId = ids[0]
c2 = lwc.Cipher(first, bytes(lwc.KEY_SIZES[first]))
drbg_id: lwc.DrbgId = "hight"
d2 = lwc.Drbg(drbg_id, bytes(24), b"", df=False)
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
    # An unknown id, a DRBG over a cipher that has none, an id only known as str at run time.
    caller.write_text(CALLER + 'lwc.Cipher("des", bytes(8))\nlwc.Drbg("present80", bytes(32), b"")\n'
                      'name: str = "lea128"\nlwc.ctr_crypt(name, bytes(16), bytes(16), b"")\n'
                      'tag: bytes = h.verify(b"")\n')
    wrong = mypy(str(caller))
    assert wrong.returncode == 1 and wrong.stdout.count('Argument 1 to') == 3, wrong.stdout
    for literal in ('"Cipher" has incompatible type "Literal[\'des\']"', '"Drbg" has incompatible type '
                    '"Literal[\'present80\']"', '"ctr_crypt" has incompatible type "str"',
                    '"verify" of "CmacStream" does not return a value'):
        assert literal in wrong.stdout, wrong.stdout
