"""The DSL's types as the differential generator (gen.py) spells them, and
the small pieces its program builders share: Helper, Stmt, pick."""
from __future__ import annotations

import random
import re
from dataclasses import dataclass

INT, BOOL, FLOAT, STR, NONE = "int", "bool", "float", "str", "None"
SCALARS = (INT, BOOL, FLOAT, STR)
NUMERIC = (INT, BOOL, FLOAT)
ENTRY = "f"

# Tiers 3-4. A type is its canonical spelling (the Problem's signature uses it;
# programs sometimes spell it List[...], Tuple[...], T | None).
LI, LB, LF, LS = "list[int]", "list[bool]", "list[float]", "list[str]"
TIS, TII, TSF, TISB = "tuple[int, str]", "tuple[int, int]", "tuple[str, float]", "tuple[int, str, bool]"
LTIS, LLI = "list[tuple[int, str]]", "list[list[int]]"
OINT, OSTR = "Optional[int]", "Optional[str]"
# The number of either class (feature int_or_float, numbers.py) and its lists;
# neither is in SCALARS or LIST_TYPES: only the programs of that feature draw them.
NUM, LN = "int | float", "list[int | float]"
# Tuples of any length (feature tuple_any_length, tuples.py) and a list of
# them; none is in LIST_TYPES or TUPLE_TYPES: only tuple programs draw them.
TVI, TVS, TVF, TVB = "tuple[int, ...]", "tuple[str, ...]", "tuple[float, ...]", "tuple[bool, ...]"
TVVI, LTVI = "tuple[tuple[int, ...], ...]", "list[tuple[int, ...]]"
TV_TYPES = (TVI, TVS, TVF, TVB, TVVI)
LIST_TYPES = (LI, LB, LF, LS, LTIS, LLI)
TUPLE_TYPES = (TIS, TII, TSF, TISB)
OPT_TYPES = (OINT, OSTR)


def is_list(t: str) -> bool:
    return t.startswith("list[")


def is_vtuple(t: str) -> bool:
    """Whether t is tuple[T, ...], a tuple of any length."""
    return t.startswith("tuple[") and t.endswith(", ...]")


def is_tuple(t: str) -> bool:
    """Whether t is a tuple of fixed items (fields() reads them)."""
    return t.startswith("tuple[") and not is_vtuple(t)


def items(t: str) -> str:
    """tuple[T, ...] -> T"""
    return t[6:-6]


def is_opt(t: str) -> bool:
    return t.startswith("Optional[")


def union_members(t: str) -> tuple[str, ...]:
    """'int | float' -> ('int', 'float'); any other type is its one member
    (list[int | float] too: a | inside brackets joins an item's members)."""
    out: list[str] = []
    for part in t.split(" | "):
        if out and out[-1].count("[") > out[-1].count("]"):
            out[-1] += " | " + part
        else:
            out.append(part)
    return tuple(out)


def is_union(t: str) -> bool:
    return len(union_members(t)) > 1


def elem(t: str) -> str:
    """list[T] -> T"""
    return t[5:-1]


def fields(t: str) -> tuple[str, ...]:
    """tuple[A, B] -> (A, B) (fields are scalars here)"""
    return tuple(t[6:-1].split(", "))


def inner(t: str) -> str:
    """Optional[T] -> T"""
    return t[9:-1]


def spell(rng: random.Random, t: str) -> str:
    """t as an annotation, sometimes in the typing module's spelling."""
    if NUM in t:  # int | float, float | int, Union[int, float], Union[float, int]
        t = t.replace(NUM, rng.choice([NUM, NUM, "float | int", "Union[int, float]", "Union[float, int]"]))
    if "[" not in t:
        return t
    if rng.random() < 0.25:
        t = t.replace("list[", "List[").replace("tuple[", "Tuple[")
    if is_opt(t) and rng.random() < 0.3:
        t = f"{inner(t)} | None"
    return t


# An int | float (alone, no other member) is one type of the DSL whose ints
# hold 51 bits (kernels/numbers.h): past them the VM's lane is OverflowError.
NUM_INT_MIN, NUM_INT_MAX = -(2**50), 2**50 - 1


def is_num(t: str) -> bool:
    """Whether t is `int | float`, the DSL's number of either class."""
    return set(union_members(t)) == {"int", "float"}


def beyond_num(v, t: str) -> bool:
    """Whether v is an int that an int | float t cannot hold, or a list of
    type t holds one."""
    if is_list(t) and type(v) is list:
        return any(beyond_num(x, elem(t)) for x in v)
    return is_num(t) and type(v) is int and not NUM_INT_MIN <= v <= NUM_INT_MAX


def has_type(v, t: str) -> bool:
    """Whether the Python value v has the DSL type t (bool is not an int)."""
    if beyond_num(v, t):
        return False
    if is_union(t):
        return any(has_type(v, m) for m in union_members(t))
    if t == NONE:
        return v is None
    if t in SCALARS:
        return type(v).__name__ == t
    if is_opt(t):
        return v is None or has_type(v, inner(t))
    if is_list(t):
        return type(v) is list and all(has_type(x, elem(t)) for x in v)
    if is_vtuple(t):
        return type(v) is tuple and all(has_type(x, items(t)) for x in v)
    if is_tuple(t):
        fs = fields(t)
        return type(v) is tuple and len(v) == len(fs) and all(has_type(x, f) for x, f in zip(v, fs))
    raise ValueError(t)


def placeholder(t: str):
    """A value of type t (the Problem's expected value where CPython raised)."""
    if is_union(t):
        return placeholder(union_members(t)[0])
    if t in (NONE,) or is_opt(t):
        return None
    if is_list(t):
        return []
    if is_vtuple(t):
        return ()
    if is_tuple(t):
        return tuple(placeholder(f) for f in fields(t))
    return {INT: 0, BOOL: False, FLOAT: 0.0, STR: ""}[t]


@dataclass
class Helper:
    name: str
    params: list[tuple[str, str]]
    ret: str
    recursive: bool = False
    grows: bool = False  # may append/extend/insert into a list it was passed


def pick(rng: random.Random, table) -> str:
    return rng.choices([t for t, _ in table], [w for _, w in table])[0]


class Stmt:
    """A statement: a header line and, for compound statements, child blocks."""

    def __init__(self, line: str, blocks: list[tuple[str | None, list[Stmt]]] | None = None):
        self.line = line
        # [(None, body)] or [(None, body), ("elif ...:", body), ("else:", body)]
        self.blocks = blocks or []

    def render(self, out: list[str], indent: str, level: int):
        out.append(indent * level + self.line)
        for i, (hdr, body) in enumerate(self.blocks):
            if i > 0 and hdr is not None:
                out.append(indent * level + hdr)
            for s in body:
                s.render(out, indent, level + 1)


_IDENT = re.compile(r"[A-Za-z_]\w*")


LIST_OF = {INT: LI, BOOL: LB, FLOAT: LF, STR: LS, TIS: LTIS, LI: LLI, NUM: LN, TVI: LTVI}
