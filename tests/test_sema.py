"""The type pass (kernels/sema.h) over the parse pass's tree gives the
one-pass compiler's diagnostics, word for word and at the same place, for
everything it types so far (the declarations: def headers, typing and math
imports, module constants, the entry's signature): on the behaviour corpus,
mutated programs and generated ones, every error it reports is the
compiler's, every program the compiler accepts it accepts, and every error
the compiler reports in a def's header it reports too."""

import random

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


def _headers(source):
    """(start, end) positions of every def's header: from 'def' to the ':'
    that opens its body."""
    tree = parse([source])[0]
    spans = []
    for n in tree.nodes:
        if n["kind"] == _DEF:
            body = tree.nodes[tree.extra[n["a"] + 2]]
            spans.append(((n["line"], n["col"]), (body["line"], body["col"])))
    return spans


def _check(sources, problem):
    """Counts of the front's errors that are the compiler's (header ones
    apart), and of the programs both accept."""
    agreed = headers = accepted = 0
    for source, new, old in zip(sources, declarations(sources, problem), _compiler_diags(sources, problem)):
        if new.nfuncs < 0:  # the parse failed: the compiler rejects it too
            assert old[0], (source, new)
            continue
        if new.cls:
            assert (new.cls, new.line, new.col, new.message) == old, source
            agreed += 1
        elif not old[0]:
            accepted += 1
        else:
            at = (old[1], old[2])
            # (an error at a def's own 'def' is about its body, but for these)
            at_def = any(w in old[3] for w in ("entry", "redefinition", "MAX_FUNCS"))
            in_header = any(a < at < b for a, b in _headers(source)) or at_def
            assert not in_header, (source, old)
        headers += bool(new.cls) and "entry" not in new.message
    return agreed, headers, accepted


def test_corpus():
    accepted = 0
    for spec in SPECS:
        accepted += _check([spec.source], _problem(spec))[2]
    assert accepted > 400


def test_mutants():
    rng = random.Random(23)
    texts = [p.read_text() for p in CORPUS]
    agreed, headers, _ = _check(texts + [mutate(rng, rng.choice(texts)) for _ in range(1500)], PROBLEM)
    assert agreed > 300 and headers > 30


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
            assert _check([case.source], problem)[2] == 1


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
])
def test_declaration_diagnostics(source, diag):
    problem = Problem(name="p", entry="f", signature="def f(n: int) -> int", tests=[{"args": [1], "expected": 1}])
    new = declarations([source], problem)[0]
    assert (new.cls, new.line, new.col) == diag
    old = _compiler_diags([source], problem)[0]
    assert old[:3] == diag or not new.cls and old[0] == ""


def test_declared_functions_constants_and_imports():
    source = ("import math\nfrom typing import List\nLIMIT = -5\nNAME = 'a' 'b'\n"
              "def helper(xs: List[int]) -> int:\n    def inner(x: int) -> int:\n        return x\n"
              "    return inner(len(xs))\n"
              "def f(n: int) -> int:\n    return helper([n]) + LIMIT\n")
    problem = Problem(name="p", entry="f", signature="def f(n: int) -> int", tests=[{"args": [1], "expected": -4}])
    d = declarations([source], problem)[0]
    assert (d.cls, d.nfuncs, d.entry, d.nconsts, d.math_imported) == ("", 3, 2, 2, True)
