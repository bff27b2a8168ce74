"""The CPython oracle of the differential tests.

A generated program is run in this process (``exec`` of its source, then a
call of the entry function) and each call's outcome is recorded: the returned
value, or the class name of the exception it raised.

The DSL's named deviation: ``int`` is signed 64-bit, and where CPython would go
on with an integer outside [-2**63, 2**63-1] the VM raises OverflowError
(docs/language.md, "The one rule"). So that the oracle's expected outcome already
contains that deviation, the program CPython runs is an *instrumented copy*:
an AST transformer (``_tx``, a hand-rolled ``ast.NodeTransformer``: it runs
for every generated program, so it avoids the generic visitor's cost) wraps

  * every ``BinOp`` and ``UnaryOp`` (but signs and ``~`` on a literal, a constant
    that CPython folds and that cannot leave the int64 range),
  * every ``AugAssign``: ``x op= e``  ->  ``x = _ck(_iop_Op(x, e))`` with
    ``_iop_Op`` the in-place operator (``operator.iadd`` ...), so that
    ``xs += ys`` still extends the list in place (an alias sees it) while
    ints, floats and strs get ``x op e``; an item target ``c[k] op= e`` becomes
    ``_augstore(_augload(c, k), e, _iop_Op)``, which evaluates ``c``, ``k``,
    loads ``c[k]``, evaluates ``e``, applies the in-place operator, checks and
    stores, in CPython's order,
  * every call (this covers the int-returning builtins abs, pow, int, round,
    len, ord, math.floor/ceil/gcd/isqrt and str.find/count, divmod's tuple),
    and every list comprehension (its size),

in ``_ck(value)``, which raises OverflowError when an int result (bool
included: it is an int, though it can never be out of range) leaves the int64
range. Because every intermediate int passes through ``_ck`` the moment it is
made, the first out-of-range value raises, exactly where the VM's checked
opcode would.

``sum(...)`` becomes ``_sum(...)``, which adds item by item through ``_ck``:
the VM's checked adds raise OverflowError at the first partial sum past 64
bits, even where CPython's big ints would come back into range. ``map(f,
...)`` becomes ``_map``, and sort and min/max keys pass ``_ck`` too, since
``f`` may be a builtin (``abs``, ``int``) that no instrumented call wraps;
so do heapq's nlargest and nsmallest keys (``_ckkey``).

Guards keep the oracle honest about resources, since the VM's limits (fuel,
heap) are named deviations too and the generator must stay clear of them
rather than test them:

  * ``_ck`` also rejects a str longer than ``STR_LIMIT`` and a list or
    tuple longer than ``LIST_LIMIT``; such a case is *discarded* (``Outcome.kind ==
    "discard"``), not expected to raise. Lists grown in place are checked
    too: ``xs.append/extend/insert(...)`` become ``_grow(xs, 'append', ...)``;
  * ``_tick()`` is inserted at the top of every function body and every loop
    body, and as a first ``if`` clause of every comprehension and generator
    expression clause; more than ``TICK_LIMIT`` ticks in one call discards
    the case. The VM spends fuel per backward jump and per call, so a case
    kept here spends at most about ``TICK_LIMIT`` fuel there.

And guards keep the oracle away from what CPython leaves unspecified or does
by object identity (the envelope of gen.py's docstring); such a case is
discarded too:

  * ``sorted(...)``, ``xs.sort(...)``, ``min(...)``, ``max(...)`` become
    ``_sorted``, ``_sort``, ``_min``, ``_max``: the same results (keys
    computed once, in order, then a stable sort of the positions by key), but
    a nan among the sort keys (the order of a sort with nan is whatever
    pairs the sort happens to compare) or inside a tuple or list key of
    min/max discards;
  * the operands of ``== != < <= > >=`` pass through ``_nn``, and the left
    operand of ``in`` / ``not in`` and the argument of ``xs.index/count/
    remove`` through ``_nnin``: a list or tuple holding a nan (and for ``in``
    and those methods a nan itself) discards. CPython compares the items of
    containers with an identity shortcut (``x = nan; [x] == [x]`` is True,
    ``nan in [nan]`` for the same object too); the VM compares floats by
    value, as its spec says.

The VM never catches its deviations and limits (docs/language.md, "try"):
every ``except`` handler starts with ``_passthru()``, which raises an
OverflowError (the int64 one and CPython's own), RecursionError,
MemoryError or Discard again, so that they leave the call as on the VM.

Arguments are deep-copied before each call: a program may mutate its list
arguments, and every call must see the test's values.

Exceptions that a well-typed generated program can never raise legitimately
(NameError, UnboundLocalError is *not* among them, most TypeErrors,
RecursionError at CPython's depth, AttributeError other than on None) come
back as ``Outcome.kind == "bug"``: they are generator bugs. A TypeError or
AttributeError about ``NoneType`` is legitimate: an Optional used unchecked;
so is a TypeError of a number's length, item or iterator taken.
"""
from __future__ import annotations

import ast
import copy
import math
import operator
import re
import sys
from dataclasses import dataclass
from typing import Any

INT_MIN = -(2**63)
INT_MAX = 2**63 - 1
STR_LIMIT = 200  # chars: longer strings discard the case
LIST_LIMIT = 100  # items: longer lists discard the case
TICK_LIMIT = 3000  # loop iterations + calls per entry call
HEAP_BYTES_PER_CASE = STR_LIMIT * TICK_LIMIT  # a crude upper bound, see runner


class Discard(Exception):
    """Internal: the case leaves the envelope the generator promises."""


class _StrTooLong(Discard):
    pass


class _TooManySteps(Discard):
    pass


class _ListTooLong(Discard):
    pass


class _Unspecified(Discard):
    """CPython's result rests on object identity or an unspecified order."""


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
    elif t is list:
        if len(v) > LIST_LIMIT:
            raise _ListTooLong(f"list of {len(v)} items")
    elif t is tuple:
        if len(v) > LIST_LIMIT:  # a tuple of any length grows as a list does
            raise _ListTooLong(f"tuple of {len(v)} items")
        for x in v:  # divmod's quotient
            _ck(x)
    return v


def _has_nan(v) -> bool:
    """v is a nan, or a list or tuple holding one (at any depth)."""
    t = type(v)
    if t is float:
        return v != v
    if t is list or t is tuple:
        return any(_has_nan(x) for x in v)
    return False


def _nn(v):
    """An operand of == != < ...: no nan inside a list or tuple (identity)."""
    t = type(v)
    if (t is list or t is tuple) and _has_nan(v):
        raise _Unspecified("a container holding nan compared (CPython: identity shortcut)")
    return v


def _nnin(v):
    """What `in`, index, count, remove look for: no nan at all (identity)."""
    if _has_nan(v):
        raise _Unspecified("nan searched for in a container (CPython: identity shortcut)")
    return v


def _grow(c, meth, *args):
    """c.append/extend/insert(*args), then c's size checked."""
    r = getattr(c, meth)(*args)
    if type(c) is list and len(c) > LIST_LIMIT:
        raise _ListTooLong(f"list of {len(c)} items")
    return r


def _lmeth(c, meth, x, *rest):
    """c.index/count/remove(x, ...); x checked for nan when c is a list or
    a tuple (whose count and index shortcut by identity as a list's do)."""
    if type(c) is list or type(c) is tuple:
        _nnin(x)
    return getattr(c, meth)(x, *rest)


def _sorted_positions(keys, reverse):
    if any(_has_nan(k) for k in keys):
        raise _Unspecified("nan among sort keys (CPython's order is unspecified)")
    return sorted(range(len(keys)), key=keys.__getitem__, reverse=reverse)


def _sorted(it, *, key=None, reverse=False):
    items = list(it)
    keys = items if key is None else [_ck(key(x)) for x in items]
    return [items[i] for i in _sorted_positions(keys, reverse)]


def _sort(c, *, key=None, reverse=False):
    if type(c) is not list:
        return c.sort(key=key, reverse=reverse)
    keys = c if key is None else [_ck(key(x)) for x in c]
    order = _sorted_positions(keys, reverse)
    c[:] = [c[i] for i in order]


def _minmax(fn, args, key):
    if len(args) != 1:
        if any(type(a) in (list, tuple) and _has_nan(a) for a in args):
            raise _Unspecified("min/max of containers holding nan")
        return fn(*args) if key is None else fn(*args, key=key)
    items, keys = [], []
    for x in args[0]:
        k = x if key is None else _ck(key(x))
        if type(k) in (list, tuple) and _has_nan(k):
            raise _Unspecified("min/max of containers holding nan")
        items.append(x)
        keys.append(k)
    if not items:
        raise ValueError(f"{fn.__name__}() arg is an empty sequence")
    return items[fn(range(len(items)), key=keys.__getitem__)]


def _ckkey(key):
    """heapq.nlargest's and nsmallest's key, its results checked (it may be
    a builtin such as int)."""
    return key if key is None else (lambda x: _ck(key(x)))


def _min(*args, key=None):
    return _minmax(min, args, key)


def _max(*args, key=None):
    return _minmax(max, args, key)


class _Mapped:
    """map(fn, ...)'s values, each checked (fn may be a builtin such as abs)."""

    def __init__(self, fn, its):
        self.gen = (_ck(fn(*a)) for a in zip(*its))

    def __iter__(self):
        return self.gen

    def __next__(self):
        return next(self.gen)


def _map(fn, *its):
    return _Mapped(fn, its)


def _sum(it, start=0):
    # The VM makes a map's values a list before it adds them, so a later
    # item's exception comes before a partial sum's overflow, as with
    # CPython's big ints; a generator expression it adds item by item.
    if isinstance(it, _Mapped):
        it = list(it)
    acc = start
    for x in it:
        acc = _ck(acc + x)
    return acc


def _augload(c, k):
    return c, k, c[k]


def _augstore(ck, v, op):
    c, k, old = ck
    c[k] = _ck(op(old, v))


_IOPS = {
    "Add": operator.iadd, "Sub": operator.isub, "Mult": operator.imul, "Div": operator.itruediv,
    "FloorDiv": operator.ifloordiv, "Mod": operator.imod, "Pow": operator.ipow,
    "LShift": operator.ilshift, "RShift": operator.irshift, "BitAnd": operator.iand,
    "BitOr": operator.ior, "BitXor": operator.ixor,
}
def _print(*args, sep=" ", end="\n", flush=False):
    """print() without the output (the VM writes none): CPython's checks of
    sep and end, then None."""
    for name, v in (("sep", sep), ("end", end)):
        if v is not None and not isinstance(v, str):
            raise TypeError(f"{name} must be None or a string, not {type(v).__name__}")


# What the VM never catches (docs/language.md, "try"): its deviations and
# limits end the lane. An instrumented handler raises them again first, and
# the oracle's own Discard (a case out of the envelope) with them.
_UNCAUGHT = (OverflowError, RecursionError, MemoryError, Discard)


def _passthru():
    """The first act of every except handler: a deviation goes on out."""
    e = sys.exc_info()[1]
    if isinstance(e, _UNCAUGHT):
        raise e


# The message of a TypeError or AttributeError a program raises on purpose
# (`raise TypeError('raised')`): a legitimate outcome, not a generator bug.
RAISED = "raised"


_RENAMED = {"sorted": "_sorted", "min": "_min", "max": "_max", "sum": "_sum", "map": "_map", "print": "_print"}
_GROW = {"append", "extend", "insert"}
_SEARCH = {"index", "count", "remove"}
_KEYED = {"nlargest", "nsmallest"}  # calls whose key= passes _ckkey
_ORDER_OPS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _at(new: ast.AST, old: ast.AST) -> ast.AST:
    new.lineno, new.col_offset = old.lineno, old.col_offset
    new.end_lineno, new.end_col_offset = old.end_lineno, old.end_col_offset
    return new


def _wrap(node: ast.expr) -> ast.expr:
    return _at(ast.Call(func=_at(ast.Name(id="_ck", ctx=ast.Load()), node), args=[node], keywords=[]), node)


def _tick_stmt(at: ast.AST) -> ast.stmt:
    call = _at(ast.Call(func=_at(ast.Name(id="_tick", ctx=ast.Load()), at), args=[], keywords=[]), at)
    return _at(ast.Expr(call), at)


_WRAP = (ast.BinOp, ast.Call, ast.ListComp)
_TICK = (ast.FunctionDef, ast.For, ast.While)


def _name(id_: str, at: ast.AST) -> ast.Name:
    return _at(ast.Name(id=id_, ctx=ast.Load()), at)


def _call(fn: str, args: list, at: ast.AST, keywords=None) -> ast.Call:
    return _at(ast.Call(func=_name(fn, at), args=args, keywords=keywords or []), at)


def _load(target: ast.expr) -> ast.expr:
    """A copy of an assignment target (a name) as a load."""
    return _at(ast.Name(id=target.id, ctx=ast.Load()), target)


def _tx_call(node: ast.Call) -> ast.expr:
    fn = node.func
    if isinstance(fn, ast.Name) and fn.id in _RENAMED:
        node.func = _name(_RENAMED[fn.id], fn)
    elif isinstance(fn, ast.Attribute) and fn.attr == "sort":
        return _call("_sort", [fn.value], node, node.keywords)
    elif (fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")) in _KEYED:
        for k in node.keywords:
            if k.arg == "key":
                k.value = _call("_ckkey", [k.value], k.value)
    elif isinstance(fn, ast.Attribute) and (fn.attr in _GROW or fn.attr in _SEARCH) and node.args:
        helper = "_grow" if fn.attr in _GROW else "_lmeth"
        return _wrap(_call(helper, [fn.value, _at(ast.Constant(fn.attr), fn)] + node.args, node))
    return _wrap(node)


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
    if isinstance(node, ast.Call):
        return _tx_call(node)
    if isinstance(node, _WRAP):
        return _wrap(node)
    if isinstance(node, ast.UnaryOp):
        # signs (and ~) on a literal stay a constant, which CPython's
        # optimizer folds (into a set display's frozenset too, whose order
        # it decides): `+-6` as much as `-6`
        inner, inverts = node, False  # ~ of a float is a TypeError, not a constant
        while isinstance(inner, ast.UnaryOp) and isinstance(inner.op, (ast.USub, ast.UAdd, ast.Invert)):
            inverts |= isinstance(inner.op, ast.Invert)
            inner = inner.operand
        literal = inner is not node and isinstance(inner, ast.Constant) \
            and type(inner.value) in (int, float) and abs(inner.value) <= INT_MAX \
            and (type(inner.value) is int or not inverts)
        return node if isinstance(node.op, ast.Not) or literal else _wrap(node)
    if isinstance(node, ast.Compare):
        ops = node.ops
        if not any(isinstance(o, (ast.Is, ast.IsNot)) for o in ops):
            operands = [node.left] + node.comparators
            for i, x in enumerate(operands):
                before = ops[i - 1] if i else None
                after = ops[i] if i < len(ops) else None
                if isinstance(after, (ast.In, ast.NotIn)):
                    operands[i] = _call("_nnin", [x], x)
                elif isinstance(before, _ORDER_OPS) or isinstance(after, _ORDER_OPS):
                    operands[i] = _call("_nn", [x], x)
            node.left, node.comparators = operands[0], operands[1:]
        return node
    if isinstance(node, ast.AugAssign):
        iop = _name("_iop_" + type(node.op).__name__, node)
        t = node.target
        if isinstance(t, ast.Name):
            value = _wrap(_call(iop.id, [_load(t), node.value], node))
            return _at(ast.Assign(targets=[t], value=value), node)
        if isinstance(t, ast.Subscript):
            load = _call("_augload", [t.value, t.slice], t)
            return _at(ast.Expr(_call("_augstore", [load, node.value, iop], node)), node)
        raise NotImplementedError("AugAssign on an attribute")
    if isinstance(node, ast.ExceptHandler):
        node.body.insert(0, _at(ast.Expr(_call("_passthru", [], node)), node))
        return node
    if isinstance(node, ast.comprehension):
        tick = _call("_tickc", [], node.iter)
        node.ifs.insert(0, tick)
        return node
    if isinstance(node, _TICK):
        node.body.insert(0, _tick_stmt(node.body[0]))
    return node


def instrument(source: str) -> ast.Module:
    """The instrumented AST of source: see the module docstring."""
    return _tx(ast.parse(source))


# Exceptions that only a generator bug can cause in a generated program.
_BUG_EXC = (NameError, AttributeError, SyntaxError, ImportError, RecursionError)  # (KeyError: sets' and dicts')
_LEGIT_TYPEERROR = ("ord() expected a character", "ord() expected string of length 1",
                    "not enough arguments for format string",  # the printf feature's wrong formats
                    "not all arguments converted during string formatting")


# A number's length, item or iterator taken, or a number and a str under an
# operator (the number_type_errors feature).
_NUMBER_TYPEERROR = re.compile(r"object of type '(int|float|bool)' has no len\(\)|"
                               r"'(int|float|bool)' object is not (subscriptable|iterable)|"
                               r"unsupported operand type\(s\) for [^:]+: ('(int|float|bool)' and 'str'|'str' and '(int|float|bool)')|"
                               r"can only concatenate str \(not \"(int|float|bool)\"\) to str")


def _about_none(e: BaseException) -> bool:
    """An error from using None (an unchecked Optional) as a value."""
    return "NoneType" in str(e)


def _classify(e: BaseException) -> Outcome:
    if isinstance(e, Discard):
        return Outcome("discard", f"{type(e).__name__}: {e}")
    if isinstance(e, UnboundLocalError):  # a NameError subclass, but legitimate
        return Outcome("raise", "UnboundLocalError")
    if isinstance(e, AttributeError) and _about_none(e):
        return Outcome("raise", "AttributeError")
    if type(e) is NameError and getattr(e, "name", "").startswith("missing"):  # the names nothing defines
        return Outcome("raise", "NameError")
    if isinstance(e, (TypeError, AttributeError)) and e.args == (RAISED,):
        return Outcome("raise", type(e).__name__)
    if isinstance(e, _BUG_EXC):
        return Outcome("bug", f"{type(e).__name__}: {e}")
    if isinstance(e, TypeError) and not (str(e).startswith(_LEGIT_TYPEERROR) or _about_none(e)
                                         or _NUMBER_TYPEERROR.fullmatch(str(e))):
        return Outcome("bug", f"TypeError: {e}")
    return Outcome("raise", type(e).__name__)


class Compiled:
    """A program compiled once (instrumented) and callable on many inputs."""

    def __init__(self, source: str, entry: str, *, instrumented: bool = True):
        self.source = source
        self.entry = entry
        code = compile(instrument(source) if instrumented else source, "<difftest>", "exec")
        self.ticks = 0
        ns: dict[str, Any] = dict(_NAMESPACE)
        ns.update({"_tick": self._tick, "_tickc": self._tickc, "__name__": "difftest_prog"})
        # the module's code runs once, before any call; its steps count in
        # every call's budget (the VM runs it before the entry in each lane)
        self.module_raised: Outcome | None = None
        try:
            exec(code, ns)
        except Exception as e:  # noqa: BLE001 - every call's outcome
            if entry not in ns:
                raise
            self.module_raised = _classify(e)
        self.module_ticks = self.ticks
        self.fn = ns.get(entry)  # (None: no entry, the gen.entry_header feature's; a test's call raises NameError)

    def _tick(self):
        self.ticks += 1
        if self.ticks > TICK_LIMIT:
            raise _TooManySteps(f"over {TICK_LIMIT} loop iterations and calls")

    def _tickc(self) -> bool:
        self._tick()
        return True

    def call(self, args: tuple) -> Outcome:
        if self.module_raised is not None:
            return self.module_raised
        self.ticks = self.module_ticks
        if any(type(a) is list or type(a) is tuple for a in args):
            args = copy.deepcopy(args)  # the program may mutate its arguments
        if self.fn is None:
            return Outcome("raise", "NameError")
        try:
            v = self.fn(*args)
        except TypeError as e:  # the call itself: a def of another arity (gen.entry_header)
            return Outcome("raise", "TypeError") if e.__traceback__.tb_next is None else _classify(e)
        except Exception as e:  # noqa: BLE001 - the outcome is the exception
            return _classify(e)
        return Outcome("return", v)


_NAMESPACE: dict[str, Any] = {
    "_ck": _ck, "_nn": _nn, "_nnin": _nnin, "_grow": _grow, "_lmeth": _lmeth, "_sorted": _sorted,
    "_sort": _sort, "_ckkey": _ckkey, "_min": _min, "_max": _max, "_sum": _sum, "_map": _map, "_print": _print, "_augload": _augload,
    "_augstore": _augstore, "_passthru": _passthru, **{f"_iop_{k}": v for k, v in _IOPS.items()},
}


def run(source: str, entry: str, args_list, *, instrumented: bool = True) -> list[Outcome]:
    """Outcomes of entry(*args) for each args in args_list (CPython, in-process)."""
    try:
        prog = Compiled(source, entry, instrumented=instrumented)
    except Exception as e:  # noqa: BLE001
        return [Outcome("bug", f"{type(e).__name__} at definition: {e}")] * len(args_list)
    return [prog.call(tuple(a)) for a in args_list]


def same_value(a, b) -> bool:
    """Exact equality for the differential test: same type, floats bit-exact
    (so -0.0 != 0.0) except that nan equals nan; lists and tuples item by
    item under the same rule."""
    if type(a) is not type(b):
        return False
    if type(a) is float:
        if math.isnan(a) and math.isnan(b):
            return True
        return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
    if type(a) is list or type(a) is tuple:
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    return a == b
