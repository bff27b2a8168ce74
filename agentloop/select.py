"""Choosing among several passing candidates.

Passing the tests does not make candidates equal: the tests are few. Like
CodeT, the loop runs every passing program on extra inputs drawn from the
signature's types and prefers the program whose outputs agree with the most
others (a behaviour many independent samples share is more likely the
intended one), then the one that spent the fewest steps on the tests, then
the earliest. An output is the returned value or the exception class, so
programs that raise alike agree too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from gpubackend import Problem, Verifier
from gpubackend.abi import STATUS_NAMES
from gpubackend.types import code_end, placeholder, split_codes, tuple_items

# Extra inputs per selection: enough to split programs that differ on
# common inputs, few enough to cost one small verify call.
EXTRA_INPUTS = 24
# Sizes of generated values: small, like the inputs tests use, so that a
# correct but slow program is not mistaken for a wrong one.
MAX_LEN = 6
INT_RANGE = 20


def random_value(code: str, rng: random.Random) -> Any:
    """A random value of the DSL type `code` (gpubackend/types.py)."""
    c = code[0]
    if c == "n":
        return None
    if c == "b":
        return rng.random() < 0.5
    if c == "i":
        return rng.randint(-INT_RANGE, INT_RANGE) if rng.random() < 0.8 else rng.randint(-1000, 1000)
    if c == "f":
        return round(rng.uniform(-INT_RANGE, INT_RANGE), rng.choice((0, 1, 2, 6)))
    if c == "r":  # int | float: either class
        return random_value(rng.choice("if"), rng)
    if c == "s":
        return "".join(rng.choice("abcxyz AB01") for _ in range(rng.randint(0, MAX_LEN)))
    if c == "?":
        return None if rng.random() < 0.25 else random_value(code[1:], rng)
    if c == "[":
        return [random_value(code[1:], rng) for _ in range(rng.randint(0, MAX_LEN))]
    if c == "*":
        return tuple(random_value(code[1:], rng) for _ in range(rng.randint(0, MAX_LEN)))
    if c == "<":
        return {random_value(code[1:], rng) for _ in range(rng.randint(0, MAX_LEN))}
    if c == "(":
        return tuple(random_value(x, rng) for x in tuple_items(code))
    if c == "{":
        k_end = code_end(code, 1)
        return {random_value(code[1:k_end], rng): random_value(code[k_end:], rng)
                for _ in range(rng.randint(0, MAX_LEN))}
    raise ValueError(f"type code {code!r} has no random values")


def extra_inputs(problem: Problem, n: int, seed: int) -> Problem:
    """`problem` with its tests replaced by n random inputs (the problem's
    own inputs excluded), for comparing programs with each other, drawn
    under each of its signatures in turn (Problem.overloads); their
    expected value is a placeholder no one reads (outputs are compared with
    each other)."""
    rng = random.Random(seed)
    params = [split_codes("".join(code for _, code in sig.params)) for sig in problem.sigs]
    seen = {repr(t.args) for t in problem.tests}
    tests = []
    for attempt in range(n * 4):
        o = attempt % len(params)
        args = [random_value(code, rng) for code in params[o]]
        if repr(args) not in seen:
            seen.add(repr(args))
            tests.append({"args": args, "expected": placeholder(problem.sigs[o].ret), "overload": o})
        if len(tests) == n:
            break
    # every signature types a test, a placeholder one where none was drawn
    drawn = {t["overload"] for t in tests}
    tests += [{"args": [placeholder(c) for c in codes], "expected": placeholder(sig.ret), "overload": o}
              for o, (codes, sig) in enumerate(zip(params, problem.sigs)) if o not in drawn]
    # no check: outputs are compared with each other, never judged
    return problem.model_copy(update={"check": None, "tests": tests})


@dataclass(frozen=True)
class Choice:
    """The chosen program: its index among the passing ones, how many of the
    others agreed with it on every extra input, and its steps on the tests."""

    index: int
    agreement: int
    steps: int


def choose(verifier: Verifier, problem: Problem, programs: list[str], steps: list[int],
           seed: int = 0, n_inputs: int = EXTRA_INPUTS) -> Choice:
    """The best of `programs` (all passing `problem`'s tests; steps: each
    one's total steps on them) by agreement on extra inputs, then steps."""
    if not programs:
        raise ValueError("programs: nothing to choose from (no passing candidate)")
    if len(programs) == 1 or not problem.typed:  # an untyped problem has no types to draw inputs of
        best = min(range(len(programs)), key=lambda c: (steps[c], c))
        return Choice(best, 0, steps[best])
    extra = extra_inputs(problem, n_inputs, seed)
    res = verifier.verify(programs, extra)
    values, names = res.actuals(), res.status  # fetched whole: one transfer each
    outputs = [tuple(_output(STATUS_NAMES[s], v) for s, v in zip(names[c], values[c]))
               for c in range(len(programs))]
    agree = [sum(o == other for other in outputs) - 1 for o in outputs]
    best = min(range(len(programs)), key=lambda c: (-agree[c], steps[c], c))
    return Choice(best, agree[best], steps[best])


def _output(status: str, value: Any) -> tuple[str, str]:
    """What a lane gave: its value (whether or not it equals the placeholder
    expected value) or the exception class it raised."""
    if status in ("pass", "wrong_answer"):
        return ("value", repr(value))
    return ("raised", status)
