"""The generator's dicts (feature "dicts"): dict expressions with int, bool,
str or tuple keys, made and consumed within one expression, and dict locals built
by statements (stores, augmented stores, counting loops, pops, setdefault)
then read back as lists. A dict's order is its insertion order in CPython,
so everything that hands it on is compared exactly.
"""

from __future__ import annotations

from .dsl_types import BOOL, INT, LI, LIST_OF, LS, LTIS, STR, TII, TIS, Stmt

KEYS = (INT, INT, STR, STR, BOOL, TII, TIS)
VALUES = (INT, INT, STR, LI)


class DictGen:
    """Dict productions, mixed into FuncGen; each returns None (the caller
    draws again) when "dicts" is off."""

    def dict_expr(self, k: str, v: str, d: int) -> str:
        """An expression of type dict[k, v]: a display (never empty: its types
        come from its items), a copy, or a comprehension."""
        rng = self.rng
        if d > 0 and rng.random() < 0.2:
            inner = self.dict_expr(k, v, d - 1)
            return rng.choice([f"dict({inner})", f"{inner}.copy()"])
        if d > 0 and rng.random() < 0.15 and "comprehensions" in self.features and self.spend(8):
            clauses = self.comp_open(d)  # (may give no item: an empty dict, whose types the key and value tell)
            key, value = self.expr(k, min(d, 2)), self.expr(v, min(d, 2))
            self.comp_close()
            return "{" + f"{key}: {value} {clauses}" + "}"
        n = rng.choice([1, 2, 3, 3, 4])
        pairs = [f"{self.expr(k, d - 1) if rng.random() < 0.5 else self.atom(k)}: {self.expr(v, d - 1)}" for _ in range(n)]
        return "{" + ", ".join(pairs) + "}"

    def pick_types(self) -> tuple[str, str]:
        return self.rng.choice(KEYS), self.rng.choice(VALUES)

    def l_dict(self, t, d):
        if "dicts" not in self.features or not self.spend(4):
            return None
        rng = self.rng
        k, v = self.pick_types()
        if t == LIST_OF.get(k) and rng.random() < 0.5:
            e = self.dict_expr(k, v, d)
            return rng.choice([f"list({e})", f"sorted({e})", f"list({e}.keys())"])
        if t == LIST_OF.get(v):
            e = self.dict_expr(k, v, d)
            return f"list({e}.values())"
        if t == LTIS:
            e = self.dict_expr(INT, STR, d)
            return rng.choice([f"list({e}.items())", f"sorted({e}.items())"])
        return None

    def i_dict(self, d):
        if "dicts" not in self.features or not self.spend(4):
            return None
        rng = self.rng
        k, v = self.pick_types()
        e = self.dict_expr(k, v, d)
        r = rng.random()
        if r < 0.3:
            return f"len({e})"
        if v == INT and r < 0.6:
            return rng.choice([f"{e}[{self.expr(k, d)}]", f"{e}.get({self.expr(k, d)}, {self.expr(INT, d)})",
                               f"sum({e}.values())", f"{e}.pop({self.expr(k, d)}, {self.expr(INT, d)})"])
        if v == INT:
            return f"max({e}.values())"
        return f"len({e})"

    def b_dict(self, d):
        if "dicts" not in self.features or not self.spend(4):
            return None
        rng = self.rng
        k, v = self.pick_types()
        r = rng.random()
        if r < 0.5:
            where = rng.choice(["", "", ".keys()"])
            return f"({self.expr(k, d)} {rng.choice(['in', 'not in'])} {self.dict_expr(k, v, d)}{where})"
        if r < 0.65 and v != LI:
            return f"({self.expr(v, d)} in {self.dict_expr(k, v, d)}.values())"
        return f"({self.dict_expr(k, v, d)} {rng.choice(['==', '!='])} {self.dict_expr(k, v, d)})"

    def st_dict_build(self, depth):
        """d = {...}; stores, counts, pops; then a new list of its keys or values
        (or a Counter's or defaultdict's statements: counters.py)."""
        counted = self.counter_build(depth)
        if counted:
            return counted, False
        rng = self.rng
        if self.counter >= self.MAX_NAMES - 2:
            return self.st_assign(depth, fallback=False)
        k, v = self.pick_types()
        dd = self.edepth()
        name = self.fresh("dc")
        counting = v == INT and k in (STR, INT) and rng.random() < 0.3
        out = [Stmt(f"{name} = {{}}" if counting or rng.random() < 0.3 else f"{name} = {self.dict_expr(k, v, dd)}")]
        if counting:  # d[x] = d.get(x, 0) + 1 over a str's characters or a list's ints
            x = self.fresh("c")
            src = self.expr(STR if k == STR else LI, dd)
            out.append(Stmt(f"for {x} in {src}:", [(None, [Stmt(f"{name}[{x}] = {name}.get({x}, 0) + 1")])]))
        else:
            out.append(Stmt(f"{name}[{self.expr(k, dd)}] = {self.expr(v, dd)}"))  # tells {}'s types
            for _ in range(rng.randint(0, 4)):
                r = rng.random()
                key = self.expr(k, dd)
                if r < 0.4:
                    out.append(Stmt(f"{name}[{key}] = {self.expr(v, dd)}"))
                elif r < 0.55 and v == INT:
                    out.append(Stmt(f"{name}[{key}] += {self.expr(INT, dd)}"))  # absent: KeyError
                elif r < 0.75:
                    out.append(Stmt(f"{name}.pop({key}, {self.expr(v, dd)})"))
                else:
                    out.append(Stmt(f"{name}.setdefault({key}, {self.expr(v, dd)})"))
        xs = self.fresh("xs")
        if (rng.random() < 0.5 or v == LI) and k in LIST_OF:
            out.append(Stmt(f"{xs} = list({name})"))
            self.define(xs, LIST_OF[k])
        else:
            out.append(Stmt(f"{xs} = list({name}.values())"))
            self.define(xs, LIST_OF[v])
        return out, False
