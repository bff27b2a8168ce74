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


def _spans(source):
    """Per def: its header, from 'def' to the ':' that opens its body, and
    (top-level ones) the whole def, up to the next module-level statement."""
    tree = parse([source])[0]
    nodes, extra = tree.nodes, tree.extra
    headers, defs = [], []
    for n in nodes:
        if n["kind"] == _DEF:
            body = nodes[extra[n["a"] + 2]]
            headers.append(((n["line"], n["col"]), (body["line"], body["col"])))
    module = nodes[tree.root]
    tops = [nodes[extra[module["a"] + k]] for k in range(module["n"])]
    for k, n in enumerate(tops):
        if n["kind"] == _DEF:
            end = (tops[k + 1]["line"], 0) if k + 1 < len(tops) else (1 << 30, 0)
            defs.append(((n["line"], n["col"]), end))
    return headers, defs


def _check(sources, problem):
    """Counts of the front's errors that are the compiler's (header ones
    apart), and of the programs both accept."""
    agreed = headers = accepted = 0
    for source, new, old in zip(sources, declarations(sources, problem), _compiler_diags(sources, problem)):
        if new.nfuncs < 0:  # the parse failed: the compiler rejects it too
            assert old[0], (source, new)
            continue
        header_spans, def_spans = _spans(source)
        at = (old[1], old[2])
        in_body = any(a <= at < b for a, b in def_spans) and not any(a < at < b for a, b in header_spans)
        if new.cls and (new.cls, new.line, new.col, new.message) != old:
            # the compiler met an error first in a function's body, which this pass does not type yet
            assert old[0] and at < (new.line, new.col) and in_body, (source, old, new)
        elif new.cls:
            agreed += 1
        elif not old[0]:
            accepted += 1
        else:
            # (an error at a def's own 'def' is about its body, but for these)
            at_def = any(w in old[3] for w in ("entry", "redefinition", "MAX_FUNCS"))
            assert in_body and not at_def, (source, old)
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
    ("def f(n: int) -> int:\n    return n\nprint(f(3))\n", ("Unsupported", 3, 1)),
    ("import os\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 8)),
    ("from math import sqrt as s\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 18)),
    ("from math import sqrt, cosh\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 24)),
    ("def f(n: int) -> int:\n    return n\nif __name__ == '__main__':\n    f(1)\nelse :\n    pass\n",
     ("Unsupported", 5, 1)),
    ("import math; import typing\ndef f(n: int) -> int:\n    return n\n", ("SyntaxError", 1, 14)),
    ("from . import x\ndef f(n: int) -> int:\n    return n\n", ("SyntaxError", 1, 6)),
    ("X = 1; Y = 2\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 1)),
    ("pass; x = 1\ndef f(n: int) -> int:\n    return n\n", ("Unsupported", 1, 5)),
    ('"""doc"""\nX = -2\ndef f(n: int) -> int:\n    return n\nif __name__ == "__main__":\n    print(f(2))\n',
     ("", 0, 0)),
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
