"""Interop with other implementations: AES-128 with pycryptodome and `cryptography`
(OpenSSL), LEA and HIGHT with Crypto++ (Debian's libcrypto++, through the helper
tests/python/cryptopp_interop.cpp), byte for byte in ECB and CTR, counters carrying over
several bytes and wrapping around the block. CHAM: Crypto++ implements the ORIGINAL CHAM
(80/80/96 rounds, ICISC 2017), not the revised cipher lwc ships; the CHAM test documents
that the two differ and that Crypto++ reproduces the original paper's vectors."""

from __future__ import annotations

import subprocess

import pytest
from Crypto.Cipher import AES
from cryptography.hazmat.primitives.ciphers import Cipher as AesCipher
from cryptography.hazmat.primitives.ciphers import algorithms, modes

import lwc
from conftest import program
from helpers import random_iv


def aes_pycryptodome(key, iv, data):
    return AES.new(key, AES.MODE_CTR, nonce=b"", initial_value=iv).encrypt(data)


def aes_cryptography(key, iv, data):
    e = AesCipher(algorithms.AES(key), modes.CTR(iv)).encryptor()
    return e.update(data) + e.finalize()


@pytest.mark.parametrize("peer_ctr", [aes_pycryptodome, aes_cryptography])
def test_aes_ctr(peer_ctr, rng):
    for _ in range(100):
        key, iv = rng.randbytes(16), random_iv(rng, 16)
        data = rng.randbytes(rng.randrange(1, 700))
        expected = peer_ctr(key, iv, data)
        assert lwc.ctr_crypt("aes128", key, iv, data) == expected
        c = lwc.Cipher("aes128", key)
        assert c.ctr_records([iv], [data]) == [expected]
        ivs = [random_iv(rng, 16) for _ in range(8)]
        records = [rng.randbytes(64) for _ in range(8)]
        assert c.ctr_records(ivs, records) == [peer_ctr(key, v, r) for v, r in zip(ivs, records)]


def test_aes_ctr_wraps_like_openssl():
    key, iv = bytes(range(16)), b"\xff" * 16
    assert lwc.ctr_crypt("aes128", key, iv, bytes(64)) == aes_cryptography(key, iv, bytes(64))


def test_aes_blocks(rng):
    for _ in range(100):
        key, block = rng.randbytes(16), rng.randbytes(16)
        c = lwc.Cipher("aes128", key)
        ecb = AES.new(key, AES.MODE_ECB)
        openssl = AesCipher(algorithms.AES(key), modes.ECB())
        assert c.encrypt_block(block) == ecb.encrypt(block) == openssl.encryptor().update(block)
        assert c.decrypt_block(block) == ecb.decrypt(block) == openssl.decryptor().update(block)


class CryptoPP:
    """The Crypto++ helper: one process, one request per line."""

    def __init__(self):
        self.proc = subprocess.Popen([str(program("LWC_CRYPTOPP_HELPER", "python/cryptopp_interop"))],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def __call__(self, cipher: str, op: str, key: bytes, iv: bytes, data: bytes) -> bytes:
        self.proc.stdin.write(f"{cipher} {op} {key.hex()} {iv.hex() or '-'} {data.hex()}\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().strip()
        assert not answer.startswith("error"), answer
        return bytes.fromhex(answer)

    def close(self):
        self.proc.stdin.close()
        assert self.proc.wait() == 0


@pytest.fixture(scope="module")
def cryptopp():
    helper = CryptoPP()
    yield helper
    helper.close()


CRYPTOPP_NAMES = {"lea128": "lea", "lea192": "lea", "lea256": "lea", "hight": "hight"}


@pytest.mark.parametrize("cipher", sorted(CRYPTOPP_NAMES))
def test_cryptopp_lea_hight(cipher, cryptopp, rng):
    peer, bs, ks = CRYPTOPP_NAMES[cipher], lwc.BLOCK_SIZES[cipher], lwc.KEY_SIZES[cipher]
    for _ in range(60):
        key = rng.randbytes(ks)
        c = lwc.Cipher(cipher, key)
        blocks = rng.randbytes(bs * rng.randrange(1, 9))
        split = [blocks[i:i + bs] for i in range(0, len(blocks), bs)]
        assert b"".join(map(c.encrypt_block, split)) == cryptopp(peer, "encrypt", key, b"", blocks)
        assert b"".join(map(c.decrypt_block, split)) == cryptopp(peer, "decrypt", key, b"", blocks)
        iv, data = random_iv(rng, bs), rng.randbytes(rng.randrange(1, 600))
        expected = cryptopp(peer, "ctr", key, iv, data)
        assert lwc.ctr_crypt(cipher, key, iv, data) == expected
        assert c.ctr_records([iv], [data]) == [expected]


def swap_words(data: bytes, word_bytes: int) -> bytes:
    return b"".join(data[i:i + word_bytes][::-1] for i in range(0, len(data), word_bytes))


# The CHAM paper's Appendix A vectors (key, plaintext, ciphertext as words); the ciphertexts
# are those of the ORIGINAL cipher (also in tests/vectors/cham_original.txt and
# tests/common/spec_vectors.c, where lwc must not reproduce them).
CHAM_ORIGINAL = [
    ("cham64_128", "cham64", 2, "0100 0302 0504 0706 0908 0b0a 0d0c 0f0e", "1100 3322 5544 7766",
     "453c 63bc dcfa bf4e"),
    ("cham128_128", "cham128", 4, "03020100 07060504 0b0a0908 0f0e0d0c", "33221100 77665544 bbaa9988 ffeeddcc",
     "c3746034 b55700c5 8d64ec32 489332f7"),
    ("cham128_256", "cham128", 4, "03020100 07060504 0b0a0908 0f0e0d0c f3f2f1f0 f7f6f5f4 fbfaf9f8 fffefdfc",
     "33221100 77665544 bbaa9988 ffeeddcc", "a899c8a0 c929d55c ab670d38 0c4f7ac8"),
]


@pytest.mark.parametrize("cipher,peer,word,key,pt,ct", CHAM_ORIGINAL, ids=[v[0] for v in CHAM_ORIGINAL])
def test_cryptopp_cham_is_the_original_cipher_not_ours(cipher, peer, word, key, pt, ct, cryptopp, rng):
    # Crypto++ reproduces the original CHAM's vector, its words given big-endian ...
    k, p, expected = (bytes.fromhex(words.replace(" ", "")) for words in (key, pt, ct))
    assert cryptopp(peer, "encrypt", k, b"", p) == expected
    # ... which lwc (the revised CHAM, words little-endian as in the CHAM reference code)
    # does not, in either byte order.
    c = lwc.Cipher(cipher, swap_words(k, word))
    assert c.encrypt_block(swap_words(p, word)) != swap_words(expected, word)
    assert lwc.Cipher(cipher, k).encrypt_block(p) != expected
    # And on random keys and blocks the two never agree, whatever the word order.
    for _ in range(20):
        k, p = rng.randbytes(len(k)), rng.randbytes(len(p))
        theirs = cryptopp(peer, "encrypt", k, b"", p)
        assert lwc.Cipher(cipher, swap_words(k, word)).encrypt_block(swap_words(p, word)) != swap_words(theirs, word)
        assert lwc.Cipher(cipher, k).encrypt_block(p) != theirs
