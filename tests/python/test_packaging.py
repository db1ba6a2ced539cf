"""The package as a user gets it: `pip wheel .` at the repository root offline (no index,
the build dependency setuptools present, no build isolation), then the wheel installed
offline into a fresh virtualenv that has nothing else, where `lwc selftest` passes."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import lwc
from helpers import ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-index", "--no-build-isolation",
                           "--no-deps", "-w", str(out), str(ROOT)], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    wheels = list(out.glob("lwc-*.whl"))
    assert len(wheels) == 1
    return wheels[0]


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


def test_the_extension_exports_only_its_init():
    """The library inside the extension is hidden, so it cannot clash with a liblwc.so that
    the same process loads (the suite's own ctypes reference does)."""
    so = Path(lwc._lwc.__file__)
    symbols = subprocess.run(["nm", "-D", "--defined-only", str(so)], capture_output=True, text=True, check=True)
    exported = [line.split()[-1] for line in symbols.stdout.splitlines() if line.split()[1] in "TDBR"]
    assert exported == ["PyInit__lwc"]


def test_fresh_virtualenv_offline(wheel, tmp_path):
    env = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env)
    python = env / "bin" / "python"
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-index", str(wheel)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    selftest = subprocess.run([str(env / "bin" / "lwc"), "selftest"], capture_output=True, text=True,
                              cwd=tmp_path, timeout=300)
    assert selftest.returncode == 0 and selftest.stdout.splitlines()[-1].endswith(" passed, 0 failed"), selftest.stdout
    where = subprocess.run([str(python), "-c", "import lwc, sys; print(lwc.__file__)"], capture_output=True,
                           text=True, cwd=tmp_path)
    assert where.stdout.startswith(str(env))
