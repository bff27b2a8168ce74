"""The generator's numbers of either class (feature "int_or_float"): an
expression whose value is an int on some runs and a float on others, as the
DSL's `int | float` (kernels/numbers.h) holds, made from int and float
expressions and consumed where a scalar is wanted.

It is made by what gives CPython's values both classes: an item of a
display `[i, f]`, a conditional expression with an int and a float
branch, min/max of an int and a float; then arithmetic on it (an int for
two ints, a float with one), -, abs, sum/sorted/max of a display of them.
It ends in int(), round(), math.floor, float(), /, isinstance, type() ==,
comparisons, truth, `in` and str().

An int | float holds ints of 51 bits, where CPython's go on (and the
oracle's model stops at 64): past them the VM's lane is OverflowError, a
deviation the CPython path judges again, which the judge allows in these
programs (runner.py, NUM_MARK).
"""

from __future__ import annotations

from .dsl_types import BOOL, FLOAT, INT, STR

# A comment the programs that use a number of either class carry, so that
# the judge lets their lanes end OverflowError (runner.py).
NUM_MARK = "# int | float"


class NumGen:
    """Productions of numbers of either class, mixed into FuncGen; each
    returns None (the caller draws again) when "int_or_float" is off."""

    # (light weights: a program has many expressions, and one such makes it carry NUM_MARK)
    NUM_PRODS = {INT: [("i_num", 0.12)], FLOAT: [("f_num", 0.08)], BOOL: [("b_num", 0.1)], STR: [("s_num", 0.06)]}

    def num_on(self) -> bool:
        if "int_or_float" not in self.features or not self.spend(4):
            return False
        self.pg.uses_num = True
        return True

    def num_made(self, d: int) -> str:
        """An int | float made of an int and a float: a display's item, a
        conditional expression, min or max."""
        rng = self.rng
        i, f = self.expr(INT, d - 1), self.expr(FLOAT, d - 1)
        k = rng.random()
        if k < 0.4:
            pair = [i, f] if rng.random() < 0.5 else [f, i]
            return f"[{pair[0]}, {pair[1]}][{self.expr(INT, d - 1)} % 2]"
        if k < 0.75:
            return f"({i} if {self.cond(d - 1)} else {f})"
        return f"{rng.choice(['min', 'max'])}({i}, {f})"

    def num_expr(self, d: int) -> str:
        """An expression whose value is an int or a float, as the run decides
        (its static type may be float, where a float operand makes it one)."""
        rng = self.rng
        r = rng.random()
        if d <= 0 or r < 0.4:
            return self.num_made(d)
        if r < 0.7:
            op = rng.choice(["+", "-", "*", "//", "%", "+", "*"])
            other = self.num_expr(d - 1) if rng.random() < 0.5 else self.expr(rng.choice([INT, INT, FLOAT]), d - 1)
            a, b = (self.num_expr(d - 1), other) if rng.random() < 0.7 else (other, self.num_expr(d - 1))
            return f"({a} {op} {b})"
        if r < 0.78:
            return f"({self.num_expr(d - 1)} ** {rng.choice(['0', '1', '2', '3', '-1', '(-2)'])})"
        if r < 0.86:
            return f"{rng.choice(['-', 'abs'])}({self.num_expr(d - 1)})"
        items = ", ".join(self.num_expr(d - 1) for _ in range(rng.randint(1, 3)))
        return rng.choice([f"sum([{items}])", f"sorted([{items}])[0]", f"max([{items}])", f"min([{items}])"])

    def i_num(self, d):
        if not self.num_on():
            return None
        n = self.num_expr(d)
        return self.rng.choice([f"int({n})", f"round({n})", f"math.floor({n})", f"math.ceil({n})", f"len(str({n}))"])

    def f_num(self, d):
        if not self.num_on():
            return None
        n = self.num_expr(d)
        return self.rng.choice([f"float({n})", f"({n} / {self.expr(FLOAT, d - 1)})", f"({n} + 0.5)",
                                f"math.sqrt(abs({n}))"])

    def b_num(self, d):
        if not self.num_on():
            return None
        rng, n = self.rng, self.num_expr(d)
        r = rng.random()
        if r < 0.3:  # (of a float, the types leave the class open: a num made so)
            n = self.num_made(d)
            return rng.choice([f"isinstance({n}, int)", f"isinstance({n}, float)", f"(type({n}) == int)",
                               f"(type({n}) is float)", f"isinstance({n}, (int, float))"])
        if r < 0.7:
            op = rng.choice(["<", "<=", "==", "!=", ">", ">="])
            other = self.num_expr(d - 1) if rng.random() < 0.5 else self.expr(rng.choice([INT, FLOAT]), d - 1)
            return f"({n} {op} {other})"
        if r < 0.85:
            return f"bool({n})" if rng.random() < 0.5 else f"(not {n})"
        return f"({n} in [{self.num_expr(d - 1)}, {self.num_expr(d - 1)}])"

    def s_num(self, d):
        if not self.num_on():
            return None
        return f"str({self.num_expr(d)})"
