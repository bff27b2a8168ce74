"""Many problems in one launch (gpubackend/batch.py, Verifier.verify_batch):
every problem's result is the result it gets alone — statuses, lines,
steps, values, summaries, diagnostics — whatever its neighbours' test
counts, signatures, limits and heap needs."""

from pathlib import Path

import numpy as np
import pytest

from gpubackend import Problem, Verifier
from tests.device import DEVICE

EXAMPLES = Path(__file__).resolve().parents[1] / "tasks" / "examples"


def _examples() -> list[Problem]:
    return [Problem.from_file(p) for p in sorted(EXAMPLES.glob("*.toml")) + sorted(EXAMPLES.glob("*.json"))]


def _candidates(problem: Problem) -> list[str]:
    """The reference, a broken copy of it, one that does not compile, one
    that raises, and the reference again (a duplicate)."""
    ref = problem.solution or ""
    head = ref.split(":\n", 1)[0]
    return [ref, ref.replace("return", "return 0 and", 1) if "return" in ref else ref + "x",
            head + ":\n    return (\n", head + ":\n    return [][1]\n", ref]


GROW = Problem(
    name="grow", entry="f", signature="def f(n: int) -> list[int]",
    tests=[{"args": [n], "expected": list(range(n))} for n in (0, 3, 10_000, 5)],
    limits={"heap_bytes": 1 << 20, "fuel": 10**7},
)
GROW_CANDIDATES = ["def f(n: int) -> list[int]:\n    return [i for i in range(n)]\n",
                   "def f(n: int) -> list[int]:\n    xs = []\n    while True:\n        xs.append(n)\n    return xs\n"]


def _same(a, b) -> None:
    assert a.summary == b.summary
    for name in ("status", "line", "steps"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert [str(d) for d in a.diagnostics] == [str(d) for d in b.diagnostics]
    for c in range(a.k):
        assert a.source(c) == b.source(c)
        for t in range(a.n_tests):
            assert repr(a.actual(c, t)) == repr(b.actual(c, t)), (c, t)


@pytest.fixture(scope="module")
def verifier():
    return Verifier(DEVICE, fallback=False)


def test_a_batch_gives_each_problem_its_own_result(verifier):
    problems = _examples() + [GROW]
    groups = [(_candidates(p), p) for p in problems[:-1]] + [(GROW_CANDIDATES, GROW)]
    batch = verifier.verify_batch(groups)
    assert len(batch) == len(groups)
    for (cands, problem), got in zip(groups, batch):
        assert got.problem is problem
        _same(got, verifier.verify(cands, problem))


def test_the_memory_rerun_reaches_only_the_problem_that_needs_it(verifier):
    # GROW's 10_000 items outgrow the first small heap and are re-run at its
    # heap_bytes; a neighbour with a tiny heap_bytes keeps its MemoryError
    tight = GROW.model_copy(update={"name": "tight", "limits": GROW.limits.model_copy(update={"heap_bytes": 32_768})})
    a, b = verifier.verify_batch([(GROW_CANDIDATES, GROW), (GROW_CANDIDATES, tight)])
    assert [a.status_name(0, t) for t in range(4)] == ["pass"] * 4
    assert [b.status_name(0, t) for t in range(4)] == ["pass", "pass", "MemoryError", "pass"]
    assert [a.status_name(1, t) for t in range(4)] == ["MemoryError"] * 4


def test_empty_groups_and_an_empty_batch(verifier):
    problems = _examples()[:2]
    empty, full = verifier.verify_batch([([], problems[0]), ([problems[1].solution], problems[1])])
    assert empty.k == 0 and empty.summary.compiled == 0
    assert full.passed.all()
    assert verifier.verify_batch([]) == []


def test_one_source_for_two_problems_is_compiled_for_each(verifier):
    # the same text is a different program under another entry or signature
    src = "def f(x: int) -> int:\n    return x + 1\n"
    p1 = Problem(name="p1", entry="f", signature="def f(x: int) -> int", tests=[{"args": [1], "expected": 2}])
    p2 = Problem(name="p2", entry="g", signature="def g(x: int) -> int", tests=[{"args": [1], "expected": 2}])
    r1, r2 = verifier.verify_batch([([src], p1), ([src], p2)])
    assert r1.passed.all()
    assert r2.status_name(0, 0) == "NameError" and r2.message(0, 0) == "name 'g' is not defined"


def test_a_single_source_string_is_refused(verifier):
    with pytest.raises(TypeError, match=r"groups\[0\]"):
        verifier.verify_batch([("def f(): pass", GROW)])


LOOPY = Problem(
    name="loopy", entry="f", signature="def f(n: int) -> int",
    tests=[{"args": [n], "expected": n * (n - 1) // 2} for n in (3, 2, 5, 200, 1, 4)],
    limits={"fuel": 4_000},  # the first run gets 200: test 200's 200 iterations need more
)
LOOPY_CANDIDATES = [
    "def f(n: int) -> int:\n    return sum(range(n))\n",                       # passes, few steps
    "def f(n: int) -> int:\n    t = 0\n    for i in range(n):\n        t += i\n    return t\n",  # passes; n=200 needs > 200
    "def f(n: int) -> int:\n    while True:\n        pass\n    return 0\n",      # loops on every test
    "def f(n: int) -> int:\n    while n == 5:\n        pass\n    return sum(range(n))\n",  # loops on one test
    "def f(n: int) -> int:\n    if n == 2:\n        return 7\n    while True:\n        pass\n    return 0\n",  # wrong first, then loops
    "def f(n: int) -> int:\n    if n == 3:\n        return 7\n    while True:\n        pass\n    return 0\n",  # wrong on test 0
    "def f(n: int) -> int:\n    if n == 3:\n        return n // 0\n    while True:\n        pass\n    return 0\n",  # raises on test 0
]


def test_stop_after_timeout_keeps_every_verdict_but_the_lanes_after_a_failure(verifier):
    plain = verifier.verify(LOOPY_CANDIDATES, LOOPY)
    quick = verifier.verify_batch([(LOOPY_CANDIDATES, LOOPY)], stop_after_timeout=True)[0]
    names = [[quick.status_name(c, t) for t in range(quick.n_tests)] for c in range(quick.k)]
    for c, row in enumerate(names):
        first_failure = next((t for t, s in enumerate(row) if s not in ("pass", "not_run")), None)
        for t, s in enumerate(row):
            if s == "not_run":  # only after the candidate failed (ran out of its full fuel, or otherwise)
                assert first_failure is not None and t > first_failure, (c, row)
                assert plain.status_name(c, t) == "Timeout"
            else:  # the lane's own outcome, exactly
                assert s == plain.status_name(c, t) and quick.steps[c, t] == plain.steps[c, t], (c, t)
                assert repr(quick.actual(c, t)) == repr(plain.actual(c, t))
    assert names[1] == ["pass"] * 6  # 200 iterations: re-run at the full fuel, and passed
    assert names[2] == ["Timeout"] + ["not_run"] * 5
    assert names[3] == ["pass", "pass", "Timeout", "pass", "pass", "pass"]
    assert names[4] == ["Timeout", "wrong_answer", "not_run", "not_run", "not_run", "not_run"]
    assert names[5] == ["wrong_answer"] + ["not_run"] * 5  # no test ran to its full fuel
    assert names[6] == ["ZeroDivisionError"] + ["not_run"] * 5
    assert quick.summary.to_json() == plain.summary.to_json()  # the first failures decide it
