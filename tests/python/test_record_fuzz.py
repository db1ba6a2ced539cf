"""Fuzzing of the record parser and opener from Python (issue #25): a seeded mutator
(LWC_TEST_SEED) makes batches of records of every suite, genuine ones and ones truncated,
extended, with a changed length, suite or version nibble, header byte, bit flips, spliced
from two records, resent, or random bytes, and gives each batch to three Openers on stores of
their own: Opener.open record by record, open_many on a list, open_many on a pyarrow array.
Checked: open raises only the documented refusals (docs/RECORDS.md) and open_many reports
only their statuses, never anything else; a record is accepted only if it is byte for byte a
record the sealer wrote, with that record's fields and payload, and then only once; a
refused record releases no payload; the three paths give the same result for every record.
The C parser and opener get the same treatment under ASan and UBSan from the libFuzzer
harness tests/fuzz/fuzz_record.c (mk/fuzz.mk, in make test)."""

from __future__ import annotations

import pyarrow as pa
import pytest

import lwc
from lwc.records import SUITES, Opener, Sealer, derive_node_key

MASTER = bytes(range(16))
BATCHES, BATCH = 6, 400
REFUSALS = {-11: lwc.AuthenticationError, -17: lwc.RecordShortError, -18: lwc.RecordVersionError,
            -19: lwc.RecordSuiteError, -20: lwc.ReplayError, -21: lwc.StaleRecordError}


def genuine_records(rng, count):
    """{record: (node_id, counter, payload, suite, epoch)} sealed by nodes of every suite."""
    sealed = {}
    for suite in SUITES.values():
        for node in rng.sample(range(1, 50), 2):
            epoch, boot = rng.randrange(256), rng.randrange(1 << 24)
            s = Sealer(suite, derive_node_key(MASTER, suite, node, epoch), node, epoch, boot)
            for i in range(count):
                payload = rng.randbytes(rng.choice([0, 1, 15, 16, 17, 31, rng.randrange(80)]))
                sealed[s.seal(payload)] = (node, boot << 24 | i, payload, suite, epoch)
    return sealed


def mutate(rng, record, other):
    """One random change of record (other: a second record, for splices)."""
    r = bytearray(record)
    kind = rng.randrange(11)
    if kind == 0:  # truncated anywhere, the header included
        return bytes(r[:rng.randrange(len(r))])
    if kind == 1:  # extended
        return bytes(r) + rng.randbytes(rng.randrange(1, 20))
    if kind == 2:  # the length changed inside: bytes cut from or added to the ciphertext
        at = rng.randrange(12, len(r) + 1)
        return bytes(r[:at] + rng.randbytes(rng.randrange(3)) + r[at + rng.randrange(3):])
    if kind == 3:  # another suite nibble
        r[0] = r[0] & 0xF0 | rng.randrange(16)
    elif kind == 4:  # another version nibble
        r[0] = rng.randrange(16) << 4 | r[0] & 0x0F
    elif kind == 5:  # a header byte replaced (node id, epoch, counters)
        r[rng.randrange(1, 12)] = rng.randrange(256)
    elif kind == 6:  # bit flips anywhere
        for _ in range(rng.randrange(1, 4)):
            bit = rng.randrange(8 * len(r))
            r[bit // 8] ^= 1 << bit % 8
    elif kind == 7:  # another record's header on this one's body, or its tag
        return bytes(other[:12] + r[12:]) if rng.randrange(2) else bytes(r[:-8] + other[-8:])
    elif kind == 8:  # random bytes
        return rng.randbytes(rng.randrange(60))
    elif kind == 9:  # zeros
        return bytes(rng.randrange(40))
    else:  # a byte of the tag replaced
        r[-rng.randrange(1, 9)] = rng.randrange(256)
    return bytes(r)


def one_by_one(opener, records):
    """(node_id, counter, payload, suite, epoch, status) of open() per record (a refusal: its
    code, the rest None)."""
    out = []
    for rec in records:
        try:
            r = opener.open(rec)
        except lwc.Error as e:
            assert type(e) in REFUSALS.values(), f"open raised {type(e).__name__}, not a documented refusal"
            assert REFUSALS[e.code] is type(e), (e.code, type(e))
            out.append((None, None, None, None, None, e.code))
            continue
        assert r.status == 0
        out.append(tuple(r))
    return out


def arrow_rows(table):
    cols = table.to_pydict()
    return list(zip(cols["node_id"], cols["counter"], cols["payload"], cols["suite"], cols["epoch"], cols["status"]))


def test_fuzzed_batches(tmp_path, rng):
    sealed = {}
    openers = [Opener(master_key=MASTER, store=tmp_path / f"{name}.sqlite3") for name in ("open", "list", "arrow")]
    accepted = set()
    for batch_no in range(BATCHES):
        fresh = genuine_records(rng, 6)  # new nodes and boots: counters not seen yet
        sealed.update(fresh)
        genuine = list(fresh)
        batch = []
        for _ in range(BATCH):
            if rng.random() < 0.15:  # genuine (the first time accepted, then resent)
                batch.append(rng.choice(genuine))
            else:
                batch.append(mutate(rng, rng.choice(genuine), rng.choice(genuine)))
        results = one_by_one(openers[0], batch)
        listed = openers[1].open_many(batch)
        arrowed = arrow_rows(openers[2].open_many(pa.array(batch, pa.binary())))
        for i, (rec, got) in enumerate(zip(batch, results)):
            where = f"batch {batch_no} record {i} ({rec.hex()})"
            status = got[5]
            assert status == 0 or status in REFUSALS, f"{where}: status {status}"
            if status == 0:
                assert rec in sealed, f"{where}: a record the sealer never wrote was accepted"
                assert rec not in accepted, f"{where}: accepted twice"
                assert got[:5] == sealed[rec], f"{where}: opened to other fields or payload"
                accepted.add(rec)
            else:
                assert got[2] is None, f"{where}: a refused record released a payload"
            many = tuple(listed[i])
            assert (many[5], many[2]) == (status, got[2]), f"{where}: open_many (list) gave {many}, open {got}"
            assert arrowed[i] == many, f"{where}: open_many (Arrow) gave {arrowed[i]}, on a list {many}"
            assert status != 0 or many == got, f"{where}: open_many gave {many}, open {got}"
    assert len(accepted) > 0.5 * len(sealed), "too few genuine records reached the openers"
    for o in openers:
        o.close()


@pytest.mark.parametrize("length", range(0, 21))
def test_every_short_prefix(tmp_path, length):
    """Each prefix of a record up to 20 bytes, of every suite, by the three paths: short below
    20 bytes, refused by the tag at 20 (the header of a record with a payload)."""
    records = [Sealer(suite, derive_node_key(MASTER, suite, 7, 1), 7, 1, 3).seal(b"payload!")[:length]
               for suite in SUITES.values()]
    want = -17 if length < 20 else -11
    with Opener(master_key=MASTER, store=tmp_path / "s.sqlite3") as o:
        assert [r.status for r in o.open_many(records)] == [want] * len(records)
        assert [row[5] for row in arrow_rows(o.open_many(pa.array(records, pa.binary())))] == [want] * len(records)
        for rec in records:
            with pytest.raises(REFUSALS[want]):
                o.open(rec)
