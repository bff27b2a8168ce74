"""Fuel for the work inside builtins (kernels/vm.h, CHARGE; limits.h,
WORK_PER_FUEL): a builtin that scans, compares or moves n characters or
items spends n // WORK_PER_FUEL fuel beyond its loop's, so that a lane's
fuel bounds its time whatever it calls, and a lane that cannot pay stops
with Timeout having spent all of it."""

from __future__ import annotations

import numpy as np
import pytest

from gpubackend import Problem, Verifier
from gpubackend.abi import limits
from tests.device import DEVICE

WORK_PER_FUEL = limits()["WORK_PER_FUEL"]


@pytest.fixture(scope="module")
def v() -> Verifier:
    verifier = Verifier(DEVICE, fallback=False)
    yield verifier
    verifier.close()


def _steps(v: Verifier, body: str, n: int, fuel: int = 1_000_000) -> tuple[str, int]:
    """Status and steps of `def f(n: int) -> int` with this body, on n."""
    src = "def f(n: int) -> int:\n" + "".join(f"    {line}\n" for line in body.strip().split("\n"))
    problem = Problem(name="work", entry="f", signature="def f(n: int) -> int",
                      tests=[{"args": [n], "expected": 0}], limits={"fuel": fuel, "heap_bytes": 4 * 2**20})
    res = v.verify([src], problem)
    assert res.diagnostics[0] is None, res.diagnostics[0]
    return res.status_name(0, 0), int(res.steps[0, 0])


@pytest.mark.parametrize("body, work", [
    ("s = 'ab' * n\nreturn s.count('b')", lambda n: 2 * n),
    ("s = 'ab' * n\nreturn s.find('abc')", lambda n: (2 * n - 2) * 3),
    ("s = 'ab' * n\nreturn int('c' in s)", lambda n: 2 * n),
    ("s = 'ab' * n\nt = 'ab' * n\nreturn int(s == t)", lambda n: 2 * n),
    ("xs = [1] * n\nreturn xs.count(1)", lambda n: n),
    ("xs = [1] * n\nreturn max(xs)", lambda n: n),
    ("xs = [1] * n\nreturn sum(xs)", lambda n: n),
    ("xs = [1] * n\nreturn int(2 in xs)", lambda n: n),
    ("xs = list(range(n))\nxs.sort()\nreturn xs[0]", lambda n: n * max(n - 1, 0).bit_length()),
    ("xs = [1] * n\nys = [1] * n\nreturn int(xs == ys)", lambda n: n),
])
def test_a_builtin_spends_fuel_for_its_work(v, body, work):
    base = _steps(v, body, 1)[1] - work(1) // WORK_PER_FUEL
    for n in (10, 1000, 50_000):
        status, steps = _steps(v, body, n)
        assert status != "Timeout"
        assert steps == base + work(n) // WORK_PER_FUEL, n


def test_fuel_bounds_a_lane_that_calls_builtins_in_a_loop(v):
    # 20 counts a round on 250,000 characters ran 42 s for 10,000 rounds
    # when a builtin's work was free: now its fuel runs out within a few rounds
    body = """
s = 'x' * n
t = 0
for i in range(10000):
    for j in range(20):
        t += s.count('y')
return t"""
    status, steps = _steps(v, body, 250_000)
    assert (status, steps) == ("Timeout", 1_000_000)
    assert _steps(v, body, 3)[0] == "pass"  # short strings: every round runs (no y: 0)


def test_a_charge_the_fuel_cannot_pay_is_a_timeout_with_all_fuel_spent(v):
    body = "s = 'a' * n\nwhile s.count('b') == 0:\n    n -= 1\nreturn n"
    for fuel in (1, 50, 1000):
        assert _steps(v, body, 160, fuel=fuel) == ("Timeout", fuel)


def test_the_memo_replays_a_calls_charges():
    sig = "def f(n: int) -> int"
    src = (f"{sig}:\n    if n < 2:\n        return n\n"
           "    s = 'ab' * 40\n    return f(n - 1) + f(n - 2) + s.count('a') - 40\n")
    for fuel in (10_000, 3_000, 500):
        problem = Problem(name="memo", entry="f", signature=sig, limits={"fuel": fuel},
                          tests=[{"args": [n], "expected": 0} for n in (5, 15, 20)])
        runs = [Verifier(DEVICE, memo=memo, fallback=False).verify([src], problem) for memo in (True, False)]
        assert np.array_equal(runs[0].steps, runs[1].steps) and np.array_equal(runs[0].status, runs[1].status)
