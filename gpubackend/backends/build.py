"""Building the kernel source for the host: g++ (or $CXX) with OpenMP into a
shared library, cached by a hash of the sources and flags, so it is rebuilt
exactly when a kernel file changes."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..abi import KERNEL_DIR

# -ffp-contract=off: no fused multiply-add, so float results are CPython's
# (and the GPU's, built with -fmad=false).
FLAGS = ["-x", "c++", "-std=c++17", "-O2", "-ffp-contract=off", "-fno-strict-aliasing",
         "-shared", "-fPIC"]
SOURCE = KERNEL_DIR / "verifier.cu"


class BuildError(RuntimeError):
    """The host library could not be built; the message says what to install."""


def kernel_sources() -> list[Path]:
    return sorted(p for p in KERNEL_DIR.iterdir() if p.suffix in (".h", ".def", ".cu"))


def source_hash(extra: list[str]) -> str:
    h = hashlib.sha256()
    for p in kernel_sources():
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    h.update(" ".join(extra).encode())
    return h.hexdigest()[:16]


def cache_dir() -> Path:
    root = os.environ.get("AGENTLOOP_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "agentloop")
    return Path(root) / "kernels"


def find_compiler() -> str:
    cxx = os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++") or shutil.which("clang++")
    if not cxx:
        raise BuildError(
            "no C++ compiler found to build the CPU backend: install g++ "
            "(Debian/Ubuntu: apt-get install g++) or set CXX")
    return cxx


def _run(cmd: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True)


def build_library() -> Path:
    """The path of the host library, built now if its cache entry is missing."""
    cxx = find_compiler()
    openmp = ["-fopenmp"]
    key = source_hash([cxx] + FLAGS + openmp)
    lib = cache_dir() / key / "verifier.so"
    if lib.exists():
        return lib
    lib.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=lib.parent) as tmp:
        out = Path(tmp) / "verifier.so"
        proc = _run([cxx, *FLAGS, *openmp, str(SOURCE), "-o", str(out)])
        if proc.returncode != 0 and "fopenmp" in proc.stderr:
            proc = _run([cxx, *FLAGS, str(SOURCE), "-o", str(out)])  # no OpenMP: one thread
        if proc.returncode != 0:
            raise BuildError(f"building {SOURCE.name} with {cxx} failed:\n{proc.stderr[-4000:]}")
        os.replace(out, lib)  # atomic: concurrent builders never see half a file
    return lib
