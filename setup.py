"""Build of the Python package lwc (metadata in pyproject.toml; the project URL is
library.properties' url=, the one place it is written).

The extension lwc._lwc compiles the library's own sources, src/*/*.c, with the flags of
the host build (mk/targets.mk: host_cflags without -Werror, plus the -D options of
conf/host.mk, which decide context layouts), the uniform entry points of every cipher and
of its authenticated modes in tests/common/cipher_table.c and mode_table.c, and the
specification vectors of tests/common/spec_vectors.c for `lwc selftest`. Nothing is copied. Every symbol but the
module's init function is hidden, so the library linked into the extension cannot clash
with a liblwc.so loaded in the same process.

The sdist holds what this file reads (MANIFEST.in), so that `pip install lwc-*.tar.gz`
builds the same extension anywhere.
"""

import re
import sys
from glob import glob
from pathlib import Path

import setuptools
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


def require_setuptools():
    """Stops with a readable message if the setuptools doing the build is older than the
    build requirement of pyproject.toml (an offline build without build isolation uses
    whatever is installed; before 77, setuptools fails on the SPDX `license` field with a
    schema error that does not say so)."""
    needed = re.search(r'"setuptools>=([0-9.]+)"', Path("pyproject.toml").read_text()).group(1)
    have = setuptools.__version__

    def numbers(version):
        return tuple(int(n) for n in re.findall(r"\d+", version)[:3])

    if numbers(have) < numbers(needed):
        sys.exit(f"lwc: building needs setuptools >= {needed} (pyproject.toml: PEP 639 license metadata); this "
                 f"Python has setuptools {have}. Upgrade it (python -m pip install 'setuptools>={needed}'), or build "
                 "with build isolation (pip install . without --no-build-isolation), which fetches it.")


def project_url():
    """url= of library.properties."""
    return re.search(r"^url=(\S+)$", Path("library.properties").read_text(), re.M).group(1)


require_setuptools()

HIDDEN = ["-fvisibility=hidden"]


def host_target_flags():
    """The `flags` field of conf/host.mk (the library's -D options on the host)."""
    flags = []
    for line in Path("conf/host.mk").read_text().splitlines():
        m = re.match(r"\s*flags\s*(\+?:?=)\s*(.*?)\s*(#.*)?$", line)
        if m:
            flags = (flags if m.group(1) == "+=" else []) + m.group(2).split()
    return flags


TARGET_FLAGS = host_target_flags()
# mk/targets.mk host_cflags; -Werror is left out: a user's newer compiler may warn where ours does not.
LIB_CFLAGS = ["-std=c99", "-O2", "-pedantic", "-fPIC", "-Wall", "-Wextra"] + TARGET_FLAGS + HIDDEN
LIB_SOURCES = sorted(glob("src/*/*.c")) + ["tests/common/cipher_table.c", "tests/common/mode_table.c",
                                            "tests/common/spec_vectors.c"]


class BuildLibraryFirst(build_ext):
    """Compiles the library sources with their own flags, then links them into the extension.
    Always (force): a build with other flags (CFLAGS) must not reuse objects of the last one."""

    def finalize_options(self):
        super().finalize_options()
        self.force = True

    def build_extension(self, ext):
        ext.extra_objects = self.compiler.compile(
            LIB_SOURCES, output_dir=self.build_temp, include_dirs=["include", "tests/common"],
            extra_postargs=LIB_CFLAGS)
        super().build_extension(ext)


setup(
    ext_modules=[
        Extension(
            "lwc._lwc",
            sources=["python/lwc/_lwc.c"],
            include_dirs=["include", "src/common", "tests/common"],
            extra_compile_args=TARGET_FLAGS + HIDDEN,
            depends=["conf/host.mk"] + LIB_SOURCES + glob("include/**/*.h", recursive=True) + glob("src/*/*.h")
            + glob("tests/common/*.h"),
        )
    ],
    project_urls={"Homepage": project_url()},
    cmdclass={"build_ext": BuildLibraryFirst},
    options={"build": {"build_base": "build/python"}},
)
