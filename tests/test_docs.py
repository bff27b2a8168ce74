"""The documentation stays true to the implementation.

* docs/opcodes.md is exactly what docs/gen_opcodes.py generates from the
  kernel's .def files.
* Every DSL example in docs/language.md does what the document says. The
  convention (stated at the top of language.md):

      ```python dsl            a program that compiles; lines in it such as
      def f(n: int) -> int:        # f(3) == 9          the VM returns 9, and so does CPython
          ...                      # f(-1) -> Timeout   the lane ends with that status
      ```

      ```python dsl-error      a program that does not compile; its line
      ...                          # error: 2:12: TypeError: message
      ```                      is str(Diagnostic), exactly

  Lines and columns count from the block's first line. The entry is the
  function the `#` checks call, else the block's first def; the problem's
  signature is that def's own.
* The limit tables of language.md give limits.h's values and the defaults
  and maxima of the problem limits.
"""

from __future__ import annotations

import ast
import importlib.util
import math
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from tests.device import DEVICE

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGUAGE_MD = DOCS / "language.md"

# Run-time statuses in which the VM deliberately differs from CPython: for
# these a `->` example is not compared with CPython.
DEVIATIONS = {"Timeout", "OverflowError", "RecursionError", "MemoryError", "Unsupported"}


def _generator():
    spec = importlib.util.spec_from_file_location("gen_opcodes", DOCS / "gen_opcodes.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_opcodes_md_is_current():
    assert _generator().check(), "docs/opcodes.md is stale: run python docs/gen_opcodes.py"


# ------------------------------------------------------------ the examples


@dataclass
class Check:
    func: str
    args: tuple
    op: str           # '==' (a value) or '->' (a status)
    want: object      # the value, or the status name
    text: str


@dataclass
class Example:
    kind: str         # 'dsl' or 'dsl-error'
    source: str
    md_line: int      # line of the opening fence in language.md
    checks: list[Check] = field(default_factory=list)
    error: str | None = None

    @property
    def id(self) -> str:
        return f"language.md:{self.md_line}"


_FENCE = re.compile(r"^([ \t]*)```python[ \t]+(dsl|dsl-error)[ \t]*\n(.*?)^\1```[ \t]*$", re.M | re.S)
_CHECK = re.compile(r"^#\s*(\w+)\((.*)\)\s*(==|->)\s*(.+?)\s*$")
_ERROR = re.compile(r"^#\s*error:\s*(.+?)\s*$")


def _examples(text: str) -> list[Example]:
    out = []
    for m in _FENCE.finditer(text):
        indent = m.group(1)
        lines = [ln[len(indent):] if ln.startswith(indent) else ln for ln in m.group(3).splitlines()]
        ex = Example(m.group(2), "\n".join(lines) + "\n", text.count("\n", 0, m.start()) + 1)
        for ln in lines:
            if (e := _ERROR.match(ln)):
                ex.error = e.group(1)
            elif (c := _CHECK.match(ln)):
                args = ast.literal_eval(f"({c.group(2)},)") if c.group(2).strip() else ()
                want = ast.literal_eval(c.group(4)) if c.group(3) == "==" else c.group(4)
                ex.checks.append(Check(c.group(1), args, c.group(3), want, ln))
        out.append(ex)
    return out


EXAMPLES = _examples(LANGUAGE_MD.read_text(encoding="utf-8"))


def test_examples_are_found():
    kinds = {e.kind for e in EXAMPLES}
    assert kinds == {"dsl", "dsl-error"}, f"found example kinds {kinds}"
    for e in EXAMPLES:
        if e.kind == "dsl-error":
            assert e.error, f"{e.id}: a dsl-error block needs a '# error: L:C: Class: message' line"
            assert not e.checks, f"{e.id}: a dsl-error block takes no checks"
        else:
            assert e.error is None, f"{e.id}: '# error:' in a block that should compile"
            assert len({c.func for c in e.checks}) <= 1, f"{e.id}: checks call different functions"


def _placeholder(annotation: str):
    """A value of the annotated type, where a test needs one that is never read."""
    from gpubackend.types import parse_annotation, placeholder

    try:
        return placeholder(parse_annotation(annotation))
    except ValueError:  # an annotation outside the DSL: the example's own diagnostic says so
        return 0


def _problem(ex: Example):
    from gpubackend import Problem

    defs = {m.group(1): m.group(0).strip()
            for m in re.finditer(r"^def\s+(\w+)\s*\(.*\)\s*->\s*[^:]+", ex.source, re.M)}
    assert defs, f"{ex.id}: no top-level def"
    entry = ex.checks[0].func if ex.checks else next(iter(defs))
    assert entry in defs, f"{ex.id}: checks call {entry}(), which the block does not define"
    signature = defs[entry]
    ret = signature.rsplit("->", 1)[1].strip()
    tests = []
    for c in ex.checks:
        expected = c.want if c.op == "==" else _placeholder(ret)
        tests.append({"args": list(c.args), "expected": expected})
    if not tests:
        fn = ast.parse(signature + ": pass").body[0]
        args = [_placeholder(ast.unparse(a.annotation)) for a in fn.args.args]
        tests.append({"args": args, "expected": _placeholder(ret)})
    return Problem(name="doc_example", entry=entry, signature=signature, tests=tests)


_VERIFIER = None


def _verifier():
    global _VERIFIER
    if _VERIFIER is None:
        from gpubackend import Verifier

        _VERIFIER = Verifier(device=DEVICE, fallback=False)
    return _VERIFIER


def _same(a, b) -> bool:
    """Equality as the DSL promises it: the type too, nan equal to nan."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float) and (math.isnan(a) or math.isnan(b)):
        return math.isnan(a) and math.isnan(b)
    return a == b


def _cpython(source: str, func: str, args: tuple):
    """(True, value) or (False, exception class name)."""
    ns: dict = {"__name__": "doc_example"}
    exec(compile(source, "<doc example>", "exec"), ns)
    old = sys.getrecursionlimit()
    try:
        return True, ns[func](*args)
    except RecursionError:
        return False, "RecursionError"
    except Exception as e:  # noqa: BLE001 - the class name is the answer
        return False, type(e).__name__
    finally:
        sys.setrecursionlimit(old)


@pytest.mark.parametrize("ex", [e for e in EXAMPLES if e.kind == "dsl"],
                         ids=lambda e: e.id)
def test_dsl_example(ex: Example):
    res = _verifier().verify([ex.source], _problem(ex))
    assert res.diagnostics[0] is None, f"{ex.id}: does not compile: {res.diagnostics[0]}"
    failures = []
    for t, c in enumerate(ex.checks):
        status = res.status_name(0, t)
        if c.op == "==":
            got = res.actual(0, t)
            if status != "pass" or not _same(got, c.want):
                failures.append(f"{c.text}: the VM gave status {status}, value {got!r}")
            ok, py = _cpython(ex.source, c.func, c.args)
            if not ok or not _same(py, c.want):
                failures.append(f"{c.text}: CPython gives {py!r}" + ("" if ok else " (raised)"))
        else:
            if status != c.want:
                failures.append(f"{c.text}: the VM gave status {status}, value {res.actual(0, t)!r}")
            if c.want not in DEVIATIONS:
                ok, py = _cpython(ex.source, c.func, c.args)
                if ok or py != c.want:
                    failures.append(f"{c.text}: CPython gives {py!r}" + ("" if ok else " (raised)"))
    assert not failures, f"{ex.id}:\n" + "\n".join(failures)


@pytest.mark.parametrize("ex", [e for e in EXAMPLES if e.kind == "dsl-error"],
                         ids=lambda e: e.id)
def test_dsl_error_example(ex: Example):
    res = _verifier().verify([ex.source], _problem(ex))
    diag = res.diagnostics[0]
    assert diag is not None, f"{ex.id}: compiles, the document says: {ex.error}"
    assert str(diag) == ex.error, f"{ex.id}: the compiler says {diag}"
    # The one rule: only what CPython rejects is a SyntaxError.
    if diag.cls in ("SyntaxError", "IndentationError", "TabError"):
        with pytest.raises(SyntaxError):
            compile(ex.source, "<doc example>", "exec")
    else:
        ast.parse(ex.source)


# ---------------------------------------------------------- the limit tables


def _table_rows(text: str) -> dict[str, list[str]]:
    """Markdown table rows whose first cell is a code span: name -> cells."""
    rows = {}
    for m in re.finditer(r"^\|\s*`(\w+)`\s*\|(.*)\|\s*$", text, re.M):
        rows.setdefault(m.group(1), [c.strip() for c in m.group(2).split("|")])
    return rows


def test_compile_limits_table():
    from gpubackend.abi import limits

    rows = _table_rows(LANGUAGE_MD.read_text(encoding="utf-8"))
    for name, value in limits().items():
        assert name in rows, f"language.md: limits.h's {name} is missing from the limits table"
        assert rows[name][0] == str(value), f"language.md: {name} is {rows[name][0]}, limits.h says {value}"


def test_problem_limits_table():
    from gpubackend.problem import Limits

    rows = _table_rows(LANGUAGE_MD.read_text(encoding="utf-8"))
    for name, f in Limits.model_fields.items():
        assert name in rows, f"language.md: problem limit {name} is missing"
        default, most = rows[name][0], rows[name][1]
        assert default == str(f.default), f"language.md: {name} defaults to {f.default}, not {default}"
        le = next((m.le for m in f.metadata if getattr(m, "le", None) is not None), None)
        assert most == str(le), f"language.md: {name} is at most {le}, not {most}"


def test_every_builtin_is_documented():
    """builtins.def is the one list: each builtin a program may call is in
    language.md, section 6 (print in the statements), and the refused ones
    are refused by name."""
    from gpubackend.abi import builtins

    text = LANGUAGE_MD.read_text(encoding="utf-8")
    section = text[text.index("## 6. Builtins"):text.index("## 7. Errors")]
    for name, form in builtins().items():
        if form == "REFUSED":
            continue
        where = text if name == "print" else section
        named = f"`{name}(" in where or (form == "LOOP" and f"`{name}`" in where)  # enumerate, zip: loops only
        assert named, f"language.md: builtin {name} ({form}) is not documented"


def test_every_str_method_is_documented():
    from gpubackend.abi import str_methods

    text = LANGUAGE_MD.read_text(encoding="utf-8")
    section = text[text.index("## 6. Builtins"):text.index("## 7. Errors")]
    for name in str_methods():
        assert re.search(r"`\w+\." + name + r"\(", section), f"language.md: str.{name} is not documented"


def test_every_math_name_is_documented():
    from gpubackend.abi import math_names

    text = LANGUAGE_MD.read_text(encoding="utf-8")
    section = text[text.index("## 6. Builtins"):text.index("## 7. Errors")]
    assert len(math_names()) == 11
    for name, form in math_names().items():
        assert f"`math.{name}" + ("(" if form == "FN" else "`") in section, f"language.md: math.{name} is not documented"


def test_every_library_member_is_documented():
    from gpubackend.abi import library_members

    text = LANGUAGE_MD.read_text(encoding="utf-8")
    section = text[text.index("## 6. Builtins"):text.index("## 7. Errors")]
    assert list(library_members()["heapq"])[:2] == ["heappush", "heappop"]
    assert library_members()["sys"] == {"maxsize": "CONST"}
    for module, members in library_members().items():
        for name, form in members.items():
            spelt = f"`{module}.{name}" + ("(" if form == "FN" else "`")
            assert spelt in section, f"language.md: {module}.{name} is not documented"


def test_refused_builtins_name_themselves():
    from gpubackend import Problem, Verifier
    from gpubackend.abi import builtins

    refused = [n for n, form in builtins().items() if form == "REFUSED"]
    # (of a str: of an int, a builtin that iterates raises TypeError where it runs, as in CPython)
    problem = Problem(name="r", entry="f", signature="def f(x: str) -> int", tests=[{"args": ["a"], "expected": 1}])
    res = Verifier(DEVICE, fallback=False).verify(
        [f"def f(x: str) -> int:\n    return {n}(x)\n" for n in refused], problem)
    for c, name in enumerate(refused):
        d = res.diagnostics[c]
        assert (d.cls, d.line) == ("Unsupported", 2) and f"builtin '{name}'" in d.message, (name, d)
