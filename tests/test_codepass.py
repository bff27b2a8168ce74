"""The code pass (kernels/code.h, code_expr.h, code_call.h, code_stmt.h) over the typed tree generates the one-pass
compiler's program, instruction for instruction and line for line (its
constants, functions, frame sizes and copied loop tests too), on every
program it generates: the behaviour corpus, generated programs and mutated
ones. One difference is allowed: where the constants lie, for a program
with a conditional expression, whose constants the one-pass compiler made
in source order and the code pass makes in the order they run. Where it
does not generate yet, it says so (a refusal, or the type pass's give-up),
and the one-pass compiler's program stands."""

import difflib
import random

import pytest

from gpubackend import Problem, Verifier
from gpubackend.codepass import generate, same_program
from gpubackend.disasm import disassemble
from tests.fuzz_kit import mutate
from tests.test_programs import SPECS, _problem

_V = Verifier("cpu", fallback=False)


def _check(sources, problem):
    """How many of the sources the code pass generated, each equal to the
    one-pass compiler's program."""
    generated = 0
    for source, new, old in zip(sources, generate(sources, problem), _V.compile(sources, problem)):
        if new.program is None:
            assert new.front.cls or new.front.gave_up or new.refused or new.looked_ahead or not old["ok"], source
            continue
        generated += 1
        differs = same_program(new.program, old)
        if differs and differs != "constants":
            diff = "\n".join(difflib.unified_diff(disassemble(old).splitlines(), disassemble(new.program).splitlines(),
                                                  "one-pass", "passes", lineterm=""))
            pytest.fail(f"{differs} differs for\n{source}\n{diff}")
    return generated


def _generated_case(seed):
    from tests.difftest.dsl_types import placeholder
    from tests.difftest.gen import case_from_seed
    from tests.difftest.runner import LIMITS

    case = case_from_seed(seed)
    if not case.args_list:
        return None, None
    return case.source, Problem(name="gen", entry=case.entry, signature=case.signature,
                                tests=[{"args": list(case.args_list[0]), "expected": placeholder(case.ret)}],
                                limits=LIMITS)


def test_corpus():
    generated = sum(_check([spec.source], _problem(spec)) for spec in SPECS)
    assert generated > 510


def test_mutants_of_each_program_for_its_own_problem():
    rng = random.Random(37)
    generated = sum(_check([mutate(rng, spec.source) for _ in range(3)], _problem(spec)) for spec in SPECS)
    assert generated > 380


def test_generated_programs_and_their_mutants():
    rng = random.Random(41)
    generated = 0
    for i in range(400):
        source, problem = _generated_case(6_000_000 + i)
        if source:
            generated += _check([source] + [mutate(rng, source) for _ in range(2)], problem)
    assert generated > 380


def test_model_samples():
    # real model output (bench/corpus, every 25th sample whose HumanEval
    # problem is typed): what the one-pass compiler compiles, the passes generate
    import gzip
    import json
    from collections import defaultdict
    from pathlib import Path

    from agentloop.tasksets.humaneval import convert_all

    conv = {c.task_id: c for c in convert_all()}
    compiled = generated = 0
    for path in sorted((Path(__file__).parent.parent / "bench" / "corpus").glob("*.jsonl.gz")):
        by_task = defaultdict(list)
        with gzip.open(path, "rt") as lines:
            for i, line in enumerate(lines):
                row = json.loads(line)
                c = conv.get(row.get("task_id"))
                if i % 25 == 0 and c and c.ok and c.problem.typed:
                    by_task[row["task_id"]].append(((c.prompt_code or "") if "he_base" in path.name else "")
                                                   + row["completion"])
        for task, sources in by_task.items():
            compiled += sum(bool(p["ok"]) for p in _V.compile(sources, conv[task].problem))
            generated += _check(sources, conv[task].problem)
    assert compiled > 300 and generated == compiled


@pytest.mark.parametrize("source", [
    # fused operands: locals and constants in the operation's fields
    "def f(n: int) -> int:\n    x = n + 1\n    x = x + 1\n    x += n\n    return x * n - 3\n",
    # the divisibility test: one instruction
    "def f(n: int) -> int:\n    c = 0\n    for i in range(n):\n        if i % 3 == 0 and i % n != 1:\n"
    "            c += 1\n    return c\n",
    # a while test run again at the loop's end; an or-chain jumping into its block
    "def f(n: int) -> int:\n    i = 0\n    while i < n and i != 7:\n        i += 2\n        if i == 4 or i > 9:\n"
    "            break\n    return i\n",
    # statements spread over lines: each instruction keeps its token's line
    "def f(n: int) -> int:\n    xs = [n,\n          n + 1]\n    return (xs[0] +\n            xs[1])\n",
    # module constants, a string made before any code
    "LIMIT = 10\nNAME = 'ab'\ndef f(n: int) -> int:\n    return len(NAME) + LIMIT + n\n",
    # lists made for zip and enumerate (range, reversed), a tuple searched as a list
    "def f(n: int) -> int:\n    s = 0\n    for i, x in zip(range(3), [n, n]):\n        s += i * x\n"
    "    for i, c in enumerate(reversed('ab')):\n        s += i + (c in ('a', 'b'))\n    return s\n",
    # a function's own import, x in range(...), raise
    "def f(n: int) -> int:\n    import math\n    if n in range(1, 5):\n        return math.isqrt(n)\n"
    "    raise ValueError('n')\n",
    # a conditional's 'else' on its own line, past a parenthesized test that has one
    "def f(n: int) -> int:\n    x = (n if (1 if n > 2\n               else 0)\n         else 5)\n    return x\n",
])
def test_programs_of_many_shapes(source):
    problem = Problem(name="p", entry="f", signature="def f(n: int) -> int", tests=[{"args": [3], "expected": 0}])
    assert _check([source], problem) == 1
