"""End to end: the Arduino example SealedRecord (examples/), built for the Uno and the Mega
2560 (mk/arduino.mk), runs on the simulated board across power-ups with its EEPROM kept in
a file (avrsim --eeprom); the package's Opener, as the gateway holding only the example
master key and one SQLite store, opens every record it prints, refuses each with a bit
flipped, refuses the records of a power-up after the EEPROM was erased (replays), and after
the operator re-keys the node (docs/RECORDS.md) opens the re-keyed build's records (epoch 2)
and refuses the old epoch's.

LWC_AVRSIM names the simulator and LWC_SEALED_RECORDS the builds, as MCU=DIR pairs separated
by spaces, DIR holding SealedRecord/ and SealedRecord-epoch2/ (mk/python.mk sets both)."""

from __future__ import annotations

import os
import re
import subprocess

import pytest

import lwc
from conftest import program
from helpers import ROOT
from lwc.records import Opener

DEFAULT_BUILDS = "atmega328p=build/arduino/uno atmega2560=build/arduino/mega2560"
BUILDS = dict(pair.split("=", 1) for pair in os.environ.get("LWC_SEALED_RECORDS", DEFAULT_BUILDS).split())
RUN_CYCLES = 100_000_000  # 6.25 s at 16 MHz: four records, two seconds apart
MIN_RECORDS = 3
MASTER = bytes(range(16))  # the example master key of the sketch's comment
NODE = 0x17


def power_up(mcu: str, sketch: str, eeprom, adc: list, tmp_path) -> tuple:
    """(epoch, boot, [(reading, record)]) of one simulated power-up of the build sketch."""
    elf = ROOT / BUILDS[mcu] / sketch / "SealedRecord.ino.elf"
    if not elf.exists():
        pytest.fail(f"{elf} not found: build it with make (mk/python.mk lists it in TEST_DEPS)")
    adc_file = tmp_path / "adc.txt"
    adc_file.write_text("".join(f"{v}\n" for v in adc))
    done = subprocess.run([str(program("LWC_AVRSIM", "tools/avrsim")), "--quiet", "--mcu", mcu, "--uart", "--adc",
                           str(adc_file), "--eeprom", str(eeprom), "--stop-after", str(RUN_CYCLES), str(elf)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    banner = re.fullmatch(r"SealedRecord: EAX over LEA-128, node (\w+), epoch (\d+), boot (\d+)", lines[0])
    assert banner and int(banner.group(1), 16) == NODE, lines[:1]
    records = []
    for line in lines[1:]:
        m = re.fullmatch(r"reading (\d+) -> record ([0-9A-F]+)", line)
        assert m, f"not a record: {line!r}"
        records.append((int(m.group(1)), bytes.fromhex(m.group(2))))
    assert len(records) >= MIN_RECORDS
    return int(banner.group(2)), int(banner.group(3)), records


@pytest.mark.parametrize("mcu", sorted(BUILDS))
def test_the_gateway_opens_what_the_sketch_seals(mcu, rng, tmp_path):
    store, eeprom = tmp_path / "gateway.sqlite3", tmp_path / "eeprom.bin"
    gateway = Opener(master_key=MASTER, store=store)
    adc = [rng.randrange(1024) for _ in range(16)]
    sent = []

    def accepted(epoch: int, boot: int, records: list) -> None:
        opened = gateway.open_many([r for _, r in records])
        for number, ((reading, record), r) in enumerate(zip(records, opened)):
            assert r == (NODE, boot << 24 | number, reading.to_bytes(2, "little"), 1, epoch, 0), r
            assert reading == adc[number]
        sent.extend(record for _, record in records)

    epoch, boot, records = power_up(mcu, "SealedRecord", eeprom, adc, tmp_path)  # a new board: EEPROM erased
    assert (epoch, boot) == (1, 0)
    accepted(epoch, boot, records)
    flipped = []
    for _, record in records:
        for bit in range(8 * len(record)):
            r = bytearray(record)
            r[bit // 8] ^= 1 << bit % 8
            flipped.append(bytes(r))
    fresh = Opener(master_key=MASTER, store=":memory:")  # an empty window: the tag alone refuses them
    assert all(r.status in (-11, -18, -19) and r.payload is None for r in fresh.open_many(flipped))

    epoch, boot, records = power_up(mcu, "SealedRecord", eeprom, adc, tmp_path)  # reboot, EEPROM kept
    assert (epoch, boot) == (1, 1)
    accepted(epoch, boot, records)

    eeprom.unlink()  # the EEPROM erased: the boot counter starts again, its counters are used
    epoch, boot, records = power_up(mcu, "SealedRecord", eeprom, adc, tmp_path)
    assert (epoch, boot) == (1, 0)
    for _, record in records:
        with pytest.raises(lwc.ReplayError):
            gateway.open(record)

    gateway.rekey(NODE, 2)  # the operator re-keys the node: epoch 2, flashed with its new key
    epoch, boot, records = power_up(mcu, "SealedRecord-epoch2", eeprom, adc, tmp_path)
    assert (epoch, boot) == (2, 1)
    accepted(epoch, boot, records)

    restarted = Opener(master_key=MASTER, store=store)  # a gateway restart: everything sent again
    statuses = [r.status for r in restarted.open_many(sent)]
    epoch1 = len(sent) - len(records)
    assert statuses == [-11] * epoch1 + [-20] * len(records), statuses
