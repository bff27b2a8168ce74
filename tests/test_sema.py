"""The type pass (kernels/sema.h) over the parse pass's tree: the
declarations (def headers, typing and math imports, module constants, the
entry's signature), the module-level statements and the bodies, each
program's first diagnostic at its place. The front kernel (parse and
types) and the compiler (parse, types and code) agree on every program
but where the code pass meets a limit of the code it writes."""

import random

import pytest

from gpubackend import Problem, Verifier
from gpubackend.abi import DIAG_CLASSES
from gpubackend.sema import declarations
from tests.fuzz_kit import mutate
from tests.test_bad_input import CORPUS, PROBLEM
from tests.test_programs import SPECS, _problem

_V = Verifier("cpu", fallback=False)


def _compiler_diags(sources, problem):
    out = []
    for p in _V.compile(sources, problem):
        d = p["diag"]
        msg = bytes(d["msg"]).split(bytes(1))[0].decode("utf-8", "replace") if d["cls"] else ""  # (else the call's)
        out.append((DIAG_CLASSES[int(d["cls"])], int(d["line"]), int(d["col"]), msg))
    return out


# Limits of the code the compiler emits (its size, stack, slots, constants):
# the type pass does not count them.
CODE_LIMITS = ("MAX_CODE", "MAX_STACK", "MAX_SLOTS", "MAX_CONST_WORDS", "MAX_LOOP_TESTS")


def _agree(sources, problem):
    """How many of the sources the front rejects; each rejection is the
    compiler's, and each program it accepts the compiler compiles."""
    rejected = 0
    for source, new, old in zip(sources, declarations(sources, problem), _compiler_diags(sources, problem)):
        if old[0] == "LimitError" and any(name in old[3] for name in CODE_LIMITS):
            assert not new.cls, (source, new)
            continue
        assert (new.cls, new.line, new.col, new.message) == old, (source, new, old)
        rejected += bool(new.cls)
    return rejected


def test_corpus_and_its_mutants():
    rng = random.Random(23)
    rejected = sum(_agree([spec.source] + [mutate(rng, spec.source) for _ in range(2)], _problem(spec))
                   for spec in SPECS)
    texts = [p.read_text() for p in CORPUS]
    rejected += _agree(texts + [mutate(rng, rng.choice(texts)) for _ in range(500)], PROBLEM)
    assert rejected > 900


def test_generated_programs_type_whole():
    from tests.difftest.dsl_types import placeholder
    from tests.difftest.gen import case_from_seed
    from tests.difftest.runner import LIMITS

    for i in range(300):
        case = case_from_seed(4_000_000 + i)
        if case.args_list:
            problem = Problem(name="gen", entry=case.entry, signature=case.signature,
                              tests=[{"args": list(a), "expected": placeholder(case.ret)} for a in case.args_list[:1]],
                              limits=LIMITS)
            assert not declarations([case.source], problem)[0].cls, case.source


@pytest.mark.parametrize("source, diag", [
    ("def f(n: int) -> int:\n    return n\n", ("", 0, 0)),
    ("def g(n: int) -> int:\n    return n\n", ("", 0, 0)),  # no entry: each test's call raises NameError
    ("def f(n: str) -> int:\n    return 0\n", ("", 0, 0)),  # the entry's annotations type nothing
    ("def g(n: str) -> int:\n    return 0\ndef f(n: int) -> int:\n    return g(n)\n", ("TypeError", 4, 14)),
    ("def f(n) -> int:\n    return n\n", ("", 0, 0)),  # the entry: typed by the problem's signature
    ("def g(n) -> int:\n    return n\ndef f(n: int) -> int:\n    return g(n)\n", ("", 0, 0)),  # typed by its call
    ("def f(n: int) -> int:\n    def g(k):\n        return k\n    return g(n)\n", ("", 0, 0)),  # nested, too
    ("def f(n: int):\n    return n\n", ("", 0, 0)),
    ("def g(n: int):\n    return n\ndef f(n: int) -> int:\n    return g(n)\n", ("", 0, 0)),
    ("def f(n, m) -> int:\n    return n\n", ("", 0, 0)),  # a parameter the tests lack: their call's TypeError
    ("def g(n: list) -> int:\n    return 0\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 10)),
    ("def f(n: int, n: int) -> int:\n    return n\n", ("SyntaxError", 1, 15)),
    ("def f(n: int = 3) -> int:\n    return n\n", ("", 0, 0)),
    ("def f(n: int = []) -> int:\n    return n\n", ("Unsupported", 1, 14)),
    ("def f(n: List[int]) -> int:\n    return 0\n", ("NameError", 1, 10)),
    ("def g(n: int | None | str) -> int:\n    return 0\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 21)),
    ("def g(n: tuple[int, ..., int]) -> int:\n    return 0\ndef f(n: int) -> int:\n    return n\n",
     ("Unsupported", 1, 21)),
    ("from typing import List\ndef f(n: List[int, int]) -> int:\n    return 0\n", ("TypeError", 2, 10)),
    ("def f(n: int) -> int:\n    return n\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 3, 1)),
    ("def f(n: int) -> int:\n    return n\nprint(f(3))\n", ("", 0, 0)),  # the module's code
    ("print(3)\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 1)),  # before a def
    ("def f(n: int) -> int:\n    return n\nf = 3\n", ("Unsupported", 3, 1)),  # f is 3 for check(f)
    ("def f(n: int) -> int:\n    return n\nfor f in [1]:\n    pass\n", ("Unsupported", 3, 5)),
    ("def f(n: int) -> int:\n    return n\nreturn 3\n", ("SyntaxError", 3, 1)),
    ("import os\ndef f(n: int) -> int:\n    return n + len(os.sep)\n", ("Unsupported", 1, 8)),
    ("from math import sqrt as s\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 18)),
    ("from math import sqrt, cosh\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 24)),
    ("def f(n: int) -> int:\n    return n\nif __name__ == '__main__':\n    f(1)\nelse :\n    pass\n",
     ("Unsupported", 5, 1)),
    ("import math; import typing\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 14)),
    ("from . import x\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 6)),
    ("from .typing import List\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 6)),
    # (CPython's place, where its NEWLINE begins: at the comment)
    ("from typing import  # List\ndef f(n: int) -> int:\n    return n\n", ("SyntaxError", 1, 21)),
    ("X = 1; Y = 2\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 1)),
    ("pass; x = 1\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 5)),
    ('"""doc"""\nX = -2\ndef f(n: int) -> int:\n    return n\nif __name__ == "__main__":\n    print(f(2))\n',
     ("", 0, 0)),
    # in a body: the refusals whose words depend on where they stand
    ("def f(n: int) -> int:\n    g = (x for x in range(n))\n    return 0\n", ("Unsupported", 2, 9)),
    ("def f(n: int) -> int:\n    return len((x for x in range(n)))\n", ("Unsupported", 2, 16)),
    ("def f(n: int) -> int:\n    return len(x for x in range(n))\n", ("Unsupported", 2, 16)),
    ("def f(n: int) -> int:\n    g = [lambda x: x]\n    return 0\n", ("Unsupported", 2, 10)),
    ("def f(n: int) -> int:\n    g = lambda x: x\n    return 0\n", ("", 0, 0)),
    ("def f(n: int) -> int:\n    return n.as_integer_ratio()[0]\n", ("Unsupported", 2, 14)),
    ("def f(n: int) -> int:\n    (a, b) = (n, n)\n    return a + b\n", ("", 0, 0)),
    ("def f(n: int) -> int:\n    return int(n in range(3))\n", ("", 0, 0)),
    ("def f(n: int) -> int:\n    import math\n    return math.isqrt(n)\n", ("", 0, 0)),
    ("def f(n: int) -> int:\n    from math import isqrt\n    return isqrt(n)\n", ("", 0, 0)),
    ("def f(n: int) -> int:\n    x = math.isqrt(n)\n    import math\n    return x\n", ("NameError", 2, 9)),
    ("def f(n: int) -> int:\n    import os\n    return n + len(os.sep)\n", ("Unsupported", 2, 12)),
    ("def f(n: int) -> int:\n    return int(0 < n in range(3))\n", ("Unsupported", 2, 22)),
    ("def f(n: int) -> int:\n    return int(n in range(3) == True)\n", ("Unsupported", 2, 30)),
    ("def f(n: int) -> int:\n    return int('a' not in range(3))\n", ("Unsupported", 2, 20)),
    # forms the language does not have, where the pass meets them
    ("def f(n: int) -> int:\n    xs = [n, *[n]]\n    return 0\n", ("Unsupported", 2, 14)),
    ("def f(n: int) -> int:\n    a, b = *[n], n\n    return 0\n", ("Unsupported", 2, 12)),
    ("def f(n: int) -> int:\n    xs = [n]\n    xs[0] = b = n\n    return b\n", ("Unsupported", 3, 15)),
    ("def f(n: int) -> int:\n    a, b = c = n, n\n    return a\n", ("Unsupported", 2, 14)),
    ("def f(n: int) -> int:\n    xs = [1]\n    xs.sort(key=xs.count)\n    return 0\n", ("Unsupported", 3, 17)),
])
def test_declaration_diagnostics(source, diag):
    problem = Problem(name="p", entry="f", signature="def f(n: int) -> int", tests=[{"args": [1], "expected": 1}])
    new = declarations([source], problem)[0]
    assert (new.cls, new.line, new.col) == diag
    assert _compiler_diags([source], problem)[0] == (new.cls, new.line, new.col, new.message)


def test_declared_functions_constants_and_imports():
    source = ("import math\nfrom typing import List\nLIMIT = -5\nNAME = 'a' 'b'\n"
              "def helper(xs: List[int]) -> int:\n    def inner(x: int) -> int:\n        return x\n"
              "    return inner(len(xs))\n"
              "def f(n: int) -> int:\n    return helper([n]) + LIMIT\n")
    problem = Problem(name="p", entry="f", signature="def f(n: int) -> int", tests=[{"args": [1], "expected": -4}])
    d = declarations([source], problem)[0]
    assert (d.cls, d.nfuncs, d.entry, d.nconsts, d.math_imported) == ("", 3, 2, 2, True)
