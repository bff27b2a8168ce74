"""The generator's try statements (feature "try_except"): the DSL's `try:`
with `except` clauses and an optional `else:` (docs/language.md, "try").

In TE_SHARE of the seeds (try programs, drawn from the seed alone as
numbers.NUM_SHARE's; tier 1-2 and tier 3-4 seeds alike): try statements in
the entry's and the helpers' bodies, at their top level and nested in loops,
ifs, other try bodies, handlers and else blocks; and `raise C(...)` (mostly
behind an if) anywhere, so that a helper the body calls raises through its
frame. A try body holds statements that raise on some inputs (te_raisy:
int() of a str, an index of a display or a list, a key of a dict display,
// and % by a number that may be 0, pop() of a list that may be empty,
str.index and list.index of what may be absent, assert, an explicit raise,
a call of a helper) among the ordinary ones (which bring break, continue
and return along). Its clauses name one class, a base class, a tuple of
them, or none (a bare `except:`, last), some `as` a name nothing reads; a
handler does what programs do there: pass, return, break or continue, raise
another class, give a fallback value to a name the body assigns, read one
(UnboundLocalError where the raise came before its assignment: names the
body assigns are maybe unbound in the handlers and after the statement, and
bound in the else block).

The VM never catches its limits and deviations (an int past 64 bits, any
OverflowError, RecursionError, MemoryError, Timeout, Unsupported): the lane
ends with the status. The oracle models it (oracle._passthru: an instrumented
handler raises those again, and the oracle's own discards), so that its
outcome is the VM's; the CPython path judges such lanes again in production.
Not drawn, as the compiler refuses them: `finally`, a def in a try, an `as`
name that is read, other classes.
"""

from __future__ import annotations

import os
import random

from . import oracle
from .dsl_types import BOOL, ENTRY, INT, LIST_TYPES, NONE, SCALARS, STR, Stmt, elem, pick

# Share of seeds whose programs are try programs, drawn from the seed alone;
# DIFFTEST_TE_SHARE raises it for a focused run (1.0: every seed;
# bench/difftest.py's workers inherit it).
TE_SHARE = float(os.environ.get("DIFFTEST_TE_SHARE", "0.15"))

# try statements per program: well under the VM's MAX_HANDLERS (16)
MAX_TRIES = 8

# classes a clause names, by how often the bodies raise them
CATCH = [("ValueError", 3), ("IndexError", 2.5), ("ZeroDivisionError", 2.5), ("KeyError", 1.5),
         ("AssertionError", 1), ("TypeError", 0.6), ("UnboundLocalError", 0.6), ("NameError", 0.4),
         ("AttributeError", 0.4), ("OverflowError", 0.4), ("RecursionError", 0.1), ("MemoryError", 0.1),
         ("LookupError", 2), ("ArithmeticError", 1.5), ("RuntimeError", 0.3), ("Exception", 2),
         ("BaseException", 0.5)]
# a base class of each (what a clause names in its stead now and then)
BASE = {"ValueError": "Exception", "IndexError": "LookupError", "KeyError": "LookupError",
        "ZeroDivisionError": "ArithmeticError", "AssertionError": "Exception", "UnboundLocalError": "NameError",
        "TypeError": "Exception", "AttributeError": "Exception", "Exception": "BaseException"}
# classes `raise` names (docs/language.md, the statements' table)
RAISE = [("ValueError", 3), ("KeyError", 2), ("IndexError", 2), ("ZeroDivisionError", 1.5),
         ("AssertionError", 1), ("UnboundLocalError", 0.5), ("TypeError", 0.8), ("AttributeError", 0.5),
         ("Exception", 1)]


def te_for(seed: int | None, features) -> bool:
    """Whether this seed's programs are try programs."""
    return (seed is not None and "try_except" in features
            and random.Random(f"te:{seed}").random() < TE_SHARE)


class TryGen:
    """Try statements and raises, mixed into FuncGen; drawn in try programs."""

    def te_stmt_choices(self, can_nest: bool, can_loop: bool):
        helper = self.name != ENTRY  # (the entry raises in its try bodies: lanes that return stay many)
        return [("try", 4.0 if can_nest and self.pg.tries < MAX_TRIES else 0),
                ("raise", 0.3 if helper and not self.bare else 0)]

    # ---- the statement
    def st_try(self, depth):
        """try: body, 1-3 clauses (bare last), sometimes else."""
        rng = self.rng
        self.pg.tries += 1
        index = self.pg.tries  # (the body's own tries count on)
        body_names: list[str] = []
        self.te_may.append(set())  # what the body's raisy statements raise
        body = self.te_block(depth, [], body_names, raisy=0.45)
        may = sorted(self.te_may.pop())
        blocks = [(None, body)]
        later: list[str] = []
        for hdr in self.te_clauses(index, may):
            blocks.append((hdr, self.te_handler(depth, body_names, later)))
        if rng.random() < 0.35:
            blocks.append(("else:", self.te_block(depth, body_names, later, raisy=0.2)))
        self.leak_maybe_unbound(body_names + later, 0.2)  # (a raise skips more of a try's names than an if's)
        return [Stmt("try:", blocks)], False

    def te_block(self, depth: int, sees: list[str], new_vars: list[str], raisy: float) -> list[Stmt]:
        """A block of 1-3 statements, some raisy ones, that sees names sees
        (bound there); its own names go to new_vars."""
        return self.te_statements(sees, new_vars, [1, 2, 2, 3], raisy, lambda: self.te_raisy(depth + 1), depth)

    def te_handler(self, depth: int, body_names: list[str], new_vars: list[str]) -> list[Stmt]:
        """A handler: it sees some of the body's names, maybe unbound there."""
        rng = self.rng
        sees = [v for v in body_names if "maybe_unbound" in self.features and rng.random() < 0.4 and v not in self.gone]
        self.maybe_unbound.update(sees)
        return self.te_statements(sees, new_vars, [1, 1, 2], 0.5, lambda: self.te_action(depth, sees), depth)

    def te_statements(self, sees: list[str], new_vars: list[str], counts: list[int], share: float, special,
                      depth: int) -> list[Stmt]:
        """A block of rng.choice(counts) statements, each special() with
        probability share or else an ordinary one, up to one that ends it;
        the block sees names sees, and its own names go to new_vars."""
        rng = self.rng
        self.scopes.append(set(sees))
        self.block_kinds.append("other")
        out: list[Stmt] = []
        for _ in range(rng.choice(counts)):
            s, final = special() if rng.random() < share else self.stmt(depth + 1)
            out.extend(s)
            if final:
                break
        self.block_kinds.pop()
        scope = self.scopes.pop()
        new_vars.extend(sorted(scope - set(sees)))
        return out

    def te_clauses(self, index: int, may: list[str]) -> list[str]:
        """Clauses that name what the body may raise (may) half the time."""
        rng = self.rng
        n = rng.choice([1, 1, 2, 2, 3])
        out = []
        for k in range(n):
            if k == n - 1 and rng.random() < 0.15:
                out.append("except:")
                break
            r = rng.random()
            if r < 0.7:
                cls = self.te_class(may)
            else:
                names = sorted({self.te_class(may) for _ in range(rng.choice([2, 2, 3]))})
                cls = f"({', '.join(names)}{',' if len(names) == 1 else ''})"
            bound = f" as {self.te_as_name(f'exc{index}_{k}')}" if rng.random() < 0.15 else ""
            out.append(f"except {cls}{bound}:")
        return out

    def te_class(self, may: list[str]) -> str:
        rng = self.rng
        if may and rng.random() < 0.75:
            cls = rng.choice(may)
            return BASE[cls] if rng.random() < 0.25 else cls
        return pick(rng, CATCH)

    te_bound: tuple[str, ...] = ()  # the function's `as` names
    te_may: list[set[str]]  # per try body being drawn: the classes it raises (set by FuncGen)

    def te_note(self, cls: str):
        """Note that the statement drawn raises cls on some inputs."""
        if self.te_may:
            self.te_may[-1].add(cls)

    def te_as_name(self, new: str) -> str:
        """A name for `as` that nothing reads: new, or (except_as_reused)
        one the function bound before."""
        if self.te_bound and "except_as_reused" in self.features and self.rng.random() < 0.4:
            return self.rng.choice(self.te_bound)
        self.te_bound += (new,)
        return new

    # ---- what a handler does
    def te_action(self, depth: int, sees: list[str]) -> tuple[list[Stmt], bool]:
        """pass, a return, break/continue, a raise, a fallback value given
        to a name the body assigns, or a read of one."""
        rng = self.rng
        self.expr_budget = 18
        writable = [v for v in sees if v not in self.readonly and self.types[v] in SCALARS]  # (no list: aliases)
        r = rng.random()
        if r < 0.15:
            return [Stmt("pass")], False
        if r < 0.3:
            return [self.ret_stmt()], True
        if r < 0.45 and self.loop_depth:
            return [Stmt(rng.choice(["break", "continue"]))], True
        if r < 0.55:
            return self.te_raise(), True
        if r < 0.8 and writable:
            v = rng.choice(writable)
            return [Stmt(f"{v} = {self.expr(self.types[v], self.edepth())}")], False
        if sees:
            return self.te_read(rng.choice(sees)), False
        return self.stmt(depth + 1)

    def te_read(self, v: str) -> list[Stmt]:
        """A statement that reads name v first (UnboundLocalError if unbound)."""
        if self.counter < self.MAX_NAMES:
            name = self.fresh("v")
            self.define(name, self.types[v])
            return [Stmt(f"{name} = {v}")]
        return [Stmt(f"print({v})" if self.types[v] in SCALARS else "pass")]

    def te_raise(self) -> list[Stmt]:
        """raise C, C() or C(args): TypeError and AttributeError with the
        message the oracle knows for an explicit one (oracle.RAISED)."""
        rng = self.rng
        cls = pick(rng, RAISE)
        self.te_note(cls)
        r = rng.random()
        if cls in ("TypeError", "AttributeError") or r < 0.4:
            return [Stmt(f"raise {cls}({oracle.RAISED!r})")]
        if r < 0.6:
            return [Stmt(f"raise {cls}" + rng.choice(["", "()"]))]
        return [Stmt(f"raise {cls}({self.expr(rng.choice([STR, INT]), 2)})")]  # (its argument may raise first)

    def st_raise(self, depth):
        """A raise, mostly behind a test some inputs pass."""
        if self.rng.random() < 0.15 and not self.bare:
            return self.te_raise(), True
        return [Stmt(f"if {self.test(self.edepth())}:", [(None, self.te_raise())])], False

    # ---- statements that raise on some inputs
    TE_RAISES = {"inner": "ZeroDivisionError", "int_of": "ValueError", "item": "IndexError", "key": "KeyError", "div": "ZeroDivisionError",
                 "pop": "IndexError", "index": "ValueError", "assert": "AssertionError", "read": "UnboundLocalError"}

    def te_raisy(self, depth: int) -> tuple[list[Stmt], bool]:
        rng = self.rng
        self.expr_budget = 18
        d = self.edepth()
        lists = [v for t in LIST_TYPES for v in self.visible(t)] if self.t34 else []
        kinds = [("int_of", 2 if "int_of_str" in self.features else 0), ("item", 2), ("key", 1.2 if "dicts" in self.features else 0),
                 ("div", 2), ("pop", 1), ("index", 1), ("assert", 0.8), ("raise", 1),
                 ("call", 1.2 if self.te_helpers() else 0), ("read", 0.5), ("inner", 1.2)]
        kind = pick(rng, kinds)
        self.te_note(self.TE_RAISES.get(kind, "Exception"))
        if kind == "int_of":
            return self.te_assign(INT, f"int({self.str_num(d)})"), False
        if kind == "item":
            return self.te_item(lists, d), False
        if kind == "key":
            keys = [repr(k) for k in rng.sample(["a", "b", "x", "", "ab"], rng.choice([1, 2, 3]))]
            disp = "{" + ", ".join(f"{k}: {self.expr(INT, d)}" for k in keys) + "}"
            key = self.expr(STR, d) if rng.random() < 0.4 else repr(rng.choice(["a", "b", "c", "x"]))
            return self.te_assign(INT, f"{disp}[{key}]"), False
        if kind == "div":
            return self.te_assign(INT, f"{self.num(d)} {rng.choice(['//', '%'])} {self.te_maybe_zero(d)}"), False
        if kind == "pop":
            return self.te_pop(lists, d), False
        if kind == "index":
            return self.te_index(lists, d), False
        if kind == "assert":
            return self.st_assert(depth)
        if kind == "raise":
            return self.st_raise(depth)
        if kind == "call":
            return self.te_call(d), False
        if kind == "inner":
            return self.te_inner(d), False
        names = [v for v in self.maybe_unbound if any(v in s for s in self.scopes)]
        return (self.te_read(rng.choice(sorted(names))), False) if names else self.st_assert(depth)

    def te_assign(self, t: str, e: str) -> list[Stmt]:
        """name = e: a new name if there is room, else one of type t, else e alone."""
        if self.counter < self.MAX_NAMES:
            name = self.fresh("v")
            self.define(name, t)
            return [Stmt(f"{name} = {e}")]
        olds = self.visible(t, writable=True) if t in SCALARS else []  # (no list: aliases)
        if olds:
            return [Stmt(f"{self.rng.choice(olds)} = {e}")]
        return [Stmt(f"print({e})" if t in SCALARS else "pass")]

    def te_maybe_zero(self, d: int) -> str:
        """A divisor that is 0 on some inputs."""
        rng = self.rng
        ints = self.visible(INT)
        r = rng.random()
        if r < 0.35 and ints:
            return rng.choice(ints)
        if r < 0.7:
            return f"({self.expr(INT, d)} % {rng.choice([2, 3, 4])})"
        return f"({self.expr(INT, d)} - {rng.choice([0, 1, 2])})"

    def te_item(self, lists: list[str], d: int) -> list[Stmt]:
        """An item of a list (t34) or of a display, at an index maybe out of range."""
        rng = self.rng
        i = self.index(d) if rng.random() < 0.6 else str(rng.randint(-4, 4))
        if lists and rng.random() < 0.5:
            xs = rng.choice(lists)
            return self.te_assign(elem(self.types[xs]), f"{xs}[{i}]")
        t = rng.choice([INT, INT, STR, BOOL])
        disp = "[" + ", ".join(self.expr(t, d) for _ in range(rng.choice([1, 2, 3]))) + "]"
        return self.te_assign(t, f"{disp}[{i}]")

    def te_pop(self, lists: list[str], d: int) -> list[Stmt]:
        """pop() of a list that may be empty: a list local, or a range's."""
        rng = self.rng
        mine = [v for v in lists if v not in self.readonly]
        if mine and rng.random() < 0.6:
            xs = rng.choice(mine)
            return self.te_assign(elem(self.types[xs]), f"{xs}.pop()")
        return self.te_assign(INT, f"list(range({self.small(d, 3)})).pop()")

    def te_index(self, lists: list[str], d: int) -> list[Stmt]:
        """s.index(t) or xs.index(x): ValueError where it is absent."""
        rng = self.rng
        if lists and rng.random() < 0.5:
            xs = rng.choice(lists)
            e = elem(self.types[xs])
            if e in (INT, STR, BOOL):  # (no floats: nan is looked for by identity)
                return self.te_assign(INT, f"{xs}.index({self.atom(e)})")
        return self.te_assign(INT, f"{self.recv(d)}.index({self.expr(STR, d)})")

    def te_inner(self, d: int) -> list[Stmt]:
        """A raise inside a comprehension, a generator expression, a sort
        key or a map: frames of their own on the VM, left for the handler."""
        rng = self.rng
        w = self.fresh_tmp("e")
        self.closure += 1  # (what they read is surely bound)
        k = self.atom(INT) if rng.random() < 0.6 else str(rng.choice([1, 7, -12]))
        self.closure -= 1
        src = f"range({rng.randint(-3, 0)}, {rng.randint(0, 3)})"
        forms = [("comprehensions", f"sum([{k} // {w} for {w} in {src}])"),
                 ("genexp", f"sum({k} % {w} for {w} in {src})"),
                 ("lambda_keys", f"sorted({src}, key=lambda {w}: {k} // {w})[0]"),
                 ("map_filter", f"sum(map(int, {self.recv(d)}))"),
                 ("comprehensions", f"len([int({w}) for {w} in {self.expr(STR, d)}])")]
        live = [e for f, e in forms if f in self.features]
        if not live or not self.spend(8):
            return self.te_assign(INT, f"{self.num(d)} // {self.te_maybe_zero(d)}")
        return self.te_assign(INT, rng.choice(live))

    def te_helpers(self):
        return self.callable_helpers

    def te_call(self, d: int) -> list[Stmt]:
        """A helper called from the body, its result kept: it may raise."""
        h = self.rng.choice(self.te_helpers())
        call = self.call_of(h, d)
        if h.ret == NONE:
            return [Stmt(call)]
        return self.te_assign(h.ret, call)
