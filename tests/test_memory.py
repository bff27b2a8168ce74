"""The per-lane heap (docs/language.md, section 8): a lane that
allocates without bound stops with MemoryError in its own lane, the other
lanes of the batch finish as they would alone, and lanes that outgrow the
first small heap are re-run at the problem's heap_bytes rather than failing.
"""

from gpubackend import Problem, Verifier
from tests.device import DEVICE

PROBLEM = Problem(
    name="grow", entry="f", signature="def f(n: int) -> list[int]",
    tests=[{"args": [n], "expected": list(range(n))} for n in (0, 3, 10_000)],
    limits={"heap_bytes": 1 << 20, "fuel": 10**7},
)

GOOD = "def f(n: int) -> list[int]:\n    return [i for i in range(n)]\n"
APPEND_FOREVER = ("def f(n: int) -> list[int]:\n    xs = []\n    while True:\n"
                  "        xs.append(n)\n    return xs\n")
DOUBLE_FOREVER = ("def f(n: int) -> list[int]:\n    xs = [0]\n    while True:\n"
                  "        xs = xs + xs\n    return xs\n")
STRING_FOREVER = ("def f(n: int) -> list[int]:\n    s = 'ab'\n    while len(s) > 0:\n"
                  "        s = s + s\n    return [len(s)]\n")
OTHER_GOOD = "def f(n: int) -> list[int]:\n    out = list(range(n))\n    out.sort()\n    return out\n"


def test_unbounded_lanes_stop_alone():
    v = Verifier(DEVICE, fallback=False)
    cands = [GOOD, APPEND_FOREVER, OTHER_GOOD, DOUBLE_FOREVER, STRING_FOREVER, GOOD]
    res = v.verify(cands, PROBLEM)
    for c in (0, 2, 5):
        assert res.passed[c].all(), [res.status_name(c, t) for t in range(3)]
        assert res.actual(c, 2) == list(range(10_000))
    for c in (1, 3, 4):
        assert [res.status_name(c, t) for t in range(3)] == ["MemoryError"] * 3


def test_same_verdicts_alone_and_in_a_batch():
    v = Verifier(DEVICE, fallback=False)
    batch = v.verify([APPEND_FOREVER, GOOD], PROBLEM)
    alone = v.verify([GOOD], PROBLEM)
    assert (batch.status[1] == alone.status[0]).all()
    assert (batch.steps[1] == alone.steps[0]).all()


def test_lanes_past_the_first_heap_are_rerun_with_heap_bytes():
    # 10_000 items need more than the first run's 16 KB heap: they pass on
    # the re-run at heap_bytes; with a smaller heap_bytes they cannot
    v = Verifier(DEVICE, fallback=False)
    assert v.verify([GOOD], PROBLEM).passed.all()
    small = PROBLEM.model_copy(update={"limits": PROBLEM.limits.model_copy(update={"heap_bytes": 32_768})})
    res = v.verify([GOOD], small)
    assert [res.status_name(0, t) for t in range(3)] == ["pass", "pass", "MemoryError"]


def test_a_call_larger_than_the_arena_leaves_no_more_than_the_arena_behind():
    from gpubackend.backends.cpu import ARENA_PROGRAMS

    v = Verifier("cpu", fallback=False)
    inc = Problem(name="inc", entry="f", signature="def f(n: int) -> int", tests=[{"args": [1], "expected": 2}])
    many = [f"def f(n: int) -> int:\n    k = {i}\n    return n + 1 + k - k\n" for i in range(ARENA_PROGRAMS + 1)]
    assert v.verify(many, inc).passed.all()  # compiled into memory of its own, freed with the call
    assert getattr(v.backend._arenas, "progs", None) is None
    assert v.verify(many[:100], inc).passed.all()
    assert len(v.backend._arenas.progs) <= ARENA_PROGRAMS
