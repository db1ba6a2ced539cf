"""A Python thread changing a buffer while the package works on it (lwc/modes.h, "Each
input is read once"; tests/host/test_concurrent.c in C). From 4 KiB of data the binding
releases the GIL around the library call (python/lwc/_lwc.c, GIL_RELEASE_BYTES), and then
another thread can write into a bytearray, a memoryview of one or an mmap passed as the
ciphertext, plaintext, associated data, nonce, tag or CMAC message. The writer flips one
part of it (every byte XOR ff) over and over while the call runs; what must hold:
  - eax_decrypt / ccm_decrypt (and Ascon's decrypt) return exactly the original plaintext,
    or raise lwc.AuthenticationError: never other bytes;
  - eax_encrypt / ccm_encrypt (and Ascon's encrypt) with the plaintext changing return a
    ciphertext and tag that decrypt, to the original plaintext but where the writer was;
  - cmac with one message byte changing returns the CMAC of the message with that byte's
    old or new value.
(The output buffer is the binding's own bytes object, which no thread can write.) The
writer can only run once the call has released the GIL, so the input it changes must be
read later than that: the associated data and EAX's nonce are made as long as a message
here, and CCM's and Ascon's nonces (at most 13 and exactly 16 bytes, read first) are left to
the C test. On a busy machine the writer may get a CPU only when the kernel preempts the
call (after a time slice of milliseconds), so the part it changes is read late in the call,
seven eighths into its input. Each case runs until, in MIN_SEEN tries, the writer ran during
the call and the call saw its change, for at most MAX_SECONDS, and fails if no try saw one."""

from __future__ import annotations

import mmap
import sys
import threading
import time
from typing import Callable

import pytest

import lwc

# Long enough (the binding releases the GIL from 4096 bytes) for the writer, which waits for
# the GIL and then for a CPU, to run during the call on a busy machine too: calls of tens of
# milliseconds, several time slices. CCM's nonce is 8 bytes, which leaves a length field for that.
MSG_LEN = 1 << 20
AD_LEN = 512
NONCE_LEN = 8
MIN_SEEN = 4
MAX_SECONDS = 30.0


class Writer:
    """A thread that flips view[lo:hi] while a try runs, and counts its rounds."""

    def __init__(self, buffer, lo: int, hi: int):
        self.view = memoryview(buffer).cast("B")[lo:hi]
        self.original = bytes(self.view)
        self.flipped = bytes(b ^ 0xFF for b in self.original)
        self.rounds = 0
        self.parks = 0
        self.running = False
        self.quit = False
        self.go = threading.Event()
        self.thread = threading.Thread(target=self.main, daemon=True)
        self.thread.start()

    def main(self):
        while True:
            self.go.wait()
            if self.quit:
                return
            while self.running:
                self.view[:] = self.flipped
                self.view[:] = self.original
                self.rounds += 1
            self.go.clear()
            self.parks += 1

    def run(self, call: Callable[[], object]):
        """call() with the writer flipping: (its result or the exception it raised, whether the
        writer ran during it). The view holds the original bytes again afterwards."""
        parks, rounds = self.parks, self.rounds
        self.running = True
        self.go.set()
        while self.rounds == rounds:  # the writer is flipping now
            time.sleep(0)
        start = self.rounds
        try:
            result = call()
        except lwc.Error as e:
            result = e
        active = self.rounds != start
        self.running = False
        while self.parks == parks:
            time.sleep(0)
        return result, active

    def close(self):
        self.quit = True
        self.go.set()
        self.thread.join()
        self.view.release()


@pytest.fixture(autouse=True)
def quick_gil_handover():
    """The threads hand the GIL over every 10 microseconds instead of 5 ms."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    yield
    sys.setswitchinterval(interval)


def holder(kind: str, data: bytes):
    """data in a writable buffer of the given kind, and a function that frees it."""
    if kind == "bytearray":
        return bytearray(data), lambda: None
    if kind == "memoryview":
        view = memoryview(bytearray(data))
        return view, view.release
    m = mmap.mmap(-1, len(data))
    m[:] = data
    return m, m.close


def judge(what: str, writer: Writer, attempt: Callable[[], tuple]):
    """attempt() -> (ok, seen, active) until MIN_SEEN tries saw the change (or MAX_SECONDS
    passed): no try may break the contract, and one at least must have seen the change.
    Closes the writer."""
    n = dict(tries=0, active=0, seen=0, bad=0)
    deadline = time.monotonic() + MAX_SECONDS
    try:
        while n["seen"] < MIN_SEEN and time.monotonic() < deadline:
            ok, seen, active = attempt()
            n["tries"] += 1
            n["active"] += active
            n["seen"] += seen and active
            n["bad"] += not ok
    finally:
        writer.close()
    assert n["bad"] == 0, f"{what}: {n['bad']} of {n['tries']} tries broke the contract ({n})"
    assert n["seen"] > 0, f"{what}: no try saw the writer's change ({n}): the test did not test"


def judge_decryption(what: str, writer: Writer, pt: bytes, decrypt: Callable[[], bytes]):
    """decrypt() under the writer returns pt or raises lwc.AuthenticationError (seen)."""

    def attempt():
        result, active = writer.run(decrypt)
        refused = isinstance(result, lwc.AuthenticationError)
        return result == pt or refused, refused, active

    judge(what, writer, attempt)


class Aead:
    """An AEAD of the tests: encrypt(nonce, data, ad) -> (ct, tag), decrypt(nonce, ct, tag, ad),
    its block (Ascon: its rate), the nonce length it takes here, and how many times MSG_LEN
    its long inputs are (Ascon is several times faster than EAX and CCM: its calls as long)."""

    def __init__(self, cipher: str, mode: str):
        if cipher == "ascon":
            a = lwc.Ascon(bytes(range(1, 17)))
            self.encrypt, self.decrypt, self.block, self.nonce_len, self.scale = a.encrypt, a.decrypt, 16, 16, 8
        else:
            c = lwc.Cipher(cipher, bytes(range(1, 1 + lwc.KEY_SIZES[cipher])))
            self.encrypt, self.decrypt = getattr(c, f"{mode}_encrypt"), getattr(c, f"{mode}_decrypt")
            self.block, self.nonce_len, self.scale = c.block_size, NONCE_LEN, 1


def record(cipher: str, mode: str, long_part: str = "message"):
    """(aead, nonce, ad, pt, ct, tag); the message long, and the nonce or ad if long_part says."""
    a = Aead(cipher, mode)
    long_len = MSG_LEN * a.scale
    nonce = bytes(i * 3 % 256 for i in range(long_len if long_part == "nonce" else a.nonce_len))
    ad = bytes(i * 7 % 256 for i in range(long_len if long_part == "ad" else AD_LEN))
    pt = bytes(i * 13 % 251 for i in range(long_len))
    ct, tag = a.encrypt(nonce, pt, ad)
    return a, nonce, ad, pt, ct, tag


def late_block(n: int, block: int) -> tuple:
    """The whole block seven eighths into n bytes: read late in the call (see the top)."""
    lo = n * 7 // 8 // block * block
    return lo, lo + block


AEAD = [("aes128", "eax"), ("aes128", "ccm"), ("present80", "eax"), ("ascon", "aead128")]
KINDS = ["bytearray", "memoryview", "mmap"]
# Every kind of buffer with AES; a bytearray with the 64-bit-block PRESENT-80.
AEAD_KINDS = [(c, m, k) for c, m in AEAD for k in KINDS if c == "aes128" or k == "bytearray"]
CMAC_KINDS = [("aes128", k) for k in KINDS] + [("present80", "bytearray")]


@pytest.mark.parametrize("cipher,mode,kind", AEAD_KINDS)
def test_decryption_ciphertext_changing(cipher, mode, kind):
    a, nonce, ad, pt, ct, tag = record(cipher, mode)
    buffer, free = holder(kind, ct)
    try:
        judge_decryption(f"{cipher} {mode}_decrypt, {kind} ciphertext changing",
                         Writer(buffer, *late_block(len(ct), a.block)), pt,
                         lambda: a.decrypt(nonce, buffer, tag, ad))
    finally:
        free()


@pytest.mark.parametrize("cipher,mode,part", [(c, m, p) for c, m in AEAD for p in ("ad", "nonce", "tag")
                                               if p != "nonce" or m == "eax"])
def test_decryption_other_input_changing(cipher, mode, part):
    a, nonce, ad, pt, ct, tag = record(cipher, mode, part)
    inputs = {"nonce": bytearray(nonce), "ad": bytearray(ad), "tag": bytearray(tag)}
    lo, hi = late_block(len(inputs[part]), a.block) if part != "tag" else (0, len(tag))
    judge_decryption(f"{cipher} {mode}_decrypt, {part} changing", Writer(inputs[part], lo, hi), pt,
                     lambda: a.decrypt(inputs["nonce"], ct, inputs["tag"], inputs["ad"]))


@pytest.mark.parametrize("cipher,mode,kind", AEAD_KINDS)
def test_encryption_plaintext_changing(cipher, mode, kind):
    a, nonce, ad, pt, ct, tag = record(cipher, mode)
    buffer, free = holder(kind, pt)
    lo, hi = late_block(len(pt), a.block)
    writer = Writer(buffer, lo, hi)

    def attempt():
        result, active = writer.run(lambda: a.encrypt(nonce, buffer, ad))
        if isinstance(result, lwc.Error):
            return False, False, active
        got_ct, got_tag = result
        try:
            opened = a.decrypt(nonce, got_ct, got_tag, ad)
        except lwc.AuthenticationError:
            return False, False, active
        return opened[:lo] == pt[:lo] and opened[hi:] == pt[hi:], got_ct != ct, active

    try:
        judge(f"{cipher} {mode}_encrypt, {kind} plaintext changing", writer, attempt)
    finally:
        free()


@pytest.mark.parametrize("cipher,kind", CMAC_KINDS)
def test_cmac_message_byte_changing(cipher, kind):
    c = lwc.Cipher(cipher, bytes(range(lwc.KEY_SIZES[cipher])))
    msg = bytes(i * 29 % 256 for i in range(MSG_LEN))
    at = MSG_LEN * 7 // 8 + 3
    old_tag, new_tag = c.cmac(msg), c.cmac(msg[:at] + bytes([msg[at] ^ 0xFF]) + msg[at + 1:])
    buffer, free = holder(kind, msg)
    writer = Writer(buffer, at, at + 1)

    def attempt():
        result, active = writer.run(lambda: c.cmac(buffer))
        return result in (old_tag, new_tag), result == new_tag, active

    try:
        judge(f"{cipher} cmac, {kind} message byte changing", writer, attempt)
    finally:
        free()
