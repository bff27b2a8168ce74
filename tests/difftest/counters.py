"""The generator's Counters and defaultdicts (feature "counters"): a local
made by collections.Counter of a str or a list of ints (or empty, then
counted by `c[x] += 1`), or a defaultdict(int) or defaultdict(lambda: 0)
counted by a loop; then reads of keys that may be missing (a Counter's 0,
a defaultdict's stored default), changes by `-=`, and most_common with
and without n, handed on as lists. A program binds collections one way
of three, drawn per program.

Whether to draw one comes from ProgramGen.late, as heapq's does
(heaps.py), so a program that takes no such statement is the one it was
without the feature.
"""

from __future__ import annotations

from .dsl_types import INT, LI, LIST_OF, STR, Stmt

# Share of dict statements (DictGen.st_dict_build) that are a Counter's or defaultdict's.
COUNTER_SHARE = 0.3
SPELLINGS = {
    "collections.": "import collections",
    "co.": "import collections as co",
    "": "from collections import Counter, defaultdict",
}


def collections_import(pg) -> list[str]:
    """Program pg's import of collections, where one of its statements used it."""
    return [SPELLINGS[pg.collections_spelling]] if pg.used_collections else []


class CounterGen:
    """Counter and defaultdict productions, mixed into FuncGen."""

    def counter_build(self, depth: int) -> list[Stmt] | None:
        """A counted local, its reads and changes, and a new list from it;
        or None (the caller draws its own statement)."""
        pg = self.pg
        if "counters" not in self.features or pg.late is None or pg.late.random() >= COUNTER_SHARE:
            return None
        if self.counter >= self.MAX_NAMES - 4:
            return None
        if pg.collections_spelling is None:
            pg.collections_spelling = pg.late.choice(list(SPELLINGS))
        m, rng, dd = pg.collections_spelling, self.rng, self.edepth()
        k = rng.choice([INT, STR])
        name = self.fresh("ct")
        src = self.expr(STR if k == STR else LI, dd)
        r = rng.random()
        counter = r < 0.6
        if r < 0.4:
            out = [Stmt(f"{name} = {m}Counter({src})")]
        else:
            x = self.fresh("c")
            made = f"{m}Counter()" if counter else f"{m}defaultdict({rng.choice(['int', 'lambda: 0'])})"
            step = "1" if counter or rng.random() < 0.5 else self.expr(INT, dd)
            out = [Stmt(f"{name} = {made}"), Stmt(f"for {x} in {src}:", [(None, [Stmt(f"{name}[{x}] += {step}")])])]
        for _ in range(rng.randint(0, 3)):
            key = self.expr(k, dd)
            if rng.random() < 0.5:
                v = self.fresh("v")
                out.append(Stmt(f"{v} = {name}[{key}]"))
                self.define(v, INT)
            else:
                out.append(Stmt(f"{name}[{key}] -= {self.expr(INT, dd)}"))
        out.append(self.counter_hand_on(name, k, counter, dd))
        pg.used_collections = True
        return out

    def counter_hand_on(self, name: str, k: str, counter: bool, dd: int) -> Stmt:
        """`xs = ...` of the counted local's keys or counts, a new list local."""
        rng = self.rng
        xs = self.fresh("xs")
        if counter and rng.random() < 0.6:
            n = rng.choice(["", "0", "1", "2", "(-1)", self.expr(INT, dd)])
            p = self.fresh("p")
            keys = rng.random() < 0.5
            self.define(xs, LIST_OF[k] if keys else LI)
            return Stmt(f"{xs} = [{p}[{0 if keys else 1}] for {p} in {name}.most_common({n})]")
        if rng.random() < 0.5:
            self.define(xs, LIST_OF[k])
            return Stmt(f"{xs} = list({name})")
        self.define(xs, LI)
        return Stmt(f"{xs} = list({name}.values())")
