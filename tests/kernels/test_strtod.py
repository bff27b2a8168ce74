"""gpubackend/kernels/strtod.h against CPython's float(), bit for bit:
strtod_decimal (digits * 10**exp10) and rt_parse_float (float(str) syntax).
The harness (strtod_harness.cpp) also reports how much of the scratch buffer
each call wrote, so the documented STRTOD_BIG_LIMBS bound is checked too."""

import ctypes
import math
import random
import shutil
import struct
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import build_harness, nvrtc_compile, scratch_checked
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

HERE = Path(__file__).resolve().parent
KERNELS = HERE.parent.parent / "gpubackend" / "kernels"

def examples(n):
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def sd(tmp_path_factory):
    lib = build_harness(tmp_path_factory, "strtod_harness")
    lib.s_decimal.argtypes = [ctypes.c_char_p, ctypes.c_int32, ctypes.c_int32, ctypes.c_int]
    lib.s_decimal.restype = ctypes.c_double
    lib.s_parse.argtypes = [ctypes.c_char_p, ctypes.c_int64, ctypes.POINTER(ctypes.c_double)]
    lib.s_parse.restype = ctypes.c_int
    lib.s_round_from.argtypes = [ctypes.c_char_p, ctypes.c_int32, ctypes.c_int32, ctypes.c_double]
    lib.s_round_from.restype = ctypes.c_double
    for name in ["s_status_pass", "s_status_value_error", "s_big_limbs", "s_scratch_limbs",
                 "s_take_high_water", "s_take_fence"]:
        getattr(lib, name).argtypes, getattr(lib, name).restype = [], ctypes.c_int
    return lib


@pytest.fixture(autouse=True)
def scratch_guard(request):
    """Every call of every test stays inside its scratch buffer and within
    one big integer's STRTOD_BIG_LIMBS."""
    bound = request.getfixturevalue("sd").s_big_limbs() if "sd" in request.fixturenames else 0
    yield from scratch_checked(request, "sd", "s_take_fence", "s_take_high_water", bound)


def bits(x):
    return struct.pack("<d", x).hex()


def parse(lib, s):
    """(True, bits) or (False, None) for ValueError, from the harness."""
    b = s.encode("ascii") if isinstance(s, str) else s
    out = ctypes.c_double()
    status = lib.s_parse(b, len(b), ctypes.byref(out))
    if status == lib.s_status_value_error():
        return False, None
    assert status == lib.s_status_pass()
    return True, bits(out.value)


def python_parse(s):
    try:
        return True, bits(float(s))
    except ValueError:
        return False, None


def check_parse(lib, s):
    assert parse(lib, s) == python_parse(s), repr(s)


def check_decimal(lib, digits, exp10, neg=False):
    ref = float(f"{'-' if neg else ''}{digits}e{exp10}")
    got = lib.s_decimal(digits.encode(), len(digits), exp10, int(neg))
    assert bits(got) == bits(ref), (digits[:60], len(digits), exp10, neg, got, ref)


def split_decimal(s):
    """A float()-syntax decimal string as (digits, exp10, neg)."""
    neg = s.startswith("-")
    s = s.lstrip("+-")
    mant, _, exp = s.replace("E", "e").partition("e")
    whole, _, frac = mant.partition(".")
    return whole + frac, int(exp or 0) - len(frac), neg


def exact_decimal(fr):
    """Fraction with a power-of-two denominator as (D, E), D * 10**E == fr."""
    k = fr.denominator.bit_length() - 1
    assert fr.denominator == 1 << k
    d, e = fr.numerator * 5 ** k, -k
    while d and d % 10 == 0:
        d, e = d // 10, e + 1
    return d, e


def upper_midpoint(x):
    """The exact midpoint between x >= 0 and the next double up (for
    DBL_MAX: 2**1024 - 2**970, where rounding goes to inf)."""
    y = math.nextafter(x, math.inf)
    return (Fraction(x) + (Fraction(2 ** 1024) if math.isinf(y) else Fraction(y))) / 2


EDGES = [0.0, 5e-324, 1e-323, 2.225073858507201e-308, 2.2250738585072014e-308,
         2.2250738585072014e-308 * 2, 1.0, 2.0, 0.1, 9007199254740992.0, 1e23,
         8.98846567431158e307, 1.7976931348623157e308]
EDGES += [math.nextafter(x, 0.0) for x in EDGES if x]  # just below each, powers of two too


# ------------------------------------------------------------ known cases

KNOWN = [
    "0", "1", "0.1", "1e23", "8.5e-323", "2.4703282292062327e-324", "2.4703282292062328e-324",
    "4.9406564584124654e-324", "2.2250738585072011e-308", "2.2250738585072012e-308",
    "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
    "179769313486231580793728971405301e276", "179769313486231580793728971405303e276",
    "9007199254740993", "9007199254740993.0000000000000000000000001",
    "123456789012345678901234567890", "1e-400", "1e400", "0e999999999", "1e-9999999999999999999999",
    "1e+9999999999999999999999", "0." + "0" * 400 + "1e400", "1" + "0" * 400 + "e-400",
    "7.2057594037927933e16", "3.0517578125e-5", "4.35679719975161e-308",
    "6.631236846766476e-316", "3.2379086165851934e-319", "2.0019834523213905e-256",
    "9.5e-322", "1.5e-323", "-0.0", "-1e-400", "-1e400",
]


@pytest.mark.parametrize("s", KNOWN)
def test_known_hard_cases(sd, s):
    check_parse(sd, s)
    digits, exp10, neg = split_decimal(s)
    if -(2 ** 31) <= exp10 < 2 ** 31:  # strtod_decimal takes an int32 exponent
        check_decimal(sd, digits, exp10, neg)


# ------------------------------------------------------------ doubles printed

@examples(1500)
@given(st.floats(allow_nan=False, allow_infinity=False),
       st.sampled_from(["{!r}", "%.17g", "%.25e", "%.40f", "%.16e", "%.5e"]))
@example(5e-324, "%.40f")
@example(1.7976931348623157e308, "%.40f")
def test_printed_doubles_round_trip(sd, x, fmt):
    s = fmt.format(x) if fmt == "{!r}" else fmt % x
    check_parse(sd, s)
    check_decimal(sd, *split_decimal(s))


# ------------------------------------------------------------ random digits

@examples(2000)
@given(st.text("0123456789", min_size=1, max_size=40), st.integers(-380, 340), st.booleans())
def test_random_digits_and_exponents(sd, digits, shift, neg):
    # Exponent chosen so the value lands anywhere from below 2**-1075 to
    # past DBL_MAX, whatever the digit count.
    check_decimal(sd, digits, shift - len(digits), neg)


@examples(300)
@given(st.integers(1, 2 ** 64), st.sampled_from([-1074, -1022, -1000, 0, 1000, 1023]),
       st.integers(-60, 60), st.sampled_from(["%.17g", "%.20e", "%.30e"]))
def test_near_binade_edges(sd, mant, base, off, fmt):
    """Values near 2**-1074, 2**-1022, 1, 2**1023 and DBL_MAX."""
    try:
        x = math.ldexp(mant, base + off - 64)
    except OverflowError:
        x = 1.7976931348623157e308
    s = fmt % x
    check_parse(sd, s)
    check_decimal(sd, *split_decimal(s))


# ------------------------------------------------------------ halfway cases

@examples(1000)
@given(st.one_of(st.floats(0.0, allow_nan=False, allow_infinity=False),
                 st.sampled_from(EDGES),
                 st.integers(0, 2 ** 55).map(lambda w: struct.unpack("<d", struct.pack("<Q", w))[0])),
       st.sampled_from([1, 3, 17, 300, 1000]), st.booleans())
def test_halfway_and_a_hair_either_side(sd, x, k, neg):
    """The exact midpoint to the next double (ties to even), and the same
    with a 1 appended k digits later, or 1 taken off there: past 800 digits
    only the sticky digit can tell these apart from the midpoint."""
    d, e = exact_decimal(upper_midpoint(x))
    check_decimal(sd, str(d), e, neg)
    k += max(0, 20 - len(str(d)))  # a hair: past the 17th significant digit
    check_decimal(sd, str(d * 10 ** k + 1), e - k, neg)
    check_decimal(sd, str(d * 10 ** k - 1), e - k, neg)
    check_parse(sd, f"{'-' if neg else ''}{d * 10 ** k + 1}e{e - k}")


def test_midpoint_ties_go_to_even(sd):
    d, e = exact_decimal(Fraction(1, 2 ** 1075))  # the tie between 0 and 2**-1074
    assert parse(sd, f"{d}e{e}") == (True, bits(0.0))
    assert parse(sd, f"{d * 10 + 1}e{e - 1}") == (True, bits(5e-324))
    assert parse(sd, f"-{d * 3}e{e}") == (True, bits(-1e-323))  # 1.5 ulp: to 2 (even)
    d, e = exact_decimal(Fraction(2 ** 1024 - 2 ** 970))  # the tie at DBL_MAX goes to inf
    assert sd.s_decimal(str(d).encode(), len(str(d)), e, 0) == math.inf
    below = str(d * 10 ** 900 - 1)
    assert sd.s_decimal(below.encode(), len(below), e - 900, 0) == 1.7976931348623157e308


def step_ulps(x, k):
    """x moved k ulps (negative: down), kept within [0, DBL_MAX]."""
    x = min(x, 1.7976931348623157e308)
    for _ in range(abs(k)):
        x = math.nextafter(x, math.inf if k > 0 else -math.inf)
    return min(max(x, 0.0), 1.7976931348623157e308)


@examples(800)
@given(st.one_of(st.floats(0.0, allow_nan=False, allow_infinity=False), st.sampled_from(EDGES),
                 st.integers(-1074, 1023).map(lambda k: 2.0 ** k),
                 st.integers(-1073, 1023).map(lambda k: math.nextafter(2.0 ** k, 0.0))),
       st.sampled_from([0, 1, 300]), st.sampled_from([-1, 0, 1]), st.integers(-12, 12))
def test_rounding_loop_from_any_start(sd, x, k, hair, start):
    """strtod_round_ started up to 12 ulps either side of the answer (the
    estimate is never more than one ulp low): the steps down, the lower
    midpoint below a power of two and ties seen from the odd side above."""
    d, e = exact_decimal(upper_midpoint(x))
    k += max(0, 20 - len(str(d)))  # a hair: past the 17th significant digit
    digits, exp10 = str(d * 10 ** k + hair), e - k
    ref = float(f"{digits}e{exp10}")
    got = sd.s_round_from(digits.encode(), len(digits), exp10, step_ulps(ref, start))
    assert bits(got) == bits(ref), (x, k, hair, start, got, ref)


def test_rounding_loop_at_the_edges(sd):
    """The same, exhaustively, around 0, the subnormal/normal boundary, the
    powers of two whose lower neighbour is twice as close, and DBL_MAX."""
    for x in EDGES:
        for k in [1, 300]:
            d, e = exact_decimal(upper_midpoint(x))
            k += max(0, 20 - len(str(d)))
            for hair in [-1, 0, 1]:
                digits, exp10 = str(d * 10 ** k + hair), e - k
                ref = float(f"{digits}e{exp10}")
                for start in range(-3, 4):
                    got = sd.s_round_from(digits.encode(), len(digits), exp10, step_ulps(ref, start))
                    assert bits(got) == bits(ref), (x, k, hair, start, got, ref)


# ------------------------------------------------------------ long inputs

@examples(200)
@given(st.integers(700, 3000), st.integers(-340, 320), st.integers(0, 2 ** 32), st.booleans())
def test_long_digit_strings(sd, n, shift, seed, neg):
    rng = random.Random(seed)
    digits = "".join(rng.choice("0123456789") for _ in range(n))
    check_decimal(sd, digits, shift - n, neg)
    # Leading and trailing zeros are not significant digits.
    check_decimal(sd, "0" * rng.randint(0, 900) + digits + "0" * rng.randint(0, 900), shift - n - 7, neg)


def test_worst_case_scratch(sd):
    """The largest big integers: 801 significant digits (800 kept and a
    sticky 1) at the smallest exponents that are not trivially 0, and at the
    largest ones that are not trivially inf. The high-water mark reaches the
    documented 84 limbs and not one more."""
    rng = random.Random(7)
    for n in [800, 801, 1200]:
        for shift in range(-326, -318):
            digits = str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(n - 1))
            check_decimal(sd, digits, shift - n)
        for shift in range(305, 311):
            check_decimal(sd, "9" * n, shift - n)
    for x in [2.2250738585072014e-308, 1e-300, 1e-200]:  # normal: 54-bit midpoints
        d, e = exact_decimal(upper_midpoint(x))
        check_decimal(sd, str(d * 10 ** 400 + 1), e - 400)
    assert 80 <= sd.s_take_high_water() <= 84 <= sd.s_big_limbs()


def test_extreme_exponent_arguments(sd):
    for digits in ["0", "000", "1", "123456789" * 100]:
        for e in [-(2 ** 31), -(2 ** 31) + 1, -400, 400, 2 ** 31 - 1]:
            check_decimal(sd, digits, e)
            check_decimal(sd, digits, e, True)


# ------------------------------------------------------------ float(str) syntax

PARSE_CASES = [
    "", " ", "+", "-", ".", "+.", "e1", ".e1", "1e", "1e+", "1e-", "1.", ".5", "-.5", "+5.",
    "1_0", "1__0", "_1", "1_", "1_.0", "1._0", "1.0_", "1e_1", "1_e1", "1e1_", "1e+_1", "1e1_0",
    "1_0.0_1e-0_1", " 1_0 ", "_ 1", "1 _", "+_1", "-1_", "inf", "-inf", "+inf", "INF", "iNfInItY",
    "infinity", "-Infinity", "infinit", "infinityy", "in", "nan", "-nan", "+NaN", "nan1", "nana",
    "i_nf", "in f", " inf ", "- inf", "--1", "+-1", "1 0", "1..0", "1.0.0", "1e1.0", "1e1e1",
    "\t\n\x0b\x0c\r 12.5 \r\x0c\x0b\n\t", "\x1c1", "1\x1f", "1\x00", "\x001", "0x10", "0b1",
    "1f", "1d", "1E5", "1e+05", "1e-0005", "00000.00000", "-00", "0_0_0", "١", "1e" + "9" * 30,
    "1e-" + "9" * 30, "." + "0" * 500 + "1", "9" * 500 + ".", "1_2_3_4_5_6_7_8_9_0" * 50,
]


@pytest.mark.parametrize("s", PARSE_CASES)
def test_parse_fixed_cases(sd, s):
    if s.isascii():
        check_parse(sd, s)
    else:  # non-ASCII bytes are never a float here (the DSL's strings are ASCII)
        assert parse(sd, s.encode("utf-8")) == (False, None)


SYNTAX_ALPHABET = "0123456789_.eE+-infatyINFATY \t\n\x0b\x0c\r\x1cx"


@examples(1500)
@given(st.text(SYNTAX_ALPHABET, max_size=12))
def test_parse_random_syntax(sd, s):
    check_parse(sd, s)


@st.composite
def literal_like(draw):
    """Mostly valid float literals, with underscores, whitespace, signs and
    exponents in places both right and wrong."""
    def run(max_size):
        body = draw(st.text("0123456789", min_size=0, max_size=max_size))
        out = ""
        for i, c in enumerate(body):
            if i and draw(st.integers(0, 5)) == 0:
                out += "_" * draw(st.sampled_from([1, 1, 1, 2]))
            out += c
        return out
    ws = st.text(" \t\n\x0b\x0c\r", max_size=2)
    s = draw(ws) + draw(st.sampled_from(["", "", "+", "-"])) + run(25)
    if draw(st.booleans()):
        s += "." + run(25)
    if draw(st.booleans()):
        s += draw(st.sampled_from("eE")) + draw(st.sampled_from(["", "+", "-"])) + run(4)
    if draw(st.integers(0, 9)) == 0:
        i = draw(st.integers(0, len(s)))
        s = s[:i] + draw(st.sampled_from(["_", ".", "e", "+", " "])) + s[i:]
    return s + draw(ws)


@examples(1500)
@given(literal_like())
def test_parse_literal_like(sd, s):
    check_parse(sd, s)


# ------------------------------------------------------------ device builds

TINY_KERNEL = r"""
#include "layout.h"
#include "strtod.h"
extern "C" __global__ void strtod_kernel(const char* s, long long n, double* out, int* status) {
  uint32_t scratch[STRTOD_SCRATCH_LIMBS];
  status[0] = rt_parse_float(s, n, scratch, out);
  out[1] = strtod_decimal(s, (int32_t)n, -5, 0, scratch);
}
"""


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not installed")
def test_strtod_compiles_for_sm90_with_nvcc(tmp_path):
    cu = tmp_path / "strtod_kernel.cu"
    cu.write_text(TINY_KERNEL)
    proc = subprocess.run(["nvcc", "-arch=sm_90", "--ptx", "-fmad=false", "-x", "cu", f"-I{KERNELS}",
                           str(cu), "-o", str(tmp_path / "strtod.ptx")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert ".entry strtod_kernel" in (tmp_path / "strtod.ptx").read_text()


def test_strtod_compiles_with_nvrtc():
    nvrtc_compile(TINY_KERNEL.encode(), "strtod_kernel.cu", ["-std=c++17", "-fmad=false", f"-I{KERNELS}"])
