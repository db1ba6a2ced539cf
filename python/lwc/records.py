"""The gateway's side of the sealed records (docs/RECORDS.md): open what the nodes seal.

::

    from lwc.records import Opener
    opener = Opener(master_key=master, store="/var/lib/gateway/replay.sqlite3")
    r = opener.open(record)          # lwc.Record(node_id, counter, payload, suite, epoch, status=0)
    rs = opener.open_many(records)   # one Record per record, status 0 or the refusal's code
    table = opener.open_many(pyarrow.array(records, pyarrow.binary()))   # a pyarrow.RecordBatch

Keys: with ``master_key`` (16 bytes) the opener derives each node's key as the node was
provisioned (SP 800-108r1 KDF over AES-128-CMAC, lwc_record_derive_key); with ``keys``, a
callable ``keys(node_id, epoch, suite) -> bytes | None`` returns the node key (16 bytes) or
None for a node it does not know. Either way keys are resolved once per node per batch and
set up in C memory. Records of an epoch below the one set by :meth:`Opener.rekey` are refused
(AuthenticationError: no key), as docs/RECORDS.md tells an operator to re-key a node whose
EEPROM was reset.

Replay state: per node and epoch, the highest counter accepted and the bitmap of the 63
below (lwc_replay_window's rule), in an SQLite database (``store``: a file path). Each batch
runs in one ``BEGIN IMMEDIATE`` transaction: the windows are read, the records checked,
opened and marked in C, the windows written and committed, and only then are payloads
returned. So a restart, a crash (at any point: what was not committed was never returned)
or several gateway processes sharing one store never accept one counter twice. A batch
holds the store's write lock while it runs: processes sharing it take turns.

Refusals (``open`` raises them; ``open_many`` reports their ``code`` in ``status``):
:class:`lwc.RecordShortError`, :class:`lwc.RecordVersionError`, :class:`lwc.RecordSuiteError`
(all :class:`lwc.RecordFormatError`), :class:`lwc.AuthenticationError` (a changed, forged,
re-addressed or re-suited record, or no key), :class:`lwc.ReplayError` (sent again) and
:class:`lwc.StaleRecordError` (older than the window, a ReplayError).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Optional, Tuple, Union

from ._lwc import Record, RecordBatch, RecordKey, RecordMaster, Sealer, _record_batch_from_arrow
from .errors import BY_CODE, Error

if TYPE_CHECKING:
    import pyarrow

__all__ = ["Opener", "Record", "Sealer", "RecordMaster", "SUITES", "OVERHEAD", "error_of", "derive_node_key"]

#: The suites of this build: {name: id} (docs/RECORDS.md).
SUITES: Dict[str, int] = {"eax-lea128": 1, "eax-hight": 2, "eax-cham64-128": 3, "eax-aes128": 4, "ccm-aes128": 5,
                          "ascon-aead128": 6}
#: Bytes a record adds to its payload: a 12-byte header and an 8-byte tag.
OVERHEAD = 20

KeyFunction = Callable[[int, int, int], Optional[bytes]]
Node = Tuple[int, int, int]  # node_id, epoch, suite

_REASONS = {
    -11: "authentication failed (changed, forged, re-addressed or re-suited record, or no key for the node)",
    -17: "truncated: shorter than 20 bytes",
    -18: "not format version 1",
    -19: "a suite this build does not have",
    -20: "replay: this counter was accepted before",
    -21: "stale: more than 63 below the highest counter accepted",
}


def error_of(status: int) -> Optional[Error]:
    """The exception of a Record's status (None for 0), with the refusal's reason."""
    if status == 0:
        return None
    return BY_CODE[status](_REASONS.get(status, f"library code {status}"))


def derive_node_key(master_key: bytes, suite: int, node_id: int, epoch: int) -> bytes:
    """The node key to provision a node with (docs/RECORDS.md, "Keys")."""
    return RecordMaster(master_key).node_key(suite, node_id, epoch)


_SCHEMA = """
CREATE TABLE IF NOT EXISTS lwc_windows (
    node_id INTEGER NOT NULL, epoch INTEGER NOT NULL,
    highest INTEGER NOT NULL, seen INTEGER NOT NULL,  -- lwc_replay_window; seen as signed 64 bits
    PRIMARY KEY (node_id, epoch)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS lwc_nodes (
    node_id INTEGER PRIMARY KEY, min_epoch INTEGER NOT NULL);
"""


def _signed(x: int) -> int:
    return x - (1 << 64) if x >= 1 << 63 else x


class Opener:
    """Opens sealed records, refusing replays across restarts and processes (module docstring)."""

    def __init__(self, master_key: Optional[bytes] = None, *, keys: Optional[KeyFunction] = None,
                 store: Union[str, "os.PathLike[str]"], timeout: float = 60.0) -> None:
        if (master_key is None) == (keys is None):
            raise TypeError("Opener needs exactly one of master_key and keys")
        self._master = RecordMaster(master_key) if master_key is not None else None
        self._keys = keys
        self._derived: Dict[Node, RecordKey] = {}  # master_key's keys, derived once
        # One connection, its transactions one at a time: threads sharing the Opener take turns.
        self._lock = threading.Lock()
        self._db = sqlite3.connect(store, timeout=timeout, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")  # a commit survives a power loss, not only a crash
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "Opener":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def rekey(self, node_id: int, epoch: int) -> None:
        """From now on accept node_id's records of epoch and later only, each epoch with a new
        window (docs/RECORDS.md, "a node whose EEPROM was reset")."""
        with self._transaction():
            self._db.execute("INSERT OR REPLACE INTO lwc_nodes VALUES (?, ?)", (node_id, epoch))
            self._db.execute("DELETE FROM lwc_windows WHERE node_id = ? AND epoch < ?", (node_id, epoch))
        for node in [n for n in self._derived if n[0] == node_id and n[1] < epoch]:
            del self._derived[node]

    def open(self, record: bytes) -> Record:
        """The opened record; raises the refusal's lwc.Error (module docstring)."""
        r = self._open_batch(RecordBatch([record])).records()[0]
        error = error_of(r.status)
        if error is not None:
            raise error
        return r

    def open_many(self, records: Union[Iterable[bytes], "pyarrow.Array"]) -> Union[List[Record], "pyarrow.RecordBatch"]:
        """Opens a batch: the crypto in one C call without the GIL, one commit. A list of one
        Record per record (payload None and status < 0 for a refused one), or for a pyarrow
        binary or large_binary array a pyarrow.RecordBatch (node_id, counter, epoch, suite,
        payload, status), built from buffers (no Python object per record)."""
        arrow = _arrow_batch(records)
        if arrow is not None:
            return _arrow_result(self._open_batch(arrow))
        return self._open_batch(RecordBatch(records)).records()

    def _key(self, node: Node) -> Optional[RecordKey]:
        if self._master is not None:
            key = self._derived.get(node)
            if key is None:
                key = self._derived[node] = self._master.opening_key(node[2], node[0], node[1])
            return key
        assert self._keys is not None
        node_key = self._keys(*node)
        return None if node_key is None else RecordKey(node[2], node_key)

    def _rows(self, query: str, node_ids: List[int]) -> List[Tuple[int, ...]]:
        """The rows of query (its IN list "{}") over node_ids, 500 ids a statement (SQLite's
        limit on parameters is 999 in older builds): two statements a batch, not two a node."""
        rows: List[Tuple[int, ...]] = []
        for i in range(0, len(node_ids), 500):
            part = node_ids[i:i + 500]
            rows += self._db.execute(query.format(",".join("?" * len(part))), part).fetchall()
        return rows

    def _transaction(self) -> "_Transaction":
        return _Transaction(self._db, self._lock)

    def _open_batch(self, batch: RecordBatch) -> RecordBatch:
        nodes = batch.nodes()
        keys = [self._key(node) for node in nodes]
        db = self._db
        with self._transaction():
            node_ids = list({node_id for node_id, _, _ in nodes})
            min_epochs: Dict[int, int] = {n: e for n, e in self._rows(
                "SELECT node_id, min_epoch FROM lwc_nodes WHERE node_id IN ({})", node_ids)}
            stored = {(n, e): (highest, seen & (1 << 64) - 1) for n, e, highest, seen in
                      self._rows("SELECT node_id, epoch, highest, seen FROM lwc_windows WHERE node_id IN ({})",
                                 node_ids)}
            window_index: Dict[Tuple[int, int], int] = {}
            windows: List[Tuple[int, int]] = []
            window_of = []
            for t, (node_id, epoch, _) in enumerate(nodes):
                if epoch < min_epochs.get(node_id, 0):
                    keys[t] = None
                j = window_index.get((node_id, epoch))
                if j is None:
                    j = window_index[(node_id, epoch)] = len(windows)
                    windows.append(stored.get((node_id, epoch), (0, 0)))
                window_of.append(j)
            after = batch.open(keys, window_of, windows)
            db.executemany("INSERT OR REPLACE INTO lwc_windows VALUES (?, ?, ?, ?)",
                           [(node[0], node[1], w[0], _signed(w[1]))
                            for node, before, w in zip(window_index, windows, after) if w != before])
        return batch


class _Transaction:
    """BEGIN IMMEDIATE (the write lock, taken before the windows are read) ... COMMIT, or
    ROLLBACK on an exception; under the Opener's lock, for threads sharing it."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock) -> None:
        self._db = db
        self._lock = lock

    def __enter__(self) -> None:
        self._lock.acquire()
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except BaseException:
            self._lock.release()
            raise

    def __exit__(self, kind: object, *rest: object) -> None:
        try:
            self._db.execute("ROLLBACK" if kind is not None else "COMMIT")
        finally:
            self._lock.release()


def _arrow_batch(records: object) -> Optional[RecordBatch]:
    """The RecordBatch of a pyarrow binary or large_binary array (chunked arrays combined),
    else None."""
    pa = _pyarrow_if_loaded()
    if pa is None:
        return None
    if isinstance(records, pa.ChunkedArray):
        records = records.combine_chunks()
    if not isinstance(records, pa.Array):
        return None
    if pa.types.is_binary(records.type):
        width = 4
    elif pa.types.is_large_binary(records.type):
        width = 8
    else:
        raise TypeError(f"open_many: a pyarrow array of records must be binary or large_binary, not {records.type}")
    validity, offsets, data = records.buffers()
    return _record_batch_from_arrow(offsets, data if data is not None else b"", width, records.offset, len(records),
                                   validity)


def _arrow_result(batch: RecordBatch) -> "pyarrow.RecordBatch":
    import pyarrow as pa

    node_id, counter, epoch, suite, status, offsets, payload, payload_valid, parsed, null_payloads, unparsed = \
        batch.arrow_buffers()
    n = batch.size
    fields = pa.py_buffer(parsed) if unparsed else None

    def column(kind: "pyarrow.DataType", data: bytes) -> "pyarrow.Array":
        return pa.Array.from_buffers(kind, n, [fields, pa.py_buffer(data)], null_count=unparsed)

    payloads = pa.Array.from_buffers(pa.binary(), n, [pa.py_buffer(payload_valid) if null_payloads else None,
                                                      pa.py_buffer(offsets), pa.py_buffer(payload)],
                                     null_count=null_payloads)
    statuses = pa.Array.from_buffers(pa.int8(), n, [None, pa.py_buffer(status)], null_count=0)
    return pa.RecordBatch.from_arrays(
        [column(pa.uint32(), node_id), column(pa.uint64(), counter), column(pa.uint8(), epoch),
         column(pa.uint8(), suite), payloads, statuses],
        names=["node_id", "counter", "epoch", "suite", "payload", "status"])


def _pyarrow_if_loaded() -> Any:
    """pyarrow if the caller has imported it (a pyarrow array can only come from there), so
    that lists of bytes never import it."""
    import sys

    return sys.modules.get("pyarrow")

