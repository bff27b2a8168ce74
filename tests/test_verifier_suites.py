"""A Verifier keeps the test suites of the problems it saw in the backend's
memory: a call of known problems uploads none of their suites, and when
the cache is full the least recently used suite goes first."""

from __future__ import annotations

import pytest

import gpubackend.verifier as verifier_mod
from gpubackend import Problem, Verifier
from gpubackend.batch import ProblemTable
from tests.device import DEVICE


def _problem(i: int) -> Problem:
    return Problem(name=f"add{i}", entry="f", signature="def f(n: int) -> int",
                   tests=[{"args": [n], "expected": n + i} for n in range(10)])


def _uploaded(v: Verifier, problems: list[Problem]) -> int:
    """Bytes a call of the problems (a right candidate each) moved to the device."""
    groups = [([f"def f(n: int) -> int:\n    return n + {p.name[3:]}\n"], p) for p in problems]
    res = v.verify_batch(groups)
    assert all(r.passed.all() for r in res)
    return res[0].call_transfers["to_device"]


def _suite_bytes(problem: Problem) -> int:
    """What uploading a problem's suite moves: its encoded tests, which are
    visible, and its row of the problem table (for calls of it alone)."""
    enc = problem.encoded()
    tests = sum(getattr(enc, f).nbytes for f in ("args_words", "args_off", "exp_words", "exp_off"))
    return tests + enc.n_tests + ProblemTable.of([problem]).meta.nbytes


@pytest.fixture
def v():
    verifier = Verifier(DEVICE, fallback=False)
    yield verifier
    verifier.close()


def test_a_second_call_of_the_same_problems_uploads_no_suite(v):
    problems = [_problem(i) for i in range(40)]
    first = _uploaded(v, problems)
    again = _uploaded(v, problems)
    assert first - again == sum(_suite_bytes(p) for p in problems)
    assert _uploaded(v, problems) == again


def test_a_full_cache_drops_the_least_recently_used_suite(v, monkeypatch):
    monkeypatch.setattr(verifier_mod, "SUITE_CACHE", 2)
    a, b, c = _problem(1), _problem(2), _problem(3)
    cold = _uploaded(v, [a])
    warm = _uploaded(v, [a])
    _uploaded(v, [b])
    _uploaded(v, [a])  # a is now the most recently used, b the least
    _uploaded(v, [c])  # evicts b
    assert _uploaded(v, [a]) == warm
    assert _uploaded(v, [b]) == cold
