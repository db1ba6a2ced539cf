"""The KDF and the sealed records of the library against independent implementations.

KDF (lwc/kdf.h): lwc_aes128_kdf_ctr_cmac against `cryptography`'s KBKDFCMAC (AES, counter
mode, a 32-bit counter before the fixed input, [L]_32); the other nine ciphers' against a model
of SP 800-108r1's counter mode written below over the library's CMAC (lwc_X_cmac), which is
itself checked against KBKDFCMAC for AES-128. Random keys, labels, contexts and lengths.

Records (lwc/records.h, docs/RECORDS.md): a model of the format written below, whose node keys
come from KBKDFCMAC and whose AEADs are pycryptodome's: AES-128 EAX and CCM natively, EAX over
LEA-128, HIGHT and CHAM-64/128 through pycryptodome's generic EAX over the library's block
function (crosscheck_modes.py's BlockCipherModule; the block functions pass the official
vectors in test_lwc). pycryptodome has no Ascon: Ascon-AEAD128 is the model's own, written
below from NIST SP 800-232 in plain Python (nothing of the library), which first passes every
vector of the final standard's KAT file (tests/vectors/LWC_AEAD_KAT_128_128.txt). The library derives the same node keys (lwc_record_derive_key), seals the
same records (sealer_init, lwc_seal) and opens the model's (lwc_record_parse, lwc_record_setkey,
lwc_record_open); a flipped bit is refused. Random nodes, epochs, counters and payloads.

Usage: crosscheck_records.py LIBLWC_SO [--write VECTOR_FILE]
With --write, also writes the vector file tests/vectors/records.txt (read by the C suites).
Last line "N passed, M failed".
"""
import ctypes
import random
import sys
from pathlib import Path

from Crypto.Cipher import AES
from Crypto.Cipher._mode_eax import _create_eax_cipher
from cryptography.hazmat.primitives.ciphers import algorithms
from cryptography.hazmat.primitives.kdf.kbkdf import KBKDFCMAC, CounterLocation, Mode

sys.path.insert(0, str(Path(__file__).parent))
from crosscheck_modes import CIPHERS, SCRATCH, BlockCipherModule, Checks, finish, parse_arguments, rand  # noqa: E402

# The format (docs/RECORDS.md).
VERSION = 1
HEADER, TAG = 12, 8
LABEL = b"lwc-record-v1"
SUITES = {1: ("lea128", "eax"), 2: ("hight", "eax"), 3: ("cham64_128", "eax"), 4: ("aes128", "eax"),
          5: ("aes128", "ccm"), 6: ("ascon", "aead128")}
AUTH_ERROR, RECORD_VERSION_ERROR, RECORD_SUITE_ERROR = -11, -18, -19
CASES = 150
BLOCK = {name: bs for name, bs, _ in CIPHERS}


def kbkdf_cmac(key, label, context, n):
    return KBKDFCMAC(algorithm=algorithms.AES, mode=Mode.CounterMode, length=n, rlen=4, llen=4,
                     location=CounterLocation.BeforeFixed, label=label, context=context, fixed=None).derive(key)


def kdf_model(cmac, label, context, n):
    """SP 800-108r1 4.1: K(i) = PRF([i]_32 || label || 0x00 || context || [L]_32), i = 1, 2, ..."""
    out, i = b"", 1
    while len(out) < n:
        out += cmac(i.to_bytes(4, "big") + label + b"\0" + context + (8 * n).to_bytes(4, "big"))
        i += 1
    return out[:n]


# ---- Ascon-AEAD128 (NIST SP 800-232, section 4): the state as five 64-bit words, bytes to
# words little-endian; the permutation's round constants, of which p[n] takes the last n.
ASCON_IV = 0x00001000808C0001
ASCON_RC = [0x3C, 0x2D, 0x1E, 0x0F, 0xF0, 0xE1, 0xD2, 0xC3, 0xB4, 0xA5, 0x96, 0x87, 0x78, 0x69, 0x5A, 0x4B]
ASCON_ROT = [(19, 28), (61, 39), (1, 6), (10, 17), (7, 41)]
M64 = (1 << 64) - 1


def ascon_p(s, rounds):
    for c in ASCON_RC[16 - rounds:]:
        s[2] ^= c
        # The S-box, bitsliced (the standard's chi-like form).
        s[0] ^= s[4]
        s[4] ^= s[3]
        s[2] ^= s[1]
        t = [~s[i] & s[(i + 1) % 5] & M64 for i in range(5)]
        for i in range(5):
            s[i] ^= t[(i + 1) % 5]
        s[1] ^= s[0]
        s[0] ^= s[4]
        s[3] ^= s[2]
        s[2] = ~s[2] & M64
        for i, (a, b) in enumerate(ASCON_ROT):
            x = s[i]
            s[i] = x ^ (x >> a | x << (64 - a)) & M64 ^ (x >> b | x << (64 - b)) & M64


def ascon_blocks(data):
    """data padded (0x01, then zeros) to 16-byte blocks, as pairs of words."""
    data += b"\x01" + bytes(15 - len(data) % 16)
    return [(int.from_bytes(data[i:i + 8], "little"), int.from_bytes(data[i + 8:i + 16], "little"))
            for i in range(0, len(data), 16)]


def ascon_aead128_encrypt(key, nonce, ad, pt, tag_len=16):
    """Ciphertext || the first tag_len bytes of the tag."""
    k = [int.from_bytes(key[:8], "little"), int.from_bytes(key[8:], "little")]
    s = [ASCON_IV, k[0], k[1], int.from_bytes(nonce[:8], "little"), int.from_bytes(nonce[8:], "little")]
    ascon_p(s, 12)
    s[3] ^= k[0]
    s[4] ^= k[1]
    if ad:
        for a0, a1 in ascon_blocks(ad):
            s[0] ^= a0
            s[1] ^= a1
            ascon_p(s, 8)
    s[4] ^= 1 << 63
    ct, blocks = b"", ascon_blocks(pt)
    for i, (p0, p1) in enumerate(blocks):
        s[0] ^= p0
        s[1] ^= p1
        ct += s[0].to_bytes(8, "little") + s[1].to_bytes(8, "little")
        if i < len(blocks) - 1:
            ascon_p(s, 8)
    s[2] ^= k[0]
    s[3] ^= k[1]
    ascon_p(s, 12)
    tag = (s[3] ^ k[0]).to_bytes(8, "little") + (s[4] ^ k[1]).to_bytes(8, "little")
    return ct[:len(pt)] + tag[:tag_len]


def check_ascon_model(check):
    """The model against every vector of the final standard's KAT file."""
    path = Path(__file__).parent.parent / "vectors" / "LWC_AEAD_KAT_128_128.txt"
    vectors = []
    for line in path.read_text().splitlines():  # "name = value" lines, a vector from each Count on
        name, equals, value = line.partition(" = ")
        if name == "Count":
            vectors.append({})
        if equals:
            vectors[-1][name] = value.strip()
    good = sum(ascon_aead128_encrypt(*(bytes.fromhex(v[f]) for f in ("Key", "Nonce", "AD", "PT"))) ==
               bytes.fromhex(v["CT"]) for v in vectors)
    check(len(vectors) == 1089 and good == len(vectors),
          "Ascon-AEAD128 model: %d of %d KAT vectors (1089 expected)" % (good, len(vectors)))


def header(suite, node, epoch, boot, count):
    return bytes([VERSION << 4 | suite]) + node.to_bytes(4, "big") + bytes([epoch]) + boot.to_bytes(3, "big") + \
        count.to_bytes(3, "big")


def node_key(master, suite, node, epoch):
    return kbkdf_cmac(master, LABEL, node.to_bytes(4, "big") + bytes([epoch, suite]), 16)


class Model:
    """The record format over pycryptodome's AEADs."""

    def __init__(self, lib):
        self.lib = lib

    def _aead(self, suite, key, hdr):
        """pycryptodome's AEAD of the suite, the header as its nonce."""
        cipher, mode = SUITES[suite]
        if cipher == "aes128":
            return AES.new(key, AES.MODE_EAX if mode == "eax" else AES.MODE_CCM, nonce=hdr, mac_len=TAG)
        return _create_eax_cipher(BlockCipherModule(self.lib, cipher, BLOCK[cipher]), key=key, nonce=hdr,
                                  mac_len=TAG)

    def seal(self, suite, key, hdr, payload):
        if SUITES[suite][0] == "ascon":  # nonce: the header and 4 zero bytes
            return hdr + ascon_aead128_encrypt(key, hdr + bytes(4), hdr, payload, TAG)
        c = self._aead(suite, key, hdr)
        c.update(hdr)
        ct, tag = c.encrypt_and_digest(payload)
        return hdr + ct + tag


class RecordInfo(ctypes.Structure):
    _fields_ = [("header", ctypes.c_uint8 * HEADER), ("version", ctypes.c_uint8), ("suite", ctypes.c_uint8),
                ("epoch", ctypes.c_uint8), ("node_id", ctypes.c_uint32), ("counter", ctypes.c_uint64),
                ("payload_len", ctypes.c_size_t)]


class Sealer(ctypes.Structure):
    _fields_ = [("key", ctypes.c_void_p), ("seal", ctypes.c_void_p), ("header", ctypes.c_uint8 * HEADER),
                ("exhausted", ctypes.c_uint8)]


class Library:
    """The library's KDF and record entry points."""

    def __init__(self, lib):
        self.lib = lib
        lib.lwc_record_parse.argtypes = [ctypes.POINTER(RecordInfo), ctypes.c_char_p, ctypes.c_size_t]
        lib.lwc_record_setkey.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_char_p]
        lib.lwc_record_open.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(RecordInfo),
                                        ctypes.c_char_p, ctypes.c_size_t]
        lib.lwc_record_derive_key.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint32,
                                              ctypes.c_uint8]
        lib.lwc_seal.argtypes = [ctypes.POINTER(Sealer), ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p,
                                 ctypes.c_size_t]
        for _, (cipher, mode) in SUITES.items():
            getattr(lib, "lwc_%s_%s_sealer_init" % (cipher, mode)).argtypes = [
                ctypes.POINTER(Sealer), ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint32, ctypes.c_uint8,
                ctypes.c_uint32]

    def _cmac_key(self, cipher, key):
        k = ctypes.create_string_buffer(SCRATCH)
        getattr(self.lib, "lwc_%s_cmac_setkey" % cipher)(k, bytes(key))
        return k

    def cmac(self, cipher, key):
        k, bs = self._cmac_key(cipher, key), BLOCK[cipher]

        def mac(msg):
            tag = ctypes.create_string_buffer(bs)
            r = getattr(self.lib, "lwc_%s_cmac" % cipher)(k, tag, ctypes.c_size_t(bs), msg, ctypes.c_size_t(len(msg)))
            assert r == 0
            return tag.raw
        return mac

    def kdf(self, cipher, key, label, context, n):
        out = ctypes.create_string_buffer(n)
        r = getattr(self.lib, "lwc_%s_kdf_ctr_cmac" % cipher)(self._cmac_key(cipher, key), out, ctypes.c_size_t(n),
                                                               label, ctypes.c_size_t(len(label)), context,
                                                               ctypes.c_size_t(len(context)))
        return r, out.raw

    def derive_key(self, master, suite, node, epoch):
        out = ctypes.create_string_buffer(16)
        r = self.lib.lwc_record_derive_key(self._cmac_key("aes128", master), out, suite, node, epoch)
        return r, out.raw

    def seal(self, suite, key, node, epoch, boot, count, payload):
        """Sealer at boot, its record counter set to count, one lwc_seal."""
        cipher, mode = SUITES[suite]
        s, k = Sealer(), ctypes.create_string_buffer(SCRATCH)
        r = getattr(self.lib, "lwc_%s_%s_sealer_init" % (cipher, mode))(ctypes.byref(s), k, key, node, epoch, boot)
        if r:
            return r, None
        s.header[9:12] = list(count.to_bytes(3, "big"))
        out = ctypes.create_string_buffer(len(payload) + HEADER + TAG)
        r = self.lib.lwc_seal(ctypes.byref(s), out, len(out), payload, len(payload))
        return r, out.raw

    def open(self, suite_key, suite, record):
        """parse, setkey (suite_key of suite), open: (code, info, payload)."""
        info = RecordInfo()
        r = self.lib.lwc_record_parse(ctypes.byref(info), record, len(record))
        if r:
            return r, None, None
        k = ctypes.create_string_buffer(SCRATCH)
        r = self.lib.lwc_record_setkey(k, suite, suite_key)
        assert r == 0
        out = ctypes.create_string_buffer(max(info.payload_len, 1))
        r = self.lib.lwc_record_open(k, out, info.payload_len, ctypes.byref(info), record, len(record))
        return r, info, out.raw[:info.payload_len]


def check_kdf(check, lib, lines):
    for cipher, _, key_bytes in CIPHERS:
        for case in range(CASES):
            key, label, context = rand(key_bytes), rand(random.randrange(0, 41)), rand(random.randrange(0, 41))
            n = random.choice([1, 16, 32, random.randrange(1, 80)])
            r, got = lib.kdf(cipher, key, label, context, n)
            want = kdf_model(lib.cmac(cipher, key), label, context, n)
            what = "%s KDF case %d (label %d, context %d, %d bytes)" % (cipher, case, len(label), len(context), n)
            if cipher == "aes128":
                check(want == kbkdf_cmac(key, label, context, n), what + ": the model differs from KBKDFCMAC")
            check(r == 0 and got == want, what + ": %s != %s" % (got.hex(), want.hex()))
            if case < 6:
                lines.append("kdf cipher=%s key=%s label=%s context=%s out=%s" % (cipher, key.hex(), label.hex(),
                                                                                   context.hex(), want.hex()))


# The written cases of every suite begin with these (node, epoch, boot, count, payload length);
# random ones follow.
EDGES = [(0x00000000, 0, 0, 0, 0), (0x00000017, 1, 0, 0, 2), (0x00000017, 1, 1, 2, 16),
         (0x0a0b0c0d, 2, 0x000100, 0x000102, 32), (0xffffffff, 255, 0xffffff, 0xffffff, 51)]
WRITE_CASES = 8


def check_records(check, lib, model, lines):
    master = bytes(range(16))
    for suite in SUITES:
        name = "%s-%s" % SUITES[suite]
        for case in range(CASES):
            if case < len(EDGES):
                (node, epoch, boot, count, n), m = EDGES[case], master
            else:
                node, epoch, boot, count = random.getrandbits(32), random.getrandbits(8), random.getrandbits(24), \
                    random.getrandbits(24)
                n, m = random.randrange(0, 65), rand(16)
            payload = rand(n)
            key = node_key(m, suite, node, epoch)
            record = model.seal(suite, key, header(suite, node, epoch, boot, count), payload)
            what = "%s record case %d (node %08x, epoch %d, counter %06x %06x, %d bytes)" % (
                name, case, node, epoch, boot, count, n)
            r, got_key = lib.derive_key(m, suite, node, epoch)
            check(r == 0 and got_key == key, what + ": derived node key differs")
            r, sealed = lib.seal(suite, key, node, epoch, boot, count, payload)
            check(r == 0 and sealed == record, what + ": sealed record differs")
            r, info, opened = lib.open(key, suite, record)
            check(r == 0 and opened == payload and info.node_id == node and info.epoch == epoch and
                  info.counter == boot << 24 | count and info.suite == suite and info.version == VERSION and
                  bytes(info.header) == record[:HEADER], what + ": opening failed (%d)" % r)
            bad = bytearray(record)
            bit = random.randrange(8 * len(bad))
            bad[bit // 8] ^= 1 << bit % 8
            r, _, opened = lib.open(key, suite, bytes(bad))
            check(r in (AUTH_ERROR, RECORD_VERSION_ERROR, RECORD_SUITE_ERROR) and (r != AUTH_ERROR or
                                                                                  opened == bytes(n)),
                  what + ": bit %d flipped was not refused (%d)" % (bit, r))
            if case < WRITE_CASES:
                lines.append("record suite=%d name=%s master=%s node=%08x epoch=%02x boot=%06x count=%06x "
                             "payload=%s nodekey=%s record=%s" % (suite, name, m.hex(), node, epoch, boot, count,
                                                                   payload.hex(), key.hex(), record.hex()))


def main():
    raw, path = parse_arguments(__doc__)
    random.seed(0x5ea1ed)
    check, lib, model, lines = Checks(), Library(raw), Model(raw), []
    check_ascon_model(check)
    check_kdf(check, lib, lines)
    check_records(check, lib, model, lines)
    finish(check, HEADER_TEXT, lines, path)


HEADER_TEXT = """\
# The KDF (lwc/kdf.h) and the sealed records (lwc/records.h, docs/RECORDS.md), one per line;
# written by tests/host/crosscheck_records.py --write (see its docstring), read by the C suites
# (tests/host/test_records.c) and the Python package's. Hex byte strings in memory order.
#   kdf cipher=ID key=K label=L context=C out=O
#     SP 800-108r1 KDF in counter mode over cipher ID's CMAC: O = the first len(O) bytes of
#     CMAC_K([i]_32 || L || 00 || C || [8 len(O)]_32), i = 1, 2, ... (aes128: cryptography's
#     KBKDFCMAC; the others: the script's model of the standard over the library's CMAC).
#   record suite=S name=N master=M node=ID epoch=E boot=B count=R payload=P nodekey=NK record=REC
#     the node key NK = KDF over AES-128-CMAC with key M, label "lwc-record-v1" and context
#     ID || E || S (cryptography's KBKDFCMAC); REC = the record of payload P sealed by node ID
#     (4 bytes), epoch E (1), boot counter B (3) and record counter R (3) with NK: header
#     (1S ID E B R) || ciphertext || 8-byte tag, the suite's AEAD (pycryptodome's; Ascon-AEAD128:
#     the script's model of SP 800-232, checked against its KAT file) with the header as
#     associated data and as nonce (Ascon-AEAD128: the header and 4 zero bytes). A node's sealer
#     starts at R = 0: the suites set R directly, as a node would reach it after R records of
#     that boot.
"""

if __name__ == "__main__":
    main()
