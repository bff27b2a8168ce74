"""Names drawn apart from the task: a variant renamed so that its
function's name says nothing of what it does, and its parameters' names
are not the family's own.

Each family names its function from a short list that fits the task
(`digit_sum`, `clamp`). Trained on those alone, a small model learns the
name as part of the task and writes `def clamp(` whatever the prompt's
signature says: the first model did so on every task whose name it had not
seen. Renaming a share of the variants to names unrelated to their task
(`get_result`, `zorvik`, `f2`), or to another task's name (`digit_sum`
on a clamping task), makes copying the signature from the prompt the only
way to get the name right.

Parameters likewise: each family draws them from a few names (`xs`, `s`,
`n`), and a model trained on those alone writes `xs` in the body of a task
whose def line says `scores`. The loop opens the model's answer with the
problem's def line (agentloop/prompts.py), so a body that uses the names
it was given is all it takes; renamed parameters teach that.
"""

from __future__ import annotations

import builtins
import functools
import io
import keyword
import random
import re
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
# Words a parameter may be named that a description also uses as English:
# such a parameter keeps its name, since its mentions cannot be told apart.
_ENGLISH = {"a", "i", "an", "as", "at", "by", "in", "is", "it", "of", "on", "or", "to", "no", "be", "if"}
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


@functools.cache
def family_params() -> tuple[str, ...]:
    """The names the training families give their parameters."""
    from . import HELD_OUT_FAMILIES

    found = {n for f in FAMILIES if f not in HELD_OUT_FAMILIES for i in range(_NAME_DRAWS)
             for n in _params(FAMILIES[f](random.Random(f"names/{f}/{i}")).signature)}
    return tuple(sorted(found))


def fresh_param(rng: random.Random) -> str:
    """A parameter name: another family's (the hardest case: a fitting
    name, for another kind of value), a noun, a made-up word or a letter."""
    kind = rng.randrange(10)
    if kind < 4:
        return one_of(rng, list(family_params()))
    if kind < 6:
        return one_of(rng, _NOUNS)
    if kind < 8:
        return "".join(one_of(rng, _SYLLABLES) for _ in range(rng.randint(1, 2)))
    return rng.choice("abcdefghkmnpqrstuvwxyz") + (str(rng.randint(0, 9)) if rng.random() < 0.3 else "")


def renamed_params(v: Variant, rng: random.Random, tries: int = 20) -> Variant:
    """v with each parameter renamed to a fresh name no name of the program
    uses, in the signature, the program and the description's words; a
    parameter named like an English word of the description (`a`) keeps
    its name, as does one the description puts after an article ("the
    count": a word there, not only the parameter) and one none of `tries`
    draws finds a free name for."""
    used = _names(v.program) | _TAKEN | {v.entry}
    signature, program, description = v.signature, v.program, v.description
    for old in _params(v.signature):
        if old in _ENGLISH or re.search(rf"\b(?:a|an|the)\s+{re.escape(old)}\b", description, re.IGNORECASE):
            continue
        new = next((n for n in (fresh_param(rng) for _ in range(tries))
                    if n not in used and n not in _ENGLISH and not keyword.iskeyword(n)), None)
        if new is None:
            continue
        used.add(new)
        signature, program = _swap(signature, old, new), _swap(program, old, new)
        description = re.sub(rf"(?<![\w.]){re.escape(old)}(?!\w)", new, description)
    return replace(v, signature=signature, program=program, description=description)


def _params(signature: str) -> list[str]:
    """The parameter names of a def line (`def f(xs: list[int], k: int) -> int`)."""
    inside = signature[signature.index("(") + 1:signature.rindex(")")]
    return [part.split(":")[0].strip() for part in inside.split(",") if ":" in part]


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
