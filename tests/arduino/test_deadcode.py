#!/usr/bin/env python3
"""A sketch pays only for what it calls: no lwc symbol (code or table) in a probe sketch that its
calls do not need.

The probe sketches (bench/gen_probe.py; built by mk/arduino.mk with arduino-builder and the
core's flags, -flto included) each make the calls of one feature of bench/features.txt over one
cipher. For each, the expected set is derived from the code:
  - reach: the lwc symbols of the same probe linked without link-time optimisation with
    --gc-sections against the library of `make lib` (LIB_DIR/liblwc.a), i.e. what the calls
    reach through the relocations of the library's sections;
  - less what the feature must not link: the code of another cipher family (symbols defined
    only under another family's folder of src/), and the own code of each feature it excludes
    (bench/features.txt): the symbols that this feature and the excluded one both reach beyond
    the key schedule and block encryption (the setkey and encrypt probes), but for the shared
    helpers of src/common.
Checks, per probe: the sketch's lwc symbols (avr-nm of its ELF; names as LTO suffixes them,
.constprop.0, .lto_priv.0, ... cut) lie in the expected set; so do those of the non-LTO link
itself (what a `make lib` user linking with --gc-sections gets); the sketch that includes lwc.h
and calls nothing ("none") links no lwc byte; no library name is also one of the empty sketch's
(which would make the attribution by name wrong).
Usage: test_deadcode.py PROBES_DIR LIB_DIR MCU
  PROBES_DIR/<cipher>-<feature>/probe.ino.elf, PROBES_DIR/none/..., PROBES_DIR/empty/...
  LIB_DIR: a make lib build for MCU (liblwc.a, obj/<family>/*.o)
Last line "N passed, M failed".
"""
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import gen_probe  # noqa: E402

SHARED = {"common", "modes", "drbg"}  # src/ folders of code every cipher uses


def symbols(elf):
    """name (LTO and clone suffixes cut) -> size, of the symbols an object or ELF defines (but
    the absolute ones, such as the assembler's __SREG__)."""
    out = subprocess.run(["avr-nm", "-S", "-t", "d", "--defined-only", str(elf)], check=True,
                         capture_output=True, text=True).stdout
    found = {}
    for line in out.splitlines():
        fields = line.split()
        name = fields[-1].split(".")[0]
        if name and fields[-2] not in ("a", "A"):
            found[name] = found.get(name, 0) + (int(fields[1]) if len(fields) == 4 else 0)
    return found


def library_names(lib_dir):
    """name -> the src/ folders whose objects define it."""
    families = {}
    for obj in sorted((lib_dir / "obj").glob("*/*.o")):
        for name in symbols(obj):
            families.setdefault(name, set()).add(obj.parent.name)
    return families


def reach(cipher, feature, lib_dir, mcu, tmp, protos, lib):
    """The lwc symbols of the probe linked without LTO, with --gc-sections."""
    src, elf = tmp / f"{cipher}-{feature}.c", tmp / f"{cipher}-{feature}.elf"
    src.write_text(gen_probe.probe_c(cipher, feature, protos))
    subprocess.run(["avr-gcc", f"-mmcu={mcu}", "-Os", "-std=c99", f"-I{ROOT / 'include'}", "-ffunction-sections",
                    "-fdata-sections", "-Wl,--gc-sections", str(ROOT / "bench" / "flash_probe.c"), str(src),
                    str(lib_dir / "liblwc.a"), "-o", str(elf)], check=True)
    return {n for n in symbols(elf) if n in lib}


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    probes, lib_dir, mcu = Path(argv[0]), Path(argv[1]), argv[2]
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        print(("PASS " if ok else "FAIL ") + what)
        passed, failed = passed + ok, failed + (not ok)

    lib = library_names(lib_dir)
    features = gen_probe.features()
    protos = gen_probe.prototypes([])
    empty = symbols(probes / "empty" / "probe.ino.elf")
    clash = sorted(n for n in empty if n in lib)
    check(not clash, f"no library name is one of the empty sketch's ({', '.join(clash) or 'none'})")
    none = {n: s for n, s in symbols(probes / "none" / "probe.ino.elf").items() if n in lib}
    check(not any(none.values()), "the sketch that includes lwc.h and calls nothing links no lwc byte "
          f"({', '.join(f'{n} {s} B' for n, s in none.items() if s) or 'only ' + ', '.join(sorted(none))})")

    sketches = sorted(p.parent.name for p in probes.glob("*-*/probe.ino.elf"))
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        reached = {}  # (cipher, feature) -> the non-LTO link's lwc symbols
        for cipher in dict.fromkeys(p.split("-")[0] for p in sketches):
            for name in features:
                if gen_probe.calls_of(cipher, name, protos) is not None:
                    reached[cipher, name] = reach(cipher, name, lib_dir, mcu, tmp, protos, lib)
        # A cipher's family: the src/ folders, shared ones aside, that define its lwc_<id>_ names.
        family = {c: set().union(*(h for n, h in lib.items() if n.startswith(f"lwc_{c}_"))) - SHARED
                  for c, _ in reached}
        foreign = set().union(*family.values())

        for probe in sketches:
            cipher, feature = probe.split("-")
            base = reached.get((cipher, "setkey"), set()) | reached.get((cipher, "encrypt"), set())
            own = family[cipher]

            def why_not(name):
                """Why a probe of this feature must not link name, or None."""
                homes = lib[name]
                if not homes & (own | SHARED) and homes & foreign:
                    return "of " + "/".join(sorted(homes))
                for excluded in features[feature][1]:
                    if ((cipher, excluded) in reached and name in reached[cipher, excluded] and name not in base
                            and "common" not in homes):
                        return f"{excluded}'s own"
                return None

            expected = reached[cipher, feature]
            sketch = {n for n in symbols(probes / probe / "probe.ino.elf") if n in lib}
            bad = sorted(f"{n} (unreached)" if n not in expected else f"{n} ({why_not(n)})"
                         for n in sketch if n not in expected or why_not(n))
            check(not bad, f"{probe} sketch (LTO): {len(sketch)} lwc symbols, all reached by its calls and its own"
                  + (": " + ", ".join(bad) if bad else ""))
            bad = sorted(f"{n} ({why_not(n)})" for n in expected if why_not(n))
            check(not bad, f"{probe} without LTO (make lib, --gc-sections): {len(expected)} lwc symbols, none "
                  "of another family or an excluded feature" + (": " + ", ".join(bad) if bad else ""))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
