"""The command line (`lwc`, `python -m lwc`):

  lwc ctr --cipher ID KEY --iv HEX                     CTR of stdin to stdout
  lwc cmac --cipher ID KEY [--tag-len N] [--verify HEX] [--hex]
                                                       the CMAC of stdin, or check it
  lwc eax {encrypt,decrypt} --cipher ID KEY --nonce HEX [--ad HEX] [--tag-len N] [--hex]
  lwc ccm {encrypt,decrypt} ...                        the same for CCM (128-bit ciphers)
  lwc node-key --master-key-file F --suite S --node-id N --epoch E   a node's key (provisioning)
  lwc seal --suite S (--node-key-file F | --master-key-file F) --node-id N --epoch E --boot B
                                                       sealed records (docs/RECORDS.md): payloads
                                                       as hex lines on stdin, records as hex lines
  lwc open (--master-key-file F | --node-keys-file F) --store DB [--batch N]
                                                       records as hex lines on stdin, JSON lines out
  lwc ascon {encrypt,decrypt} KEY --nonce HEX [--ad HEX] [--tag-len N] [--hex]
                                                       the same for Ascon-AEAD128 (16-byte
                                                       key and nonce; tags of 4 to 16 bytes)
  lwc hash [--algorithm ascon-hash256|ascon-xof128|ascon-cxof128] [--length N] [--custom HEX]
           [FILE ...]                                  hex digests of the files (or stdin), as
                                                       sha256sum prints them
  lwc selftest                                         known-answer tests
  lwc bench [--record-bytes N] [--batch N] [--seconds S] [--csv]   records/s, one core
  lwc bench --sealed [--record-bytes N] [--batch N] [--batches N] [--csv]   sealed records/s

KEY is --key HEX or --key-file FILE. A key given with --key is visible to other users in
the process list: prefer --key-file, which holds the key as hex (whitespace ignored) or as
exactly key-size raw bytes.

EAX, CCM and Ascon: encrypt reads the plaintext from stdin and writes the ciphertext
followed by the tag (tag-len bytes); decrypt reads that and writes the plaintext only if the
tag matches. A rejected record writes nothing on stdout, a message on stderr, and exits 1.
CMAC: writes the tag, or with --verify checks it (exit 1 if it does not match). With
--hex, stdin and stdout are hex text instead of raw bytes. Usage errors exit 2.

Sealed records (lwc.records): `lwc seal` is a node (the boot counter --boot must be new for
each run under one key: store it before sealing, as the node does). `lwc open` is the
gateway: one JSON object per input line, in order, {"node_id", "epoch", "suite", "counter",
"boot", "record", "payload" (hex)} for an accepted record, {"line", "error", "code",
"reason"} (and the header's fields if it parsed) for a refused one; the replay windows are
kept in the SQLite file --store, so that a record is accepted once across runs. Exit 1 if any
record was refused. --node-keys-file: JSON lines {"node_id", "epoch", "suite", "key" (hex)},
the keys of nodes provisioned without the master key.
"""

from __future__ import annotations

import argparse
import binascii
import contextlib
import csv
import json
import sys
from typing import Dict, List, Optional, Tuple, Union, cast

from . import __version__, bench, records, selftest
from ._lwc import BLOCK_SIZES, CIPHERS, KEY_SIZES, Cipher
from ._lwc import Ascon, AsconCxof128, AsconHash256, AsconXof128
from .errors import AuthenticationError, CounterExhaustedError, Error
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


def key_file_arg(path: str, key_size: int, what: str, parser: argparse.ArgumentParser) -> bytes:
    """read_key_file, its errors usage errors of the option what."""
    try:
        return read_key_file(path, key_size)
    except OSError as e:
        parser.error(f"{what}: {e.strerror}: {e.filename}")
    except ValueError as e:
        parser.error(f"{what}: {e}")
    raise AssertionError("parser.error exits")


def read_key(args: argparse.Namespace, parser: argparse.ArgumentParser, name: str, key_size: int) -> bytes:
    """The key of --key or --key-file (a usage error if it is not key_size bytes)."""
    key: bytes = args.key if args.key is not None else key_file_arg(args.key_file, key_size, "--key-file", parser)
    if len(key) != key_size:
        parser.error(f"{name} key must be {key_size} bytes, got {len(key)}")
    return key


def cipher_key(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Cipher:
    """The Cipher of --cipher and --key or --key-file."""
    return Cipher(args.cipher, read_key(args, parser, args.cipher, KEY_SIZES[args.cipher]))


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


RECORD_KEY_BYTES = 16


def record_key_file(path: str, what: str, parser: argparse.ArgumentParser) -> bytes:
    """The 16-byte key of a sealed-records key file (a usage error otherwise)."""
    key = key_file_arg(path, RECORD_KEY_BYTES, what, parser)
    if len(key) != RECORD_KEY_BYTES:
        parser.error(f"{what}: keys of sealed records are {RECORD_KEY_BYTES} bytes, got {len(key)}")
    return key


def record_node_key(args: argparse.Namespace, parser: argparse.ArgumentParser) -> bytes:
    """The node key of --node-key-file, or derived from --master-key-file."""
    if not (0 <= args.node_id < 1 << 32 and 0 <= args.epoch < 256):
        parser.error("--node-id must be 0 to 2**32 - 1 and --epoch 0 to 255")
    if args.node_key_file is not None:
        return record_key_file(args.node_key_file, "--node-key-file", parser)
    master = record_key_file(args.master_key_file, "--master-key-file", parser)
    return records.derive_node_key(master, records.SUITES[args.suite], args.node_id, args.epoch)


def node_key_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    args.node_key_file = None
    print(record_node_key(args, parser).hex())
    return 0


def hex_lines(parser: argparse.ArgumentParser) -> List[Tuple[int, bytes]]:
    """(line number, bytes) of each hex line of stdin (blank lines skipped)."""
    out = []
    for number, line in enumerate(sys.stdin, 1):
        if line.strip():
            try:
                out.append((number, bytes.fromhex(line.strip())))
            except ValueError:
                parser.error(f"stdin line {number}: not hex")
    return out


def seal_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    key = record_node_key(args, parser)
    if args.boot < 0:
        parser.error("--boot must be >= 0")
    try:
        sealer = records.Sealer(records.SUITES[args.suite], key, args.node_id, args.epoch, args.boot)
    except CounterExhaustedError:
        parser.error(f"--boot {args.boot}: above 2**24 - 1: re-key the node (a new --epoch)")
    for _, payload in hex_lines(parser):
        sys.stdout.write(sealer.seal(payload).hex() + "\n")
    return 0


def node_keys_file(path: str, parser: argparse.ArgumentParser) -> records.KeyFunction:
    """keys(node_id, epoch, suite) of a JSON-lines file of node keys."""
    keys = {}
    try:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                if line.strip():
                    row = json.loads(line)
                    keys[(int(row["node_id"]), int(row["epoch"]), int(row["suite"]))] = bytes.fromhex(row["key"])
    except OSError as e:
        parser.error(f"--node-keys-file: {e.strerror}: {e.filename}")
    except (ValueError, KeyError, TypeError) as e:
        parser.error(f"--node-keys-file {path}: line {number}: {e!r}")
    return lambda node_id, epoch, suite: keys.get((node_id, epoch, suite))


def open_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.batch < 1:
        parser.error("--batch >= 1")
    if args.master_key_file is not None:
        master = record_key_file(args.master_key_file, "--master-key-file", parser)
        opener = records.Opener(master_key=master, store=args.store)
    else:
        opener = records.Opener(keys=node_keys_file(args.node_keys_file, parser), store=args.store)
    lines = hex_lines(parser)
    refused = 0
    out = sys.stdout
    with opener:
        for start in range(0, len(lines), args.batch):
            batch = lines[start:start + args.batch]
            for (line, _), r in zip(batch, opener.open_many([record for _, record in batch])):
                row: Dict[str, object] = {}
                if r.node_id is not None:
                    row = {"node_id": r.node_id, "epoch": r.epoch, "suite": r.suite, "counter": r.counter,
                           "boot": r.counter >> 24, "record": r.counter & 0xFFFFFF}
                if r.status == 0:
                    row["payload"] = r.payload.hex()
                else:
                    refused += 1
                    error = records.error_of(r.status)
                    row = {"line": line, "error": type(error).__name__, "code": r.status, "reason": str(error),
                           **row}
                out.write(json.dumps(row) + "\n")
            out.flush()
    if refused:
        print(f"lwc open: {refused} of {len(lines)} records refused", file=sys.stderr)
    return 1 if refused else 0


# ---- Ascon: `lwc ascon`, `lwc hash` ------------------------------------------------------

def ascon_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Ascon-AEAD128 of all of stdin (one record): encrypt writes the ciphertext and then the
    tag; decrypt takes them so and writes the plaintext only if the tag matches."""
    key = read_key(args, parser, "the Ascon-AEAD128", 16)
    data = read_input(args, parser)
    try:
        a = Ascon(key)
        if args.operation == "encrypt":
            ct, tag = a.encrypt(args.nonce, data, ad=args.ad, tag_len=args.tag_len)
            return write_output(args, ct + tag)
        if len(data) < args.tag_len:
            return rejected("ascon decrypt", f"{len(data)} bytes, shorter than the {args.tag_len}-byte tag")
        return write_output(args, a.decrypt(args.nonce, data[:len(data) - args.tag_len],
                                            data[len(data) - args.tag_len:], ad=args.ad, tag_len=args.tag_len))
    except AuthenticationError as e:
        return rejected("ascon decrypt", str(e))
    except Error as e:
        parser.error(str(e))


def hash_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """The digest of each file ("-": stdin), read in chunks, one line each: hex, two spaces, name."""
    xof = args.algorithm != "ascon-hash256"
    if not xof and (args.length is not None or args.custom is not None):
        parser.error("--length and --custom go with ascon-xof128 and ascon-cxof128")
    if args.custom is not None and args.algorithm != "ascon-cxof128":
        parser.error("--custom goes with ascon-cxof128")
    length = 32 if args.length is None else args.length
    if length < 0:
        parser.error("--length must be >= 0")
    status = 0
    for name in args.files or ["-"]:
        h: Union[AsconHash256, AsconXof128, AsconCxof128]
        try:
            if args.algorithm == "ascon-cxof128":
                h = AsconCxof128(args.custom or b"")
            else:
                h = AsconXof128() if xof else AsconHash256()
            with open(name, "rb") if name != "-" else contextlib.nullcontext(sys.stdin.buffer) as f:
                for chunk in iter(lambda: f.read(CHUNK), b""):
                    h.update(chunk)
        except OSError as e:
            print(f"lwc hash: {name}: {e.strerror}", file=sys.stderr)
            status = 1
            continue
        except Error as e:
            parser.error(str(e))
        print(f"{h.hexdigest() if isinstance(h, AsconHash256) else h.hexdigest(length)}  {name}")
    return status


def selftest_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    return 1 if selftest.run() else 0


def bench_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.record_bytes is None:
        args.record_bytes = 32 if args.sealed else 64
    if args.batch is None:
        args.batch = 10_000 if args.sealed else 4096
    if args.record_bytes < 0 or args.batch < 1 or args.seconds <= 0 or args.batches < 1:
        parser.error("--record-bytes >= 0, --batch >= 1, --batches >= 1 and --seconds > 0")
    if args.sealed:
        return bench_sealed(args)
    results = bench.run(args.record_bytes, args.batch, args.seconds, ciphers=args.ciphers)
    if args.csv:
        return write_csv(bench.CSV_COLUMNS, bench.csv_rows(results))
    print(f"{args.record_bytes}-byte records, one core, {bench.machine()}; wall-clock (best of 5) "
          "and per CPU-second of this thread")
    print(f"{'implementation':<45} {'cipher':<12} {'records/s':>12} {'per CPU-s':>12}")
    for r in results:
        print(f"{r.implementation:<45} {r.cipher:<12} {r.records_per_s:>12,.0f} {r.cpu_records_per_s:>12,.0f}")
    return 0


def write_csv(columns: List[str], rows: List[List[str]]) -> int:
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(columns)
    w.writerows(rows)
    return 0


def bench_sealed(args: argparse.Namespace) -> int:
    """lwc bench --sealed: Opener.open_many, --record-bytes of payload, --batch records per call."""
    payload = args.record_bytes
    sealed = bench.run_records(payload, args.batch, batches=args.batches)
    if args.csv:
        return write_csv(bench.RECORDS_CSV_COLUMNS, bench.records_csv_rows(sealed))
    print(f"sealed records of {payload}-byte payloads, {args.batch} per batch and commit, one core, "
          f"{bench.machine()}; wall-clock (best of 3) and per CPU-second of this thread")
    print(f"{'implementation':<55} {'suite':<15} {'records/s':>12} {'per CPU-s':>12}")
    for r in sealed:
        print(f"{r.implementation:<55} {r.suite:<15} {r.records_per_s:>12,.0f} {r.cpu_records_per_s:>12,.0f}")
    return 0


def cipher_list(text: str) -> List[CipherId]:
    ids = text.split(",")
    for i in ids:
        if i not in CIPHERS:
            raise argparse.ArgumentTypeError(f"unknown cipher {i!r} (choose from {', '.join(CIPHERS)})")
    return cast(List[CipherId], ids)


def add_key_arguments(p: argparse.ArgumentParser, ciphers: tuple[str, ...] = CIPHERS) -> None:
    """--cipher (one of ciphers; none if empty) and --key or --key-file."""
    if ciphers:
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
    suites = tuple(records.SUITES)

    def add_node_arguments(p: argparse.ArgumentParser) -> None:
        p.add_argument("--suite", choices=suites, default="eax-lea128", help="the record suite (default eax-lea128)")
        p.add_argument("--node-id", type=int, required=True, help="the node's id (0 to 2**32 - 1)")
        p.add_argument("--epoch", type=int, required=True, help="the node's key epoch (0 to 255; 1 at provisioning)")

    nk = sub.add_parser("node-key", help="the node key of a node, derived from the master key (provisioning)")
    nk.add_argument("--master-key-file", required=True, help="the master key (16 bytes, hex or raw)")
    add_node_arguments(nk)
    nk.set_defaults(run=node_key_command, parser=nk)
    se = sub.add_parser("seal", help="seal payloads (hex lines on stdin) into records (hex lines), as a node does")
    key = se.add_mutually_exclusive_group(required=True)
    key.add_argument("--node-key-file", help="the node key (16 bytes, hex or raw)")
    key.add_argument("--master-key-file", help="the master key, to derive the node key")
    add_node_arguments(se)
    se.add_argument("--boot", type=int, required=True, help="this run's boot counter: new for every run under a key")
    se.set_defaults(run=seal_command, parser=se)
    op = sub.add_parser("open", help="open records (hex lines on stdin) to JSON lines; exit 1 if any is refused")
    key = op.add_mutually_exclusive_group(required=True)
    key.add_argument("--master-key-file", help="the master key (16 bytes, hex or raw)")
    key.add_argument("--node-keys-file", help='JSON lines {"node_id", "epoch", "suite", "key"}')
    op.add_argument("--store", required=True, help="the SQLite file of the replay windows (created if missing)")
    op.add_argument("--batch", type=int, default=10000, help="records per open_many call and commit")
    op.set_defaults(run=open_command, parser=op)
    add_ascon_parsers(sub)
    st = sub.add_parser("selftest", help="run the known-answer tests; exit 1 on a failure")
    st.set_defaults(run=selftest_command, parser=st)
    b = sub.add_parser("bench", help="records/s through ctr_records, one core")
    b.add_argument("--record-bytes", type=int, help="bytes per record (default 64; --sealed: payload, 32)")
    b.add_argument("--batch", type=int, help="records per call (default 4096; --sealed: 10000)")
    b.add_argument("--seconds", type=float, default=1.0, help="measuring time per row")
    b.add_argument("--ciphers", type=cipher_list, help="comma-separated ids (default: all)")
    b.add_argument("--csv", action="store_true", help="CSV for bench/report.py")
    b.add_argument("--sealed", action="store_true", help="sealed records through lwc.records.Opener.open_many "
                   "(payload: --record-bytes, default 32; --batch, default 10000; every suite, lists and Arrow)")
    b.add_argument("--batches", type=int, default=10, help="--sealed: batches per repeat")
    b.set_defaults(run=bench_command, parser=b)
    return p


def add_ascon_parsers(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """The subcommands ascon and hash (Ascon, NIST SP 800-232)."""
    a = sub.add_parser("ascon", help="Ascon-AEAD128 of stdin to stdout (the ciphertext followed by the tag)")
    a.add_argument("operation", choices=("encrypt", "decrypt"))
    add_key_arguments(a, ())
    a.add_argument("--nonce", type=hex_arg, required=True, help="the 16-byte nonce as hex (never twice per key)")
    a.add_argument("--ad", type=hex_arg, default=b"", help="associated data as hex (authenticated, not encrypted)")
    a.add_argument("--tag-len", type=int, default=16, help="tag bytes, 4 to 16 (default 16)")
    a.add_argument("--hex", action="store_true", help="stdin and stdout as hex text (default: raw bytes)")
    a.set_defaults(run=ascon_command, parser=a)
    h = sub.add_parser("hash", help="Ascon-Hash256 (or XOF128, CXOF128) digests of files or stdin")
    h.add_argument("files", nargs="*", metavar="FILE", help="files to hash (none or -: stdin)")
    h.add_argument("--algorithm", "-a", choices=("ascon-hash256", "ascon-xof128", "ascon-cxof128"),
                   default="ascon-hash256")
    h.add_argument("--length", type=int, help="output bytes of the XOFs (default 32)")
    h.add_argument("--custom", type=hex_arg, help="the customization string of ascon-cxof128 as hex")
    h.set_defaults(run=hash_command, parser=h)


def main(argv: Optional[List[str]] = None) -> int:
    args = parser().parse_args(argv)
    return int(args.run(args, args.parser))


if __name__ == "__main__":
    sys.exit(main())
