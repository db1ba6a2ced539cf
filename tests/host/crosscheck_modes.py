"""The library's CMAC, EAX and CCM against pycryptodome's, for every cipher.

pycryptodome's generic CMAC, EAX and CCM (Crypto.Hash.CMAC, Crypto.Cipher._mode_eax,
_mode_ccm) take any block cipher module: here one whose ECB, CBC and CTR are written below in
Python over the library's block function alone (lwc_X_setkey, lwc_X_encrypt, reached with
ctypes). So the modes are an independent implementation, the block cipher is the library's
(checked against the official vectors by test_lwc). AES-128 is also checked against
pycryptodome's own AES. Random keys, nonces, associated data, messages and tag lengths; every
case is also decrypted by the library, and once with a flipped tag bit (rejected, output
zeroed).

Usage: crosscheck_modes.py LIBLWC_SO [--write VECTOR_FILE]
With --write, also writes the cases of moderate size as tests/vectors/modes_crosscheck.txt
(read by the C suites on the host and the simulated MCUs). Last line "N passed, M failed".
"""
import ctypes
import random
import sys

from Crypto.Cipher import AES
from Crypto.Cipher._mode_ccm import _create_ccm_cipher
from Crypto.Cipher._mode_eax import _create_eax_cipher
from Crypto.Hash import CMAC
from Crypto.Util.number import bytes_to_long, long_to_bytes

CIPHERS = [  # id, block bytes, key bytes
    ("present80", 8, 10), ("present128", 8, 16), ("lea128", 16, 16), ("lea192", 16, 24),
    ("lea256", 16, 32), ("hight", 8, 16), ("cham64_128", 8, 16), ("cham128_128", 16, 16),
    ("cham128_256", 16, 32), ("aes128", 16, 16),
]
SCRATCH = 4096  # bytes: more than any key schedule, mode key or CMAC state
AUTH_ERROR = -11
MIN_TAG = 4  # pycryptodome's shortest (truncation to fewer bytes: the C suites)
CASES = 60
WRITE_CASES = 8


class BlockCipherModule:
    """What pycryptodome's generic modes ask of a cipher module, over lwc_X_encrypt."""

    MODE_ECB, MODE_CBC, MODE_CTR = 1, 2, 6

    def __init__(self, lib, name, block_size):
        self.lib, self.name, self.block_size = lib, name, block_size

    def _encryptor(self, key):
        ks = ctypes.create_string_buffer(SCRATCH)
        getattr(self.lib, "lwc_%s_setkey" % self.name)(ks, bytes(key))
        enc = getattr(self.lib, "lwc_%s_encrypt" % self.name)

        def encrypt_block(block):
            out = ctypes.create_string_buffer(self.block_size)
            enc(ks, out, bytes(block))
            return out.raw
        return encrypt_block

    def new(self, key, mode, *args, **kwargs):
        e, bs = self._encryptor(key), self.block_size
        if mode == self.MODE_ECB:
            return _Stream(lambda data: b"".join(e(data[i:i + bs]) for i in range(0, len(data), bs)))
        if mode == self.MODE_CBC:
            return _Cbc(e, bs, bytes(args[0] if args else kwargs["iv"]))
        if mode == self.MODE_CTR:
            prefix = bytes(kwargs.get("nonce", b""))
            return _Ctr(e, bs, prefix, kwargs.get("initial_value", 0))
        raise ValueError("mode %r" % mode)


class _Stream:
    def __init__(self, fn):
        self.fn = fn

    def encrypt(self, data, output=None):
        assert output is None
        return self.fn(data)


class _Cbc:
    def __init__(self, e, bs, iv):
        self.e, self.bs, self.chain = e, bs, iv

    def encrypt(self, data, output=None):
        assert output is None
        out = b""
        for i in range(0, len(data), self.bs):
            self.chain = self.e(bytes(a ^ b for a, b in zip(self.chain, data[i:i + self.bs])))
            out += self.chain
        return out


class _Ctr:
    """Counter block = prefix || counter (big-endian over the rest), as pycryptodome's CTR."""

    def __init__(self, e, bs, prefix, counter):
        self.e, self.bs, self.prefix, self.counter = e, bs, prefix, counter
        self.stream = b""

    def encrypt(self, data, output=None):
        assert output is None
        while len(self.stream) < len(data):
            width = self.bs - len(self.prefix)
            block = self.prefix + long_to_bytes(self.counter % (1 << (8 * width)), width)
            self.stream += self.e(block)
            self.counter += 1
        out = bytes(a ^ b for a, b in zip(data, self.stream))
        self.stream = self.stream[len(data):]
        return out

    decrypt = encrypt


class Library:
    """The library's mode entry points of one cipher."""

    def __init__(self, lib, name):
        self.lib, self.name = lib, name

    def _fn(self, op):
        return getattr(self.lib, "lwc_%s_%s" % (self.name, op))

    def _key(self, mode, key):
        k = ctypes.create_string_buffer(SCRATCH)
        self._fn(mode + "_setkey")(k, bytes(key))
        return k

    def cmac(self, key, msg, tag_len):
        tag = ctypes.create_string_buffer(tag_len)
        r = self._fn("cmac")(self._key("cmac", key), tag, ctypes.c_size_t(tag_len), msg, ctypes.c_size_t(len(msg)))
        return r, tag.raw

    def seal(self, mode, key, nonce, ad, msg, tag_len):
        out, tag = ctypes.create_string_buffer(len(msg) + 1), ctypes.create_string_buffer(tag_len)
        r = self._fn(mode + "_encrypt")(self._key(mode, key), out, tag, ctypes.c_size_t(tag_len), nonce,
                                        ctypes.c_size_t(len(nonce)), ad, ctypes.c_size_t(len(ad)), msg,
                                        ctypes.c_size_t(len(msg)))
        return r, out.raw[:len(msg)], tag.raw

    def open(self, mode, key, nonce, ad, ct, tag):
        out = ctypes.create_string_buffer(b"\xa5" * len(ct), len(ct) + 1)
        r = self._fn(mode + "_decrypt")(self._key(mode, key), out, tag, ctypes.c_size_t(len(tag)), nonce,
                                        ctypes.c_size_t(len(nonce)), ad, ctypes.c_size_t(len(ad)), ct,
                                        ctypes.c_size_t(len(ct)))
        return r, out.raw[:len(ct)]


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def __call__(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: " + what)
        return ok


def rand(n):
    return bytes(random.getrandbits(8) for _ in range(n))


def parse_arguments(doc):
    """LIBLWC_SO [--write VECTOR_FILE]: the library, and the vector file to write (or None)."""
    if len(sys.argv) not in (2, 4) or (len(sys.argv) == 4 and sys.argv[2] != "--write"):
        sys.exit(doc)
    return ctypes.CDLL(sys.argv[1]), sys.argv[3] if len(sys.argv) == 4 else None


def finish(check, header, lines, path):
    """Writes the vector file (header, then lines) if path is set; the summary line; the exit."""
    if path:
        with open(path, "w") as f:
            f.write(header)
            f.write("\n".join(lines) + "\n")
    print("%d passed, %d failed" % (check.passed, check.failed))
    sys.exit(1 if check.failed else 0)


def main():
    lib, path = parse_arguments(__doc__)
    random.seed(0x6d0de5)
    check, lines = Checks(), []
    for name, bs, kb in CIPHERS:
        ours, theirs = Library(lib, name), BlockCipherModule(lib, name, bs)
        modes = ["eax", "ccm"] if bs == 16 else ["eax"]
        for case in range(CASES):
            key, msg = rand(kb), rand(random.choice([0, bs, 2 * bs, random.randrange(0, 5 * bs)]))
            tag_len = random.randint(MIN_TAG, bs)
            r, tag = ours.cmac(key, msg, tag_len)
            want = CMAC.new(key, msg, ciphermod=theirs, mac_len=tag_len).digest()
            check(r == 0 and tag == want, "%s cmac case %d (len %d): %s != %s" % (name, case, len(msg), tag.hex(),
                                                                                   want.hex()))
            if name == "aes128":
                check(tag == CMAC.new(key, msg, ciphermod=AES, mac_len=tag_len).digest(), "aes128 cmac vs AES")
            if case < WRITE_CASES:
                lines.append("cmac cipher=%s key=%s msg=%s tag=%s" % (name, key.hex(), msg.hex(), want.hex()))
            for mode in modes:
                if mode == "eax":  # pycryptodome refuses an empty nonce (the C suites test it)
                    nonce, tag_len, create = rand(random.randint(1, 2 * bs + 3)), random.randint(MIN_TAG, bs), \
                        _create_eax_cipher
                else:
                    nonce, tag_len, create = rand(random.randint(7, 13)), random.choice(range(4, 17, 2)), \
                        _create_ccm_cipher
                ad = rand(random.choice([0, 8, random.randrange(0, 3 * bs + 2)]))
                msg = rand(random.choice([0, 16, 32, 64, random.randrange(0, 6 * bs + 1)]))
                cipher = create(theirs, key=key, nonce=nonce, mac_len=tag_len)
                cipher.update(ad)
                want_ct, want_tag = cipher.encrypt_and_digest(msg)
                if name == "aes128":
                    native = AES.new(key, AES.MODE_EAX if mode == "eax" else AES.MODE_CCM, nonce=nonce,
                                     mac_len=tag_len)
                    native.update(ad)
                    check(native.encrypt_and_digest(msg) == (want_ct, want_tag), "aes128 %s vs AES" % mode)
                r, ct, tag = ours.seal(mode, key, nonce, ad, msg, tag_len)
                what = "%s %s case %d (nonce %d, ad %d, len %d, tag %d)" % (name, mode, case, len(nonce), len(ad),
                                                                           len(msg), tag_len)
                check(r == 0 and ct == want_ct and tag == want_tag, what + ": encryption differs")
                r, pt = ours.open(mode, key, nonce, ad, want_ct, want_tag)
                check(r == 0 and pt == msg, what + ": decryption differs")
                bad = bytearray(want_tag)
                bad[random.randrange(tag_len)] ^= 1 << random.randrange(8)
                r, pt = ours.open(mode, key, nonce, ad, want_ct, bytes(bad))
                check(r == AUTH_ERROR and pt == bytes(len(msg)), what + ": a flipped tag bit was not rejected")
                if case < WRITE_CASES:
                    lines.append("%s cipher=%s key=%s nonce=%s ad=%s pt=%s ct=%s tag=%s" % (
                        mode, name, key.hex(), nonce.hex(), ad.hex(), msg.hex(), want_ct.hex(), want_tag.hex()))
    finish(check, HEADER, lines, path)


HEADER = """\
# CMAC, EAX and CCM for every cipher, computed by pycryptodome's generic modes over the
# library's block function (written by tests/host/crosscheck_modes.py --write; see its
# docstring). The block functions are checked against the official vectors (lea.txt, ...),
# so these lines pin the modes for the ciphers that have no published mode vectors, on the
# host and on the simulated MCUs. Format as in modes.txt.
"""

if __name__ == "__main__":
    main()
