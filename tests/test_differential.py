"""Differential testing against CPython (DESIGN.md, "How we know it works", 1).

Random well-typed programs of tiers 1-2 (tests/difftest/gen.py) run in CPython
(tests/difftest/oracle.py; the expected outcome already contains the DSL's
int64 deviation) and through ``Verifier(device="cpu")``; every program must
compile and every (program, args) lane must give CPython's value, bit for bit,
or CPython's exception class.

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

from difftest import gen, oracle, runner, shrink  # noqa: E402

EXAMPLES = int(os.environ.get("DIFFTEST_EXAMPLES", "600"))
# e.g. DIFFTEST_FEATURES=-aug_shift to look past a known bug (gen.ALL_FEATURES)
FEATURES = gen.parse_features(os.environ.get("DIFFTEST_FEATURES"))
GROUPS, GROUP_SIZE = 4, 5  # 20 programs per example, 4 Problems


@pytest.fixture(scope="module")
def verifier():
    gpubackend = pytest.importorskip("gpubackend")
    return gpubackend.Verifier(device="cpu")


# ---------------------------------------------------------------------------
# the generator and the oracle alone (no Verifier needed)


def test_generated_programs_run_in_cpython():
    """500 programs: valid Python, no NameError/TypeError/... (generator bugs:
    make_case raises GeneratorBug), terminating within the oracle's tick
    budget, and a healthy mix of outcomes."""
    returned = {t: 0 for t in ("int", "bool", "float", "str")}
    raised: dict[str, int] = {}
    for seed in range(500):
        case = gen.case_from_seed(seed)
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
    assert all(n >= 50 for n in returned.values()), returned
    total_ret = sum(returned.values())
    total_raise = sum(raised.values())
    assert total_ret > total_raise * 0.8, (returned, raised)
    for exc in ("ZeroDivisionError", "IndexError", "ValueError", "OverflowError", "AssertionError"):
        assert raised.get(exc, 0) >= 5, raised


@settings(max_examples=25, derandomize=True, deadline=None, database=None)
@given(case=gen.programs())
def test_programs_strategy(case):
    assert case.source.count("def f(") == 1 and case.entry == "f"
    assert case.signature.startswith("def f(") and case.args_list
    assert all(len(a) == len(case.param_types) for a in case.args_list)
    again = oracle.run(case.source, case.entry, case.args_list)
    assert all(a.kind == b.kind and (oracle.same_value(a.value, b.value) if a.kind == "return" else a.value == b.value)
               for a, b in zip(again, case.expected))


def test_generator_is_deterministic():
    a = gen.group_from_seed(7, 3)
    b = gen.group_from_seed(7, 3)
    assert [c.source for c in a] == [c.source for c in b]
    assert repr([c.args_list for c in a]) == repr([c.args_list for c in b])


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
    assert runner.verdict_equal(-0.0, 0.0) and runner.verdict_equal(math.nan, math.nan)


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


# ---------------------------------------------------------------------------
# compiler gaps the generator steers around (gen.KNOWN_GAPS). Strict xfails:
# when one starts to compile, move the feature back into gen.DEFAULT_FEATURES.

_GAP_PROGRAMS = {
}


_ARG = {"int": 1, "float": 1.0, "str": "1"}


@pytest.mark.parametrize("feature", sorted(gen.KNOWN_GAPS))
@pytest.mark.xfail(strict=True, reason="a compiler gap (gen.KNOWN_GAPS); compiles now? re-enable it in the generator")
def test_known_gap_compiles(verifier, feature):
    from gpubackend import Problem

    src, sig = _GAP_PROGRAMS[feature]
    ret = sig.rsplit("-> ", 1)[1]
    problem = Problem(name="gap", entry="f", signature=sig,
                      tests=[{"args": [_ARG[sig.split("a: ")[1].split(")")[0]]],
                              "expected": runner.PLACEHOLDER[ret]}])
    res = verifier.verify([src], problem)
    assert res.diagnostics[0] is None, str(res.diagnostics[0])
