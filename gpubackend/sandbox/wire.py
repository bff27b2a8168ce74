"""Values across the sandbox wall: what a candidate returned, as JSON.

The child writes each result as JSON of plain values; the host parses it
with `json.loads`, which builds only dicts, lists, strs and numbers,
whatever bytes a hostile child writes. Exact builtin types only: a subclass
or any other object travels as its type name and a short repr, which equals
no expected value, so an object whose `__eq__` always says True cannot pass
(the comparison is made in the host, on these values, never by the
candidate's methods).

    None, bool, str             themselves
    int                         itself; {"i": hex} past INT_BITS (decimal text
                                of a big int is limited and slow, hex is neither)
    float                       {"f": float.hex(x)}: every bit, nan and inf too
    list                        [items]
    tuple, set, frozenset       {"t": [items]}, {"set": [...]}, {"fset": [...]}
    dict                        {"d": [[key, value], ...]} in insertion order
    bytes                       {"b": hex}
    anything else               {"obj": type name, "repr": first REPR_CHARS of repr}

This module imports only the standard library: the zygote loads it by path.
"""

from __future__ import annotations

import json
import math
from typing import Any

# The longest repr kept of a value that cannot travel as itself: enough for
# feedback ("<Foo object at 0x...>"), bounded whatever the object prints.
REPR_CHARS = 200
# Ints wider than this cross in hex: CPython refuses decimal text past 4300
# digits (int_max_str_digits), on both sides of the wall.
INT_BITS = 4096
# Nesting deeper than this is sent as an object: json would recurse past
# Python's own limit, and no expected value of a problem is that deep.
MAX_DEPTH = 100


class Opaque:
    """A value that crossed as its type name and repr: equal to nothing."""

    __slots__ = ("type", "repr")

    def __init__(self, type_name: str, text: str) -> None:
        self.type, self.repr = type_name, text

    def __repr__(self) -> str:
        return self.repr

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = None


def to_wire(value: Any, depth: int = 0) -> Any:
    """`value` as JSON-ready plain data (run in the child)."""
    t = type(value)
    if value is None or t is bool or t is str:
        return value
    if t is int:
        return value if value.bit_length() <= INT_BITS else {"i": hex(value)}
    if depth >= MAX_DEPTH:
        return _opaque(value, "nested too deep")
    if t is float:
        return {"f": value.hex()}
    if t is list:
        return [to_wire(v, depth + 1) for v in value]
    if t is tuple:
        return {"t": [to_wire(v, depth + 1) for v in value]}
    if t is set or t is frozenset:
        return {"set" if t is set else "fset": [to_wire(v, depth + 1) for v in value]}
    if t is dict:
        return {"d": [[to_wire(k, depth + 1), to_wire(v, depth + 1)] for k, v in value.items()]}
    if t is bytes:
        return {"b": value.hex()}
    return _opaque(value)


def _opaque(value: Any, why: str = "") -> dict:
    try:
        text = object.__repr__(value) if why else repr(value)
    except BaseException:  # a repr that raises is the candidate's; it still gets a name
        text = object.__repr__(value)
    return {"obj": type(value).__name__[:REPR_CHARS], "repr": (text + (f" ({why})" if why else ""))[:REPR_CHARS]}


def dumps(record: dict) -> bytes:
    """One record as a JSON line (nan and inf never appear: floats are hex)."""
    return json.dumps(record, separators=(",", ":"), allow_nan=False).encode() + b"\n"


def from_wire(data: Any, floats: bool = False) -> Any:
    """Plain data back into Python values (run in the host). Raises
    ValueError for anything to_wire does not write; with `floats`, a plain
    float too (as a problem file may write one: the child never does)."""
    if data is None or isinstance(data, (bool, int, str)) or (floats and type(data) is float):
        return data
    if isinstance(data, list):
        return [from_wire(v, floats) for v in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise ValueError(f"not a wire value: {type(data).__name__}")
    (tag, body), = list(data.items())[:1]
    if tag == "f" and isinstance(body, str):
        return float.fromhex(body)
    if tag == "i" and isinstance(body, str):
        return int(body, 16)
    if tag == "t" and isinstance(body, list):
        return tuple(from_wire(v, floats) for v in body)
    if tag in ("set", "fset") and isinstance(body, list):
        items = [from_wire(v, floats) for v in body]
        return set(items) if tag == "set" else frozenset(items)
    if tag == "d" and isinstance(body, list):
        return {from_wire(k, floats): from_wire(v, floats) for k, v in body}
    if tag == "b" and isinstance(body, str):
        return bytes.fromhex(body)
    if tag == "obj":
        return Opaque(str(body), str(data.get("repr", "")))
    raise ValueError(f"not a wire value: tag {tag!r}")


def matches(actual: Any, expected: Any, tol: float | None) -> bool:
    """Whether `actual` passes for `expected`, by the VM's rule (kernels/
    objects.h rt_matches): Python equality, except that a float nan matches
    a nan and, with a tolerance, floats match within it (math.isclose's
    relative rule, infinities exact). Containers match item by item; a list
    never matches a tuple, as in Python."""
    if isinstance(actual, Opaque):
        return False
    if isinstance(expected, float) or (isinstance(actual, float) and isinstance(expected, int)
                                       and not isinstance(expected, bool)):
        return _float_matches(actual, expected, tol)
    if isinstance(expected, (list, tuple)):
        return (type(actual) is type(expected) and len(actual) == len(expected)
                and all(matches(a, e, tol) for a, e in zip(actual, expected)))
    if isinstance(expected, dict):
        return (type(actual) is dict and actual.keys() == expected.keys()
                and all(matches(actual[k], v, tol) for k, v in expected.items()))
    try:
        return bool(actual == expected)
    except Exception:  # plain values only reach here; a set of unhashables cannot
        return False


def _float_matches(a: Any, e: Any, tol: float | None) -> bool:
    if type(a) not in (int, float, bool):
        return False
    if a == e or (type(a) is float and type(e) is float and math.isnan(a) and math.isnan(e)):
        return True
    if tol is None:
        return False
    try:
        a, e = float(a), float(e)
    except OverflowError:  # an int past the floats: only equality could hold
        return False
    if math.isinf(a) or math.isinf(e) or math.isnan(a) or math.isnan(e):
        return False
    return abs(a - e) <= tol * max(abs(a), abs(e))
