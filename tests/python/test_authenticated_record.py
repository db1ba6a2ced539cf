"""End to end: the Arduino example AuthenticatedRecord (examples/), built by the Arduino
builder for the Uno and the Mega 2560 (mk/arduino.mk), runs on the simulated board with
its analogRead fed; the package, as the gateway, authenticates and decrypts every record
the sketch prints, with the sketch's own key, node id, channel and tag length (read from
its source), and rejects each record with any bit flipped or under another key.

LWC_AVRSIM names the simulator and LWC_AUTH_RECORDS the firmware, as MCU=ELF pairs
separated by spaces (mk/python.mk sets both)."""

from __future__ import annotations

import os
import re
import subprocess

import pytest

import lwc
from conftest import program
from helpers import ROOT, flips

SKETCH = ROOT / "examples" / "AuthenticatedRecord" / "AuthenticatedRecord.ino"
DEFAULT_FIRMWARE = " ".join(f"{mcu}=build/arduino/{board}/AuthenticatedRecord/AuthenticatedRecord.ino.elf"
                            for mcu, board in (("atmega328p", "uno"), ("atmega2560", "mega2560")))
FIRMWARE = dict(pair.split("=", 1) for pair in os.environ.get("LWC_AUTH_RECORDS", DEFAULT_FIRMWARE).split())
RUN_CYCLES = 100_000_000  # 6.25 s at 16 MHz: four records, two seconds apart
MIN_RECORDS = 3
HEADER = 10  # node id (2), boot counter (4), record number (4): the nonce


def sketch_constants():
    """(cipher id, key, node id, channel, tag length) as the sketch defines them."""
    text = SKETCH.read_text()

    def value(pattern):
        m = re.search(pattern, text)
        assert m, f"{SKETCH.name}: no match for {pattern}"
        return m.group(1)

    cipher = value(r"lwc_(\w+)_eax_setkey\(")
    key = bytes(int(b, 16) for b in re.findall(r"0x([0-9a-fA-F]{2})", value(r"\bkey\[\w+\] = \{([^}]*)\}")))
    return cipher, key, int(value(r"nodeId = (\w+);"), 0), int(value(r"channel = (\w+);"), 0), \
        int(value(r"tagBytes = (\w+);"), 0)


def run_sketch(mcu: str, adc: list, tmp_path) -> list:
    """The sketch's Serial lines on the simulated mcu, analogRead returning adc in turn."""
    elf = ROOT / FIRMWARE[mcu]
    if not elf.exists():
        pytest.fail(f"{elf} not found: build it with make (mk/python.mk lists it in TEST_DEPS)")
    adc_file = tmp_path / "adc.txt"
    adc_file.write_text("".join(f"{v}\n" for v in adc))
    done = subprocess.run([str(program("LWC_AVRSIM", "tools/avrsim")), "--quiet", "--mcu", mcu, "--uart", "--adc",
                           str(adc_file), "--stop-after", str(RUN_CYCLES), str(elf)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


@pytest.mark.parametrize("mcu", sorted(FIRMWARE))
def test_the_gateway_authenticates_what_the_sketch_sends(mcu, rng, tmp_path):
    cipher, key, node_id, channel, tag_len = sketch_constants()
    assert (cipher, len(key), tag_len) == ("lea128", 16, 8)
    gateway = lwc.Cipher(cipher, key)
    adc = [rng.randrange(1024) for _ in range(16)]
    lines = run_sketch(mcu, adc, tmp_path)
    assert lines and lines[0].startswith("AuthenticatedRecord: LEA-128 EAX records"), lines[:1]
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
        plain = gateway.eax_decrypt(nonce, ct, tag, ad=ad, tag_len=tag_len)
        # What the sketch says it sends: the ADC value it read, low byte first.
        assert int.from_bytes(plain, "little") == int(m.group(1)) == adc[number - 1], f"record {number}"
        records.append((nonce, ad, ct, tag))
    assert len(records) >= MIN_RECORDS
    other_key = lwc.Cipher(cipher, bytes([key[0] ^ 1]) + key[1:])
    for nonce, ad, ct, tag in records:
        whole = nonce + ad + ct + tag
        for bad in flips(whole):
            with pytest.raises(lwc.AuthenticationError):
                gateway.eax_decrypt(bad[:HEADER], bad[HEADER + 1:-tag_len], bad[-tag_len:], ad=bad[HEADER:HEADER + 1],
                                    tag_len=tag_len)
        with pytest.raises(lwc.AuthenticationError):
            other_key.eax_decrypt(nonce, ct, tag, ad=ad, tag_len=tag_len)
