"""Families returning tuples and Optional values."""

from __future__ import annotations

import random

from .base import (_INTS, _ITEM, _S, MIXED, Variant, code, family, int_inputs, int_list, many, one_of, predicate, task,
                   text_of)

# ------------------------------------------------------------ tuples and Optional returns

def _min_max(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    order = rng.random() < 0.5
    pair = "(smallest, largest)" if order else "(largest, smallest)"
    text = f"Return the pair {pair} of the elements of {xs} ({xs} is not empty)."
    lo_hi = "lo, hi" if order else "hi, lo"
    body = one_of(rng, [f"return min({xs}), max({xs})" if order else f"return max({xs}), min({xs})",
                        code("""
                            lo, hi = {xs}[0], {xs}[0]
                            for x in {xs}:
                                if x < lo:
                                    lo = x
                                if x > hi:
                                    hi = x
                            return {lo_hi}""", xs=xs, lo_hi=lo_hi)])
    inputs = [([4],), ([2, 2],), ([-1, 5, 3],)] + many(rng, 7, lambda: (int_list(rng, -50, 50, 8, min_len=1),))
    entry = one_of(rng, ["min_max", "extremes", "bounds", "low_high"])
    return task("tuples_optional", entry, [(xs, "list[int]")], "tuple[int, int]", text, body, inputs)


def _split_count(rng: random.Random) -> Variant:
    xs, x = one_of(rng, _INTS), "x"
    phrase, cond = predicate(rng, x)
    text = (f"Return a pair: how many elements of {xs} are {phrase}, and how many are not.")
    body = code("""
        yes = 0
        for x in {xs}:
            if {cond}:
                yes += 1
        return yes, len({xs}) - yes""", xs=xs, cond=cond)
    entry = one_of(rng, ["split_count", "partition_sizes", "tally_pair"])
    return task("tuples_optional", entry, [(xs, "list[int]")], "tuple[int, int]", text, body, int_inputs(rng))


def _floor_divmod(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("a", "b"), ("n", "d"), ("total", "size")])
    text = (f"Return the pair (q, r) with q = {a} // {b} and r = {a} % {b}, Python's floor division and "
            f"remainder ({b} is not 0).")
    body = one_of(rng, [f"return divmod({a}, {b})", f"return {a} // {b}, {a} % {b}"])
    inputs = [(7, 2), (-7, 2), (7, -2), (0, 5)] + many(rng, 6, lambda: (rng.randint(-100, 100), rng.choice([-7, -3, 1, 2, 5, 9])))
    entry = one_of(rng, ["div_mod", "quotient_remainder", "split_division"])
    return task("tuples_optional", entry, [(a, "int"), (b, "int")], "tuple[int, int]", text, body, inputs)


def _safe_div(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("a", "b"), ("n", "d"), ("total", "parts")])
    text = f"Return {a} // {b}, or None when {b} is 0."
    body = code("""
        if {b} == 0:
            return None
        return {a} // {b}""", a=a, b=b)
    inputs = [(5, 0), (0, 0), (7, 2), (-7, 2)] + many(rng, 6, lambda: (rng.randint(-50, 50), rng.randint(-3, 3)))
    entry = one_of(rng, ["safe_div", "divide_or_none", "try_divide"])
    return task("tuples_optional", entry, [(a, "int"), (b, "int")], "Optional[int]", text, body, inputs, typing=True)


def _first_or_none(rng: random.Random) -> Variant:
    xs, x = one_of(rng, _INTS), one_of(rng, _ITEM)
    phrase, cond = predicate(rng, x)
    which = one_of(rng, ["first", "last"])
    text = f"Return the {which} element of {xs} that is {phrase}, or None if there is none."
    seq = xs if which == "first" else f"reversed({xs})"
    body = code("""
        for {x} in {seq}:
            if {cond}:
                return {x}
        return None""", x=x, seq=seq, cond=cond)
    entry = one_of(rng, [f"{which}_match", f"find_{which}", f"{which}_or_none"])
    return task("tuples_optional", entry, [(xs, "list[int]")], "Optional[int]", text, body, int_inputs(rng), typing=True)


def _max_or_none(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    big = rng.random() < 0.5
    word, fn, cmp = ("largest", "max", ">") if big else ("smallest", "min", "<")
    text = f"Return the {word} element of {xs}, or None when {xs} is empty."
    body = one_of(rng, [code("""
                            if not {xs}:
                                return None
                            return {fn}({xs})""", xs=xs, fn=fn),
                        code("""
                            best: Optional[int] = None
                            for x in {xs}:
                                if best is None or x {cmp} best:
                                    best = x
                            return best""", xs=xs, cmp=cmp)])
    entry = one_of(rng, [f"{fn}_or_none", f"safe_{fn}", f"{word}_of"])
    return task("tuples_optional", entry, [(xs, "list[int]")], "Optional[int]", text, body, int_inputs(rng), typing=True)


def _split_text(rng: random.Random) -> Variant:
    s = one_of(rng, _S)
    kinds = one_of(rng, [("letters", "isalpha", "digits", "isdigit"), ("upper-case letters", "isupper", "lower-case letters", "islower")])
    text = (f"Return a pair of strings: the {kinds[0]} of {s} in order, and the {kinds[2]} of {s} in order; "
            f"other characters are left out.")
    body = code("""
        a = ''
        b = ''
        for c in {s}:
            if c.{m1}():
                a += c
            elif c.{m2}():
                b += c
        return a, b""", s=s, m1=kinds[1], m2=kinds[3])
    inputs = [("",), ("a1b2",), ("ABCabc",)] + many(rng, 7, lambda: (text_of(rng, MIXED, 12),))
    entry = one_of(rng, ["separate", "split_kinds", "partition_text"])
    return task("tuples_optional", entry, [(s, "str")], "tuple[str, str]", text, body, inputs)


@family
def tuples_optional(rng: random.Random) -> Variant:
    return one_of(rng, [_min_max, _split_count, _floor_divmod, _safe_div, _first_or_none, _max_or_none, _split_text])(rng)
