#!/usr/bin/env python3
"""Joins the raw benchmark CSVs into results/bench.csv, results/bench.md, plots in
results/, and docs/BENCHMARKS.md.

Usage: report.py RESULTS_DIR DOCS_FILE RAW_CSV...   (raw files: bench_avr rows and
flash_probe rows, told apart by their header)
"""
import csv
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

CTR_REFERENCE_BYTES = 4096
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
# ATtiny45, Papagiannopoulos & Verstegen 2013: (label, cycles/byte, flash bytes of key + enc + dec,
# our variant to compare)
TINY_PUBLISHED = [
    ("PRESENT-80 size-optimised enc+dec", 6578, 280, "tiny"),
    ("PRESENT-80 smallest (same paper)", 23756, 272, "tiny"),
    ("PRESENT-80 speed-optimised (same paper)", 1091, 1794, "tiny-fast"),
]

FAMILY_OF = {"present80": "present", "present128": "present", "lea128": "lea", "lea192": "lea",
             "lea256": "lea", "hight": "hight", "cham64_128": "cham", "cham128_128": "cham",
             "cham128_256": "cham", "aes128": "aes"}


def has_assembly(cipher):
    family = FAMILY_OF[cipher]
    return Path(f"src/{family}/{family}_avr.S").exists()


def has_online_ctr(cipher):
    """Whether the family's sources have an online-precomputation CTR variant."""
    return any("LWC_CTR_ONLINE" in p.read_text() for p in Path(f"src/{FAMILY_OF[cipher]}").glob("*.[cSh]"))


def load(raw_files):
    rows, flash = [], {}
    for path in raw_files:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                if "instructions" in r:
                    continue  # Cortex-M4 rows: arm_markdown
                if "flash_bytes" in r:
                    flash[(r["cipher"], r["variant"], r["operation"])] = r
                else:
                    rows.append(r)
    out = []
    for r in rows:
        # The default build equals the reference for a family without assembly.
        if r["variant"].startswith("asm") and not has_assembly(r["cipher"]):
            continue
        # The online build differs from the default one only in CTR precomputation.
        if r["variant"].startswith("asm-online") and (r["operation"] not in CTR_OPERATIONS or
                                                      not has_online_ctr(r["cipher"])):
            continue
        # The -w32 builds differ only in PRESENT's CTR counter window.
        if r["variant"].endswith("-w32") and r["operation"] not in CTR_OPERATIONS:
            continue
        probe_op = "drbg" if r["operation"].startswith("drbg_") else r["operation"]
        fl = flash[(r["cipher"], r["variant"], probe_op)]
        r["flash_bytes"] = int(fl["flash_bytes"])
        r["flash_fill"] = int(fl.get("align_fill_bytes") or 0)
        block_all = flash.get((r["cipher"], r["variant"], "block_all"))
        r["flash_block_all"] = int(block_all["flash_bytes"]) if block_all else None
        r["library_block_all"] = int(block_all["library_bytes"]) if block_all else None
        r["static_ram_bytes"] = int(fl["static_ram_bytes"])
        r["ram_bytes"] = int(r["context_bytes"]) + r["static_ram_bytes"] + int(r["stack_bytes"])
        for k in ("bytes", "cycles", "stack_bytes", "context_bytes"):
            r[k] = int(r[k])
        r["cycles_per_byte"] = float(r["cycles_per_byte"])
        out.append(r)
    return out


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


def commit_label():
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
    return "\n".join(lines) + "\n" + drbg


# Cortex-M4 (emulated). The study: PRESENT in C on a TI Tiva-C Cortex-M4 at 16 MHz against
# the chip's hardware AES, 1000 64-bit blocks (8000 bytes) each.
ARM_MHZ = 16
STUDY_PRESENT_MS = 6548
STUDY_HW_AES_MS = 391
STUDY_TARGET_FACTOR = 50
# The cycle model of bench_arm.sh's est_cycles (tools/armsim/cycle_model.py): its pipeline
# refill P, and the other values of P whose bounds are shown (est_cycles -/+ refills).
ARM_REFILL_P = 2
ARM_MODEL = (f"estimate (model: Cortex-M4 TRM timings, P = {ARM_REFILL_P}, zero wait states)")
# Reis, Aranha, López (CHES 2017), bitsliced PRESENT on a Cortex-M3: about 2100 cycles for
# 128 bits, i.e. about 131 cycles/byte; our target: PRESENT-128 CTR at most 120 insns/byte.
RAL_PRESENT_CYCLES_PER_BYTE = 131
ARM_PRESENT_CTR_TARGET = 120


def arm_markdown(raw_files):
    """The Cortex-M4 section, from bench_arm.sh rows and the cortex-m4 flash probe rows."""
    rows, flash = {}, {}
    for path in raw_files:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                if "instructions" in r:
                    rows[(r["cipher"], r["operation"])] = {k: int(r[k]) for k in
                                                           ("bytes", "instructions", "stack_bytes", "context_bytes",
                                                            "est_cycles", "refills")}
                elif "flash_bytes" in r and r["variant"] == "cortex-m4":
                    flash[(r["cipher"], r["operation"])] = int(r["flash_bytes"])
    if not rows:
        return ""
    ciphers = list(dict.fromkeys(c for c, _ in rows))

    def ms(insns):
        return insns / (ARM_MHZ * 1000.0)

    def est(r, p=ARM_REFILL_P):
        """The estimated cycles of a row for a refill of p cycles."""
        return r["est_cycles"] + (p - ARM_REFILL_P) * r["refills"]

    lines = ["", "## Cortex-M4 (emulated): instruction counts and estimated cycles", "",
             "Method: `build/cortex-m4/liblwc.a` (arm-none-eabi-gcc 12, `-mcpu=cortex-m4 -mthumb -O2`) runs on "
             "QEMU's `mps2-an386` board through `tools/armsim`. QEMU is not cycle-accurate and has no usable "
             "cycle counter, so the figures are **executed instructions**, counted exactly from QEMU's "
             "execution trace (one instruction per translation block, `-d exec`) between two marker calls "
             "(`tools/armsim/count_insns.c`; `make test` checks the counter on calibration sequences of known "
             "length). They are deterministic, but they are not cycles: loads, taken branches, multiplies "
             "and flash wait states cost more than one cycle on a real Cortex-M4, so cycles >= instructions "
             "and the millisecond figures at 1 cycle per instruction are **lower bounds**. "
             f"Estimated cycles, an {ARM_MODEL} and not a measurement: each executed instruction (from the same "
             "trace) is costed with the Cortex-M4 Technical Reference Manual's instruction timings "
             "(`tools/armsim/cycle_model.py`): data processing and all multiplies 1, IT 1 (never folded), "
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
             "constants). RAM: key schedule or CTR context + measured stack peak.", "",
             "| cipher | setkey insns | encrypt insns/B | decrypt insns/B | CTR 4 KiB insns/B | "
             "est. cycles/B enc / dec / CTR | flash enc / dec / CTR (B) | RAM enc / CTR (B) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for c in ciphers:
        sk, enc, dec = (rows.get((c, op)) for op in ("setkey", "encrypt", "decrypt"))
        init, crypt = rows.get((c, "ctr_init")), rows.get((c, "ctr_crypt"))
        if not (sk and enc and dec and init and crypt):
            continue
        ctr = (init["instructions"] + crypt["instructions"]) / crypt["bytes"]
        ctr_est = (est(init) + est(crypt)) / crypt["bytes"]
        lines.append(
            f"| {c} | {sk['instructions']} | {enc['instructions'] / enc['bytes']:.1f} | "
            f"{dec['instructions'] / dec['bytes']:.1f} | {ctr:.1f} | "
            f"{est(enc) / enc['bytes']:.1f} / {est(dec) / dec['bytes']:.1f} / {ctr_est:.1f} | "
            f"{flash.get((c, 'encrypt'), '?')} / {flash.get((c, 'decrypt'), '?')} / {flash.get((c, 'ctr'), '?')} | "
            f"{enc['context_bytes'] + enc['stack_bytes']} / {crypt['context_bytes'] + max(init['stack_bytes'], crypt['stack_bytes'])} |")

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
        r = rows.get((c, "ecb_study"))
        if not r:
            continue
        pub = f"{STUDY_HW_AES_MS} (hardware AES)" if c == "aes128" else str(STUDY_PRESENT_MS)
        factor = (f"{STUDY_PRESENT_MS / ms(r['instructions']):.1f}x / {STUDY_PRESENT_MS / ms(est(r)):.1f}x "
                  f"[{STUDY_PRESENT_MS / ms(est(r, 3)):.1f}x .. {STUDY_PRESENT_MS / ms(est(r, 1)):.1f}x]"
                  if c != "aes128" else "–")
        lines.append(f"| {label} | {r['instructions']} | {ms(r['instructions']):.1f} | {est(r)} | "
                     f"{ms(est(r)):.1f} [{ms(est(r, 1)):.1f} .. {ms(est(r, 3)):.1f}] | {pub} | {factor} |")
    p80 = rows.get(("present80", "ecb_study"))
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
    init, crypt = rows.get(("present128", "ctr_init")), rows.get(("present128", "ctr_crypt"))
    if init and crypt:
        ctr = (init["instructions"] + crypt["instructions"]) / crypt["bytes"]
        ctr_est = (est(init) + est(crypt)) / crypt["bytes"]
        lines += ["", "| other published figure | published | ours (instructions/B) | |", "|---|---:|---:|---|",
                  f"| PRESENT, bitsliced, Cortex-M3 (Reis, Aranha, López, CHES 2017), cycles/B | "
                  f"{RAL_PRESENT_CYCLES_PER_BYTE} | {ctr:.1f} (PRESENT-128 CTR 4 KiB) | instructions, not cycles; "
                  f"{ctr_est:.1f} cycles/B by the {ARM_MODEL} |",
                  f"| Target: PRESENT-128 CTR, instructions/B | at most {ARM_PRESENT_CTR_TARGET} | {ctr:.1f} | "
                  + ("met |" if ctr <= ARM_PRESENT_CTR_TARGET else "**not met** |")]
    return "\n".join(lines) + "\n"


def finish_plot(fig, ax, path, title, legend_size):
    ax.set_yscale("log")
    ax.set_title(title)
    ax.legend(fontsize=legend_size, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plots(rows, outdir):
    rows = [r for r in rows if not r["operation"].startswith("drbg_")]
    ciphers = list(dict.fromkeys(r["cipher"] for r in rows))
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    fig, ax = plt.subplots(figsize=(12, 5))
    modes = [("encrypt", None), ("decrypt", None), ("ctr", CTR_REFERENCE_BYTES)]
    width = 0.8 / (len(modes) * len(variants))
    i = 0
    for v in variants:
        for op, nbytes in modes:
            xs, ys = [], []
            for k, c in enumerate(ciphers):
                r = find(rows, c, v, op, nbytes)
                if r:
                    xs.append(k + (i - len(modes) * len(variants) / 2 + 0.5) * width)
                    ys.append(r["cycles_per_byte"])
            ax.bar(xs, ys, width, label=f"{op}{' 4 KiB' if nbytes else ''} ({v})")
            i += 1
    ax.set_xticks(range(len(ciphers)))
    ax.set_xticklabels(ciphers, rotation=20)
    ax.set_ylabel("cycles per byte (log scale)")
    finish_plot(fig, ax, outdir / "cycles_per_byte.png",
                "lwc on a simulated ATmega128: cycles per byte by cipher and mode", 8)

    fig, ax = plt.subplots(figsize=(10, 6))
    ax.set_prop_cycle(color=plt.cm.tab20.colors)
    for c in ciphers:
        for v in variants:
            pts = sorted((r["bytes"], r["cycles"]) for r in rows
                         if r["cipher"] == c and r["variant"] == v and r["operation"] == "ctr")
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", markersize=3,
                        linestyle="-" if v == "asm" else "--", label=f"{c} ({v})")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("message bytes")
    ax.set_ylabel("total cycles (CTR, setup included)")
    finish_plot(fig, ax, outdir / "ctr_cycles_by_size.png", "CTR: total cycles against message size", 7)


def main():
    outdir, docs, raw = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3:]
    rows = load(raw)
    columns = ["mcu", "cipher", "variant", "operation", "bytes", "cycles", "cycles_per_byte", "flash_bytes",
               "ram_bytes", "stack_bytes", "context_bytes", "static_ram_bytes", "constant_time"]
    with open(outdir / "bench.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=columns, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    tables = markdown(rows) + arm_markdown(raw)
    (outdir / "bench.md").write_text("# lwc benchmark results\n\n" + tables)
    plots(rows, outdir)
    docs.write_text(DOC_HEAD.format(commit=commit_label()) + tables + DOC_TAIL)
    print(tables)


DOC_HEAD = """# Benchmarks

Every figure on this page was produced by `make bench` (commit {commit}); do not edit it by
hand: run `make bench` again and commit the result.

## Method
- Firmware runs on a simulated **ATmega128** in simavr through `tools/avrsim`, whose cycle
  counts are checked against the datasheet by the calibration test of `make test`. The
  simulator is deterministic: a cycle count is exact and reproducible.
- Cycles are stamped by the firmware around exactly one library call made through the
  test table (`tests/target/lwc_server.c`), so each figure includes the indirect call and a
  small adapter (a few cycles).
- **setkey**: one key schedule. **encrypt / decrypt**: one block, key schedule excluded.
- **CTR**: `ctr_init` (key setup and any table building) plus every `ctr_crypt` call for
  the whole message, fed in place in chunks of 512 bytes (the ATmega128 has 4 KB SRAM).
- **Records**: one key set up once, then per record `ctr_setiv` + one `ctr_crypt` (16, 32
  and 64 bytes; the key setup not counted), the record API of a node that sends one
  record per IV.
- **Flash**: bytes an operation pulls into a firmware (`bench/flash_probe.c`: linked size
  with `--gc-sections` minus a firmware that calls nothing): code, tables and libgcc
  helpers. CTR includes `ctr_init`, `ctr_crypt`, the key schedule and the block cipher.
  Tables read with `LPM` at base + byte (AES, HIGHT, PRESENT on ATmega) are 256-byte
  aligned, so these figures include the padding the linker puts before them in the probe
  firmware (up to 255 bytes; it depends on what else the firmware holds): "(N pad)" is
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
  ciphers; `asm-fixed` is the default build plus a CHAM-64/128 CTR routine generated for
  one key and IV (`tools/gen/gen_cham_fixed_key.py`, round keys as immediates; only its
  CTR differs from `asm`; not a general-purpose path, so left out of the published
  comparison).
- CTR messages start at a counter whose low 32 bits are zero (upper bytes random), so
  where a message crosses a precomputation window is the same in every run.

Reproduce: `make bench` (results in `results/`: `bench.csv`, `bench.md`,
`cycles_per_byte.png`, `ctr_cycles_by_size.png`).

"""
DOC_TAIL = """
The plots (`results/cycles_per_byte.png`, `results/ctr_cycles_by_size.png`) are drawn by
the same run.
"""

if __name__ == "__main__":
    main()
