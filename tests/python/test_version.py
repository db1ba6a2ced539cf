"""One version everywhere (include/lwc/version.h): the file VERSION, the four LWC_VERSION_*
macros, the Arduino and PlatformIO manifests, the Python package (its __version__ and its
installed distribution's metadata) and lwc_version() of the C library all say the same."""

from __future__ import annotations

import ctypes
import json
import re
from importlib import metadata

import pytest

import lwc
from helpers import ROOT

VERSION = (ROOT / "VERSION").read_text().strip()


def header_macros() -> dict:
    text = (ROOT / "include" / "lwc" / "version.h").read_text()
    return dict(re.findall(r'^#define LWC_VERSION_(MAJOR|MINOR|PATCH|STRING) +"?([^"\s]+)"?$', text, re.M))


def library_properties_version() -> str:
    found = re.search(r"^version=(.*)$", (ROOT / "library.properties").read_text(), re.M)
    return found.group(1).strip() if found else "(no version= line)"


SOURCES = {
    "LWC_VERSION_STRING": lambda clib: header_macros().get("STRING"),
    "LWC_VERSION_MAJOR.MINOR.PATCH": lambda clib: "{MAJOR}.{MINOR}.{PATCH}".format(**header_macros()),
    "library.properties": lambda clib: library_properties_version(),
    "library.json": lambda clib: json.loads((ROOT / "library.json").read_text())["version"],
    "lwc.__version__": lambda clib: lwc.__version__,
    "the installed distribution": lambda clib: metadata.version("lwc"),
    "lwc_version()": lambda clib: c_version(clib),
}


def c_version(clib) -> str:
    fn = clib.fn("lwc_version")
    fn.restype = ctypes.c_char_p
    return fn().decode()


def test_version_is_semantic():
    assert re.fullmatch(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)", VERSION), VERSION


def test_header_has_the_four_macros():
    assert set(header_macros()) == {"MAJOR", "MINOR", "PATCH", "STRING"}


@pytest.mark.parametrize("source", SOURCES)
def test_version_agrees_with_the_file_version(source, clib):
    assert SOURCES[source](clib) == VERSION, f"{source} is not VERSION ({VERSION})"
