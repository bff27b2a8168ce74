"""The runtime library (gpubackend/kernels/runtime.h) against CPython.

The header is compiled for the host into a small ctypes library
(runtime_harness.cpp) and every function is compared with what CPython
computes: the same value (floats bit for bit, NaN as NaN), or the status of
the exception CPython raises; an int result outside int64 must be
OverflowError. String results are also checked for where they live: empty
and one-character results must be the shared objects (or an input), never a
heap allocation, and heap strings must have zeroed padding.

The CUDA side is checked by compiling the same header for sm_90 (nvcc, and
NVRTC when cuda-bindings is installed); both are skipped when absent.
"""

import ctypes
import math
import operator
import os
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from conftest import nvrtc_compile
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
KERNELS = ROOT / "gpubackend" / "kernels"
RUNTIME_H = KERNELS / "runtime.h"

I64_MIN, I64_MAX = -(2**63), 2**63 - 1

# RUNTIME_EXAMPLES=20000 for a long soak; the default keeps the file fast.
settings.register_profile(
    "runtime", max_examples=int(os.environ.get("RUNTIME_EXAMPLES", "300")), deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("runtime")


def _statuses():
    names = re.findall(r"^STATUS\((\w+),", (KERNELS / "statuses.def").read_text(), re.M)
    return {n: i for i, n in enumerate(names)}


ST = _statuses()
PASS = ST["ST_PASS"]
EXC_STATUS = {
    ZeroDivisionError: ST["ST_ZERO_DIVISION"],
    ValueError: ST["ST_VALUE_ERROR"],
    OverflowError: ST["ST_OVERFLOW_ERROR"],
    IndexError: ST["ST_INDEX_ERROR"],
    TypeError: ST["ST_TYPE_ERROR"],
    MemoryError: ST["ST_MEMORY_ERROR"],
}
OVERFLOW = ST["ST_OVERFLOW_ERROR"]
UNSUPPORTED = ST["ST_UNSUPPORTED"]
MEMORY = ST["ST_MEMORY_ERROR"]
CMPS = [operator.lt, operator.le, operator.eq, operator.ne, operator.gt, operator.ge]  # enum Cmp

WHERE_HEAP, WHERE_TABLE, WHERE_EMPTY = 0, 1, 2

# ---------------------------------------------------------------- helpers
# (the library itself is the `rt` fixture of conftest.py)


def call_i(fn, *args):
    """(status, int result) of a runtime function with an int64 out."""
    r = ctypes.c_int64(0)
    return fn(*args, ctypes.byref(r)), r.value


def call_f(fn, *args):
    r = ctypes.c_double(0.0)
    return fn(*args, ctypes.byref(r)), r.value


def py_int(thunk):
    """CPython's outcome of an int-valued thunk as (status, value)."""
    try:
        v = thunk()
    except tuple(EXC_STATUS) as e:
        return EXC_STATUS[type(e)], None
    if isinstance(v, float):
        return UNSUPPORTED, None
    if not I64_MIN <= v <= I64_MAX:
        return OVERFLOW, None
    return PASS, v


def py_float(thunk):
    try:
        return PASS, thunk()
    except tuple(EXC_STATUS) as e:
        return EXC_STATUS[type(e)], None


def same_float(x, y):
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    return struct.pack("<d", x) == struct.pack("<d", y)


def check_i(got, want):
    st_, v = got
    assert st_ == want[0], (got, want)
    if st_ == PASS:
        assert v == want[1], (got, want)


def check_f(got, want):
    st_, v = got
    assert st_ == want[0], (got, want)
    if st_ == PASS:
        assert same_float(v, want[1]), (got, want, v.hex(), want[1].hex())


# ---------------------------------------------------------------- strategies

INT_EDGES = [0, 1, -1, 2, -2, 3, 7, 10, -10, 2**31, -(2**31), 2**31 - 1, 2**32, -(2**32),
             2**53, -(2**53), 2**53 + 1, -(2**53) - 1, 2**53 - 1, 2**62, -(2**62),
             I64_MAX, I64_MIN, I64_MAX - 1, I64_MIN + 1, 3037000499, 3037000500,
             10**18, -(10**18), 1_000_000_007, 998244353]
ints = st.one_of(st.sampled_from(INT_EDGES), st.integers(I64_MIN, I64_MAX), st.integers(-300, 300))
small_ints = st.integers(-70, 70)

FLOAT_EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994,
               math.inf, -math.inf, math.nan, 5e-324, -5e-324, 2.2250738585072014e-308,
               1.7976931348623157e308, -1.7976931348623157e308, 2.0**52 + 0.5, 2.0**53,
               2.0**63, -(2.0**63), 2.0**63 - 1024, -(2.0**63) + 1024, 2.0**64, 1e-300, 3.0, -3.0,
               0.1, 1e16, -1e16, 4503599627370497.0]
floats = st.one_of(
    st.sampled_from(FLOAT_EDGES),
    st.floats(allow_nan=True, allow_infinity=True, allow_subnormal=True),
    st.integers(-(2**66), 2**66).map(float),
    st.integers(-20, 20).map(lambda k: k / 4),
)

ascii_text = st.text(alphabet=st.characters(max_codepoint=127), max_size=24)
abc_text = st.text(alphabet="ab_ \t", max_size=10)  # small alphabet: many matches
texts = st.one_of(ascii_text, abc_text)

# ---------------------------------------------------------------- heap


def test_heap_alloc(rt):
    rt.h_reset_heap(10)
    assert rt.h_heap_alloc(4) == 0
    assert rt.h_heap_alloc(6) == 4
    assert rt.h_heap_alloc(1) == -1
    assert rt.h_heap_alloc(0) == 10
    assert rt.h_heap_alloc(-1) == -1
    assert rt.h_heap_top() == 10
    rt.h_reset_heap(1 << 20)


def test_heap_spare(rt):
    """The words above top, top unmoved, counted in peak as a borrow given
    back would be; None when too few are left."""
    rt.h_reset_heap(10)
    assert rt.h_heap_alloc(3) == 0
    peak = rt.h_heap_peak()
    assert rt.h_heap_spare(5) == 3
    assert rt.h_heap_top() == 3
    assert rt.h_heap_peak() == max(peak, 8)
    assert rt.h_heap_spare(7) == 3
    assert rt.h_heap_spare(8) == -1
    assert rt.h_heap_spare(-1) == -1
    assert rt.h_heap_top() == 3 and rt.h_heap_peak() == max(peak, 10)
    rt.h_reset_heap(1 << 20)


@pytest.mark.parametrize("n", [0, 1, 7, 8, 9, 16, 17, 100])
def test_new_str(rt, n):
    rt.h_reset_heap(1 << 20)
    assert rt.h_new_str(n) == PASS
    assert rt.h_res_len() == n and rt.h_res_where() == WHERE_HEAP
    assert rt.h_res_padding_ok()
    assert rt.h_heap_top() == 1 + (n + 7) // 8


def test_new_str_memory_error(rt):
    rt.h_reset_heap(3)
    assert rt.h_new_str(17) == MEMORY  # 4 words
    assert rt.h_new_str(16) == PASS
    for n in [I64_MAX, I64_MAX - 7, 2**62, -1]:
        rt.h_reset_heap(3)
        assert rt.h_new_str(n) == MEMORY
    rt.h_reset_heap(1 << 20)


# ---------------------------------------------------------------- ints


@given(ints, ints)
@example(I64_MIN, -1)
@example(I64_MIN, 1)
def test_floordiv_mod_int(rt, a, b):
    check_i(call_i(rt.h_floordiv_int, a, b), py_int(lambda: a // b))
    check_i(call_i(rt.h_mod_int, a, b), py_int(lambda: a % b))


# Around the 32-bit boundary, where a divide could take a narrower path.
EDGES = [0, 1, -1, 2, -2, 7, -7, 2**31 - 1, -(2**31), 2**31, -(2**31) - 1, 2**32, -(2**32), I64_MAX, I64_MIN]


def test_floordiv_mod_int_at_the_32_bit_boundary(rt):
    for a in EDGES:
        for b in EDGES:
            check_i(call_i(rt.h_floordiv_int, a, b), py_int(lambda: a // b))
            check_i(call_i(rt.h_mod_int, a, b), py_int(lambda: a % b))


def py_pow(a, b):
    # Keep CPython from building huge ints: |a| >= 2 past 64 bits overflows.
    if b > 64 and abs(a) >= 2:
        return OVERFLOW, None
    return py_int(lambda: a**b)


@given(st.one_of(ints, small_ints), st.one_of(st.integers(-3, 70), ints))
@example(-2, 63)
@example(2, 63)
@example(2, 62)
@example(-3037000499, 2)
@example(3037000500, 2)
@example(0, -1)
@example(1, I64_MAX)
@example(-1, I64_MAX)
@example(0, 0)
def test_pow_int(rt, a, b):
    check_i(call_i(rt.h_pow_int, a, b), py_pow(a, b))


@given(st.one_of(ints, small_ints), st.one_of(ints, st.integers(-5, 40)),
       st.one_of(st.sampled_from(INT_EDGES), ints, st.integers(-20, 20)))
@example(2, -1, 1)
@example(2, -1, -1)
@example(3, -1, 7)
@example(3, -1, -7)
@example(6, -1, 9)
@example(0, -1, 5)
@example(2, 0, -5)
@example(0, 0, 5)
@example(I64_MIN, I64_MIN, I64_MIN)
@example(I64_MAX, I64_MAX, I64_MAX)
@example(I64_MIN + 1, -3, I64_MIN)
def test_pow_mod(rt, a, b, m):
    check_i(call_i(rt.h_pow_mod, a, b, m), py_int(lambda: pow(a, b, m)))


@given(ints, ints)
@example(0, -(2**60))
@example(0, -5)
@example(2**53 + 1, 1)
@example(I64_MAX, 3)
@example(I64_MIN, I64_MAX)
@example(I64_MAX, I64_MIN)
@example(1, I64_MIN)
@example(-1, I64_MIN)
@example(1, 0)
def test_truediv_int(rt, a, b):
    check_f(call_f(rt.h_truediv_int, a, b), py_float(lambda: a / b))


@given(st.one_of(ints, small_ints), st.one_of(st.integers(-3, 70), ints))
@example(-1, 63)
@example(1, 62)
@example(1, 63)
@example(0, I64_MAX)
@example(-(2**62), 1)
@example(2**62, 1)
def test_shifts(rt, a, b):
    want = (OVERFLOW, None) if (a != 0 and b > 64) else py_int(lambda: a << b)
    check_i(call_i(rt.h_lshift, a, b), want)
    check_i(call_i(rt.h_rshift, a, b), py_int(lambda: a >> b))


@given(ints)
def test_neg_abs(rt, a):
    check_i(call_i(rt.h_neg_int, a), py_int(lambda: -a))
    check_i(call_i(rt.h_abs_int, a), py_int(lambda: abs(a)))


@given(st.one_of(ints, small_ints), st.one_of(ints, small_ints))
@example(I64_MIN, 0)
@example(0, I64_MIN)
@example(I64_MIN, I64_MIN)
@example(I64_MIN, 2**40)
@example(0, 0)
def test_gcd(rt, a, b):
    check_i(call_i(rt.h_gcd, a, b), py_int(lambda: math.gcd(a, b)))


@given(st.one_of(ints, st.integers(0, 10**6),
                 st.integers(1, 3037000499).flatmap(lambda r: st.sampled_from([r * r - 1, r * r, r * r + 1]))))
@example(I64_MAX)
@example(3037000499**2)
@example(3037000499**2 - 1)
def test_isqrt(rt, a):
    check_i(call_i(rt.h_isqrt, a), py_int(lambda: math.isqrt(a)))


@given(ints, ints, st.integers(0, 5))
def test_cmp_int(rt, a, b, c):
    assert rt.h_cmp_int(a, b, c) == int(CMPS[c](a, b))


@given(ints, ints, st.one_of(st.integers(-5, 5), ints).filter(lambda s: s != 0))
@example(I64_MIN, I64_MAX, 1)
@example(I64_MAX, I64_MIN, -1)
@example(I64_MIN, I64_MAX, I64_MAX)
@example(0, 10, I64_MIN)
def test_range_len(rt, start, stop, step):
    r = range(start, stop, step)  # len() itself stops at sys.maxsize
    n = 0 if not r else (r[-1] - r[0]) // step + 1
    assert rt.h_range_len(start, stop, step) == n


# ---------------------------------------------------------------- floats


@given(floats, floats)
@example(5.0, math.inf)
@example(-5.0, math.inf)
@example(-0.0, 1.0)
@example(0.0, -1.0)
@example(math.inf, 1.0)
@example(1.0, -0.0)
@example(math.nan, 0.0)
@example(-1e-300, 1e300)
@example(0.1, 0.01)
def test_float_div_mod(rt, a, b):
    check_f(call_f(rt.h_floordiv_float, a, b), py_float(lambda: a // b))
    check_f(call_f(rt.h_mod_float, a, b), py_float(lambda: a % b))
    check_f(call_f(rt.h_div_float, a, b), py_float(lambda: a / b))


@given(st.one_of(st.integers(I64_MIN, I64_MAX), st.integers(-10**6, 10**6).map(lambda k: k * 5)),
       st.one_of(st.integers(-21, 3), st.integers(I64_MIN, I64_MAX)))
@example(25, -1)
@example(-15, -1)
@example(-25, -1)
@example(I64_MAX, -1)
@example(I64_MIN, -1)
@example(I64_MIN, -19)
@example(5 * 10**18, -19)
@example(-5 * 10**18 - 1, -19)
@example(I64_MAX, -20)
def test_round_int_ndigits(rt, x, n):
    """round(x, n) of an int: ties to the even multiple, OverflowError past int64."""
    # (CPython builds 10**-n: past -40 it is 0 as surely, and far quicker)
    check_i(call_i(rt.h_round_int_n, x, n), py_int(lambda: round(x, max(n, -40))))


@given(floats)
@example(2.0**63)
@example(-(2.0**63))
@example(9223372036854774784.0)
@example(-9223372036854775808.5)
def test_float_to_int_family(rt, f):
    check_i(call_i(rt.h_float_to_int, f), py_int(lambda: int(f)))
    check_i(call_i(rt.h_round_float, f), py_int(lambda: round(f)))
    check_i(call_i(rt.h_floor_float, f), py_int(lambda: math.floor(f)))
    check_i(call_i(rt.h_ceil_float, f), py_int(lambda: math.ceil(f)))


@given(floats)
def test_sqrt(rt, f):
    check_f(call_f(rt.h_sqrt, f), py_float(lambda: math.sqrt(f)))


def check_pow(got, want, x, y):
    """A float power: CPython's outcome, or Unsupported where CPython's is a
    float (a result the libm may round either way, or below the normal
    range) or where x < 0 and y is not an integer (CPython's complex power:
    a complex number, or an OverflowError of its own)."""
    complex_power = x < 0 and math.isfinite(y) and y != math.floor(y)
    if got[0] == UNSUPPORTED and (want[0] == PASS or complex_power):
        return
    check_f(got, want)


def py_float_pow(thunk):
    st_, v = py_float(thunk)
    return (UNSUPPORTED, None) if isinstance(v, complex) else (st_, v)


POW_EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, -2.0, 3.0, -3.0, 1 / 3, 1e-300, 1e300, 5e-324, 2.0**-1022,
             1e308, math.inf, -math.inf, math.nan, 0.1, 10.0, 1023.5, -1024.0, 2.0**53 + 1, 1 - 2.0**-53]


@given(st.one_of(floats, st.sampled_from(POW_EDGES)), st.one_of(floats, st.sampled_from(POW_EDGES)))
@example(0.0, -1.0)
@example(-8.0, 1 / 3)
@example(-0.0, 3.0)
@example(-math.inf, -3.0)
@example(10.0, 308.5)
@example(10.0, -400.0)
@example(1.0, math.nan)
@example(math.nan, 0.0)
@example(-1.0, math.inf)
@example(-1.2187610802009644e-88, -3.75)
def test_pow_float(rt, x, y):
    check_pow(call_f(rt.h_pow_float, x, y), py_float_pow(lambda: x**y), x, y)
    check_pow(call_f(rt.h_math_pow, x, y), py_float_pow(lambda: math.pow(x, y)), x, y)


def pow_cases(n: int, seed: int):
    """The powers programs take: n ** 0.5 of ints, small integer powers,
    cube roots, roots and powers of random magnitudes, powers near 1."""
    import random

    rng = random.Random(seed)
    for _ in range(n):
        k = rng.randrange(5)
        if k == 0:
            yield float(rng.randint(0, 10**7)), 0.5
        elif k == 1:
            yield rng.uniform(-1e3, 1e3), float(rng.randint(-6, 6))
        elif k == 2:
            yield float(rng.randint(-1000, 1000)), 1 / 3
        elif k == 3:
            yield rng.uniform(0, 1e4), rng.uniform(-40, 40)
        else:
            yield rng.uniform(0.99, 1.01), rng.uniform(-1e5, 1e5)


def test_pow_float_agrees_with_cpython_where_it_answers(rt):
    """20,000 powers of the kinds programs take: every answer is CPython's
    to the bit, and fewer than 8% of the results CPython gives as a normal
    float end Unsupported (the margin around midpoints is 0.03 ULP wide)."""
    normal = unsupported = 0
    for x, y in pow_cases(20_000, seed=7):
        want = py_float_pow(lambda: x**y)
        got = call_f(rt.h_pow_float, x, y)
        check_pow(got, want, x, y)
        if want[0] == PASS and 2.0**-1022 <= abs(want[1]) < math.inf:
            normal += 1
            unsupported += got[0] == UNSUPPORTED
    assert normal > 15_000
    assert unsupported < 0.08 * normal, (unsupported, normal)


@given(st.one_of(ints, st.integers(-(2**53) - 4, -(2**53) + 4), st.integers(2**53 - 4, 2**53 + 4)),
       st.one_of(floats, ints.map(float)), st.integers(0, 5))
@example(2**53 + 1, 2.0**53, 4)
@example(2**53 + 1, 2.0**53, 2)
@example(I64_MAX, 2.0**63, 0)
@example(I64_MIN, -(2.0**63), 2)
@example(I64_MAX, 9223372036854774784.0, 4)
@example(3, 3.5, 0)
@example(-3, -3.5, 4)
@example(0, -0.0, 2)
def test_cmp_int_float(rt, i, f, c):
    assert rt.h_cmp_int_float(i, f, c) == int(CMPS[c](i, f))
    assert rt.h_cmp_float_int(f, i, c) == int(CMPS[c](f, i))


@given(floats, floats, st.integers(0, 5))
def test_cmp_float(rt, a, b, c):
    assert rt.h_cmp_float(a, b, c) == int(CMPS[c](a, b))


# ---------------------------------------------------------------- strings


def put(rt, *strs):
    for k, s in enumerate(strs):
        b = s.encode("ascii")
        assert rt.h_set_str(k, b, len(b)) == 0


def result(rt, inputs=()):
    """The runtime's last string result, after checking where it lives."""
    n = rt.h_res_len()
    buf = ctypes.create_string_buffer(max(n, 1))
    rt.h_res_bytes(buf)
    s = buf.raw[:n].decode("ascii")
    where = rt.h_res_where()
    inputs_at = {3 + k for k in range(len(inputs))}
    if where >= 3:
        assert where in inputs_at and inputs[where - 3] == s
    elif n == 0:
        assert where == WHERE_EMPTY, "empty results must be the shared empty string"
    elif n == 1:
        assert where == WHERE_TABLE, "one-character results must come from the table"
    else:
        assert where == WHERE_HEAP and rt.h_res_padding_ok()
    return s


def check_s(rt, status, want, inputs=()):
    # The harness's memory-safety bits (out-of-bounds heap writes, writes to
    # the shared table, the empty string or an input), checked here too so
    # that Hypothesis shrinks to the call that wrote; conftest.py's
    # runtime_guard checks again after every test.
    assert rt.h_take_violations() == 0, "a runtime call wrote outside its allocations"
    assert status == want[0], (status, want)
    if status == PASS:
        assert result(rt, inputs) == want[1]


def py_str(thunk):
    try:
        return PASS, thunk()
    except tuple(EXC_STATUS) as e:
        return EXC_STATUS[type(e)], None


@given(texts, texts)
@example("a", "ab")
@example("", "")
@example("a\x00", "a")
def test_str_cmp_concat_contains(rt, s, t):
    put(rt, s, t)
    assert rt.h_str_cmp() == (s > t) - (s < t)
    assert rt.h_str_contains() == (t in s)
    rt.h_reset_heap(1 << 20)
    check_s(rt, rt.h_str_concat(), (PASS, s + t), (s, t))


def test_str_concat_memory_error(rt):
    put(rt, "abcdefgh" * 3, "x")
    rt.h_reset_heap(4)
    assert rt.h_str_concat() == MEMORY
    rt.h_reset_heap(5)
    assert rt.h_str_concat() == PASS
    rt.h_reset_heap(1 << 20)


@given(texts, st.one_of(st.integers(-3, 12), st.sampled_from([I64_MAX, I64_MIN, 2**62, 2**61 + 1])))
def test_str_repeat(rt, s, n):
    put(rt, s)
    rt.h_reset_heap(1 << 20)
    total = len(s) * max(n, 0)
    if total > I64_MAX:
        want = (OVERFLOW, None)  # CPython: "repeated string is too long"
    elif total + 16 > 8 * (1 << 20):
        want = (MEMORY, None)    # the lane's heap (CPython: MemoryError or more RAM)
    else:
        want = (PASS, s * n)
    check_s(rt, rt.h_str_repeat(n), want, (s,))


@given(texts, st.one_of(st.integers(-30, 30), st.sampled_from([I64_MIN, I64_MAX])))
def test_str_index(rt, s, i):
    put(rt, s)
    check_s(rt, rt.h_str_index(i), py_str(lambda: s[i]))


bounds = st.one_of(st.none(), st.integers(-12, 12),
                   st.sampled_from([I64_MAX, I64_MIN + 1, 2**40, -(2**40)]))


@given(texts, bounds, bounds, st.one_of(st.none(), st.integers(-4, 4),
                                        st.sampled_from([I64_MAX, I64_MIN + 1, 2**40])))
@example("abc", None, None, None)
@example("abc", None, None, -1)
@example("abc", 0, 3, 1)
@example("", None, None, -1)
def test_str_slice(rt, s, lo, hi, step):
    put(rt, s)
    rt.h_reset_heap(1 << 20)
    a = lambda v: I64_MIN if v is None else v
    check_s(rt, rt.h_str_slice(a(lo), a(hi), a(step)), py_str(lambda: s[lo:hi:step]), (s,))


def test_str_slice_int64_min_reads_as_absent(rt):
    # The encoding's one ambiguity: an explicit INT64_MIN bound or step is
    # taken as absent. CPython differs only in these cases:
    put(rt, "abc")
    assert rt.h_str_slice(I64_MIN, I64_MIN, -1) == PASS and result(rt, ("abc",)) == "cba"
    assert "abc"[I64_MIN::-1] == ""        # CPython
    assert rt.h_str_slice(I64_MIN, I64_MIN, I64_MIN) == PASS and result(rt, ("abc",)) == "abc"
    assert "abc"[::I64_MIN] == "c"         # CPython


@given(ints)
@example(0)
@example(9)
@example(10)
@example(-1)
def test_str_of_int(rt, x):
    check_s(rt, rt.h_str_of_int(x), (PASS, str(x)))


def int_literal_text():
    ws = st.text(alphabet=" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f", max_size=2)
    digits = st.text(alphabet="0123456789_", min_size=0, max_size=22)
    sign = st.sampled_from(["", "+", "-", "--", "+-"])
    return st.builds(lambda a, b, c, d: a + b + c + d, ws, sign, digits, ws)


@given(st.one_of(int_literal_text(), ascii_text, st.integers(I64_MIN - 5, I64_MAX + 5).map(str)))
@example("007")
@example("-9223372036854775808")
@example("9223372036854775808")
@example("-9223372036854775809")
@example("1_000")
@example("_1")
@example("1_")
@example("1__0")
@example("- 1")
@example("")
@example("  ")
@example("0x10")
@example("1\x00")
@example("\x1c12\x1f")
@example(" \x0b12\t\r\n")
@example("+_1")
@example("0" * 30 + "5")
def test_int_of_str(rt, s):
    put(rt, s)
    check_i(call_i(rt.h_int_of_str), py_int(lambda: int(s)))


def based_literal_text():
    """Text near int(s, base)'s grammar: prefixes of either case, digits and
    letters, underscores, signs and whitespace."""
    ws = st.text(alphabet=" \t\n\x0b\x1c", max_size=2)
    sign = st.sampled_from(["", "+", "-", "+-"])
    prefix = st.sampled_from(["", "", "0", "0x", "0X", "0o", "0O", "0b", "0B", "0_", "0x_", "0b__", "00"])
    body = st.text(alphabet="0123456789abcdefxyzXYZ_", max_size=18)
    return st.builds(lambda a, b, c, d, e: a + b + c + d + e, ws, sign, prefix, body, ws)


BASES = st.one_of(st.sampled_from([0, 2, 8, 10, 16, 36]), st.integers(-2, 40),
                  st.sampled_from([I64_MIN, I64_MAX]))


@given(st.one_of(based_literal_text(), ascii_text), BASES)
@example("0x10", 0)
@example("0b", 0)
@example("00", 0)
@example("010", 0)
@example("0_0", 0)
@example("0_7", 0)
@example("0x_1", 16)
@example("0b__1", 0)
@example("_1", 16)
@example(" -0X1f ", 16)
@example("Zz", 36)
@example("0b101", 16)
@example("0x", 16)
@example("1_", 2)
@example("-0b1000000000000000000000000000000000000000000000000000000000000000", 0)
@example("0b1000000000000000000000000000000000000000000000000000000000000000", 0)
@example("7fffffffffffffff", 16)
@example("1" * 4301, 2)
@example("1" * 4301, 3)
@example("0" * 4301, 0)
@example("12", 1)
@example("12", 37)
def test_int_of_str_base(rt, s, base):
    put(rt, s)
    check_i(call_i(rt.h_int_of_str_base, base), py_int(lambda: int(s, base)))


def test_int_of_str_digit_limit(rt):
    # CPython's default int_max_str_digits (4300): ValueError past it, even
    # for zeros; at it, a big value is only past int64 (OverflowError).
    for s, want in [("1" * 4301, "ST_VALUE_ERROR"), ("0" * 4301, "ST_VALUE_ERROR"),
                    ("0" * 4300, "ST_PASS"), ("1" * 4300, "ST_OVERFLOW_ERROR")]:
        put(rt, s)
        assert call_i(rt.h_int_of_str)[0] == ST[want]
        if want == "ST_VALUE_ERROR":
            with pytest.raises(ValueError):
                int(s)


@given(st.one_of(st.integers(-5, 300), st.sampled_from([0x10FFFF, 0x110000, I64_MIN, I64_MAX,
                                                                 -(2**31), -(2**31) - 1, 2**31 - 1, 2**31])))
def test_chr(rt, x):
    want = py_str(lambda: chr(x))
    if want[0] == PASS and x >= 128:
        want = (UNSUPPORTED, None)
    check_s(rt, rt.h_chr(x), want)


@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=3))
def test_ord(rt, s):
    put(rt, s)
    check_i(call_i(rt.h_ord), py_int(lambda: ord(s)))


@given(ints)
@example(0)
@example(1)
@example(-1)
@example(I64_MIN)
@example(I64_MAX)
@example(-8)
def test_bin_oct_hex(rt, x):
    for bits, fn in ((1, bin), (3, oct), (4, hex)):
        rt.h_reset_heap(1 << 20)
        check_s(rt, rt.h_radix_str(x, bits), (PASS, fn(x)))


# Format specs: CPython's grammar in parts, each part sometimes left out,
# and now and then a spec of any characters.
_FILL_ALIGN = ["", "<", ">", "^", "=", "*<", "0>", "x^", " =", "0=", "<<", "}>"]
_TYPES = ["", "", "d", "b", "o", "x", "X", "s", "c", "n", "f", "e", "%", "q"]
format_specs = st.one_of(
    st.tuples(st.sampled_from(_FILL_ALIGN), st.sampled_from(["", "+", "-", " "]), st.sampled_from(["", "", "z"]),
              st.sampled_from(["", "#"]), st.sampled_from(["", "0"]), st.sampled_from(["", "1", "5", "12", "30"]),
              st.sampled_from(["", ",", "_", "_,"]), st.sampled_from(["", ".0", ".3", "."]),
              st.sampled_from(_TYPES)).map("".join),
    st.text(alphabet="<>=^+- z#0123456789,_.dbxXosc%", max_size=8))
_SPEC = re.compile(r"(?:(.)?([<>=^]))?([-+ ])?(z)?(#)?(0)?(\d*)([,_])?(?:\.(\d+))?(.)?", re.S)


def _raises(value, spec: str) -> bool:
    try:
        format(value, spec)
    except (ValueError, OverflowError):
        return True
    return False


def _zeros_grouped(m: re.Match) -> bool:
    """Whether the spec's zero padding goes through its grouping."""
    fill, align, zero, grouping = m.group(1), m.group(2), m.group(6), m.group(8)
    return bool(grouping) and ((fill == "0" and align == "=") or bool(zero and fill is None and align in (None, "=")))


def int_left_to_cpython(x: int, spec: str) -> bool:
    """Whether the VM may leave format(x, spec) of an int x to CPython
    (format.h): a spec CPython refuses, a float type, 'c', 'n', or zeros
    that the grouping reaches."""
    if _raises(x, spec):
        return True
    m = _SPEC.fullmatch(spec)
    return (m.group(10) or "") in tuple("cneEfFgG%") or _zeros_grouped(m)


def float_left_to_cpython(x: float, spec: str) -> bool:
    """Whether the VM may leave format(x, spec) of a float to CPython
    (format_float.h): a spec CPython refuses, another type than f, F and
    %, 'z', zeros that the grouping reaches, inf and nan, a precision past
    100, or digits past the 17 that dtoa_digits_ knows of a value that has
    more."""
    from decimal import Decimal

    if spec == "":
        return False
    if _raises(x, spec):
        return True
    m = _SPEC.fullmatch(spec)
    kind, precision = m.group(10) or "", int(m.group(9) or 6)
    if kind not in ("f", "F", "%") or m.group(4) or _zeros_grouped(m) or precision > 100:
        return True
    mag = abs(x) * (100 if kind == "%" else 1)
    if not math.isfinite(mag):
        return True
    d = Decimal(mag)
    return mag != 0 and d.adjusted() + 1 + precision > 17 and len(d.normalize().as_tuple().digits) > 17


def check_format(rt, status: int, value, spec: str, may_leave: bool, inputs) -> None:
    """The runtime's format(value, spec): CPython's, or Unsupported where
    the VM may leave it to CPython, or MemoryError for a width past the heap."""
    if status == ST["ST_UNSUPPORTED"]:
        assert may_leave, (value, spec)
    elif status == ST["ST_MEMORY_ERROR"]:
        assert len(format(value, spec)) >= 1 << 20
    else:
        check_s(rt, status, (PASS, format(value, spec)), inputs)


@given(ints, format_specs)
@example(5, "08b")
@example(-255, "#010x")
@example(1234567, "_")
@example(I64_MIN, "#_b")
@example(5, "010,")
def test_format_int(rt, x, spec):
    put(rt, spec)
    rt.h_reset_heap(1 << 20)
    check_format(rt, rt.h_format_int(x), x, spec, int_left_to_cpython(x, spec), (spec,))


float_specs = st.one_of(
    format_specs,
    st.tuples(st.sampled_from(_FILL_ALIGN), st.sampled_from(["", "+", " "]), st.sampled_from(["", "#"]),
              st.sampled_from(["", "0"]), st.sampled_from(["", "8", "15"]), st.sampled_from(["", ",", "_"]),
              st.sampled_from(["", ".0", ".1", ".2", ".6", ".12", ".20"]), st.sampled_from(["f", "F", "%"])).map("".join))


@given(floats, float_specs)
@example(2.675, ".2f")
@example(999.995, ".2f")
@example(-0.0, ".1f")
@example(0.5, ".0f")
@example(1e20, ",.2f")
@example(0.125, "%")
def test_format_float(rt, x, spec):
    put(rt, spec)
    rt.h_reset_heap(1 << 20)
    check_format(rt, rt.h_format_float(x), x, spec, float_left_to_cpython(x, spec), (spec,))


@given(texts, format_specs)
@example("ab", "05")
@example("abc", "^6.2")
@example("", "")
def test_format_str(rt, s, spec):
    put(rt, s, spec)
    rt.h_reset_heap(1 << 20)
    check_format(rt, rt.h_format_str(), s, spec, _raises(s, spec), (s, spec))


@given(texts)
@example("a")
@example("A")
@example("1")
def test_str_case(rt, s):
    put(rt, s)
    check_s(rt, rt.h_str_case(0), (PASS, s.lower()), (s,))
    check_s(rt, rt.h_str_case(1), (PASS, s.upper()), (s,))
    check_s(rt, rt.h_str_case(2), (PASS, s.swapcase()), (s,))
    check_s(rt, rt.h_str_case(3), (PASS, s.capitalize()), (s,))
    check_s(rt, rt.h_str_case(4), (PASS, s.title()), (s,))


@given(st.one_of(texts, st.text(alphabet=" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x00ax", max_size=8)),
       st.one_of(st.none(), st.text(alphabet="ab _\t", max_size=3)), st.integers(0, 2))
@example(" a ", None, 0)
@example("  ", None, 0)
@example("aba", "a", 0)
@example("aba", "", 0)
def test_str_strip(rt, s, cs, mode):
    put(rt, s, cs or "")
    meth = [str.strip, str.lstrip, str.rstrip][mode]
    check_s(rt, rt.h_str_strip(cs is not None, mode), (PASS, meth(s, cs)), (s,))


@given(texts, st.one_of(texts, st.text(alphabet="ab", max_size=3)))
@example("", "")
@example("abc", "")
@example("aaaa", "aa")
@example("abab", "ab")
def test_str_find_affix(rt, s, t):
    put(rt, s, t)
    check_i(call_i(rt.h_str_find, 0), (PASS, s.find(t)))
    check_i(call_i(rt.h_str_find, 1), (PASS, s.rfind(t)))
    check_i(call_i(rt.h_str_find, 2), py_int(lambda: s.index(t)))
    check_i(call_i(rt.h_str_find, 3), (PASS, s.count(t)))
    assert rt.h_str_affix(0) == s.startswith(t)
    assert rt.h_str_affix(1) == s.endswith(t)


BOUND = st.one_of(st.integers(-9, 9), st.just(None))  # None: an absent end (INT64_MAX here)


@given(st.text(alphabet="ab", max_size=6), st.text(alphabet="ab", max_size=2), st.integers(-9, 9), BOUND)
@example("abc", "", 4, None)
@example("abc", "", 3, None)
@example("aaaaa", "aa", 1, 4)
@example("aaaaa", "", 1, 4)
@example("ab", "b", 5, -9)
def test_str_find_affix_in_a_range(rt, s, t, start, end):
    """find, rfind, index, count, startswith and endswith with start and end,
    as CPython adjusts them (negative from the end, clamped to the string)."""
    put(rt, s, t)
    e = 2**63 - 1 if end is None else end
    check_i(call_i(rt.h_str_find_in, 0, start, e), (PASS, s.find(t, start, end)))
    check_i(call_i(rt.h_str_find_in, 1, start, e), (PASS, s.rfind(t, start, end)))
    check_i(call_i(rt.h_str_find_in, 2, start, e), py_int(lambda: s.index(t, start, end)))
    check_i(call_i(rt.h_str_find_in, 3, start, e), (PASS, s.count(t, start, end)))
    assert rt.h_str_affix_in(0, start, e) == s.startswith(t, start, end)
    assert rt.h_str_affix_in(1, start, e) == s.endswith(t, start, end)


@given(st.text(alphabet="ab", max_size=6), st.text(alphabet="ab", max_size=2), st.text(alphabet="xy", max_size=2),
       st.integers(-1, 4))
@example("abc", "", "-", 2)
@example("aaa", "a", "a", 1)
@example("ab", "b", "", 0)
def test_str_replace_at_most(rt, s, old, new, most):
    put(rt, s, old, new)
    rt.h_reset_heap(1 << 20)
    check_s(rt, rt.h_str_replace_n(most), (PASS, s.replace(old, new, most)), (s, old, new))


@given(st.one_of(texts, st.text(alphabet="+-0ab", max_size=5)), st.integers(-2, 14),
       st.one_of(st.sampled_from(["*", "0", " "]), texts))
@example("-42", 6, "*")
@example("+", 3, "*")
@example("", 3, "*")
@example("abc", 6, "")
@example("abc", 2, "xy")
@example("ab", 7, "*")
def test_str_pad(rt, s, width, fill):
    """ljust, rjust, center (fill: one character, else TypeError) and zfill."""
    for mode, call in enumerate((lambda: s.ljust(width, fill), lambda: s.rjust(width, fill),
                                 lambda: s.center(width, fill), lambda: s.zfill(width))):
        put(rt, s, fill)
        rt.h_reset_heap(1 << 20)
        check_s(rt, rt.h_str_pad(width, mode), py_str(call), (s, fill))


@given(st.one_of(texts, st.text(alphabet="ab", max_size=8)),
       st.one_of(st.text(alphabet="ab", max_size=3), texts),
       st.one_of(st.text(alphabet="abc", max_size=3), texts))
@example("", "", "x")
@example("", "", "")
@example("ab", "", "-")
@example("abc", "", "")
@example("a", "a", "")
@example("ab", "b", "")
@example("a", "a", "x")
@example("aaa", "a", "a")
@example("aaaa", "aa", "b")
def test_str_replace(rt, s, old, new):
    put(rt, s, old, new)
    rt.h_reset_heap(1 << 20)
    check_s(rt, rt.h_str_replace(), (PASS, s.replace(old, new)), (s, old, new))


@given(st.one_of(texts, st.text(alphabet="aZ09 \x1c_", max_size=4)))
@example("")
@example("1")
@example("a1")
@example("A1")
@example("\x1f")
def test_str_is(rt, s):
    put(rt, s)
    for kind, meth in enumerate([str.isdigit, str.isalpha, str.isalnum,
                                 str.isspace, str.islower, str.isupper]):
        assert rt.h_str_is(kind) == meth(s), (kind, s)


# ---------------------------------------------------------------- CUDA

# Every runtime function called from one kernel, so the device compilers see
# all of them. Kept in step with runtime.h by test_cuda_source_calls_all.
CUDA_KERNEL = r"""
KERNEL void rt_all(int64_t* hw, const int64_t* chars, const int64_t* s, const int64_t* t,
                   int64_t* o, double* d) {
  Heap h = {hw, 0, 1024};
  int64_t* p;
  const int64_t* c = s;
  int st = 0;
  st += rt_new_str(&h, 5, &p);
  st += heap_alloc(&h, 3) != nullptr;
  st += heap_spare(&h, 3) != nullptr;
  st += rt_floordiv_int(o[0], o[1], o + 2) + rt_mod_int(o[0], o[1], o + 2);
  st += rt_pow_int(o[0], o[1], o + 2) + rt_pow_mod(o[0], o[1], o[3], o + 2);
  st += rt_truediv_int(o[0], o[1], d);
  st += rt_lshift(o[0], o[1], o + 2) + rt_rshift(o[0], o[1], o + 2);
  st += rt_neg_int(o[0], o + 2) + rt_abs_int(o[0], o + 2);
  st += rt_gcd(o[0], o[1], o + 2) + rt_isqrt(o[0], o + 2) + rt_round_int_n(o[0], o[1], o + 2);
  st += rt_floordiv_float(d[0], d[1], d + 2) + rt_mod_float(d[0], d[1], d + 2);
  st += rt_div_float(d[0], d[1], d + 2);
  st += rt_float_to_int(d[0], o + 2) + rt_round_float(d[0], o + 2);
  st += rt_floor_float(d[0], o + 2) + rt_ceil_float(d[0], o + 2);
  st += rt_sqrt(d[0], d + 2) + rt_pow_float(d[0], d[1], ST_UNSUPPORTED, d + 2) + rt_math_pow(d[0], d[1], d + 2);
  st += rt_cmp_int_float(o[0], d[0], CMP_EQ) + rt_cmp_float_int(d[0], o[0], CMP_NE);
  st += rt_cmp_float(d[0], d[1], CMP_LE) + rt_cmp_int(o[0], o[1], CMP_LT);
  st += rt_str_cmp(s, t) + rt_str_concat(&h, s, t, &c);
  st += rt_str_repeat(&h, s, o[0], chars + 1, &c);
  st += rt_str_index(s, o[0], chars, &c);
  st += rt_str_slice(&h, s, o[0], o[1], o[2], chars, chars + 1, &c);
  st += rt_str_contains(s, t) + rt_str_of_int(&h, o[0], chars, &c);
  st += rt_int_of_str(s, o + 2) + rt_int_of_str_base(s, o[0], o + 2) + rt_chr(o[0], chars, &c) + rt_ord(s, o + 2);
  st += rt_radix_str(&h, o[0], 4, &c) + rt_str_pad(&h, s, o[0], t, 2, chars, &c) + rt_str_case(&h, s, 1, chars, &c) + (int)rt_range_len(o[0], o[1], o[2]);
  st += rt_str_strip(&h, s, t, 0, chars, chars + 1, &c);
  st += rt_str_find(s, t, 3, o + 2) + rt_str_affix(s, t, 1);
  st += rt_str_find_in(s, t, 1, o[0], o[1], o + 2) + rt_str_affix_in(s, t, 0, o[0], o[1]);
  st += rt_str_replace(&h, s, t, s, chars, chars + 1, &c) + rt_str_is(s, 4);
  st += rt_format_int(&h, o[0], s, chars, chars + 1, &c) + rt_format_str(&h, s, t, chars, chars + 1, &c);
  o[5] = st + c[0];
}
"""

def public_functions():
    # DEV (inline) or DEVFN (out of line): both are public
    text = RUNTIME_H.read_text() + (KERNELS / "fpow.h").read_text() + (KERNELS / "format.h").read_text()
    return re.findall(r"^DEV(?:FN)? \w+\*? (heap_alloc|heap_spare|rt_[a-z0-9_]*[a-z0-9])\(", text, re.M)


def test_cuda_source_calls_all():
    called = set(re.findall(r"\b(heap_alloc|heap_spare|rt_\w+)\(", CUDA_KERNEL))
    assert set(public_functions()) - called == set()


def test_runtime_uses_only_port_h():
    # NVRTC has no standard headers: runtime.h (and fpow.h, which it
    # includes) may lean on port.h alone.
    text = re.sub(r"//[^\n]*", "", RUNTIME_H.read_text())
    assert re.findall(r"#include\s+\S+", text) == ['#include "layout.h"', '#include "fpow.h"', '#include "format.h"']
    fpow = re.sub(r"//[^\n]*", "", (KERNELS / "fpow.h").read_text())
    assert re.findall(r"#include\s+\S+", fpow) == ['#include "layout.h"']
    fmt = re.sub(r"//[^\n]*", "", (KERNELS / "format.h").read_text())
    assert re.findall(r"#include\s+\S+", fmt) == []  # runtime.h's own functions, included last
    text += fpow + fmt
    for banned in ["std::", "memcpy", "memset", "size_t", "__int128", "INT64_MAX ", "INT64_MIN ",
                   "printf", "malloc", "static "]:
        assert banned not in text, banned


def test_cuda_compiles_nvcc(tmp_path):
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        pytest.skip("nvcc not on PATH")
    cu = tmp_path / "rt_all.cu"
    cu.write_text(f'#include "{RUNTIME_H}"\n' + CUDA_KERNEL)
    out = subprocess.run([nvcc, "-arch=sm_90", "--ptx", "-fmad=false", "-x", "cu", str(cu),
                          "-o", str(tmp_path / "rt_all.ptx")], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert ".entry rt_all" in (tmp_path / "rt_all.ptx").read_text()


def test_cuda_compiles_nvrtc():
    nvrtc_compile(b'#include "runtime.h"\n' + CUDA_KERNEL.encode(), "rt_all.cu",
                  ["-fmad=false", "-std=c++17", f"-I{KERNELS}"])
