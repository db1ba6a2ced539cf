"""The Python suite of `make test` (mk/python.mk): the installed package lwc against the C
library, the vectors, pycryptodome, cryptography, Crypto++ and the simulated ATmega128.

Environment: LWC_C_LIBRARY (the C library for ctypes, default build/host/liblwc.so.<VERSION>),
LWC_VECTORS (default tests/vectors), LWC_TEST_SEED (random tests), LWC_CRYPTOPP_HELPER and
LWC_MCU_RECORDS (programs mk/python.mk builds). The run ends with the line
"N passed, M failed" that tools/run_suites.sh sums.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from helpers import CLib, c_library_path, vectors_dir  # noqa: E402

SEED = int(os.environ.get("LWC_TEST_SEED", "0x5eed1ec"), 0)


def pytest_report_header(config):
    return f"lwc Python suite, seed {SEED:#x} (LWC_TEST_SEED), C library {c_library_path()}"


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    stats = terminalreporter.stats
    passed = len(stats.get("passed", []))
    failed = len(stats.get("failed", [])) + len(stats.get("error", []))
    skipped = len(stats.get("skipped", []))
    terminalreporter.write_line(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))


@pytest.fixture(scope="session")
def clib() -> CLib:
    path = c_library_path()
    if not path.exists():
        pytest.fail(f"{path} not found: run `make {path.relative_to(path.parents[2])}` or set LWC_C_LIBRARY")
    return CLib(path)


@pytest.fixture
def rng(request) -> random.Random:
    """A random generator seeded from LWC_TEST_SEED and the test's name (reproducible alone)."""
    return random.Random(f"{SEED}:{request.node.nodeid}")


def program(env: str, default: str) -> Path:
    """A helper program mk/python.mk builds: $env, else build/<default>."""
    path = Path(os.environ.get(env, Path(__file__).resolve().parents[2] / "build" / default))
    if not path.exists():
        pytest.fail(f"{path} not found: build it with make (mk/python.mk) or set {env}")
    return path


def vector_file(name: str) -> Path:
    """A vector set of tests/vectors (LWC_VECTORS); a missing one fails, as in the C suites."""
    path = vectors_dir() / name
    if not path.exists():
        pytest.fail(f"{path} not found (set LWC_VECTORS to the folder holding it)")
    return path
