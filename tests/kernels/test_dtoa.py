"""gpubackend/kernels/dtoa.h against CPython's repr(float), character for
character: the shortest digits that read back (dtoa's mode 0), nearest x,
ties to even, in format_float_short's layout. The harness
(dtoa_harness.cpp) also checks that no call writes outside its scratch and
that the digit step keeps within the bound its header states."""

import ctypes
import math
import random
import struct
from fractions import Fraction

import pytest
from conftest import build_harness, scratch_checked
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st


def examples(n):
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# dtoa.h's header: N < 2**807 and D < 2**770, so 26 limbs of 32 bits.
DIGITS_BOUND_LIMBS = 26


@pytest.fixture(scope="module")
def dt(tmp_path_factory):
    lib = build_harness(tmp_path_factory, "dtoa_harness")
    lib.d_repr.argtypes = [ctypes.c_uint64, ctypes.c_char_p]
    lib.d_repr.restype = ctypes.c_int
    lib.d_digits.argtypes = [ctypes.c_uint64, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int32),
                             ctypes.POINTER(ctypes.c_int32)]
    lib.d_digits.restype = None
    lib.d_parse.argtypes = [ctypes.c_char_p, ctypes.c_int64, ctypes.POINTER(ctypes.c_double)]
    lib.d_parse.restype = ctypes.c_int
    lib.d_round.argtypes = [ctypes.c_uint64, ctypes.c_int64, ctypes.POINTER(ctypes.c_uint64)]
    lib.d_round.restype = ctypes.c_int
    for name in ["d_repr_max", "d_big_limbs", "d_take_high_water", "d_take_fence"]:
        getattr(lib, name).argtypes, getattr(lib, name).restype = [], ctypes.c_int
    return lib


@pytest.fixture(autouse=True)
def scratch_guard(request):
    """Every call stays inside its scratch buffer; the digit step's big
    integers stay within the header's bound (itself within DTOA_BIG_LIMBS)."""
    if "dt" in request.fixturenames:
        assert DIGITS_BOUND_LIMBS <= request.getfixturevalue("dt").d_big_limbs()
    yield from scratch_checked(request, "dt", "d_take_fence", "d_take_high_water", DIGITS_BOUND_LIMBS)


def bits_of(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def float_of(b: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", b))[0]


def kernel_repr(lib, x: float) -> str:
    buf = ctypes.create_string_buffer(lib.d_repr_max() + 1)
    n = lib.d_repr(bits_of(x), buf)
    assert 0 < n <= lib.d_repr_max()
    return buf.raw[:n].decode("ascii")


def kernel_parse(lib, s: str) -> float:
    out = ctypes.c_double()
    assert lib.d_parse(s.encode("ascii"), len(s), ctypes.byref(out)) == 0
    return out.value


def check(lib, x: float) -> None:
    text = kernel_repr(lib, x)
    assert text == repr(x), x.hex()
    if not math.isnan(x):  # and strtod.h reads it back as the same double
        assert bits_of(kernel_parse(lib, text)) == bits_of(x)


EDGES = [0.0, -0.0, math.inf, -math.inf, math.nan, -math.nan, 5e-324, -5e-324, 2.2250738585072014e-308,
         2.225073858507201e-308, 1.7976931348623157e308, -1.7976931348623157e308, 0.1, 0.2, 0.3, 1 / 3,
         2 / 3, 0.5, 2.5, 100.0, 1e22, 1e23, 1.5e22, 2.0 ** 53, 2.0 ** 53 + 2, 2.0 ** 63, 2.0 ** -25,
         123456789.0, 9007199254740993.0, 1e300, 1e-300, 4.35, 0.07, 1.1, 2.675, 1e100]

# format_float_short's switch between fixed and exponent notation: exponent
# for x < 1e-4 and for x >= 1e16.
LAYOUT = {
    1e16: "1e+16", 1e15: "1000000000000000.0", 9999999999999998.0: "9999999999999998.0",
    1.5e16: "1.5e+16", 12345678901234567890.0: "1.2345678901234567e+19", 1e-4: "0.0001",
    1e-5: "1e-05", 0.00012: "0.00012", 1.5e-7: "1.5e-07", 1e100: "1e+100", 1e-100: "1e-100",
    -0.0: "-0.0", 5e-324: "5e-324", 12.0: "12.0", 0.1: "0.1", -2.5e-5: "-2.5e-05",
    math.inf: "inf", -math.inf: "-inf", math.nan: "nan", -math.nan: "nan",
}


@pytest.mark.parametrize("x", EDGES)
def test_edge_values(dt, x):
    check(dt, x)


@pytest.mark.parametrize("x,text", sorted(LAYOUT.items(), key=lambda kv: kv[1]))
def test_layout(dt, x, text):
    assert repr(x) == text  # the table is CPython's
    assert kernel_repr(dt, x) == text


def test_every_power_of_two(dt):
    """Powers of two have a gap below half their gap above: the nearest
    short decimal may lie under x and not read back while the one above
    does (2**-296 is '7.854549544476363e-90', not ...3625e-90)."""
    assert kernel_repr(dt, 2.0 ** -296) == "7.854549544476363e-90"
    for k in range(-1074, 1024):
        check(dt, 2.0 ** k)
        check(dt, -(2.0 ** k))


def test_neighbours_of_binade_edges(dt):
    for k in range(-1073, 1024):
        check(dt, math.nextafter(2.0 ** k, 0.0))
        if k < 1023:
            check(dt, math.nextafter(2.0 ** k, math.inf))


def test_ties_go_to_even(dt):
    """2**-25 is 2.98023223876953125e-08 exactly: 17 digits end in a tie,
    and the even ...12 is CPython's."""
    assert Fraction(2.0 ** -25) == Fraction(298023223876953125, 10 ** 25)
    assert kernel_repr(dt, 2.0 ** -25) == "2.9802322387695312e-08"


@examples(3000)
@given(st.integers(0, 2 ** 64 - 1))
@example(bits_of(5e-324))
@example(0x7FEFFFFFFFFFFFFF)
def test_any_bit_pattern(dt, b):
    check(dt, float_of(b))


@examples(1500)
@given(st.integers(1, 10 ** 17), st.integers(-345, 310), st.sampled_from([-1, 0, 1]))
def test_short_decimals_and_their_neighbours(dt, digits, exp10, step):
    """Short decimals (which repr prints back) and the doubles beside
    them (which need more digits, often all 17)."""
    x = float(f"{digits}e{exp10}")
    if step and math.isfinite(x):
        x = math.nextafter(x, math.inf if step > 0 else 0.0)
    check(dt, x)


def test_many_random_doubles(dt):
    """A seeded sweep: bit patterns, uniform values and rounded decimals."""
    rng = random.Random(20261123)
    xs = [float_of(rng.getrandbits(64)) for _ in range(20000)]
    xs += [rng.uniform(-1e6, 1e6) for _ in range(5000)]
    xs += [round(rng.uniform(-1000, 1000), rng.randint(0, 6)) for _ in range(5000)]
    for x in xs:
        check(dt, x)


@examples(500)
@given(st.floats(min_value=5e-324, allow_nan=False, allow_infinity=False))
@example(5e-324)  # the largest N
@example(2.2250738585072014e-308)  # the largest D
@example(1.7976931348623157e308)
def test_digit_step_is_exact(dt, x):
    """The 17 digits are x's, truncated, and `rest` says where the part
    after them lies against half a unit: checked with exact fractions."""
    digits = ctypes.create_string_buffer(17)
    exp10, rest = ctypes.c_int32(), ctypes.c_int32()
    dt.d_digits(bits_of(x), digits, ctypes.byref(exp10), ctypes.byref(rest))
    d = int(digits.raw.decode("ascii"))
    assert 10 ** 16 <= d < 10 ** 17
    unit = Fraction(10) ** (exp10.value - 16)
    tail = Fraction(x) / unit - d  # in [0, 1)
    assert 0 <= tail < 1
    want = 0 if tail == 0 else 1 if tail < Fraction(1, 2) else 2 if tail == Fraction(1, 2) else 3
    assert rest.value == want


# ------------------------------------------------------------ round(x, n)


def kernel_round(lib, x: float, n: int):
    """round(x, n) by dtoa_round: a float, or 'OverflowError'."""
    out = ctypes.c_uint64()
    status = lib.d_round(bits_of(x), n, ctypes.byref(out))
    return "OverflowError" if status else float_of(out.value)


def python_round(x: float, n: int):
    try:
        return round(x, n)
    except OverflowError:
        return "OverflowError"


def check_round(lib, x: float, n: int) -> None:
    got, want = kernel_round(lib, x, n), python_round(x, n)
    if isinstance(want, float) and math.isnan(want):
        assert isinstance(got, float) and math.isnan(got)
    else:
        assert (got if isinstance(got, str) else bits_of(got)) == (want if isinstance(want, str) else bits_of(want)), \
            (x.hex(), n, got, want)


ROUND_CASES = [
    (2.675, 2), (0.5, 0), (1.5, 0), (2.5, 0), (-0.5, 0), (-0.4, 0), (0.6, 0), (-0.6, 0), (0.05, 1),
    (0.15, 1), (0.25, 1), (0.125, 2), (0.375, 2), (123.456, -1), (125.0, -1), (135.0, -1), (-125.0, -1),
    (123.456, -3), (1.7976931348623157e308, -308), (1.7976931348623157e308, -307), (5e-324, 323),
    (5e-324, 324), (1e300, -300), (0.0, 2), (-0.0, 2), (math.inf, 2), (-math.inf, -2), (math.nan, 1),
    (1.0, 10 ** 18), (1.0, -(10 ** 18)), (-2.0, -(10 ** 18)), (0.1, 16), (0.1, 17), (1e22, -22),
    (5e21, -22), (5.000000000000001e21, -22),
]


@pytest.mark.parametrize("x,n", ROUND_CASES)
def test_round_cases(dt, x, n):
    check_round(dt, x, n)


@examples(3000)
@given(st.floats(allow_nan=False), st.integers(-30, 30) | st.integers(-400, 400))
def test_round_any_float(dt, x, n):
    check_round(dt, x, n)


@examples(2000)
@given(st.integers(1, 2 ** 24), st.integers(0, 30), st.integers(-3, 24), st.booleans())
def test_round_dyadic_ties(dt, m, k, n, neg):
    """m / 2**k is exact, so its decimal expansion ends in a 5 that
    round(x, n) often lands on: ties go to the even digit."""
    x = m / 2 ** k
    check_round(dt, -x if neg else x, n)


@examples(1000)
@given(st.integers(1, 10 ** 6), st.integers(0, 15), st.integers(-1, 1), st.booleans())
def test_round_integral_ties(dt, m, k, shift, neg):
    """(10m + 5) * 10**k, rounded at 10**(k+1) and its neighbours."""
    x = float((10 * m + 5) * 10 ** k)
    check_round(dt, -x if neg else x, -k - 1 + shift)
