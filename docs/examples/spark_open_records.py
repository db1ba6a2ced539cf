"""Open a table of sealed records with PySpark: records in, a table of readings out.

    python spark_open_records.py --master-key-file master.key --store replay.sqlite3 \
        records.parquet opened.parquet

records.parquet has a binary column ``record`` (the records as the nodes sent them, e.g.
appended by the receiver). opened.parquet gets one row per record: node_id, counter, epoch,
suite, payload (null where refused) and status (0: opened; else the refusal's code, as
lwc.records.error_of names it: -11 forged, changed or no key, -17..-19 malformed, -20
replay, -21 stale).

Each Spark task opens its Arrow batches with lwc.records.Opener.open_many (one C call per
batch, no Python object per record). What Spark sends to the workers is an OpenRecords
object that holds two paths and no key: each worker reads the master key itself, so no key
is pickled, shipped or logged by Spark; on a cluster, replace read_master_key with the
call to your secret store.

Replay protection is the store's: every task of this job shares one SQLite file, and an
accepted record's counter is committed before its payload is returned, as two gateway
processes sharing a store do. So:
  - run it where the workers share the store's file system (local mode, as here, or one
    machine); SQLite on a network file system does not lock reliably. Several machines
    need a shared database in its place (lwc.records.Opener's store).
  - a task Spark runs twice (a retry after a failure, or speculation, which this job turns
    off) reports the records its first attempt accepted as replays: their payloads are in
    no output. Write the output of a batch before you trust it, or rerun from a copy of
    the store taken before the job.
Running the job again over the same records refuses them all as replays: by design.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Iterator

import pyarrow as pa

from lwc.records import Opener

# Spark has no unsigned integer types: the opener's columns as Spark's.
SCHEMA = "node_id long, counter long, epoch int, suite int, payload binary, status int"
SPARK_TYPES = {"node_id": pa.int64(), "counter": pa.int64(), "epoch": pa.int32(), "suite": pa.int32(),
               "payload": pa.binary(), "status": pa.int32()}


def read_master_key(path: str) -> bytes:
    """The gateway's master key, read where it is used (a worker)."""
    with open(path, "rb") as f:
        return f.read()


class OpenRecords:
    """The function mapInArrow runs in each task: the paths of the master key and the store,
    nothing secret."""

    def __init__(self, master_key_file: str, store: str) -> None:
        self.master_key_file, self.store = master_key_file, store

    def __call__(self, batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        with Opener(master_key=read_master_key(self.master_key_file), store=self.store) as opener:
            for batch in batches:
                opened = opener.open_many(batch.column("record"))
                yield pa.RecordBatch.from_arrays([opened.column(name).cast(kind) for name, kind in SPARK_TYPES.items()],
                                                 names=list(SPARK_TYPES))


def main(argv: list) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--master-key-file", required=True)
    parser.add_argument("--store", required=True, help="the replay store (an SQLite file)")
    parser.add_argument("--master", default="local[2]", help="Spark's master URL")
    parser.add_argument("records")
    parser.add_argument("output")
    args = parser.parse_args(argv)

    from pyspark.sql import SparkSession
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # the workers' Python: this one, which has lwc
    spark = (SparkSession.builder.master(args.master).appName("lwc-open-records")
             .config("spark.speculation", "false")
             .config("spark.ui.enabled", "false")
             .getOrCreate())
    try:
        records = spark.read.parquet(args.records).select("record")
        opened = records.mapInArrow(OpenRecords(args.master_key_file, args.store), SCHEMA)
        opened.write.mode("overwrite").parquet(args.output)
    finally:
        spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
