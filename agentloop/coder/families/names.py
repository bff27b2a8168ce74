"""Entry names drawn apart from the task: a variant renamed so that its
function's name says nothing of what it does.

Each family names its function from a short list that fits the task
(`digit_sum`, `clamp`). Trained on those alone, a small model learns the
name as part of the task and writes `def clamp(` whatever the prompt's
signature says: the first model did so on every task whose name it had not
seen. Renaming a share of the variants to names unrelated to their task
(`get_result`, `zorvik`, `f2`), or to another task's name (`digit_sum`
on a clamping task), makes copying the signature from the prompt the only
way to get the name right.
"""

from __future__ import annotations

import builtins
import functools
import io
import keyword
import random
import tokenize
from dataclasses import replace

from .base import FAMILIES, Variant, one_of

# Draws per family that family_names() collects names from.
_NAME_DRAWS = 64

_VERBS = ("get", "compute", "find", "count", "make", "build", "calc", "solve", "check", "process", "transform",
          "apply", "run", "handle", "do", "eval", "fix", "measure", "pick", "scan", "walk", "fold", "map",
          "reduce", "collect", "convert", "encode", "test", "score", "rank", "merge", "split", "join")
_NOUNS = ("result", "value", "answer", "items", "data", "thing", "numbers", "text", "list", "output", "total",
          "stats", "task", "puzzle", "query", "record", "entry", "batch", "row", "grid", "word", "key", "seq",
          "signal", "pair", "level", "step", "part", "block", "token", "case", "input", "series")
_SYLLABLES = ("ka", "lo", "mi", "zu", "ter", "van", "do", "rex", "pli", "sor", "quo", "ne", "bat", "fim",
              "gor", "ula", "xen", "yar", "wib", "hap", "cro", "jen", "tal", "vik", "mun")
# Names the program may mean something else by: the DSL's builtins and
# modules, and the typing import.
_TAKEN = set(dir(builtins)) | {"math", "Optional", "typing"}


@functools.cache
def family_names() -> tuple[str, ...]:
    """The names the training families give their functions (from a fixed
    set of draws): names that fit some task, to be given to another."""
    from . import HELD_OUT_FAMILIES  # the package's, complete once this is called

    found = {FAMILIES[f](random.Random(f"names/{f}/{i}")).entry
             for f in FAMILIES if f not in HELD_OUT_FAMILIES for i in range(_NAME_DRAWS)}
    return tuple(sorted(found))


def fresh_name(rng: random.Random) -> str:
    """A snake_case name unrelated to the task at hand: another family's
    name (the hardest case: a fitting name, for the wrong task), verb_noun,
    made-up words, or a short letter name."""
    kind = rng.randrange(10)
    if kind < 4:
        return one_of(rng, list(family_names()))
    if kind < 6:
        return f"{one_of(rng, _VERBS)}_{one_of(rng, _NOUNS)}"
    if kind < 9:
        words = ["".join(one_of(rng, _SYLLABLES) for _ in range(rng.randint(1, 3))) for _ in range(rng.randint(1, 2))]
        return "_".join(words)
    return rng.choice("fghpqsw") + (str(rng.randint(0, 9)) if rng.random() < 0.6 else "")


def renamed(v: Variant, rng: random.Random, tries: int = 20) -> Variant:
    """v with its entry renamed to a fresh name that no name of the program
    already uses (v itself when none of `tries` draws is free)."""
    used = _names(v.program) | _TAKEN
    for _ in range(tries):
        name = fresh_name(rng)
        if name not in used and not keyword.iskeyword(name):
            return replace(v, entry=name, signature=_swap(v.signature, v.entry, name),
                           program=_swap(v.program, v.entry, name))
    return v


def _names(program: str) -> set[str]:
    return {t.string for t in _tokens(program) if t.type == tokenize.NAME}


def _swap(source: str, old: str, new: str) -> str:
    """source with the NAME tokens `old` replaced by `new`, attributes
    (`.old`) and strings left alone; edited from the end so earlier
    positions stay valid."""
    lines = source.split("\n")
    toks = list(_tokens(source))
    for i in reversed(range(len(toks))):
        t = toks[i]
        after_dot = i > 0 and toks[i - 1].type == tokenize.OP and toks[i - 1].string == "."
        if t.type == tokenize.NAME and t.string == old and not after_dot:
            (row, col), line = t.start, lines[t.start[0] - 1]
            lines[row - 1] = line[:col] + new + line[col + len(old):]
    return "\n".join(lines)


def _tokens(source: str):
    return tokenize.generate_tokens(io.StringIO(source).readline)
