"""The package as a user gets it: `pip wheel .` at the repository root offline (no index,
the build dependency setuptools present, no build isolation), then the wheel installed
offline into a fresh virtualenv that has nothing else, where `lwc selftest` passes. And a
wheel built without the host SIMD kernels (-DLWC_NO_SIMD, what a host without them gets),
whose record-by-record batch path must agree with the C library too."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import lwc
from helpers import ROOT


def build_wheel(out: Path, cflags: str = "") -> Path:
    env = dict(os.environ, CFLAGS=f"{os.environ.get('CFLAGS', '')} {cflags}".strip())
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-index", "--no-build-isolation",
                           "--no-deps", "-w", str(out), str(ROOT)], capture_output=True, text=True, timeout=900,
                          env=env)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    wheels = list(out.glob("lwc-*.whl"))
    assert len(wheels) == 1
    return wheels[0]


def fresh_install(wheel: Path, env: Path) -> Path:
    """A new virtualenv at env with only the wheel installed (offline); returns its python."""
    venv.EnvBuilder(with_pip=True).create(env)
    python = env / "bin" / "python"
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-index", str(wheel)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return python


def symbols(python: Path) -> str:
    """The symbol table of the lwc extension installed for python."""
    so = subprocess.run([str(python), "-c", "import lwc._lwc; print(lwc._lwc.__file__)"], capture_output=True,
                        text=True, cwd="/", check=True).stdout.strip()
    return subprocess.run(["nm", so], capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


def test_wheel_contents(wheel):
    version = (ROOT / "VERSION").read_text().strip()
    assert wheel.name.startswith(f"lwc-{version}-")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = f"lwc-{version}.dist-info"
        metadata = z.read(f"{info}/METADATA").decode()
        entry_points = z.read(f"{info}/entry_points.txt").decode()
    for name in ("lwc/__init__.py", "lwc/py.typed", "lwc/_lwc.pyi", "lwc/errors.py", "lwc/cli.py"):
        assert name in names
    assert any(n.startswith("lwc/_lwc.") and n.endswith(".so") for n in names)
    assert f"Version: {version}" in metadata and "License-Expression: MIT" in metadata
    assert "Requires-Dist" not in metadata  # nothing at run time
    assert "lwc = lwc.cli:main" in entry_points
    if (ROOT / "LICENSE").exists():
        assert any(n.startswith(f"{info}/") and n.endswith("/LICENSE") for n in names)
        assert "License-File: LICENSE" in metadata


def test_the_extension_exports_only_its_init():
    """The library inside the extension is hidden, so it cannot clash with a liblwc.so that
    the same process loads (the suite's own ctypes reference does)."""
    so = Path(lwc._lwc.__file__)
    symbols = subprocess.run(["nm", "-D", "--defined-only", str(so)], capture_output=True, text=True, check=True)
    exported = [line.split()[-1] for line in symbols.stdout.splitlines() if line.split()[1] in "TDBR"]
    assert exported == ["PyInit__lwc"]


def test_fresh_virtualenv_offline(wheel, tmp_path):
    env = tmp_path / "venv"
    python = fresh_install(wheel, env)
    selftest = subprocess.run([str(env / "bin" / "lwc"), "selftest"], capture_output=True, text=True,
                              cwd=tmp_path, timeout=300)
    assert selftest.returncode == 0 and selftest.stdout.splitlines()[-1].endswith(" passed, 0 failed"), selftest.stdout
    where = subprocess.run([str(python), "-c", "import lwc, sys; print(lwc.__file__)"], capture_output=True,
                           text=True, cwd=tmp_path)
    assert where.stdout.startswith(str(env))


def test_batch_path_without_simd_kernels(wheel, tmp_path):
    """The record-by-record batch (setiv, then crypt, on a copy of the context template)
    that builds without lwc_simd_ctr_records_X use, against the C library."""
    simd_python = fresh_install(wheel, tmp_path / "simd")
    python = fresh_install(build_wheel(tmp_path / "wheel", "-DLWC_NO_SIMD"), tmp_path / "venv")
    assert "lwc_simd_ctr_records_lea128" in symbols(simd_python)
    assert "lwc_simd_ctr_records" not in symbols(python)
    check = ("import random, sys; sys.path.insert(0, sys.argv[1]); import helpers, lwc\n"
             "clib = helpers.CLib(helpers.c_library_path())\n"
             "for cipher in lwc.CIPHERS:\n"
             "    helpers.records_differential(lwc, cipher, clib, random.Random(cipher))\n"
             "print(lwc.__file__)\n")
    done = subprocess.run([str(python), "-c", check, str(Path(__file__).parent)], capture_output=True, text=True,
                          cwd=tmp_path, timeout=600)
    assert done.returncode == 0 and done.stdout.startswith(str(tmp_path / "venv")), done.stdout + done.stderr
