"""The gateway's side of the sealed records (lwc.records, docs/RECORDS.md): the vector file,
the node keys against `cryptography`'s KBKDFCMAC, one test per sentence of the opener's
contract (every changed record refused with its own error, replays refused across restarts,
crashes and processes), open_many on lists and on Arrow arrays."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pyarrow as pa
import pytest
from cryptography.hazmat.primitives.ciphers import algorithms
from cryptography.hazmat.primitives.kdf.kbkdf import CounterLocation, KBKDFCMAC, Mode

import lwc
from lwc.records import SUITES, Opener, Sealer, derive_node_key, error_of

from helpers import vectors_dir

MASTER = bytes(range(16))
NODE, EPOCH, BOOT = 0x17, 1, 5
REPLAY_WINDOW = 64


def vector_records():
    """The `record` lines of tests/vectors/records.txt as dicts of their fields."""
    rows = []
    for line in (vectors_dir() / "records.txt").read_text().splitlines():
        if line.startswith("record "):
            rows.append(dict(field.split("=", 1) for field in line.split()[1:]))
    assert len(rows) == 8 * len(SUITES), "records.txt: not 8 record lines per suite"
    return rows


def opener(tmp_path: Path, **kwargs) -> Opener:
    return Opener(master_key=kwargs.pop("master_key", MASTER), store=tmp_path / "replay.sqlite3", **kwargs)


def sealer(suite: int = 1, node: int = NODE, epoch: int = EPOCH, boot: int = BOOT, master: bytes = MASTER) -> Sealer:
    return Sealer(suite, derive_node_key(master, suite, node, epoch), node, epoch, boot)


def counter(boot: int, record: int) -> int:
    return boot << 24 | record


# ---- the vectors and the keys ------------------------------------------------------------

@pytest.mark.parametrize("v", vector_records(), ids=lambda v: f"{v['name']}-{v['node']}-{v['payload'][:8]}")
def test_vector_record_opens(v, tmp_path):
    """Each record of the vector file: the node key derived from the master key, and the
    record opened by an Opener holding only the master key."""
    master, node, epoch, suite = bytes.fromhex(v["master"]), int(v["node"], 16), int(v["epoch"], 16), int(v["suite"])
    assert derive_node_key(master, suite, node, epoch).hex() == v["nodekey"]
    r = opener(tmp_path, master_key=master).open(bytes.fromhex(v["record"]))
    assert r == (node, counter(int(v["boot"], 16), int(v["count"], 16)), bytes.fromhex(v["payload"]), suite, epoch, 0)


@pytest.mark.parametrize("v", [v for v in vector_records() if v["count"] == "000000"],
                         ids=lambda v: f"{v['name']}-{v['node']}")
def test_vector_record_sealed(v):
    """The Sealer (lwc_X_M_sealer_init, lwc_seal) writes the vector's record at record counter 0."""
    s = Sealer(int(v["suite"]), bytes.fromhex(v["nodekey"]), int(v["node"], 16), int(v["epoch"], 16),
               int(v["boot"], 16))
    assert s.seal(bytes.fromhex(v["payload"])).hex() == v["record"]


def test_node_keys_match_kbkdfcmac(rng):
    """Node keys are cryptography's KBKDFCMAC (SP 800-108r1 counter mode, AES-128-CMAC),
    label lwc-record-v1, context node id || epoch || suite (docs/RECORDS.md)."""
    for _ in range(200):
        master, node, epoch, suite = rng.randbytes(16), rng.getrandbits(32), rng.getrandbits(8), rng.choice(
            list(SUITES.values()))
        kdf = KBKDFCMAC(algorithms.AES, Mode.CounterMode, length=16, rlen=4, llen=4,
                        location=CounterLocation.BeforeFixed, label=b"lwc-record-v1",
                        context=node.to_bytes(4, "big") + bytes([epoch, suite]), fixed=None)
        assert derive_node_key(master, suite, node, epoch) == kdf.derive(master)


def test_every_suite_round_trip(tmp_path):
    """Every suite of this build seals and opens; payloads of 0 to 64 bytes."""
    o = opener(tmp_path)
    for suite in SUITES.values():
        s = sealer(suite, node=suite)
        for n in range(65):
            payload = bytes(range(n))
            assert o.open(s.seal(payload)) == (suite, counter(BOOT, n), payload, suite, EPOCH, 0)


# ---- refusals: one test per sentence of the contract -------------------------------------

@pytest.mark.parametrize("suite", SUITES.values())
def test_resent_record_refused(tmp_path, suite):
    o = opener(tmp_path)
    record = sealer(suite).seal(b"reading")
    o.open(record)
    with pytest.raises(lwc.ReplayError) as e:
        o.open(record)
    assert type(e.value) is lwc.ReplayError and e.value.code == -20


@pytest.mark.parametrize("suite", SUITES.values())
def test_reordered_within_window_accepted_beyond_refused(tmp_path, suite):
    """Up to 63 places out of order: accepted; one more: StaleRecordError."""
    o = opener(tmp_path)
    s = sealer(suite)
    records = [s.seal(b"%d" % i) for i in range(REPLAY_WINDOW + 1)]
    o.open(records[REPLAY_WINDOW - 1])  # counter 63 is the highest
    assert o.open(records[0]).payload == b"0"  # 63 below: inside the window
    o.open(records[REPLAY_WINDOW])  # the highest is now 64: counter 0 is 64 below
    with pytest.raises(lwc.ReplayError):
        o.open(records[0])  # seen: a replay, even at the window's edge...
    s2 = sealer(suite, boot=BOOT + 1)
    later = [s2.seal(b"x") for _ in range(REPLAY_WINDOW + 1)]
    o.open(later[-1])
    with pytest.raises(lwc.StaleRecordError) as e:
        o.open(later[0])  # 64 below the highest, never seen: stale
    assert e.value.code == -21


@pytest.mark.parametrize("suite", SUITES.values())
def test_truncated_record_refused(tmp_path, suite):
    """Cut below 20 bytes: RecordShortError; cut to 20 or more: AuthenticationError. Extended: the same."""
    o = opener(tmp_path)
    s = sealer(suite)
    for cut in range(0, 52):
        record = s.seal(bytes(32))
        error = lwc.RecordShortError if cut < 20 else lwc.AuthenticationError
        with pytest.raises(error):
            o.open(record[:cut])
    with pytest.raises(lwc.AuthenticationError):
        o.open(s.seal(bytes(32)) + b"\0")
    assert issubclass(lwc.RecordShortError, lwc.RecordFormatError)


@pytest.mark.parametrize("suite", SUITES.values())
def test_resuited_record_refused(tmp_path, suite):
    """The suite nibble changed: to another suite of this build, AuthenticationError (other
    key, other header); to an unassigned one, RecordSuiteError; the version nibble changed:
    RecordVersionError."""
    o = opener(tmp_path)
    s = sealer(suite)
    for other in range(16):
        if other == suite:
            continue
        record = bytearray(s.seal(b"reading"))
        record[0] = 0x10 | other
        error = lwc.AuthenticationError if other in SUITES.values() else lwc.RecordSuiteError
        with pytest.raises(error):
            o.open(bytes(record))
    for version in (0, 2, 15):
        record = bytearray(s.seal(b"reading"))
        record[0] = version << 4 | suite
        with pytest.raises(lwc.RecordVersionError):
            o.open(bytes(record))


@pytest.mark.parametrize("suite", SUITES.values())
def test_readdressed_record_refused(tmp_path, suite):
    """Another node id (or epoch) in the header: the other node's key does not open it."""
    o = opener(tmp_path)
    s = sealer(suite)
    for byte in range(1, 6):
        record = bytearray(s.seal(b"reading"))
        record[byte] ^= 0x01
        with pytest.raises(lwc.AuthenticationError):
            o.open(bytes(record))
    assert o.open(s.seal(b"reading")).payload == b"reading"


@pytest.mark.parametrize("suite", SUITES.values())
def test_bit_flipped_record_refused(tmp_path, suite):
    """Every single bit of a record flipped: refused (the version and suite bits by the
    parser, every other by the tag), and nothing of the payload released."""
    s = sealer(suite)
    o = opener(tmp_path)
    record = s.seal(b"0123456789abcdef0123456789abcdef")
    flipped = []
    for bit in range(8 * len(record)):
        r = bytearray(record)
        r[bit // 8] ^= 0x80 >> (bit % 8)
        flipped.append(bytes(r))
    results = o.open_many(flipped)
    for bit, r in enumerate(results):
        assert r.payload is None and r.status in (-11, -18, -19), (bit, r)
        assert r.status == -11 or bit < 8
    assert o.open(record).status == 0  # the forgeries did not move the window


def test_forged_high_counter_does_not_move_the_window(tmp_path):
    o = opener(tmp_path)
    s = sealer()
    genuine = s.seal(b"a")
    forged = bytearray(sealer(boot=BOOT + 1000).seal(b"b"))
    forged[-1] ^= 1
    with pytest.raises(lwc.AuthenticationError):
        o.open(bytes(forged))
    assert o.open(genuine).payload == b"a"


def test_rekeyed_node(tmp_path):
    """A node whose EEPROM was reset repeats counters (refused as replays); after rekey(),
    its old epoch is refused for lack of a key, the new epoch opens with a new window."""
    o = opener(tmp_path)
    old = sealer(boot=0)
    o.open_many([old.seal(b"x") for _ in range(10)])
    with pytest.raises(lwc.ReplayError):
        o.open(sealer(boot=0).seal(b"after the reset"))
    o.rekey(NODE, EPOCH + 1)
    with pytest.raises(lwc.AuthenticationError):
        o.open(sealer(boot=1).seal(b"old epoch"))
    new = sealer(epoch=EPOCH + 1, boot=0)
    assert o.open(new.seal(b"new epoch")).payload == b"new epoch"
    restarted = opener(tmp_path)  # the new epoch and its window are in the store
    assert restarted.open(new.seal(b"y")).counter == 1
    with pytest.raises(lwc.AuthenticationError):
        restarted.open(sealer(boot=2).seal(b"old epoch"))


def test_key_callable(tmp_path):
    """keys(node_id, epoch, suite): called once per node per batch; None refuses the node."""
    calls = []
    node_key = derive_node_key(MASTER, 1, NODE, EPOCH)

    def keys(node_id, epoch, suite):
        calls.append((node_id, epoch, suite))
        return node_key if node_id == NODE else None

    o = Opener(keys=keys, store=tmp_path / "s.sqlite3")
    mine, other = sealer(), sealer(node=NODE + 1)
    results = o.open_many([mine.seal(b"a"), other.seal(b"b"), mine.seal(b"c"), other.seal(b"d")])
    assert [r.status for r in results] == [0, -11, 0, -11]
    assert [r.payload for r in results] == [b"a", None, b"c", None]
    assert sorted(calls) == [(NODE, EPOCH, 1), (NODE + 1, EPOCH, 1)]
    with pytest.raises(TypeError):
        Opener(MASTER, keys=keys, store=tmp_path / "s.sqlite3")


def test_open_many_statuses(tmp_path):
    """open_many: one Record per record, in order; refused ones with payload None and their code."""
    o = opener(tmp_path)
    s = sealer()
    a, b = s.seal(b"a"), s.seal(b"b")
    results = o.open_many([a, b"\x11short", b, a, b[:-1] + bytes([b[-1] ^ 1]), b"\x21" + a[1:]])
    assert [r.status for r in results] == [0, -17, 0, -20, -20, -18]
    assert [r.payload for r in results] == [b"a", None, b"b", None, None, None]
    assert results[1].node_id is None and results[3].node_id == NODE
    assert isinstance(error_of(results[3].status), lwc.ReplayError)
    assert o.open_many([]) == []


def test_window_rule_matches_model(tmp_path, rng):
    """Random arrival orders (with duplicates) across batches: the opener accepts exactly
    what the sliding-window rule of RFC 4303 3.4.3 (lwc_replay_window) accepts."""
    s = sealer()
    records = [s.seal(b"") for _ in range(400)]
    o = opener(tmp_path)
    highest, seen = None, set()
    stream = [rng.randrange(len(records)) if rng.random() < 0.3 else i + rng.randrange(-70, 70)
              for i in range(0, 400, 1) for _ in range(2)]
    stream = [i for i in stream if 0 <= i < len(records)]
    for start in range(0, len(stream), 37):
        part = stream[start:start + 37]
        got = [r.status for r in o.open_many([records[i] for i in part])]
        want = []
        for i in part:
            if highest is not None and i <= highest - REPLAY_WINDOW:
                want.append(-21)
            elif i in seen:
                want.append(-20)
            else:
                want.append(0)
                seen.add(i)
                highest = i if highest is None else max(highest, i)
        assert got == want


def test_restart_refuses_resent(tmp_path):
    """The windows are in the store: a new Opener on the same file refuses what was accepted."""
    s = sealer()
    records = [s.seal(b"%d" % i) for i in range(100)]
    with opener(tmp_path) as o:
        assert all(r.status == 0 for r in o.open_many(records[:60]))
    with opener(tmp_path) as o:
        assert [r.status for r in o.open_many(records)] == [-20] * 60 + [0] * 40


# ---- several processes and crashes -------------------------------------------------------

WORKER = textwrap.dedent("""
    import json, os, random, signal, sys, time
    from lwc.records import Opener
    store, records_file, out, batch, die = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
    records = [bytes.fromhex(line) for line in open(records_file).read().split()]
    o = Opener(master_key=bytes(range(16)), store=store)
    batches = 0

    def kill_myself():
        os.kill(os.getpid(), signal.SIGKILL)

    if die == "in-transaction":  # in batch 3, as the windows are written, before the commit
        o._db.set_trace_callback(lambda sql: batches == 3 and "INSERT OR REPLACE INTO lwc_windows" in sql
                                 and kill_myself())
    open(out + ".ready", "w").close()
    while not os.path.exists(records_file + ".go"):  # start together
        time.sleep(0.001)
    with open(out, "a") as f:
        for start in range(0, len(records), batch):
            for r in o.open_many(records[start:start + batch]):
                f.write(json.dumps([r.node_id, r.counter, r.status]) + "\\n")
            f.flush()
            batches += 1
            if die == "pause":  # leave the store's lock to the other process now and then, for
                time.sleep(random.uniform(0, 0.01))  # a while of its own: now one leads, now the other
            if die == "anytime":  # a gateway paced by its radio: still running when the test,
                time.sleep(0.002)  # on a busy machine, gets to kill it
            if die == "after-batch" and batches == 3:  # what it returned is handed on, then it dies
                kill_myself()
""")


def run_worker(tmp_path: Path, name: str, batch: int, die: str = "no") -> "subprocess.Popen[bytes]":
    return subprocess.Popen([sys.executable, "-c", WORKER, str(tmp_path / "replay.sqlite3"),
                             str(tmp_path / "records.txt"), str(tmp_path / name), str(batch), die])


def write_records(tmp_path: Path, nodes: int, per_node: int) -> set:
    lines, keys = [], set()
    for node in range(nodes):
        s = sealer(node=node)
        for i in range(per_node):
            lines.append(s.seal(b"%d" % i).hex())
            keys.add((node, counter(BOOT, i)))
    # interleave the nodes as a radio would
    lines = [lines[n * per_node + i] for i in range(per_node) for n in range(nodes)]
    (tmp_path / "records.txt").write_text("\n".join(lines))
    return keys


def start(tmp_path: Path, *names: str) -> None:
    """Lets the workers of these output names go once all of them are ready."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not all((tmp_path / f"{name}.ready").exists() for name in names):
        time.sleep(0.001)
    (tmp_path / "records.txt.go").touch()


def results(path: Path) -> list:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.endswith("]")]


def test_two_processes_share_the_store(tmp_path):
    """Two gateway processes open the same records at once: each record accepted exactly
    once. (Whether their batches interleave is up to SQLite's lock and the scheduler: the one
    ahead accepts a batch and the other finds replays, so each pauses a random while between
    batches, and the lead changes hands; a run where one process got every batch is run
    again, up to 5 times; every run must be correct.)"""
    for attempt in range(5):
        where = tmp_path / str(attempt)
        where.mkdir()
        everything = write_records(where, nodes=3, per_node=3000)
        workers = [run_worker(where, f"out{i}", batch=50, die="pause") for i in range(2)]
        start(where, "out0", "out1")
        assert [w.wait(timeout=300) for w in workers] == [0, 0]
        accepted = [[(n, c) for n, c, status in results(where / f"out{i}") if status == 0] for i in range(2)]
        assert not set(accepted[0]) & set(accepted[1])
        assert len(accepted[0]) + len(accepted[1]) == len(everything)
        assert set(accepted[0]) | set(accepted[1]) == everything
        if all(accepted):
            return
    pytest.fail("in 5 runs, one process always opened every record: the test did not run two at once")


@pytest.mark.parametrize("die", ["after-batch", "in-transaction", "anytime"])
def test_killed_mid_batch_then_everything_resent(tmp_path, die):
    """A gateway killed (SIGKILL) in the middle of its batches (right after handing on a
    batch's payloads, inside a batch's transaction before its commit, or whenever the test
    gets to it), restarted and sent every record again: no record accepted twice; each one
    accepted once, or (committed by the killed process but not yet handed on) refused as a
    replay (lwc.ReplayError: a replay, or stale once the window moved on)."""
    everything = write_records(tmp_path, nodes=4, per_node=10000)
    first = run_worker(tmp_path, "first", batch=500 if die == "anytime" else 2000, die=die)
    start(tmp_path, "first")
    deadline = time.monotonic() + 120
    while len(results(tmp_path / "first")) < 8000 and time.monotonic() < deadline and first.poll() is None:
        time.sleep(0.001)
    first.send_signal(signal.SIGKILL)
    assert first.wait() == -signal.SIGKILL
    before = {(n, c) for n, c, status in results(tmp_path / "first") if status == 0}
    assert 0 < len(before) < len(everything), "the worker was not killed mid-run"
    second = run_worker(tmp_path, "second", batch=2000)
    assert second.wait(timeout=300) == 0
    after = results(tmp_path / "second")
    assert len(after) == len(everything)
    accepted = {(n, c) for n, c, status in after if status == 0}
    assert not accepted & before
    assert all(status in (0, -20, -21) for _, _, status in after)
    refused = {(n, c) for n, c, status in after if status != 0}
    assert refused >= before
    assert accepted | refused == everything


BATCH_PROGRAM = """
import json, sys
from lwc.records import Opener
batches = [[bytes.fromhex(r) for r in b] for b in json.load(sys.stdin)]
with Opener(master_key=bytes.fromhex(sys.argv[2]), store=sys.argv[1]) as o:
    results = [r for b in batches for r in o.open_many(b)]
print(json.dumps([[r.status, None if r.payload is None else r.payload.hex()] for r in results]))
"""


def changed(record: bytes, rng) -> bytes:
    """record, or (a quarter of the time) with a bit flipped, its suite (or an unassigned one) or
    node id changed, or cut."""
    how = rng.randrange(16)
    if how == 0:
        at = rng.randrange(len(record))
        return record[:at] + bytes([record[at] ^ 1 << rng.randrange(8)]) + record[at + 1:]
    if how == 1:
        return bytes([record[0] & 0xF0 | rng.choice(list(SUITES.values()) + [0, 15])]) + record[1:]
    if how == 2:
        return record[:4] + bytes([record[4] ^ 1]) + record[5:]
    if how == 3:
        return record[:rng.randrange(len(record))]
    return record


def test_batch_matches_portable_and_one_by_one(tmp_path, rng):
    """open_many, whose EAX suites run in lockstep through the SIMD kernels (lwc_simd_open_records),
    against the same batches opened with LWC_SIMD=portable (record by record through
    lwc_record_open) and against one open() per record: every suite and several nodes mixed
    in each batch, payloads of 0 to 100 bytes, records changed, resent and reordered beyond
    the window; statuses and payloads agree."""
    sealers = [sealer(suite, node) for suite in SUITES.values() for node in (3, 900)]
    records = [rng.choice(sealers).seal(rng.randbytes(rng.choice([0, 1, 15, 16, 17, 32, rng.randrange(101)])))
               for _ in range(1200)]
    near = [min(max(i + rng.randrange(-90, 30), 0), len(records) - 1) for i in range(len(records))]
    stream = [changed(records[rng.randrange(i + 1) if rng.randrange(10) == 0 else i], rng) for i in near]
    batches = [stream[i:i + rng.randrange(1, 300)] for i in range(0, len(stream), 150)]
    (tmp_path / "simd").mkdir()
    (tmp_path / "one").mkdir()
    simd_opener = opener(tmp_path / "simd")
    simd = [[r.status, None if r.payload is None else r.payload.hex()]
            for b in batches for r in simd_opener.open_many(b)]
    one = opener(tmp_path / "one")
    by_one = []
    for r in [r for b in batches for r in b]:
        try:
            by_one.append([0, one.open(r).payload.hex()])
        except lwc.Error as e:
            by_one.append([e.code, None])
    portable = subprocess.run([sys.executable, "-c", BATCH_PROGRAM, str(tmp_path / "portable.sqlite3"), MASTER.hex()],
                              input=json.dumps([[r.hex() for r in b] for b in batches]), capture_output=True,
                              text=True, check=True, env=dict(os.environ, LWC_SIMD="portable")).stdout
    assert simd == by_one
    assert simd == json.loads(portable)
    statuses = [status for status, _ in simd]
    for code in (0, -11, -17, -20, -21):  # accepted, forged, cut, resent, stale: each occurs
        assert statuses.count(code) >= 5, (code, statuses.count(code))


def test_batch_of_many_nodes(tmp_path):
    """A batch of more nodes than one statement reads (the windows and re-keyed epochs of
    1,100 nodes): resent, every record is refused; a re-keyed node's old epoch is refused."""
    nodes = range(1, 1101)
    records = [sealer(node=n).seal(b"x") for n in nodes]
    o = opener(tmp_path)
    o.rekey(1050, EPOCH + 1)
    first = [r.status for r in o.open_many(records)]
    assert first == [-11 if n == 1050 else 0 for n in nodes]
    assert {r.status for r in o.open_many(records)} == {-11, -20}


# ---- Arrow ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", [pa.binary(), pa.large_binary()])
def test_arrow_matches_lists(tmp_path, kind, rng):
    """open_many on a binary or large_binary array (sliced, with nulls) gives the same
    results as on a list, as a pyarrow.RecordBatch."""
    s = sealer()
    records = [s.seal(rng.randbytes(rng.randrange(40))) for _ in range(300)]
    records += records[:20] + [b"\x11" * 5]
    mixed = [None if i % 50 == 7 else r for i, r in enumerate(records)]
    array = pa.array([b"junk"] * 3 + mixed, kind).slice(3)
    (tmp_path / "a").mkdir()
    (tmp_path / "l").mkdir()
    batch = opener(tmp_path / "a").open_many(array)
    lists = opener(tmp_path / "l").open_many([r if r is not None else b"" for r in mixed])
    assert isinstance(batch, pa.RecordBatch)
    assert batch.schema.names == ["node_id", "counter", "epoch", "suite", "payload", "status"]
    table = batch.to_pydict()
    assert table["status"] == [r.status for r in lists]
    assert table["payload"] == [r.payload for r in lists]
    assert table["node_id"] == [r.node_id for r in lists]
    assert table["counter"] == [r.counter for r in lists]
    assert table["epoch"] == [r.epoch for r in lists] and table["suite"] == [r.suite for r in lists]
    batch.validate(full=True)


def test_arrow_refuses_other_types(tmp_path):
    with pytest.raises(TypeError):
        opener(tmp_path).open_many(pa.array(["text"]))


def test_threads_share_an_opener(tmp_path):
    """Threads calling one Opener at once: each record accepted exactly once."""
    import threading

    s = sealer()
    records = [s.seal(b"%d" % i) for i in range(4000)]
    o = opener(tmp_path)
    accepted = [[] for _ in range(4)]
    errors = []

    def work(i):
        try:
            for start in range(0, len(records), 100):
                accepted[i] += [r.counter for r in o.open_many(records[start:start + 100]) if r.status == 0]
        except Exception as e:  # noqa: BLE001 (reported below, not lost in the thread)
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    everything = [c for a in accepted for c in a]
    assert sorted(everything) == [counter(BOOT, i) for i in range(len(records))]
