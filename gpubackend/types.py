"""DSL types as *type codes*, and function signatures.

A type travels between Python and the kernels as a short ASCII string, its
type code, so that the C++ side can decode values and check candidate
signatures without any Python object crossing over:

    'n' None   'b' bool   'i' int   'f' float   's' str
    'r' int | float   a number whose class each value says (kernels/numbers.h)
    '[' T            list[T]
    '(' T1 .. Tn ')' tuple[T1, ..., Tn]
    '*' T            tuple[T, ...], a tuple of any length
    '?' T            Optional[T]
    '{' K V          dict[K, V]
    '<' T            set[T]
    '|' T1 .. Tn ')' T1 | ... | Tn, a function's result only (union_of)

e.g. list[tuple[int, str]] is '[(is)'. Every code is prefix-free, so codes
can be concatenated (a signature's parameters) and split again.

Converters type Python values in the same codes (infer_type, unify), with one
character more: '_' (UNKNOWN), the item type of a container only ever seen
empty ([] is '[_', {} is '{__'). It is no DSL type and exists only while
inferring: code_end (and so check_code, split_codes, tuple_items, pretty and
values.encode) rejects it unless asked for inferred codes, and a converter
writes an annotation only from a code without it (has_unknown), so it never
reaches a signature or the kernels.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

SCALARS = {"n": "None", "b": "bool", "i": "int", "f": "float", "s": "str", "r": "int | float"}
NUMBER = "r"  # int | float: one type of its own, in any position (no bool: it would lose its class)
UNKNOWN = "_"

# Annotation names, in both the builtin and the `typing` spelling, mapped to
# the prefix character of their code. Scalars are handled apart because they
# take no subscript.
_SCALAR_NAMES = {"int": "i", "bool": "b", "float": "f", "str": "s", "None": "n"}
_GENERIC_NAMES = {
    "list": "[", "List": "[",
    "tuple": "(", "Tuple": "(",
    "dict": "{", "Dict": "{",
    "set": "<", "Set": "<",
    "Optional": "?",
    "Union": "|",  # Union[T, None] becomes '?'; a result's Union[A, B] '|' A B ')'
}


class SignatureError(ValueError):
    """A signature or annotation outside the DSL; the message says what."""


# ---------------------------------------------------------------- type codes


def code_end(code: str, pos: int = 0, *, inferred: bool = False) -> int:
    """Index just past the one type code that starts at `pos` in `code`.

    code: a string holding one or more concatenated type codes.
    pos: where the type of interest starts.
    inferred: accept UNKNOWN as a type too, as in the codes of infer_type.
    Raises SignatureError if `code` is malformed there.
    """
    if pos >= len(code):
        raise SignatureError(f"truncated type code {code!r}")
    c = code[pos]
    if c in SCALARS or (inferred and c == UNKNOWN):
        return pos + 1
    if c in "[*?<":
        return code_end(code, pos + 1, inferred=inferred)
    if c == "{":
        return code_end(code, code_end(code, pos + 1, inferred=inferred), inferred=inferred)
    if c in "(|":
        pos += 1
        while pos < len(code) and code[pos] != ")":
            pos = code_end(code, pos, inferred=inferred)
        if pos >= len(code):
            raise SignatureError(f"unclosed {'tuple' if c == '(' else 'union'} in type code {code!r}")
        return pos + 1
    raise SignatureError(f"bad character {c!r} in type code {code!r}")


def split_codes(codes: str, *, inferred: bool = False) -> list[str]:
    """Split concatenated type codes ('is[i') into ['i', 's', '[i'].

    codes: zero or more type codes written one after another.
    inferred: accept UNKNOWN as a type too (codes of infer_type).
    """
    out, pos = [], 0
    while pos < len(codes):
        end = code_end(codes, pos, inferred=inferred)
        out.append(codes[pos:end])
        pos = end
    return out


def check_code(code: str) -> str:
    """Return `code` if it is exactly one well-formed type code, else raise.

    code: the candidate type code.
    """
    if not code or code_end(code) != len(code):
        raise SignatureError(f"not a single type code: {code!r}")
    return code


def tuple_items(code: str, *, inferred: bool = False) -> list[str]:
    """The element codes of a tuple code: '(is)' -> ['i', 's'].

    code: a tuple type code (starting with '(').
    inferred: accept UNKNOWN as a type too (codes of infer_type).
    """
    assert code[0] in "(|" and code[-1] == ")", code
    return split_codes(code[1:-1], inferred=inferred)


def union_members(code: str) -> list[str]:
    """The member codes of a union code: '|if)' -> ['i', 'f'].

    code: a union type code (starting with '|').
    """
    return tuple_items(code)


def is_hashable(code: str) -> bool:
    """Whether `code` may be a dict key or set element in the DSL.

    The language keeps keys to int, str, bool and tuples of those, so the
    kernels only ever hash and compare those shapes.
    code: a well-formed type code.
    """
    if code in ("i", "s", "b"):
        return True
    if code.startswith("("):
        return all(is_hashable(c) for c in tuple_items(code))
    return False


def placeholder(code: str):
    """Some value of the type `code` (0, '', [], None, a tuple of such...):
    a stand-in where a value of the right type is needed and never read.

    code: one well-formed type code.
    """
    if code[0] == "(":
        return tuple(placeholder(x) for x in tuple_items(code))
    if code[0] == "|":
        return placeholder(union_members(code)[0])
    return {"n": None, "b": False, "i": 0, "f": 0.0, "s": "", "r": 0, "?": None, "[": [], "*": (), "<": set(), "{": {}}[code[0]]


def pretty(code: str, unknown: str | None = None) -> str:
    """The Python spelling of a type code: '[(is)' -> 'list[tuple[int, str]]'.

    code: one well-formed type code.
    unknown: the text that UNKNOWN shows as, for an inferred code ('?' in
        messages); None when `code` must be a DSL type (UNKNOWN is then a
        bad code, like any other character outside the DSL).
    """
    inferred = unknown is not None
    c = code[0]
    if c in SCALARS:
        return SCALARS[c]
    if c == UNKNOWN and inferred:
        return unknown
    if c == "[":
        return f"list[{pretty(code[1:], unknown)}]"
    if c == "*":
        return f"tuple[{pretty(code[1:], unknown)}, ...]"
    if c == "<":
        return f"set[{pretty(code[1:], unknown)}]"
    if c == "?":
        return f"Optional[{pretty(code[1:], unknown)}]"
    if c == "{":
        k_end = code_end(code, 1, inferred=inferred)
        return f"dict[{pretty(code[1:k_end], unknown)}, {pretty(code[k_end:], unknown)}]"
    if c == "(":
        # The empty tuple's annotation is spelled tuple[()] in Python.
        items = tuple_items(code, inferred=inferred)
        return "tuple[" + (", ".join(pretty(x, unknown) for x in items) or "()") + "]"
    if c == "|":
        return " | ".join(pretty(x, unknown) for x in union_members(code))
    raise SignatureError(f"bad type code {code!r}")


# ----------------------------------------------------------- value inference

# Exact Python type -> code, for a quick look-up where most values are scalars
# (infer_type does the same with isinstance, for subclasses too).
SCALAR_CODES = {type(None): "n", bool: "b", int: "i", float: "f", str: "s"}


class InferError(ValueError):
    """Values of no single DSL type; the message names the clash, e.g.
    'mixed int and float'."""


def infer_type(value: Any) -> str:
    """The type code of one Python value, UNKNOWN for an empty container's items.

    value: None, bool, int, float, str, or a list, tuple, set, frozenset or
        dict of such values.
    Raises InferError for a value of another type, or a container whose
    items have no single type.
    """
    if value is None:
        return "n"
    if isinstance(value, bool):  # before int: bool is a subclass of it
        return "b"
    if isinstance(value, int):
        return "i"
    if isinstance(value, float):
        return "f"
    if isinstance(value, str):
        return "s"
    if isinstance(value, list):
        return "[" + _unify_all(value)
    if isinstance(value, (set, frozenset)):
        return "<" + _unify_all(value)
    if isinstance(value, tuple):
        return "(" + "".join(infer_type(v) for v in value) + ")"
    if isinstance(value, dict):
        return "{" + _unify_all(value.keys()) + _unify_all(value.values())
    raise InferError(f"a value of type {type(value).__name__}")


def _unify_all(values) -> str:
    """The unified code of the items of one container (UNKNOWN when there are none).

    values: an iterable of Python values.
    """
    return _unify_codes(infer_type(v) for v in values)


def _unify_codes(codes) -> str:
    """The unify of codes, left to right (UNKNOWN for none).

    codes: an iterable of codes as infer_type and unify make them.
    """
    out = UNKNOWN
    for c in codes:
        out = unify(out, c)
    return out


def unify(a: str, b: str) -> str:
    """The one type code that holds values of codes a and b.

    None and T make Optional[T]; UNKNOWN gives way to any type; int and
    float make int | float (NUMBER); containers unify item by item; tuples
    of two lengths make a tuple of any length of their items' one type.
    a, b: codes as infer_type and unify make them (UNKNOWN allowed).
    Raises InferError('mixed A and B'), UNKNOWN shown as '?', when none does.
    """
    if a == b:
        return a
    if a == UNKNOWN:
        return b
    if b == UNKNOWN:
        return a
    if a == "n" or b == "n":
        other = b if a == "n" else a
        return other if other[0] == "?" else "?" + other
    if a[0] == "?" or b[0] == "?":
        return "?" + unify(a.removeprefix("?"), b.removeprefix("?"))
    if a in "ifr" and b in "ifr":
        return NUMBER
    if a[0] == b[0] and a[0] in "[*<":
        return a[0] + unify(a[1:], b[1:])
    if a[0] == b[0] == "{":
        a_end, b_end = code_end(a, 1, inferred=True), code_end(b, 1, inferred=True)
        return "{" + unify(a[1:a_end], b[1:b_end]) + unify(a[a_end:], b[b_end:])
    if a[0] == b[0] == "(":
        items_a, items_b = tuple_items(a, inferred=True), tuple_items(b, inferred=True)
        if len(items_a) == len(items_b):
            return "(" + "".join(unify(x, y) for x, y in zip(items_a, items_b)) + ")"
    if a[0] in "(*" and b[0] in "(*":
        try:
            return "*" + _unify_codes([x for c in (a, b) for x in _any_length_items(c)])
        except InferError:
            pass
    raise InferError(f"mixed {pretty(a, '?')} and {pretty(b, '?')}")


def _any_length_items(code: str) -> list[str]:
    """The item codes of a tuple code as a tuple of any length sees them."""
    return [code[1:]] if code[0] == "*" else tuple_items(code, inferred=True)


# A union's members in their canonical order: scalars, then the list, then
# tuples by arity; so `int | float` and `float | int` get one code.
_MEMBER_ORDER = "bifs[("


def _member_key(code: str) -> tuple[int, int]:
    return _MEMBER_ORDER.index(code[0]), len(tuple_items(code, inferred=True)) if code[0] == "(" else 0


def union(codes: list[str]) -> str:
    """The union code of distinct member codes, in canonical order.

    A union is a result type only (a function that returns an int on one
    path and a float on another), compared with the expected value as
    CPython's == does. So that == never has to look inside two members of
    one kind, the members are scalars (bool, int, float, str), at most one
    list and tuples of distinct arities; no None (that is Optional), dict or
    set.
    int and float alone are no union but NUMBER, `int | float`, a type of
    its own; with other members they stay two members of the union.
    codes: two or more member codes (UNKNOWN allowed inside a list's).
    Raises ValueError saying which member breaks the rule.
    """
    if set(codes) <= set("ifr") and len(set(codes)) >= 2:
        return NUMBER
    codes = sorted(set(codes), key=lambda c: (_member_key(c) if c[0] in _MEMBER_ORDER else (9, 0), c))
    for c in codes:
        if c[0] not in _MEMBER_ORDER:
            raise ValueError(f"{pretty(c, '?')} in a union (its members are bool, int, float, str, a list, tuples)")
    kinds = [_member_key(c) for c in codes]
    for a, b in zip(kinds, kinds[1:]):
        if a == b:
            raise ValueError("two members of one kind in a union (its lists or tuples of one length would compare item by item)")
    if len(codes) < 2:
        raise ValueError("a union of fewer than two types")
    return "|" + "".join(codes) + ")"


def union_of(codes: list[str]) -> str:
    """The one type code that holds values of every code in `codes`: their
    unify where there is one (Optional, an empty list's item type, ...),
    else their union, lists and tuples of one length unified first.
    codes: codes as infer_type makes them.
    Raises InferError('mixed A and B') when neither exists.
    """
    try:
        return _unify_codes(codes)
    except InferError as clash:
        merged: dict[tuple[str, int], str] = {}
        try:
            for c in codes:
                key = (c[0], len(tuple_items(c, inferred=True)) if c[0] == "(" else 0)
                merged[key] = unify(merged.get(key, UNKNOWN), c)
            return union(list(merged.values()))
        except (InferError, ValueError):
            raise clash from None


def has_unknown(code: str) -> bool:
    """Whether some item type in an inferred code was never seen (only empty
    containers were): such a code cannot be written as an annotation.

    code: a code as infer_type and unify make them.
    """
    return UNKNOWN in code


# --------------------------------------------------------------- annotations


def parse_annotation(node: ast.expr | str) -> str:
    """The type code of an annotation, given as source text or an AST node.

    Accepts `list[int]` and `List[int]` (also `typing.List[int]`), tuple,
    Optional[T], T | None, Union[T, None], dict, set, None, and a union
    A | B (Union[A, B]) of the members `union` allows.
    node: an `ast.expr` or the annotation's source text.
    Raises SignatureError naming the unsupported part.
    """
    if isinstance(node, str):
        try:
            node = ast.parse(node.strip(), mode="eval").body
        except SyntaxError:
            raise SignatureError(f"annotation {node!r} is not valid Python") from None
    return _annotation(node)


def _unsupported(node: ast.AST, why: str = "") -> SignatureError:
    text = ast.unparse(node)
    return SignatureError(f"unsupported annotation {text!r}" + (f": {why}" if why else ""))


def _head_name(node: ast.expr) -> str | None:
    """`list`, `List` or `typing.List` -> its last name; anything else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.attr
    return None


def _annotation(node: ast.expr) -> str:
    if isinstance(node, ast.Constant):
        if node.value is None:
            return "n"
        if isinstance(node.value, str):  # a quoted forward reference
            return parse_annotation(node.value)
        raise _unsupported(node)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _optional(node, _bitor_members(node))
    if isinstance(node, ast.Subscript):
        return _generic(node)
    name = _head_name(node)
    if name in _SCALAR_NAMES:
        return _SCALAR_NAMES[name]
    if name in _GENERIC_NAMES:
        raise _unsupported(node, f"'{name}' needs its element types, e.g. {name}[int]")
    raise _unsupported(node)


def _bitor_members(node: ast.expr) -> list[ast.expr]:
    """The operands of a chain A | B | C, left to right."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _bitor_members(node.left) + _bitor_members(node.right)
    return [node]


def _optional(node: ast.expr, members: list[ast.expr]) -> str:
    """T | None, None | T or Union[T, None] -> '?' + code(T); A | B or
    Union[A, B] without None -> their union (the `union` rule)."""
    codes = [_annotation(m) for m in members]
    if "n" not in codes and len(codes) >= 2:
        try:
            return union(codes)
        except ValueError as e:
            raise _unsupported(node, str(e)) from None
    if len(codes) != 2 or codes.count("n") != 1:
        raise _unsupported(node, "a union with None has one other type (Optional[T])")
    inner = codes[0] if codes[1] == "n" else codes[1]
    # Optional[Optional[T]] is Optional[T] in Python too; one tag is enough.
    return inner if inner.startswith("?") else "?" + inner


def _generic(node: ast.Subscript) -> str:
    name = _head_name(node.value)
    prefix = _GENERIC_NAMES.get(name or "")
    if prefix is None:
        raise _unsupported(node)
    args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    if prefix == "|":
        return _optional(node, args)
    if prefix == "(":
        dots = [isinstance(a, ast.Constant) and a.value is Ellipsis for a in args]
        if dots == [False, True]:
            return "*" + _annotation(args[0])
        if any(dots):
            raise _unsupported(node, "'...' other than as the second of two arguments of tuple")
        return "(" + "".join(_annotation(a) for a in args) + ")"
    want = 2 if prefix == "{" else 1
    if len(args) != want:
        raise _unsupported(node, f"'{name}' takes {want} type argument(s)")
    codes = [_annotation(a) for a in args]
    if prefix == "?":
        return _optional(node, [args[0], ast.Constant(None)])
    if prefix in "{<" and not is_hashable(codes[0]):
        what = "dict keys" if prefix == "{" else "set elements"
        raise _unsupported(node, f"{what} must be int, str, bool or tuples of those")
    return prefix + "".join(codes)


# ---------------------------------------------------------------- signatures


@dataclass(frozen=True)
class Signature:
    """A DSL function signature.

    name: the function's name.
    params: (parameter name, type code) pairs in order.
    ret: the return type code.
    """

    name: str
    params: tuple[tuple[str, str], ...]
    ret: str

    @property
    def code(self) -> str:
        """The kernels' form: parameter codes, '>', return code ('is>b')."""
        return "".join(c for _, c in self.params) + ">" + self.ret

    @property
    def param_codes(self) -> tuple[str, ...]:
        return tuple(c for _, c in self.params)

    @property
    def args_code(self) -> str:
        """The parameters as one tuple code; a test's args encode under it."""
        return "(" + "".join(self.param_codes) + ")"

    def __str__(self) -> str:
        ps = ", ".join(f"{n}: {pretty(c)}" for n, c in self.params)
        return f"def {self.name}({ps}) -> {pretty(self.ret)}"


def parse_def(text: str) -> ast.FunctionDef:
    """Parse a def line with or without ':' and a body."""
    src = text.strip()
    for attempt in (src, src + " pass", src + ": pass"):
        try:
            tree = ast.parse(attempt)
        except SyntaxError:
            continue
        if tree.body and isinstance(tree.body[0], ast.FunctionDef):
            return tree.body[0]
        break
    raise SignatureError(f"not a def line: {text.strip()[:60]!r}")


def parse_signature(text: str) -> Signature:
    """Parse `def f(xs: list[int], k: int) -> int` (':' and body optional).

    text: the def line, or a whole function whose first statement is the def.
    Raises SignatureError naming what is missing or unsupported.
    """
    fn = parse_def(text)
    a = fn.args
    if a.vararg or a.kwarg or a.kwonlyargs:
        raise SignatureError(f"'{fn.name}': *args, **kwargs and keyword-only parameters are not supported")
    if a.defaults:
        raise SignatureError(f"'{fn.name}': default parameter values are not supported")
    params = []
    for arg in a.posonlyargs + a.args:
        if arg.annotation is None:
            raise SignatureError(f"missing annotation on param '{arg.arg}'")
        # ast.parse accepts this; only CPython's compiler would reject it.
        if any(arg.arg == name for name, _ in params):
            raise SignatureError(f"duplicate param '{arg.arg}'")
        try:
            params.append((arg.arg, parse_annotation(arg.annotation)))
        except SignatureError as e:
            raise SignatureError(f"param '{arg.arg}': {e}") from None
        if "|" in params[-1][1]:
            raise SignatureError(f"param '{arg.arg}': a union type (only a result may have one)")
    if fn.returns is None:
        raise SignatureError(f"missing return annotation on '{fn.name}'")
    try:
        ret = parse_annotation(fn.returns)
    except SignatureError as e:
        raise SignatureError(f"return of '{fn.name}': {e}") from None
    if "|" in ret[1:]:
        raise SignatureError(f"return of '{fn.name}': a union inside another type (only the result itself may be one)")
    return Signature(fn.name, tuple(params), ret)
