"""The CPython oracle of the differential tests.

A generated program is run in this process (``exec`` of its source, then a
call of the entry function) and each call's outcome is recorded: the returned
value, or the class name of the exception it raised.

The DSL's named deviation: ``int`` is signed 64-bit, and where CPython would go
on with an integer outside [-2**63, 2**63-1] the VM raises OverflowError
(LANGUAGE.md, "The one rule"). So that the oracle's expected outcome already
contains that deviation, the program CPython runs is an *instrumented copy*:
an AST transformer (``_tx``, a hand-rolled ``ast.NodeTransformer``: it runs
for every generated program, so it avoids the generic visitor's cost) wraps

  * every ``BinOp`` and ``UnaryOp``,
  * every ``AugAssign`` (rewritten ``x op= e``  ->  ``x = _ck(x op e)``, which is
    the same thing for the immutable scalars of tiers 1-2),
  * every call (this covers the int-returning builtins abs, pow, int, round,
    len, ord, math.floor/ceil/gcd/isqrt and str.find/count),

in ``_ck(value)``, which raises OverflowError when an int result (bool
included: it is an int, though it can never be out of range) leaves the int64
range. Because every intermediate int passes through ``_ck`` the moment it is
made, the first out-of-range value raises, exactly where the VM's checked
opcode would.

Two more guards keep the oracle honest about resources, since the VM's limits
(fuel, heap) are named deviations too and the generator must stay clear of
them rather than test them:

  * ``_ck`` also rejects a str longer than ``STR_LIMIT``; such a case is
    *discarded* (``Outcome.kind == "discard"``), not expected to raise;
  * ``_tick()`` is inserted at the top of every function body and every loop
    body; more than ``TICK_LIMIT`` ticks in one call discards the case. The
    VM spends fuel per backward jump and per call, so a case kept here spends
    at most about ``TICK_LIMIT`` fuel there.

Exceptions that a well-typed generated program can never raise legitimately
(NameError, UnboundLocalError is *not* among them, AttributeError, most
TypeErrors, RecursionError at CPython's depth) come back as
``Outcome.kind == "bug"``: they are generator bugs.
"""
from __future__ import annotations

import ast
import math
from dataclasses import dataclass
from typing import Any

INT_MIN = -(2**63)
INT_MAX = 2**63 - 1
STR_LIMIT = 200  # chars: longer strings discard the case
TICK_LIMIT = 3000  # loop iterations + calls per entry call
HEAP_BYTES_PER_CASE = STR_LIMIT * TICK_LIMIT  # a crude upper bound, see runner


class Discard(Exception):
    """Internal: the case leaves the envelope the generator promises."""


class _StrTooLong(Discard):
    pass


class _TooManySteps(Discard):
    pass


@dataclass(frozen=True)
class Outcome:
    kind: str  # "return" | "raise" | "discard" | "bug"
    value: Any = None  # the returned value, or the exception class name / reason

    def describe(self) -> str:
        if self.kind == "return":
            return f"returned {self.value!r}"
        if self.kind == "raise":
            return f"raised {self.value}"
        return f"{self.kind}: {self.value}"


def _ck(v):
    t = type(v)
    if t is int:
        if v < INT_MIN or v > INT_MAX:
            raise OverflowError("int beyond 64 bits (the DSL's deviation)")
    elif t is str:
        if len(v) > STR_LIMIT:
            raise _StrTooLong(f"str of {len(v)} chars")
    return v


def _at(new: ast.AST, old: ast.AST) -> ast.AST:
    new.lineno, new.col_offset = old.lineno, old.col_offset
    new.end_lineno, new.end_col_offset = old.end_lineno, old.end_col_offset
    return new


def _wrap(node: ast.expr) -> ast.expr:
    return _at(ast.Call(func=_at(ast.Name(id="_ck", ctx=ast.Load()), node), args=[node], keywords=[]), node)


def _tick_stmt(at: ast.AST) -> ast.stmt:
    call = _at(ast.Call(func=_at(ast.Name(id="_tick", ctx=ast.Load()), at), args=[], keywords=[]), at)
    return _at(ast.Expr(call), at)


_WRAP = (ast.BinOp, ast.Call)
_TICK = (ast.FunctionDef, ast.For, ast.While)


def _tx(node: ast.AST) -> ast.AST:
    """Instrument node's subtree in place; returns the node to put in its place.
    (A hand-rolled ast.NodeTransformer: this runs for every generated program.)"""
    for name in node._fields:
        val = getattr(node, name, None)
        if isinstance(val, list):
            for i, x in enumerate(val):
                if isinstance(x, ast.AST):
                    val[i] = _tx(x)
        elif isinstance(val, ast.AST):
            setattr(node, name, _tx(val))
    if isinstance(node, _WRAP):
        return _wrap(node)
    if isinstance(node, ast.UnaryOp):
        return node if isinstance(node.op, ast.Not) else _wrap(node)
    if isinstance(node, ast.AugAssign):
        if not isinstance(node.target, ast.Name):  # not generated in tiers 1-2
            raise NotImplementedError("AugAssign on a non-name target")
        load = _at(ast.Name(id=node.target.id, ctx=ast.Load()), node.target)
        value = _wrap(_at(ast.BinOp(left=load, op=node.op, right=node.value), node))
        return _at(ast.Assign(targets=[node.target], value=value), node)
    if isinstance(node, _TICK):
        node.body.insert(0, _tick_stmt(node.body[0]))
    return node


def instrument(source: str) -> ast.Module:
    """The instrumented AST of source: see the module docstring."""
    return _tx(ast.parse(source))


# Exceptions that only a generator bug can cause in a generated program.
_BUG_EXC = (NameError, AttributeError, SyntaxError, ImportError, RecursionError, KeyError)
_LEGIT_TYPEERROR = ("ord() expected a character", "ord() expected string of length 1")


def _classify(e: BaseException) -> Outcome:
    if isinstance(e, Discard):
        return Outcome("discard", f"{type(e).__name__}: {e}")
    if isinstance(e, UnboundLocalError):  # a NameError subclass, but legitimate
        return Outcome("raise", "UnboundLocalError")
    if isinstance(e, _BUG_EXC):
        return Outcome("bug", f"{type(e).__name__}: {e}")
    if isinstance(e, TypeError) and not str(e).startswith(_LEGIT_TYPEERROR):
        return Outcome("bug", f"TypeError: {e}")
    return Outcome("raise", type(e).__name__)


class Compiled:
    """A program compiled once (instrumented) and callable on many inputs."""

    def __init__(self, source: str, entry: str, *, instrumented: bool = True):
        self.source = source
        self.entry = entry
        code = compile(instrument(source) if instrumented else source, "<difftest>", "exec")
        self.ticks = 0
        ns: dict[str, Any] = {"_ck": _ck, "_tick": self._tick, "__name__": "difftest_prog"}
        exec(code, ns)
        self.fn = ns[entry]

    def _tick(self):
        self.ticks += 1
        if self.ticks > TICK_LIMIT:
            raise _TooManySteps(f"over {TICK_LIMIT} loop iterations and calls")

    def call(self, args: tuple) -> Outcome:
        self.ticks = 0
        try:
            v = self.fn(*args)
        except Exception as e:  # noqa: BLE001 - the outcome is the exception
            return _classify(e)
        return Outcome("return", v)


def run(source: str, entry: str, args_list, *, instrumented: bool = True) -> list[Outcome]:
    """Outcomes of entry(*args) for each args in args_list (CPython, in-process)."""
    try:
        prog = Compiled(source, entry, instrumented=instrumented)
    except Exception as e:  # noqa: BLE001
        return [Outcome("bug", f"{type(e).__name__} at definition: {e}")] * len(args_list)
    return [prog.call(tuple(a)) for a in args_list]


def same_value(a, b) -> bool:
    """Exact equality for the differential test: same type, floats bit-exact
    (so -0.0 != 0.0) except that nan equals nan."""
    if type(a) is not type(b):
        return False
    if type(a) is float:
        if math.isnan(a) and math.isnan(b):
            return True
        return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
    return a == b
