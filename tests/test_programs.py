"""Data-driven behaviour tests: tests/programs/<feature>/<behaviour>.py.

Each program is a DSL source whose header comments state what must happen:

    # entry: name          optional; default is the first top-level def
    # signature: def f(n: int) -> int   optional; the problem's signature
                                  # where the entry's def line leaves out
                                  # annotations (default: that line), or
                                  # where the program defines no entry
    # limits: {"fuel": 100000}   optional; passed to Problem.limits
    # overflow: intermediate      optional; the file's OverflowError cases
                                  # overflow in an intermediate value, so
                                  # CPython's final result may fit in int64
    # rounding: libm               optional; the file's Unsupported cases are
                                  # float powers within the C library's error
                                  # of a rounding midpoint (fpow.h)
    # order: str-hash              optional; the file's Unsupported cases hand
                                  # on the order of a set of str, which
                                  # CPython's per-process hash salt decides
    # order: sort-pairs            optional; the file's Unsupported cases sort
                                  # items holding a nan or a None, whose
                                  # order (or TypeError) depends on the pairs
                                  # CPython's timsort compares
    # regex: cpython               optional; the file's Unsupported cases are
                                  # patterns regex.h leaves to CPython (any
                                  # value, or re.error)
    # args: [7, -2]        a test case: the entry's arguments, as a Python list
    # expect: -4           ... followed by the value it returns, or
    # raises: ZeroDivisionError   ... the status it stops with
    # error: NameError 3:12       a compile-error program: class, line[:col]

`expect` and `args` are Python literals; `inf`, `nan` are also accepted.
Two tests run over the corpus:

* test_program_on_vm: compiles and runs each file on the Verifier (CPU) and
  checks each case's status, value (exactly: type, and sign of zero) or
  diagnostic.
* test_program_matches_cpython: checks the corpus itself: every expectation
  is CPython's behaviour, except the DSL's named verdicts (Timeout is
  skipped; OverflowError also accepts a CPython int outside int64;
  Unsupported at run time accepts a CPython str that is not ASCII, the
  RuntimeError of a set whose size changes under a loop, a complex number,
  an int from an entry typed to return a float (the int 0, a float sum of
  no items), and any value in an `order: str-hash`, `order: sort-pairs`,
  `rounding: libm` or `regex: cpython` file or of an entry that takes a
  set; a TypeError too in an `order: sort-pairs` file).
  Compile-error files must be rejected by CPython's compiler exactly when
  they claim SyntaxError.
"""
from __future__ import annotations

import ast
import math
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from tests.device import DEVICE

ROOT = Path(__file__).resolve().parent / "programs"
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

_LITERAL_NAMES = {"inf": math.inf, "nan": math.nan}


def _literal(text: str, where: str):
    """A Python literal, with inf/nan allowed (e.g. `-inf`, `[nan]`)."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as e:  # pragma: no cover - corpus bug
        raise ValueError(f"{where}: bad literal {text!r}: {e}") from None
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id not in _LITERAL_NAMES:
            raise ValueError(f"{where}: unknown name {node.id!r} in {text!r}")
        if isinstance(node, (ast.Call, ast.Attribute, ast.Lambda)):
            raise ValueError(f"{where}: not a literal: {text!r}")
    return eval(compile(tree, where, "eval"), {"__builtins__": {}}, dict(_LITERAL_NAMES))


@dataclass
class Case:
    args: list
    expect: object = None
    raises: str | None = None
    lineno: int = 0  # header line of `# args:`, for messages


@dataclass
class Spec:
    path: Path
    rel: str
    source: str
    entry: str
    signature: str
    returns: str  # the entry's return annotation as text
    cases: list[Case] = field(default_factory=list)
    error_cls: str | None = None
    error_line: int | None = None
    error_col: int | None = None
    limits: dict | None = None
    intermediate_overflow: bool = False
    str_hash_order: bool = False
    sort_pairs: bool = False
    libm_rounding: bool = False
    regex_cpython: bool = False


_HEADER = re.compile(
    r"^\s*#\s*(args|expect|raises|error|entry|signature|limits|overflow|order|rounding|regex)\s*:\s*(.*?)\s*$"
)


def parse_spec(path: Path) -> Spec:
    source = path.read_text(encoding="utf-8")
    rel = path.relative_to(ROOT).as_posix()
    cases: list[Case] = []
    entry = None
    signature = None
    error = None
    limits = None
    intermediate = False
    str_hash = sort_pairs = libm = regex = False
    pending: Case | None = None
    for i, line in enumerate(source.splitlines(), 1):
        m = _HEADER.match(line)
        if not m:
            continue
        key, val = m.groups()
        where = f"{rel}:{i}"
        if key == "args":
            if pending is not None:
                raise ValueError(f"{where}: args without expect/raises before it")
            args = _literal(val, where)
            if not isinstance(args, list):
                raise ValueError(f"{where}: args must be a list")
            pending = Case(args=args, lineno=i)
        elif key in ("expect", "raises"):
            if pending is None:
                raise ValueError(f"{where}: {key} without args")
            if key == "expect":
                pending.expect = _literal(val, where)
            else:
                if not re.fullmatch(r"[A-Za-z_]+", val):
                    raise ValueError(f"{where}: bad status {val!r}")
                pending.raises = val
            cases.append(pending)
            pending = None
        elif key == "entry":
            entry = val
        elif key == "signature":
            signature = val
        elif key == "overflow":
            if val != "intermediate":
                raise ValueError(f"{where}: overflow: takes only 'intermediate'")
            intermediate = True
        elif key == "order":
            if val not in ("str-hash", "sort-pairs"):
                raise ValueError(f"{where}: order: takes only 'str-hash' or 'sort-pairs'")
            str_hash = str_hash or val == "str-hash"
            sort_pairs = sort_pairs or val == "sort-pairs"
        elif key == "rounding":
            if val != "libm":
                raise ValueError(f"{where}: rounding: takes only 'libm'")
            libm = True
        elif key == "regex":
            if val != "cpython":
                raise ValueError(f"{where}: regex: takes only 'cpython'")
            regex = True
        elif key == "limits":
            limits = _literal(val, where)
        elif key == "error":
            m2 = re.fullmatch(r"([A-Za-z]+)(?:\s+(\d+)(?::(\d+))?)?", val)
            if not m2:
                raise ValueError(f"{where}: bad error spec {val!r}")
            error = (m2.group(1), m2.group(2), m2.group(3))
    if pending is not None:
        raise ValueError(f"{rel}: trailing args without expect/raises")
    if error and cases:
        raise ValueError(f"{rel}: error files take no args cases")
    if not error and not cases:
        raise ValueError(f"{rel}: no cases")

    # The entry's def line, found textually so that files which do not parse
    # (SyntaxError cases) still give a signature.
    defs = [
        (m.group(1), m.group(0).strip())
        for m in re.finditer(r"^def\s+([A-Za-z_]\w*)\s*\(.*$", source, re.M)
    ]
    if not defs:
        raise ValueError(f"{rel}: no top-level def")
    if entry is None:
        entry = defs[0][0]
    sig_line = next((line for name, line in defs if name == entry), None)
    if sig_line is None and signature is None:
        raise ValueError(f"{rel}: entry {entry!r} not defined (give its signature to test its absence)")
    signature = signature or (sig_line[:-1].rstrip() if sig_line.endswith(":") else sig_line)
    rm = re.search(r"->\s*(.+)$", signature)
    returns = rm.group(1).strip() if rm else "None"

    spec = Spec(path, rel, source, entry, signature, returns, cases, limits=limits)
    spec.intermediate_overflow = intermediate
    spec.str_hash_order = str_hash
    spec.sort_pairs = sort_pairs
    spec.libm_rounding = libm
    spec.regex_cpython = regex
    if error:
        spec.error_cls = error[0]
        spec.error_line = int(error[1]) if error[1] else None
        spec.error_col = int(error[2]) if error[2] else None
    return spec


def _discover() -> list[Spec]:
    return [parse_spec(p) for p in sorted(ROOT.rglob("*.py"))]


SPECS = _discover()
IDS = [s.rel for s in SPECS]

def _placeholder(annotation: str):
    """A value of the annotated type (expected value of a raising case, or
    the argument of a compile-error file's dummy test)."""
    from gpubackend.types import parse_annotation, placeholder

    return placeholder(parse_annotation(annotation))


def same_value(a, b) -> bool:
    """Equality as the DSL promises it: type included, -0.0 != 0.0, nan == nan."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
    return a == b


# ---------------------------------------------------------------- the VM ---


def _problem(spec: Spec):
    from gpubackend.problem import Problem

    tests = []
    for c in spec.cases:
        expected = c.expect if c.raises is None else _placeholder(spec.returns)
        tests.append({"args": c.args, "expected": expected, "hidden": False})
    if not tests:  # compile-error file: one well-typed dummy test
        fn = ast.parse(spec.signature + ": pass").body[0]
        args = [_placeholder(ast.unparse(a.annotation)) for a in fn.args.args]
        tests.append({"args": args, "expected": _placeholder(spec.returns), "hidden": False})
    kw = dict(
        name=spec.rel[:-3].replace("/", "."),
        entry=spec.entry,
        signature=spec.signature,
        description=f"tests/programs/{spec.rel}",
        tests=tests,
    )
    if spec.limits:
        kw["limits"] = spec.limits
    return Problem(**kw)


_VERIFIER = None


def _verifier():
    global _VERIFIER
    if _VERIFIER is None:
        gp = pytest.importorskip("gpubackend")
        if not hasattr(gp, "Verifier"):
            pytest.skip("gpubackend.Verifier not built yet")
        _VERIFIER = gp.Verifier(device=DEVICE, fallback=False)
    return _VERIFIER


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_program_on_vm(spec: Spec):
    pytest.importorskip("gpubackend.problem")
    verifier = _verifier()
    problem = _problem(spec)
    res = verifier.verify([spec.source], problem)
    diag = res.diagnostics[0]

    if spec.error_cls is not None:
        assert diag is not None, f"expected compile {spec.error_cls}, but it compiled"
        got = (diag.cls, diag.line) + ((diag.col,) if spec.error_col is not None else ())
        want = (spec.error_cls, spec.error_line if spec.error_line is not None else diag.line)
        want += (spec.error_col,) if spec.error_col is not None else ()
        assert got == want, f"diagnostic: {diag}"
        if diag.judged:  # the VM's verdict: CPython's error, to the column and the word
            with pytest.raises(SyntaxError) as ei:
                compile(spec.source, str(spec.path), "exec")
            assert (diag.cls, diag.line, diag.col, diag.message) == (
                type(ei.value).__name__, ei.value.lineno, ei.value.offset, ei.value.msg)
        return

    assert diag is None, f"did not compile: {diag}"
    failures = []
    for i, c in enumerate(spec.cases):
        status = res.status_name(0, i)
        where = f"line {c.lineno} args={c.args!r}"
        if c.raises is None:
            actual = res.actual(0, i)
            if status != "pass" or not same_value(actual, c.expect):
                failures.append(
                    f"{where}: want {c.expect!r}, got status={status} value={actual!r}"
                )
        elif status != c.raises:
            failures.append(
                f"{where}: want {c.raises}, got status={status} "
                f"(line {int(res.line[0, i])}) value={res.actual(0, i)!r}"
            )
    assert not failures, "\n".join(failures)


# ----------------------------------------------------- the corpus itself ---


def _run_cpython(spec: Spec, args: list):
    """(True, value) or (False, exception class name)."""
    ns: dict = {"__name__": "dsl_program"}
    try:  # the module's code runs first, and may raise
        exec(compile(spec.source, str(spec.path), "exec"), ns)
        return True, eval(spec.entry, ns)(*args)  # as a test's call finds it: NameError where nothing binds it
    except RecursionError:
        return False, "RecursionError"
    except Exception as e:  # noqa: BLE001 - the class name is the answer
        return False, type(e).__name__


def _tuple_of_another_length(value, returns: str) -> bool:
    """A tuple result whose length, or an item tuple's, is not that of the
    entry's fixed tuple type (a tuple(...) of another length: the VM's
    Unsupported)."""
    from gpubackend.types import parse_annotation, tuple_items

    def apart(value, code: str) -> bool:
        if type(value) is not tuple or code[0] != "(":
            return False
        items = tuple_items(code)
        return len(value) != len(items) or any(apart(v, c) for v, c in zip(value, items))

    return apart(value, parse_annotation(returns))


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_program_matches_cpython(spec: Spec):
    if spec.error_cls is not None:
        if spec.error_cls in ("SyntaxError", "IndentationError", "TabError"):
            with pytest.raises(SyntaxError) as ei:
                compile(spec.source, str(spec.path), "exec")
            if spec.error_line is not None:
                assert ei.value.lineno == spec.error_line, "CPython's SyntaxError line differs"
            if spec.error_cls != "SyntaxError":  # the VM's verdict: CPython's error, to the column
                assert (type(ei.value).__name__, ei.value.offset) == (spec.error_cls, spec.error_col)
        else:
            # The DSL rejects only valid Python with these classes.
            tree = ast.parse(spec.source)
            assert spec.error_cls in ("NameError", "TypeError", "Unsupported", "LimitError")
            if spec.error_cls == "NameError" and spec.error_col is not None:
                names = {
                    (n.lineno, n.col_offset + 1)
                    for n in ast.walk(tree)
                    if isinstance(n, ast.Name)
                }
                assert (spec.error_line, spec.error_col) in names, "no name at the error position"
        if spec.error_line is not None and spec.error_cls not in ("IndentationError", "TabError"):  # (CPython's line)
            text = spec.source.splitlines()[spec.error_line - 1].strip()
            assert text and not text.startswith("#"), "error line is blank or a comment"
        return

    ast.parse(spec.source)  # a runnable program is valid Python
    failures = []
    for c in spec.cases:
        where = f"line {c.lineno} args={c.args!r}"
        if c.raises == "Timeout":
            continue
        old = sys.getrecursionlimit()
        try:
            ok, got = _run_cpython(spec, list(c.args))
        finally:
            sys.setrecursionlimit(old)
        if c.raises is None:
            if not ok:
                failures.append(f"{where}: CPython raised {got}, corpus expects {c.expect!r}")
            elif not same_value(got, c.expect):
                failures.append(f"{where}: CPython returned {got!r}, corpus expects {c.expect!r}")
            elif type(got) is int and not INT64_MIN <= got <= INT64_MAX:
                failures.append(f"{where}: {got} is outside int64; expect OverflowError")
        elif c.raises == "OverflowError":
            beyond = ok and type(got) is int and not INT64_MIN <= got <= INT64_MAX
            beyond = beyond or (ok and spec.intermediate_overflow)
            if not beyond and got != "OverflowError":
                failures.append(f"{where}: CPython gave {got!r} (ok={ok}), not beyond int64")
        elif c.raises == "Unsupported":
            non_ascii = ok and type(got) is str and not got.isascii()
            set_arg = re.search(r"\b[sS]et\[", spec.signature.split("->")[0]) is not None  # not built: see dicts.h
            any_value = spec.str_hash_order or spec.sort_pairs or spec.libm_rounding or spec.regex_cpython or set_arg
            re_error = spec.regex_cpython and not ok and got == "error"
            sort_error = spec.sort_pairs and not ok and got == "TypeError"
            if not (non_ascii or re_error or sort_error or got == "RuntimeError"
                    or (ok and (any_value or type(got) is complex))
                    or (ok and _tuple_of_another_length(got, spec.returns))
                    or (ok and type(got) is int and spec.returns == "float")):
                failures.append(f"{where}: CPython gave {got!r}, not a non-ASCII str, a set changed under "
                                "a loop, a complex number, a libm's rounding, an order of strs or of "
                                "a sort's pairs, a tuple "
                                "of another length than its type's or an int where a float is typed")
        else:
            if ok:
                failures.append(f"{where}: CPython returned {got!r}, corpus expects {c.raises}")
            elif got != c.raises:
                failures.append(f"{where}: CPython raised {got}, corpus expects {c.raises}")
    assert not failures, "\n".join(failures)
