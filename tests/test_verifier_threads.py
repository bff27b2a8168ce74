"""One Verifier shared by many callers (a service's handlers, a trainer's
reward workers): concurrent verify / verify_batch calls from threads, and
Verifiers in several processes at once, give what serial calls give."""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from gpubackend import Problem, Verifier
from gpubackend.sandbox import SandboxConfig, probe

HAVE = probe().guarantees
DOUBLE = Problem(name="double", entry="f", signature="def f(n: int) -> int",
                 tests=[{"args": [n], "expected": 2 * n} for n in range(-3, 9)])
SQUARE = Problem(name="square", entry="g", signature="def g(n: int) -> int",
                 tests=[{"args": [n], "expected": n * n} for n in range(-3, 9)])
# right, wrong on some tests, raising, looping, refused by the VM (CPython judges it)
DOUBLES = ["def f(n: int) -> int:\n    return n + n\n",
           "def f(n: int) -> int:\n    return n * 2 if n < 4 else n\n",
           "def f(n: int) -> int:\n    return 10 // (n - 2)\n",
           "def f(n: int) -> int:\n    while n != 5:\n        n = n\n    return 10\n",
           "def f(n):\n    return int(sum(frozenset({n, n + 0.5})) - 0.5)\n"]
SQUARES = ["def g(n: int) -> int:\n    return n * n\n",
           "def g(n: int) -> int:\n    return n ** 2 if n % 3 else -1\n",
           "def g(n: int) -> int:\n    xs = [n] * n\n    return len(xs) * n\n",
           "def g(n):\n    return len(frozenset({n})) * n * n\n"]


def _fingerprint(res) -> tuple:
    return (res.status.tolist(), res.passed.tolist(), [str(d) for d in res.diagnostics], res.paths,
            [res.actual(c, t) for c in range(res.k) for t in range(res.n_tests)])


def _calls(i: int) -> list:
    """Call i: a problem and a rotation of its candidates, so that calls differ in size and order."""
    prob, cands = (DOUBLE, DOUBLES) if i % 2 == 0 else (SQUARE, SQUARES)
    r = i % len(cands)
    return [(cands[r:] + cands[:r + (i % 3)], prob)]


@pytest.fixture(scope="module")
def v():
    verifier = Verifier("cpu", sandbox=SandboxConfig(workers=2, seconds=0.5, require=HAVE))
    yield verifier
    verifier.close()


def test_threads_sharing_a_verifier_get_the_serial_results(v):
    calls = [_calls(i) for i in range(12)]
    want = [[_fingerprint(r) for r in v.verify_batch(groups)] for groups in calls]
    rounds = 8
    got: dict[int, list] = {}
    errors: list[BaseException] = []

    def worker(w: int) -> None:
        try:
            for k in range(rounds):
                i = (w * 5 + k) % len(calls)
                got[w * rounds + k] = (i, [_fingerprint(r) for r in v.verify_batch(calls[i])])
        except BaseException as e:  # re-raised below, in the test's own thread
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]
    assert len(got) == 4 * rounds
    for i, fps in got.values():
        assert fps == want[i], f"call {i} differs from its serial result"


def test_a_result_read_after_other_threads_calls_is_still_its_own(v):
    # the program images of a call live in its thread's arena until that thread's next call
    first = v.verify(DOUBLES, DOUBLE)
    before = _fingerprint(first)
    threads = [threading.Thread(target=v.verify, args=(SQUARES, SQUARE)) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert _fingerprint(first) == before


def _in_a_process(i: int) -> list:
    with Verifier("cpu", sandbox=SandboxConfig(workers=1, seconds=0.5, require=HAVE)) as w:
        return [_fingerprint(r) for r in w.verify_batch(_calls(i))]


def test_verifiers_in_several_processes_agree_with_one(v):
    want = [[_fingerprint(r) for r in v.verify_batch(_calls(i))] for i in range(4)]
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert list(pool.map(_in_a_process, range(4))) == want


def test_the_stress_calls_cover_both_paths_and_every_outcome(v):
    # the calls above mean something only if they exercise what could collide
    res = v.verify_batch(_calls(0) + _calls(1))
    paths = {p for r in res for p in r.paths}
    statuses = {r.status_name(c, t) for r in res for c in range(r.k) for t in range(r.n_tests)}
    assert paths == {"vm", "cpython"}
    assert {"pass", "wrong_answer", "ZeroDivisionError", "Timeout"} <= statuses
    assert np.array([r.passed.any() for r in res]).all()
