"""The wall-clock backstop of a call (Verifier(backstop_s=...)): past it the
lanes still running stop with Timeout, and every lane that finished keeps
its result. It is the host's: the CPU backend's lanes poll its flag."""

from __future__ import annotations

import time

import pytest

from gpubackend import Problem, Verifier
from tests.device import DEVICE

pytestmark = pytest.mark.skipif(DEVICE != "cpu", reason="the backstop is the CPU backend's")

PROBLEM = Problem(name="inc", entry="f", signature="def f(n: int) -> int", limits={"fuel": 10**10},
                  tests=[{"args": [n], "expected": n + 1} for n in range(4)])
RIGHT = "def f(n: int) -> int:\n    return n + 1\n"
# 1e10 loop rounds: minutes on the CPU backend, were it not stopped
ENDLESS = "def f(n: int) -> int:\n    while n >= 0:\n        n += 1\n    return n\n"


def test_a_call_past_its_backstop_stops_running_lanes_with_timeout():
    with Verifier(DEVICE, fallback=False, backstop_s=0.5) as v:
        t0 = time.monotonic()
        res = v.verify([RIGHT, ENDLESS], PROBLEM)
        took = time.monotonic() - t0
    assert took < 30, f"the call took {took:.1f} s"
    assert res.passed[0].all()
    assert [res.status_name(1, t) for t in range(4)] == ["Timeout"] * 4
    assert (res.steps[1] < 10**10).all()


def test_without_a_backstop_results_do_not_depend_on_time():
    problem = Problem(name="inc", entry="f", signature="def f(n: int) -> int", limits={"fuel": 100_000},
                      tests=PROBLEM.model_dump()["tests"])
    plain = Verifier(DEVICE, fallback=False).verify([RIGHT, ENDLESS], problem)
    roomy = Verifier(DEVICE, fallback=False, backstop_s=3600).verify([RIGHT, ENDLESS], problem)
    assert (plain.status == roomy.status).all() and (plain.steps == roomy.steps).all()
    assert (plain.steps[1] == 100_000).all()


@pytest.mark.parametrize("bad", [0, -1.0, float("nan")])
def test_a_backstop_that_is_not_a_positive_time_is_refused(bad):
    with pytest.raises(ValueError, match="backstop_s"):
        Verifier(DEVICE, backstop_s=bad)
