"""Shared machinery of the task families: the Variant record, the FAMILIES
registry and its @family decorator, program building (code, task),
input makers, and the names and predicates several domains draw from."""

from __future__ import annotations

import ast
import random
import re
import string
import textwrap
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Variant:
    """One task: `program` defines `entry` with `signature`; `inputs` are
    argument tuples (edge cases first, then random ones)."""

    family: str
    entry: str
    signature: str
    description: str
    program: str
    inputs: tuple[tuple, ...]


Family = Callable[[random.Random], Variant]
FAMILIES: dict[str, Family] = {}


def family(fn: Family) -> Family:
    """Register a family under its function's name."""
    FAMILIES[fn.__name__] = fn
    return fn


# ------------------------------------------------------------ building


def code(template: str, **kw) -> str:
    """Fill a code template. A placeholder alone on its line takes a
    multi-line value indented to the placeholder's column; others are
    str.format fields (DSL code has no braces: no dicts, sets or f-strings)."""
    def whole(m: re.Match) -> str:
        value = str(kw[m.group(2)])
        return textwrap.indent(value, m.group(1)) if value else "\0"  # an empty value drops its line
    text = re.sub(r"^([ \t]*)\{(\w+)\}$", whole, textwrap.dedent(template).strip("\n"), flags=re.MULTILINE)
    return "\n".join(line for line in text.format(**kw).split("\n") if line != "\0")


def task(fam: str, entry: str, params: list[tuple[str, str]], ret: str, text: str, body: str,
         inputs: list[tuple], helpers: str = "", typing: bool = False) -> Variant:
    """A Variant from the parts of its program, laid out as PEP 8 has it
    (two blank lines between defs); `typing` adds the Optional import."""
    assert entry not in {n for n, _ in params}, f"{fam}: entry {entry!r} named like a parameter"
    sig = f"def {entry}({', '.join(f'{n}: {t}' for n, t in params)}) -> {ret}"
    program = ("from typing import Optional\n\n\n" if typing else "") + sig + ":\n"
    program += textwrap.indent(body.strip("\n"), "    ") + "\n"
    if helpers:
        program += "\n\n" + textwrap.dedent(helpers).strip("\n") + "\n"
    ast.parse(program)  # a template slip shows here, not as a dropped variant
    return Variant(fam, entry, sig, " ".join(text.split()), program, tuple(unique(inputs)))


def unique(inputs: list[tuple]) -> list[tuple]:
    """Inputs without repeats, first occurrence kept (repr tells lists apart)."""
    seen: dict[str, tuple] = {}
    for args in inputs:
        seen.setdefault(repr(args), args)
    return list(seen.values())


def one_of(rng: random.Random, options: list):
    return options[rng.randrange(len(options))]


# ------------------------------------------------------------ inputs

WORDS = ("apple", "stone", "river", "cloud", "tiger", "lemon", "house", "green", "night", "paper",
         "sun", "map", "ox", "a", "io", "bread", "quiet", "zebra", "delta", "ember", "kiwi", "owl")


def int_list(rng: random.Random, lo: int, hi: int, max_len: int = 8, min_len: int = 0) -> list[int]:
    return [rng.randint(lo, hi) for _ in range(rng.randint(min_len, max_len))]


def text_of(rng: random.Random, alphabet: str, max_len: int = 12, min_len: int = 0) -> str:
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(min_len, max_len)))


def sentence(rng: random.Random, max_words: int = 6, spaces: int = 1) -> str:
    """Words from WORDS joined by 1..spaces spaces."""
    words = [rng.choice(WORDS) for _ in range(rng.randint(0, max_words))]
    out = ""
    for i, w in enumerate(words):
        out += (" " * rng.randint(1, spaces) if i else "") + w
    return out


def many(rng: random.Random, n: int, make: Callable[[], tuple]) -> list[tuple]:
    return [make() for _ in range(n)]


MIXED = string.ascii_letters + "  .,!?0123456789"
LOWER = string.ascii_lowercase


# ------------------------------------------------------------ names and phrases shared by several domains

_S = ["s", "text", "word", "line", "phrase"]
_CMP_WORD = {">": "greater than", ">=": "at least", "<": "less than", "<=": "at most"}


# ------------------------------------------------------------ lists: predicates shared by filters, counts, searches

_INTS = ["xs", "nums", "values", "numbers", "data", "arr"]
_ITEM = ["x", "v", "n", "item"]


def predicate(rng: random.Random, x: str) -> tuple[str, str]:
    """(phrase fitting 'elements that are ...', condition on x) with constants drawn."""
    k, m = rng.randint(-5, 20), rng.randint(2, 7)
    lo = rng.randint(-10, 10)
    hi = lo + rng.randint(2, 15)
    return one_of(rng, [
        (f"greater than {k}", f"{x} > {k}"), (f"at least {k}", f"{x} >= {k}"),
        (f"less than {k}", f"{x} < {k}"), (f"at most {k}", f"{x} <= {k}"),
        (f"divisible by {m}", f"{x} % {m} == 0"), (f"not divisible by {m}", f"{x} % {m} != 0"),
        ("even", f"{x} % 2 == 0"), ("odd", f"{x} % 2 == 1"),
        (f"between {lo} and {hi} inclusive", f"{lo} <= {x} <= {hi}"),
        (f"different from {k}", f"{x} != {k}"),
        (f"larger than {m} in absolute value", f"abs({x}) > {m}"),
    ])


def int_inputs(rng: random.Random, extra: list[tuple] | None = None, n: int = 7) -> list[tuple]:
    """Argument tuples of one list[int]: edge cases, then random lists."""
    edge = [([],), ([0],), ([5, -5, 5],), ([3, 1, 2, 10, -7, 4],)]
    return edge + (extra or []) + many(rng, n, lambda: (int_list(rng, -20, 30, 9),))
