"""The command line (`lwc`, `python -m lwc`):

  lwc ctr --cipher ID (--key HEX | --key-file FILE) --iv HEX   CTR of stdin to stdout
  lwc selftest                                                 known-answer tests
  lwc bench [--record-bytes N] [--batch N] [--seconds S] [--csv]   records/s, one core

A key given with --key is visible to other users in the process list: prefer --key-file,
which holds the key as hex (whitespace ignored) or as exactly key-size raw bytes.
"""

from __future__ import annotations

import argparse
import binascii
import csv
import sys
from typing import List, Optional

from . import __version__, bench, selftest
from ._lwc import BLOCK_SIZES, CIPHERS, KEY_SIZES, Cipher

CHUNK = 1 << 16


def hex_arg(text: str) -> bytes:
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not hex: {text!r}") from None


def read_key_file(path: str, key_size: int) -> bytes:
    """The key in path: exactly key_size raw bytes, else hex (whitespace ignored). The two
    cannot be confused: hex of key_size bytes has 2 * key_size digits."""
    with open(path, "rb") as f:
        raw = f.read()
    if len(raw) == key_size:
        return raw
    try:
        return binascii.unhexlify(b"".join(raw.split()))
    except (binascii.Error, ValueError):
        raise ValueError(f"{path}: neither {key_size} raw bytes nor hex") from None


def ctr_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    key_size = KEY_SIZES[args.cipher]
    try:
        key = args.key if args.key is not None else read_key_file(args.key_file, key_size)
    except OSError as e:
        parser.error(f"--key-file: {e.strerror}: {e.filename}")
    except ValueError as e:
        parser.error(f"--key-file: {e}")
    if len(key) != key_size:
        parser.error(f"{args.cipher} key must be {key_size} bytes, got {len(key)}")
    if len(args.iv) != BLOCK_SIZES[args.cipher]:
        parser.error(f"{args.cipher} IV must be {BLOCK_SIZES[args.cipher]} bytes, got {len(args.iv)}")
    stream = Cipher(args.cipher, key).ctr(args.iv)
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    while True:
        chunk = source.read(CHUNK)
        if not chunk:
            break
        sink.write(stream.crypt(chunk))
    sink.flush()
    return 0


def selftest_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    return 1 if selftest.run() else 0


def bench_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.record_bytes < 0 or args.batch < 1 or args.seconds <= 0:
        parser.error("--record-bytes >= 0, --batch >= 1 and --seconds > 0")
    results = bench.run(args.record_bytes, args.batch, args.seconds, ciphers=args.ciphers)
    if args.csv:
        w = csv.writer(sys.stdout, lineterminator="\n")
        w.writerow(bench.CSV_COLUMNS)
        w.writerows(bench.csv_rows(results))
        return 0
    print(f"{args.record_bytes}-byte records, one core, {bench.machine()}; wall-clock (best of 5) "
          "and per CPU-second of this thread")
    print(f"{'implementation':<45} {'cipher':<12} {'records/s':>12} {'per CPU-s':>12}")
    for r in results:
        print(f"{r.implementation:<45} {r.cipher:<12} {r.records_per_s:>12,.0f} {r.cpu_records_per_s:>12,.0f}")
    return 0


def cipher_list(text: str) -> List[str]:
    ids = text.split(",")
    for i in ids:
        if i not in CIPHERS:
            raise argparse.ArgumentTypeError(f"unknown cipher {i!r} (choose from {', '.join(CIPHERS)})")
    return ids


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="lwc", description="lwc: lightweight block ciphers for the gateway")
    p.add_argument("--version", action="version", version=f"lwc {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    ctr = sub.add_parser("ctr", help="CTR-encrypt or -decrypt stdin to stdout (the same operation)")
    ctr.add_argument("--cipher", required=True, choices=CIPHERS)
    key = ctr.add_mutually_exclusive_group(required=True)
    key.add_argument("--key", type=hex_arg, help="the key as hex (visible in the process list)")
    key.add_argument("--key-file", help="a file holding the key as hex or as raw bytes")
    ctr.add_argument("--iv", type=hex_arg, required=True, help="the first counter block as hex")
    ctr.set_defaults(run=ctr_command, parser=ctr)
    st = sub.add_parser("selftest", help="run the known-answer tests; exit 1 on a failure")
    st.set_defaults(run=selftest_command, parser=st)
    b = sub.add_parser("bench", help="records/s through ctr_records, one core")
    b.add_argument("--record-bytes", type=int, default=64)
    b.add_argument("--batch", type=int, default=4096, help="records per ctr_records call")
    b.add_argument("--seconds", type=float, default=1.0, help="measuring time per row")
    b.add_argument("--ciphers", type=cipher_list, help="comma-separated ids (default: all)")
    b.add_argument("--csv", action="store_true", help="CSV for bench/report.py")
    b.set_defaults(run=bench_command, parser=b)
    return p


def main(argv: Optional[List[str]] = None) -> int:
    args = parser().parse_args(argv)
    return int(args.run(args, args.parser))


if __name__ == "__main__":
    sys.exit(main())
