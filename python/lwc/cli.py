"""The command line (`lwc`, `python -m lwc`):

  lwc ctr --cipher ID KEY --iv HEX                     CTR of stdin to stdout
  lwc cmac --cipher ID KEY [--tag-len N] [--verify HEX] [--hex]
                                                       the CMAC of stdin, or check it
  lwc eax {encrypt,decrypt} --cipher ID KEY --nonce HEX [--ad HEX] [--tag-len N] [--hex]
  lwc ccm {encrypt,decrypt} ...                        the same for CCM (128-bit ciphers)
  lwc selftest                                         known-answer tests
  lwc bench [--record-bytes N] [--batch N] [--seconds S] [--csv]   records/s, one core

KEY is --key HEX or --key-file FILE. A key given with --key is visible to other users in
the process list: prefer --key-file, which holds the key as hex (whitespace ignored) or as
exactly key-size raw bytes.

EAX and CCM: encrypt reads the plaintext from stdin and writes the ciphertext followed by
the tag (tag-len bytes); decrypt reads that and writes the plaintext only if the tag
matches. A rejected record writes nothing on stdout, a message on stderr, and exits 1.
CMAC: writes the tag, or with --verify checks it (exit 1 if it does not match). With
--hex, stdin and stdout are hex text instead of raw bytes. Usage errors exit 2.
"""

from __future__ import annotations

import argparse
import binascii
import csv
import sys
from typing import List, Optional, cast

from . import __version__, bench, selftest
from ._lwc import BLOCK_SIZES, CIPHERS, KEY_SIZES, Cipher
from .errors import AuthenticationError
from .ids import CipherId

CHUNK = 1 << 16
CCM_CIPHERS = tuple(c for c in CIPHERS if BLOCK_SIZES[c] == 16)


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


def cipher_key(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Cipher:
    """The Cipher of --cipher and --key or --key-file (a usage error if the key is not key-size bytes)."""
    key_size = KEY_SIZES[args.cipher]
    try:
        key = args.key if args.key is not None else read_key_file(args.key_file, key_size)
    except OSError as e:
        parser.error(f"--key-file: {e.strerror}: {e.filename}")
    except ValueError as e:
        parser.error(f"--key-file: {e}")
    if len(key) != key_size:
        parser.error(f"{args.cipher} key must be {key_size} bytes, got {len(key)}")
    return Cipher(args.cipher, key)


def read_input(args: argparse.Namespace, parser: argparse.ArgumentParser) -> bytes:
    """All of stdin: raw bytes, or with --hex hex text (whitespace ignored)."""
    data = sys.stdin.buffer.read()
    if not args.hex:
        return data
    try:
        return binascii.unhexlify(b"".join(data.split()))
    except (binascii.Error, ValueError):
        parser.error("stdin: not hex (--hex)")


def write_output(args: argparse.Namespace, data: bytes) -> int:
    sys.stdout.buffer.write(data.hex().encode() + b"\n" if args.hex else data)
    sys.stdout.buffer.flush()
    return 0


def rejected(command: str, why: str) -> int:
    """The message of a record or tag that does not authenticate, on stderr; the exit status 1."""
    print(f"lwc {command}: rejected: {why}", file=sys.stderr)
    return 1


def ctr_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    c = cipher_key(args, parser)
    if len(args.iv) != c.block_size:
        parser.error(f"{args.cipher} IV must be {c.block_size} bytes, got {len(args.iv)}")
    stream = c.ctr(args.iv)
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    while True:
        chunk = source.read(CHUNK)
        if not chunk:
            break
        sink.write(stream.crypt(chunk))
    sink.flush()
    return 0


def cmac_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    c = cipher_key(args, parser)
    data = read_input(args, parser)
    try:
        if args.verify is None:
            return write_output(args, c.cmac(data, args.tag_len))
        c.cmac_verify(data, args.verify, args.tag_len)
        return 0
    except AuthenticationError as e:
        return rejected("cmac", str(e))
    except ValueError as e:  # lwc.TagLengthError
        parser.error(str(e))


def aead_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """lwc eax and lwc ccm (args.mode): encrypt to ciphertext || tag, or decrypt that."""
    c = cipher_key(args, parser)
    encrypt, decrypt = (c.eax_encrypt, c.eax_decrypt) if args.mode == "eax" else (c.ccm_encrypt, c.ccm_decrypt)
    tag_len = args.tag_len if args.tag_len is not None else c.block_size
    data = read_input(args, parser)
    try:
        if args.operation == "encrypt":
            ct, tag = encrypt(args.nonce, data, args.ad, tag_len)
            return write_output(args, ct + tag)
        if len(data) < tag_len:
            return rejected(f"{args.mode} decrypt", f"{len(data)} bytes, shorter than the {tag_len}-byte tag")
        return write_output(args, decrypt(args.nonce, data[:len(data) - tag_len], data[len(data) - tag_len:],
                                          args.ad, tag_len))
    except AuthenticationError as e:
        return rejected(f"{args.mode} decrypt", str(e))
    except ValueError as e:  # lwc.TagLengthError, NonceLengthError, MessageLengthError
        parser.error(str(e))


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


def cipher_list(text: str) -> List[CipherId]:
    ids = text.split(",")
    for i in ids:
        if i not in CIPHERS:
            raise argparse.ArgumentTypeError(f"unknown cipher {i!r} (choose from {', '.join(CIPHERS)})")
    return cast(List[CipherId], ids)


def add_key_arguments(p: argparse.ArgumentParser, ciphers: tuple[str, ...] = CIPHERS) -> None:
    p.add_argument("--cipher", required=True, choices=ciphers)
    key = p.add_mutually_exclusive_group(required=True)
    key.add_argument("--key", type=hex_arg, help="the key as hex (visible in the process list)")
    key.add_argument("--key-file", help="a file holding the key as hex or as raw bytes")


def add_record_arguments(p: argparse.ArgumentParser, tag_lens: str) -> None:
    p.add_argument("--tag-len", type=int, help=f"tag bytes: {tag_lens} (default: the block size)")
    p.add_argument("--hex", action="store_true", help="stdin and stdout as hex text (default: raw bytes)")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="lwc", description="lwc: lightweight block ciphers for the gateway",
                                epilog="Exit status: 0, 1 for a rejected record or tag or a failed selftest, "
                                       "2 for a usage error.")
    p.add_argument("--version", action="version", version=f"lwc {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    ctr = sub.add_parser("ctr", help="CTR-encrypt or -decrypt stdin to stdout (the same operation)")
    add_key_arguments(ctr)
    ctr.add_argument("--iv", type=hex_arg, required=True, help="the first counter block as hex")
    ctr.set_defaults(run=ctr_command, parser=ctr)
    cmac = sub.add_parser("cmac", help="the CMAC tag of stdin, or --verify a tag (exit 1 if it does not match)")
    add_key_arguments(cmac)
    cmac.add_argument("--verify", type=hex_arg, metavar="TAG", help="the tag to check, as hex, instead of writing one")
    add_record_arguments(cmac, "1 to the block size")
    cmac.set_defaults(run=cmac_command, parser=cmac)
    for mode, ciphers, nonces, tag_lens in (("eax", CIPHERS, "any length", "1 to the block size"),
                                            ("ccm", CCM_CIPHERS, "7 to 13 bytes", "4, 6, ..., 16")):
        m = sub.add_parser(mode, help=f"{mode.upper()}: encrypt stdin to ciphertext || tag, or decrypt that "
                                      "(exit 1, nothing written, if the tag does not match)")
        m.add_argument("operation", choices=("encrypt", "decrypt"))
        add_key_arguments(m, ciphers)
        m.add_argument("--nonce", type=hex_arg, required=True, help=f"the nonce as hex ({nonces}; never twice "
                                                                    "with one key)")
        m.add_argument("--ad", type=hex_arg, default=b"", help="associated data (authenticated, not encrypted) as hex")
        add_record_arguments(m, tag_lens)
        m.set_defaults(run=aead_command, parser=m, mode=mode)
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
