"""The generator's sets (feature "sets"): set expressions of int, bool, str
and tuple (of two ints, or an int and a str) keys, made and consumed within
one expression, or built by statements into a set local that is read back
as a list.

A set of ints (or of tuples of ints) iterates in CPython's table order,
which the VM reproduces, so its keys come back through list(), a
comprehension or a loop. A set of strs (or of tuples holding one) has the
order of CPython's per-process hash salt, which nothing reproduces: its
keys come back only through what does not depend on their order (sorted,
len, min, max, in, the comparisons).
"""

from __future__ import annotations

import ast

from .dsl_types import BOOL, INT, LB, LI, LIST_OF, LS, LTIS, STR, TII, TIS, Stmt

SET_KEYS = (INT, INT, BOOL, STR, TII, TIS)
ORDERED = (INT, BOOL, TII)  # keys whose order in a set is CPython's


def _literal_or_variable(x: str) -> bool:
    """A literal (a sign on one included), or an expression reading a name:
    not one whose being a constant CPython's folding rules decide."""
    node = ast.parse(x, mode="eval").body
    while isinstance(node, ast.UnaryOp):
        node = node.operand
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Tuple) and all(_literal_or_variable(ast.unparse(e)) for e in node.elts):
        return True  # (a tuple of literals is one, as CPython folds it)
    return any(isinstance(n, (ast.Name, ast.Call)) for n in ast.walk(node))


class SetGen:
    """Set productions, mixed into FuncGen; each returns None (the caller
    draws again) when "sets" is off."""

    def list_of(self, e: str, d: int) -> str:
        """An expression of type list[e]: the generator's own where it has
        the type, else a display."""
        if e in LIST_OF:
            return self.expr(LIST_OF[e], d)
        return "[" + ", ".join(self.expr(e, d - 1) for _ in range(self.rng.randint(1, 4))) + "]"

    def set_expr(self, e: str, d: int) -> str:
        """An expression of type set[e]."""
        rng = self.rng
        r = rng.random()
        if d <= 0 or r < 0.35:
            if e == STR and rng.random() < 0.4:
                return f"set({self.expr(STR, d)})"
            return f"set({self.list_of(e, d)})"
        if r < 0.55:
            n = rng.choice([1, 2, 3, 3, 4, 5])
            items = [self.expr(e, d - 1) if rng.random() < 0.5 else self.atom(e) for _ in range(n)]
            # the VM refuses a display that only CPython's constant folding orders
            literal = {INT: lambda: str(rng.randint(-40, 40)),
                       TII: lambda: f"({rng.randint(-40, 40)}, {rng.randint(-40, 40)})"}.get(e)
            if literal:
                items = [x if _literal_or_variable(x) else literal() for x in items]
            return "{" + ", ".join(items) + "}"
        if r < 0.65 and "comprehensions" in self.features and self.spend(8):
            clauses = self.comp_open(d)
            body = self.expr(e, min(d, 2))
            self.comp_close()
            return "{" + f"{body} {clauses}" + "}"
        if r < 0.85:
            op = rng.choice(["&", "|", "-"])
            late = self.pg.late
            if "set_xor" in self.features and late is not None and late.random() < 0.25:
                op = "^"
            return f"({self.set_expr(e, d - 1)} {op} {self.set_expr(e, d - 1)})"
        m = rng.choice(["intersection", "union", "difference", "copy"])
        arg = "" if m == "copy" else self.list_of(e, d - 1)
        return f"{self.set_expr(e, d - 1)}.{m}({arg})"

    def keys_back(self, e: str, s: str) -> str:
        """A list of set s's keys (of type e): in its order where CPython's
        order is reproducible, else sorted."""
        if e not in ORDERED:
            return f"sorted({s})"
        return self.rng.choice([f"list({s})", f"sorted({s})", f"list({s})"])

    def l_set(self, t, d):
        if "sets" not in self.features or t not in (LI, LB, LS, LTIS) or not self.spend(4):
            return None
        e = {LI: INT, LB: BOOL, LS: STR, LTIS: TIS}[t]
        return self.keys_back(e, self.set_expr(e, d))

    def i_set(self, d):
        if "sets" not in self.features or not self.spend(4):
            return None
        e = self.rng.choice(SET_KEYS)
        s = self.set_expr(e, d)
        if e == INT and self.rng.random() < 0.4:
            return f"{self.rng.choice(['sum', 'min', 'max'])}({s})"  # min/max of an empty set: ValueError
        return f"len({s})"

    def b_set(self, d):
        if "sets" not in self.features or not self.spend(4):
            return None
        rng = self.rng
        e = rng.choice(SET_KEYS)
        r = rng.random()
        if r < 0.35:
            return f"({self.expr(e, d)} {rng.choice(['in', 'not in'])} {self.set_expr(e, d)})"
        if r < 0.75:
            op = rng.choice(["==", "!=", "<", "<=", ">", ">="])
            return f"({self.set_expr(e, d)} {op} {self.set_expr(e, d)})"
        m = rng.choice(["issubset", "issuperset", "isdisjoint"])
        return f"{self.set_expr(e, d)}.{m}({self.list_of(e, d)})"

    def st_set_build(self, depth):
        """s = <set>; adds, discards and removes; then a new list of its keys."""
        rng = self.rng
        if self.counter >= self.MAX_NAMES - 1:
            return self.st_assign(depth, fallback=False)
        e = rng.choice(SET_KEYS)
        d = self.edepth()
        s = self.fresh("st")
        empty = rng.random() < 0.2  # set(): its first add tells the key type
        out = [Stmt(f"{s} = {'set()' if empty else self.set_expr(e, d)}")]
        for k in range(rng.randint(1, 6)):
            late = self.pg.late
            if "set_xor" in self.features and late is not None and late.random() < 0.2:
                op = late.choice(["|=", "|=", "-=", "^=", "&="])
                out.append(Stmt(f"{s} {op} {self.set_expr(e, d)}"))  # in place; a first one tells the key type
                continue
            m = "add" if empty and k == 0 else rng.choice(["add", "add", "discard", "remove"])
            out.append(Stmt(f"{s}.{m}({self.expr(e, d)})"))  # remove of an absent key: KeyError
        name = self.fresh("xs")
        if e == TII:  # (no list of its tuples in the generator: their parts, in the set's order)
            out.append(Stmt(f"{name} = [a for a, b in {s}] + [b for a, b in {s}]"))
            self.define(name, LI)
        else:
            out.append(Stmt(f"{name} = {self.keys_back(e, s)}"))
            self.define(name, LIST_OF[e])
        return out, False
