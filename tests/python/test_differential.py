"""Random differential tests: the package against the C library called through ctypes
(helpers.CLib: a fresh context per message, ctr_init and ctr_crypt, never setiv). Counters
start near carries over 1..B bytes, messages are split at random, record batches mix
lengths and buffer types, and DRBG call sequences include refused calls."""

from __future__ import annotations

import pytest

import lwc
from helpers import BUFFER_KINDS, CDrbg, random_iv, random_split, records_differential


def random_key(cipher, rng):
    """A random key and the package's Cipher on it."""
    key = rng.randbytes(lwc.KEY_SIZES[cipher])
    return key, lwc.Cipher(cipher, key)


@pytest.mark.parametrize("cipher", lwc.CIPHERS)
def test_blocks(cipher, clib, rng):
    bs = lwc.BLOCK_SIZES[cipher]
    for _ in range(20):
        key, c = random_key(cipher, rng)
        data = rng.randbytes(50 * bs)
        blocks = [data[i:i + bs] for i in range(0, len(data), bs)]
        assert b"".join(map(c.encrypt_block, blocks)) == clib.ecb(cipher, False, key, data, bs)
        assert b"".join(map(c.decrypt_block, blocks)) == clib.ecb(cipher, True, key, data, bs)


@pytest.mark.parametrize("cipher", lwc.CIPHERS)
def test_ctr_streams_split_at_random(cipher, clib, rng):
    bs = lwc.BLOCK_SIZES[cipher]
    for _ in range(60):
        (key, c), iv = random_key(cipher, rng), random_iv(rng, bs)
        data = rng.randbytes(rng.randrange(1501))
        expected = clib.ctr(cipher, key, iv, data)
        stream = c.ctr(iv)
        pieces = random_split(rng, data, bs)
        assert b"".join(stream.crypt(rng.choice(BUFFER_KINDS)(p)) for p in pieces) == expected, \
            f"key {key.hex()} iv {iv.hex()} pieces {[len(p) for p in pieces]}"
        assert lwc.ctr_crypt(cipher, key, iv, data) == expected


@pytest.mark.parametrize("cipher", lwc.CIPHERS)
def test_ctr_records(cipher, clib, rng):
    records_differential(lwc, cipher, clib, rng)


@pytest.mark.parametrize("cipher", lwc.CIPHERS)
def test_counter_wraps_around_the_whole_block(cipher, clib):
    bs, ks = lwc.BLOCK_SIZES[cipher], lwc.KEY_SIZES[cipher]
    key, iv = bytes(range(ks)), b"\xff" * bs
    data = bytes(5 * bs + 3)
    expected = clib.ctr(cipher, key, iv, data)
    assert lwc.Cipher(cipher, key).ctr_records([iv], [data]) == [expected]
    # The keystream after the wrap is the one that starts at counter 0.
    assert expected[bs:] == clib.ctr(cipher, key, bytes(bs), data[bs:])


@pytest.mark.parametrize("drbg", lwc.DRBG_CIPHERS)
def test_drbg_call_sequences(drbg, clib, rng):
    """The same random calls on lwc.Drbg and on the C library: same outputs, and each
    refusal raises the class of the code the library returns."""
    for _ in range(24):
        df = rng.random() < 0.5
        ref = CDrbg(clib, drbg)
        probe = lwc.Drbg(drbg, bytes(64), b"")
        seed, strength = probe.seed_size, {"lea192": 24, "lea256": 32}.get(drbg, 16)

        def entropy_length():
            if rng.random() < 0.1:  # refused: too short, too long, or not the seed length
                return rng.choice((strength - 1, 257, seed + 1)) if df else rng.choice((seed - 1, seed + 1))
            return rng.randrange(strength, 80) if df else seed

        def add_length():
            limit = 256 if df else seed
            return rng.choice((0, rng.randrange(limit + 1), limit + 1 if rng.random() < 0.1 else 0))

        e, nonce, pers = rng.randbytes(entropy_length()), rng.randbytes(rng.randrange(20) if df else 0), \
            rng.randbytes(add_length())
        code = ref.instantiate(df, e, nonce, pers)
        interval = rng.choice((1, 2, 5))
        if code:
            with pytest.raises(lwc.errors.BY_CODE[code]):
                lwc.Drbg(drbg, e, nonce, pers, df)
            continue
        assert ref.set_reseed_interval(interval) == 0
        d = lwc.Drbg(drbg, e, nonce, pers, df, reseed_interval=interval)
        for step in range(12):
            add = rng.randbytes(add_length())
            if rng.random() < 0.25:
                e = rng.randbytes(entropy_length())
                code = ref.reseed(df, e, add)
                if code:
                    with pytest.raises(lwc.errors.BY_CODE[code]):
                        d.reseed(e, add)
                else:
                    d.reseed(e, add)
                continue
            n = rng.choice((0, 1, rng.randrange(600), d.max_request, d.max_request + 1))
            code, out = ref.generate(n, add)
            if code:
                with pytest.raises(lwc.errors.BY_CODE[code]):
                    d.generate(n, add)
            else:
                assert d.generate(n, add) == out, f"step {step}"
