"""The generator's numbers of either class (feature "int_or_float"): the
DSL's `int | float` (kernels/numbers.h), a number whose class the run
decides, as a CPython variable that holds an int on some runs and a float
on others.

In every program (light weights, NUM_PRODS): an expression of type NUM,
made from int and float expressions, consumed where a scalar is wanted
(int(), round(), math.floor/ceil, float(), /, + 0.5, math.sqrt(abs()),
isinstance, type() ==, comparisons and chains, truth, `in`, str(), f"{x}").

In NUM_SHARE of the seeds (drawn from the seed alone, as UNION_SHARE's;
"num programs", ProgramGen.num) besides: the entry's and the helpers'
parameters and results of type `int | float` and `list[int | float]`
(spelt `float | int`, `Union[int, float]`, `List[...]` too), whose test
values mix ints and floats (literals.rand_num), so both classes reach each
operation; locals of those types, annotated or not; locals widened by the
compiler (an int, then a float in a loop or a branch: `t = 0`, then `t += x
/ 2`; `y = 0.5`, then `y = n` in an if; a parameter given the other class
in the function's first statement); a new list of ints given floats later
(`seq = [1, 3]; seq.append(j / 2)`); lists of either class grown by an int
or a float (append, insert, item assignment); and the containers' own
productions over `list[int | float]` (displays mixing both classes,
comprehensions, sorted, slices, sum/min/max, for loops over one, `in`,
index/count/remove of a number of either class).

Every expression of type NUM the generator writes is one the compiler types
int | float (never an int or a float alone): a name of that type, a display's
item, a conditional with an int and a float branch, min/max of both, or an
operation on one whose other operand is no float (+ 0.5 would be a float).
So a list display of them is a list[int | float], as a parameter of that
type, `x and y`, list.count/index/remove and a list comparison want (the
compiler refuses a list[int] or list[float] there, an int and an int |
float as the operands of `and`, an int or a float to count in a list of
int | float). The compiler types a program in order and types it again when
a store widens a name: so a widened name is read only after the store that
widens it (a use before it that only an int | float allows is refused, a
gap), and a program widens at most MAX_WIDENED names. It refuses a number
of either class in bitwise operators, round(x, n), format specs,
str.format, divmod, pow(), as an index or a range() argument, and as a
set's or a dict's key: none is drawn. An entry whose result is one of
these types returns another type on some paths under num_foreign_returns,
as foreign_returns does for the others.

An int | float holds ints of 51 bits, where CPython's go on (and the
oracle's model stops at 64): past them the VM's lane is OverflowError, a
deviation the CPython path judges again, which the judge allows in these
programs (runner.py, NUM_MARK). Test values stay within 51 bits (the
Problem could not carry others).
"""

from __future__ import annotations

import os
import random

from .dsl_types import BOOL, FLOAT, INT, LF, LI, LN, NUM, STR, Stmt, elem, is_list, is_num, pick, spell
from .literals import lit

# Names a program may widen to int | float (gpubackend/kernels/limits.h,
# MAX_WIDENED): the compiler refuses the next ("'t' is int, cannot assign float").
MAX_WIDENED = 8

# A comment the programs that use a number of either class carry, so that
# the judge lets their lanes end OverflowError (runner.py).
NUM_MARK = "# int | float"

# Share of seeds whose programs are num programs (their signatures, helpers
# and locals draw int | float and list[int | float]), drawn from the seed
# alone like gen.UNION_SHARE: the other seeds make the programs they made.
# DIFFTEST_NUM_SHARE raises it for a run focused on them (bench/difftest.py's
# worker processes inherit it): 1.0 makes every seed's programs num programs.
NUM_SHARE = float(os.environ.get("DIFFTEST_NUM_SHARE", "0.1"))


def num_for(seed: int | None, features) -> bool:
    """Whether this seed's programs are num programs."""
    return (seed is not None and "int_or_float" in features
            and random.Random(f"num:{seed}").random() < NUM_SHARE)


def num_types(seed: int, params: list[tuple[str, str]], ret: str, t34: bool):
    """A num program's signature: some parameters and maybe the result made
    int | float (or list[int | float] in tier 3-4 programs); at least one
    parameter is one. Drawn from the seed's own stream."""
    rng = random.Random(f"numsig:{seed}")
    table = [(NUM, 3), (LN, 2)] if t34 else [(NUM, 1)]
    params = [(n, pick(rng, table)) if rng.random() < 0.45 else (n, t) for n, t in params]
    if not any(t in (NUM, LN) for _, t in params):
        names = [n for n, _ in params]
        k = rng.randrange(len(params) + 1) if len(params) < 4 else rng.randrange(len(params))
        if k < len(params):
            params[k] = (names[k], pick(rng, table))
        else:
            params.append(("abcd"[len(params)], pick(rng, table)))
    if " | " not in ret and rng.random() < 0.45:
        ret = pick(rng, table)
    return params, ret


def one_of(rng: random.Random, *makers):
    """One of the makers' results, only the one drawn made (a maker may
    spend local slots or define names)."""
    return rng.choice(makers)()


class NumGen:
    """Productions and statements of numbers of either class, mixed into
    FuncGen. The consumers (NUM_PRODS) return None (the caller draws again)
    when "int_or_float" is off; the statements are drawn in num programs."""

    # (light weights: a program has many expressions, and one such makes it carry NUM_MARK)
    NUM_PRODS = {INT: [("i_num", 0.12)], FLOAT: [("f_num", 0.08)], BOOL: [("b_num", 0.1)], STR: [("s_num", 0.06)]}
    # the same in num programs, where they are the point
    NUM_PRODS_HEAVY = {INT: [("i_num", 2.5)], FLOAT: [("f_num", 2.0)], BOOL: [("b_num", 2.5)], STR: [("s_num", 1.0)]}
    # expressions of type NUM
    NUM_TYPE_PRODS = [("n_made", 2), ("n_arith", 3), ("n_pow", 0.4), ("n_unary", 1), ("n_minmax", 1),
                      ("n_ifexp", 0.8), ("n_andor", 0.3), ("n_call", 1.5), ("n_agg", 1.5)]

    @property
    def num_mode(self) -> bool:
        return self.pg.num

    def num_on(self) -> bool:
        if "int_or_float" not in self.features or not self.spend(2):
            return False
        self.pg.uses_num = True
        return True

    # ---- expressions of type NUM (FuncGen.expr(NUM, d))
    def nexpr(self, d: int) -> str:
        rng = self.rng
        self.pg.uses_num = True
        if d <= 0 or self.expr_budget <= 0 or rng.random() < (0.1 if self.tiny else 0.2):
            return self.num_atom()
        names = [p[0] for p in self.NUM_TYPE_PRODS]
        weights = [p[1] for p in self.NUM_TYPE_PRODS]
        for _ in range(8):
            s = getattr(self, rng.choices(names, weights)[0])(d - 1)
            if s is not None:
                return s
        return self.num_atom()

    def num_atom(self) -> str:
        """A name of type NUM, or one made of literals."""
        vs = self.visible(NUM)
        if vs and self.rng.random() < (0.9 if self.tiny else 0.7):
            return self.rng.choice(vs)
        return self.num_made(0)

    def num_int(self, d: int) -> str:
        """An int for a number of either class: often a small literal (an
        int | float's int holds 51 bits)."""
        rng = self.rng
        if rng.random() < 0.5:
            v = rng.randint(-12, 12)
            return f"({v})" if v < 0 else str(v)
        return self.expr(INT, d)

    def num_made(self, d: int) -> str:
        """An int | float made of an int and a float: a display's item, a
        conditional expression, min or max (of literals and names at depth
        0: an atom makes no other expression)."""
        rng = self.rng
        if d <= 0:
            i, f = lit(rng, INT, ()) if rng.random() < 0.3 else str(rng.randint(0, 9)), lit(rng, FLOAT, ())
            vs = self.visible(INT) + self.visible(BOOL)
            k = rng.choice(vs) if vs and rng.random() < 0.7 else str(rng.randint(0, 1))
            form = rng.random()
            if form < 0.5:
                return f"[{i}, {f}][{k} % 2]" if rng.random() < 0.5 else f"[{f}, {i}][{k} % 2]"
            return f"{rng.choice(['min', 'max'])}({i}, {f})" if rng.random() < 0.5 else f"max({f}, {i})"
        i, f = self.num_int(d - 1), self.expr(FLOAT, d - 1)
        k = rng.random()
        if k < 0.4 and self.spend(1):
            pair = [i, f] if rng.random() < 0.5 else [f, i]
            return f"[{pair[0]}, {pair[1]}][{self.expr(INT, d - 1)} % 2]"
        if k < 0.75:
            a, b = (i, f) if rng.random() < 0.5 else (f, i)
            return f"({a} if {self.cond(d - 1)} else {b})"
        return f"{rng.choice(['min', 'max'])}({i}, {f})"

    def n_made(self, d):
        return self.num_made(d)

    def n_arith(self, d):
        """A number of either class and an int or another: its class as
        CPython's (an int for two ints, a float with a float)."""
        rng = self.rng
        op = rng.choice(["+", "-", "*", "//", "%", "+", "*", "-"])
        r = rng.random()
        other = self.expr(NUM, d) if r < 0.45 else self.num_int(d) if r < 0.9 else self.expr(BOOL, d)
        a, b = (self.expr(NUM, d), other) if rng.random() < 0.7 else (other, self.expr(NUM, d))
        return f"({a} {op} {b})"

    def n_pow(self, d):
        rng = self.rng
        e = rng.choice(["0", "1", "2", "3", "-1", "(-2)"]) if rng.random() < 0.8 else f"({self.expr(INT, d)} % 3)"
        return f"({self.expr(NUM, d)} ** {e})"

    def n_unary(self, d):
        rng = self.rng
        return f"{rng.choice(['-', '+', 'abs', '-'])}({self.expr(NUM, d)})"

    def n_minmax(self, d):
        """min/max of numbers of either class, ints and floats: the winner
        keeps its class (at least one of either class, or an int and a float)."""
        rng = self.rng
        args = [self.expr(NUM, d), self.expr(rng.choice([NUM, INT, FLOAT]), d)]
        if rng.random() < 0.25:
            args.append(self.num_int(d) if rng.random() < 0.5 else self.expr(FLOAT, d))
        rng.shuffle(args)
        return f"{rng.choice(['min', 'max'])}({', '.join(args)})"

    def n_ifexp(self, d):
        return self.ifexp(NUM, d)

    def n_andor(self, d):
        return self.andor(NUM, d)

    def n_call(self, d):
        return self.call(NUM, d)

    def n_agg(self, d):
        """sum/min/max/sorted of a list of them, an item, a pop."""
        rng = self.rng
        if not self.t34:  # a display (its items are int | floats: so is the list)
            if not self.spend(2):
                return None
            items = ", ".join(self.expr(NUM, d) for _ in range(rng.randint(1, 3)))
            return rng.choice([f"sum([{items}])", f"sorted([{items}])[0]", f"max([{items}])", f"min([{items}])",
                               f"[{items}][-1]"])
        r = rng.random()
        if r < 0.25:
            return f"{self.crecv(LN, d)}[{self.lidx(d)}]"
        if r < 0.35:
            xs = self.var_of(LN)
            if xs is not None:
                return f"{xs}.pop()" if rng.random() < 0.5 else f"{xs}.pop({self.lidx(d)})"
        if r < 0.5:
            g = self.genexp(NUM, d, minmax=True)
            if g:
                return f"{rng.choice(['sum', 'sum', 'min', 'max'])}({g})"
        if not self.spend(3):
            return None
        if r < 0.6 and "lambda_keys" in self.features:
            return f"{rng.choice(['min', 'max'])}({self.expr(LN, d)}, key={self.key_fn(NUM, d)})"
        fn = rng.choice(["sum", "sum", "min", "max", "sorted"])
        if fn == "sorted":
            return f"sorted({self.expr(LN, d)}{self.sort_args(NUM, d)})[{self.lidx(d)}]"
        return f"{fn}({self.expr(LN, d)})"

    def ln_display(self, d: int) -> str:
        """A display of a list[int | float]: items of either class, or ints
        and floats mixed (one of each at least)."""
        rng = self.rng
        n = rng.choice([1, 1, 2, 2, 3])
        if rng.random() < 0.5:
            return "[" + ", ".join(self.expr(NUM, d) for _ in range(n)) + "]"
        items = [self.num_int(d), self.expr(FLOAT, d)] + [self.expr(NUM, d) for _ in range(n - 1)]
        rng.shuffle(items)
        return "[" + ", ".join(items) + "]"

    # ---- consumers: scalars made from a number of either class
    def num_expr(self, d: int) -> str:
        return self.expr(NUM, d)

    def i_num(self, d):
        if not self.num_on():
            return None
        rng = self.rng
        n = self.num_expr(d)
        if self.t34 and self.num_mode and rng.random() < 0.15:
            xs = self.crecv(LN, d)
            if rng.random() < 0.5:
                return f"{xs}.count({n})"
            return f"({xs}.index({n}) if {n} in {xs} else {self.expr(INT, d)})"
        return rng.choice([f"int({n})", f"round({n})", f"math.floor({n})", f"math.ceil({n})", f"len(str({n}))",
                           f"int({n})", f"round({n})"])

    def f_num(self, d):
        if not self.num_on():
            return None
        n = self.num_expr(d)
        return one_of(self.rng, lambda: f"float({n})", lambda: f"({n} / {self.expr(FLOAT, d - 1)})",
                      lambda: f"({n} + 0.5)", lambda: f"math.sqrt(abs({n}))",
                      lambda: f"({n} / {self.divisor(INT, d - 1)})", lambda: f"({self.expr(FLOAT, d - 1)} * {n})",
                      lambda: f"({n} - {self.expr(FLOAT, d - 1)})")

    # isinstance's and type()'s classes for a number of either class
    NUM_CLASSES = ["int", "float", "(int, float)"]

    def b_num(self, d):
        if not self.num_on():
            return None
        rng, n = self.rng, self.num_expr(d)
        r = rng.random()
        if r < 0.3:
            if rng.random() < 0.6:
                return f"isinstance({n}, {rng.choice(self.NUM_CLASSES)})"
            call, cls = f"type({n})", rng.choice(["int", "float"])
            op = rng.choice(["==", "!=", "is", "is not"])
            if rng.random() < 0.4:  # another number's class: of either class too, or an int's
                other = self.num_expr(d - 1) if rng.random() < 0.6 else self.expr(INT, d - 1)
                return f"({call} {op} type({other}))"
            return f"({call} {op} {cls})" if rng.random() < 0.7 else f"({cls} {op} {call})"
        if r < 0.7:
            ops = ["<", "<=", "==", "!=", ">", ">="]
            parts = [n]
            for _ in range(rng.choice([1, 1, 1, 2])):
                other = self.num_expr(d - 1) if rng.random() < 0.4 else self.expr(rng.choice([INT, FLOAT]), d - 1)
                parts += [rng.choice(ops), other]
            if rng.random() < 0.3:
                parts = parts[::-1]
            return f"({' '.join(parts)})"
        if r < 0.85:
            return f"bool({n})" if rng.random() < 0.5 else f"(not {n})"
        neg = rng.choice(["in", "not in"])
        if self.t34 and rng.random() < 0.6:
            xs = self.expr(rng.choice([LN, LN, LI, LF]) if self.num_mode else rng.choice([LI, LF]), d - 1)
            return f"({n} {neg} {xs})"
        return f"({n} {neg} [{self.num_expr(d - 1)}, {self.num_expr(d - 1)}])"

    def s_num(self, d):
        if not self.num_on():
            return None
        rng, n = self.rng, self.num_expr(d)
        r = rng.random()
        if r < 0.6:
            return f"str({n})"
        if "fstrings" in self.features and not any(c in n for c in "\\'\"#{}"):
            return rng.choice([f'f"{{{n}}}"', f'f"<{{{n}}}>"', f'f"{{{n}!r}}"', f'f"{{{n}}}={{{n}}}"'])
        return f"(str({n}) + 'x')"

    # ---- statements (num programs)
    def num_stmt_choices(self, can_nest: bool, can_loop: bool):
        have_num = bool(self.visible(NUM, writable=True))
        have_ln = self.t34 and any(n not in self.readonly for n in self.visible(LN))
        room = self.counter < self.MAX_NAMES - 2
        return [
            ("num_new", 1.2 if room else 0), ("num_assign", 1.5 if have_num else 0),
            ("widen", 1.5 if room and (can_nest or can_loop) else 0),
            ("ln_new", 1.0 if self.t34 and room else 0), ("ln_grow", 1.2 if have_ln else 0),
        ]

    def st_num_new(self, depth):
        """A new local of type NUM: an expression of that type, or an
        annotated one given an int, a float or one of either class."""
        rng = self.rng
        name = self.fresh("n")
        d = self.edepth()
        if rng.random() < 0.35:
            e = self.expr(rng.choice([INT, FLOAT, NUM]), d) if rng.random() < 0.7 else self.num_int(d)
            self.define(name, NUM)
            return [Stmt(f"{name}: {spell(rng, NUM)} = {e}")], False
        e = self.expr(NUM, d)
        self.define(name, NUM)
        return [Stmt(f"{name} = {e}")], False

    def st_num_assign(self, depth):
        """name = an int, a float or one of either class; or name op= one."""
        rng = self.rng
        name = rng.choice(self.visible(NUM, writable=True))
        d = self.edepth()
        if rng.random() < 0.45:
            return [Stmt(f"{name} = {self.expr(rng.choice([INT, FLOAT, NUM, NUM]), d)}")], False
        op = rng.choice(["+=", "-=", "*=", "/=", "//=", "%=", "**=", "+=", "-=", "*="])
        if op == "**=":
            rhs = rng.choice(["2", "0", "(-1)", "3"])
        elif op in ("/=", "//=", "%=") and rng.random() < 0.5:
            rhs = self.divisor(rng.choice([INT, FLOAT]), d)
        else:
            rhs = self.expr(rng.choice([INT, FLOAT, NUM, NUM]), d)
        return [Stmt(f"{name} {op} {rhs}")], False

    def can_loop_here(self, depth: int) -> bool:
        return depth < self.MAX_BLOCK_DEPTH and self.loop_depth < self.MAX_LOOP_DEPTH and self.loops < self.MAX_LOOPS

    def widen_ok(self) -> bool:
        """Whether the program may widen one more name (kernels/limits.h:
        MAX_WIDENED per program; the next one is refused)."""
        if self.pg.widened >= MAX_WIDENED:
            return False
        self.pg.widened += 1
        return True

    def st_widen(self, depth):
        """A local given an int, then a float in a loop or a branch (or a
        float, then an int): the compiler makes it an int | float. The name
        is read as one only after the store that widens it: the compiler
        types a program in order, and a use before that store that only an
        int | float allows (a display of it where a list[int | float] is
        due, `x and n`) is refused (a gap)."""
        rng = self.rng
        can_nest = depth < self.MAX_BLOCK_DEPTH
        can_loop = self.can_loop_here(depth)
        if not can_nest or not self.widen_ok():  # (no branch: a name given two values in a row is two variables)
            return self.st_num_new(depth)
        d = self.edepth()
        name = self.fresh("t")
        first_int = rng.random() < 0.7
        init = (one_of(rng, lambda: "0", lambda: "0", lambda: "1", lambda: self.num_int(d)) if first_int
                else one_of(rng, lambda: "0.5", lambda: "0.0", lambda: self.expr(FLOAT, d)))
        out = [Stmt(f"{name} = {init}")]
        if can_loop and first_int and rng.random() < 0.6:  # total = 0; for ...: total += x / 2
            self.loops += 1
            j = self.fresh("j")
            self.types[j] = INT
            src = f"range({self.small(d, rng.randint(1, 6), low=rng.choice([0, 0, 1]))})"
            mark = len(self.frozen)
            if self.t34 and rng.random() < 0.5:  # over a list (nothing grows it in the loop)
                xs_t = rng.choice([LI, LF, LN] if self.num_mode else [LI, LF])
                src = self.expr(xs_t, min(d, 2))
                self.frozen.extend(self.list_names(src))
                j = self.fresh("w")
                self.types[j] = elem(xs_t)
            upd = one_of(rng, lambda: f"{name} = {name} + {j} / 2", lambda: f"{name} += {j} / 2",
                         lambda: f"{name} += 0.5", lambda: f"{name} = {name} / 2", lambda: f"{name} /= 2",
                         lambda: f"{name} += {self.expr(FLOAT, d)}", lambda: f"{name} = {name} * 0.5 + {j}",
                         lambda: f"{name} = {name} + {self.expr(NUM, d)}",
                         lambda: f"{name} += {self.expr(INT, d)} / 3")
            self.scopes[-1].add(j)  # (the guard sees the loop's variable)
            self.readonly.add(j)
            pre = [Stmt(upd)] if rng.random() < 0.6 else [Stmt(f"if {self.cond(d)}:", [(None, [Stmt(upd)])])]
            self.scopes[-1].discard(j)
            self.define(name, NUM)
            body = self.loop_body(depth, pre, [j])
            del self.frozen[mark:]
            return out + [Stmt(f"for {j} in {src}:", [(None, body)])], False
        head = f"if {self.test(d)}:"
        if first_int:
            other = one_of(rng, lambda: f"{name} / 2", lambda: f"{name} * 0.5", lambda: self.expr(FLOAT, d),
                           lambda: f"{name} / {self.divisor(INT, d)}")
        else:
            other = one_of(rng, lambda: self.expr(INT, d), lambda: f"round({name})", lambda: f"int({name})",
                           lambda: self.num_int(d))
        self.define(name, NUM)
        more = self.sub_block(depth, 1) if rng.random() < 0.35 else []
        blocks = [(None, [Stmt(f"{name} = {other}")] + more)]
        if rng.random() < 0.3:
            blocks.append(("else:", [Stmt(f"{name} = {self.expr(rng.choice([INT, FLOAT, NUM]), d)}")]))
        return out + [Stmt(head, blocks)], False

    def param_widen(self) -> list[Stmt]:
        """Sometimes the function's first statement gives an int or float
        parameter a value of the other class: it is an int | float from the
        start (parameter_halved_in_a_loop.py); its test does not read it."""
        rng = self.rng
        ps = [n for n, t in self.params if t in (INT, FLOAT) and n not in self.readonly]
        if not ps or self.bare or rng.random() >= 0.3 or not self.widen_ok():
            return []
        p = rng.choice(ps)
        was = self.types[p]
        self.types[p] = "(hidden)"
        d = self.edepth()
        test = self.test(d)
        if was == INT:
            other = one_of(rng, lambda: f"{p} / 2", lambda: f"{p} * 0.5", lambda: self.expr(FLOAT, d))
        else:
            other = one_of(rng, lambda: f"round({p})", lambda: f"int({p})", lambda: self.expr(INT, d))
        self.types[p] = NUM
        return [Stmt(f"if {test}:", [(None, [Stmt(f"{p} = {other}")])])]

    def st_ln_new(self, depth):
        """A new list[int | float]: an expression, an annotated display or
        [], a display of ints given a float later (read only after that:
        as st_widen's), [] given a number."""
        rng = self.rng
        name = self.fresh("xs")
        d = self.edepth()
        r = rng.random()
        if r < 0.3:
            e = self.expr(LN, d)
            self.define(name, LN)
            self.note_alias(name, e)
            return [Stmt(f"{name} = {e}")], False
        if r < 0.45:
            e = "[]" if rng.random() < 0.5 else self.ln_display(d)
            self.define(name, LN)
            self.note_alias(name, e)
            return [Stmt(f"{name}: {spell(rng, LN)} = {e}")], False
        if r < 0.85 and self.widen_ok():  # seq = [1, 3]; seq.append(i / 2)
            ints = ", ".join(self.num_int(d) for _ in range(rng.choice([1, 2, 2, 3])))
            out = [Stmt(f"{name} = [{ints}]")]
            f = one_of(rng, lambda: self.expr(FLOAT, d), lambda: "0.5", lambda: f"{self.num_int(d)} / 2")
            grow = Stmt(f"{name}.append({f})" if rng.random() < 0.8 else f"{name}.insert({self.lidx(d)}, {f})")
            if self.can_loop_here(depth) and rng.random() < 0.4:
                self.loops += 1
                j = self.fresh("j")
                self.types[j] = INT
                grow = Stmt(rng.choice([f"{name}.append({j} / 2)", f"{name}.append({j} / 2 + 1)",
                                        f"{name}.append({name}[-1] + {j} / 2)"]))
                out.append(Stmt(f"for {j} in range({self.small(d, 6)}):", [(None, [grow])]))
            else:
                out.append(grow)
            self.define(name, LN)
            return out, False
        e = self.expr(NUM, d)
        self.define(name, LN)
        return [Stmt(f"{name} = []"), Stmt(f"{name}.append({e})")], False

    def st_ln_grow(self, depth):
        """A list[int | float] given an int, a float or a number of either
        class: append, insert, an item assigned or changed in place."""
        rng = self.rng
        xs = rng.choice([n for n in self.visible(LN) if n not in self.readonly])
        d = self.edepth()
        v = self.expr(rng.choice([INT, FLOAT, NUM]), d) if rng.random() < 0.8 else self.num_int(d)
        r = rng.random()
        if r < 0.5 and self.can_grow(xs):
            self.grown.add(xs)
            if rng.random() < 0.7:
                return [Stmt(f"{xs}.append({v})")], False
            return [Stmt(f"{xs}.insert({self.lidx(d)}, {v})")], False
        i = self.lidx(d)
        if r < 0.8:
            return self.guarded(xs, Stmt(f"{xs}[{i}] = {v}"), i), False
        op = rng.choice(["+=", "-=", "*=", "/="])
        return self.guarded(xs, Stmt(f"{xs}[{i}] {op} {v}"), i), False

    def num_arg(self, pt: str, d: int) -> str | None:
        """For a parameter of type NUM, sometimes a plain int or float (the
        callee holds it as an int | float); None: an expression of its type."""
        if pt == NUM and self.rng.random() < 0.4:
            return self.expr(self.rng.choice([INT, FLOAT]), d)
        return None


def num_result_ok(ret: str) -> bool:
    return is_num(ret) or (is_list(ret) and is_num(elem(ret)))
