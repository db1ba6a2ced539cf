"""`lwc bench`: records per second on one core, the gateway's workload.

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
