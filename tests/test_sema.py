"""The type pass (kernels/sema.h) over the parse pass's tree gives the
one-pass compiler's diagnostics, word for word and at the same place, for
everything it types so far (the declarations: def headers, typing and math
imports, module constants, the entry's signature; and the module-level
statements): on the behaviour corpus, mutated programs and generated ones,
every error it reports is the compiler's (unless the compiler met one first
in a function body, which it does not type yet), every program the compiler
accepts it accepts, and every error the compiler reports outside function
bodies it reports too."""

import random

import numpy as np

import pytest

from gpubackend import Problem, Verifier
from gpubackend.abi import DIAG_CLASSES
from gpubackend.parsetree import NODE_KINDS, parse
from gpubackend.sema import declarations
from tests.fuzz_kit import mutate
from tests.test_bad_input import CORPUS, PROBLEM
from tests.test_programs import SPECS, _problem

_V = Verifier("cpu", fallback=False)
_DEF, _BLOCK = NODE_KINDS.index("DEF"), NODE_KINDS.index("BLOCK")


def _compiler_diags(sources, problem):
    out = []
    for p in _V.compile(sources, problem):
        d = p["diag"]
        out.append((DIAG_CLASSES[int(d["cls"])], int(d["line"]), int(d["col"]),
                    bytes(d["msg"]).split(bytes(1))[0].decode("utf-8", "replace")))
    return out


# Limits of the code the compiler emits (its size, stack, slots, constants)
# and of its recursion: the type pass does not count them.
CODE_LIMITS = ("MAX_CODE", "MAX_STACK", "MAX_SLOTS", "MAX_CONST_WORDS", "MAX_NESTING", "MAX_LOOP_TESTS")


def _code_limit(diag):
    return diag[0] == "LimitError" and any(name in diag[3] for name in CODE_LIMITS)


def _def_positions(source):
    """The (line, col) of each def, in source order (the functions' indices)."""
    tree = parse([source])[0]
    return [(n["line"], n["col"]) for n in tree.nodes[np.argsort(tree.nodes["pos"], kind="stable")]
            if n["kind"] == _DEF]


def _excused(source, new, old):
    """Whether the compiler's error `old` lies where the pass did not type:
    from the first statement it gave up in on; at the def of a function it
    gave up on (whose end it did not reach); the entry's None, which the
    program's end checks; or a limit of the code emitted."""
    at = (old[1], old[2])
    if new.gave_up and at >= new.gave_up or _code_limit(old):
        return True
    if new.gave_up_fns and "(it is called in the program)" in old[3]:
        return True
    defs = _def_positions(source)
    return any(new.gave_up_fns >> f & 1 and at == pos for f, pos in enumerate(defs))


def _check(sources, problem):
    """Counts of the front's errors that are the compiler's, of the programs
    both accept, and of the programs typed whole (the pass gave up nowhere)."""
    agreed = accepted = whole = 0
    for source, new, old in zip(sources, declarations(sources, problem), _compiler_diags(sources, problem)):
        if new.nfuncs < 0:  # the parse failed: the compiler rejects it too
            assert old[0], (source, new)
            continue
        whole += new.gave_up is None and new.gave_up_fns == 0
        if new.cls and (new.cls, new.line, new.col, new.message) != old:
            # the compiler met an error first, where this pass gave up typing
            assert old[0] and (old[1], old[2]) < (new.line, new.col) and _excused(source, new, old), (source, old, new)
        elif new.cls:
            agreed += 1
        elif not old[0]:
            accepted += 1
        else:  # where it typed, the pass finds every error the compiler does
            assert _excused(source, new, old), (source, old, new)
    return agreed, accepted, whole


def test_corpus():
    agreed = accepted = whole = 0
    for spec in SPECS:
        a, b, c = _check([spec.source], _problem(spec))
        agreed, accepted, whole = agreed + a, accepted + b, whole + c
    assert accepted > 450 and agreed > 60 and whole > 550


def test_mutants():
    rng = random.Random(23)
    texts = [p.read_text() for p in CORPUS]
    agreed, _, whole = _check(texts + [mutate(rng, rng.choice(texts)) for _ in range(1500)], PROBLEM)
    assert agreed > 800 and whole > 900


def test_mutants_of_each_program_for_its_own_problem():
    # the entry then matches, and the mutation lands in a body the pass types
    rng = random.Random(29)
    agreed = whole = 0
    for spec in SPECS:
        a, _, c = _check([mutate(rng, spec.source) for _ in range(3)], _problem(spec))
        agreed, whole = agreed + a, whole + c
    assert agreed > 200 and whole > 500


def test_mutants_of_generated_programs():
    # generated programs hold Optionals, nested defs and loops of every kind
    from tests.difftest.dsl_types import placeholder
    from tests.difftest.gen import case_from_seed
    from tests.difftest.runner import LIMITS

    rng = random.Random(31)
    agreed = whole = 0
    for i in range(200):
        case = case_from_seed(5_000_000 + i)
        if case.args_list:
            problem = Problem(name="gen", entry=case.entry, signature=case.signature,
                              tests=[{"args": list(case.args_list[0]), "expected": placeholder(case.ret)}],
                              limits=LIMITS)
            a, _, c = _check([case.source] + [mutate(rng, case.source) for _ in range(4)], problem)
            agreed, whole = agreed + a, whole + c
    assert agreed > 50 and whole > 250


def test_generated():
    from tests.difftest.dsl_types import placeholder
    from tests.difftest.gen import case_from_seed
    from tests.difftest.runner import LIMITS

    for i in range(300):
        case = case_from_seed(4_000_000 + i)
        if case.args_list:
            problem = Problem(name="gen", entry=case.entry, signature=case.signature,
                              tests=[{"args": list(a), "expected": placeholder(case.ret)} for a in case.args_list[:1]],
                              limits=LIMITS)
            assert _check([case.source], problem)[1] == 1


@pytest.mark.parametrize("source, diag", [
    ("def f(n: int) -> int:\n    return n\n", ("", 0, 0)),
    ("def g(n: int) -> int:\n    return n\n", ("NameError", 1, 1)),
    ("def f(n: str) -> int:\n    return 0\n", ("TypeError", 1, 1)),
    ("def f(n) -> int:\n    return n\n", ("TypeError", 1, 7)),
    ("def f(n: int, n: int) -> int:\n    return n\n", ("SyntaxError", 1, 15)),
    ("def f(n: int = 3) -> int:\n    return n\n", ("Unsupported", 1, 14)),
    ("def f(n: List[int]) -> int:\n    return 0\n", ("NameError", 1, 10)),
    ("def f(n: int | None | str) -> int:\n    return 0\n", ("SyntaxError", 1, 21)),
    ("def f(n: tuple[int, ...]) -> int:\n    return 0\n", ("Unsupported", 1, 21)),
    ("def f(n: int) -> int:\n    return n\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 3, 1)),
    ("def f(n: int) -> int:\n    return n\nprint(f(3))\n", ("Unsupported", 3, 1)),
    ("import os\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 8)),
    ("from math import sqrt as s\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 18)),
    ("from math import sqrt, cosh\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 24)),
    ("def f(n: int) -> int:\n    return n\nif __name__ == '__main__':\n    f(1)\nelse :\n    pass\n",
     ("Unsupported", 5, 1)),
    ("import math; import typing\ndef f(n: int) -> int:\n    return n\n", ("SyntaxError", 1, 14)),
    ("from . import x\ndef f(n: int) -> int:\n    return n\n", ("SyntaxError", 1, 6)),
    ("from .typing import List\ndef f(n: int) -> int:\n    return n\n", ("SyntaxError", 1, 6)),
    ("from typing import  # List\ndef f(n: int) -> int:\n    return n\n", ("SyntaxError", 1, 27)),
    ("X = 1; Y = 2\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 1)),
    ("pass; x = 1\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 5)),
    ('"""doc"""\nX = -2\ndef f(n: int) -> int:\n    return n\nif __name__ == "__main__":\n    print(f(2))\n',
     ("", 0, 0)),
    # in a body: the refusals whose words depend on where they stand
    ("def f(n: int) -> int:\n    g = (x for x in range(n))\n    return 0\n", ("Unsupported", 2, 9)),
    ("def f(n: int) -> int:\n    return len((x for x in range(n)))\n", ("Unsupported", 2, 16)),
    ("def f(n: int) -> int:\n    return len(x for x in range(n))\n", ("Unsupported", 2, 16)),
    ("def f(n: int) -> int:\n    g = lambda x: x\n    return 0\n", ("Unsupported", 2, 9)),
    ("def f(n: int) -> int:\n    return n.bit_length()\n", ("Unsupported", 2, 14)),
    ("def f(n: int) -> int:\n    (a, b) = (n, n)\n    return a + b\n", ("", 0, 0)),
    ("def f(n: int) -> int:\n    return int(n in range(3))\n", ("", 0, 0)),
    ("def f(n: int) -> int:\n    import math\n    return math.isqrt(n)\n", ("", 0, 0)),
    ("def f(n: int) -> int:\n    from math import isqrt\n    return isqrt(n)\n", ("", 0, 0)),
    ("def f(n: int) -> int:\n    x = math.isqrt(n)\n    import math\n    return x\n", ("NameError", 2, 9)),
    ("def f(n: int) -> int:\n    import os\n    return n\n", ("Unsupported", 2, 12)),
    ("def f(n: int) -> int:\n    return int(0 < n in range(3))\n", ("Unsupported", 2, 22)),
    ("def f(n: int) -> int:\n    return int(n in range(3) == True)\n", ("Unsupported", 2, 30)),
    ("def f(n: int) -> int:\n    return int('a' not in range(3))\n", ("Unsupported", 2, 20)),
])
def test_declaration_diagnostics(source, diag):
    problem = Problem(name="p", entry="f", signature="def f(n: int) -> int", tests=[{"args": [1], "expected": 1}])
    new = declarations([source], problem)[0]
    assert (new.cls, new.line, new.col) == diag
    old = _compiler_diags([source], problem)[0]
    assert (new.cls, new.line, new.col, new.message) == old or not new.cls and old[0] == ""


def test_declared_functions_constants_and_imports():
    source = ("import math\nfrom typing import List\nLIMIT = -5\nNAME = 'a' 'b'\n"
              "def helper(xs: List[int]) -> int:\n    def inner(x: int) -> int:\n        return x\n"
              "    return inner(len(xs))\n"
              "def f(n: int) -> int:\n    return helper([n]) + LIMIT\n")
    problem = Problem(name="p", entry="f", signature="def f(n: int) -> int", tests=[{"args": [1], "expected": -4}])
    d = declarations([source], problem)[0]
    assert (d.cls, d.nfuncs, d.entry, d.nconsts, d.math_imported) == ("", 3, 2, 2, True)
