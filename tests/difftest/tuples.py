"""The generator's tuples of any length (feature "tuple_any_length"): the
DSL's tuple[T, ...] (docs/language.md, "Tuples of any length") of ints,
strs, floats and bools, tuple[tuple[int, ...], ...] and list[tuple[int,
...]].

In every tier 3-4 program (light weights, TV_PRODS): scalars and lists
read from a tuple of any length made within the expression (tuple() of a
list, a str, a range, sorted(...), map(...) or a generator expression; a
slice, `t + u`, `t * n`, a slice or a repeat of a display of items of one
type), by len, an index of any int, count, index, `in`, sum, min, max,
sorted, list, reversed, join, ==, < and the others, truth and isinstance;
count and index of a display of fixed items of one type.

In TV_SHARE of the tier 3-4 seeds (tuple programs, drawn from the seed
alone as numbers.NUM_SHARE's) besides: the entry's and the helpers'
parameters and results of those types (spelt Tuple[...] too), whose test
values are tuples of 0-6 items; locals of them (plain, or annotated and
given a display or `()`); a local that starts `res = ()` (or a display)
and is given `res + (x,)` in a loop or a branch, which the compiler types
again as a tuple[T, ...] (a widened name, numbers.MAX_WIDENED); such names
grown, repeated, sliced, rebound, unpacked and iterated (for, enumerate,
zip, comprehensions); a display or `()` passed, returned or stored where
one is wanted; and a tuple[int, ...] returned, passed or stored where a
tuple[int, int] is wanted: the VM checks its length when it runs, and a
lane whose length differs ends Unsupported, a deviation the CPython path
judges again, which the judge allows in the programs that carry TV_MARK
(runner.py).

Every expression of type tuple[T, ...] the generator writes (ContainerGen
.cexpr with TV_TYPE_PRODS) has that static type, and displays appear
where one is wanted (tv_operand) and, under their own features, in a
conditional with one ("tuple_fixed_ifexp"), as an item of a list or a
tuple of them ("tuple_fixed_items"), in a local given a display first and
a tuple[T, ...] by `=` ("tuple_fixed_then_any"), and returned by an entry
that returns another type on some path ("tuple_fixed_foreign"). Gaps that
KNOWN_GAPS names and switches off: a display as an operand of and/or with
one ("tuple_fixed_andor"), and, in a helper nested in the entry, `res =
()` then `res = res + (x,)` in a block ("nested_empty_plus"). Not drawn, as
the compiler refuses them by its rules: a tuple compared with a list or
with items of another type (a tuple[float, ...] with ints included),
str()/repr()/f-string of one, min/max with default=, index with a start,
starred unpacking, a literal index out of range of a tuple of fixed items.
"""

from __future__ import annotations

import ast
import os
import random

from .dsl_types import (BOOL, ENTRY, FLOAT, INT, LI, LIST_OF, LLI, LS, LTVI, STR, TII, TV_TYPES, TVB, TVF, TVI, TVS,
                        TVVI, Stmt, elem, is_list, is_vtuple, items, pick, spell)

# A comment the programs carry where a tuple[int, ...] stands for a
# tuple[int, int]: the judge lets their lanes end Unsupported (runner.py).
TV_MARK = "# tuple[T, ...] where a tuple of fixed items is wanted"

# Share of tier 3-4 seeds whose programs are tuple programs, drawn from the
# seed alone; DIFFTEST_TV_SHARE raises it for a focused run (1.0: every tier
# 3-4 seed; bench/difftest.py's workers inherit it).
TV_SHARE = float(os.environ.get("DIFFTEST_TV_SHARE", "0.2"))

# the types of a tuple program's signatures and helpers
TV_SIG_TYPES = [(TVI, 3), (TVS, 2), (TVF, 1), (TVB, 0.5), (TVVI, 0.8), (LTVI, 0.8)]
# what an expression of the consumers reads (nested ones in tuple programs only)
TV_FLAT = [(TVI, 4), (TVS, 2), (TVF, 1), (TVB, 0.6)]


def tv_for(seed: int | None, features, t34: bool) -> bool:
    """Whether this seed's programs are tuple programs."""
    return (seed is not None and t34 and "tuple_any_length" in features
            and random.Random(f"tv:{seed}").random() < TV_SHARE)


def tv_types(seed: int, params: list[tuple[str, str]], ret: str):
    """A tuple program's signature: some parameters (one at least) and
    maybe the result made tuple types, but those of a num program's
    (numbers.num_types). Drawn from the seed's own stream."""
    rng = random.Random(f"tvsig:{seed}")
    free = [k for k, (_, t) in enumerate(params) if "int | float" not in t]
    params = [(n, pick(rng, TV_SIG_TYPES)) if k in free and rng.random() < 0.45 else (n, t)
              for k, (n, t) in enumerate(params)]
    if not any(t in TV_TYPES or t == LTVI for _, t in params):
        k = rng.choice(free) if free and (len(params) == 4 or rng.random() < 0.7) else len(params)
        name = params[k][0] if k < len(params) else "abcd"[len(params)]
        params[k:k + 1] = [(name, pick(rng, TV_SIG_TYPES))]
    if " | " not in ret and "int | float" not in ret and rng.random() < 0.45:
        ret = pick(rng, TV_SIG_TYPES + [(TII, 0.8)])
    return params, ret


def is_literal(x: str) -> bool:
    """Whether expression x is an int literal (a sign on one included)."""
    node = ast.parse(x, mode="eval").body
    while isinstance(node, ast.UnaryOp):
        node = node.operand
    return isinstance(node, ast.Constant)


def one_tuple(*xs: str) -> str:
    """A display of xs (a trailing comma for one)."""
    return "(" + ", ".join(xs) + ("," if len(xs) == 1 else "") + ")"


class TupleGen:
    """Productions and statements of tuples of any length, mixed into
    FuncGen. The consumers (TV_PRODS) return None (the caller draws again)
    when "tuple_any_length" is off; the statements are drawn in tuple
    programs."""

    empty_plus = False  # res = (), then res = res + ... in a block (note_empty_plus)
    tv_converted = False  # the entry returned a tuple converted to another tuple type (tv_ret)

    TV_PRODS = {INT: [("i_tv", 0.3)], FLOAT: [("f_tv", 0.12)], BOOL: [("b_tv", 0.3)], STR: [("s_tv", 0.15)]}
    TV_PRODS_HEAVY = {INT: [("i_tv", 2.5)], FLOAT: [("f_tv", 1.0)], BOOL: [("b_tv", 2.5)], STR: [("s_tv", 1.2)]}
    # expressions of type tuple[T, ...] (ContainerGen.cexpr)
    TV_TYPE_PRODS = [("tv_of", 3), ("tv_slice", 2), ("tv_concat", 2), ("tv_repeat", 0.8), ("tv_fixed", 1),
                     ("tv_ifexp", 0.5), ("tv_andor", 0.3), ("tv_call", 1.5), ("tv_item", 0.8)]

    def tv_on(self) -> bool:
        return "tuple_any_length" in self.features and self.spend(2)

    def tv_type(self) -> str:
        """A tuple type to read from, preferring those of visible names."""
        rng = self.rng
        types = TV_TYPES if self.pg.tv else (TVI, TVS, TVF, TVB)
        have = [t for t in types if self.visible(t)]
        if have and rng.random() < 0.6:
            return rng.choice(have)
        return pick(rng, TV_FLAT + ([(TVVI, 1)] if self.pg.tv else []))

    # ---- expressions of type tuple[T, ...]
    def tv_lit(self, t: str) -> str:
        """One made of atoms (ContainerGen.clit): tuple() of a display."""
        n = self.rng.choice([1, 1, 2, 2, 3])
        return f"tuple([{', '.join(self.atom(items(t)) for _ in range(n))}])"

    def tv_operand(self, t: str, d: int) -> str:
        """Where a tuple[T, ...] is wanted (a return, an argument, an
        annotated local, the other operand of + or of a comparison): one,
        or a display of items of type T, or ()."""
        rng = self.rng
        r = rng.random()
        if r < 0.55:
            return self.expr(t, d)
        if r < 0.9:
            return one_tuple(*(self.item_of(t, d) for _ in range(rng.choice([1, 1, 2, 3]))))
        return "()"

    def item_of(self, t: str, d: int) -> str:
        """An item of a display where a tuple[T, ...] is wanted: of type T
        (a tuple of any length for a nested one: a display there is a gap)."""
        return self.expr(items(t), d) if self.rng.random() < 0.6 else self.atom(items(t))

    def tv_of(self, t, d):
        """tuple() of a list, a generator expression, sorted(...), map(...),
        a str, a range, reversed(...) or another tuple."""
        rng, pg = self.rng, self.pg
        e = items(t)
        if t == TVVI and "zip_star" in self.features and pg.late is not None and pg.late.random() < 0.25:
            rows = self.expr(rng.choice([LLI, TVVI, LTVI]), d)  # transposed, drawn whole by tuple()
            return f"tuple(zip(*{rows}))"
        r = rng.random()
        if r < 0.3:
            return f"tuple({self.expr(LIST_OF[e], d)})"
        if r < 0.45:
            g = self.genexp(e, d)
            return g and f"tuple({g})"
        if r < 0.55 and self.spend(3):
            return f"tuple(sorted({self.expr(rng.choice([t, LIST_OF[e]]), d)}{self.sort_args(e, d)}))"
        if r < 0.65 and "map_filter" in self.features and self.spend(5):
            a = rng.choice([INT, STR, FLOAT, BOOL, e])
            if a == TVI or rng.random() < 0.7:
                return f"tuple(map({self.fn_value(a, e, d)}, {self.expr(LIST_OF[a], d)}))"
            return f"tuple(filter({self.fn_value(e, BOOL, d)}, {self.expr(t, d)}))"
        if r < 0.8 and e == STR:
            return f"tuple({self.expr(STR, d)})"
        if r < 0.8 and e == INT:
            return f"tuple(range({self.small(d, rng.randint(1, 7), low=rng.choice([0, 0, -2]))}))"
        if r < 0.9:
            return f"tuple(reversed({self.expr(t, d)}))"
        return f"tuple({self.expr(t, d)})"

    def tv_slice(self, t, d):
        return self.slice_of(lambda: self.crecv(t, d), d)

    def tv_concat(self, t, d):
        a, b = self.expr(t, d), self.tv_operand(t, d)
        if self.rng.random() < 0.4:
            a, b = b, a
        return f"({a} + {b})"

    def times(self, d) -> str:
        """A count for *: small, 0 and negative ones too, or a bool."""
        rng = self.rng
        return rng.choice(["0", "1", "2", "3", "(-1)", "True"]) if rng.random() < 0.6 else f"({self.num(d)} % 4)"

    def tv_repeat(self, t, d):
        a, k = self.expr(t, d), self.times(d)
        return f"({k} * {a})" if self.rng.random() < 0.3 else f"({a} * {k})"

    def tv_fixed(self, t, d):
        """A display (or a name) of fixed items of type T, sliced or
        repeated: a tuple of any length."""
        rng = self.rng
        names = self.visible(TII) if t == TVI else []
        if names and rng.random() < 0.4:
            disp = rng.choice(names)
        else:
            disp = one_tuple(*(self.item_of(t, d) for _ in range(rng.choice([1, 2, 3, 4]))))
        if rng.random() < 0.6:
            return self.slice_of(lambda: disp, d)
        return f"({disp} * {self.times(d)})"

    def tv_ifexp(self, t, d):
        a, b = self.expr(t, d), self.expr(t, d)
        if "tuple_fixed_ifexp" in self.features and self.rng.random() < 0.3:
            b = one_tuple(*(self.item_of(t, d) for _ in range(self.rng.choice([1, 2]))))
        return f"({a} if {self.cond(d)} else {b})"

    def tv_andor(self, t, d):
        a, b = self.expr(t, d), self.expr(t, d)
        if "tuple_fixed_andor" in self.features and self.rng.random() < 0.3:
            b = "()"  # a gap
        return f"({a} {self.rng.choice(['and', 'or'])} {b})"

    def tv_call(self, t, d):
        return self.call(t, d)

    def tv_item(self, t, d):
        """A tuple[int, ...] out of a nested tuple or a list of them."""
        if t != TVI or not self.pg.tv:
            return None
        rng = self.rng
        src = self.crecv(rng.choice([TVVI, LTVI]), d)
        r = rng.random()
        if r < 0.6:
            return f"{src}[{self.lidx(d)}]"
        if r < 0.8 or not self.spend(3):
            return f"{rng.choice(['min', 'max'])}({src})"  # (of ints: no nan)
        return f"sorted({src}{self.sort_args(TVI, d)})[{self.lidx(d)}]"

    # ---- consumers: scalars and lists read from one
    def tv_pick(self, lam_weights):
        """One of the (weight, maker) pairs whose weight is not zero; only
        the maker drawn makes its expression."""
        live = [(w, m) for w, m in lam_weights if w]
        return self.rng.choices([m for _, m in live], [w for w, _ in live])[0]()

    def searched(self, t: str, d: int) -> str:
        """What `in`, count and index look for in a tuple of type t."""
        if t == TVVI and "tuple_fixed_items" in self.features and self.rng.random() < 0.3:
            return one_tuple(*(self.atom(INT) for _ in range(self.rng.choice([1, 2]))))  # a gap
        return self.atom(items(t)) if self.rng.random() < 0.5 else self.expr(items(t), d)

    def i_tv(self, d):
        if not self.tv_on():
            return None
        rng = self.rng
        t = self.tv_type()
        e = items(t)
        x = self.crecv(t, d)
        fixed = self.visible(TII)
        return self.tv_pick([
            (2, lambda: f"len({x})"),
            (2 if e == INT else 0, lambda: f"{x}[{self.index(d)}]"),
            (1, lambda: f"{x}.count({self.searched(t, d)})"),
            (0.5, lambda: f"{x}.index({self.searched(t, d)})"),  # absent: ValueError
            (0.8, lambda: self.index_if_in(x, e, d)),
            (1.2 if e in (INT, BOOL) else 0, lambda: f"sum({x})"),
            (1 if e == INT else 0, lambda: f"{rng.choice(['min', 'max'])}({x})"),  # empty: ValueError
            (0.5 if e == INT else 0, lambda: f"sorted({x}{self.sort_args(e, d)})[{self.lidx(d)}]"),
            (1 if t == TVVI else 0, lambda: f"len({x}[{self.lidx(d)}])"),
            (0.6 if e == INT else 0,
             lambda: f"{one_tuple(*(self.expr(INT, d) for _ in range(3)))}[{self.fixed_index(3, d)}]"),
            (0.8 if fixed else 0, lambda: f"{rng.choice(fixed)}[{self.fixed_index(2, d)}]"),
            (0.6 if e in (INT, STR) else 0, lambda: self.fixed_search(e, d)),
        ])

    def fixed_search(self, e: str, d: int) -> str:
        """count or index of a display of fixed items of type e (absent: ValueError)."""
        x = one_tuple(*(self.expr(e, d) for _ in range(self.rng.choice([2, 3]))))
        if self.rng.random() < 0.4:
            return f"{x}.count({self.searched(TVI if e == INT else TVS, d)})"
        if self.rng.random() < 0.3:
            return f"{x}.index({self.searched(TVI if e == INT else TVS, d)})"
        return self.index_if_in(x, e, d)

    def index_if_in(self, x: str, e: str, d: int) -> str:
        a = self.atom(e)
        return f"({x}.index({a}) if {a} in {x} else {self.expr(INT, d)})"

    def f_tv(self, d):
        if not self.tv_on():
            return None
        rng = self.rng
        x = self.crecv(TVF, d)
        return self.tv_pick([
            (2, lambda: f"{x}[{self.index(d)}]"),
            (1, lambda: f"{rng.choice(['min', 'max'])}({x})"),
            (1, lambda: f"(0.0 + sum({x}))"),  # (sum() of no floats is the int 0)
            (0.5, lambda: f"sum({x}, {self.expr(FLOAT, d)})"),
        ])

    def s_tv(self, d):
        if not self.tv_on():
            return None
        rng = self.rng
        x = self.crecv(TVS, d)
        sep = rng.choice(["''", "','", "' '", "'-'"])
        return self.tv_pick([
            (2, lambda: f"{x}[{self.index(d)}]"),
            (2, lambda: f"{sep}.join({x})"),
            (1, lambda: f"{rng.choice(['min', 'max'])}({x}{', key=len' if rng.random() < 0.3 else ''})"),
        ])

    def b_tv(self, d):
        if not self.tv_on():
            return None
        rng = self.rng
        t = self.tv_type()
        x = self.crecv(t, d)
        return self.tv_pick([
            (2, lambda: f"({self.searched(t, d)} {rng.choice(['in', 'not in'])} {x})"),
            (2.5, lambda: self.tv_compare(t, x, d)),
            (1, lambda: rng.choice([f"bool({x})", f"(not {x})"])),
            (0.5, lambda: rng.choice([f"isinstance({x}, tuple)", f"isinstance({x}, list)", f"(type({x}) == tuple)",
                                      f"(type({x}) is list)"])),
            (1 if t == TVB else 0, lambda: f"{x}[{self.index(d)}]"),
            (1 if t == TVB else 0, lambda: f"{rng.choice(['any', 'all'])}({x})"),
        ])

    def tv_compare(self, t: str, x: str, d: int) -> str:
        """x compared with a tuple[T, ...] or a display of T's (a chain
        sometimes); CPython compares item by item, then by length."""
        rng = self.rng
        ops = ["==", "!=", "<", "<=", ">", ">="]
        parts = [x]
        for _ in range(rng.choice([1, 1, 1, 2])):
            parts += [rng.choice(ops), self.tv_operand(t, d) if len(parts) == 1 else self.expr(t, d)]
        if rng.random() < 0.3:
            parts = parts[::-1]
        return f"({' '.join(parts)})"

    def l_tv(self, lt, d):
        """A list of a tuple's items (list, sorted, reversed), or a
        comprehension over one."""
        if not self.tv_on():
            return None
        rng = self.rng
        e = elem(lt)
        t = f"tuple[{e}, ...]"
        if t in TV_TYPES and (t != TVVI or self.pg.tv) and rng.random() < 0.6:
            x = self.crecv(t, d)
            r = rng.random()
            if r < 0.4:
                return f"list({x})"
            if r < 0.7 and self.spend(3):
                return f"sorted({x}{self.sort_args(e, d)})"
            return f"list(reversed({x}))"
        return self.tv_comp(lt, d)

    def tv_comp(self, lt, d):
        """[body for v in <a tuple> if cond]: v an item of the tuple."""
        if "comprehensions" not in self.features or not self.spend(8):
            return None
        t = self.tv_type()
        src = self.expr(t, min(d, 2))
        v = self.fresh_tmp("e")
        self.types[v] = items(t)
        self.closure += 1
        self.loop_depth += 1
        self.scopes.append({v})
        self.readonly.add(v)
        body = self.expr(elem(lt), min(d, 2))
        cond = f" if {self.cond(min(d, 2))}" if self.rng.random() < 0.4 else ""
        self.scopes.pop()
        self.loop_depth -= 1
        self.closure -= 1
        return f"[{body} for {v} in {src}{cond}]"

    def fixed_index(self, n: int, d: int) -> str:
        """An index into a tuple of n fixed items of one type: a literal in
        range (one out of range does not compile), or a computed one
        (IndexError out of range, as CPython raises)."""
        rng = self.rng
        if rng.random() < 0.4:
            k = rng.randint(-n, n - 1)
            return f"({k})" if k < 0 else str(k)
        i = self.index(d)
        return i if not is_literal(i) else f"({self.expr(INT, d)} % {n + 1})"

    def tv_from_param(self, t: str, name: str, pt: str) -> str | None:
        """For a one-expression entry: an expression of type t made from
        parameter name of type pt, a tuple of any length (else None)."""
        e = items(pt)
        c = []
        if t == INT:
            c += [f"len({name})", f"{name}.count({self.atom(e)})"] + ([f"sum({name})"] if e in (INT, BOOL) else [])
        if t == BOOL:
            c += [f"bool({name})", f"({self.atom(e)} in {name})", f"({name} < {name}[1:])"]
        if t == e:
            c += [f"{name}[0]", f"{name}[-1]", f"{name}[{self.rng.randint(-3, 2)}]"]
        if t == STR and e == STR:
            c.append(f"''.join({name})")
        if is_list(t) and elem(t) == e:
            c += [f"list({name})", f"sorted({name})"]
        if t == pt:
            c += [f"{name}[::-1]", f"{name}[1:]"]
        return self.rng.choice(c) if c else None

    # ---- where the generic productions meet one
    def tv_arg(self, pt: str, d: int) -> str | None:
        """An argument for a parameter of type pt: a display where a tuple
        of any length is wanted, or one where a tuple[int, int] is (marked);
        None: an expression of type pt."""
        if is_vtuple(pt):
            return self.tv_operand(pt, d)
        if pt == TII and self.pg.tv and self.rng.random() < 0.25:
            return self.tv_as_fixed(d)
        return None

    def tv_ret(self, d: int) -> str | None:
        """A returned value where the result is a tuple type, as tv_arg's:
        not in an entry that returns another type on some path too (the
        VM's gap tuple_fixed_foreign), unless that gap is drawn."""
        rng = self.rng
        if self.pg.foreign and "tuple_fixed_foreign" not in self.features:
            return self.expr(self.ret, d) if is_vtuple(self.ret) else None
        if is_vtuple(self.ret) and rng.random() < 0.35:
            self.tv_converted |= self.name == ENTRY
            return self.tv_operand(self.ret, d)
        if self.ret == TII and self.pg.tv and rng.random() < 0.3:
            self.tv_converted |= self.name == ENTRY
            return self.tv_as_fixed(d)
        return None

    def foreign_ok(self) -> bool:
        """Whether the entry may return another type: not after a tuple
        converted to its result's type (tv_ret), unless that gap is drawn."""
        return not self.tv_converted or "tuple_fixed_foreign" in self.features

    def tv_as_fixed(self, d: int) -> str:
        """A tuple[int, ...] where a tuple[int, int] is wanted: the lane is
        Unsupported where its length is not 2."""
        self.pg.tv_fixed = True
        rng = self.rng
        if rng.random() < 0.5:
            return f"{self.crecv(TVI, d)}[:2]"  # (2 items unless it is shorter)
        return self.expr(TVI, d)

    # ---- statements (tuple programs)
    def tv_stmt_choices(self, can_nest: bool, can_loop: bool):
        have = any(n not in self.readonly for t in TV_TYPES for n in self.visible(t))
        room = self.counter < self.MAX_NAMES - 3
        have_ltvi = any(n not in self.readonly for n in self.visible(LTVI))
        return [
            ("tv_new", 1.5 if room else 0), ("tv_build", 1.5 if room and can_loop else 0),
            ("tv_grow", 1.5 if have else 0), ("tv_for", 1.2 if can_loop else 0),
            ("tv_unpack", 0.6 if room else 0), ("tv_fixed_local", 0.3 if room else 0),
            ("tv_list_grow", 0.5 if have_ltvi else 0),
        ]

    def st_tv_new(self, depth):
        """name = <a tuple[T, ...]>, or an annotated one given one, a
        display or ()."""
        rng = self.rng
        t = self.tv_type()
        d = self.edepth()
        name = self.fresh("tv")
        if rng.random() < 0.4:
            e = self.tv_operand(t, d)
            self.define(name, t)
            return [Stmt(f"{name}: {spell(rng, t)} = {e}")], False
        e = self.expr(t, d)
        self.define(name, t)
        return [Stmt(f"{name} = {e}")], False

    def st_tv_build(self, depth):
        """res = () (or a display), then res + (x,) stored in a loop or a
        branch: the compiler types res again as a tuple[T, ...]."""
        rng = self.rng
        if not self.widen_ok():
            return self.st_tv_new(depth)
        t = self.tv_type()
        d = self.edepth()
        res = self.fresh("res")
        init = "()" if rng.random() < 0.6 else one_tuple(*(self.item_of(t, d) for _ in range(rng.choice([1, 2]))))
        out = [Stmt(f"{res} = {init}")]
        if rng.random() < 0.25:  # a branch gives it another length
            test = self.test(d)  # (before res is a tuple[T, ...]: the compiler types in order)
            store = Stmt(f"{res} = {self.tv_store(res, t, d)}")
            self.note_empty_plus(init, store)
            self.define(res, t)
            return out + [Stmt(f"if {test}:", [(None, [store])])], False
        self.loops += 1
        head, bound = self.tv_loop_head(d)
        self.scopes[-1].update(n for n, _ in bound)  # (the store sees the loop's names)
        store = Stmt(self.tv_grow_text(res, t, d))
        self.note_empty_plus(init, store)
        for n, _ in bound:
            self.scopes[-1].discard(n)
        pre = [store] if rng.random() < 0.7 else [Stmt(f"if {self.cond(d)}:", [(None, [store])])]
        self.define(res, t)
        body = self.loop_body(depth, pre, [n for n, _ in bound]) if rng.random() < 0.5 else pre
        return out + [Stmt(f"for {head}:", [(None, body)])], False

    def note_empty_plus(self, init: str, store: Stmt):
        """Note `res = ()`, then `res = res + ...` in a block: a helper that
        does it is not nested in the entry (gen.KNOWN_GAPS, nested_empty_plus)."""
        if init == "()" and " += " not in store.line:
            self.empty_plus = True

    def tv_loop_head(self, d: int) -> tuple[str, list[tuple[str, str]]]:
        """'v in <iterable>' of a loop that builds a tuple, and its names."""
        rng = self.rng
        v = self.fresh("w")
        r = rng.random()
        if r < 0.35:
            self.types[v] = INT
            return f"{v} in range({self.small(d, rng.randint(1, 6), low=rng.choice([0, 0, -1]))})", [(v, INT)]
        if r < 0.5:
            self.types[v] = STR
            return f"{v} in {self.expr(STR, min(d, 2))}", [(v, STR)]
        if r < 0.75:
            t = self.tv_type()
            self.types[v] = items(t)
            return f"{v} in {self.expr(t, min(d, 2))}", [(v, items(t))]
        lt = rng.choice([LI, LS, LTVI] if self.pg.tv else [LI, LS])
        src = self.expr(lt, min(d, 2))
        self.types[v] = elem(lt)
        return f"{v} in {src}", [(v, elem(lt))]

    def tv_store(self, res: str, t: str, d: int) -> str:
        """A new value for res, a name typed again as tuple[T, ...] by it:
        of fixed items (tuple_fixed_then_any: of any length, a gap)."""
        rng = self.rng
        if "tuple_fixed_then_any" in self.features and rng.random() < 0.4:  # a gap
            return self.tv_pick([(1, lambda: f"{res} + {self.expr(t, d)}"), (1, lambda: self.expr(t, d)),
                                 (1, lambda: f"{res}[1:] + {one_tuple(self.item_of(t, d))}")])
        new = one_tuple(*(self.item_of(t, d) for _ in range(rng.choice([1, 1, 2]))))
        return f"{res} + {new}" if rng.random() < 0.7 else f"{new} + {res}"

    def tv_grow_text(self, res: str, t: str, d: int) -> str:
        rng = self.rng
        if rng.random() < 0.5:
            x = one_tuple(*(self.item_of(t, d) for _ in range(rng.choice([1, 1, 2]))))
            return f"{res} += {x}" if rng.random() < 0.8 else f"{res} += {self.expr(t, d)}"
        return f"{res} = {self.tv_store(res, t, d)}"

    def st_tv_grow(self, depth):
        """A name of type tuple[T, ...] given a new one: += a tuple or a
        display, + on either side, *= n, a slice, another one."""
        rng = self.rng
        names = [n for t in TV_TYPES for n in self.visible(t) if n not in self.readonly]
        name = rng.choice(names)
        t = self.types[name]
        d = self.edepth()
        return [Stmt(self.tv_pick([
            (2, lambda: f"{name} += {self.tv_operand(t, d)}"),
            (1.5, lambda: f"{name} = {name} + {self.tv_operand(t, d)}"),
            (1, lambda: f"{name} = {self.tv_operand(t, d)} + {name}"),
            (0.6, lambda: f"{name} *= {self.times(d)}"),
            (1, lambda: f"{name} = {self.slice_of(lambda: name, d)}"),
            (1, lambda: f"{name} = {self.expr(t, d)}"),
        ]))], False

    def st_tv_for(self, depth):
        """for v in <a tuple>, for k, v in enumerate(...), for a, b in zip(...)."""
        rng = self.rng
        if not self.spend(2):
            return self.st_for_range(depth)
        t = self.tv_type()
        d = self.edepth()
        src = self.expr(t, min(d, 2))
        r = rng.random()
        if r < 0.65:
            v = self.fresh("w")
            bound = [(v, items(t))]
            head = f"{v} in {src}"
        elif r < 0.85 and "enumerate" in self.features:
            k, v = self.fresh("k"), self.fresh("w")
            bound = [(k, INT), (v, items(t))]
            head = f"{k}, {v} in enumerate({src})"
        else:
            u = self.tv_type()
            a, b = self.fresh("w"), self.fresh("z")
            bound = [(a, items(t)), (b, items(u))]
            head = f"{a}, {b} in zip({src}, {self.expr(u, min(d, 2))})"
        for n, ty in bound:
            self.types[n] = ty
        body = self.loop_body(depth, [], [n for n, _ in bound])
        self.loops += 1
        return [self.with_else(Stmt(f"for {head}:", [(None, body)]), depth)], False

    def st_tv_unpack(self, depth):
        """a, b = <a tuple> (ValueError unless it has 2 items), or a slice of one."""
        rng = self.rng
        t = self.tv_type()
        d = self.edepth()
        n = rng.choice([2, 2, 3])
        x = self.crecv(t, d)
        src = f"{x}[:{n}]" if rng.random() < 0.4 else x
        names = [self.fresh("u") for _ in range(n)]
        for v in names:
            self.define(v, items(t))
        return [Stmt(f"{', '.join(names)} = {src}")], False

    def st_tv_fixed_local(self, depth):
        """p: tuple[int, int] = <a tuple[int, ...]> (marked: Unsupported
        where its length is not 2)."""
        rng = self.rng
        name = self.fresh("fx")  # (not "p": lambdas' parameters are p1, p2, ...)
        e = self.tv_as_fixed(self.edepth())
        self.define(name, TII)
        return [Stmt(f"{name}: {spell(rng, TII)} = {e}")], False

    def st_tv_list_grow(self, depth):
        """A list of tuples of any length given one (append, insert, an item
        stored; a display there is the gap tuple_fixed_items)."""
        rng = self.rng
        xs = rng.choice([n for n in self.visible(LTVI) if n not in self.readonly])
        d = self.edepth()
        if "tuple_fixed_items" in self.features and rng.random() < 0.4:
            v = one_tuple(*(self.atom(INT) for _ in range(rng.choice([1, 2]))))  # a gap
        else:
            v = self.expr(TVI, d)
        if self.can_grow(xs) and rng.random() < 0.6:
            self.grown.add(xs)
            if rng.random() < 0.7:
                return [Stmt(f"{xs}.append({v})")], False
            return [Stmt(f"{xs}.insert({self.lidx(d)}, {v})")], False
        i = self.lidx(d)
        return self.guarded(xs, Stmt(f"{xs}[{i}] = {v}"), i), False
