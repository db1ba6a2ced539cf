"""docs/examples/spark_open_records.py, run as a user runs it (PySpark in local mode, two
workers sharing one replay store): a Parquet table of sealed records from three nodes, with
a resent record, a forged one, a truncated one and one of another node's key among them,
comes out as a table of readings where each genuine record opens once and every other is
refused with its reason; a second run refuses them all as replays; and what Spark ships to
the workers holds no key."""

from __future__ import annotations

import random
import subprocess
import sys

import pyarrow as pa
import pyarrow.parquet as pq
from helpers import ROOT
from lwc.records import SUITES, Sealer, derive_node_key

EXAMPLE = ROOT / "docs" / "examples" / "spark_open_records.py"
MASTER = bytes(range(16))
NODES = {5: "eax-lea128", 6: "ccm-aes128", 7: "eax-cham64-128"}
PER_NODE = 40


def sealed_table(rng):
    """(records, expected status per record, expected (node id, payload) per record)."""
    records, statuses, payloads = [], [], []
    for node, suite in NODES.items():
        sealer = Sealer(SUITES[suite], derive_node_key(MASTER, SUITES[suite], node, 1), node, 1, 3)
        for _ in range(PER_NODE):
            payload = rng.randbytes(rng.randrange(1, 33))
            records.append(sealer.seal(payload))
            statuses.append(0)
            payloads.append((node, payload))
    genuine = len(records)
    records.append(records[3])  # resent
    statuses.append(-20)
    payloads.append(None)
    forged = bytearray(sealer.seal(b"a reading"))  # changed on its way; the original never arrives
    forged[-1] ^= 0x40
    records.append(bytes(forged))
    statuses.append(-11)
    payloads.append(None)
    records.append(records[2 * PER_NODE][:19])  # truncated
    statuses.append(-17)
    payloads.append(None)
    other = Sealer(SUITES["eax-lea128"], derive_node_key(bytes(16), SUITES["eax-lea128"], 5, 1), 5, 1, 4)
    records.append(other.seal(b"not from our master"))
    statuses.append(-11)
    payloads.append(None)
    assert len(records) == genuine + 4
    return records, statuses, payloads


def run_example(tmp_path, records_file, output):
    key_file = tmp_path / "master.key"
    key_file.write_bytes(MASTER)
    done = subprocess.run([sys.executable, str(EXAMPLE), "--master-key-file", str(key_file),
                           "--store", str(tmp_path / "replay.sqlite3"), str(records_file), str(output)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-4000:]
    return pq.read_table(output).to_pylist()


def test_spark_opens_the_table_and_refuses_the_rest(tmp_path):
    rng = random.Random(0x5a4c)
    records, statuses, payloads = sealed_table(rng)
    order = list(range(len(records)))
    rng.shuffle(order)  # the resent record may come before its original: either copy opens once
    records_file = tmp_path / "records.parquet"
    pq.write_table(pa.table({"record": pa.array([records[i] for i in order], pa.binary())}), records_file)

    rows = run_example(tmp_path, records_file, tmp_path / "opened.parquet")
    assert len(rows) == len(records)
    opened = [r for r in rows if r["status"] == 0]
    assert sorted((r["node_id"], r["payload"]) for r in opened) == sorted(p for p, s in zip(payloads, statuses)
                                                                          if s == 0)
    assert len({(r["node_id"], r["counter"]) for r in opened}) == len(opened), "a counter opened twice"
    refused = sorted(r["status"] for r in rows if r["status"] != 0)
    assert refused == sorted(s for s in statuses if s != 0)
    assert all(r["payload"] is None for r in rows if r["status"] != 0)

    again = run_example(tmp_path, records_file, tmp_path / "again.parquet")
    assert sorted(r["status"] for r in again) == sorted(-20 if s in (0, -20) else s for s in statuses)
    assert all(r["payload"] is None for r in again)


def test_what_spark_ships_to_the_workers_holds_no_key(tmp_path):
    from pyspark import cloudpickle
    sys.path.insert(0, str(EXAMPLE.parent))
    try:
        import spark_open_records
    finally:
        sys.path.remove(str(EXAMPLE.parent))
    key_file = tmp_path / "master.key"
    key_file.write_bytes(MASTER)
    shipped = cloudpickle.dumps(spark_open_records.OpenRecords(str(key_file), str(tmp_path / "s.sqlite3")))
    assert MASTER not in shipped and MASTER.hex().encode() not in shipped
