"""Fixtures of the kernel tests: the runtime harness built for the host."""

import ctypes
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def build_harness(tmp_path_factory, name: str) -> ctypes.CDLL:
    """tests/kernels/<name>.cpp built for the host as the kernels are
    (-ffp-contract=off) and loaded; skips without g++."""
    if shutil.which("g++") is None:
        pytest.skip("g++ not available")
    so = tmp_path_factory.mktemp(name) / f"{name}.so"
    subprocess.run(
        ["g++", "-O2", "-shared", "-fPIC", "-ffp-contract=off", "-std=c++17",
         "-Wall", "-Wextra", "-Werror", "-o", str(so), str(HERE / f"{name}.cpp")],
        check=True,
    )
    return ctypes.CDLL(str(so))


def scratch_checked(request, fixture: str, take_fence, take_high_water, bound: int):
    """The body of a scratch-guard fixture for a harness of scratch_guard.h:
    when the test uses `fixture` (the harness library), its calls must stay
    inside their scratch buffer and write at most `bound` limbs into one big
    integer. take_fence and take_high_water name the harness's accessors."""
    if fixture not in request.fixturenames:
        yield
        return
    lib = request.getfixturevalue(fixture)
    getattr(lib, take_fence)()
    getattr(lib, take_high_water)()
    yield
    assert not getattr(lib, take_fence)(), "a call wrote outside its scratch buffer"
    assert getattr(lib, take_high_water)() <= bound


def nvrtc_compile(source: bytes, name: str, options: list[str]) -> tuple[str, str]:
    """Compile `source` with NVRTC for compute_90, as CuPy does on a GPU
    (NVRTC runs without a driver): (its log, the PTX). Fails with the log,
    skips where the NVRTC bindings are not installed."""
    nvrtc = pytest.importorskip("cuda.bindings.nvrtc")
    err, prog = nvrtc.nvrtcCreateProgram(source, name.encode(), 0, [], [])
    assert err == nvrtc.nvrtcResult.NVRTC_SUCCESS
    opts = [o.encode() for o in options] + [b"-arch=compute_90"]
    (res,) = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
    _, n = nvrtc.nvrtcGetProgramLogSize(prog)
    # A mutable buffer: NVRTC writes into it. `b" " * n` (the pattern of
    # NVIDIA's examples) is CPython's cached one-byte b" " when n == 1 (an
    # empty log), and the NUL written into it turned every b" " in the
    # process into b"\x00" (see test_one_byte_bytes_intact).
    log = bytearray(n)
    nvrtc.nvrtcGetProgramLog(prog, log)
    text = log.rstrip(b"\0").decode(errors="replace")
    assert res == nvrtc.nvrtcResult.NVRTC_SUCCESS, text
    _, n = nvrtc.nvrtcGetPTXSize(prog)
    ptx = bytearray(n)
    nvrtc.nvrtcGetPTX(prog, ptx)
    return text, ptx.rstrip(b"\0").decode()


@pytest.fixture(scope="session")
def rt(tmp_path_factory):
    lib = build_harness(tmp_path_factory, "runtime_harness")
    i64, f64, i32 = ctypes.c_int64, ctypes.c_double, ctypes.c_int
    pi64, pf64 = ctypes.POINTER(i64), ctypes.POINTER(f64)
    sigs = {
        "h_set_str": ([i32, ctypes.c_char_p, i64], i32),
        "h_reset_heap": ([i64], None),
        "h_heap_top": ([], i64),
        "h_heap_peak": ([], i64),
        "h_res_where": ([], i32),
        "h_res_len": ([], i64),
        "h_res_bytes": ([ctypes.c_char_p], None),
        "h_res_padding_ok": ([], i32),
        "h_heap_alloc": ([i64], i64),
        "h_heap_spare": ([i64], i64),
        "h_new_str": ([i64], i32),
        "h_pow_mod": ([i64, i64, i64, pi64], i32),
        "h_truediv_int": ([i64, i64, pf64], i32),
        "h_cmp_int_float": ([i64, f64, i32], i32),
        "h_cmp_float_int": ([f64, i64, i32], i32),
        "h_cmp_float": ([f64, f64, i32], i32),
        "h_cmp_int": ([i64, i64, i32], i32),
        "h_range_len": ([i64, i64, i64], ctypes.c_uint64),
        "h_sqrt": ([f64, pf64], i32),
        "h_pow_float": ([f64, f64, pf64], i32),
        "h_math_pow": ([f64, f64, pf64], i32),
        "h_str_repeat": ([i64], i32),
        "h_str_index": ([i64], i32),
        "h_str_slice": ([i64, i64, i64], i32),
        "h_str_of_int": ([i64], i32),
        "h_int_of_str": ([pi64], i32),
        "h_int_of_str_base": ([i64, pi64], i32),
        "h_chr": ([i64], i32),
        "h_ord": ([pi64], i32),
        "h_radix_str": ([i64, i32], i32),
        "h_format_int": ([i64], i32),
        "h_format_str": ([], i32),
        "h_format_float": ([f64], i32),
        "h_str_pad": ([i64, i32], i32),
        "h_str_case": ([i32], i32),
        "h_str_strip": ([i32, i32], i32),
        "h_str_find": ([i32, pi64], i32),
        "h_str_find_in": ([i32, i64, i64, pi64], i32),
        "h_str_affix_in": ([i32, i64, i64], i32),
        "h_str_replace_n": ([i64], i32),
        "h_str_affix": ([i32], i32),
        "h_str_is": ([i32], i32),
        "h_run_cases": ([ctypes.c_void_p, i64, ctypes.c_void_p, ctypes.c_void_p], None),
        "h_take_violations": ([], i32),
    }
    for name in ["floordiv_int", "mod_int", "pow_int", "lshift", "rshift", "gcd", "round_int_n"]:
        sigs["h_" + name] = ([i64, i64, pi64], i32)
    for name in ["neg_int", "abs_int", "isqrt"]:
        sigs["h_" + name] = ([i64, pi64], i32)
    for name in ["floordiv_float", "mod_float", "div_float"]:
        sigs["h_" + name] = ([f64, f64, pf64], i32)
    for name in ["float_to_int", "round_float", "floor_float", "ceil_float"]:
        sigs["h_" + name] = ([f64, pi64], i32)
    for name in ["str_cmp", "str_concat", "str_contains", "str_replace"]:
        sigs["h_" + name] = ([], i32)
    for name, (args, res) in sigs.items():
        fn = getattr(lib, name)
        fn.argtypes, fn.restype = args, res
    lib.h_init()
    lib.h_reset_heap(1 << 20)
    return lib


def violations(bad: int, names: list[str]) -> str:
    """The places a harness's violation mask (harness_guard.h's BAD_* bits,
    then the harness's own) says a call wrote into."""
    return ", ".join(w for k, w in enumerate(names) if bad >> k & 1)


def guarded_test(take_violations, reset_heap, cap: int, names: list[str], who: str):
    """The body of a harness's guard fixture (yield from it): the test starts
    from an empty heap of cap words and fails if any call it made wrote
    outside its own allocations."""
    take_violations()
    reset_heap(cap)
    yield
    bad = take_violations()
    assert not bad, f"{who} wrote into " + violations(bad, names)


# The harness's memory-safety bits (runtime_harness.cpp, enum BAD_*).
VIOLATIONS = ["the shared one-character table", "the shared empty string", "an input string",
              "the guard words below the heap", "the heap past its top (out of bounds)",
              "a case heap's guard words (h_run_cases)"]


@pytest.fixture(autouse=True)
def runtime_guard(request):
    """Every test that uses the harness starts from a fresh, empty heap of
    the default size (no test depends on what an earlier one left), and
    fails if any runtime call it made wrote outside its own allocations."""
    if "rt" not in request.fixturenames:
        yield
        return
    rt = request.getfixturevalue("rt")
    yield from guarded_test(rt.h_take_violations, rt.h_reset_heap, 1 << 20, VIOLATIONS, "a runtime call")


@pytest.fixture(autouse=True)
def one_byte_bytes_intact():
    """CPython shares one bytes object per byte value (b" ", bytes([32]),
    b"a b"[1:2], a one-byte ctypes .raw are all the same object). A C call
    that writes into a bytes passed as a buffer corrupts it for the whole
    process: `b" " * n` handed to nvrtcGetProgramLog with n == 1 turned
    every b" " into b"\\x00", and unrelated string tests failed later."""
    yield
    bad = [c for c in range(256) if bytes([c])[0] != c]
    assert not bad, f"this test overwrote CPython's cached one-byte bytes for {bad}"
