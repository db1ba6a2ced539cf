"""The package as a user gets it: `pip wheel .` at the repository root offline (no index,
the build dependency setuptools present, no build isolation), then the wheel installed
offline into a fresh virtualenv that has nothing else, where `lwc selftest` passes. And a
wheel built without the host SIMD kernels (-DLWC_NO_SIMD, what a host without them gets),
whose record-by-record batch path must agree with the C library too. The sdist of
`python -m build --sdist` in a clean copy of the tree, installed by `pip install
lwc-*.tar.gz` into a fresh virtualenv away from the repository (pip fetches the build
dependency setuptools from PyPI, as for any user), passes `lwc selftest`. An offline
build with a setuptools older than pyproject.toml requires stops with a message that says
so."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
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
    url = re.search(r"^url=(.*)$", (ROOT / "library.properties").read_text(), re.M).group(1)
    assert f"Project-URL: Homepage, {url}" in metadata
    summary = re.search(r"^Summary: (.*)$", metadata, re.M).group(1)
    assert all(mode in summary for mode in ("CMAC", "EAX", "CCM")), summary
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


def clone(to: Path) -> Path:
    """The repository's files as a clone has them (tracked or new, not ignored), without
    what builds leave in the tree: setuptools puts the files a stale python/lwc.egg-info
    lists into an sdist, which would hide a file missing from the sdist's own rules."""
    names = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, names):
        if (ROOT / name).is_file():
            (to / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, to / name)
    return to


@pytest.fixture(scope="module")
def sdist(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sdist")
    tree = clone(tmp_path_factory.mktemp("clone"))
    done = subprocess.run([sys.executable, "-m", "build", "--sdist", "--no-isolation", "-o", str(out), str(tree)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    found = list(out.glob("lwc-*.tar.gz"))
    assert len(found) == 1
    return found[0]


def test_sdist_contents(sdist):
    """What setup.py reads is there (conf/host.mk, library.properties, the sources, headers
    and the tables of tests/common), and nothing built."""
    version = (ROOT / "VERSION").read_text().strip()
    assert sdist.name == f"lwc-{version}.tar.gz"
    with tarfile.open(sdist) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    needed = {"setup.py", "pyproject.toml", "VERSION", "README.md", "LICENSE", "conf/host.mk", "library.properties",
              "python/lwc/_lwc.c", "python/lwc/_lwc.pyi", "python/lwc/py.typed", "tests/common/mode_table.c"}
    needed |= {str(p.relative_to(ROOT)) for p in (ROOT / "src").glob("*/*.[ch]")}
    needed |= {str(p.relative_to(ROOT)) for p in (ROOT / "include").rglob("*.h")}
    assert needed <= names, sorted(needed - names)
    assert not [n for n in names if n.startswith("build/") or n.endswith((".o", ".so", ".a"))]


def test_sdist_installs_in_a_fresh_virtualenv(sdist, tmp_path):
    env = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env)
    done = subprocess.run([str(env / "bin" / "python"), "-m", "pip", "install", "-q", str(sdist)], capture_output=True,
                          text=True, cwd=tmp_path, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    selftest = subprocess.run([str(env / "bin" / "lwc"), "selftest"], capture_output=True, text=True, cwd=tmp_path,
                              timeout=300)
    assert selftest.returncode == 0 and selftest.stdout.splitlines()[-1].endswith(" passed, 0 failed"), selftest.stdout
    where = subprocess.run([str(env / "bin" / "python"), "-c", "import lwc; print(lwc.__file__, lwc.version())"],
                           capture_output=True, text=True, cwd=tmp_path)
    assert where.stdout.startswith(str(env)) and where.stdout.split()[1] == (ROOT / "VERSION").read_text().strip()


def test_an_old_setuptools_is_named_not_a_schema_error(tmp_path):
    """pip wheel offline without build isolation uses the setuptools it finds: one older
    than pyproject.toml's requirement stops the build with a message naming both versions
    and what to do, before setuptools' own schema error about project.license."""
    env = tmp_path / "old"
    venv.EnvBuilder(with_pip=True).create(env)
    python = str(env / "bin" / "python")
    have = subprocess.run([python, "-c", "import setuptools; print(setuptools.__version__)"], capture_output=True,
                          text=True)
    if have.returncode != 0 or int(have.stdout.split(".")[0]) >= 77:  # no setuptools in the new venv (Python 3.12+)
        subprocess.run([python, "-m", "pip", "install", "-q", "setuptools==70.3.0"], check=True, timeout=300)
        have = subprocess.run([python, "-c", "import setuptools; print(setuptools.__version__)"],
                              capture_output=True, text=True, check=True)
    needed = re.search(r'"setuptools>=([0-9.]+)"', (ROOT / "pyproject.toml").read_text()).group(1)
    done = subprocess.run([python, "-m", "pip", "wheel", "--no-index", "--no-build-isolation", "--no-deps", "-w",
                           str(tmp_path / "wheel"), str(ROOT)], capture_output=True, text=True, timeout=600)
    output = done.stdout + done.stderr
    assert done.returncode != 0 and not list((tmp_path / "wheel").glob("*.whl"))
    assert f"lwc: building needs setuptools >= {needed}" in output, output
    assert f"this Python has setuptools {have.stdout.strip()}" in output and "--no-build-isolation" in output
    assert "schema" not in output.lower(), output
