"""While loops whose test runs again at their end (gpubackend/kernels/
codegen.h, emit_loop_test): the run is the run with LOOP back to the head,
lane for lane (status, line, steps, result), at every fuel limit around the
round where the test raises or the fuel runs out.

The reference is the same loop with `or False` after its test: a test with
an `or` keeps LOOP to the head, and `x or False` is x for a bool x, so the
two programs differ only in where the test runs."""

from __future__ import annotations

import numpy as np
import pytest

from gpubackend import Problem, Verifier
from gpubackend.disasm import disassemble
from tests.device import DEVICE

FIELDS = ("status", "line", "steps", "_out_words", "_out")

# (program with `TEST` where the while test goes, the test, arguments)
LOOPS = {
    "raises_in_test": ("""
def f(k: int) -> int:
    i = 0
    while 10 // (k - i) > 0:
        i += 1
    return i
""", "10 // (k - i) > 0", [[0], [1], [3], [6], [9]]),
    "overflows_in_test": ("""
def f(k: int) -> int:
    d = 2
    while d * d <= k:
        d *= 2
    return d
""", "d * d <= k", [[0], [10], [1000], [2**62], [2**63 - 1]]),
    "unbound_in_test": ("""
def f(k: int) -> int:
    i = 0
    while i < k:
        if i == 3:
            j = 0
        i += 1
    while j < 5 * k:
        j += 1
    return j
""", "j < 5 * k", [[0], [2], [4], [7]]),
    "bool_test": ("""
def f(k: int) -> int:
    n = k
    going = n > 0
    while going:
        n -= 1
        going = n > 0
    return n
""", "going", [[0], [1], [5], [12]]),
    "and_chain": ("""
def f(k: int) -> int:
    d = 2
    while d < k and 100 // (k - d - 5) != 0 and k % d != 0:
        d += 1
    return d
""", "d < k and 100 // (k - d - 5) != 0 and k % d != 0", [[0], [7], [9], [25], [49], [97], [131]]),
    "modulo_raises_in_test": ("""
def f(k: int) -> int:
    d = k // 3
    while k % d != 1:
        d -= 1
    return d
""", "k % d != 1", [[3], [9], [10], [30], [64], [90]]),
    "continue_goes_to_the_head": ("""
def f(k: int) -> int:
    i = 0
    s = 0
    while i < k:
        i += 1
        if i % 3 == 0:
            continue
        s += 100 // (7 - i)
    return s
""", "i < k", [[0], [5], [6], [7], [9]]),
}


def problem(args: list[list], fuel: int) -> Problem:
    tests = [{"args": a, "expected": 0} for a in args]
    return Problem(name="f", entry="f", signature="def f(k: int) -> int", tests=tests, limits={"fuel": fuel})


@pytest.fixture(scope="module")
def verifier() -> Verifier:
    return Verifier(DEVICE, fallback=False)


def count_end_tests(source: str) -> int:
    """Backward jumps other than LOOP and FOR_RANGE_NEXT: loop tests at the end."""
    prog = Verifier("cpu").compile([source], problem([[0]], 100))[0]
    lines = [ln for ln in disassemble(prog).splitlines() if "->" in ln]
    return sum(int(ln.split("->")[-1]) < int(ln.split()[0]) and "LOOP" not in ln and "NEXT" not in ln
               for ln in lines)


@pytest.mark.parametrize("name", sorted(LOOPS))
def test_the_test_moves_to_the_end_only_without_jumps(name):
    source, test, _ = LOOPS[name]
    reference = source.replace(f"while {test}:", f"while {test} or False:")
    assert count_end_tests(source) == count_end_tests(reference) + 1 >= 1


@pytest.mark.parametrize("name", sorted(LOOPS))
def test_same_run_at_every_fuel(verifier, name):
    source, test, args = LOOPS[name]
    reference = source.replace(f"while {test}:", f"while {test} or False:")
    assert reference != source
    for fuel in range(1, 80):
        moved, kept = (verifier.verify([s], problem(args, fuel)) for s in (source, reference))
        for f in FIELDS:
            a, b = getattr(moved, f), getattr(kept, f)
            assert np.array_equal(a, b), f"fuel {fuel}: {f} {a} != {b}"
