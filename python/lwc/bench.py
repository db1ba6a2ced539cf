"""`lwc bench`: records per second on one core, the gateway's workload.

`lwc bench --sealed` (run_records): sealed records (lwc.records) opened by
Opener.open_many on lists and on pyarrow arrays, replay check and one SQLite commit per
batch included, every suite, beside pycryptodome's AES-EAX one record per call.

Each record is record_bytes long (64 by default) with its own IV, all under one key,
decrypted in batches through Cipher.ctr_records. In the same run, for comparison: LEA-128
one record at a time through Cipher.ctr(iv).crypt, and AES-128 CTR one record at a time
through pycryptodome and through `cryptography` when they are installed (neither has a
batch call, so each record builds its own cipher object there).

Figures are wall-clock (time.perf_counter), the best of several repeats, with the CPU time
of the thread over the same repeat (time.thread_time): on a shared machine the wall-clock
rate drops when other work takes the core, the CPU-time rate much less.
"""

from __future__ import annotations

import os
import platform
import time
from typing import Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple

from ._lwc import BLOCK_SIZES, CIPHERS, KEY_SIZES, Cipher
from .ids import CipherId

BATCH_IMPLEMENTATION = "lwc Cipher.ctr_records"


class Result(NamedTuple):
    implementation: str
    cipher: str
    record_bytes: int
    batch: int  # records per call (1: one call per record)
    records_per_s: float  # wall-clock, best repeat
    cpu_records_per_s: float  # the thread's CPU time over that repeat


def measure(run: Callable[[], object], records_per_run: int, seconds: float, repeats: int) -> Tuple[float, float]:
    """(records/s wall-clock, records/s of CPU time) of the best of repeats, each running
    run() for at least seconds / repeats."""
    run()  # warm-up
    best = (0.0, 0.0)
    for _ in range(repeats):
        wall0, cpu0, done = time.perf_counter(), time.thread_time(), 0
        while True:
            run()
            done += records_per_run
            wall = time.perf_counter() - wall0
            if wall >= seconds / repeats:
                break
        cpu = max(time.thread_time() - cpu0, 1e-9)
        if done / wall > best[0]:
            best = (done / wall, done / cpu)
    return best


def per_record_runs(key: bytes, ivs: List[bytes], records: List[bytes]) -> Dict[Tuple[str, str], Callable[[], None]]:
    """{(implementation, cipher): one pass over the records} for the one-record-at-a-time
    paths available (key: 16 bytes, ivs: 16 bytes each)."""
    lea = Cipher("lea128", key)

    def lwc_per_record() -> None:
        for iv, r in zip(ivs, records):
            lea.ctr(iv).crypt(r)

    runs = {("lwc Cipher.ctr(iv).crypt, per record", "lea128"): lwc_per_record}
    try:
        from Crypto.Cipher import AES

        def pycryptodome() -> None:
            for iv, r in zip(ivs, records):
                AES.new(key, AES.MODE_CTR, nonce=b"", initial_value=iv).decrypt(r)

        runs[("pycryptodome AES.new(MODE_CTR), per record", "aes128")] = pycryptodome
    except ImportError:
        pass
    try:
        from cryptography.hazmat.primitives.ciphers import Cipher as AesCipher
        from cryptography.hazmat.primitives.ciphers import algorithms, modes

        aes = algorithms.AES(key)

        def cryptography() -> None:
            for iv, r in zip(ivs, records):
                AesCipher(aes, modes.CTR(iv)).decryptor().update(r)

        runs[("cryptography Cipher(AES, CTR), per record", "aes128")] = cryptography
    except ImportError:
        pass
    return runs


def run(record_bytes: int = 64, batch: int = 4096, seconds: float = 1.0, repeats: int = 5,
        ciphers: Optional[Sequence[CipherId]] = None, per_record: bool = True) -> List[Result]:
    """Every cipher through ctr_records, then the per-record paths (if per_record)."""
    results = []
    records = [os.urandom(record_bytes) for _ in range(batch)]
    for cipher in ciphers or CIPHERS:
        c = Cipher(cipher, os.urandom(KEY_SIZES[cipher]))
        ivs = [os.urandom(BLOCK_SIZES[cipher]) for _ in range(batch)]
        wall, cpu = measure(lambda: c.ctr_records(ivs, records), batch, seconds, repeats)
        results.append(Result(BATCH_IMPLEMENTATION, cipher, record_bytes, batch, wall, cpu))
    if per_record:
        ivs = [os.urandom(16) for _ in range(batch)]
        for (name, run_cipher), one_pass in per_record_runs(os.urandom(16), ivs, records).items():
            wall, cpu = measure(one_pass, batch, seconds, repeats)
            results.append(Result(name, run_cipher, record_bytes, 1, wall, cpu))
    return results


def machine() -> str:
    """The CPU's model name (Linux), else what platform knows."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


CSV_COLUMNS = list(Result._fields) + ["cpu", "python"]


def csv_rows(results: List[Result]) -> List[List[str]]:
    where = [machine(), platform.python_version()]
    return [[r.implementation, r.cipher, str(r.record_bytes), str(r.batch), f"{r.records_per_s:.0f}",
             f"{r.cpu_records_per_s:.0f}"] + where for r in results]


# ---- sealed records: lwc.records.Opener.open_many (issue #25) ----------------------------

class RecordsResult(NamedTuple):
    implementation: str
    suite: str
    payload_bytes: int
    batch: int  # records per call (1: one call per record)
    records_per_s: float  # wall-clock, best repeat
    cpu_records_per_s: float  # the thread's CPU time over that repeat


RECORDS_CSV_COLUMNS = list(RecordsResult._fields) + ["cpu", "python"]


def sealed_batches(suite: int, master: bytes, nodes: int, batches: int, batch: int,
                   payload_bytes: int) -> List[List[bytes]]:
    """batches lists of batch records, the records of nodes nodes interleaved (epoch 1, boot 1)."""
    from .records import Sealer, derive_node_key

    sealers = [Sealer(suite, derive_node_key(master, suite, n, 1), n, 1, 1) for n in range(nodes)]
    payload = os.urandom(payload_bytes)
    records = [sealers[i % nodes].seal(payload) for i in range(batches * batch)]
    return [records[i:i + batch] for i in range(0, len(records), batch)]


def measure_opener(inputs: Sequence[object], master: bytes, records: int, repeats: int) -> Tuple[float, float]:
    """(records/s wall-clock, records/s of CPU time) of the best of repeats, each opening every
    batch of inputs with a new Opener on a new SQLite file (one commit per batch)."""
    import tempfile

    from .records import Opener

    best = (0.0, 0.0)
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as where, Opener(master_key=master, store=os.path.join(where, "s.db")) as o:
            wall0, cpu0 = time.perf_counter(), time.thread_time()
            for batch in inputs:
                o.open_many(batch)
            wall, cpu = time.perf_counter() - wall0, max(time.thread_time() - cpu0, 1e-9)
        if records / wall > best[0]:
            best = (records / wall, records / cpu)
    return best


def run_records(payload_bytes: int = 32, batch: int = 10_000, batches: int = 10, nodes: int = 16,
                repeats: int = 3, arrow: bool = True) -> List[RecordsResult]:
    """open_many over every suite on lists (and pyarrow arrays), replay check and one SQLite
    commit per batch included; then pycryptodome's AES-EAX, one record per call, on the
    eax-aes128 records (the AEAD only: no replay check, no store)."""
    from .records import SUITES

    master = os.urandom(16)
    results = []
    aes_eax: List[bytes] = []
    for name, suite in SUITES.items():
        lists = sealed_batches(suite, master, nodes, batches, batch, payload_bytes)
        if name == "eax-aes128":
            aes_eax = lists[0]
        runs: List[Tuple[str, Sequence[object]]] = [("lwc Opener.open_many, list of bytes", lists)]
        if arrow:
            import pyarrow as pa

            runs.append(("lwc Opener.open_many, pyarrow binary array",
                         [pa.array(b, pa.binary()) for b in lists]))
        for implementation, inputs in runs:
            wall, cpu = measure_opener(inputs, master, batch * batches, repeats)
            results.append(RecordsResult(implementation, name, payload_bytes, batch, wall, cpu))
    try:
        from Crypto.Cipher import AES

        from .records import derive_node_key

        keys = {n: derive_node_key(master, SUITES["eax-aes128"], n, 1) for n in range(nodes)}

        def pycryptodome() -> None:
            for r in aes_eax:
                header = r[:12]
                AES.new(keys[int.from_bytes(r[1:5], "big")], AES.MODE_EAX, nonce=header, mac_len=8).update(
                    header).decrypt_and_verify(r[12:-8], r[-8:])

        wall, cpu = measure(pycryptodome, len(aes_eax), 1.0, repeats)
        results.append(RecordsResult("pycryptodome AES.new(MODE_EAX), per record (AEAD only)", "eax-aes128",
                                     payload_bytes, 1, wall, cpu))
    except ImportError:
        pass
    return results


def records_csv_rows(results: List[RecordsResult]) -> List[List[str]]:
    where = [machine(), platform.python_version()]
    return [[r.implementation, r.suite, str(r.payload_bytes), str(r.batch), f"{r.records_per_s:.0f}",
             f"{r.cpu_records_per_s:.0f}"] + where for r in results]
