"""The one kernel source builds for every target: the host library (g++ with
OpenMP, what the CPU backend loads), sm_90 with nvcc, and NVRTC, the compiler
CuPy uses on a GPU (it runs without one). A CUDA-only compile error fails
here, on machines with no GPU."""

import re
import shutil
import subprocess

import pytest
from conftest import nvrtc_compile

from gpubackend.abi import KERNEL_DIR, OUTCOME, PROGRAM, opcodes
from gpubackend.backends.build import build_library
from gpubackend.backends.cpu import library
from gpubackend.backends.cuda import NVRTC_OPTIONS, NVRTC_PARALLEL

SOURCE = KERNEL_DIR / "verifier.cu"


def test_host_library_builds_and_matches_abi():
    assert build_library().exists()
    lib = library()
    assert lib.sizeof_program() == PROGRAM.itemsize
    assert lib.sizeof_outcome() == OUTCOME.itemsize


def test_opcode_table_parses_every_row():
    rows = [l for l in (KERNEL_DIR / "opcodes.def").read_text().splitlines() if l.startswith("OP(")]
    names = [op.name for op in opcodes()]
    assert len(names) == len(rows) and len(set(names)) == len(names)
    assert names[0] == "CONST" and all(op.size in (1, 2) for op in opcodes())


# Size bound of the kernels' PTX: a structural check of the GPU's cold
# compile time, which no CPU test can time. The whole was 4.27 MB (the
# compiler's passes, the parse and front kernels, the VM with its sets,
# dicts, float powers and format specs) when NVRTC built it in 121 s on an
# H100's host in one thread, and here in 86 s, 53 s in threads
# (-split-compile, now on); it is 4.84 MB with the type pass's raises after
# other acts, each a function of its own, 5.37 MB with heapq and
# library imports, and 5.67 MB with collections, zip(*rows) and
# re.finditer's loop (ptxas alone, in one thread here: 112 s at 5.24 MB,
# 125 s at 5.37 MB, 145 s at 5.67 MB). The bound leaves about a twentieth
# for growth; inlining the compiler into its call sites once made it 7.9 MB.
PTX_BYTES_LIMIT = 5_950_000


@pytest.fixture(scope="module")
def nvcc_ptx(tmp_path_factory):
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc not installed")
    out = tmp_path_factory.mktemp("nvcc") / "verifier.ptx"
    proc = subprocess.run(["nvcc", "-arch=sm_90", "--ptx", "-fmad=false", "-x", "cu", str(SOURCE),
                           "-o", str(out)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return out.read_text()


def ptx_functions(ptx: str) -> set[str]:
    """The names of a PTX file's non-inlined functions, without their
    mangled parameter types (int64_t is long to g++ and long long to NVRTC)."""
    names = set()
    for mangled in re.findall(r"\.func\s+(?:\([^)]*\)\s*)?(\w+)", ptx):
        m = re.match(r"_ZL?(\d+)", mangled)
        names.add(mangled[m.end():m.end() + int(m.group(1))] if m else mangled)
    return names


def test_kernels_compile_for_sm90_with_nvcc(nvcc_ptx):
    ptx = nvcc_ptx
    assert ".entry compile_kernel" in ptx and ".entry run_kernel" in ptx
    # The GPU's cold start compiles this PTX (NVRTC then ptxas): at 7.9 MB,
    # when the compiler's functions were inlined into every call site, that
    # took ptxas over 3 minutes; noinline keeps it near 1.5 MB and seconds.
    assert len(ptx) < PTX_BYTES_LIMIT, (
        f"verifier.ptx is {len(ptx) / 1e6:.1f} MB: something large is inlined into many call "
        "sites (the GPU's first launch pays for it in ptxas time); see DEV in lex.h")


def test_kernels_compile_with_nvrtc():
    log, _ = nvrtc_compile(SOURCE.read_bytes(), "verifier.cu", list(NVRTC_OPTIONS + NVRTC_PARALLEL))
    assert "warning" not in log, log  # what NVRTC ignores with a warning changes the GPU's code


def test_run_kernel_builds_alone_under_a_register_cap():
    """The CUDA backend's run-register variants (set_run_registers): a
    module of run_kernel alone, its registers capped in the PTX."""
    log, ptx = nvrtc_compile(SOURCE.read_bytes(), "verifier.cu",
                             list(NVRTC_OPTIONS) + ["-DRUN_KERNEL_ONLY", "-DRUN_MAX_REGS=96"])
    assert "warning" not in log, log
    assert ".entry run_kernel" in ptx and ".entry compile_kernel" not in ptx
    assert re.search(r"\.maxnreg\s+96", ptx), "the cap did not reach the PTX"


def test_nvrtc_inlines_what_nvcc_inlines(nvcc_ptx):
    """The GPU runs NVRTC's build and CI checks nvcc's: the two must keep
    the same functions out of line (the VM's helpers inline, the compiler's
    passes not: DEV in lex.h and compile.h)."""
    _, ptx = nvrtc_compile(SOURCE.read_bytes(), "verifier.cu", list(NVRTC_OPTIONS))
    nvrtc, nvcc = ptx_functions(ptx), ptx_functions(nvcc_ptx)
    assert nvrtc == nvcc, (sorted(nvrtc - nvcc)[:20], sorted(nvcc - nvrtc)[:20])
    assert "lex_scan" in nvrtc and "add_ovf_st" not in nvrtc


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not installed")
def test_the_compiler_builds_without_the_interpreter(tmp_path):
    # the file list is the pipeline: the compiler's headers read none of the VM's
    unit = tmp_path / "compiler.cc"
    unit.write_text('#include "compile.h"\n')
    proc = subprocess.run(["g++", "-x", "c++", "-std=c++17", "-fsyntax-only", f"-I{KERNEL_DIR}", str(unit)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "vm.h" not in proc.stderr
