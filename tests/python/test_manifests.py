"""The manifests agree: one project URL (library.properties' url=, which setup.py and
mk/install.mk read; library.json, which cannot, holds the same), one version (VERSION, the
headers' LWC_VERSION_*, both Arduino and PlatformIO manifests), descriptions that name the
authenticated modes, and a README whose layout table lists every example."""

from __future__ import annotations

import json
import re
import subprocess

from helpers import ROOT

MODES = ("CMAC", "EAX", "CCM")


def properties() -> dict:
    return dict(line.split("=", 1) for line in (ROOT / "library.properties").read_text().splitlines() if "=" in line)


def library_json() -> dict:
    return json.loads((ROOT / "library.json").read_text())


def test_one_url_written_once_for_what_can_read_it():
    url = properties()["url"]
    assert re.fullmatch(r"https://\S+", url)
    assert library_json()["homepage"] == url
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'^dynamic = \[.*"urls".*\]$', pyproject, re.M) and "://" not in pyproject  # setup.py reads it
    assert "@URL@" in (ROOT / "tools" / "install" / "lwc.pc.in").read_text()
    assert "sed -n 's/^url=//p' library.properties" in (ROOT / "mk" / "install.mk").read_text()
    # Nowhere else in the tracked files: no second home, no stale one.
    tracked = subprocess.run(["git", "grep", "-l", "-F", url], cwd=ROOT, capture_output=True, text=True).stdout.split()
    assert sorted(tracked) == ["library.json", "library.properties"], tracked


def test_one_version():
    version = (ROOT / "VERSION").read_text().strip()
    major, minor, patch = version.split(".")
    header = (ROOT / "include" / "lwc" / "version.h").read_text()
    for name, value in (("MAJOR", major), ("MINOR", minor), ("PATCH", patch), ("STRING", f'"{version}"')):
        assert re.search(rf"^#define LWC_VERSION_{name} {re.escape(value)}$", header, re.M), name
    assert properties()["version"] == library_json()["version"] == version


def test_descriptions_name_the_modes():
    pc = (ROOT / "tools" / "install" / "lwc.pc.in").read_text()
    pyproject = (ROOT / "pyproject.toml").read_text()
    descriptions = {
        "library.properties sentence": properties()["sentence"],
        "library.json": library_json()["description"],
        "pyproject.toml": re.search(r'^description = "(.*)"$', pyproject, re.M).group(1),
        "lwc.pc": re.search(r"^Description: (.*)$", pc, re.M).group(1),
    }
    for where, text in descriptions.items():
        assert all(mode in text for mode in MODES), (where, text)
    assert {"cmac", "eax", "ccm"} <= set(library_json()["keywords"])


def test_the_readme_layout_lists_every_example():
    readme = (ROOT / "README.md").read_text()
    row = re.search(r"^\| `examples/` \|(.*)\|$", readme, re.M).group(1)
    examples = sorted(p.name for p in (ROOT / "examples").iterdir() if p.is_dir())
    assert examples and all(f"`{name}`" in row for name in examples), (examples, row)
    for f in (ROOT / "docs" / "examples").iterdir():
        assert f"`docs/examples/{f.name}`" in readme, f.name
