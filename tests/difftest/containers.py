"""The tier 3-4 half of the generator's FuncGen (gen.py): expressions and
statements over lists, tuples and Optional."""
from __future__ import annotations

import re

from .dsl_types import (BOOL, FLOAT, Helper, INT, LB, LF, LI, LIST_OF, LIST_TYPES, LLI, LN, LS, LTIS, LTVI, NUM,
                        OINT, OPT_TYPES, OSTR, SCALARS, STR, Stmt, TII, TIS, TISB, TSF, TUPLE_TYPES, _IDENT, elem,
                        fields, inner, is_list, is_opt, is_tuple, is_vtuple, pick, spell)


class ContainerGen:
    """The tier 3-4 half of FuncGen: expressions and statements over lists,
    tuples and Optional, used only in tier 3-4 programs (``self.t34``), so
    that tier 1-2 programs draw exactly what they drew before.

    Aliasing is tracked coarsely so that loops stay bounded: list names that
    may share a list (``b = a``, ``m = [a]``, ``row`` of ``for row in m``, a
    call's result and its arguments, ...) are unioned, never split; while a
    ``for`` loop or a comprehension iterates over an expression, the lists it
    names are frozen: nothing in their union grows (append, extend, insert,
    ``+=``, ``*=``, a call of a helper that grows its list parameter).
    Shrinking, sorting, item assignment stay allowed (and are the interesting
    part: CPython's list iterators see them)."""

    # ---- aliasing
    def root(self, n: str) -> str:
        while self.alias.get(n, n) != n:
            n = self.alias[n]
        return n

    def union(self, a: str, b: str):
        ra, rb = self.root(a), self.root(b)
        if ra != rb:
            self.alias[ra] = rb

    def list_names(self, text: str) -> list[str]:
        return sorted({n for n in _IDENT.findall(text) if is_list(self.types.get(n, ""))})

    def note_alias(self, target: str, expr: str):
        """target was assigned expr: it may share any list expr names."""
        if not self.t34 or not is_list(self.types.get(target, "")):
            return
        for n in self.list_names(expr):
            self.union(target, n)

    def can_grow(self, name: str) -> bool:
        r = self.root(name)
        return all(self.root(f) != r for f in self.frozen)

    def grows_params(self) -> bool:
        """Whether this (helper) function may grow a list parameter."""
        roots = {self.root(g) for g in self.grown}
        return any(self.root(n) in roots for n, t in self.params if is_list(t))

    # The compiler gives every comprehension clause, lambda, sort, map, ... hidden
    # local slots of its own and never reuses them: a function has MAX_LOCALS (96).
    # The names and loops of a function take at most about 66; these take the rest.
    CSLOT_BUDGET = 22

    def spend(self, k: int) -> bool:
        if self.cslots + k > self.CSLOT_BUDGET:
            return False
        self.cslots += k
        return True

    def lidx(self, d: int) -> str:
        """A list index: mostly 0, 1, -1 (in range unless the list is short)."""
        r = self.rng.random()
        if r < 0.6:
            return self.rng.choice(["0", "0", "1", "(-1)", "(-1)", "2", "(-2)"])
        return self.index(d)

    def guarded(self, xs: str, stmt: Stmt, idx: str | None = None) -> list[Stmt]:
        """stmt, sometimes under a guard that keeps it from raising."""
        rng = self.rng
        if rng.random() < 0.5:
            return [stmt]
        if idx is not None and re.fullmatch(r"\(?-?\d\)?", idx):
            k = int(idx.strip("()"))
            guard = f"len({xs}) > {k}" if k >= 0 else f"len({xs}) >= {-k}"
        else:
            guard = xs if rng.random() < 0.7 else f"len({xs}) > 0"
        return [Stmt(f"if {guard}:", [(None, [stmt])])]

    def fresh_tmp(self, prefix: str) -> str:
        self.tmp_counter += 1
        return f"{prefix}{self.tmp_counter}"

    # ---- type choices
    def list_type(self) -> str:
        """A list type, preferring those of visible variables."""
        rng = self.rng
        if self.pg.num and rng.random() < 0.25:  # (int_or_float: numbers.py)
            return LN
        if self.pg.tv and rng.random() < 0.15:  # (tuple_any_length: tuples.py)
            return LTVI
        have = [t for t in LIST_TYPES if self.visible(t)]
        if have and rng.random() < 0.7:
            return rng.choice(have)
        return pick(rng, [(LI, 3), (LB, 0.6), (LF, 1), (LS, 2), (LTIS, 1), (LLI, 1.2)])

    def truth_operand(self, d, in_bool: bool = False) -> str:
        """An operand of a truth test: any type (Optional ones as well)."""
        rng = self.rng
        r = rng.random()
        if r < 0.4:
            return self.expr(rng.choice([INT, FLOAT, STR] + ([NUM, NUM] if self.pg.num else [])), d)
        if r < 0.8:
            return self.expr(self.list_type(), d)
        if r < 0.9:
            tv = [n for t in TUPLE_TYPES for n in self.visible(t)]
            if tv:
                return rng.choice(tv)
        if not in_bool or "optional_bool" in self.features:
            o = self.opt_expr(rng.choice(OPT_TYPES), d)
            if o is not None:
                return o
        return self.expr(self.list_type(), d)

    # ---- literals and conversions
    def clit(self, t: str) -> str:
        """A display of a container type made of atoms (never empty)."""
        rng = self.rng
        if is_list(t):
            n = rng.choice([1, 1, 2, 2, 3])
            return "[" + ", ".join(self.atom(elem(t)) for _ in range(n)) + "]"
        if is_tuple(t):
            return "(" + ", ".join(self.atom(f) for f in fields(t)) + ")"
        if is_vtuple(t):
            return self.tv_lit(t)
        if is_opt(t):
            return self.opt_value(t, 0)
        raise ValueError(t)

    def from_param34(self, t: str, name: str, pt: str) -> str | None:
        rng = self.rng
        c: list[str] = []
        if is_vtuple(pt):
            return self.tv_from_param(t, name, pt)
        if is_list(pt):
            e = elem(pt)
            if t == INT:
                c += [f"len({name})", f"{name}.count({self.atom(e)})"]
            if t == BOOL:
                c += [f"bool({name})", f"({self.atom(e)} in {name})"]
            if t == e:
                c += [f"{name}[{rng.randint(-2, 1)}]", f"{name}[0]"]
                if e in SCALARS:
                    c.append(f"{rng.choice(['min', 'max'])}({name})")
            if t == STR and e == STR:
                c.append(f"''.join({name})")
            if t == FLOAT and e == FLOAT:
                c.append(f"(0.0 + sum({name}))")
            if is_list(t) and elem(t) == e:
                c.append(f"{name}[::-1]")
        elif is_tuple(pt):
            c += [f"{name}[{k}]" for k, f in enumerate(fields(pt)) if f == t]
        elif pt in SCALARS:
            if is_list(t) and elem(t) == pt:
                c += [f"[{name}]", f"[{name}, {name}]"]
            if t == LS and pt == STR:
                c += [f"list({name})", f"{name}.split()"]
            if t == LI and pt == INT:
                c.append(f"list(range({name} % 5))")
        return rng.choice(c) if c else None

    def crecv(self, t: str, d: int) -> str:
        """An expression of container type t usable before [ or .method."""
        e = self.expr(t, d)
        if e.isidentifier() or e.startswith(("(", "[")) or e.endswith((")", "]")):
            return e
        return f"({e})"

    def var_of(self, t: str, writable: bool = False) -> str | None:
        vs = self.visible(t, writable)
        return self.rng.choice(vs) if vs else None

    # ---- container expressions
    def cexpr(self, t: str, d: int) -> str:
        rng = self.rng
        if is_opt(t):
            return self.opt_value(t, d)
        if d <= 0 or self.expr_budget <= 0 or rng.random() < (0.1 if self.tiny else 0.3):
            return self.atom(t)
        table = self.list_prods if is_list(t) else self.TV_TYPE_PRODS if is_vtuple(t) else self.TUPLE_PRODS
        names = [p[0] for p in table]
        weights = [p[1] for p in table]
        for _ in range(8):
            e = getattr(self, rng.choices(names, weights)[0])(t, d - 1)
            if e is not None:
                return e
        return self.atom(t)

    LIST_PRODS = [
        ("l_display", 2), ("l_concat", 1.2), ("l_repeat", 0.6), ("l_slice", 2), ("l_sorted", 1.5),
        ("l_copy", 1), ("l_comp", 3), ("l_special", 1.5), ("l_mapfilter", 1), ("l_genlist", 0.5),
        ("l_item", 1), ("l_ifexp", 0.5), ("l_andor", 0.3), ("l_call", 1.5),
    ]
    list_prods = LIST_PRODS  # an instance's own with the sets feature (gen.py)
    TUPLE_PRODS = [("t_display", 3), ("t_item", 1.5), ("t_minmax", 0.5), ("t_divmod", 1), ("t_ifexp", 0.5),
                   ("t_call", 1.5)]

    def l_display(self, t, d):
        if t == LN:
            return self.ln_display(d)
        n = self.rng.choice([1, 1, 2, 2, 3])
        return "[" + ", ".join(self.expr(elem(t), d) for _ in range(n)) + "]"

    def l_concat(self, t, d):
        if t == LI and "sum_start" in self.features and self.rng.random() < 0.15:
            # sum(rows, start): start is a fresh display, as sum() of no rows
            # gives start itself (an alias the name tracking would not see)
            return f"sum({self.expr(LLI, d)}, {self.l_display(t, d) if self.rng.random() < 0.5 else '[]'})"
        a, b = self.expr(t, d), self.expr(t, d)
        if self.rng.random() < 0.1:
            a, b = self.rng.choice([(a, "[]"), ("[]", b)])
        return f"({a} + {b})"

    def l_repeat(self, t, d):
        rng = self.rng
        k = rng.choice(["0", "1", "2", "3", "(-1)", "True"]) if rng.random() < 0.6 else f"({self.num(d)} % 3)"
        a = self.expr(t, d)
        return f"({k} * {a})" if rng.random() < 0.3 else f"({a} * {k})"

    def l_slice(self, t, d):
        return self.slice_of(lambda: self.crecv(t, d), d)

    def slice_of(self, receiver, d) -> str:
        """receiver()[lo:hi], or with a step (a zero step: ValueError); the
        receiver is drawn after the bounds and the step."""
        rng = self.rng
        lo = self.index(d) if rng.random() < 0.6 else ""
        hi = self.index(d) if rng.random() < 0.6 else ""
        r = rng.random()
        if r < 0.5:
            return f"{receiver()}[{lo}:{hi}]"
        if r < 0.96:
            st = rng.choice(["-1", "2", "-2", "3", "1", "-3"])
        else:
            st = f"(({self.expr(INT, d)} % 3) - 1)"  # 0: ValueError
        return f"{receiver()}[{lo}:{hi}:{st}]"

    def reverse_arg(self, d) -> str:
        r = self.rng.random()
        return "True" if r < 0.5 else "False" if r < 0.7 else self.expr(BOOL, min(d, 1))

    def sort_args(self, e: str, d: int, pure: bool = False) -> str:
        """The keyword arguments of sorted/sort: key= and reverse=, maybe none."""
        rng = self.rng
        kw = []
        if "lambda_keys" in self.features and rng.random() < 0.4:
            kw.append(f"key={self.key_fn(e, d, pure)}")
        if rng.random() < 0.35:
            kw.append(f"reverse={self.reverse_arg(d)}")
        return "".join(", " + k for k in kw)

    def l_sorted(self, t, d):
        rng = self.rng
        e = elem(t)
        r = rng.random()
        if r < 0.15:
            g = self.genexp(e, d)
            return g and f"sorted({g})"
        if not self.spend(3):
            return None
        if r < 0.25 and e == STR:
            return f"sorted({self.expr(STR, d)}{self.sort_args(e, d)})"
        return f"sorted({self.expr(t, d)}{self.sort_args(e, d)})"

    def l_copy(self, t, d):
        a = self.crecv(t, d)
        return self.rng.choice([f"list({a})", f"{a}.copy()", f"{a}[:]", f"list(reversed({a}))", f"{a}[::-1]"])

    def l_comp(self, t, d):
        if "comprehensions" not in self.features or not self.spend(8):
            return None
        clauses = self.comp_open(d)
        body = self.expr(elem(t), min(d, 2))
        self.comp_close()
        return f"[{body} {clauses}]"

    def genexp(self, e: str, d: int, minmax: bool = False) -> str | None:
        """A generator expression of items of type e (the sole argument of a
        call), or None (switched off, or no local slots left)."""
        if "genexp" not in self.features or not self.spend(8):
            return None
        self.pg.used_genexp = True
        # min/max(b for a, b in ...) does not compile: a compiler gap
        clauses = self.comp_open(d, unpack=not minmax or "minmax_genexp_unpack" in self.features)
        body = self.expr(e, min(d, 2))
        self.comp_close()
        return f"{body} {clauses}"

    def l_special(self, t, d):
        rng = self.rng
        if t == LS:
            r = rng.random()
            if r < 0.3:
                return f"list({self.expr(STR, d)})"
            if "split_join" not in self.features:
                return None
            if r < 0.6:
                return f"{self.recv(d)}.split()"
            sep = rng.choice(["' '", "','", "'a'", "'ab'", "'  '"]) if rng.random() < 0.7 else self.expr(STR, d)
            return f"{self.recv(d)}.split({sep})"  # '' as sep: ValueError
        if t == LI:
            return f"list(range({self.small(d, rng.randint(1, 8), low=rng.choice([0, -2]))}))" if rng.random() < 0.5 \
                else f"list(range({self.small(d, 5, low=-2)}, {self.small(d, 9)}, {rng.choice(['1', '2', '-1', '3'])}))"
        if t == LLI:
            k = rng.choice(["0", "1", "2", "3"]) if rng.random() < 0.7 else f"({self.num(d)} % 3)"
            if rng.random() < 0.6 or not self.spend(5):
                return f"([{self.expr(LI, d)}] * {k})"  # the rows are one list
            self.closure += 1
            self.loop_depth += 1
            item = self.expr(INT, d)
            self.loop_depth -= 1
            self.closure -= 1
            return f"[[{item}] * {rng.randint(0, 3)} for {self.fresh_tmp('e')} in range({k})]"
        return None

    def fn_value(self, a: str, r: str, d: int, pure: bool = False) -> str:
        """A function from a to r: a builtin, a helper's name or a lambda."""
        rng = self.rng
        c = []
        if r == INT and (a == STR or is_list(a)):
            c.append("len")
        if r == INT and a == INT:
            c.append("abs")
        if r == INT and a in (FLOAT, BOOL, STR):
            c.append("int")  # int('x'): ValueError
        if r == INT and a == STR:
            c.append("ord")  # TypeError unless one character
        if r == FLOAT and a in (INT, BOOL):
            c.append("float")
        if r == FLOAT and a == FLOAT:
            c.append("abs")
        if r == STR and a in (INT, BOOL, STR):
            c.append("str")
        if r == STR and a == STR:
            c += ["str.upper", "str.lower"]
        if r == BOOL and a in SCALARS + LIST_TYPES:
            c.append("bool")
        c += [h.name for h in self.callable_helpers
              if len(h.params) == 1 and h.params[0][1] == a and h.ret == r and not h.grows]
        if c and rng.random() < 0.45:
            return rng.choice(c)
        return self.lam(a, r, d, pure)

    def key_fn(self, e: str, d: int, pure: bool = False) -> str:
        rng = self.rng
        k = rng.choice([INT, INT, STR, FLOAT, BOOL, TIS]) if e not in (INT, FLOAT) else rng.choice([INT, FLOAT, e])
        if e == STR and rng.random() < 0.3:
            return "len"
        if k == TIS:
            return self.lam(e, k, d, pure)
        return self.fn_value(e, k, d, pure)

    def lam(self, a: str, r: str, d: int, pure: bool = False) -> str:
        """lambda p: <r expr over p>; pure: over p and literals only."""
        self.cslots += 1
        p = self.fresh_tmp("p")
        self.types[p] = a
        saved = self.scopes
        if pure:
            self.scopes = [{p}]
        else:
            self.scopes = saved + [{p}]
        self.closure += 1
        self.loop_depth += 1  # no recursion from here
        self.readonly.add(p)
        body = self.expr(r, min(d, 2))
        self.loop_depth -= 1
        self.closure -= 1
        self.scopes = saved
        return f"lambda {p}: {body}"

    def l_mapfilter(self, t, d):
        if "map_filter" not in self.features or not self.spend(5):
            return None
        rng = self.rng
        if rng.random() < 0.55:
            a = pick(rng, [(INT, 3), (STR, 2), (FLOAT, 1), (BOOL, 0.5), (LI, 0.5), (TIS, 0.5)])
            return f"list(map({self.fn_value(a, elem(t), d)}, {self.expr(LIST_OF[a], d)}))"
        return f"list(filter({self.fn_value(elem(t), BOOL, d)}, {self.expr(t, d)}))"

    def st_lazy_bound(self, depth):
        """`it = map(f, xs)` (or filter(f, xs), or a generator expression
        over xs) and its one draw in the next statement: `ys = list(it)`,
        `n = sum(it)`, or a loop over it. CPython calls f as the draw goes."""
        rng = self.rng
        lists = [n for t in (LI, LS, LF, LB) for n in self.visible(t)]
        if not lists or self.counter >= self.MAX_NAMES - 1:
            return self.st_list_new(depth)
        xs = rng.choice(lists)
        a, d = elem(self.types[xs]), self.edepth()
        it = self.fresh("it")
        self.frozen.append(xs)  # (the function runs while the draw walks xs)
        r = rng.random()
        if r < 0.5:
            e = pick(rng, [(INT, 3), (STR, 2), (BOOL, 1)])
            made = f"map({self.fn_value(a, e, d)}, {xs})"
        elif r < 0.75:
            e, made = a, f"filter({self.fn_value(a, BOOL, d)}, {xs})"
        else:
            e = pick(rng, [(INT, 2), (STR, 1), (a, 1)])
            self.cslots += 1
            v = self.fresh_tmp("g")
            self.types[v] = a
            self.readonly.add(v)
            self.closure += 1
            self.loop_depth += 1
            self.scopes.append({v})
            made = f"({self.expr(e, min(d, 2))} for {v} in {xs})"
            self.scopes.pop()
            self.loop_depth -= 1
            self.closure -= 1
        self.frozen.pop()
        name = self.fresh("xs")
        if e in (INT, BOOL) and rng.random() < 0.4:
            self.define(name, INT)
            return [Stmt(f"{it} = {made}"), Stmt(f"{name} = sum({it})")], False
        self.define(name, LIST_OF[e])
        return [Stmt(f"{it} = {made}"), Stmt(f"{name} = {rng.choice(['list', 'sorted'])}({it})")], False

    def l_genlist(self, t, d):
        g = self.genexp(elem(t), d)
        return g and f"list({g})"

    def l_item(self, t, d):
        if t == LI:
            m = self.crecv(LLI, d)
            r = self.rng.random()
            if r < 0.7:
                return f"{m}[{self.lidx(d)}]"
            return f"{self.rng.choice(['min', 'max'])}({m})"
        return None

    def l_ifexp(self, t, d):
        return f"({self.expr(t, d)} if {self.cond(d)} else {self.expr(t, d)})"

    def l_andor(self, t, d):
        return f"({self.expr(t, d)} {self.rng.choice(['and', 'or'])} {self.expr(t, d)})"

    def l_call(self, t, d):
        return self.call(t, d)

    def t_display(self, t, d):
        return "(" + ", ".join(self.expr(f, d) for f in fields(t)) + ")"

    def t_item(self, t, d):
        if t == TIS:
            return f"{self.crecv(LTIS, d)}[{self.lidx(d)}]"
        return None

    def t_minmax(self, t, d):
        if t == TIS and self.spend(4):
            key = f", key={self.key_fn(TIS, d)}" if self.rng.random() < 0.3 else ""
            return f"{self.rng.choice(['min', 'max'])}({self.expr(LTIS, d)}{key})"
        return None

    def t_divmod(self, t, d):
        if t == TII:
            return f"divmod({self.num(d)}, {self.divisor(INT, d)})"
        return None

    def t_ifexp(self, t, d):
        return f"({self.expr(t, d)} if {self.cond(d)} else {self.expr(t, d)})"

    def t_call(self, t, d):
        return self.call(t, d)

    # ---- Optional
    def opt_expr(self, t: str, d: int) -> str | None:
        """An expression of type Optional[T] (not a bare T), or None when
        nothing of that type is at hand."""
        rng = self.rng
        c = self.visible(t)
        if c and rng.random() < 0.7:
            return rng.choice(c)
        hs = [h for h in self.callable_helpers if h.ret == t]
        r = rng.random()
        if hs and r < 0.5:
            return self.call_of(rng.choice(hs), d)
        if t == OSTR or "optional_int_ifexp" in self.features:
            e = self.expr(inner(t), d)
            return f"({e} if {self.cond(d)} else None)" if r < 0.8 else f"(None if {self.cond(d)} else {e})"
        return rng.choice(c) if c else None

    def opt_value(self, t: str, d: int) -> str:
        """What may be stored in an Optional[T] or returned as one: None, a T,
        or an Optional[T]."""
        r = self.rng.random()
        if r < 0.2:
            return "None"
        if r < 0.55:
            return self.expr(inner(t), d)
        return self.opt_expr(t, d) or self.expr(inner(t), d)

    def arg_expr(self, pt: str, d: int, h: Helper, last: bool) -> str:
        if pt == OINT and not last and "optional_int_arg" not in self.features:
            # an int for an Optional[int] parameter other than the last does not compile, nor
            # an Optional[int] variable the compiler has narrowed to an int: None or a call
            hs = [h for h in self.callable_helpers if h.ret == OINT]
            return self.call_of(self.rng.choice(hs), d) if hs and self.rng.random() < 0.5 else "None"
        if (is_vtuple(pt) or pt == TII) and (a := self.tv_arg(pt, d)) is not None:
            return a
        if is_list(pt) and h.grows:
            # the helper may grow it: not a list an enclosing loop iterates over
            for _ in range(4):
                a = self.expr(pt, d)
                names = self.list_names(a)
                if all(self.can_grow(n) for n in names):
                    self.grown.update(names)
                    return a
            return self.clit(pt)
        return self.expr(pt, d)

    # ---- comprehensions and iteration
    def iter_source(self, d: int, in_comp: bool = False, unpack: bool = True) -> tuple[str, list[tuple[str, str]]]:
        """('targets in iterable', [(name, type)]) for a for loop or clause;
        unpack False: one target name."""
        rng = self.rng
        mk = self.fresh_tmp if in_comp else self.fresh
        r = rng.random()
        if not unpack and 0.25 <= r < 0.52:
            r = 0.6
        if r < 0.15:  # range
            i = mk("e" if in_comp else "j")
            k = self.small(d, rng.randint(1, 7), low=rng.choice([0, 0, -1]))
            if rng.random() < 0.3:
                k = f"{self.small(d, 4, low=-2)}, {self.small(d, 8)}"
            return f"{i} in range({k})", [(i, INT)]
        if r < 0.25:  # a str
            c = mk("c" if in_comp else "ch")
            s = self.expr(STR, min(d, 2))
            if rng.random() < 0.15 and self.reversed_ok(s, in_comp):
                s = f"reversed({s})"
            return f"{c} in {s}", [(c, STR)]
        t = self.list_type()
        e = elem(t)
        if r < 0.4 and "enumerate" in self.features:  # enumerate(list or str)
            i, x = mk("e" if in_comp else "k"), mk("e" if in_comp else "w")
            if rng.random() < 0.25:
                t, e = STR, STR
            src = self.expr(t, min(d, 2))
            start = f", {rng.randint(-2, 3)}" if rng.random() < 0.25 else ""
            return f"{i}, {x} in enumerate({src}{start})", [(i, INT), (x, e)]
        if r < 0.52:  # zip
            t2 = self.list_type() if rng.random() < 0.8 else STR
            a, b = mk("e" if in_comp else "w"), mk("e" if in_comp else "z")
            s1, s2 = self.expr(t, min(d, 2)), self.expr(t2, min(d, 2))
            late = self.pg.late
            if "zip3" in self.features and late is not None and late.random() < 0.3:
                t3 = self.list_type() if late.random() < 0.8 else STR
                c, s3 = mk("e" if in_comp else "z"), self.expr(t3, min(d, 2))
                return (f"{a}, {b}, {c} in zip({s1}, {s2}, {s3})",
                        [(a, e), (b, elem(t2) if t2 != STR else STR), (c, elem(t3) if t3 != STR else STR)])
            return f"{a}, {b} in zip({s1}, {s2})", [(a, e), (b, elem(t2) if t2 != STR else STR)]
        src = self.expr(t, min(d, 2))
        if rng.random() < 0.12 and self.reversed_ok(src, in_comp):
            src = f"reversed({src})"
        if is_tuple(e) and unpack and rng.random() < 0.6:  # for a, b in pairs
            names = [mk("e" if in_comp else "u") for _ in fields(e)]
            return f"{', '.join(names)} in {src}", list(zip(names, fields(e)))
        x = mk("e" if in_comp else "w")
        return f"{x} in {src}", [(x, e)]

    def star_ok(self, rhs: str) -> bool:
        """xs[i] += a * ys[j]: 'Unsupported: starred assignment target' (a
        compiler gap) where a '*' is followed by a name in the right-hand side
        of an augmented item assignment."""
        # (without parentheses: ast.unparse drops the redundant ones)
        return "aug_item_star" in self.features or not re.search(r"(?<![*])\*\s*[A-Za-z_]", re.sub(r"[()]", "", rhs))

    def reversed_ok(self, arg: str, in_comp: bool) -> bool:
        """reversed(a if c else b) in a comprehension's clause does not
        compile (a compiler gap); ast.unparse drops the parentheses of one."""
        return not in_comp or " if " not in arg or "reversed_ifexp_comp" in self.features

    def comp_open(self, d: int, unpack: bool = True) -> str:
        """Open a comprehension: its clauses' text; their names are visible
        until comp_close."""
        rng = self.rng
        self.closure += 1
        self.loop_depth += 1
        self.scopes.append(set())
        self._comp_frozen.append(len(self.frozen))
        parts = []
        n_for = 1 if rng.random() < 0.75 or not self.spend(5) else 2
        for k in range(n_for):
            text, bound = self.iter_source(min(d, 2), in_comp=True, unpack=unpack)
            self.frozen.extend(self.list_names(text))
            for n, t in bound:
                self.types[n] = t
                self.scopes[-1].add(n)
                self.readonly.add(n)
                if is_list(t):
                    for m in self.list_names(text):
                        self.union(n, m)
            parts.append(f"for {text}")
            for _ in range(rng.choice([0, 0, 1, 1, 2] if k == n_for - 1 else [0, 0, 0, 1])):
                parts.append(f"if {self.cond(min(d, 2))}")
        return " ".join(parts)

    def comp_close(self):
        del self.frozen[self._comp_frozen.pop():]
        self.scopes.pop()
        self.loop_depth -= 1
        self.closure -= 1

    def gen_or_list(self, e: str, d: int) -> str:
        """The argument of sum/any/all: a generator expression or a list."""
        if self.rng.random() < 0.5:
            g = self.genexp(e, d)
            if g:
                return g
        return self.expr(LIST_OF[e], d)

    # ---- scalar productions over containers (PRODS34)
    def i_llen(self, d):
        if self.rng.random() < 0.1:
            return f"len({self.expr(self.rng.choice(TUPLE_TYPES), d)})"
        return f"len({self.expr(self.list_type(), d)})"

    def i_lsum(self, d):
        rng = self.rng
        if not self.spend(3):
            return None
        if "map_filter" in self.features and rng.random() < 0.2:
            a = rng.choice([INT, STR, BOOL])
            return f"sum(map({self.fn_value(a, INT, d)}, {self.expr(LIST_OF[a], d)}))"
        if "sum_start" in self.features and rng.random() < 0.2:
            start = self.expr(INT, d)  # (a bool start is Unsupported: sum([], False) is False)
            return f"sum({self.expr(LIST_OF[rng.choice([INT, BOOL])], d)}, {'start=' if rng.random() < 0.3 else ''}{start})"
        return f"sum({self.gen_or_list(rng.choice([INT, INT, BOOL]), d)})"

    # next()'s literal defaults, by the items' type
    NEXT_DEFAULTS = {INT: ("-1", "0", "7"), FLOAT: ("0.0", "-1.5"), STR: ("''", "'none'"), BOOL: ("False", "True")}

    def minmax_of(self, e: str, d: int) -> str | None:
        rng = self.rng
        late = self.pg.late
        if "next" in self.features and e in self.NEXT_DEFAULTS and late is not None and late.random() < 0.15:
            g = self.genexp(e, d)
            if g:
                return f"next(({g}), {late.choice(self.NEXT_DEFAULTS[e])})"
        fn = rng.choice(["min", "max"])
        if rng.random() < 0.45:
            g = self.genexp(e, d, minmax=True)
            if g:
                return f"{fn}({g})"  # the sole argument: no key=
        if not self.spend(4):
            return None
        key = f", key={self.key_fn(e, d)}" if "lambda_keys" in self.features and rng.random() < 0.3 else ""
        return f"{fn}({self.expr(LIST_OF[e], d)}{key})"

    def i_lminmax(self, d):
        return self.minmax_of(INT, d)

    def i_lindex(self, d):
        rng = self.rng
        r = rng.random()
        if r < 0.5:
            return f"{self.crecv(LI, d)}[{self.lidx(d)}]"
        if r < 0.7:
            return f"{self.crecv(LLI, d)}[{self.lidx(d)}][{self.lidx(d)}]"
        if r < 0.8:
            return f"{self.crecv(LTIS, d)}[{self.lidx(d)}][{rng.choice(['0', '-2'])}]"
        t = rng.choice([TIS, TII, TISB])
        k = rng.choice([k for k, f in enumerate(fields(t)) if f == INT])
        return f"{self.crecv(t, d)}[{k if rng.random() < 0.7 else k - len(fields(t))}]"

    def i_lsearch(self, d):
        rng = self.rng
        t = self.list_type()
        if rng.random() < 0.3:
            xs, x = self.crecv(t, d), self.atom(elem(t))
            return f"({xs}.index({x}) if {x} in {xs} else {self.expr(INT, d)})"
        return f"{self.crecv(t, d)}.{rng.choice(['index', 'count', 'count'])}({self.expr(elem(t), d)})"

    def i_pop(self, d):
        rng = self.rng
        xs = self.var_of(LI)
        if xs is None:
            m = self.var_of(LLI)
            if m is None:
                return None
            xs = f"{m}[{self.lidx(d)}]"
        return f"{xs}.pop()" if rng.random() < 0.5 else f"{xs}.pop({self.lidx(d)})"

    def i_opt(self, d):
        rng = self.rng
        t = rng.choice(OPT_TYPES)
        o = self.opt_expr(t, d)
        if o is None:
            return None
        if "optional_unwrap" in self.features and rng.random() < 0.1:  # TypeError on None
            return f"({o} + {self.expr(INT, d)})" if t == OINT else f"len({o})"
        if t == OINT and o.isidentifier() and "optional_narrowing" in self.features and rng.random() < 0.3:
            return f"({o} if {o} is not None else {self.expr(INT, d)})"  # narrowed: an int
        use = f"({o} + {self.expr(INT, d)})" if t == OINT else f"len({o})"
        dflt = self.expr(INT, d)
        if rng.random() < 0.5:
            return f"({use} if {o} is not None else {dflt})"
        return f"({dflt} if {o} is None else {use})"

    def i_divmod(self, d):
        return f"divmod({self.num(d)}, {self.divisor(INT, d)})[{self.rng.choice(['0', '1', '-1'])}]"

    def f_divmod(self, d):
        if "divmod_float" not in self.features:
            return None
        rng = self.rng
        k = rng.choice(["0", "1", "-1"])
        if rng.random() < 0.5:  # a float dividend; the divisor (int or float) may be any number
            return f"divmod({self.expr(FLOAT, d)}, {self.divisor(rng.choice([FLOAT, INT]), d)})[{k}]"
        # an int dividend: the divisor must be a float (divisor(FLOAT) may spell an int)
        b = rng.choice(["2.0", "0.5", "(-3.0)", "7.5", "1e-20", "math.inf", self.expr(FLOAT, d)])
        return f"divmod({self.expr(INT, d)}, {b})[{k}]"

    def f_lsum(self, d):
        # 0.0 +: sum() of no floats is CPython's int 0 (a float function would return an int)
        if not self.spend(3):
            return None
        if "sum_start" in self.features and self.rng.random() < 0.3:
            # a float start: a float in CPython too, items or none
            items = self.expr(LIST_OF[self.rng.choice([FLOAT, FLOAT, INT])], d)
            return f"sum({items}, {self.expr(FLOAT, d)})"
        return f"(0.0 + sum({self.gen_or_list(FLOAT, d)}))"

    def f_lminmax(self, d):
        return self.minmax_of(FLOAT, d)

    def f_lindex(self, d):
        if self.rng.random() < 0.75:
            return f"{self.crecv(LF, d)}[{self.lidx(d)}]"
        return f"{self.crecv(TSF, d)}[{self.rng.choice(['1', '-1'])}]"

    def b_lin(self, d):
        t = self.list_type()
        return f"({self.expr(elem(t), d)} {self.rng.choice(['in', 'not in'])} {self.expr(t, d)})"

    def b_lcmp(self, d):
        rng = self.rng
        t = self.list_type() if rng.random() < 0.7 else rng.choice(TUPLE_TYPES)
        ops = ["==", "!=", "==", "!=", "<", "<=", ">", ">="]
        parts = [self.expr(t, d)]
        for _ in range(rng.choice([1, 1, 1, 2])):
            parts += [rng.choice(ops), self.expr(t, d)]
        return f"({' '.join(parts)})"

    def b_anyall(self, d):
        rng, pg = self.rng, self.pg
        fn = rng.choice(['any', 'all'])
        if "any_map" in self.features and pg.late is not None and pg.late.random() < 0.3 and self.spend(5):
            a = pick(rng, [(INT, 3), (STR, 2), (BOOL, 1), (FLOAT, 1)])  # any(map(f, xs)): f called until one decides
            src = self.expr(STR, d) if a == STR and rng.random() < 0.3 else self.expr(LIST_OF[a], d)
            return f"{fn}(map({self.fn_value(a, pick(rng, [(BOOL, 3), (INT, 1), (STR, 1)]), d)}, {src}))"
        return f"{fn}({self.gen_or_list(BOOL, d)})"

    def b_lindex(self, d):
        if self.rng.random() < 0.7:
            return f"{self.crecv(LB, d)}[{self.lidx(d)}]"
        return f"{self.crecv(TISB, d)}[{self.rng.choice(['2', '-1'])}]"

    def b_isnone(self, d):
        o = self.opt_expr(self.rng.choice(OPT_TYPES), d)
        if o is None:
            return None
        return f"({o} {self.rng.choice(['is', 'is not'])} None)"

    def s_join(self, d):
        rng = self.rng
        sep = rng.choice(["''", "','", "' '", "'-'", "', '"]) if rng.random() < 0.75 else self.recv(d)
        r = rng.random()
        if r < 0.2:
            g = self.genexp(STR, d)
            if g:
                return f"{sep}.join({g})"
        if r < 0.35 and "map_filter" in self.features and self.spend(5):
            a = rng.choice([INT, STR, BOOL])
            return f"{sep}.join(map({self.fn_value(a, STR, d)}, {self.expr(LIST_OF[a], d)}))"
        if r < 0.42 and "map_filter" in self.features and self.spend(5):
            return f"{sep}.join(filter({self.fn_value(STR, BOOL, d)}, {self.expr(LS, d)}))"
        return f"{sep}.join({self.expr(LS, d)})"

    def s_lindex(self, d):
        rng = self.rng
        r = rng.random()
        if r < 0.6:
            return f"{self.crecv(LS, d)}[{self.lidx(d)}]"
        if r < 0.8:
            return f"{self.crecv(LTIS, d)}[{self.lidx(d)}][{rng.choice(['1', '-1'])}]"
        t = rng.choice([TIS, TSF, TISB])
        k = fields(t).index(STR)
        return f"{self.crecv(t, d)}[{k}]"

    def s_lminmax(self, d):
        return self.minmax_of(STR, d)

    def s_opt(self, d):
        rng = self.rng
        o = self.opt_expr(OSTR, d)
        if o is None:
            return None
        if "optional_method_none" in self.features and rng.random() < 0.1:
            return f"{o}.upper()"  # AttributeError on None
        if "optional_unwrap" in self.features and rng.random() < 0.1:
            return f"({o} + {self.expr(STR, d)})"  # TypeError on None
        if o.isidentifier() and "optional_narrowing" in self.features and rng.random() < 0.3:
            return f"({o} if {o} is not None else {self.expr(STR, d)})"  # narrowed: a str
        use = rng.choice([f"({o} + {self.expr(STR, d)})", f"{o}.upper()", f"{o}[::-1]"])
        if rng.random() < 0.5:
            return f"({use} if {o} is not None else {self.expr(STR, d)})"
        return f"({self.expr(STR, d)} if {o} is None else {use})"

    # ---- statements
    def stmt_choices34(self, can_nest: bool, can_loop: bool):
        have_lists = any(self.visible(t) for t in LIST_TYPES)
        return [
            ("list_new", 2.5), ("alias", 0.8 if have_lists and "aliasing" in self.features else 0),
            ("item_assign", 1.5 if have_lists else 0), ("swap", 0.6), ("unpack", 0.7),
            ("lmethod", 2.5 if have_lists else 0), ("laug", 0.7 if have_lists else 0),
            ("for_list", 2.0 if can_loop else 0), ("opt_stmt", 1.0 if "optional" in self.features else 0),
            ("narrow", 1.2 if "optional_narrowing" in self.features and can_nest else 0),
            ("call_stmt34", 0.5 if any(is_list(t) for h in self.callable_helpers for _, t in h.params) else 0),
            ("lazy_bound", 0.5 if have_lists and "lazy_bound" in self.features else 0),
        ]

    def with_else(self, loop: Stmt, depth: int) -> Stmt:
        """Sometimes an else clause on a loop (tier 3-4 programs only)."""
        if self.t34 and "loop_else" in self.features and self.rng.random() < 0.25:
            new_vars: list[str] = []
            loop.blocks.append(("else:", self.sub_block(depth, new_vars=new_vars)))
            self.leak_maybe_unbound(new_vars)
        return loop

    def st_list_new(self, depth):
        rng = self.rng
        if self.counter >= self.MAX_NAMES:
            return self.st_assign(depth, fallback=False)
        t = pick(rng, [(LI, 3), (LB, 0.6), (LF, 1), (LS, 2), (LTIS, 1), (LLI, 1.2)])
        name = self.fresh("xs")
        r = rng.random()
        if r < 0.2:
            self.define(name, t)
            return [Stmt(f"{name}: {spell(rng, t)} = []")], False
        if r < 0.35:  # the item type comes from the append that follows
            e = self.expr(elem(t), self.edepth())
            self.define(name, t)
            self.note_alias(name, e)
            return [Stmt(f"{name} = []"), Stmt(f"{name}.append({e})")], False
        e = self.expr(t, self.edepth())
        self.define(name, t)
        self.note_alias(name, e)
        if rng.random() < 0.15:
            return [Stmt(f"{name}: {spell(rng, t)} = {e}")], False
        return [Stmt(f"{name} = {e}")], False

    def list_vars(self) -> list[str]:
        seen = set().union(*self.scopes)
        return sorted(n for n in seen if is_list(self.types[n]) and not (self.closure and n in self.maybe_unbound))

    def st_alias(self, depth):
        """b = a, then (often) a change through b."""
        rng = self.rng
        if self.counter >= self.MAX_NAMES:
            return self.st_lmethod(depth)
        a = rng.choice(self.list_vars())
        t = self.types[a]
        b = self.fresh("al")
        self.define(b, t)
        self.union(b, a)
        out = [Stmt(f"{b} = {a}")]
        if rng.random() < 0.7:
            out += self.mutate(b, t, self.edepth())
        return out, False

    def mutate(self, xs: str, t: str, d: int) -> list[Stmt]:
        """One in-place change of list xs (a name or m[i])."""
        heap = self.heap_stmt(xs, t, d)
        if heap is not None:
            return heap
        rng = self.rng
        base = _IDENT.match(xs).group(0)
        e = elem(t)
        grow = self.can_grow(base)
        r = rng.random()
        if r < 0.35 and grow:
            self.grown.add(base)
            k = rng.random()
            if k < 0.6:
                v = self.expr(e, d)
                self.note_alias(base, v)
                return [Stmt(f"{xs}.append({v})")]
            if k < 0.85:
                src = self.expr(t, d) if not (e == STR and rng.random() < 0.3) else self.expr(STR, d)
                self.note_alias(base, src)
                return [Stmt(f"{xs}.extend({src})")]
            v = self.expr(e, d)
            self.note_alias(base, v)
            return [Stmt(f"{xs}.insert({self.lidx(d)}, {v})")]
        if r < 0.55:
            v = self.expr(e, d)
            self.note_alias(base, v)
            i = self.lidx(d)
            return self.guarded(xs, Stmt(f"{xs}[{i}] = {v}"), i)
        k = rng.random()
        if k < 0.25:
            i, form = self.lidx(d), rng.random()
            if form < 0.15:
                return [Stmt(f"del {xs}[{rng.choice(['', i])}:{rng.choice(['', self.lidx(d)])}]")]
            stmt = f"{xs}.pop()" if form < 0.5 else f"{xs}.pop({i})" if form < 0.8 else f"del {xs}[{i}]"
            return self.guarded(xs, Stmt(stmt), i)
        if k < 0.4:
            x = self.atom(e)
            if rng.random() < 0.5:
                return [Stmt(f"if {x} in {xs}:", [(None, [Stmt(f"{xs}.remove({x})")])])]
            return [Stmt(f"{xs}.remove({self.expr(e, d)})")]
        if k < 0.55:
            return [Stmt(f"{xs}.reverse()")]
        if k < 0.9 and self.spend(4):
            return [Stmt(f"{xs}.sort({self.sort_args(e, d, pure=True)[2:]})")]
        return [Stmt(f"{xs}.clear()")]

    def st_lmethod(self, depth):
        rng = self.rng
        xs = rng.choice(self.list_vars())
        t = self.types[xs]
        if t == LLI and rng.random() < 0.4:
            xs, t = f"{xs}[{self.lidx(self.edepth())}]", LI
        return self.mutate(xs, t, self.edepth()), False

    def st_item_assign(self, depth):
        rng = self.rng
        xs = rng.choice(self.list_vars())
        t = self.types[xs]
        d = self.edepth()
        i = self.lidx(d)
        target = f"{xs}[{i}]"
        e = elem(t)
        if t == LLI and rng.random() < 0.6:
            target, e = f"{target}[{self.lidx(d)}]", INT
        if e in (INT, FLOAT, STR, BOOL) and rng.random() < 0.4:
            if e == INT:
                op = rng.choice(["+=", "-=", "*=", "//=", "%=", "|=", "^="])
                rhs = self.divisor(INT, d) if op in ("//=", "%=") else self.num(d)
            elif e == FLOAT:
                op = rng.choice(["+=", "-=", "*=", "/="])
                rhs = self.divisor(FLOAT, d) if op == "/=" else self.expr(FLOAT, d)
            elif e == STR:
                op, rhs = "+=", self.expr(STR, min(d, 2))
            else:
                op, rhs = rng.choice(["&=", "|=", "^="]), self.expr(BOOL, d)
            if self.star_ok(rhs):
                return self.guarded(xs, Stmt(f"{target} {op} {rhs}"), i), False
        if e == LI and rng.random() < 0.3 and self.can_grow(xs):  # m[i] += row: in place
            rhs = self.expr(LI, d)
            if self.star_ok(rhs):
                self.grown.add(xs)
                self.note_alias(xs, rhs)
                return [Stmt(f"{target} += {rhs}")], False
        v = self.expr(e, d)
        self.note_alias(xs, v)
        return self.guarded(xs, Stmt(f"{target} = {v}"), i), False

    def st_swap(self, depth):
        rng = self.rng
        d = self.edepth()
        lv = self.list_vars()
        if lv and rng.random() < 0.6:
            xs = rng.choice(lv)
            i, j = self.lidx(d), self.lidx(d)
            return [Stmt(f"{xs}[{i}], {xs}[{j}] = {xs}[{j}], {xs}[{i}]")], False
        t = rng.choice([INT, INT, STR, FLOAT, LI])
        vs = self.visible(t, writable=True)
        if len(vs) < 2:
            return self.st_unpack(depth)
        a, b = rng.sample(vs, 2)
        if t == INT and rng.random() < 0.4:
            return [Stmt(f"{a}, {b} = {b}, {a} + {b}")], False
        if is_list(t):
            self.union(a, b)
        return [Stmt(f"{a}, {b} = {b}, {a}")], False

    def st_unpack(self, depth):
        rng = self.rng
        d = self.edepth()
        if self.counter >= self.MAX_NAMES - 3 or not self.spend(3):
            return self.st_pass(depth)
        r = rng.random()
        if r < 0.5:
            t = rng.choice(TUPLE_TYPES)
            src = self.expr(t, d)
            fs = fields(t)
        elif r < 0.7:
            src, fs = f"divmod({self.num(d)}, {self.divisor(INT, d)})", (INT, INT)
        else:
            fs = tuple(rng.choice([INT, STR, LI, FLOAT]) for _ in range(rng.choice([2, 2, 3])))
            vals = [self.expr(f, d) for f in fs]
            src = ", ".join(vals)
        names = []
        for f in fs:
            old = self.visible(f, writable=True)
            if old and rng.random() < 0.3 and not any(n in names for n in old):
                names.append(rng.choice(old))
            else:
                names.append(self.fresh("u"))
        if len(set(names)) < len(names):
            names = [self.fresh("u") for _ in fs]
        for n, f in zip(names, fs):
            if n not in self.types:
                self.define(n, f)
            self.note_alias(n, src)
        return [Stmt(f"{', '.join(names)} = {src}")], False

    def st_laug(self, depth):
        rng = self.rng
        lv = [n for n in self.list_vars() if n not in self.readonly]
        if not lv:
            return self.st_list_new(depth)
        xs = rng.choice(lv)
        t = self.types[xs]
        d = self.edepth()
        r = rng.random()
        if r < 0.45 and self.can_grow(xs):
            self.grown.add(xs)
            ys = self.expr(t, d)
            self.note_alias(xs, ys)
            return [Stmt(f"{xs} += {ys}")], False  # in place: an alias sees it
        if r < 0.6 and self.can_grow(xs) and "list_imul" in self.features:
            self.grown.add(xs)
            k = rng.choice(["0", "1", "2", "(-1)"]) if rng.random() < 0.7 else f"({self.num(d)} % 3)"
            return [Stmt(f"{xs} *= {k}")], False
        ys = self.expr(t, d)
        self.note_alias(xs, ys)
        return [Stmt(f"{xs} = {xs} + {ys}")], False  # a new list: an alias does not

    def st_for_list(self, depth):
        if not self.spend(2):
            return self.st_for_range(depth)
        text, bound = self.iter_source(self.edepth())
        mark = len(self.frozen)
        names = self.list_names(text)
        self.frozen.extend(names)
        for n, t in bound:
            self.types[n] = t
            for m in names if is_list(t) else []:
                self.union(n, m)
        body = self.loop_body(depth, [], [n for n, _ in bound])
        del self.frozen[mark:]
        return [self.with_else(Stmt(f"for {text}:", [(None, body)]), depth)], False

    def st_narrow(self, depth):
        """if o is not None: ... o as its T ...  /  if o is None: return ...; o as its T"""
        rng = self.rng
        t = rng.choice(OPT_TYPES)
        o = self.var_of(t)
        if o is None or self.counter >= self.MAX_NAMES - 1 or depth >= self.MAX_BLOCK_DEPTH:
            return self.st_opt_stmt(depth)
        T = inner(t)
        if rng.random() < 0.6:
            if self.ret == T and rng.random() < 0.3:
                use = [Stmt(f"return {o}")]
            else:
                v = self.fresh("v")
                use = [Stmt(f"{v} = {o}")]
                self.types[v] = T
                self.scopes.append({v})
                use += self.block(rng.choice([0, 1, 1, 2]), depth + 1) if rng.random() < 0.5 else []
                self.scopes.pop()
            blocks = [(None, use)]
            if rng.random() < 0.3:
                blocks.append(("else:", self.sub_block(depth)))
            return [Stmt(f"if {o} is not None:", blocks)], False
        # a guard whose block cannot finish, then o is a T to the end of this block
        if self.loop_depth and rng.random() < 0.4:
            leave = Stmt(rng.choice(["continue", "break"]))
        else:
            leave = self.ret_stmt()
        v = self.fresh("v")
        self.define(v, T)
        return [Stmt(f"if {o} is None:", [(None, [leave])]), Stmt(f"{v} = {o}")], False

    def st_opt_stmt(self, depth):
        rng = self.rng
        t = rng.choice(OPT_TYPES)
        old = self.visible(t, writable=True)
        if old and rng.random() < 0.5:
            return [Stmt(f"{rng.choice(old)} = {self.opt_value(t, self.edepth())}")], False
        if self.counter >= self.MAX_NAMES:
            return self.st_pass(depth)
        if depth < self.MAX_BLOCK_DEPTH and rng.random() < 0.3 and self.widen_ok():
            return self.none_after_a_value(t), False
        v = self.opt_value(t, self.edepth())
        o = self.fresh("o")
        self.define(o, t)
        return [Stmt(f"{o}: {spell(rng, t)} = {v}")], False

    def none_after_a_value(self, t: str) -> list[Stmt]:
        """An unannotated local given a T, and None in a branch (the
        compiler types it again as an Optional[T], a widened name)."""
        d = self.edepth()
        cond, value = self.expr(BOOL, d), self.expr(inner(t), d)
        o = self.fresh("o")
        self.define(o, t)
        if self.rng.random() < 0.5:
            return [Stmt(f"if {cond}:", [(None, [Stmt(f"{o} = {value}")]), ("else:", [Stmt(f"{o} = None")])])]
        return [Stmt(f"{o} = {value}"), Stmt(f"if {cond}:", [(None, [Stmt(f"{o} = None")])])]
