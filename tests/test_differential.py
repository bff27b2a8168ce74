"""Differential testing against CPython (docs/language.md, "The one rule").

Random well-typed programs of tiers 1-4 (tests/difftest/gen.py: half the
seeds make tier 1-2 programs, half tier 3-4 ones with lists, tuples and
Optional) run in CPython (tests/difftest/oracle.py; the expected outcome
already contains the DSL's int64 deviation) and through
``Verifier(device=DEVICE)``; every program must compile and every (program,
args) lane must give CPython's value, bit for bit (lists and tuples item by
item), or CPython's exception class.

DIFFTEST_EXAMPLES sets the number of hypothesis examples (each is a batch of
~20 programs); the long run is ``python bench/difftest.py --count 100000``.
A failing example is printed with its seed, its programs minimized by
tests/difftest/shrink.py, the args and both outcomes.
"""
from __future__ import annotations

import math
import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))

from difftest import gen, handlers, numbers, oracle, runner, shrink, tuples  # noqa: E402
from difftest.dsl_types import (LN, LTVI, NUM, TV_TYPES, TVI, TVVI, beyond_num, has_type, is_vtuple,  # noqa: E402
                                placeholder, union_members)
from tests.device import DEVICE

EXAMPLES = int(os.environ.get("DIFFTEST_EXAMPLES", "600"))
# e.g. DIFFTEST_FEATURES=-aug_shift to look past a known bug (gen.ALL_FEATURES)
FEATURES = gen.parse_features(os.environ.get("DIFFTEST_FEATURES"))
GROUPS, GROUP_SIZE = 4, 5  # 20 programs per example, 4 Problems


@pytest.fixture(scope="module")
def verifier():
    gpubackend = pytest.importorskip("gpubackend")
    return gpubackend.Verifier(device=DEVICE, fallback=False)


# ---------------------------------------------------------------------------
# the generator and the oracle alone (no Verifier needed)


def test_generated_programs_run_in_cpython():
    """500 programs: valid Python, no NameError/TypeError/... (generator bugs:
    make_case raises GeneratorBug), terminating within the oracle's tick
    budget, and a healthy mix of outcomes."""
    returned = {t: 0 for t in ("int", "bool", "float", "str", "list", "tuple", "NoneType")}
    raised: dict[str, int] = {}
    t34 = 0
    for seed in range(500):
        case = gen.case_from_seed(seed)
        t34 += case.t34
        compile(case.source, "<gen>", "exec")
        assert case.signature.startswith("def f(")
        assert len(case.expected) == len(case.args_list) >= 1
        for out in case.expected:
            assert out.kind in ("return", "raise"), out
            if out.kind == "return":
                name = type(out.value).__name__
                if name in returned:
                    returned[name] += 1
            else:
                raised[out.value] = raised.get(out.value, 0) + 1
    assert all(n >= (20 if t in ("tuple", "NoneType") else 50) for t, n in returned.items()), returned
    assert 150 <= t34 <= 350, t34
    total_ret = sum(returned.values())
    total_raise = sum(raised.values())
    assert total_ret > total_raise * 0.8, (returned, raised)
    for exc in ("ZeroDivisionError", "IndexError", "ValueError", "OverflowError"):
        assert raised.get(exc, 0) >= 5, raised
    assert raised.get("AssertionError", 0) >= 3, raised  # rarer: 24 in seeds 0-999, 4 of them below 500


@settings(max_examples=25, derandomize=True, deadline=None, database=None)
@given(case=gen.programs())
def test_programs_strategy(case):
    renamed = "def f_v2(" in case.source  # (gen.rewrite_header's entry of another name: each call a NameError)
    assert case.source.count("def f(") == (0 if renamed else 1) and case.entry == "f"
    assert case.signature.startswith("def f(") and case.args_list
    assert all(len(a) == len(case.param_types) for a in case.args_list)
    again = oracle.run(case.source, case.entry, case.args_list)
    assert all(a.kind == b.kind and (oracle.same_value(a.value, b.value) if a.kind == "return" else a.value == b.value)
               for a, b in zip(again, case.expected))


def test_lines_are_never_broken_inside_an_f_string():
    """A line broken inside an f-string's fields is Python 3.12's syntax
    (PEP 701), which the DSL's 3.11 refuses: the generator makes one
    language on 3.11 and 3.12 (from 3.12, tokenize splits f-strings)."""
    import random

    from difftest.literals import _break_line

    fs = 'f"{max(5, y)}={a + (b * 2)}"'
    broken = {_break_line(random.Random(seed), f"    v = {fs} + g(1, 2)", "    ") for seed in range(400)}
    assert len(broken) > 2  # the line is broken, elsewhere
    assert all(fs in line for line in broken)


def test_generator_is_deterministic():
    for seed in (1, 5):  # a tier 1-2 and a tier 3-4 group
        a = gen.group_from_seed(seed, 3)
        b = gen.group_from_seed(seed, 3)
        assert [c.source for c in a] == [c.source for c in b]
        assert repr([c.args_list for c in a]) == repr([c.args_list for c in b])
    assert not gen.is_t34(1) and gen.is_t34(5)
    assert not gen.is_t34(5, gen.parse_features("-lists"))


@pytest.mark.parametrize(
    "body, args, want",
    [
        ("return a * b", (2**62, 2), "OverflowError"),
        ("return a * b", (2**62, -2), -(2**63)),
        ("return -a", (-(2**63), 0), "OverflowError"),
        ("return abs(a)", (-(2**63), 0), "OverflowError"),
        ("return a // b", (-(2**63), -1), "OverflowError"),
        ("return a % b", (-(2**63), -1), 0),
        ("a <<= b\n    return a", (1, 63), "OverflowError"),
        ("a <<= b\n    return a", (-1, 63), -(2**63)),
        ("return (a * b) % 7", (2**40, 2**40), "OverflowError"),  # no big intermediate either
        ("return a ** b", (2, 63), "OverflowError"),
        ("return pow(a, b)", (-2, 63), -(2**63)),
        ("return math.gcd(a, b)", (-(2**63), 0), "OverflowError"),
        ("return int(1e19) + a", (0, 0), "OverflowError"),
        ("return round(9.3e18) + a", (0, 0), "OverflowError"),
        ("return math.floor(-9.3e18) + a", (0, 0), "OverflowError"),
        ("return ~a", (-(2**63), 0), 2**63 - 1),
        ("return a // b", (1, 0), "ZeroDivisionError"),
    ],
)
def test_oracle_int64_deviation(body, args, want):
    src = f"import math\ndef f(a: int, b: int) -> int:\n    {body}\n"
    (out,) = oracle.run(src, "f", [args])
    if isinstance(want, str):
        assert out == oracle.Outcome("raise", want)
    else:
        assert out == oracle.Outcome("return", want)


@pytest.mark.parametrize(
    "src, args, want",
    [
        # the rewrites keep CPython's semantics: in-place ops stay in place, order is kept
        ("def f(a: list[int]) -> list[int]:\n    b = a\n    b += [1]\n    return a", ([0],), [0, 1]),
        ("def f(a: list[int]) -> list[int]:\n    b = a\n    b = b + [1]\n    return a", ([0],), [0]),
        ("def f(a: list[list[int]]) -> list[int]:\n    r = a[0]\n    a[0] += [2]\n    return r", ([[1]],), [1, 2]),
        ("def f(a: list[int]) -> list[int]:\n    a[0] += a.pop()\n    return a", ([1, 2],), [3]),
        ("def f(a: list[int]) -> list[int]:\n    a[5] += 1 // 0\n    return a", ([1],), "IndexError"),
        ("def f(a: list[int]) -> list[int]:\n    a[0] *= 2 ** 62\n    return a", ([2],), "OverflowError"),
        ("def f(a: list[int]) -> list[int]:\n    a.sort(key=lambda v: -v)\n    return a", ([1, 3, 2],), [3, 2, 1]),
        ("def f(a: list[int]) -> list[int]:\n    return sorted(a, key=lambda v: v % 2, reverse=True)", ([1, 2, 3, 4],), [1, 3, 2, 4]),
        ("def f(a: list[str]) -> str:\n    return max(a, key=len) + min(a)", (["ab", "cd", "a"],), "aba"),
        ("def f(a: list[int]) -> int:\n    return sum(a)", ([2**62, 2**62, -2**62],), "OverflowError"),  # the VM's adds
        ("def f(a: list[int]) -> list[int]:\n    return sorted(a, key=abs)", ([-2**63],), "OverflowError"),
        ("def f(a: list[int]) -> list[int]:\n    return list(map(abs, a))", ([-2**63],), "OverflowError"),
        ("def f(a: int) -> tuple[int, int]:\n    return divmod(a, -1)", (-2**63,), "OverflowError"),
        ("def f(a: list[int]) -> int:\n    a.append(1)\n    return len(a)", ([5],), 2),  # each call its own copy
        ("def f(a: list[int]) -> bool:\n    return [n for n in a] == a", ([1],), True),
        ("def f(a: list[int]) -> int:\n    return len([x for x in a for y in a])", ([1, 2],), 4),
        # envelope: identity shortcuts and unspecified orders discard
        ("def f(a: list[float]) -> list[float]:\n    return sorted(a)", ([1.0, math.nan],), "discard"),
        ("def f(a: list[float]) -> bool:\n    return a == a", ([math.nan],), "discard"),
        ("def f(a: list[float]) -> bool:\n    return a[0] in a", ([math.nan],), "discard"),
        ("def f(a: list[float]) -> int:\n    return a.count(a[0])", ([math.nan],), "discard"),
        ("def f(a: list[float]) -> float:\n    return max(a)", ([1.0, math.nan],), 1.0),  # by value: kept
        ("def f(a: list[float]) -> bool:\n    return 1.0 in a", ([math.nan],), False),
        ("def f(a: list[int]) -> int:\n    for x in a:\n        a.append(x)\n    return 0", ([1],), "discard"),
        ("def f(a: list[int]) -> int:\n    a *= 200\n    return 0", ([1],), "discard"),
        ("def f(a: list[int]) -> int:\n    return len([x for x in range(10 ** 5)])", ([1],), "discard"),
        # tuples of any length: as lists are
        ("def f(a: tuple[float, ...]) -> int:\n    return a.count(a[0])", ((math.nan,),), "discard"),
        ("def f(a: tuple[float, ...]) -> int:\n    return a.index(a[-1])", ((1.0, math.nan),), "discard"),
        ("def f(a: tuple[float, ...]) -> bool:\n    return a < a", ((math.nan,),), "discard"),
        ("def f(a: tuple[int, ...]) -> int:\n    return len(a * 200)", ((1,),), "discard"),
        ("def f(a: tuple[int, ...]) -> int:\n    r = ()\n    for x in range(200):\n        r += a\n    return 0",
         ((1,),), "discard"),
        ("def f(a: tuple[int, ...]) -> int:\n    return a.count(a[0])", ((2, 2, 1),), 2),
    ],
)
def test_oracle_containers(src, args, want):
    (out,) = oracle.run("import math\n" + src + "\n", "f", [args])
    if want == "discard":
        assert out.kind == "discard", out
    elif isinstance(want, str) and want[0].isupper():
        assert out == oracle.Outcome("raise", want), out
    else:
        assert out.kind == "return" and oracle.same_value(out.value, want), out


def test_oracle_discards_out_of_envelope():
    long_str = "def f(s: str) -> str:\n    for i in range(10):\n        s = s + s\n    return s\n"
    assert oracle.run(long_str, "f", [("abc",)])[0].kind == "discard"
    spin = "def f(n: int) -> int:\n    i = 0\n    while i < n:\n        i += 1\n    return i\n"
    assert oracle.run(spin, "f", [(10,)])[0] == oracle.Outcome("return", 10)
    assert oracle.run(spin, "f", [(10**6,)])[0].kind == "discard"
    unbound = "def f(n: int) -> int:\n    if n > 0:\n        x = 1\n    return x\n"
    assert oracle.run(unbound, "f", [(0,)])[0] == oracle.Outcome("raise", "UnboundLocalError")
    bug = "def f(n: int) -> int:\n    return y\n"
    assert oracle.run(bug, "f", [(0,)])[0].kind == "bug"


def test_same_value_is_exact():
    assert oracle.same_value(float("nan"), -float("nan"))
    assert not oracle.same_value(0.0, -0.0)
    assert not oracle.same_value(1, True)
    assert not oracle.same_value(1, 1.0)
    assert oracle.same_value("a", "a")
    assert oracle.same_value([math.nan, (1, "a")], [math.nan, (1, "a")])
    assert not oracle.same_value([0.0], [-0.0]) and not oracle.same_value([1], [True])
    assert not oracle.same_value((1, 2), [1, 2]) and not oracle.same_value([1], [1, 1])
    assert runner.verdict_equal(-0.0, 0.0) and runner.verdict_equal(math.nan, math.nan)
    assert runner.verdict_equal([float("nan")], [float("nan")]) and runner.verdict_equal(([-0.0], 1), ([0.0], 1))


def test_int_or_float_programs():
    """The int_or_float feature's num programs (numbers.NUM_SHARE of the
    seeds, drawn from the seed alone): int | float or list[int | float] in
    each signature, test values and CPython results of both classes, the
    mark that lets their lanes end OverflowError (an int | float's int past
    51 bits); none with the feature off."""
    seeds = [s for s in range(3000) if numbers.num_for(s, gen.DEFAULT_FEATURES)]
    assert 0.5 * numbers.NUM_SHARE <= len(seeds) / 3000 <= 1.5 * numbers.NUM_SHARE, len(seeds)
    values: dict[str, int] = {}
    results: dict[str, int] = {}
    for seed in seeds[:60]:
        case = gen.case_from_seed(seed)
        assert numbers.NUM_MARK in case.source
        assert any(t in (NUM, LN) for t in case.param_types), case.signature
        for args in case.args_list:
            for a, t in zip(args, case.param_types):
                for v in (a if t == LN else [a] if t == NUM else []):
                    values[type(v).__name__] = values.get(type(v).__name__, 0) + 1
                    assert not beyond_num(v, NUM), v  # (a Problem carries no other)
        for out in case.expected:
            if out.kind == "return" and case.ret in (NUM, LN):
                # (an entry may also return a value of another type: foreign_returns)
                for v in (out.value if isinstance(out.value, list) else [out.value]):
                    results[type(v).__name__] = results.get(type(v).__name__, 0) + 1
    assert set(values) == {"int", "float"} and min(values.values()) >= 50, values
    assert results.get("int", 0) >= 10 and results.get("float", 0) >= 10, results
    off = gen.parse_features("-int_or_float")
    assert not any(numbers.num_for(s, off) for s in seeds)
    case = gen.case_from_seed(seeds[0], off)
    assert numbers.NUM_MARK not in case.source and NUM not in case.signature


def test_int_or_float_types():
    assert union_members(LN) == (LN,) and union_members("list[int] | int") == ("list[int]", "int")
    assert has_type([1, 2.5], LN) and not has_type([True], LN) and not has_type([2**50], LN)
    assert has_type(2**50 - 1, NUM) and has_type(-0.0, "float | int") and not has_type(False, NUM)
    assert beyond_num([1, -(2**50) - 1], LN) and not beyond_num(2**50, "int") and beyond_num(2**50, NUM)


def test_tuple_any_length_programs():
    """The tuple_any_length feature's tuple programs (tuples.TV_SHARE of the
    tier 3-4 seeds, drawn from the seed alone): a tuple of any length (or a
    list of them) in each signature, test values and CPython results of
    those types, the mark that lets lanes end Unsupported where a
    tuple[int, ...] stands for a tuple[int, int]; none with the feature off."""
    seeds = [s for s in range(3000) if tuples.tv_for(s, gen.DEFAULT_FEATURES, gen.is_t34(s))]
    t34 = sum(gen.is_t34(s) for s in range(3000))
    assert 0.5 * tuples.TV_SHARE <= len(seeds) / t34 <= 1.5 * tuples.TV_SHARE, len(seeds)
    values: dict[str, int] = {}
    returned = marked = built = 0
    for seed in seeds[:60]:
        case = gen.case_from_seed(seed)
        assert any(is_vtuple(t) or t == LTVI for t in case.param_types), case.signature
        marked += tuples.TV_MARK in case.source
        built += " = ()" in case.source
        for args in case.args_list:
            for a, t in zip(args, case.param_types):
                if is_vtuple(t):
                    assert has_type(a, t), (a, t)
                    values[str(min(len(a), 2))] = values.get(str(min(len(a), 2)), 0) + 1
        returned += sum(o.kind == "return" and is_vtuple(case.ret) and type(o.value) is tuple for o in case.expected)
    assert min(values.get(k, 0) for k in "012") >= 10, values  # empty, one item, more
    assert returned >= 20 and marked >= 2 and built >= 5, (returned, marked, built)
    off = gen.parse_features("-tuple_any_length")
    assert not any(tuples.tv_for(s, off, True) for s in seeds)
    case = gen.case_from_seed(seeds[0], off)
    assert "..." not in case.signature


def test_tuple_any_length_types():
    assert all(is_vtuple(t) for t in TV_TYPES) and not is_vtuple("tuple[int, int]") and not is_vtuple(LTVI)
    assert has_type((), TVI) and has_type((1, 2, 3), TVI) and not has_type((1, "a"), TVI) and not has_type([1], TVI)
    assert has_type(((), (1,)), TVVI) and not has_type((1,), TVVI) and has_type([(1, 2), ()], LTVI)
    assert placeholder(TVI) == () and placeholder(LTVI) == []


def test_try_except_programs():
    """The try_except feature's try programs (handlers.TE_SHARE of the seeds,
    drawn from the seed alone): try statements with clauses of one class, a
    tuple, a bare except and else blocks, raises, and lanes where CPython
    ran a handler; none with the feature off."""
    seeds = [s for s in range(3000) if handlers.te_for(s, gen.DEFAULT_FEATURES)]
    assert 0.5 * handlers.TE_SHARE <= len(seeds) / 3000 <= 1.5 * handlers.TE_SHARE, len(seeds)
    src = "".join(gen.case_from_seed(s).source for s in seeds[:80])
    for part in ("try:", "except (", "except:", "except ValueError", "else:", " as exc", "raise "):
        assert src.count(part) >= 3, part
    off = gen.parse_features("-try_except")
    assert not any(handlers.te_for(s, off) for s in seeds)
    assert "try:" not in gen.case_from_seed(seeds[0], off).source


@pytest.mark.parametrize(
    "body, args, want",
    [
        # the VM never catches its deviations: nor does the oracle's handler
        ("try:\n        return a * 2 ** 62\n    except OverflowError:\n        return 0", (4,), "OverflowError"),
        ("try:\n        return a * 2 ** 62\n    except:\n        return 0", (4,), "OverflowError"),
        ("try:\n        return int(math.inf) + a\n    except Exception:\n        return 0", (4,), "OverflowError"),
        ("try:\n        return 1 // a\n    except ArithmeticError:\n        return -1", (0,), -1),
        ("try:\n        x = [1][a]\n    except IndexError:\n        return x", (3,), "UnboundLocalError"),
        ("raise TypeError('raised')", (0,), "TypeError"),
    ],
)
def test_oracle_try_except(body, args, want):
    src = f"import math\ndef f(a: int) -> int:\n    {body}\n"
    (out,) = oracle.run(src, "f", [args])
    assert out == (oracle.Outcome("raise", want) if isinstance(want, str) else oracle.Outcome("return", want)), out


def test_oracle_try_except_discards():
    spin = "def f(n: int) -> int:\n    try:\n        while True:\n            n += 1\n    except:\n        return n\n"
    assert oracle.run(spin, "f", [(0,)])[0].kind == "discard"


# ---------------------------------------------------------------------------
# the differential test proper


def _fail_report(verifier, mismatches, limit=3) -> str:
    parts = [f"{len(mismatches)} mismatches with CPython; the first {min(limit, len(mismatches))} "
             f"(a program 'seed S' is one of gen.group_from_seed(S, {GROUP_SIZE}), tests/difftest/gen.py):"]
    for m in mismatches[:limit]:
        try:
            m.minimized = shrink.minimize(verifier, m.case, m.test, budget_s=15)
        except Exception as e:  # noqa: BLE001 - the report matters more than the shrink
            m.minimized = f"(minimizer failed: {e!r})"
        parts.append(m.report())
    return "\n\n".join(parts)


@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    phases=[Phase.explicit, Phase.generate],  # shrinking a seed is useless; shrink.py does it
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(batch=gen.case_batches(GROUPS, GROUP_SIZE, FEATURES))
def test_differential(verifier, batch):
    stats = runner.verify_cases(verifier, batch)
    assert stats.programs == len(batch)
    if stats.mismatches:
        pytest.fail(_fail_report(verifier, stats.mismatches), pytrace=False)


NUM_GROUPS = int(os.environ.get("DIFFTEST_NUM_GROUPS", "40"))


def _verify_feature_seeds(verifier, picks, groups: int) -> None:
    """The first `groups` seeds from 10**9 that `picks` takes (a feature's
    own: bench/difftest.py makes nothing but them with its *_SHARE=1), a
    group of GROUP_SIZE programs each, judged against CPython."""
    seeds = [s for s in range(10**9, 10**9 + 100 * groups) if picks(s)][:groups]
    batch = [c for s in seeds for c in gen.group_from_seed(s, GROUP_SIZE, FEATURES)]
    stats = runner.verify_cases(verifier, batch)
    assert stats.programs == len(batch) >= GROUP_SIZE * groups
    if stats.mismatches:
        pytest.fail(_fail_report(verifier, stats.mismatches), pytrace=False)


@pytest.mark.skipif("int_or_float" not in FEATURES, reason="int_or_float switched off (DIFFTEST_FEATURES)")
def test_differential_int_or_float(verifier):
    """Num programs alone (int_or_float: int | float and list[int | float]
    parameters, results and locals, widened locals), about a tenth of
    test_differential's programs: NUM_GROUPS groups (DIFFTEST_NUM_SHARE=1)."""
    _verify_feature_seeds(verifier, lambda s: numbers.num_for(s, FEATURES), NUM_GROUPS)


TV_GROUPS = int(os.environ.get("DIFFTEST_TV_GROUPS", "40"))


@pytest.mark.skipif("tuple_any_length" not in FEATURES, reason="tuple_any_length switched off (DIFFTEST_FEATURES)")
def test_differential_tuple_any_length(verifier):
    """Tuple programs alone (tuple_any_length: tuple[T, ...] parameters,
    results and locals, built from (), nested ones), TV_GROUPS groups
    (DIFFTEST_TV_SHARE=1)."""
    _verify_feature_seeds(verifier, lambda s: tuples.tv_for(s, FEATURES, gen.is_t34(s, FEATURES)), TV_GROUPS)


TE_GROUPS = int(os.environ.get("DIFFTEST_TE_GROUPS", "40"))


@pytest.mark.skipif("try_except" not in FEATURES, reason="try_except switched off (DIFFTEST_FEATURES)")
def test_differential_try_except(verifier):
    """Try programs alone (try_except: try statements, raises, handlers),
    TE_GROUPS groups (DIFFTEST_TE_SHARE=1)."""
    _verify_feature_seeds(verifier, lambda s: handlers.te_for(s, FEATURES), TE_GROUPS)


# ---------------------------------------------------------------------------
# compiler and VM gaps the generator steers around (gen.KNOWN_GAPS). Strict
# xfails: when one compiles and agrees with CPython, move the feature back into
# gen.DEFAULT_FEATURES.

_OPT = "from typing import Optional\n"
# The minimized programs of the gaps the generator found, one per feature
# it had to switch off; those fixed since stay here as regression cases
# (FIXED_GAPS) that must agree with CPython.
_GAP_PROGRAMS = {  # feature: (source, signature, args, return type)
    "genexp_parenthesized": (
        "def f(a: list[int]) -> bool:\n    return any((1 // x > 0 for x in a))\n",
        "def f(a: list[int]) -> bool", ([1, 0],), "bool"),
    "list_imul": (
        "def f(a: list[int]) -> list[int]:\n    b = a\n    b *= 2\n    return a\n",
        "def f(a: list[int]) -> list[int]", ([1],), "list[int]"),
    "optional_str": (
        _OPT + "def f(a: int) -> str:\n    o: Optional[int] = None\n    if a > 0:\n        o = a\n"
        "    return str(o)\n",
        "def f(a: int) -> str", (0,), "str"),
    "minmax_genexp_unpack": (
        "def f(a: list[int]) -> int:\n    return max(y for x, y in enumerate(a))\n",
        "def f(a: list[int]) -> int", ([3, 1],), "int"),
    "optional_int_arg": (
        _OPT + "def h(b: Optional[int], c: int) -> int:\n    return c if b is None else b + c\n\n"
        "def f(a: int) -> int:\n    return h(a, 1)\n",
        "def f(a: int) -> int", (2,), "int"),
    "reversed_ifexp_comp": (
        "def f(a: str) -> list[str]:\n    return [c for c in reversed(a if a else 'xy')]\n",
        "def f(a: str) -> list[str]", ("ab",), "list[str]"),
    "aug_item_star": (
        "def f(a: int) -> list[int]:\n    xs = [1, 2]\n    xs[0] += a * xs[1]\n    return xs\n",
        "def f(a: int) -> list[int]", (3,), "list[int]"),
    "num_foreign_returns": (
        "def f(a: str, b: int) -> int | float:\n    if b > 100:\n        return a\n    return b\n",
        "def f(a: str, b: int) -> int | float", ("x", 5), "int | float"),
    "tuple_fixed_then_any": (
        "def f(a: int) -> int:\n    u = (a,)\n    u = u + tuple([a, a])\n    return len(u)\n",
        "def f(a: int) -> int", (1,), "int"),
    "tuple_fixed_items": (
        "def f(a: int) -> int:\n    xs = [tuple([a])]\n    xs.append((a, a))\n    return len(xs[-1])\n",
        "def f(a: int) -> int", (1,), "int"),
    "tuple_fixed_ifexp": (
        "def f(a: int) -> int:\n    t = tuple([a])\n    return len(t if a > 5 else (a, a))\n",
        "def f(a: int) -> int", (1,), "int"),
    "nested_empty_plus": (
        "def f(a: int) -> int:\n    def h(n: int) -> int:\n        res = ()\n        for w in range(n):\n"
        "            res = res + (w,)\n        return len(res)\n    return h(a)\n",
        "def f(a: int) -> int", (3,), "int"),
    "tuple_fixed_foreign": (
        "def f(a: int) -> tuple[int, ...]:\n    if a > 0:\n        return 5\n    return (7, 8)\n",
        "def f(a: int) -> tuple[int, ...]", (0,), "tuple[int, ...]"),
    "tuple_fixed_andor": (
        "def f(a: int) -> int:\n    t = tuple([a])\n    return len(t or ())\n",
        "def f(a: int) -> int", (1,), "int"),
    "except_as_reused": (
        "def f(a: int) -> int:\n    try:\n        a = 1 // a\n    except ZeroDivisionError as e:\n        a = 5\n"
        "    try:\n        a = 1 // (a - 5)\n    except ZeroDivisionError as e:\n        a = 7\n    return a\n",
        "def f(a: int) -> int", (0,), "int"),
    "is_none_before_else": (
        _OPT + "def f(a: int) -> bool:\n    o: Optional[int] = None\n    for c in 'ab':\n        v = o is None\n"
        "    else:\n        v = False\n    return v\n",
        "def f(a: int) -> bool", (1,), "bool"),
}


FIXED_GAPS = sorted(set(_GAP_PROGRAMS) - set(gen.KNOWN_GAPS))


def test_every_known_gap_has_a_program():
    assert set(gen.KNOWN_GAPS) <= set(_GAP_PROGRAMS)
    assert set(gen.KNOWN_GAPS) <= gen.ALL_FEATURES


@pytest.mark.parametrize("feature", FIXED_GAPS)
def test_fixed_gap_agrees_with_cpython(verifier, feature):
    _check_gap_program(verifier, feature)


@pytest.mark.parametrize("feature", sorted(gen.KNOWN_GAPS))
@pytest.mark.xfail(strict=True, reason="a compiler/VM gap (gen.KNOWN_GAPS); agrees with CPython now? re-enable it")
def test_known_gap(verifier, feature):
    _check_gap_program(verifier, feature)


def _check_gap_program(verifier, feature):
    src, sig, args, ret = _GAP_PROGRAMS[feature]
    expected = oracle.run(src, "f", [args])
    assert expected[0].kind in ("return", "raise"), expected
    params = tuple(p.split(": ", 1)[1] for p in sig[sig.index("(") + 1:sig.index(")")].split(", ") if p)
    case = gen.Case(src, "f", sig, [args], params, ret, None, expected, t34=True)
    stats = runner.verify_group(verifier, [case])
    assert not stats.mismatches, stats.mismatches[0].report()
