"""Families of recursive functions."""

from __future__ import annotations

import random

from .base import _INTS, Variant, code, family, int_inputs, many, one_of, task

# ------------------------------------------------------------ recursion

def _fib_like(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "k", "i"])
    a, b, p, q = rng.randint(0, 3), rng.randint(1, 4), rng.randint(1, 3), rng.randint(1, 2)
    rec = " + ".join(t for t in [f"{p} * f({n} - 1)" if p > 1 else f"f({n} - 1)",
                                 f"{q} * f({n} - 2)" if q > 1 else f"f({n} - 2)"])
    entry = one_of(rng, ["seq", "fib_like", "series", "sequence_value", "term"])
    text = one_of(rng, [f"The sequence f has f(0) = {a}, f(1) = {b} and f({n}) = {rec} for {n} >= 2. "
                        f"Return f({n}) for 0 <= {n} <= 20, by recursion.",
                        f"Return term {n} (0 <= {n} <= 20) of the sequence that starts {a}, {b} and continues "
                        f"with f({n}) = {rec}. Write it recursively."])
    body = code("""
        if {n} == 0:
            return {a}
        if {n} == 1:
            return {b}
        return {rec}""", n=n, a=a, b=b, rec=rec.replace("f(", entry + "("))
    inputs = [(0,), (1,), (2,), (5,)] + many(rng, 5, lambda: (rng.randint(3, 16 if p + q > 3 else 20),))
    return task("recursion", entry, [(n, "int")], "int", text, body, inputs)


def _power(rng: random.Random) -> Variant:
    b, e = one_of(rng, [("base", "exp"), ("x", "n"), ("a", "k")])
    text = (f"Return {b} raised to the power {e} ({e} >= 0) without ** or pow: recursively, squaring the "
            f"result for half the exponent.")
    entry = one_of(rng, ["power", "fast_pow", "raise_to", "expo"])
    body = code("""
        if {e} == 0:
            return 1
        half = {f}({b}, {e} // 2)
        if {e} % 2 == 0:
            return half * half
        return half * half * {b}""", b=b, e=e, f=entry)
    inputs = [(2, 0), (0, 0), (0, 5), (-2, 3), (3, 4), (2, 62)]
    inputs += many(rng, 5, lambda: (rng.randint(-9, 9), rng.randint(0, 18)))
    return task("recursion", entry, [(b, "int"), (e, "int")], "int", text, body, inputs)


def _gcd(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("a", "b"), ("x", "y"), ("m", "n")])
    entry = one_of(rng, ["gcd", "greatest_common_divisor", "euclid", "common_factor"])
    text = (f"Return the greatest common divisor of {a} and {b} (both >= 0; the gcd of 0 and 0 is 0), "
            f"recursively with Euclid's rule gcd({a}, {b}) = gcd({b}, {a} % {b}).")
    body = code("""
        if {b} == 0:
            return {a}
        return {f}({b}, {a} % {b})""", a=a, b=b, f=entry)
    inputs = [(0, 0), (0, 7), (7, 0), (12, 18), (17, 5)]
    inputs += many(rng, 6, lambda: (rng.randint(0, 10**6), rng.randint(0, 10**6)))
    return task("recursion", entry, [(a, "int"), (b, "int")], "int", text, body, inputs)


def _digit_root(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "num", "x"])
    root = rng.random() < 0.5
    entry = one_of(rng, ["digital_root", "repeated_digit_sum", "root"] if root else ["digit_sum_rec", "sum_digits", "add_up_digits"])
    if root:
        text = (f"Return the digital root of {n} ({n} >= 0): sum its digits, and keep summing the digits "
                f"of the result until one digit remains. Use recursion.")
        body = code("""
            if {n} < 10:
                return {n}
            total = 0
            while {n} > 0:
                total += {n} % 10
                {n} //= 10
            return {f}(total)""", n=n, f=entry)
    else:
        text = f"Return the sum of the decimal digits of {n} ({n} >= 0), computed recursively."
        body = code("""
            if {n} < 10:
                return {n}
            return {n} % 10 + {f}({n} // 10)""", n=n, f=entry)
    inputs = [(0,), (9,), (10,), (99,), (12345,)] + many(rng, 6, lambda: (rng.randint(0, 10**15),))
    return task("recursion", entry, [(n, "int")], "int", text, body, inputs)


def _stairs(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "steps", "height"])
    big = rng.randint(2, 4)
    entry = one_of(rng, ["climb_ways", "count_paths", "stairs", "ways"])
    text = (f"A staircase has {n} steps ({n} >= 0). Each move climbs 1 or {big} steps. Return the number of "
            f"different move sequences that reach the top exactly, recursively (0 steps: one way).")
    body = code("""
        if {n} < 0:
            return 0
        if {n} == 0:
            return 1
        return {f}({n} - 1) + {f}({n} - {big})""", n=n, big=big, f=entry)
    inputs = [(0,), (1,), (big,), (big + 1,)] + many(rng, 5, lambda: (rng.randint(2, 18),))
    return task("recursion", entry, [(n, "int")], "int", text, body, inputs)


def _list_rec(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    what, expr, base = one_of(rng, [("sum", "{xs}[0] + {f}({xs}[1:])", "0"),
                                    ("number of negative elements", "(1 if {xs}[0] < 0 else 0) + {f}({xs}[1:])", "0"),
                                    ("sum of squares", "{xs}[0] * {xs}[0] + {f}({xs}[1:])", "0")])
    entry = one_of(rng, ["total_rec", "fold", "reduce_list", "walk"])
    text = f"Return the {what} of {xs}, recursively: handle the first element, then recurse on the rest."
    body = code("""
        if not {xs}:
            return {base}
        return {expr}""", xs=xs, base=base, expr=expr.format(xs=xs, f=entry))
    return task("recursion", entry, [(xs, "list[int]")], "int", text, body, int_inputs(rng))


@family
def recursion(rng: random.Random) -> Variant:
    return one_of(rng, [_fib_like, _power, _gcd, _digit_root, _stairs, _list_rec])(rng)
