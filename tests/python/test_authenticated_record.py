"""End to end: the Arduino examples AuthenticatedRecord (LEA-128 EAX) and AsconRecord
(Ascon-AEAD128; examples/), built by the Arduino builder for the Uno and the Mega 2560
(mk/arduino.mk), run on the simulated board with their analogRead fed; the package, as the
gateway, authenticates and decrypts every record a sketch prints, with the sketch's own
key, node id, channel and tag length (read from its source), and rejects each record with
any bit flipped or under another key.

LWC_AVRSIM names the simulator and LWC_AUTH_RECORDS the builds, as MCU=DIR pairs separated
by spaces, DIR holding <Sketch>/<Sketch>.ino.elf (mk/python.mk sets both)."""

from __future__ import annotations

import os
import re
import subprocess

import pytest

import lwc
from conftest import program
from helpers import ROOT, flips

DEFAULT_BUILDS = " ".join(f"{mcu}=build/arduino/{board}" for mcu, board in (("atmega328p", "uno"),
                                                                            ("atmega2560", "mega2560")))
BUILDS = dict(pair.split("=", 1) for pair in os.environ.get("LWC_AUTH_RECORDS", DEFAULT_BUILDS).split())
RUN_CYCLES = 100_000_000  # 6.25 s at 16 MHz: four records, two seconds apart
MIN_RECORDS = 3
HEADER = 10  # node id (2), boot counter (4), record number (4): EAX's nonce, Ascon's with 6 zero bytes


class Sketch:
    """One example: its name, banner, the setkey call that names its AEAD, and the gateway's
    decryption of a record's parts (raising lwc.AuthenticationError)."""

    def __init__(self, name, banner, setkey, decrypt):
        self.name, self.banner, self.setkey, self.decrypt = name, banner, setkey, decrypt
        self.source = ROOT / "examples" / name / f"{name}.ino"


def eax_gateway(key):
    cipher = lwc.Cipher("lea128", key)
    return lambda header, ad, ct, tag: cipher.eax_decrypt(header, ct, tag, ad=ad, tag_len=len(tag))


def ascon_gateway(key):
    ascon = lwc.Ascon(key)
    return lambda header, ad, ct, tag: ascon.decrypt(header + bytes(6), ct, tag, ad=ad, tag_len=len(tag))


SKETCHES = [Sketch("AuthenticatedRecord", "AuthenticatedRecord: LEA-128 EAX records", "lwc_lea128_eax_setkey",
                   eax_gateway),
            Sketch("AsconRecord", "AsconRecord: Ascon-AEAD128 records", "lwc_ascon_aead128_setkey", ascon_gateway)]


def sketch_constants(sketch):
    """(key, node id, channel, tag length) as the sketch defines them; the sketch must call
    its AEAD's setkey."""
    text = sketch.source.read_text()

    def value(pattern):
        m = re.search(pattern, text)
        assert m, f"{sketch.source.name}: no match for {pattern}"
        return m.group(1)

    assert re.search(rf"\b{sketch.setkey}\(", text), f"{sketch.source.name} does not call {sketch.setkey}"
    key = bytes(int(b, 16) for b in re.findall(r"0x([0-9a-fA-F]{2})", value(r"\bkey\[\w+\] = \{([^}]*)\}")))
    return key, int(value(r"nodeId = (\w+);"), 0), int(value(r"channel = (\w+);"), 0), \
        int(value(r"tagBytes = (\w+);"), 0)


def run_sketch(sketch, mcu: str, adc: list, tmp_path) -> list:
    """The sketch's Serial lines on the simulated mcu, analogRead returning adc in turn."""
    elf = ROOT / BUILDS[mcu] / sketch.name / f"{sketch.name}.ino.elf"
    if not elf.exists():
        pytest.fail(f"{elf} not found: build it with make (mk/python.mk lists it in TEST_DEPS)")
    adc_file = tmp_path / "adc.txt"
    adc_file.write_text("".join(f"{v}\n" for v in adc))
    done = subprocess.run([str(program("LWC_AVRSIM", "tools/avrsim")), "--quiet", "--mcu", mcu, "--uart", "--adc",
                           str(adc_file), "--stop-after", str(RUN_CYCLES), str(elf)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


@pytest.mark.parametrize("sketch", SKETCHES, ids=lambda s: s.name)
@pytest.mark.parametrize("mcu", sorted(BUILDS))
def test_the_gateway_authenticates_what_the_sketch_sends(sketch, mcu, rng, tmp_path):
    key, node_id, channel, tag_len = sketch_constants(sketch)
    assert (len(key), tag_len) == (16, 8)
    gateway = sketch.decrypt(key)
    adc = [rng.randrange(1024) for _ in range(16)]
    lines = run_sketch(sketch, mcu, adc, tmp_path)
    assert lines and lines[0].startswith(sketch.banner), lines[:1]
    records = []
    for number, line in enumerate(lines[1:], 1):
        m = re.fullmatch(r"reading (\d+) -> record ([0-9A-F]+)", line)
        assert m, f"line {number + 1} is not a record: {line!r}"
        record = bytes.fromhex(m.group(2))
        assert len(record) == HEADER + 1 + 2 + tag_len
        nonce, ad, ct, tag = record[:HEADER], record[HEADER:HEADER + 1], record[HEADER + 1:-tag_len], record[-tag_len:]
        # The header in clear: the node id, one boot counter for the run, the record number.
        assert nonce[:2] == node_id.to_bytes(2, "big") and nonce[6:] == number.to_bytes(4, "big")
        if records:
            assert nonce[2:6] == records[0][0][2:6], "one boot counter per run"
        assert ad == bytes([channel])
        plain = gateway(nonce, ad, ct, tag)
        # What the sketch says it sends: the ADC value it read, low byte first.
        assert int.from_bytes(plain, "little") == int(m.group(1)) == adc[number - 1], f"record {number}"
        records.append((nonce, ad, ct, tag))
    assert len(records) >= MIN_RECORDS
    other_key = sketch.decrypt(bytes([key[0] ^ 1]) + key[1:])
    for nonce, ad, ct, tag in records:
        whole = nonce + ad + ct + tag
        for bad in flips(whole):
            with pytest.raises(lwc.AuthenticationError):
                gateway(bad[:HEADER], bad[HEADER:HEADER + 1], bad[HEADER + 1:-tag_len], bad[-tag_len:])
        with pytest.raises(lwc.AuthenticationError):
            other_key(nonce, ad, ct, tag)
