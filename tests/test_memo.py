"""The memo of pure recursive calls (gpubackend/kernels/memo.h): which
functions the compiler memoizes, and that a run with the memo is the run
without it, lane for lane (status, line, steps, result words), at limits
that put the calls it remembers just over or under the fuel, depth and heap
left when they come again."""

from __future__ import annotations

import ast

import numpy as np
import pytest

from gpubackend import Problem, Verifier
from gpubackend.disasm import disassemble
from tests.device import DEVICE
from tests.test_programs import _discover, _placeholder, _problem

FIELDS = ("status", "line", "steps", "_out_words", "_out")


@pytest.fixture(scope="module")
def verifiers() -> tuple[Verifier, Verifier]:
    return Verifier(DEVICE, fallback=False), Verifier(DEVICE, memo=False, fallback=False)


def assert_same_run(verifiers, sources: list[str], problem: Problem) -> None:
    with_memo, without = (v.verify(sources, problem) for v in verifiers)
    for name in FIELDS:
        a, b = getattr(with_memo, name), getattr(without, name)
        assert np.array_equal(a, b), f"{name} differs with the memo:\n{a}\nwithout:\n{b}"


def problem(signature: str, args: list[list] | None = None, limits: dict | None = None) -> Problem:
    """A problem of this signature; its expected values are placeholders
    (the memo is judged against the run without it, not against CPython).
    args None: one test of placeholder arguments."""
    fn = ast.parse(signature + ": pass").body[0]
    if args is None:
        args = [[_placeholder(ast.unparse(a.annotation)) for a in fn.args.args]]
    expected = _placeholder(ast.unparse(fn.returns))
    tests = [{"args": a, "expected": expected} for a in args]
    return Problem(name=fn.name, entry=fn.name, signature=signature, tests=tests, limits=limits or {})


FIB = """
def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
"""


# ---------------------------------------------------------------- which functions

def memo_flags(source: str, signature: str) -> tuple[int, list[str]]:
    """The image's memo flag and the MEMO_ENTER lines of its listing."""
    v = Verifier("cpu", fallback=False)
    prog = v.compile([source], problem(signature))[0]
    lines = [ln for ln in disassemble(prog).splitlines() if "MEMO_ENTER" in ln]
    return int(prog["memo"]), lines


def test_a_recursive_function_of_scalars_is_memoized():
    flag, lines = memo_flags(FIB, "def fib(n: int) -> int")
    assert flag == 1 and len(lines) == 1 and "state 1, function 0" in lines[0]


def test_mutual_recursion_memoizes_both():
    src = """
def even(n: int) -> bool:
    return True if n == 0 else odd(n - 1)

def odd(n: int) -> bool:
    return False if n == 0 else even(n - 1)
"""
    flag, lines = memo_flags(src, "def even(n: int) -> bool")
    assert flag == 1 and ["function 0" in lines[0], "function 1" in lines[1]] == [True, True]


@pytest.mark.parametrize("source, signature", [
    ("def f(n: int) -> int:\n    return g(n) + 1\n\ndef g(n: int) -> int:\n    return n * 2\n",
     "def f(n: int) -> int"),                                    # calls, no cycle
    ("def f(s: str) -> int:\n    return 0 if not s else 1 + f(s[1:])\n", "def f(s: str) -> int"),
    ("def f(xs: list[int], i: int) -> int:\n    return 0 if i == len(xs) else xs[i] + f(xs, i + 1)\n",
     "def f(xs: list[int], i: int) -> int"),                     # a list parameter may be mutated
    ("def f(a: int, b: int, c: int, d: int) -> int:\n    return 0 if a <= 0 else f(a - 1, b, c, d)\n",
     "def f(a: int, b: int, c: int, d: int) -> int"),            # more than MEMO_MAX_ARGS
    ("def f(n: int) -> str:\n    return '' if n <= 0 else f(n - 1) + 'a'\n", "def f(n: int) -> str"),
])
def test_functions_that_are_not_memoized(source, signature):
    flag, lines = memo_flags(source, signature)
    assert flag == 0 and all("not memoized" in ln for ln in lines)


# ---------------------------------------------------------------- the same run

def test_every_behaviour_program_runs_the_same(verifiers):
    for spec in _discover():
        if spec.cases:
            assert_same_run(verifiers, [spec.source], _problem(spec))


@pytest.mark.parametrize("fuel", [1, 2, 3, 5, 8, 13, 40, 41, 42, 100, 176, 177, 178, 287, 288, 500, 1000])
def test_fuel_just_short_of_a_remembered_call(verifiers, fuel):
    # fib(k) costs 2*fib(k+1) - 2 fuel; these limits stop runs inside,
    # between and just after the calls the memo would answer
    assert_same_run(verifiers, [FIB], problem("def fib(n: int) -> int", [[n] for n in range(13)],
                                              {"fuel": fuel}))


DEEP_AGAIN = """
def down(k: int) -> int:
    if k == 0:
        return 0
    return 1 + down(k - 1)

def low(k: int) -> int:
    if k <= 0:
        return 0
    return low(k - 1)

def up(k: int) -> int:
    if k <= 0:
        return down(12) + low(1)
    return up(k - 1)

def chain(n: int) -> int:
    if n == 0:
        return up(2)
    return chain(n - 1)

def f(n: int) -> int:
    return down(12) + up(2) + chain(n)
"""


@pytest.mark.parametrize("depth", list(range(12, 42, 2)))
def test_depth_just_short_of_a_remembered_call(verifiers, depth):
    # down(12) first runs near the root; up(0) meets it again (a hit) and
    # then low(1) (a call of its own): up(2)'s frames count both, and it
    # comes again under n frames of chain
    assert_same_run(verifiers, [DEEP_AGAIN], problem("def f(n: int) -> int", [[n] for n in range(24)],
                                                     {"depth": depth}))


HEAP_AGAIN = """
def tiny(k: int) -> int:
    if k <= 0:
        return 0
    return tiny(k - 1)

def g(n: int) -> int:
    if n <= 0:
        return 0
    r = g(n - 1)
    xs = [n % 7 - i for i in range(40)]
    xs.sort()
    return r + xs[0] + tiny(n)

def f(n: int) -> int:
    total = 0
    for i in range(n):
        total += g(i)
        s = str(i) * 30
        total += len(s)
    return total
"""


HEAP_HIT = """
def g(n: int) -> int:
    if n <= 0:
        return 0
    xs = [n % 7 - i for i in range(40)]
    xs.sort()
    return xs[0] + g(n - 1)

def f(n: int) -> int:
    total = 0
    for i in range(n):
        total += g(i)
        s = str(i) * 30
        total += len(s)
    return total
"""


@pytest.mark.parametrize("source", [HEAP_AGAIN, HEAP_HIT], ids=["peak_before_a_call", "peak_below_a_hit"])
@pytest.mark.parametrize("heap_kb", [1, 4, 8, 16])
def test_heap_just_short_of_a_remembered_call(verifiers, source, heap_kb):
    # g(i - 1) comes again inside g(i) after the loop has spent more heap;
    # its sort borrowed scratch it gave back before tiny(n - 1) ran, so a
    # hit needs room for that peak, not only for what g left allocated:
    # every heap size in 8-byte steps puts some lane between the two
    p = problem("def f(n: int) -> int", [[n] for n in range(0, 40, 3)])
    for heap_bytes in range(heap_kb * 1024 - 1024, heap_kb * 1024, 8):
        assert_same_run(verifiers, [source], p.model_copy(update={"limits": p.limits.model_copy(
            update={"heap_bytes": max(heap_bytes, 8)})}))


LOOPS = "".join(f"    for i{k} in range(1):\n        pass\n" for k in range(40))
WIDE_AGAIN = f"""
def down(k: int) -> int:
{LOOPS}    if k == 0:
        return 0
    return 1 + down(k - 1)

def low(k: int) -> int:
{LOOPS}    if k <= 0:
        return 0
    return low(k - 1)

def up(k: int) -> int:
{LOOPS}    if k <= 0:
        return down(3000) + low(1)
    return up(k - 1)

def chain(n: int) -> int:
{LOOPS}    if n == 0:
        return up(2)
    return chain(n - 1)

def f(n: int) -> int:
    return down(3000) + up(2) + chain(n)
"""


def test_stack_just_short_of_a_remembered_call(verifiers):
    # DEEP_AGAIN with frames of 200-odd slots at a depth limit of 10000:
    # MAX_STACK_SLOTS ends the stack first, near 5000 frames, so up(2) fits
    # under n frames of chain only up to about n = 2000
    p = problem("def f(n: int) -> int", [[n] for n in (0, 1000, *range(1980, 2080, 4))],
                {"depth": 10000, "fuel": 10**7})
    assert_same_run(verifiers, [WIDE_AGAIN], p)


def test_many_arguments_and_floats(verifiers):
    src = """
def paths(r: int, c: int, w: float) -> float:
    if r == 0 or c == 0:
        return w
    return paths(r - 1, c, w * 0.5) + paths(r, c - 1, w) - paths(r - 1, c - 1, -0.0)

def f(n: int) -> float:
    return paths(n, n, 1.0)
"""
    assert_same_run(verifiers, [src], problem("def f(n: int) -> float", [[n] for n in range(9)]))


def test_a_raising_call_is_not_remembered(verifiers):
    src = """
def g(n: int) -> int:
    if n == 7:
        return 10 // (n - 7)
    return 0 if n <= 0 else g(n - 1) + g(n - 2)

def f(n: int) -> int:
    return g(n)
"""
    assert_same_run(verifiers, [src], problem("def f(n: int) -> int", [[n] for n in range(12)]))


@pytest.mark.parametrize("fuel", [6, 10, 1_000_000])
def test_generated_programs_run_the_same(verifiers, fuel):
    # the differential generator's programs (tests/difftest/gen.py), whose
    # helpers recurse down a depth argument; at fuel 6 and 10 some lanes run
    # out just where a remembered call comes again (without the memo's fuel
    # check, both differ)
    from tests.difftest.dsl_types import placeholder
    from tests.difftest.gen import group_from_seed

    memoizing = 0
    for seed in range(300):
        cases = group_from_seed(seed, 8)
        first = cases[0]
        tests = [{"args": list(a), "expected": placeholder(first.ret)} for a in first.args_list]
        p = Problem(name="gen", entry=first.entry, signature=first.signature, tests=tests,
                    limits={"fuel": fuel, "heap_bytes": 8 * 2**20, "depth": 256})
        sources = [c.source for c in cases]
        assert_same_run(verifiers, sources, p)
        memoizing += int(Verifier("cpu").compile(sources, p)["memo"].sum())
    assert memoizing >= 40, f"only {memoizing} generated programs memoize a call"
