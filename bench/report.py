#!/usr/bin/env python3
"""Joins the raw benchmark CSVs into results/bench.csv, results/bench.md and
docs/BENCHMARKS.md, with its charts beside it in docs/img/ (committed with the page, so
that a reader of the repository sees them; results/ is not in a clone).

Usage: report.py RESULTS_DIR DOCS_FILE RAW_CSV...   (raw files: bench_avr rows, flash_probe
rows and `lwc bench --csv` rows, told apart by their header; bench_host's host-*.csv)
"""
import csv
import functools
import math
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.lines  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import matplotlib.text  # noqa: E402
import matplotlib.ticker  # noqa: E402
import matplotlib.transforms  # noqa: E402

import gen_probe  # noqa: E402  (bench/, beside this file: the features' order)

CTR_REFERENCE_BYTES = 4096
# Operations whose flash is probed as a group: drbg_*, the modes' cmac*, eax_*, ccm_*.
MODE_PREFIXES = ("drbg_", "cmac", "eax_", "ccm_")
# The modes' targets (issue #17), for long messages: CMAC against ECB, EAX and CCM against
# CTR plus CMAC of the same data.
CMAC_TARGET = 1.05
AEAD_TARGET = 1.1
# Rows of the CTR paths: messages from ctr_init, and records after ctr_setiv.
CTR_OPERATIONS = ("ctr", "record")

# Published figures the issues ask us to stand beside (ATmega128 unless noted):
# (label, cycles/byte, our cipher, our operation, message bytes for ctr, note)
PUBLISHED = [
    ("PRESENT-128 ECB encrypt, Kwon et al. 2021", 504.2, "present128", "encrypt", 8, "956 B flash, 282 B RAM"),
    ("PRESENT-128 CTR, 16-bit counter, table in RAM (Kwon et al. 2021)", 488.2, "present128", "ctr", CTR_REFERENCE_BYTES, ""),
    ("PRESENT-128 CTR, 16-bit counter, table in ROM (same)", 488.7, "present128", "ctr", CTR_REFERENCE_BYTES, ""),
    ("PRESENT-128 CTR, 32-bit counter, ROM (same)", 491.6, "present128", "ctr", CTR_REFERENCE_BYTES, ""),
    ("PRESENT-80 ECB encrypt, best public bitsliced (2023)", 445, "present80", "encrypt", 8, "820 B, 276 B RAM"),
    ("FELICS best assembly, AES-128 one block", 177, "aes128", "encrypt", 16, ""),
    ("FELICS best assembly, LEA-128 one block", 167, "lea128", "encrypt", 16, ""),
    ("FELICS best assembly, HIGHT one block", 346, "hight", "encrypt", 8, ""),
    ("FELICS best assembly, PRESENT-80 one block", 931, "present80", "encrypt", 8, ""),
    ("Revised CHAM-64/128 (ICISC 2019)", 188, "cham64_128", "encrypt", 8, ""),
    ("Revised CHAM-128/128 (ICISC 2019)", 203, "cham128_128", "encrypt", 16, ""),
    ("Revised CHAM-128/256 (ICISC 2019)", 219, "cham128_256", "encrypt", 16, ""),
    ("CHAM-64/128 CTR, 2-way parallel (Kwon et al. 2020)", 137.2, "cham64_128", "ctr", CTR_REFERENCE_BYTES, ""),
]
# Public AVR peers, measured once outside this repository (their code stays out of it) by an
# independent run on the same simulated ATmega128: call, routine and return, key schedule
# excluded, each peer checked against its published vector first (issue #19 of the project's
# tracker). (cipher, peer, encrypt c/B, decrypt c/B or None, our variant to compare.)
PEERS = [
    ("aes128", "rgrgrg/AVR-AES-faster, S-boxes in flash", 140.8, 177.4, "asm"),
    ("aes128", "rgrgrg/AVR-AES-faster, S-boxes in 512 B of RAM", 130.8, 167.4, "asm-aesram"),
    ("aes128", "Poettering's AVRAES \"fast\" (kildom/AVR-AES)", 162.9, 221.6, "asm"),
    ("lea128", "FELICS LEA_128_128_v01 (4.4 KB unrolled)", 167.6, 175.2, "asm"),
    ("hight", "FELICS HIGHT_64_128_v21", 346.9, 346.6, "asm"),
    ("present80", "FELICS PRESENT_64_80_v06", 935.2, 932.1, "asm"),
    ("cham64_128", "rweather lightweight-crypto, original CHAM (80 rounds; ours has 88)", 193.4, None, "asm"),
]

# ATtiny45, Papagiannopoulos & Verstegen 2013: (label, cycles/byte, flash bytes of key + enc + dec,
# our variant to compare)
TINY_PUBLISHED = [
    ("PRESENT-80 size-optimised enc+dec", 6578, 280, "tiny"),
    ("PRESENT-80 smallest (same paper)", 23756, 272, "tiny"),
    ("PRESENT-80 speed-optimised (same paper)", 1091, 1794, "tiny-fast"),
]

# The chips make bench measures, in the order of the chips table, with the name of each
# one's default build (the variant of conf/<chip>.mk): the chips table puts them side by
# side. The other tables and the charts compare implementations on one chip, as the
# published figures do: the ATmega128, and the ATtiny45 for the ATtiny builds.
CHIPS = [("atmega128", "ATmega128", "asm"), ("atmega328p", "ATmega328P", "asm"), ("atmega2560", "ATmega2560", "asm"),
         ("attiny45", "ATtiny45", "tiny"), ("attiny85", "ATtiny85", "tiny")]
REFERENCE_MCUS = ("atmega128", "attiny45")

FAMILY_OF = {"present80": "present", "present128": "present", "lea128": "lea", "lea192": "lea",
             "lea256": "lea", "hight": "hight", "cham64_128": "cham", "cham128_128": "cham",
             "cham128_256": "cham", "aes128": "aes", "ascon": "ascon"}
# Ascon's rows (bench_avr, bench_qemu: cipher ascon) and the features of their flash probes.
ASCON = "ascon"
ASCON_PROBES = {"aead_setkey": "ascon_aead", "aead_encrypt": "ascon_aead", "aead_decrypt": "ascon_aead",
                "hash256": "ascon_hash", "seal_ascon": "seal_ascon"}


def has_assembly(cipher):
    family = FAMILY_OF[cipher]
    return Path(f"src/{family}/{family}_avr.S").exists()


def has_online_ctr(cipher):
    """Whether the family's sources have an online-precomputation CTR variant."""
    return any("LWC_CTR_ONLINE" in p.read_text() for p in Path(f"src/{FAMILY_OF[cipher]}").glob("*.[cSh]"))


def load(raw_files):
    """The benchmark rows joined with their flash figures, and the flash figures by (mcu, cipher,
    variant, probed operation)."""
    rows, flash = [], {}
    for path in raw_files:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                if "instructions" in r:
                    continue  # QEMU targets' rows: load_qemu
                if "flash_bytes" in r:
                    flash[(r["mcu"], r["cipher"], r["variant"], r["operation"])] = r
                else:
                    rows.append(r)
    out = []
    reference = {(r["mcu"], r["cipher"], r["operation"], r["bytes"]) for r in rows if r["variant"] == "ref"}
    for r in rows:
        # The default build equals the reference for a family without assembly (where both ran).
        if r["variant"].startswith("asm") and not has_assembly(r["cipher"]) and \
                (r["mcu"], r["cipher"], r["operation"], r["bytes"]) in reference:
            continue
        # The online build differs from the default one only in CTR precomputation.
        if r["variant"].startswith("asm-online") and (r["operation"] not in CTR_OPERATIONS or
                                                      not has_online_ctr(r["cipher"])):
            continue
        # The -w32 builds differ only in PRESENT's CTR counter window.
        if r["variant"].endswith("-w32") and r["operation"] not in CTR_OPERATIONS:
            continue
        probe_op = ASCON_PROBES[r["operation"]] if r["cipher"] == ASCON else \
            r["operation"].split("_")[0] if r["operation"].startswith(MODE_PREFIXES) else r["operation"]
        fl = flash[(r["mcu"], r["cipher"], r["variant"], probe_op)]
        r["flash_bytes"] = int(fl["flash_bytes"])
        r["flash_fill"] = int(fl.get("align_fill_bytes") or 0)
        block_all = flash.get((r["mcu"], r["cipher"], r["variant"], "block_all"))
        r["flash_block_all"] = int(block_all["flash_bytes"]) if block_all else None
        r["library_block_all"] = int(block_all["library_bytes"]) if block_all else None
        r["static_ram_bytes"] = int(fl["static_ram_bytes"])
        r["ram_bytes"] = int(r["context_bytes"]) + r["static_ram_bytes"] + int(r["stack_bytes"])
        for k in ("bytes", "cycles", "stack_bytes", "context_bytes"):
            r[k] = int(r[k])
        r["cycles_per_byte"] = float(r["cycles_per_byte"])
        out.append(r)
    return out, flash


def flash_cell(r):
    """Flash bytes, with the part that is alignment padding in the probe firmware."""
    return f"{r['flash_bytes']} ({r['flash_fill']} pad)" if r["flash_fill"] else str(r["flash_bytes"])


def find(rows, cipher, variant, op, nbytes=None):
    for r in rows:
        if (r["cipher"], r["variant"], r["operation"]) == (cipher, variant, op) and \
                (nbytes is None or r["bytes"] == nbytes):
            return r
    return None


def best(rows, cipher, op, nbytes):
    """The fastest general-purpose implementation: fixed-key builds are not compared."""
    cands = [r for r in rows if r["cipher"] == cipher and r["operation"] == op and r["bytes"] == nbytes
             and not r["variant"].endswith("-fixed")]
    return min(cands, key=lambda r: r["cycles"]) if cands else None


@functools.lru_cache(maxsize=None)
def commit_label():
    """The commit measured, as main() finds the tree before it writes its own outputs."""
    rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return f"{rev or 'unknown'}{' + uncommitted changes' if dirty else ''}"


def drbg_markdown(rows):
    drbgs = list(dict.fromkeys(r["cipher"] for r in rows if r["operation"].startswith("drbg_")))
    impls = list(dict.fromkeys(r["variant"] for r in rows
                               if r["operation"].startswith("drbg_") and not r["variant"].endswith("-plain")))
    sizes = sorted({r["bytes"] for r in rows if r["operation"] == "drbg_generate"})

    def gain(plain, fast):
        return f"{100.0 * (plain - fast) / plain:.1f} %"

    lines = ["", "## CTR_DRBG (SP 800-90A, with df): plain against precomputed", "",
             "Cycles on the simulated ATmega128. Instantiate: entropy of the security strength, a nonce of half "
             "of it, no personalization; reseed: entropy only; generate: no additional input. Gain = cycles "
             "saved by the precomputed tables (tools/gen/gen_drbg_tables.c) relative to the plain path.", "",
             "| DRBG | impl | instantiate plain | instantiate opt. | gain | reseed plain | reseed opt. | gain | "
             "flash opt. / plain (B) | RAM (B) |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for d in drbgs:
        for v in impls:
            ip, io = find(rows, d, v + "-plain", "drbg_instantiate"), find(rows, d, v, "drbg_instantiate")
            rp, ro = find(rows, d, v + "-plain", "drbg_reseed"), find(rows, d, v, "drbg_reseed")
            if not (ip and io and rp and ro):
                continue
            ram = max(r["ram_bytes"] for r in rows if r["cipher"] == d and r["variant"] == v
                      and r["operation"].startswith("drbg_"))
            lines.append(f"| {d} | {v} | {ip['cycles']} | {io['cycles']} | {gain(ip['cycles'], io['cycles'])} | "
                         f"{rp['cycles']} | {ro['cycles']} | {gain(rp['cycles'], ro['cycles'])} | "
                         f"{io['flash_bytes']} / {ip['flash_bytes']} | {ram} |")
    lines += ["", "Generate, cycles (optimised; gain against plain in parentheses). Both paths make their "
              "output blocks with the same constant-time keystream loop: the assembly CTR paths are not "
              "used here, because their window rebuilds take time that depends on the counter, which in "
              "the DRBG is the secret V. So generate gains only through the tables of a df call with "
              "additional input (none here):", "",
              "| DRBG | impl | " + " | ".join(f"{n} B" for n in sizes) + " |",
              "|---|---|" + "---:|" * len(sizes)]
    for d in drbgs:
        for v in impls:
            cells = []
            for n in sizes:
                p, o = find(rows, d, v + "-plain", "drbg_generate", n), find(rows, d, v, "drbg_generate", n)
                cells.append(f"{o['cycles']} ({gain(p['cycles'], o['cycles'])})" if p and o else "")
            if any(cells):
                lines.append(f"| {d} | {v} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def markdown(rows):
    drbg = drbg_markdown(rows)
    rows = [r for r in rows if not r["operation"].startswith("drbg_")]
    ciphers = list(dict.fromkeys(r["cipher"] for r in rows))
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    lines = ["## Per cipher and implementation", "",
             "ATmega128 unless the implementation is `tiny` or `tiny-fast` (ATtiny45, size- or "
             "speed-optimised PRESENT). Flash: what each "
             "operation pulls into a firmware; key+enc+dec: setkey, encrypt and decrypt together.", "",
             "| cipher | impl | setkey cycles | encrypt c/B | decrypt c/B | CTR 4 KiB c/B | "
             "flash enc / dec / CTR (B) | flash key+enc+dec (B) | RAM enc / CTR (B) | constant time |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for c in ciphers:
        for v in variants:
            sk, enc, dec = (find(rows, c, v, op) for op in ("setkey", "encrypt", "decrypt"))
            ctr = find(rows, c, v, "ctr", CTR_REFERENCE_BYTES)
            if not enc:
                continue
            ct_rows = [r for r in rows if r["cipher"] == c and r["variant"] == v and r["constant_time"]]
            ct = "yes" if all(r["constant_time"] == "yes" for r in ct_rows) else \
                "NO: " + ", ".join(r["operation"] for r in ct_rows if r["constant_time"] != "yes")
            dash = "–"
            lines.append(
                f"| {c} | {v} | {sk['cycles']} | {enc['cycles_per_byte']:.1f} | {dec['cycles_per_byte']:.1f} | "
                f"{ctr['cycles_per_byte'] if ctr else dash} | {flash_cell(enc)} / {flash_cell(dec)} / "
                f"{flash_cell(ctr) if ctr else dash} | {enc['flash_block_all']} | "
                f"{enc['ram_bytes']} / {ctr['ram_bytes'] if ctr else dash} | {ct} |")
    sizes = sorted({r["bytes"] for r in rows if r["operation"] == "ctr"})
    lines += ["", "## CTR cycles per byte by message size (ctr_init included; 512-byte in-place chunks)", "",
              "| cipher | impl | " + " | ".join(str(s) for s in sizes) + " |",
              "|---|---|" + "---:|" * len(sizes)]
    for c in ciphers:
        for v in variants:
            cells = [find(rows, c, v, "ctr", s) for s in sizes]
            if all(cells):
                lines.append(f"| {c} | {v} | " + " | ".join(f"{x['cycles_per_byte']:.1f}" for x in cells) + " |")
    records = sorted({r["bytes"] for r in rows if r["operation"] == "record"})
    fresh = [n for n in (16, 64) if n in sizes]
    lines += ["", "## Records: setiv + crypt, key set up once", "",
              "Cycles per byte of a record: `ctr_setiv` to the record's IV and one `ctr_crypt` of it, on a "
              "context keyed once by `ctr_init` (not counted); a precomputing CTR path rebuilds its window "
              "values in that `ctr_crypt`. Beside them, the same sizes as new messages (`ctr_init` + "
              "`ctr_crypt`, from the table above). Flash: `ctr_init`, `ctr_setiv` and `ctr_crypt` together.", "",
              "| cipher | impl | " + " | ".join(f"record {n} B" for n in records) + " | " +
              " | ".join(f"ctr_init + {n} B" for n in fresh) + " | flash (B) | RAM (B) | constant time |",
              "|---|---|" + "---:|" * (len(records) + len(fresh) + 2) + "---|"]
    for c in ciphers:
        for v in variants:
            cells = [find(rows, c, v, "record", n) for n in records]
            if not all(cells):
                continue
            new = [find(rows, c, v, "ctr", n) for n in fresh]
            ct = "yes" if all(x["constant_time"] == "yes" for x in cells) else "NO"
            lines.append(f"| {c} | {v} | " + " | ".join(f"{x['cycles_per_byte']:.1f}" for x in cells) + " | " +
                         " | ".join(f"{x['cycles_per_byte']:.1f}" if x else "–" for x in new) +
                         f" | {flash_cell(cells[0])} | {max(x['ram_bytes'] for x in cells)} | {ct} |")
    lines += ["", "## Published figures beside ours", "",
              "Ours: the fastest implementation of this build for that operation. Ratio = ours / published "
              "(below 1 is faster than published).", "",
              "| published figure | published c/B | ours c/B | impl | ratio |", "|---|---:|---:|---|---:|"]
    for label, pub, cipher, op, nbytes, note in PUBLISHED:
        r = best(rows, cipher, op, nbytes)
        if r:
            note = f" ({note})" if note else ""
            lines.append(f"| {label}{note} | {pub} | {r['cycles_per_byte']:.1f} | {r['variant']} | "
                         f"{r['cycles_per_byte'] / pub:.2f} |")
    tiny_rows = [(entry, find(rows, "present80", entry[3], "encrypt"), find(rows, "present80", entry[3], "decrypt"))
                 for entry in TINY_PUBLISHED]
    tiny_rows = [t for t in tiny_rows if t[1] and t[2]]
    if tiny_rows:
        lines += ["", "ATtiny45, Papagiannopoulos & Verstegen 2013, against our size-optimised (`tiny`) and "
                  "speed-optimised (`tiny-fast`) builds:", "",
                  "| published | c/B | flash key+enc+dec (B) | ours | ours enc / dec c/B | ours flash (B) | "
                  "of which the library's code and tables (B) |",
                  "|---|---:|---:|---|---:|---:|---:|"]
        for (label, pub, pub_flash, variant), enc, dec in tiny_rows:
            lines.append(f"| {label} | {pub} | {pub_flash} | {variant} | {enc['cycles_per_byte']:.1f} / "
                         f"{dec['cycles_per_byte']:.1f} | {enc['flash_block_all']} | {enc['library_block_all']} |")
        lines += ["", "Ours flash: the firmware with setkey, encrypt and decrypt called, less the one "
                  "calling nothing (`bench/flash_probe.sh`), so it includes the three calls' argument "
                  "setup and any alignment padding; the library's part is liblwc.a's sections in that "
                  "firmware, from the linker map."]
    return "\n".join(lines) + "\n" + peers_markdown(rows) + drbg


def peers_markdown(rows):
    """Our encrypt/decrypt beside the public AVR peers (PEERS: figures measured outside)."""
    lines = ["", "## Public AVR peers", "",
             "Peer figures: **measured once outside this repository** (the peers' code stays out of it), "
             "by an independent run on the same simulated ATmega128: call, routine and return, key "
             "schedule excluded, each peer checked against its published vector first. Ours: this run, "
             "the same operation (the call through the test table included). Ratio = ours / peer.", "",
             "| cipher | peer | peer enc / dec c/B | ours enc / dec c/B | impl | ratio enc / dec |",
             "|---|---|---:|---:|---|---:|"]
    for cipher, peer, pub_enc, pub_dec, variant in PEERS:
        enc, dec = find(rows, cipher, variant, "encrypt"), find(rows, cipher, variant, "decrypt")
        if not (enc and dec):
            continue
        pub = f"{pub_enc} / {pub_dec if pub_dec is not None else '–'}"
        ratio = f"{enc['cycles_per_byte'] / pub_enc:.2f} / " + \
            (f"{dec['cycles_per_byte'] / pub_dec:.2f}" if pub_dec is not None else "–")
        lines.append(f"| {cipher} | {peer} | {pub} | {enc['cycles_per_byte']:.1f} / "
                     f"{dec['cycles_per_byte']:.1f} | {variant} | {ratio} |")
    return "\n".join(lines) + "\n"


def modes_markdown(rows):
    """The authenticated modes: long messages against the targets, records, flash and RAM."""
    rows = [r for r in rows if not r["operation"].startswith("drbg_")]
    pairs = [(c, v) for c in dict.fromkeys(r["cipher"] for r in rows) for v in dict.fromkeys(r["variant"] for r in rows)
             if find(rows, c, v, "cmac")]
    if not pairs:
        return ""
    long = max(r["bytes"] for r in rows if r["operation"] == "cmac")
    records = sorted({r["bytes"] for r in rows if r["operation"] == "cmac"} - {long})
    lines = ["", "## Authenticated modes (CMAC, EAX, CCM)", "",
             f"Long messages of {long} bytes (the most the test firmware's buffer takes beside nonce, "
             "associated data and tag), key set up once: cycles per byte. EAX and CCM with 8 bytes of "
             "associated data, a 12-byte (EAX) or 13-byte (CCM) nonce and an 8-byte tag. Targets "
             f"(issue #17): CMAC at most {CMAC_TARGET}x the cipher's ECB (encrypt) cycles per byte; EAX "
             f"and CCM at most {AEAD_TARGET}x CTR ({bytes_label(CTR_REFERENCE_BYTES)}, ctr_init included) "
             "plus CMAC of the same data. EAX runs its CTR part on the block function (its counter is "
             "secret: `include/lwc/modes.h`), CCM on the cipher's CTR path.", "",
             "| cipher | impl | ECB | CTR | CMAC | CMAC / ECB | EAX enc / dec | EAX / (CTR + CMAC) | "
             "CCM enc / dec | CCM / (CTR + CMAC) |", "|---|---|" + "---:|" * 8]
    for c, v in pairs:
        enc, ctr, cmac = find(rows, c, v, "encrypt"), find(rows, c, v, "ctr", CTR_REFERENCE_BYTES), \
            find(rows, c, v, "cmac", long)
        if not (enc and ctr and cmac):
            continue
        base = ctr["cycles_per_byte"] + cmac["cycles_per_byte"]
        cells = []
        for mode in ("eax", "ccm"):
            e, d = find(rows, c, v, f"{mode}_encrypt", long), find(rows, c, v, f"{mode}_decrypt", long)
            cells += [f"{e['cycles_per_byte']:.1f} / {d['cycles_per_byte']:.1f}",
                      f"{e['cycles_per_byte'] / base:.2f}"] if e and d else ["–", "–"]
        lines.append(f"| {c} | {v} | {enc['cycles_per_byte']:.1f} | {ctr['cycles_per_byte']:.1f} | "
                     f"{cmac['cycles_per_byte']:.1f} | {cmac['cycles_per_byte'] / enc['cycles_per_byte']:.2f} | "
                     + " | ".join(cells) + " |")
    lines += ["", "Records with 8 bytes of associated data (CMAC: the record alone), key set up once: "
              "cycles per record; constant time over 16 random keys and inputs, half of the decryptions "
              "rejected.", "",
              "| cipher | impl | " + " | ".join(f"{op} {n} B" for op in ("CMAC", "EAX enc", "EAX dec", "CCM enc",
                                                                          "CCM dec") for n in records) +
              " | constant time |", "|---|---|" + "---:|" * (5 * len(records)) + "---|"]
    for c, v in pairs:
        cells, same = [], True
        for op in ("cmac", "eax_encrypt", "eax_decrypt", "ccm_encrypt", "ccm_decrypt"):
            for n in records:
                r = find(rows, c, v, op, n)
                cells.append(str(r["cycles"]) if r else "–")
                same &= not r or r["constant_time"] == "yes"
        lines.append(f"| {c} | {v} | " + " | ".join(cells) + f" | {'yes' if same else 'NO'} |")
    lines += ["", "Flash and RAM: flash is what each mode pulls into a firmware (CMAC: setkey, one call, "
              "init, update, final; EAX, CCM: setkey, encrypt, decrypt; the block cipher and, for CCM, the "
              "CTR path included); RAM is the mode's key + library static data + the largest stack peak of "
              "its calls (CCM's holds a copy of the key's CTR context).", "",
              "| cipher | impl | flash CMAC / EAX / CCM (B) | key CMAC / EAX / CCM (B) | "
              "RAM CMAC / EAX / CCM (B) |", "|---|---|---:|---:|---:|"]
    for c, v in pairs:
        flash, keys, ram = [], [], []
        for ops in (("cmac",), ("eax_encrypt", "eax_decrypt"), ("ccm_encrypt", "ccm_decrypt")):
            found = [r for r in rows if r["cipher"] == c and r["variant"] == v and r["operation"] in ops]
            flash.append(flash_cell(found[0]) if found else "–")
            keys.append(str(found[0]["context_bytes"]) if found else "–")
            ram.append(str(max(r["ram_bytes"] for r in found)) if found else "–")
        lines.append(f"| {c} | {v} | " + " / ".join(flash) + " | " + " / ".join(keys) + " | " + " / ".join(ram) + " |")
    return "\n".join(lines) + "\n"


# The record suites (lwc/records.h) and the chip whose sealers the table shows (the Uno's).
RECORD_SUITES = [("lea128", "eax", "EAX over LEA-128"), ("hight", "eax", "EAX over HIGHT"),
                 ("cham64_128", "eax", "EAX over CHAM-64/128"), ("aes128", "eax", "EAX over AES-128"),
                 ("aes128", "ccm", "CCM over AES-128"), ("ascon", "ascon", "Ascon-AEAD128")]
SEALER_MCU, SEALER_FALLBACK_MCU = "atmega328p", "atmega128"


def sealers_markdown(rows, flash, sketch_files):
    """The node's side of the sealed records: flash, RAM and cycles of a sealer per suite."""
    lines = ["", "## Sealed records: a node's sealer", "",
             "Per suite on the ATmega328P (Arduino Uno), default build: flash is what a firmware calling the "
             "suite's `sealer_init` and `lwc_seal` links (`bench/flash_probe.c`: the suite's AEAD encryption, "
             "key schedule and block cipher included); RAM is `lwc_sealer` + the suite's key + library static "
             "data + the larger stack peak of the two calls; cycles of one `lwc_seal` (key set up once), a "
             "record of 16 bytes of payload and one of 31 (the most a LoRaWAN frame at SF12, 51 bytes, carries "
             "with the record's 20), constant over 16 random node keys and payloads. The ATmega328P's AES-128 "
             "test firmware has no room for its sealer: cycles and stack of those two suites are the "
             "ATmega128's, the same code.", "",
             "| suite | flash (B) | sealer + key (B) | RAM (B) | cycles 16 B | cycles 31 B | constant time | "
             "cycles measured on |", "|---|---:|---:|---:|---:|---:|---|---|"]
    for cipher, mode, label in RECORD_SUITES:
        op = f"seal_{mode}"
        found = []
        for mcu in (SEALER_MCU, SEALER_FALLBACK_MCU):
            found = [r for r in rows if (r["mcu"], r["cipher"], r["variant"], r["operation"]) == (mcu, cipher, "asm", op)]
            if found:
                break
        fl = flash.get((SEALER_MCU, cipher, "asm", op))
        if not (found and fl):
            continue
        by_size = {r["bytes"]: r for r in found}
        ram = int(found[0]["context_bytes"]) + int(fl["static_ram_bytes"]) + max(r["stack_bytes"] for r in found)
        fill = int(fl.get("align_fill_bytes") or 0)
        lines.append(f"| {label} | {fl['flash_bytes']}{f' ({fill} pad)' if fill else ''} | "
                     f"{found[0]['context_bytes']} | {ram} | "
                     + " | ".join(str(by_size[n]["cycles"]) if n in by_size else "–" for n in (16, 31)) +
                     f" | {'yes' if all(r['constant_time'] == 'yes' for r in found) else 'NO'} | {found[0]['mcu']} |")
    for path in sketch_files:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                if (r["board"], r["kind"], r["feature"]) == ("uno", "example", "SealedRecord"):
                    lines += ["", f"The `SealedRecord` example (EAX over LEA-128; `examples/SealedRecord`) built by "
                              f"the Arduino builder for the Uno: {r['flash_bytes']} bytes of flash, "
                              f"{r['static_ram_bytes']} bytes of static RAM (the stack comes on top; "
                              "all the sketches: section Arduino sketches)."]
    return "\n".join(lines) + "\n"


def chips_markdown(rows):
    """Each chip's default build side by side: encrypt, decrypt and CTR 4 KiB, cycles per byte."""
    chips = [c for c in CHIPS if any(r["mcu"] == c[0] and r["variant"] == c[2] for r in rows)]
    if len(chips) < 2:
        return ""
    by_chip = {mcu: [r for r in rows if r["mcu"] == mcu and r["variant"] == variant] for mcu, _, variant in chips}
    lines = ["", "## The same library on other chips", "",
             "The default build of each chip (`make lib MCU=<chip>`), measured the same way: the ATmega "
             "assembly on the ATmegas; on the ATtinys the size-optimised PRESENT assembly and the C "
             "reference for the other ciphers (the ATtiny45's test firmware serves PRESENT only, and LEA "
             "does not fit the ATtiny85's 512 bytes of RAM). Cycles per byte: encrypt / decrypt / CTR over "
             f"{bytes_label(CTR_REFERENCE_BYTES)} (ctr_init included). On the ATmega2560 every call and "
             "return takes one cycle more than on the others (3-byte return addresses). The ATtiny45's "
             "test firmware calls the library directly; the others call it through a table of function "
             "pointers (an indirect call and an adapter), which adds a few tens of cycles per call on "
             "the ATtinys, and each firmware build's call site differs by a few cycles on the ATmegas. "
             "CTR is fed in calls of 512 bytes, or of the test firmware's buffer where it is smaller "
             "(ATtiny85: 32 bytes).", "",
             "| cipher | " + " | ".join(f"{label} (`{variant}`)" for _, label, variant in chips) + " |",
             "|---|" + "---:|" * len(chips)]
    for c in dict.fromkeys(r["cipher"] for r in rows):
        cells = []
        for mcu, _, variant in chips:
            enc, dec = (find(by_chip[mcu], c, variant, op) for op in ("encrypt", "decrypt"))
            ctr = find(by_chip[mcu], c, variant, "ctr", CTR_REFERENCE_BYTES)
            cells.append(f"{enc['cycles_per_byte']:.1f} / {dec['cycles_per_byte']:.1f}"
                         + (f" / {ctr['cycles_per_byte']:.1f}" if ctr else "") if enc and dec else "–")
        if any(cell != "–" for cell in cells):
            lines.append(f"| {c} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


# The QEMU targets (tools/qemusim): executed instructions from bench_qemu.sh, flash from their
# flash probes. (variant, label, QEMU board, compiler flags, refill cycles P of the model's
# est_cycles column or None without a model), in the order of the tables.
QEMU_TARGETS = [("cortex-m4", "Cortex-M4", "mps2-an386", "arm-none-eabi-gcc 12, `-mcpu=cortex-m4 -mthumb -O2`", 2),
                ("cortex-m0", "Cortex-M0", "microbit (nRF51822)", "arm-none-eabi-gcc 12, `-mcpu=cortex-m0 -mthumb -O2`",
                 2),
                ("rv32imc", "RV32IMC", "qemu-riscv32 (user mode)",
                 "riscv64-unknown-elf-gcc 12, `-march=rv32imc -mabi=ilp32 -O2`, picolibc", None),
                ("cortex-m0-small", "Cortex-M0, -Os", "microbit (nRF51822)",
                 "arm-none-eabi-gcc 12, `-mcpu=cortex-m0 -mthumb -Os` (LWC_SMALL)", 2),
                ("rv32imc-small", "RV32IMC, -Os", "qemu-riscv32 (user mode)",
                 "riscv64-unknown-elf-gcc 12, `-march=rv32imc -mabi=ilp32 -Os` (LWC_SMALL), picolibc", None)]
# The size-option builds (conf/*-small.mk: -Os, so LWC_SMALL = 1) and the default build each
# stands beside; the modes, records and the chart show the default builds only.
SIZE_BUILDS = {"cortex-m0-small": "cortex-m0", "rv32imc-small": "rv32imc"}
# The Cortex-M0 model: P = 2 gives the Cortex-M0's TRM timings, P = 1 the Cortex-M0+'s.
M0_PLUS_P = 1

# Cortex-M4 (emulated). The study: PRESENT in C on a TI Tiva-C Cortex-M4 at 16 MHz against
# the chip's hardware AES, 1000 64-bit blocks (8000 bytes) each.
ARM_MHZ = 16
STUDY_PRESENT_MS = 6548
STUDY_HW_AES_MS = 391
STUDY_TARGET_FACTOR = 50
# The cycle model of bench_qemu.sh's est_cycles (tools/qemusim/cycle_model.py): its pipeline
# refill P, and the other values of P whose bounds are shown (est_cycles -/+ refills).
ARM_REFILL_P = 2
ARM_MODEL = (f"estimate (model: Cortex-M4 TRM timings, P = {ARM_REFILL_P}, zero wait states)")
# Reis, Aranha, López (CHES 2017), bitsliced PRESENT on a Cortex-M3: about 2100 cycles for
# 128 bits, i.e. about 131 cycles/byte; our target: PRESENT-128 CTR at most 120 insns/byte.
RAL_PRESENT_CYCLES_PER_BYTE = 131
ARM_PRESENT_CTR_TARGET = 120


class QemuRows:
    """One QEMU target's bench_qemu.sh rows by (cipher, operation, bytes) and its flash probe's
    bytes by (cipher, operation)."""

    def __init__(self):
        self.rows, self.flash = {}, {}

    def get(self, cipher, op, nbytes=None):
        """The row of an operation (of that message size, if given), or None."""
        for (c, o, n), r in self.rows.items():
            if (c, o) == (cipher, op) and nbytes in (None, n):
                return r
        return None

    def ciphers(self):
        """The block ciphers measured (Ascon's rows: ascon_markdown)."""
        return list(dict.fromkeys(c for c, _, _ in self.rows if c != ASCON))

    def ctr(self, cipher, model=False, p=ARM_REFILL_P):
        """CTR over the long message, ctr_init included, per byte: instructions, or the estimate
        for a refill of p cycles."""
        init, crypt = self.get(cipher, "ctr_init"), self.get(cipher, "ctr_crypt")
        if not (init and crypt):
            return None
        if model:
            return (est(init, p) + est(crypt, p)) / crypt["bytes"]
        return (init["instructions"] + crypt["instructions"]) / crypt["bytes"]


def est(r, p=ARM_REFILL_P):
    """The estimated cycles of a row for a refill of p cycles (the column is for P = 2)."""
    return r["est_cycles"] + (p - ARM_REFILL_P) * r["refills"]


def load_qemu(raw_files):
    """{variant: QemuRows} of the QEMU targets (QEMU_TARGETS) in the raw files."""
    variants = {v for v, *_ in QEMU_TARGETS}
    out = {}
    for path in raw_files:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                if r.get("variant") not in variants:
                    continue
                target = out.setdefault(r["variant"], QemuRows())
                if "instructions" in r:
                    target.rows[(r["cipher"], r["operation"], int(r["bytes"]))] = {
                        k: int(r[k]) if r[k] else None for k in
                        ("bytes", "instructions", "stack_bytes", "context_bytes", "est_cycles", "refills")}
                elif "flash_bytes" in r:
                    target.flash[(r["cipher"], r["operation"])] = int(r["flash_bytes"])
    return {v: out[v] for v, *_ in QEMU_TARGETS if v in out and out[v].rows}


def qemu_cipher_table(t, est_label, est_cells):
    """The per-cipher table of one QEMU target: setkey, single blocks and CTR in instructions,
    est_cells(row list) the estimate's cells (None: no estimate column), flash and RAM."""
    head = "| cipher | setkey insns | encrypt insns/B | decrypt insns/B | CTR 4 KiB insns/B | "
    lines = [head + (f"{est_label} | " if est_cells else "") + "flash enc / dec / CTR / ECB + CTR (B) | "
             "RAM enc / CTR (B) |",
             "|---|" + "---:|" * (7 if est_cells else 6)]
    for c in t.ciphers():
        sk, enc, dec = (t.get(c, op) for op in ("setkey", "encrypt", "decrypt"))
        init, crypt = t.get(c, "ctr_init"), t.get(c, "ctr_crypt")
        if not (sk and enc and dec and init and crypt):
            continue
        lines.append(
            f"| {c} | {sk['instructions']} | {enc['instructions'] / enc['bytes']:.1f} | "
            f"{dec['instructions'] / dec['bytes']:.1f} | {t.ctr(c):.1f} | "
            + (f"{est_cells(t, c, enc, dec)} | " if est_cells else "")
            + f"{t.flash.get((c, 'encrypt'), '?')} / {t.flash.get((c, 'decrypt'), '?')} / {t.flash.get((c, 'ctr'), '?')} / "
            f"{t.flash.get((c, 'ecb_ctr'), '?')} | "
            f"{enc['context_bytes'] + enc['stack_bytes']} / "
            f"{crypt['context_bytes'] + max(init['stack_bytes'], crypt['stack_bytes'])} |")
    return lines


def arm_markdown(qemu):
    """The Cortex-M4 section, from its bench_qemu.sh rows and flash probe rows."""
    t = qemu.get("cortex-m4")
    if not t:
        return ""

    def ms(insns):
        return insns / (ARM_MHZ * 1000.0)

    def m4_estimate(t, c, enc, dec):
        return f"{est(enc) / enc['bytes']:.1f} / {est(dec) / dec['bytes']:.1f} / {t.ctr(c, True):.1f}"

    lines = ["", "## Cortex-M4 (emulated): instruction counts and estimated cycles", "",
             "Method: `build/cortex-m4/liblwc.a` (arm-none-eabi-gcc 12, `-mcpu=cortex-m4 -mthumb -O2`) runs on "
             "QEMU's `mps2-an386` board through `tools/qemusim`. QEMU is not cycle-accurate and has no usable "
             "cycle counter, so the figures are **executed instructions**, counted exactly from QEMU's "
             "execution log (`-d in_asm,exec,nochain`: each translation block's instructions, and each block "
             "executed) between two marker calls "
             "(`tools/qemusim/count_insns.c`; `make test` checks the counter on calibration sequences of known "
             "length). They are deterministic, but they are not cycles: loads, taken branches, multiplies "
             "and flash wait states cost more than one cycle on a real Cortex-M4, so cycles >= instructions "
             "and the millisecond figures at 1 cycle per instruction are **lower bounds**. "
             f"Estimated cycles, an {ARM_MODEL} and not a measurement: each executed instruction (from the same "
             "trace) is costed with the Cortex-M4 Technical Reference Manual's instruction timings "
             "(`tools/qemusim/cycle_model.py`): data processing and all multiplies 1, IT 1 (never folded), "
             "single loads and stores 2, one cycle less for a load/store single right after a load "
             "single whose result its address does not use, LDRD/STRD 3, LDM/STM/PUSH/POP 1 + registers, "
             "UDIV/SDIV 12 (worst case; CHAM and the CTR helper use UDIV on public values), branches 1, "
             "TBB/TBH 2, plus P for every taken branch or PC write. Not modelled: the extra cycle of a "
             "load/store whose address comes from the preceding instruction, fetch contention of "
             "PC-relative loads, the real 1-3 cycles of each refill, memory wait states (assumed none: "
             "QEMU's board models SSRAM; that the study's TM4C123 flash needs none at 16 MHz is our "
             "understanding of TI's datasheet, not verified here) and the one-cycle STR-with-immediate "
             "case; `make test` checks the model's arithmetic on hand-computed "
             "sequences, not against silicon. Each count includes the few instructions of the "
             "indirect call through the test table. CTR: `ctr_init` + one `ctr_crypt` over 4096 bytes. "
             "Flash: what the operation pulls into a firmware (`bench/flash_probe.sh`, `.text` incl. "
             "constants). RAM: key schedule or CTR context + measured stack peak. The authenticated "
             "modes of this target are in the section of the 32-bit MCUs.", ""]
    lines += qemu_cipher_table(t, "est. cycles/B enc / dec / CTR", m4_estimate)

    lines += ["", "### The PRESENT-vs-AES study (TI Tiva-C Cortex-M4, 16 MHz)", "",
              f"Published: 1000 64-bit blocks took {STUDY_PRESENT_MS} ms with PRESENT in C and "
              f"{STUDY_HW_AES_MS} ms with the chip's hardware AES-128 ECB. Compared here: ECB encryption of "
              "the same 8000 bytes with our library in software, i.e. 1000 PRESENT blocks and 500 AES-128 "
              "blocks (a loop of single-block calls after one setkey, the loop counted too). Our ms = "
              f"instructions / {ARM_MHZ} MHz at 1 cycle per instruction, a lower bound on the real time, so "
              "that reduction factor is an upper bound; and estimated cycles / "
              f"{ARM_MHZ} MHz, an {ARM_MODEL}, with in brackets the estimate for P = 1 and P = 3.", "",
              "| 8000 bytes ECB encrypt | instructions | ms at 16 MHz, 1 cycle/insn (lower bound) | "
              f"estimated cycles | ms at 16 MHz, {ARM_MODEL} [P = 1 .. 3] | "
              "published ms | reduction vs published PRESENT: at most (1 cycle/insn) / estimate [P = 3 .. 1] |",
              "|---|---:|---:|---:|---:|---:|---:|"]
    for c, label in (("present80", "PRESENT-80, 1000 blocks"), ("present128", "PRESENT-128, 1000 blocks"),
                     ("aes128", "AES-128 (software), 500 blocks")):
        r = t.get(c, "ecb_study")
        if not r:
            continue
        pub = f"{STUDY_HW_AES_MS} (hardware AES)" if c == "aes128" else str(STUDY_PRESENT_MS)
        factor = (f"{STUDY_PRESENT_MS / ms(r['instructions']):.1f}x / {STUDY_PRESENT_MS / ms(est(r)):.1f}x "
                  f"[{STUDY_PRESENT_MS / ms(est(r, 3)):.1f}x .. {STUDY_PRESENT_MS / ms(est(r, 1)):.1f}x]"
                  if c != "aes128" else "–")
        lines.append(f"| {label} | {r['instructions']} | {ms(r['instructions']):.1f} | {est(r)} | "
                     f"{ms(est(r)):.1f} [{ms(est(r, 1)):.1f} .. {ms(est(r, 3)):.1f}] | {pub} | {factor} |")
    p80 = t.get("present80", "ecb_study")
    if p80:
        f = STUDY_PRESENT_MS / ms(p80["instructions"])
        fe, fe3 = STUDY_PRESENT_MS / ms(est(p80)), STUDY_PRESENT_MS / ms(est(p80, 3))
        lines += ["", f"Target: the published {STUDY_PRESENT_MS} ms reduced at least {STUDY_TARGET_FACTOR}x "
                  f"(to at most {STUDY_PRESENT_MS / STUDY_TARGET_FACTOR:.0f} ms): "
                  + f"PRESENT-80 here is at most {f:.1f}x faster"
                  + (", so the target is **not met** by this build." if f < STUDY_TARGET_FACTOR else
                     f" at 1 cycle/instruction, and {fe:.1f}x by the cycle estimate ({fe3:.1f}x with P = 3): "
                     + ("the target is met by the estimate" if fe3 >= STUDY_TARGET_FACTOR else
                        "**not met** by the estimate" if fe < STUDY_TARGET_FACTOR else
                        f"met by the estimate with P = {ARM_REFILL_P}, not with P = 3")
                     + ", which is a model, not a measurement on silicon.")]
    ctr = t.ctr("present128")
    if ctr:
        lines += ["", "| other published figure | published | ours (instructions/B) | |", "|---|---:|---:|---|",
                  f"| PRESENT, bitsliced, Cortex-M3 (Reis, Aranha, López, CHES 2017), cycles/B | "
                  f"{RAL_PRESENT_CYCLES_PER_BYTE} | {ctr:.1f} (PRESENT-128 CTR 4 KiB) | instructions, not cycles; "
                  f"{t.ctr('present128', True):.1f} cycles/B by the {ARM_MODEL} |",
                  f"| Target: PRESENT-128 CTR, instructions/B | at most {ARM_PRESENT_CTR_TARGET} | {ctr:.1f} | "
                  + ("met |" if ctr <= ARM_PRESENT_CTR_TARGET else "**not met** |")]
    return "\n".join(lines) + "\n"


def mcu32_markdown(qemu):
    """The 32-bit MCUs section: the Cortex-M0 and RV32IMC targets' tables, CTR on every QEMU target
    side by side, and the authenticated modes on all of them."""
    targets = [(v, label, board, flags, p) for v, label, board, flags, p in QEMU_TARGETS if v in qemu]
    if not targets:
        return ""
    lines = ["", "## 32-bit MCUs (emulated): Cortex-M0/M0+, RV32IMC and the Cortex-M4", "",
             "Method: as for the Cortex-M4 (executed instructions counted exactly from QEMU's log, "
             "`bench/bench_qemu.c` under `tools/qemusim/qemucount`, each count including the few "
             "instructions of the indirect call through the test table); the targets: "
             + "; ".join(f"{label}: `conf/{v}.mk`, {flags}, on QEMU's {board}" for v, label, board, flags, _ in targets)
             + ". **Cortex-M0 cycles are an estimate**, not a measurement: every executed instruction costed "
             "with the Cortex-M0 Technical Reference Manual's instruction timings (ARM DDI 0432C, table 3-1, "
             "zero wait states; `tools/qemusim/cycle_model.py --core cortex-m0`): data processing 1, MULS 1 "
             "(the single-cycle multiplier; a core built with the 32-cycle iterative one takes 31 more per "
             "MULS, which the library executes a few times per call, in length and offset arithmetic), loads "
             "and stores 2, LDM/STM/PUSH/POP 1 + registers, a branch 1 and 3 when taken, BL 4, BX/BLX 3, "
             "POP with the PC 4 + registers. The Cortex-M0+ (ARM DDI 0484C) takes one cycle less for each "
             "taken branch, call, return and PC write (2-stage pipeline) and otherwise the same, so its "
             f"estimate is the M0's minus the refills. Exact for code in zero-wait-state memory; not modelled: "
             "flash wait states (e.g. the SAMD21 above 24 MHz, the RP2040's XIP cache misses) and "
             "interrupts. The library calls no division routine there (the CTR helper counts blocks by "
             "shifts on cores without a divide instruction). **RV32IMC: instructions only.** No cycle model: the ESP32-C3's "
             "core timings are not published, and a core whose timings are (Hazard3, in the RP2350: "
             "load-use stalls, a one-entry branch predictor) needs the trace simulated through its "
             "pipeline, not a cost per instruction; not done. The RV32 libraries (libgcc, picolibc's `memcpy`, "
             "`memset`) are Debian's rv32im builds (no compressed instructions): counted as executed.", ""]
    for v, label, board, flags, p in targets:
        if v == "cortex-m4":
            continue  # its own section above
        t = qemu[v]
        lines += [f"### {label} (`{v}`)", ""]
        if p is not None:
            def m0_estimate(t, c, enc, dec):
                return (f"{est(enc) / enc['bytes']:.1f} / {est(dec) / dec['bytes']:.1f} / {t.ctr(c, True):.1f} "
                        f"(M0+: {est(enc, M0_PLUS_P) / enc['bytes']:.1f} / {est(dec, M0_PLUS_P) / dec['bytes']:.1f}"
                        f" / {t.ctr(c, True, M0_PLUS_P):.1f})")
            lines += qemu_cipher_table(t, "est. cycles/B enc / dec / CTR (M0+)", m0_estimate)
        else:
            lines += qemu_cipher_table(t, None, None)
        lines.append("")
    lines += ["### CTR over 4 KiB on every 32-bit target (instructions per byte, ctr_init included)", "",
              "| cipher | " + " | ".join(label for _, label, *_ in targets) + " |", "|---|" + "---:|" * len(targets)]
    for c in qemu[targets[0][0]].ciphers():
        cells = [qemu[v].ctr(c) for v, *_ in targets]
        lines.append(f"| {c} | " + " | ".join(f"{x:.1f}" if x else "–" for x in cells) + " |")
    lines += size_option_markdown(qemu)
    targets = [t for t in targets if t[0] not in SIZE_BUILDS]
    lines += ["", "### Authenticated modes on every 32-bit target", "",
              f"Key set up once (the setup is its own row in the CSV); EAX and CCM with 8 bytes of associated "
              "data, a 12-byte (EAX) or 13-byte (CCM) nonce and an 8-byte tag, as on the AVRs; decryption "
              f"of the encryption's output (accepted). Long messages of {bytes_label(CTR_REFERENCE_BYTES)}: "
              "instructions per byte, and the ratio to the cipher's CTR over the same length (ctr_init "
              "included). CMAC runs one block at a time (its chain is sequential). Over AES-128 and PRESENT, "
              "whose bitsliced code encrypts two blocks per pass, EAX and CCM carry MAC block i - 1 and CTR "
              "block i in one pass (`lwc_aead_pass`): one pass per block, where CTR alone takes one pass per two "
              "blocks, so about 2x CTR is the floor for one message (the MAC chain takes one pass per block); "
              "the rest is the per-block glue (counter increment, XORs, copies) and the fixed blocks of the "
              "mode (EAX's N' and H', CCM's B0 and E(Ctr0)).", "",
              "| cipher | target | CTR | CMAC | EAX enc / dec | EAX / CTR | CCM enc / dec | CCM / CTR | "
              "flash CMAC / EAX / CCM (B) |", "|---|---|" + "---:|" * 7]
    for c in qemu[targets[0][0]].ciphers():
        for v, label, *_ in targets:
            t = qemu[v]
            ctr, cmac = t.ctr(c), t.get(c, "cmac", CTR_REFERENCE_BYTES)
            if not (ctr and cmac):
                continue
            cells = [f"{ctr:.1f}", f"{cmac['instructions'] / cmac['bytes']:.1f}"]
            for mode in ("eax", "ccm"):
                e, d = (t.get(c, f"{mode}_{op}", CTR_REFERENCE_BYTES) for op in ("encrypt", "decrypt"))
                cells += [f"{e['instructions'] / e['bytes']:.1f} / {d['instructions'] / d['bytes']:.1f}",
                          f"{max(e['instructions'], d['instructions']) / e['bytes'] / ctr:.2f}"] if e and d else ["–", "–"]
            flash = " / ".join(str(t.flash.get((c, op), "–")) for op in ("cmac", "eax", "ccm"))
            lines.append(f"| {c} | {label} | " + " | ".join(cells) + f" | {flash} |")
    records = sorted({n for t in qemu.values() for (c, o, n) in t.rows if o == "record"})
    ops = [("record", "CTR"), ("cmac", "CMAC"), ("eax_encrypt", "EAX enc"), ("eax_decrypt", "EAX dec"),
           ("ccm_encrypt", "CCM enc"), ("ccm_decrypt", "CCM dec")]
    lines += ["", "Records, key set up once: instructions per record (CTR: `ctr_setiv` + one `ctr_crypt`; "
              "CMAC: the record alone; EAX, CCM: with 8 bytes of associated data).", "",
              "| cipher | target | " + " | ".join(f"{name} {n} B" for _, name in ops for n in records) + " |",
              "|---|---|" + "---:|" * (len(ops) * len(records))]
    for c in qemu[targets[0][0]].ciphers():
        for v, label, *_ in targets:
            t = qemu[v]
            cells = [t.get(c, op, n) for op, _ in ops for n in records]
            if any(cells):
                lines.append(f"| {c} | {label} | " + " | ".join(str(r["instructions"]) if r else "–" for r in cells)
                             + " |")
    return "\n".join(lines) + "\n"


# The AEADs Ascon-AEAD128 is compared with on each chip (those its default build measures).
ASCON_PEERS = [("aes128", "eax", "EAX over AES-128"), ("aes128", "ccm", "CCM over AES-128"),
               ("lea128", "eax", "EAX over LEA-128"), ("cham64_128", "eax", "EAX over CHAM-64/128"),
               ("present80", "eax", "EAX over PRESENT-80")]


def load_peers(raw_files):
    """The peers' rows (peer-*.csv: mcu, implementation, operation, bytes, cycles or
    instructions, stack) by (mcu, implementation, operation, bytes)."""
    out = {}
    for path in raw_files:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                out[(r["mcu"], r["implementation"], r["operation"], int(r["bytes"]))] = r
    return out


def avr_ascon_chips(rows):
    """(mcu, chip label, default variant, the variant with Ascon rows) of the AVR chips measured."""
    out = []
    for mcu, label, variant in CHIPS:
        ascon_variant = next((v for v in (variant, "ref") if find([r for r in rows if r["mcu"] == mcu], ASCON, v,
                                                                      "aead_encrypt")), None)
        if ascon_variant:
            out.append((mcu, label, variant, ascon_variant))
    return out


def which_aead(rows, qemu, peers):
    """Ascon-AEAD128, EAX and CCM (ASCON_PEERS) on every chip measured, and the peers: one dict
    per chip and AEAD, in table order: chip, unit (cycles or instructions), aead, impl (AVR
    only), long (bytes), enc and dec (per byte, long message), records ({16, 32, 64: cost or
    None}), flash (bytes or None), flash_cell, ram, constant_time (None: not measured), peer."""
    out = []
    for mcu, label, variant, ascon_variant in avr_ascon_chips(rows):
        chip = [r for r in rows if r["mcu"] == mcu]
        for cipher, prefix, name, v in [(ASCON, "aead", "Ascon-AEAD128", ascon_variant)] + \
                [(c, m, n, variant) for c, m, n in ASCON_PEERS]:
            enc = [r for r in chip if (r["cipher"], r["variant"], r["operation"]) == (cipher, v, f"{prefix}_encrypt")]
            dec = [r for r in chip if (r["cipher"], r["variant"], r["operation"]) == (cipher, v, f"{prefix}_decrypt")]
            if not (enc and dec):
                continue
            long = max(r["bytes"] for r in enc)
            e, d = find(enc, cipher, v, f"{prefix}_encrypt", long), find(dec, cipher, v, f"{prefix}_decrypt", long)
            records = {n: find(enc, cipher, v, f"{prefix}_encrypt", n) for n in (16, 32, 64)}
            # ascon_avr.S on the ATmega class, ascon_tiny_avr.S in the ATtiny builds, the portable C in
            # the reference build
            impl = (f"C (`{v}` build)" if v == "ref" else f"assembly (`{v}` build)") if cipher == ASCON else v
            out.append(dict(chip=label, unit="cycles", aead=name, impl=impl, long=long, enc=e["cycles_per_byte"],
                            dec=d["cycles_per_byte"], records={n: r["cycles"] if r else None for n, r in records.items()},
                            flash=e["flash_bytes"], flash_cell=flash_cell(e),
                            ram=max(r["ram_bytes"] for r in enc + dec),
                            constant_time=all(r["constant_time"] == "yes" for r in enc + dec if r["constant_time"]),
                            peer=False))
        out += peer_entries(peers, mcu, label, "cycles")
    for v, label in [(v, label) for v, label, *_ in QEMU_TARGETS if v in qemu and v not in SIZE_BUILDS]:
        t = qemu[v]
        for cipher, prefix, name, probe in [(ASCON, "aead", "Ascon-AEAD128", "ascon_aead")] + \
                [(c, m, n, m) for c, m, n in ASCON_PEERS]:
            e, d = (t.get(cipher, f"{prefix}_{op}", CTR_REFERENCE_BYTES) for op in ("encrypt", "decrypt"))
            if not (e and d):
                continue
            records = {n: t.get(cipher, f"{prefix}_encrypt", n) for n in (16, 32, 64)}
            flash = t.flash.get((cipher, probe))
            out.append(dict(chip=label, unit="instructions", aead=name, impl=None, long=e["bytes"],
                            enc=e["instructions"] / e["bytes"], dec=d["instructions"] / d["bytes"],
                            records={n: r["instructions"] if r else None for n, r in records.items()},
                            flash=flash, flash_cell=str(flash) if flash else "–", ram=None, constant_time=None,
                            peer=False))
        out += peer_entries(peers, v, label, "instructions")
    return out


def ascon_markdown(rows, qemu, peers):
    """Ascon-AEAD128 beside EAX and CCM on every chip, the peer's beside lwc's, and Ascon-Hash256."""
    avr = avr_ascon_chips(rows)
    if not avr and not qemu:
        return ""
    aeads = which_aead(rows, qemu, peers)

    def record_cells(a):
        return " | ".join(str(a["records"][n]) if a["records"][n] else "–" for n in (16, 32, 64))

    lines = ["", "## Ascon-AEAD128 beside EAX and CCM", "",
             "Ascon (NIST SP 800-232) is assembly on the microcontrollers: AVR on the ATmega class "
             "(`src/ascon/ascon_avr.S`: the permutation and all of Ascon-AEAD128 after its checks) and, "
             "size-optimised, on the ATtiny class (`ascon_tiny_avr.S`); Thumb-2 on the Cortex-M4 "
             "(`ascon_armv7m.S`: the permutation, Ascon-AEAD128 from the initialization to the tag, the "
             "hashes' block loop); Thumb-1 on the Cortex-M0 (`ascon_armv6m.S`: the permutation and the "
             "AEAD's block loops) and RV32I on RV32IMC (`ascon_rv32.S`: the permutation, Ascon-AEAD128 from "
             "the initialization to the tag), in the speed builds (the -small builds keep the C); portable C elsewhere (`src/ascon/`: 64-bit words on 64-bit hosts, the state "
             "in registers; bit-interleaved 32-bit halves on other 32-bit cores); the block "
             "ciphers' modes run on their assembly where a chip has it. Measured as the modes are: key set up once, 8 bytes of "
             "associated data, an 8-byte tag (Ascon's nonce is 16 bytes, EAX's 12, CCM's 13), decryptions "
             "of half of the samples rejected. AVR: cycles (the long message is the most each test "
             "firmware's buffer takes; a chip's build without Ascon rows gives the reference build's); flash: setkey, encrypt and decrypt linked (`bench/flash_probe.sh`, feature `ascon_aead`, "
             "`eax`, `ccm`); RAM: key + library static data + the larger stack peak. "
             f"The chart `img/{CHART_AEAD}` draws these tables.", "",
             "| chip | AEAD | impl | long: B, enc / dec c/B | 16 B enc (cycles) | 32 B enc | 64 B enc | "
             "flash (B) | RAM (B) | constant time |", "|---|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for a in (a for a in aeads if a["unit"] == "cycles"):
        if a["peer"]:
            lines.append(f"| {a['chip']} | {a['aead']} | C / assembly | {a['long']}: {a['enc']:.1f} / {a['dec']:.1f} | "
                         f"{record_cells(a)} | – | – | – |")
        else:
            lines.append(f"| {a['chip']} | {a['aead']} | {a['impl']} | {a['long']}: {a['enc']:.1f} / {a['dec']:.1f} | "
                         f"{record_cells(a)} | {a['flash_cell']} | {a['ram']} | "
                         f"{'yes' if a['constant_time'] else 'NO'} |")
    targets = [(v, label) for v, label, *_ in QEMU_TARGETS if v in qemu and v not in SIZE_BUILDS]
    if targets:
        lines += ["", f"The 32-bit targets (QEMU): instructions per byte over {bytes_label(CTR_REFERENCE_BYTES)} and "
                  "instructions per record (encryption), flash as above.", "",
                  "| target | AEAD | enc / dec insns/B | 16 B enc (insns) | 32 B enc | 64 B enc | flash (B) |",
                  "|---|---|---:|---:|---:|---:|---:|"]
        for a in (a for a in aeads if a["unit"] == "instructions"):
            lines.append(f"| {a['chip']} | {a['aead']} | {a['enc']:.1f} / {a['dec']:.1f} | {record_cells(a)} | "
                         + ("– |" if a["peer"] else f"{a['flash_cell']} |"))
    lines += ascon_mid_markdown(qemu, peers)
    if peers:
        lines += ["", "Peer rows (*ascon-c*): the designers' ascon/ascon-c (`crypto_aead/asconaead128/<impl>`, "
                  "the implementation for the core: AVR assembly, ARMv7-M and ARMv6-M inline assembly, RV32I "
                  "assembly), measured from `../shared/peers/ascon-c` outside the project (its code is not "
                  "in the repository) with `bench/peer_ascon.c` on the same simulators and compiler flags: its "
                  "eBACS interface has no key setup (each call takes the key) and always writes a 16-byte "
                  "tag; 8 bytes of associated data as above. Flash, RAM and constant time not measured there."]
    lines += ["", "Ascon-Hash256, one call: cycles (AVR) or instructions (QEMU targets) per byte by message "
              "length; flash of `lwc_ascon_hash256` (feature `ascon_hash`).", "",
              "| target | 16 B | 32 B | 64 B | long: B, per B | flash (B) |", "|---|---:|---:|---:|---:|---:|"]
    for mcu, label, variant, ascon_variant in avr:
        h = [r for r in rows if (r["mcu"], r["cipher"], r["variant"], r["operation"]) ==
             (mcu, ASCON, ascon_variant, "hash256")]
        if h:
            long = max(r["bytes"] for r in h)
            cells = [find(h, ASCON, ascon_variant, "hash256", n) for n in (16, 32, 64, long)]
            lines.append(f"| {label} (`{ascon_variant}`) | " + " | ".join(f"{r['cycles_per_byte']:.1f}" if r else "–"
                                                                       for r in cells[:3])
                         + f" | {long}: {cells[3]['cycles_per_byte']:.1f} | {flash_cell(cells[3])} |")
    for v, label in targets:
        t = qemu[v]
        cells = [t.get(ASCON, "hash256", n) for n in (16, 32, 64, CTR_REFERENCE_BYTES)]
        if cells[3]:
            lines.append(f"| {label} | " + " | ".join(f"{r['instructions'] / r['bytes']:.1f}" if r else "–"
                                                     for r in cells[:3])
                         + f" | {CTR_REFERENCE_BYTES}: {cells[3]['instructions'] / cells[3]['bytes']:.1f} | "
                         f"{t.flash.get((ASCON, 'ascon_hash'), '–')} |")
    return "\n".join(lines) + "\n"


# Issue #26's point for Ascon-AEAD128 on the 32-bit MCUs: 1 KiB of message with 8 B of associated
# data (bench_qemu's ASCON_MID_BYTES, bench/peer_ascon.c's MID_BYTES), and its ceilings in
# executed instructions per byte, by target (the speed builds; the -small builds have none).
ASCON_MID_BYTES = 1024
ASCON_MID_CEILINGS = {"cortex-m0": 100, "rv32imc": 60}


def ascon_mid_markdown(qemu, peers):
    """Ascon-AEAD128 over ASCON_MID_BYTES on every QEMU target (lwc, then the ascon-c peer of
    the target's core), against issue #26's ceilings."""
    label = {v: lab for v, lab, *_ in QEMU_TARGETS}
    rows = []
    for v, t in qemu.items():
        e, d = (t.get(ASCON, f"aead_{op}", ASCON_MID_BYTES) for op in ("encrypt", "decrypt"))
        if not (e and d):
            continue
        ceiling = ASCON_MID_CEILINGS.get(v)
        enc, dec = e["instructions"] / ASCON_MID_BYTES, d["instructions"] / ASCON_MID_BYTES
        met = "–" if ceiling is None else "yes" if max(enc, dec) <= ceiling else \
            "encryption only" if enc <= ceiling else "**no**"
        rows.append(f"| {label[v]} | lwc | {enc:.1f} / {dec:.1f} | {ceiling or '–'} | {met} |")
        if v in SIZE_BUILDS:
            continue
        for impl in dict.fromkeys(i for m, i, _, _ in peers if m == v):
            pe, pd = (peers.get((v, impl, f"aead_{op}", ASCON_MID_BYTES)) for op in ("encrypt", "decrypt"))
            if pe and pd:
                rows.append(f"| {label[v]} | *{impl}* (peer) | {int(pe['instructions']) / ASCON_MID_BYTES:.1f} / "
                            f"{int(pd['instructions']) / ASCON_MID_BYTES:.1f} | – | – |")
    if not rows:
        return []
    return ["", f"Issue #26's point: Ascon-AEAD128 over {bytes_label(ASCON_MID_BYTES)} with 8 B of associated data "
            "(one call each, key set up once; the peer takes the key in each call and writes a 16-byte tag), "
            "executed instructions per byte against the issue's ceilings (met: encryption and decryption "
            "within the ceiling; the ceilings are the speed builds', the -small builds are shown beside them).",
            "",
            "| target | implementation | enc / dec insns/B | ceiling | met |", "|---|---|---:|---:|---|"] + rows


def peer_entries(peers, mcu, label, unit):
    """which_aead's entries of the peers measured on mcu (cycles or instructions)."""
    out = []
    for impl in dict.fromkeys(i for m, i, _, _ in peers if m == mcu):
        ops = {(o, n): int(r[unit]) for (m, i, o, n), r in peers.items() if (m, i) == (mcu, impl)}
        long = max(n for _, n in ops)
        out.append(dict(chip=label, unit=unit, aead=f"Ascon-AEAD128, *{impl}* (peer)", impl=None, long=long,
                        enc=ops[("aead_encrypt", long)] / long, dec=ops[("aead_decrypt", long)] / long,
                        records={n: ops.get(("aead_encrypt", n)) for n in (16, 32, 64)}, flash=None, flash_cell="–",
                        ram=None, constant_time=None, peer=True))
    return out


def size_option_markdown(qemu):
    """The size option (LWC_SMALL) beside the default builds: flash of ECB and CTR together, and
    CTR's instructions per byte, per cipher."""
    pairs = [(small, default) for small, default in SIZE_BUILDS.items() if small in qemu and default in qemu]
    if not pairs:
        return []
    label = {v: lab for v, lab, *_ in QEMU_TARGETS}
    lines = ["", "### The size option: default builds and `-Os` (LWC_SMALL)", "",
             "Flash of a firmware that calls `setkey`, `encrypt`, `decrypt`, `ctr_init` and `ctr_crypt` "
             "(`bench/flash_probe.sh`, operation `ecb_ctr`: code, tables and library helpers it links), and "
             f"CTR over {bytes_label(CTR_REFERENCE_BYTES)} (`ctr_init` included) in instructions per byte. "
             "`-Os` sets LWC_SMALL (`include/lwc/config.h`): every family's code for 32-bit cores in its small "
             "form; the context layouts are the same.", "",
             "| cipher | " + " | ".join(f"{label[d]}: flash (B) / CTR insns/B | {label[s]}: flash (B) / CTR insns/B"
                                       for s, d in pairs) + " |",
             "|---|" + "---:|" * (2 * len(pairs))]
    for c in qemu[pairs[0][1]].ciphers():
        cells = []
        for s, d in pairs:
            for v in (d, s):
                t = qemu[v]
                ctr = t.ctr(c)
                cells.append(f"{t.flash.get((c, 'ecb_ctr'), '–')} / " + (f"{ctr:.1f}" if ctr else "–"))
        lines.append(f"| {c} | " + " | ".join(cells) + " |")
    return lines


# ---- Charts: one question each, drawn into docs/img/ beside BENCHMARKS.md ------------------
# File name -> what the chart answers (listed in docs/BENCHMARKS.md).
CHART_PUBLISHED = "fastest_vs_published_atmega128.png"
CHART_CTR_SIZES = "ctr_cycles_per_byte_by_message_size_atmega128.png"
CHART_FLASH_SPEED = "flash_vs_speed_avr.png"
CHART_MCU32 = "instructions_per_byte_32bit_mcus.png"
CHART_AEAD = "which_aead_per_chip.png"
CHARTS = {
    CHART_PUBLISHED: "our fastest implementation of each cipher beside the published figures (ATmega128)",
    CHART_CTR_SIZES: "CTR cycles per byte against message size, best implementation per cipher (ATmega128)",
    CHART_FLASH_SPEED: "flash against speed, one point per cipher and implementation (ATmega128; ATtiny45 "
                       "beside the published ATtiny figures)",
    CHART_MCU32: "executed instructions per byte of CTR and EAX on the emulated 32-bit MCUs (Cortex-M4, "
                 "Cortex-M0, RV32IMC)",
    CHART_AEAD: "which AEAD on which chip: Ascon-AEAD128, EAX and CCM (and the ascon-c peer) per chip, a 16-byte "
                "record, a long message and flash",
}
# The chart leaves out the ATmega2560: the ATmega128's code and figures within a few cycles.
CHART_AEAD_SKIPS = ("ATmega2560",)
CHART_DPI = 110
AVR_CYCLES_SOURCE = "cycles: simavr (tools/avrsim), cycle-exact"
AVR_FLASH_SOURCE = AVR_CYCLES_SOURCE + "; flash: bench/flash_probe.sh (linked bytes each operation pulls in)"
QEMU_SOURCE = "executed instructions counted on QEMU (tools/qemusim), not cycles"
# Marker of each implementation in the flash chart (in order of first appearance), and of a
# cipher's line in the CTR chart; published points are open black diamonds.
MARKERS = "os^vPX*<>phH8"


def cipher_colours(ciphers):
    """One colour per cipher, the same in every chart and distinct up to 20 ciphers."""
    palette = plt.cm.tab10.colors if len(ciphers) <= 10 else plt.cm.tab20.colors
    return {c: palette[i % len(palette)] for i, c in enumerate(ciphers)}


def save_chart(fig, path, source):
    """A footnote naming the source and commit, then the PNG, cropped to what was drawn."""
    fig.canvas.draw()
    drawn = fig.get_tightbbox(fig.canvas.get_renderer())  # inches
    fig.text(drawn.x0 / fig.get_figwidth(), (drawn.y0 - 0.08) / fig.get_figheight(),
             f"{source}; lwc {commit_label()}; drawn by make bench (bench/report.py)",
             fontsize=8, color="0.4", ha="left", va="top")
    fig.savefig(path, dpi=CHART_DPI, bbox_inches="tight", pad_inches=0.15)
    plt.close(fig)


def log_y(ax):
    """A log y axis over the current limits, ticked at 1, (1.5,) 2, 3 and 5 times powers of ten, in plain numbers."""
    ax.set_yscale("log")
    lo, hi = ax.get_ylim()
    steps = (1, 1.5, 2, 3, 5) if hi / lo < 100 else (1, 2, 3, 5)
    ticks = [m * 10 ** k for k in range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1) for m in steps]
    ax.set_yticks([t for t in ticks if lo <= t <= hi])
    ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda y, _: f"{y:g}"))
    ax.yaxis.set_minor_locator(matplotlib.ticker.NullLocator())
    ax.set_ylim(lo, hi)


def bytes_label(n):
    return f"{n // 1024} KiB" if n >= 1024 and n % 1024 == 0 else f"{n} B"


def plot_published(rows, path):
    """Horizontal bars, grouped per cipher: our fastest encrypt or CTR, then the published figures for it."""
    ciphers = [c for c in dict.fromkeys(r["cipher"] for r in rows) if any(p[2] == c for p in PUBLISHED)]
    labels, bars, headings = [], [], []   # bars: (row, value, is_ours, text)
    for c in ciphers:
        headings.append(len(labels))
        labels.append(c)
        for op in ("encrypt", "ctr"):
            published = [p for p in PUBLISHED if p[2:4] == (c, op)]
            ours = published and best(rows, c, op, published[0][4])
            if not ours:
                continue
            what = "encrypt, one block" if op == "encrypt" else f"CTR, {bytes_label(ours['bytes'])}"
            bars.append((len(labels), ours["cycles_per_byte"], True, f"{ours['cycles_per_byte']:.1f}"))
            labels.append(f"ours: {what} ({ours['variant']})")
            for label, pub, *_ in published:
                factor = pub / ours["cycles_per_byte"]
                verdict = f"ours {factor:.2f}x faster" if factor >= 1 else f"ours {1 / factor:.2f}x slower"
                bars.append((len(labels), pub, False, f"{pub:g}   ({verdict})"))
                labels.append(label)
    fig, ax = plt.subplots(figsize=(13, 0.32 * len(labels) + 1.4))
    colours = {True: "tab:blue", False: "0.65"}
    for row, value, is_ours, text in bars:
        ax.barh(row, value, height=0.72, color=colours[is_ours])
        ax.text(value, row, " " + text, va="center", fontsize=9, fontweight="bold" if is_ours else "normal")
    ax.set_yticks(range(len(labels)))
    ax.set_yticklabels(labels, fontsize=9.5)
    for i in headings:
        ax.get_yticklabels()[i].set_fontweight("bold")
        ax.get_yticklabels()[i].set_fontsize(11)
        if i:
            ax.axhline(i - 0.5, color="0.85", linewidth=0.8)
    ax.set_ylim(len(labels) - 0.5, -0.5)
    ax.set_xlim(0, max(b[1] for b in bars) * 1.45)
    ax.set_xlabel("cycles per byte (fewer is faster)")
    ax.xaxis.grid(True, color="0.92")
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(handles=[plt.Rectangle((0, 0), 1, 1, color=colours[True]),
                       plt.Rectangle((0, 0), 1, 1, color=colours[False])],
              labels=["ours: the fastest general-purpose implementation for that operation", "published"],
              loc="lower left", bbox_to_anchor=(0, 1.0), ncol=2, frameon=False, fontsize=10)
    ax.set_title("Is our fastest implementation faster than the published ones? "
                 "ATmega128, cycles per byte", fontsize=13, pad=28, loc="left")
    save_chart(fig, path, AVR_CYCLES_SOURCE)


def plot_ctr_by_size(rows, path, colours):
    """One line per cipher: its fastest implementation at the reference size, at every message size."""
    lines = []
    for k, c in enumerate(colours):
        fastest = best(rows, c, "ctr", CTR_REFERENCE_BYTES)
        if fastest:
            pts = sorted((r["bytes"], r["cycles_per_byte"]) for r in rows if r["operation"] == "ctr"
                         and (r["cipher"], r["variant"]) == (c, fastest["variant"]))
            lines.append((pts[-1][1], c, fastest["variant"], MARKERS[k % len(MARKERS)], pts))
    fig, ax = plt.subplots(figsize=(11, 6.5))
    # Legend from the slowest to the fastest at the largest size: the order of the lines there.
    for _, c, variant, marker, pts in sorted(lines, reverse=True):
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=marker, markersize=6, linewidth=1.8,
                color=colours[c], label=f"{c} ({variant})")
    sizes = sorted({p[0] for line in lines for p in line[4]})
    ax.set_xscale("log", base=2)
    ax.set_xticks(sizes)
    ax.set_xticklabels([bytes_label(n) for n in sizes])
    ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
    log_y(ax)
    ax.grid(True, color="0.92")
    ax.set_xlabel("message size (log scale)")
    ax.set_ylabel("cycles per byte, ctr_init included (log scale)")
    ax.legend(title=f"cipher (implementation fastest at {bytes_label(CTR_REFERENCE_BYTES)})",
              loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, fontsize=10, title_fontsize=10)
    ax.set_title("How fast is CTR for short and long messages? ATmega128, cycles per byte",
                 fontsize=13, loc="left")
    save_chart(fig, path, AVR_CYCLES_SOURCE)


def place_labels(ax, points):
    """Writes each (x, y, text) next to its point where it overlaps no other label, marker or the axes'
    edge, and, unless a leader line joins them, where no other point is nearer to it than its own."""
    renderer = ax.figure.canvas.get_renderer()
    frame = ax.get_window_extent(renderer)
    centres = ax.transData.transform([(x, y) for x, y, _ in points])
    marker_r = 7
    taken = [matplotlib.transforms.Bbox.from_bounds(px - marker_r, py - marker_r, 2 * marker_r, 2 * marker_r)
             for px, py in centres]

    def gap(box, px, py):
        return math.hypot(max(box.x0 - px, 0, px - box.x1), max(box.y0 - py, 0, py - box.y1))

    # Offsets in points at growing distances, the sides first, then the diagonals and between,
    # each with the alignment that keeps the text on that side of the point.
    candidates = []
    for distance in (7, 18, 30, 45, 65, 90):
        for eighth in (0, 8, 4, 12, 2, 6, 14, 10, 1, 7, 15, 9, 3, 5, 13, 11):
            dx, dy = distance * math.cos(eighth * math.pi / 8), distance * math.sin(eighth * math.pi / 8)
            ha = "left" if dx > 1 else "right" if dx < -1 else "center"
            va = "bottom" if dy > 1 else "top" if dy < -1 else "center"
            candidates.append((dx, dy, ha, va, distance > 10))
    # The most crowded points first, while there is room around them.
    crowding = [sum(abs(px - qx) + abs(py - qy) < 80 for qx, qy in centres) for px, py in centres]
    for i in sorted(range(len(points)), key=lambda i: -crowding[i]):
        x, y, text = points[i]
        for dx, dy, ha, va, line in candidates:
            ann = ax.annotate(text, (x, y), xytext=(dx, dy), textcoords="offset points", ha=ha, va=va,
                              fontsize=8.5, arrowprops=dict(arrowstyle="-", color="0.5", lw=0.7) if line else None)
            ann.update_positions(renderer)
            box = matplotlib.text.Text.get_window_extent(ann, renderer).padded(1.5)  # the text, not the line
            own = gap(box, *centres[i])
            if frame.contains(box.x0, box.y0) and frame.contains(box.x1, box.y1) and \
                    not any(box.overlaps(t) for t in taken) and \
                    (line or all(gap(box, *c) > own for j, c in enumerate(centres) if j != i)):
                taken.append(box)
                break
            ann.remove()
        else:
            print(f"report.py: no free room for the label {text!r} in {ax.get_title(loc='left')!r}; it may overlap",
                  file=sys.stderr)
            ax.annotate(text, (x, y), xytext=(7, 0), textcoords="offset points", va="center", fontsize=8.5)


def cluster_label(members):
    """'a, b (v1, v2)' for ciphers sharing their implementations, one line per distinct set."""
    by_cipher = {}
    for c, v in members:
        by_cipher.setdefault(c, []).append(v)
    by_variants = {}
    for c, vs in by_cipher.items():
        by_variants.setdefault(tuple(vs), []).append(c)
    return "\n".join(f"{', '.join(cs)} ({', '.join(vs)})" for vs, cs in by_variants.items())


def scatter_panel(ax, points, colours, markers, title, xlabel, ylabel):
    """points: (x, y, cipher, variant); coinciding points (within a few pixels) share one label."""
    for x, y, c, v in points:
        ax.scatter(x, y, s=46, marker=markers[v], color=colours.get(c, "black"), zorder=3,
                   facecolors="none" if c not in colours else None, linewidths=1.2)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    ax.set_xlim(0, max(xs) * 1.25)
    ax.set_ylim(min(ys) / 1.6, max(ys) * 1.6)
    log_y(ax)
    ax.grid(True, color="0.92")
    ax.set_axisbelow(True)
    ax.set_title(title, fontsize=11.5, loc="left")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.figure.canvas.draw()
    clusters = []
    for (x, y, c, v), (px, py) in zip(points, ax.transData.transform([p[:2] for p in points])):
        for cl in clusters:
            if abs(cl[0] - px) < 9 and abs(cl[1] - py) < 9:
                cl[3].append((c, v))
                break
        else:
            clusters.append((px, py, (x, y), [(c, v)]))
    place_labels(ax, [(*xy, cluster_label(members)) for _, _, xy, members in clusters])


def plot_flash_speed(rows, path, colours):
    """Panels: ATmega128 single block, ATmega128 CTR, ATtiny45 single block with the published ATtiny figures."""
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    published_marker = "published"
    markers = {v: MARKERS[i % len(MARKERS)] for i, v in enumerate(variants)}
    markers[published_marker] = "D"
    block, ctr, tiny = [], [], []
    for c in colours:
        for v in variants:
            enc = find(rows, c, v, "encrypt")
            stream = find(rows, c, v, "ctr", CTR_REFERENCE_BYTES)
            if enc and enc["flash_block_all"]:
                (tiny if enc["mcu"] != "atmega128" else block).append(
                    (enc["flash_block_all"], enc["cycles_per_byte"], c, v))
            if stream and stream["mcu"] == "atmega128":
                ctr.append((stream["flash_bytes"], stream["cycles_per_byte"], c, v))
    # A point of a variant whose block code is that of an earlier one (it differs in CTR only) is left out.
    block = [p for i, p in enumerate(block) if not any(q[:3] == p[:3] for q in block[:i])]
    tiny += [(pub_flash, pub, label.replace(" (same paper)", ""), published_marker)
             for label, pub, pub_flash, _ in TINY_PUBLISHED]
    fig = plt.figure(figsize=(15, 20))
    grid = fig.add_gridspec(3, 2, height_ratios=[1.25, 1.25, 1], hspace=0.25, wspace=0.15)
    panels = [
        (block, "ATmega128, single block: setkey + encrypt + decrypt",
         "flash of setkey + encrypt + decrypt (bytes)", "encrypt, cycles per byte (log scale)"),
        (ctr, f"ATmega128, CTR over {bytes_label(CTR_REFERENCE_BYTES)}",
         "flash of CTR: ctr_init + ctr_crypt + key schedule + block cipher (bytes)",
         "CTR, cycles per byte (log scale)"),
        (tiny, "ATtiny45, single block, beside Papagiannopoulos & Verstegen 2013 (open diamonds)",
         "flash of setkey + encrypt + decrypt (bytes)", "encrypt, cycles per byte (log scale)"),
    ]
    for (points, title, xlabel, ylabel), cell in zip(panels, (grid[0, :], grid[1, :], grid[2, 0])):
        if points:
            scatter_panel(fig.add_subplot(cell), points, colours, markers, title, xlabel, ylabel)
    shown = dict.fromkeys(p[3] for points, *_ in panels for p in points)
    key = fig.add_subplot(grid[2, 1])
    key.axis("off")
    key.legend(handles=[matplotlib.lines.Line2D([], [], linestyle="none", marker=markers[v], color="0.3",
                                                markerfacecolor="none" if v == published_marker else "0.3")
                        for v in shown],
               labels=[v if v != published_marker else "published (Papagiannopoulos & Verstegen 2013)"
                       for v in shown],
               title="marker: implementation (colour: cipher)", loc="upper left", frameon=False, fontsize=10,
               title_fontsize=10)
    fig.suptitle("What does speed cost in flash? Lower is faster, left is smaller", fontsize=14, x=0.125,
                 ha="left", y=0.91)
    save_chart(fig, path, AVR_FLASH_SOURCE)


def plot_mcu32(qemu, path):
    """Two panels of grouped horizontal bars per cipher, one bar per QEMU target: CTR and EAX
    encryption over 4 KiB, in instructions per byte (qemu: load_qemu's targets)."""
    targets = [(v, label) for v, label, *_ in QEMU_TARGETS if v in qemu and v not in SIZE_BUILDS]
    ciphers = qemu[targets[0][0]].ciphers()
    fig, axes = plt.subplots(1, 2, figsize=(15, 0.95 * len(ciphers) + 1.8), sharex=True, sharey=True)
    height = 0.8 / len(targets)

    def eax(t, c):
        r = t.get(c, "eax_encrypt", CTR_REFERENCE_BYTES)
        return r["instructions"] / r["bytes"] if r else None

    panels = [(axes[0], f"CTR, {bytes_label(CTR_REFERENCE_BYTES)} (ctr_init + ctr_crypt)", lambda t, c: t.ctr(c)),
              (axes[1], f"EAX encryption, {bytes_label(CTR_REFERENCE_BYTES)} (8 B of ad)", eax)]
    peak = 0
    for ax, title, value_of in panels:
        for k, ((v, label), colour) in enumerate(zip(targets, plt.cm.Dark2.colors)):
            for i, c in enumerate(ciphers):
                value = value_of(qemu[v], c)
                if value is None:
                    continue
                y = i + (k - (len(targets) - 1) / 2) * height
                ax.barh(y, value, height=height * 0.92, color=colour, label=label if i == 0 else None)
                ax.text(value, y, f" {value:.1f}", va="center", fontsize=8)
                peak = max(peak, value)
        ax.set_title(title, fontsize=11.5, loc="left")
        ax.set_xlabel("executed instructions per byte (fewer is faster)")
        ax.xaxis.grid(True, color="0.92")
        ax.set_axisbelow(True)
        ax.spines[["top", "right"]].set_visible(False)
    axes[0].set_xlim(0, peak * 1.12)  # one scale: the modes' cost against CTR's
    axes[0].set_yticks(range(len(ciphers)))
    axes[0].set_yticklabels(ciphers, fontsize=10.5)
    axes[0].set_ylim(len(ciphers) - 0.5, -0.5)
    axes[0].legend(loc="lower left", bbox_to_anchor=(0, 1.06), ncol=len(targets), frameon=False, fontsize=10)
    fig.suptitle("How many instructions per byte on the 32-bit MCUs? (-O2 builds, emulated)", fontsize=13, x=0.125,
                 ha="left", y=1.0)
    save_chart(fig, path, QEMU_SOURCE)


def plot_which_aead(aeads, path):
    """One row of panels per chip (which_aead's entries): horizontal bars per AEAD of the cost of
    a 16-byte record, the cost per byte of a long message (encryption, 8 B of associated data)
    and flash; the chip's unit (cycles or instructions) on its axes, peers hatched."""
    chips = [c for c in dict.fromkeys(a["chip"] for a in aeads) if c not in CHART_AEAD_SKIPS]
    names = list(dict.fromkeys(a["aead"] for a in aeads if not a["peer"]))
    colours = dict(zip(names, plt.cm.tab10.colors))
    per_chip = {c: [a for a in aeads if a["chip"] == c] for c in chips}
    fig, axes = plt.subplots(len(chips), 3, figsize=(16, sum(0.3 * len(v) + 1.0 for v in per_chip.values())),
                             gridspec_kw={"height_ratios": [len(v) for v in per_chip.values()]}, squeeze=False)
    for row, chip in zip(axes, chips):
        entries = per_chip[chip]
        unit = entries[0]["unit"]
        panels = [(f"16-byte record, {unit}", lambda a: a["records"][16]),
                  (f"long message ({entries[0]['long']} B), {unit} per byte", lambda a: a["enc"]),
                  ("flash: setkey, encrypt, decrypt (B)", lambda a: a["flash"])]
        for ax, (title, value_of) in zip(row, panels):
            for i, a in enumerate(entries):
                value = value_of(a)
                if value is None:
                    continue
                ax.barh(i, value, height=0.75, color="0.85" if a["peer"] else colours[a["aead"]],
                        hatch="//" if a["peer"] else None, edgecolor="0.5" if a["peer"] else "none")
                ax.text(value, i, f" {value:.0f}" if value >= 100 else f" {value:.1f}", va="center", fontsize=8)
            ax.set_title(f"{chip}: {title}", fontsize=10, loc="left")
            ax.set_yticks(range(len(entries)))
            ax.set_yticklabels([a["aead"].replace("*", "") for a in entries] if ax is row[0] else [], fontsize=9)
            ax.set_ylim(len(entries) - 0.5, -0.5)
            ax.set_xlim(0, max((value_of(a) or 0) for a in entries) * 1.2 or 1)
            ax.xaxis.grid(True, color="0.92")
            ax.set_axisbelow(True)
            ax.spines[["top", "right"]].set_visible(False)
    fig.suptitle("Which AEAD on which chip? Ascon-AEAD128, EAX and CCM, encryption with 8 B of associated data "
                 "(shorter is better)", fontsize=13, x=0.02, ha="left", y=1.0)
    fig.tight_layout()
    save_chart(fig, path, AVR_FLASH_SOURCE + "; " + QEMU_SOURCE + " (32-bit MCUs); peers hatched")


# The gateway: `lwc bench --csv` (python/lwc/bench.py), records/s on one core of the host.
GATEWAY_TARGET = ("lea128", 2_000_000)  # records/s of 64 bytes through ctr_records (issue #15)


def csv_fields(path):
    with open(path, newline="") as f:
        return csv.DictReader(f).fieldnames or []


def csv_rows_of(raw_files):
    """The rows of every CSV file, one list."""
    rows = []
    for path in raw_files:
        with open(path, newline="") as f:
            rows += list(csv.DictReader(f))
    return rows


def is_gateway_csv(path):
    return "records_per_s" in csv_fields(path) and "suite" not in csv_fields(path)


def is_sealed_csv(path):
    """`lwc bench --sealed --csv`: sealed records through lwc.records.Opener.open_many."""
    return "records_per_s" in csv_fields(path) and "suite" in csv_fields(path)


# Issue #25's targets: records/s of 32-byte payloads, EAX over LEA-128, on lists and on Arrow.
SEALED_TARGETS = {"list of bytes": 1_500_000, "pyarrow binary array": 4_000_000}


def sealed_gateway_markdown(raw_files):
    """The section "Sealed records on the gateway (Python)" from `lwc bench --sealed --csv`."""
    rows = csv_rows_of(raw_files)
    if not rows:
        return ""
    r0 = rows[0]
    batch = next((r["batch"] for r in rows if int(r["batch"]) > 1), "?")
    lines = ["", "## Sealed records on the gateway (Python): records per second on one core", "",
             f"`lwc bench --sealed` (`python/lwc/bench.py`, run by `make bench`): records of {r0['payload_bytes']}"
             f"-byte payloads (8-byte tags) from 16 nodes, interleaved, opened by `lwc.records.Opener.open_many` "
             f"in batches of {batch}: parse, keys (derived once per node), replay check, verification and "
             "decryption in one C call without the GIL, then the windows written and committed to a new SQLite "
             f"file (one commit per batch) before the results are built; Python {r0['python']}, one core of this "
             f"machine ({r0['cpu']}). **Wall-clock** figures, best of 3 on a machine shared with other jobs, "
             "and beside them the records per second of the thread's CPU time (the SQLite commit's fsync "
             "waits count in wall-clock only).", "",
             "| implementation | suite | records/s (wall-clock) | records/s per CPU-second |", "|---|---|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['implementation']} | {r['suite']} | {float(r['records_per_s']):,.0f} | "
                     f"{float(r['cpu_records_per_s']):,.0f} |")
    for kind, target in SEALED_TARGETS.items():
        hit = [r for r in rows if r["suite"] == "eax-lea128" and r["implementation"].endswith(kind)]
        if hit:
            rate, cpu = float(hit[0]["records_per_s"]), float(hit[0]["cpu_records_per_s"])
            lines += ["", f"Target (issue #25), eax-lea128, {kind}: {target:,} records/s: "
                      f"{'met' if rate >= target else 'NOT met'} in this run ({rate:,.0f} wall-clock, {cpu:,.0f} "
                      "per CPU-second)."]
    return "\n".join(lines) + "\n"


def gateway_markdown(raw_files):
    """The section "Gateway (Python)" from the CSV rows of `lwc bench --csv`."""
    rows = csv_rows_of(raw_files)
    if not rows:
        return ""
    record_bytes, cpu, python = rows[0]["record_bytes"], rows[0]["cpu"], rows[0]["python"]
    batch = [r for r in rows if int(r["batch"]) > 1]
    single = [r for r in rows if int(r["batch"]) == 1]
    lines = ["", "## Gateway (Python): records per second on one core", "",
             f"`lwc bench` (`python/lwc/bench.py`, run by `make bench` after the simulators): {record_bytes}-byte "
             f"records, each with its own IV, one key, decrypted by the Python package (Python {python}, the "
             f"library built by `setup.py` with the host build's flags) on one core of this machine ({cpu}). "
             "**Wall-clock** figures (the best of 5 repeats of about 0.2 s each) on a machine shared with other "
             "jobs, so they vary from run to run; beside them, the records per second of the thread's CPU "
             "time over the same repeat, which other jobs disturb much less.", "",
             f"Batch path: `Cipher.ctr_records(ivs, records)`, {batch[0]['batch'] if batch else '?'} records per "
             "call, the whole batch in C without the GIL, on one copy of the key schedule.", "",
             "| cipher | records/s (wall-clock) | records/s per CPU-second | MB/s (wall-clock) |",
             "|---|---:|---:|---:|"]
    for r in batch:
        rate = float(r["records_per_s"])
        lines.append(f"| {r['cipher']} | {rate:,.0f} | {float(r['cpu_records_per_s']):,.0f} | "
                     f"{rate * int(r['record_bytes']) / 1e6:.1f} |")
    cipher, target = GATEWAY_TARGET
    hit = [r for r in batch if r["cipher"] == cipher]
    if hit:
        rate = float(hit[0]["records_per_s"])
        lines += ["", f"Target (issue #15): {target:,} records/s for {cipher} through `ctr_records`: "
                  f"{'met' if rate >= target else 'NOT met'} in this run ({rate:,.0f} wall-clock, "
                  f"{float(hit[0]['cpu_records_per_s']):,.0f} per CPU-second)."]
    if single:
        lines += ["", "One record per call, for comparison (in the same run; pycryptodome and `cryptography` "
                  "have no batch call, so each record builds its cipher object):", "",
                  "| implementation | cipher | records/s (wall-clock) | records/s per CPU-second |",
                  "|---|---|---:|---:|"]
        for r in single:
            lines.append(f"| {r['implementation']} | {r['cipher']} | {float(r['records_per_s']):,.0f} | "
                         f"{float(r['cpu_records_per_s']):,.0f} |")
    return "\n".join(lines) + "\n"


# The issue's targets for the host section: (peer, the largest ratio lwc / peer, per round?)
# or, without a peer, the largest TSC ticks per byte.
HOST_TARGETS = {
    "lea128": ("cryptopp", 0.6), "lea192": ("cryptopp", 0.6), "lea256": ("cryptopp", 0.6),
    "cham64_128": ("cryptopp", 0.8), "cham128_128": ("cryptopp", 0.8), "cham128_256": ("cryptopp", 0.8),
    "hight": ("cryptopp", 0.5), "aes128": ("openssl", 1.3),
    "present80": (None, 8.0), "present128": (None, 8.0),
}
HOST_PEER_NAMES = {"cryptopp": "Crypto++", "openssl": "OpenSSL"}


SKETCH_BOARDS = (("uno", "Uno (ATmega328P)"), ("mega2560", "Mega 2560"))


def load_sketches(path):
    """(board, kind, cipher, feature) -> (flash, ram, flash over empty, ram over empty) of a
    sketch_sizes.sh CSV (lines starting with # are comments), and its comment lines."""
    with open(path, newline="") as f:
        lines = f.read().splitlines()
    notes = [line[1:].strip() for line in lines if line.startswith("#")]
    rows = {(r["board"], r["kind"], r["cipher"], r["feature"]):
            tuple(int(r[k]) for k in ("flash_bytes", "static_ram_bytes", "flash_over_empty", "static_ram_over_empty"))
            for r in csv.DictReader(line for line in lines if not line.startswith("#"))}
    return rows, notes


def sketches_markdown(now_path, before_path):
    """Arduino sketch sizes per cipher and feature (bench/sketch_sizes.sh), beside those of an
    earlier commit's library (bench/arduino-sketches-<commit>.csv)."""
    now, _ = load_sketches(now_path)
    before, notes = load_sketches(before_path) if before_path else ({}, [])
    label = Path(before_path).stem.rsplit("-", 1)[-1] if before_path else "-"
    probed = {(c, f) for (_, kind, c, f) in now if kind == "probe"}
    # In the order of bench/features.txt and of FAMILY_OF (then any other).
    features = [f for f in gen_probe.features() if any(pf == f for _, pf in probed)]
    ciphers = sorted({c for c, _ in probed if c != "-"}, key=lambda c: (list(FAMILY_OF).index(c)
                                                                       if c in FAMILY_OF else len(FAMILY_OF), c))

    def cell(board, kind, cipher, feature, i):
        r, b = now.get((board, kind, cipher, feature)), before.get((board, kind, cipher, feature))
        if not r:
            return "–"
        return f"{r[i]} ({b[i]})" if b and b[i] != r[i] else str(r[i])

    empty = {b: now[(b, "probe", "-", "empty")] for b, _ in SKETCH_BOARDS if (b, "probe", "-", "empty") in now}
    lines = ["", "## Arduino sketches: what each feature costs a sketch", "",
             "Each probe sketch makes the calls of one feature of `bench/features.txt` over one cipher (once, "
             "from `setup()`; every argument opaque, the contexts kept as globals), written by "
             "`bench/gen_probe.py` and built by the Arduino IDE's builder (`arduino-builder`) with Debian's "
             "Arduino AVR core and its flags (`-Os -flto`, `--gc-sections`) from the release folder "
             "(`mk/arduino.mk`); sizes as the IDE reports them (flash: `.text` + `.data`; static RAM: "
             "`.data` + `.bss`, which here includes the feature's contexts), **less the empty sketch** ("
             + ", ".join(f"{e[0]} B flash and {e[1]} B RAM on the {name}" for (b, name) in SKETCH_BOARDS
                         for e in [empty.get(b)] if e) + "). "
             f"In parentheses where it differs: the same probe with the library of commit {label} "
             f"(`{before_path}`"
             + (f": {'; '.join(notes)}" if notes else "") + "). Features: block_all = setkey, encrypt and "
             "decrypt; ctr = ctr_init and ctr_crypt; record = ctr_init, ctr_setiv and ctr_crypt; cmac = setkey, "
             "one call, init, update, final; eax and ccm = setkey, encrypt and decrypt; drbg = instantiate, "
             "reseed and generate. `make test` checks that each links nothing its calls do not reach "
             "(`tests/arduino/test_deadcode.py`)."]
    for board, name in SKETCH_BOARDS:
        for i, what in ((2, "flash"), (3, "static RAM")):
            lines += ["", f"{name}, {what} (B) over the empty sketch:", "",
                      "| cipher | " + " | ".join(features) + " |", "|---|" + "---:|" * len(features)]
            for c in ciphers:
                lines.append(f"| {c} | " + " | ".join(cell(board, "probe", c, f, i) for f in features) + " |")
    examples = list(dict.fromkeys(f for (_, kind, _, f) in now if kind == "example"))
    lines += ["", "The examples, whole sketches (flash / static RAM, B; in parentheses the examples and library "
              f"of {label} where they differ):", "",
              "| example | " + " | ".join(name for _, name in SKETCH_BOARDS) + " |", "|---|" + "---:|" * len(SKETCH_BOARDS)]
    for e in examples:
        lines.append(f"| {e} | " + " | ".join(f"{cell(b, 'example', '-', e, 0)} / {cell(b, 'example', '-', e, 1)}"
                                               for b, _ in SKETCH_BOARDS) + " |")
    return "\n".join(lines) + "\n"


def host_markdown(host_files):
    """The host section, from bench_host's CSV: lwc beside Crypto++ and OpenSSL, ratios per round."""
    lines = []
    for path in host_files:
        meta, data, rows = {}, [], {}
        with open(path, newline="") as f:
            for line in f:
                if line.startswith("# "):  # cpu, simd_level, path,<family>: name,width
                    key, _, value = line[2:].strip().partition(",")
                    if key == "path":
                        family, _, value = value.partition(",")
                        key = "path," + family
                    meta[key] = value
                else:
                    data.append(line)
        for r in csv.DictReader(data):
            rows[(r["cipher"], r["impl"], r["workload"])] = r
        ciphers = list(dict.fromkeys(c for c, impl, w in rows if w == "ctr-1MiB"))

        def fig(c, impl, workload):
            r = rows.get((c, impl, workload))
            return (float(r["median"]), int(r["rounds"])) if r else (None, None)

        lines += ["", "## Host (x86-64): lwc beside Crypto++ and OpenSSL", "",
                  f"Method: `build/host/bench_host` (`bench/bench_host.cpp`) on {meta.get('cpu', '?')}, one core, "
                  f"lwc's SIMD level `{meta.get('simd_level', '?')}` (chosen at run time from the CPU; "
                  "`lwc-portable` is the same library with the level forced to portable C). Figures are "
                  "**TSC ticks per byte** (`rdtsc`, which counts at a constant rate, not core cycles), the median "
                  "of 21 repetitions, every implementation and workload measured once per repetition, "
                  "interleaved, so ratios compare like with like (the CSV also has each row's minimum and "
                  "maximum). `ctr-1MiB`: one CTR call over 1 MiB in "
                  "place. `records-64B`: 16384 records of 64 bytes, one key, each with its own IV (lwc: counter "
                  "of a context set per record; Crypto++: `Resynchronize`; OpenSSL: `EVP_EncryptInit_ex` with "
                  "the IV); `lwc-batch` is the same records through `lwc_simd_ctr_records_X` in one call. "
                  "Peers: Crypto++ (Debian `libcrypto++-dev`: LEA, HIGHT, CHAM) and OpenSSL (`libssl-dev`, "
                  "AES-128 CTR). Crypto++'s CHAM is the original cipher (80 / 80 / 96 rounds), lwc's the "
                  "revised one (88 / 112 / 120): CHAM ratios are **per round**. Target: the issue's bound on "
                  "the ratio lwc / peer (PRESENT, which has no C peer: ticks per byte).", "",
                  "Paths: " + ", ".join(f"{k[5:]} `{v.split(',')[0]}` ({v.split(',')[1]} blocks per pass)"
                                        for k, v in meta.items() if k.startswith("path,")) + ".", "",
                  "| cipher | lwc | lwc portable | peer | peer figure | ratio lwc / peer | target | met |",
                  "|---|---:|---:|---|---:|---:|---:|---|"]
        for c in ciphers:
            lwc, rounds = fig(c, "lwc", "ctr-1MiB")
            portable, _ = fig(c, "lwc-portable", "ctr-1MiB")
            peer, bound = HOST_TARGETS.get(c, (None, None))
            peer_fig, peer_rounds = fig(c, peer, "ctr-1MiB") if peer else (None, None)
            if peer_fig:
                ratio = (lwc / rounds) / (peer_fig / peer_rounds)
                per_round = " per round" if rounds != peer_rounds else ""
                cells = [f"{HOST_PEER_NAMES[peer]}" + (f" ({peer_rounds} rounds)" if per_round else ""),
                         f"{peer_fig:.2f}", f"{ratio:.2f}{per_round}", f"<= {bound}", "yes" if ratio <= bound else "**no**"]
            else:
                cells = ["none", "", "", f"<= {bound} ticks/B" if bound else "",
                         ("yes" if lwc <= bound else "**no**") if bound else ""]
            lines.append(f"| {c} | {lwc:.2f} | {portable:.2f} | " + " | ".join(cells) + " |")
        lines += ["", "64-byte records (TSC ticks per byte):", "",
                  "| cipher | lwc, record by record | lwc-batch | lwc portable | peer | ratio lwc-batch / peer |",
                  "|---|---:|---:|---:|---:|---:|"]
        for c in ciphers:
            one, rounds = fig(c, "lwc", "records-64B")
            batch, _ = fig(c, "lwc-batch", "records-64B")
            portable, _ = fig(c, "lwc-portable", "records-64B")
            peer = HOST_TARGETS.get(c, (None, None))[0]
            peer_fig, peer_rounds = fig(c, peer, "records-64B") if peer else (None, None)
            ratio = f"{(batch / rounds) / (peer_fig / peer_rounds):.2f}" if peer_fig else ""
            lines.append(f"| {c} | {one:.2f} | {batch:.2f} | {portable:.2f} | "
                         f"{f'{peer_fig:.2f}' if peer_fig else ''} | {ratio} |")
        lines += ["", "EAX and CCM encryption on the portable C (`lwc-portable`): 1 MiB in messages of 4 KiB, each "
                  "with 8 bytes of associated data, a 12-byte (EAX) or 13-byte (CCM) nonce and an 8-byte tag, "
                  "beside the portable CTR over 1 MiB (TSC ticks per byte, and the ratio to that CTR). AES-128 "
                  "and PRESENT carry the CTR block in the MAC's two-block pass (about 2x CTR is the floor; see "
                  "the 32-bit targets' modes table).", "",
                  "| cipher | CTR portable | EAX | EAX / CTR | CCM | CCM / CTR |", "|---|---:|---:|---:|---:|---:|"]
        for c in ciphers:
            ctr, _ = fig(c, "lwc-portable", "ctr-1MiB")
            cells = []
            for workload in ("eax-4KiB", "ccm-4KiB"):
                mode, _ = fig(c, "lwc-portable", workload)
                cells += [f"{mode:.2f}", f"{mode / ctr:.2f}"] if mode and ctr else ["–", "–"]
            if ctr and any(x != "–" for x in cells):
                lines.append(f"| {c} | {ctr:.2f} | " + " | ".join(cells) + " |")
        lines += host_ascon_markdown(fig)
    return "\n".join(lines) + ("\n" if lines else "")


# The issue's host targets for Ascon-AEAD128: lwc's single call at most the fastest ascon-c
# build's ticks per byte; the batch at least this many times the single call's rate.
HOST_ASCON_BATCH_SPEEDUP = 3.0


def host_ascon_markdown(fig):
    """The host's Ascon-AEAD128 rows (bench_host's aead-* workloads): lwc's single call and batch
    beside ascon-c's builds, with the issue's two targets."""
    workloads = (("aead-64B", "64 B"), ("aead-16KiB", "16 KiB"))
    peers = [p for p in ("ascon-c-opt64", "ascon-c-avx512") if fig("ascon_aead128", p, "aead-64B")[0]]
    if not fig("ascon_aead128", "lwc", "aead-64B")[0]:
        return []
    lines = ["", "Ascon-AEAD128 (TSC ticks per byte): messages of 64 bytes (16384) and 16 KiB (64), each with 8 "
             "bytes of associated data, its own nonce and a 16-byte tag, encrypted in place; `lwc` one "
             "`lwc_ascon_aead128_encrypt` call per message, `lwc-batch` all of them in one "
             "`lwc_ascon_aead128_encrypt_many` call (8 records in the lanes of AVX-512 vectors, 4 with AVX2). "
             "Peers, measured in the same run, never copied into the project: ascon-c (`../shared/peers/ascon-c`, "
             "CC0) `opt64` and `avx512`, built as its README builds them (`-O3 -march=native`, so with the "
             "CPU's BMI and AVX-512 instructions; lwc's library is built for generic x86-64 and runs a BMI "
             "build of its Ascon C where the CPU has BMI1 and BMI2) and linked into "
             "`bench_host` under renamed entry points; each implementation passes the Ascon-AEAD128 KAT "
             "before it is measured" + ("" if peers else " (no peers: `../shared` is absent)") + ". Targets "
             "(issue #29): lwc's single call at most the fastest peer's ticks per byte; the batch at least "
             f"{HOST_ASCON_BATCH_SPEEDUP:g}x the single call's rate.", "",
             "| message | lwc | lwc-batch | " + " | ".join(f"ascon-c {p[8:]}" for p in peers) +
             " | lwc / fastest peer | met | batch speed-up | met |",
             "|---|---:|---:|" + "---:|" * len(peers) + "---:|---|---:|---|"]
    for workload, label in workloads:
        one, _ = fig("ascon_aead128", "lwc", workload)
        batch, _ = fig("ascon_aead128", "lwc-batch", workload)
        peer_figs = [fig("ascon_aead128", p, workload)[0] for p in peers]
        best = min(peer_figs) if peer_figs else None
        ratio = one / best if best else None
        speedup = one / batch
        lines.append(f"| {label} | {one:.2f} | {batch:.2f} | " + " | ".join(f"{f:.2f}" for f in peer_figs) +
                     (f" | {ratio:.2f} | {'yes' if ratio <= 1 else '**no**'}" if ratio else " | – | –") +
                     f" | {speedup:.2f}x | {'yes' if speedup >= HOST_ASCON_BATCH_SPEEDUP else '**no**'} |")
    return lines


def plots(rows, all_rows, raw, peers, outdir):
    """Draws the charts into outdir (rows: the reference MCUs', all_rows: every chip's); returns
    the file names drawn."""
    rows = [r for r in rows if not r["operation"].startswith("drbg_")]
    colours = cipher_colours(list(dict.fromkeys(r["cipher"] for r in rows)))
    plot_published(rows, outdir / CHART_PUBLISHED)
    plot_ctr_by_size(rows, outdir / CHART_CTR_SIZES, colours)
    plot_flash_speed(rows, outdir / CHART_FLASH_SPEED, colours)
    drawn = [CHART_PUBLISHED, CHART_CTR_SIZES, CHART_FLASH_SPEED]
    qemu = load_qemu(raw)
    if qemu:
        plot_mcu32(qemu, outdir / CHART_MCU32)
        drawn.append(CHART_MCU32)
    aeads = which_aead(all_rows, qemu, peers)
    if aeads:
        plot_which_aead(aeads, outdir / CHART_AEAD)
        drawn.append(CHART_AEAD)
    return drawn


def main():
    commit_label()  # before this run's charts and page change the tree
    outdir, docs, raw = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3:]
    host = [p for p in raw if Path(p).name.startswith("host-")]  # bench_host: host_markdown
    gateway = [p for p in raw if p not in host and is_gateway_csv(p)]  # lwc bench: gateway_markdown
    sealed = [p for p in raw if p not in host and is_sealed_csv(p)]  # lwc bench --sealed
    # bench/sketch_sizes.sh: results/raw/arduino-sketches.csv, bench/arduino-sketches-<commit>.csv
    sketches = [p for p in raw if Path(p).name.startswith("arduino-sketches")]
    sketches_now = [p for p in sketches if Path(p).name == "arduino-sketches.csv"]
    sketches_before = [p for p in sketches if p not in sketches_now]
    peers = load_peers([p for p in raw if Path(p).name.startswith("peer-")])  # bench/peer_ascon.c
    raw = [p for p in raw if p not in host and p not in gateway and p not in sealed and p not in sketches
           and not Path(p).name.startswith("peer-")]
    all_rows, flash = load(raw)
    rows = [r for r in all_rows if r["mcu"] in REFERENCE_MCUS]
    columns = ["mcu", "cipher", "variant", "operation", "bytes", "cycles", "cycles_per_byte", "flash_bytes",
               "ram_bytes", "stack_bytes", "context_bytes", "static_ram_bytes", "constant_time"]
    with open(outdir / "bench.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=columns, extrasaction="ignore")
        w.writeheader()
        w.writerows(all_rows)
    qemu = load_qemu(raw)
    tables = (markdown(rows) + modes_markdown(rows) + sealers_markdown(all_rows, flash, sketches_now) +
              chips_markdown(all_rows) + arm_markdown(qemu) + mcu32_markdown(qemu) +
              ascon_markdown(all_rows, qemu, peers) + host_markdown(host) +
              gateway_markdown(gateway) + sealed_gateway_markdown(sealed) +
              (sketches_markdown(sketches_now[0], sketches_before[0] if sketches_before else None)
               if sketches_now else ""))
    (outdir / "bench.md").write_text("# lwc benchmark results\n\n" + tables)
    img = docs.parent / "img"
    img.mkdir(parents=True, exist_ok=True)
    charts = "\n".join(f"- [`{name}`](img/{name}): {CHARTS[name]}" for name in plots(rows, all_rows, raw, peers, img))
    docs.write_text(DOC_HEAD.format(commit=commit_label(), charts=charts) + tables)
    print(tables)


DOC_HEAD = """# Benchmarks

Every figure on this page was produced by `make bench` (commit {commit}); do not edit it by
hand: run `make bench` again and commit the result.

## Method
- Firmware runs on a simulated **ATmega128** in simavr through `tools/avrsim`, whose cycle
  counts are checked against the datasheet by the calibration test of `make test`. The
  simulator is deterministic: a cycle count is exact and reproducible. The ATmega328P,
  ATmega2560 and ATtiny85 figures are in their own table (the same library on other
  chips); the others compare implementations on the ATmega128 (ATtiny45 for the ATtiny
  builds).
- Cycles are stamped by the firmware around exactly one library call made through the
  test table (`tests/target/lwc_server.c`), so each figure includes the indirect call and a
  small adapter (a few cycles).
- **setkey**: one key schedule. **encrypt / decrypt**: one block, key schedule excluded.
- **CTR**: `ctr_init` (key setup and any table building) plus every `ctr_crypt` call for
  the whole message, fed in place in chunks of 512 bytes (the ATmega128 has 4 KB SRAM).
- **Records**: one key set up once, then per record `ctr_setiv` + one `ctr_crypt` (16, 32
  and 64 bytes; the key setup not counted), the record API of a node that sends one
  record per IV.
- **Modes**: CMAC, EAX and CCM calls with the key set up once (the setup its own row):
  records of 16, 32 and 64 bytes with 8 bytes of associated data, and a long message.
- **Flash**: bytes an operation pulls into a firmware (`bench/flash_probe.c` with the probe
  `bench/gen_probe.py` writes from the calls `bench/features.txt` lists: linked size with
  `--gc-sections` minus a firmware that calls nothing): code, tables and libgcc helpers.
  CTR includes `ctr_init`, `ctr_crypt`, the key schedule and the block cipher. Tables read
  with `LPM` at base + byte (AES, HIGHT, PRESENT on ATmega) are 256-byte aligned, so these
  figures include the padding the linker puts before them in the probe firmware (up to 255
  bytes; it depends on what else the firmware holds): "(N pad)" is
  that part of the figure, read from the linker map. The raw CSV also has `library_bytes`:
  the part that is liblwc.a's own sections, without the caller's argument setup.
- **RAM**: key schedule or CTR context + library static data + the measured stack peak
  (the stack is painted before the call and the high-water mark found after it).
- **Constant time**: every single-block operation, setkey, a 64-byte CTR run and each
  record size are timed over 16 random keys and inputs; "yes" means all took identical cycles. `make test`
  enforces the same for every operation.
- **CTR_DRBG**: instantiate, reseed and generate timed as single calls, on the path with
  precomputed tables and on the plain path (`-plain`), both in the same firmware.
- Implementations: `ref` is the portable C reference (`-DLWC_NO_ASM`, built with avr-gcc
  5.4 `-Os`); `asm` is the default build's AVR assembly, listed for the families that
  have it; `asm-online` is the same with the CTR precomputation built online during the
  first block (`-DLWC_CTR_ONLINE`), listed for the CTR paths that have that variant;
  `asm-w32` and `asm-online-w32` are those two with PRESENT's CTR counter window of 32
  bits instead of 16 (`-DLWC_PRESENT_CTR_WINDOW=32`); `asm-compact` is the default build
  with the smaller variants (`-DLWC_HIGHT_COMPACT`: HIGHT without F tables;
  `-DLWC_CHAM64_CTR_1WAY`: CHAM-64/128 CTR one block at a time), listed for those two
  ciphers; `asm-aesram` is the default build with AES's S-boxes read from RAM
  (`-DLWC_AES_RAM_TABLES`), listed for aes128; `asm-small` is the default build with the
  size-optimised AES assembly (`-DLWC_AES_SMALL`), listed for aes128; `asm-fixed` is the default build plus a CHAM-64/128 CTR routine generated for
  one key and IV (`tools/gen/gen_cham_fixed_key.py`, round keys as immediates; only its
  CTR differs from `asm`; not a general-purpose path, so left out of the published
  comparison).
- CTR messages start at a counter whose low 32 bits are zero (upper bytes random), so
  where a message crosses a precomputation window is the same in every run.

Reproduce: `make bench`. It writes `results/bench.csv`, `results/bench.md`, this page and
its charts, in `docs/img/`:
{charts}

"""

if __name__ == "__main__":
    main()
