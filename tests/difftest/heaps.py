"""The generator's heaps (feature "heapq"): heapq's functions as statements
on list locals of tier 3-4 programs (push, pop, heapify, replace,
pushpop, and nlargest or nsmallest of a list expression extending one),
whatever the list holds, heap or not: CPython's _heapq compares and moves
items the same way on any list, so every list they leave is checked. A
program binds heapq one way of three, drawn per program: `import heapq`,
`import heapq as hq`, or `from heapq import` the functions by name.

Whether to draw one comes from a random.Random apart from the program's
(ProgramGen.late), so a program that takes no heap statement is the one
it was without the feature.
"""

from __future__ import annotations

from .dsl_types import INT, Stmt, _IDENT, elem

# Share of list changes (FuncGen.mutate) that are a heap statement.
HEAP_SHARE = 0.15
FUNCTIONS = ("heapify", "heappop", "heappush", "heappushpop", "heapreplace", "nlargest", "nsmallest")
SPELLINGS = {
    "heapq.": "import heapq",
    "hq.": "import heapq as hq",
    "": "from heapq import " + ", ".join(FUNCTIONS),
}


class HeapGen:
    """Heap productions, mixed into FuncGen."""

    def heap_stmt(self, xs: str, t: str, d: int) -> list[Stmt] | None:
        """A heap statement on list xs (a name or m[i]) of type t, or None
        (the caller draws its own change)."""
        pg = self.pg
        if "heapq" not in self.features or pg.late is None or pg.late.random() >= HEAP_SHARE:
            return None
        if pg.heapq_spelling is None:
            pg.heapq_spelling = pg.late.choice(list(SPELLINGS))
        h = pg.heapq_spelling
        rng = self.rng
        base = _IDENT.match(xs).group(0)
        plain = base == xs  # (an item goes in by name only: sema_lib.h, heap_fn)
        grow = self.can_grow(base)
        r = rng.random()
        if r < 0.3 and plain and grow:
            v = self.expr(elem(t), d)
            self.grown.add(base)
            self.note_alias(base, v)
            out = [Stmt(f"{h}heappush({xs}, {v})")]
        elif r < 0.45:
            out = [Stmt(f"{h}heapify({xs})")]
        elif r < 0.6:
            out = self.guarded(xs, Stmt(f"{h}heappop({xs})"))
        elif r < 0.8 and plain:
            v = self.expr(elem(t), d)
            self.note_alias(base, v)
            if rng.random() < 0.5:
                out = self.guarded(xs, Stmt(f"{h}heapreplace({xs}, {v})"))
            else:
                out = [Stmt(f"{h}heappushpop({xs}, {v})")]
        elif grow and self.spend(4):
            self.grown.add(base)
            src = self.expr(t, d)
            self.note_alias(base, src)
            n = rng.choice(["0", "1", "2", "3", "(-1)", self.expr(INT, d)])
            key = ""
            if "lambda_keys" in self.features and rng.random() < 0.4:
                key = (", key=" if rng.random() < 0.7 else ", ") + self.key_fn(elem(t), d)
            fn = rng.choice(["nlargest", "nsmallest"])
            out = [Stmt(f"{xs}.extend({h}{fn}({n}, {src}{key}))")]
        else:
            return None
        pg.used_heapq = True
        return out


def heapq_import(pg) -> list[str]:
    """Program pg's import of heapq, where one of its statements used it."""
    return [SPELLINGS[pg.heapq_spelling]] if pg.used_heapq else []
