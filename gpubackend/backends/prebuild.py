"""The GPU kernels built ahead of time by nvcc, so that a machine's first
verify() loads them instead of compiling them with NVRTC (2.4 minutes on an
H200's host, most of it ptxas on the compiler's kernel). A build is keyed by
the kernel sources, the options and the architecture, as the host library
is (build.py), so an edited kernel is never run from a stale build:

    python -m gpubackend.backends.prebuild --arch sm_90

nvcc and NVRTC compile the same source with the same options; CI checks
that they keep the same functions out of line
(tests/kernels/test_kernel_build.py)."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .build import SOURCE, BuildError, cache_dir, source_hash

# NVRTC's options (cuda.py NVRTC_OPTIONS) as nvcc spells them, less the
# include folder, which nvcc finds beside the source.
NVCC_OPTIONS = ("-std=c++17", "-fmad=false", "-prec-div=true", "-prec-sqrt=true")
# ptxas in threads over the functions, as NVRTC's -split-compile=0.
NVCC_PARALLEL = ("--split-compile", "0")


def check_arch(arch: str) -> str:
    if not re.fullmatch(r"sm_\d{2,3}[a-z]?", arch):
        raise ValueError(f"arch must look like sm_90, got {arch!r}")
    return arch


def prebuilt_path(arch: str) -> Path:
    """Where the build for `arch` (sm_90, ...) of today's kernel sources lies."""
    return cache_dir() / source_hash(["nvcc", *NVCC_OPTIONS, check_arch(arch)]) / f"verifier-{arch}.cubin"


def prebuild(arch: str, nvcc: str | None = None, force: bool = False) -> Path:
    """Build the kernels for `arch` with nvcc into the cache (atomically:
    a concurrent loader never sees half a file), unless that build is
    there already; the path."""
    out = prebuilt_path(arch)
    if out.exists() and not force:
        return out
    nvcc = nvcc or shutil.which("nvcc")
    if not nvcc:
        raise BuildError("nvcc not found: install the CUDA toolkit, or let the first verify() build with NVRTC")
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out.parent) as tmp:
        part = Path(tmp) / out.name
        cmd = [nvcc, "-cubin", f"-arch={arch}", *NVCC_OPTIONS, *NVCC_PARALLEL, "-x", "cu", str(SOURCE),
               "-o", str(part)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise BuildError(f"nvcc failed on {SOURCE.name} for {arch}:\n{proc.stderr[-4000:]}")
        os.replace(part, out)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--arch", default="sm_90", help="the GPU's architecture (default sm_90: H100, H200)")
    p.add_argument("--nvcc", help="the nvcc to use (default: the one on PATH)")
    p.add_argument("--force", action="store_true", help="build again where a build is there")
    a = p.parse_args(argv)
    try:
        print(prebuild(a.arch, a.nvcc, a.force))
    except (ValueError, BuildError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
