"""What the benchmark workloads (workloads.py, workloads_lists.py) are made
of: the Workload record, the kinds of candidate and their mix, and the name
pools and variation that make N distinct candidate sources."""

from __future__ import annotations

import copy
import random
import string
from dataclasses import dataclass, field
from typing import Any, Callable

# Kinds of candidate, and the share of each in a workload (realistic model
# samples: most are right, many are wrong, some raise).
CORRECT, WRONG, RAISES = "correct", "wrong", "raises"
MIX = {CORRECT: 0.55, WRONG: 0.30, RAISES: 0.15}

# Names a template's $placeholders may take, one pool per placeholder so
# that two placeholders of one template never collide.
POOLS: dict[str, tuple[str, ...]] = {
    "acc": ("total", "acc", "result", "res", "s_", "out", "answer", "tally"),
    "cnt": ("count", "cnt", "steps", "c", "num", "k_", "n_steps", "counter"),
    "i": ("i", "idx", "pos", "p", "lo", "left", "a_", "ii"),
    "j": ("j", "jdx", "hi", "right", "q", "end", "b_", "jj"),
    "ch": ("ch", "c_", "char", "letter", "x", "cc", "symbol", "chr_"),
    "d": ("d", "div", "m_", "f_", "dv", "trial", "factor", "dd"),
    "t": ("t", "low", "norm", "s2", "lowered", "tmp", "w", "txt"),
    "prev": ("prev", "last", "cur", "current", "run_ch", "before", "pc", "head"),
    "h": ("is_prime", "prime", "check_prime", "_is_prime", "isprime", "primality", "ok_prime", "pr"),
}


def pools_with(base: dict[str, tuple[str, ...]], **more: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """base's name pools and `more` of them, no name in two pools (so that
    two placeholders of one template never collide)."""
    pools = {**base, **more}
    names = [x for v in pools.values() for x in v]
    assert len(names) == len(set(names)), "two pools share a name"
    return pools


@dataclass
class Workload:
    name: str
    entry: str
    signature: str
    description: str
    reference: str                       # CPython source that defines `entry`
    make_args: Callable[[random.Random], list]  # one test's arguments
    templates: dict[str, list[str]]      # kind -> sources with $placeholders
    limits: dict[str, int] = field(default_factory=dict)
    fixed_args: list[list] = field(default_factory=list)  # edge cases, always first
    pools: dict[str, tuple[str, ...]] | None = None  # $placeholder names; None: POOLS

    def tests(self, m: int, seed: int = 0) -> list[dict[str, Any]]:
        """m tests: the fixed edge cases first, then random arguments; each
        expected value is what the reference solution gives in CPython."""
        rng = random.Random(f"{self.name}/{seed}")
        ns: dict[str, Any] = {}
        exec(self.reference, ns)
        ref = ns[self.entry]
        out, seen, draws = [], set(), 0
        args_list = [list(a) for a in self.fixed_args[:m]]
        while len(args_list) < m:
            # distinct arguments while they last: a small domain (fib's n)
            # has fewer than m, and then repeats are taken after 10*m draws
            a = self.make_args(rng)
            draws += 1
            if repr(a) not in seen or draws > 10 * m:
                args_list.append(a)
            seen.add(repr(a))
        for a in args_list:
            # the reference gets a copy: one that sorts or pops in place must
            # not change the test's arguments (nor alias its expected value)
            out.append({"args": a, "expected": ref(*copy.deepcopy(a))})
        return out

    def problem_dict(self, m: int, seed: int = 0) -> dict[str, Any]:
        d = {"name": self.name, "entry": self.entry, "signature": self.signature,
             "description": self.description, "tests": self.tests(m, seed),
             "solution": self.reference}
        if self.limits:
            d["limits"] = dict(self.limits)
        return d

    def candidates(self, n: int, seed: int = 0) -> tuple[list[str], list[str]]:
        """n distinct candidate sources and the kind of each."""
        rng = random.Random(f"{self.name}/cands/{seed}")
        kinds = [k for k in MIX for _ in range(round(MIX[k] * 1000))]
        sources: list[str] = []
        labels: list[str] = []
        seen: set[str] = set()
        for i in range(n):
            kind = kinds[(i * 7919) % len(kinds)]  # spread the kinds evenly
            tmpl = self.templates[kind][rng.randrange(len(self.templates[kind]))]
            src = vary(tmpl, self.description, rng, self.pools)
            tries = 0
            while src in seen and tries < 20:
                src = vary(tmpl, self.description, rng, self.pools)
                tries += 1
            if src in seen:  # the variations ran out: a comment makes it distinct
                src += f"\n# sample {i}\n"
            seen.add(src)
            sources.append(src)
            labels.append(kind)
        return sources, labels


def vary(tmpl: str, description: str, rng: random.Random,
         pools: dict[str, tuple[str, ...]] | None = None) -> str:
    """One textual variant of a template: renamed locals (from `pools`,
    default POOLS), indent width, optional docstring, comments and blank
    lines; same behaviour."""
    names = {k: rng.choice(v) for k, v in (POOLS if pools is None else pools).items()}
    src = string.Template(tmpl.strip("\n")).substitute(names)
    lines = src.split("\n")
    indent = rng.choice((4, 4, 2, 3))
    out = []
    doc = rng.random() < 0.4
    comment = rng.random() < 0.3
    for ln in lines:
        stripped = ln.lstrip(" ")
        level = (len(ln) - len(stripped)) // 4
        out.append(" " * (indent * level) + stripped)
        if doc and stripped.startswith("def ") and stripped.rstrip().endswith(":"):
            first = description.strip().split(".")[0].replace('"', "'")
            out.append(" " * (indent * (level + 1)) + f'"""{first}."""')
            doc = False
    if comment:
        at = rng.randrange(1, len(out))
        if out[at].strip() and not out[at].lstrip().startswith(('"""', "elif", "else")):
            pad = out[at][: len(out[at]) - len(out[at].lstrip())]
            out.insert(at, pad + rng.choice(("# main loop", "# compute the answer", "# edge cases",
                                               "# iterate", "# TODO: simplify", "# step")))
    text = "\n".join(out) + "\n"
    if rng.random() < 0.3:
        text = "\n" + text
    if rng.random() < 0.2:
        text = "from typing import List\n\n" + text
    return text
