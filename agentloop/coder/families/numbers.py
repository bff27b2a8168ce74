"""Families on integers: arithmetic, digits, number theory."""

from __future__ import annotations

import random

from .base import _CMP_WORD, Variant, code, family, many, one_of, task

# ------------------------------------------------------------ arithmetic

_SIGN_WORD = {"+": "plus", "-": "minus"}


def _linear(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("a", "b"), ("x", "y"), ("m", "n"), ("p", "q"), ("left", "right")])
    k1, k2, k3 = rng.randint(2, 9), rng.randint(1, 9), rng.randint(0, 60)
    s2, s3 = rng.choice("+-"), rng.choice("+-")
    expr = f"{a} * {k1} {s2} {b} * {k2} {s3} {k3}"
    text = one_of(rng, [f"Return {expr}.",
                        f"Given integers {a} and {b}, compute {expr} and return the result.",
                        f"Return {k1} times {a} {_SIGN_WORD[s2]} {k2} times {b} {_SIGN_WORD[s3]} {k3}."])
    entry = one_of(rng, ["combine", "score", "mix", "weighted_sum", "formula", "evaluate", "blend"])
    inputs = [(0, 0), (1, -1), (-7, 3)] + many(rng, 7, lambda: (rng.randint(-500, 500), rng.randint(-500, 500)))
    return task("arithmetic", entry, [(a, "int"), (b, "int")], "int", text, f"return {expr}", inputs)


def _ceil_div(rng: random.Random) -> Variant:
    things, bins = one_of(rng, [("items", "boxes"), ("passengers", "buses"), ("lines", "pages"),
                                ("players", "teams"), ("eggs", "cartons"), ("guests", "tables")])
    k, n = rng.randint(2, 12), one_of(rng, ["n", "count", "total", things])
    entry = one_of(rng, [f"{bins}_needed", f"count_{bins}", f"min_{bins}"])
    text = one_of(rng, [f"Each of the {bins} holds at most {k} {things}. Return the smallest number of "
                        f"{bins} needed for {n} {things} ({n} >= 0).",
                        f"How many {bins} of capacity {k} are needed to hold {n} {things}? {n} is never negative."])
    body = one_of(rng, [f"return ({n} + {k - 1}) // {k}", f"return -(-{n} // {k})",
                        code("""
                            q, r = divmod({n}, {k})
                            if r > 0:
                                q += 1
                            return q""", n=n, k=k)])
    inputs = [(0,), (1,), (k - 1,), (k,), (k + 1,), (2 * k,)] + many(rng, 5, lambda: (rng.randint(0, 5000),))
    return task("arithmetic", entry, [(n, "int")], "int", text, body, inputs)


def _clamp(rng: random.Random) -> Variant:
    lo = rng.randint(-50, 20)
    hi = lo + rng.randint(5, 100)
    x = one_of(rng, ["x", "n", "value", "level", "v"])
    entry = one_of(rng, ["clamp", "limit", "bound", "clip", "restrict"])
    text = one_of(rng, [f"Return {x} clamped to the range [{lo}, {hi}]: {lo} when {x} is below {lo}, "
                        f"{hi} when it is above {hi}, and {x} itself otherwise.",
                        f"Limit {x} to lie between {lo} and {hi} inclusive and return it."])
    body = one_of(rng, [f"return max({lo}, min({hi}, {x}))",
                        code("""
                            if {x} < {lo}:
                                return {lo}
                            if {x} > {hi}:
                                return {hi}
                            return {x}""", x=x, lo=lo, hi=hi)])
    inputs = [(lo,), (hi,), (lo - 1,), (hi + 1,), (0,)] + many(rng, 5, lambda: (rng.randint(lo - 100, hi + 100),))
    return task("arithmetic", entry, [(x, "int")], "int", text, body, inputs)


def _piecewise(rng: random.Random) -> Variant:
    x = one_of(rng, ["x", "n", "value", "amount"])
    cmp, k = rng.choice(list(_CMP_WORD)), rng.randint(-20, 50)
    (op1, a), (op2, b) = [(rng.choice("+-*"), rng.randint(2, 9)) for _ in range(2)]
    entry = one_of(rng, ["adjust", "step", "transform", "rule", "apply_rule"])
    then, other = f"{x} {op1} {a}", f"{x} {op2} {b}"
    text = one_of(rng, [f"If {x} is {_CMP_WORD[cmp]} {k}, return {then}; otherwise return {other}.",
                        f"Return {then} when {x} {cmp} {k}, else {other}."])
    body = one_of(rng, [f"return {then} if {x} {cmp} {k} else {other}",
                        code("""
                            if {x} {cmp} {k}:
                                return {then}
                            return {other}""", x=x, cmp=cmp, k=k, then=then, other=other)])
    inputs = [(k,), (k - 1,), (k + 1,), (0,)] + many(rng, 6, lambda: (rng.randint(-200, 200),))
    return task("arithmetic", entry, [(x, "int")], "int", text, body, inputs)


_THREE = [  # (entry names, phrase, expression of a, b, c)
    (["mean3", "floor_average", "average_down"], "the average of {a}, {b} and {c}, rounded down",
     "({a} + {b} + {c}) // 3"),
    (["top_two_sum", "best_two", "sum_largest_two"], "the sum of the two largest of {a}, {b} and {c}",
     "{a} + {b} + {c} - min({a}, {b}, {c})"),
    (["median3", "middle", "middle_value"], "the middle value of {a}, {b} and {c} (the median)",
     "sorted([{a}, {b}, {c}])[1]"),
    (["spread", "range3", "span"], "the largest of {a}, {b}, {c} minus the smallest",
     "max({a}, {b}, {c}) - min({a}, {b}, {c})"),
]


def _three(rng: random.Random) -> Variant:
    names, phrase, expr = one_of(rng, _THREE)
    a, b, c = one_of(rng, [("a", "b", "c"), ("x", "y", "z"), ("p", "q", "r"), ("first", "second", "third")])
    kw = {"a": a, "b": b, "c": c}
    text = one_of(rng, ["Return {p}.", "Given three integers {a}, {b} and {c}, return {p}."])
    text = text.format(p=phrase.format(**kw), **kw)
    inputs = [(0, 0, 0), (1, 2, 3), (3, 2, 1), (-5, 5, 0)] + many(
        rng, 6, lambda: (rng.randint(-99, 99), rng.randint(-99, 99), rng.randint(-99, 99)))
    return task("arithmetic", one_of(rng, names), [(a, "int"), (b, "int"), (c, "int")], "int", text,
                "return " + expr.format(**kw), inputs)


@family
def arithmetic(rng: random.Random) -> Variant:
    return one_of(rng, [_linear, _ceil_div, _clamp, _piecewise, _three])(rng)


# ------------------------------------------------------------ digits

_DIGIT_AGGS = [  # (entry names, phrase about the digits of {w}, initial value, update of acc by d)
    (["digit_sum", "sum_digits", "add_digits"], "the sum of the decimal digits of {w}", "0", "{acc} += d"),
    (["square_digit_sum", "digit_squares"], "the sum of the squares of the decimal digits of {w}", "0",
     "{acc} += d * d"),
    (["count_digit", "digit_count_of", "how_many_digits"], "how many decimal digits of {w} are equal to {D}", "0",
     "if d == {D}:\n    {acc} += 1"),
    (["count_big_digits", "digits_above"], "how many decimal digits of {w} are greater than {D}", "0",
     "if d > {D}:\n    {acc} += 1"),
    (["count_even_digits", "even_digits"], "how many decimal digits of {w} are even", "0",
     "if d % 2 == 0:\n    {acc} += 1"),
    (["odd_digit_sum", "sum_odd_digits"], "the sum of the odd decimal digits of {w}", "0",
     "if d % 2 == 1:\n    {acc} += d"),
    (["max_digit", "largest_digit"], "the largest decimal digit of {w}", "0", "{acc} = max({acc}, d)"),
    (["min_digit", "smallest_digit"], "the smallest decimal digit of {w}", "9", "{acc} = min({acc}, d)"),
    (["digit_product", "multiply_digits"], "the product of the decimal digits of {w}", "1", "{acc} *= d"),
    (["reverse_digits", "reversed_number", "flip_digits"],
     "the number whose decimal digits are those of {w} in reverse order (leading zeros dropped)", "0",
     "{acc} = {acc} * 10 + d"),
]

_DIGITS_WHILE = """
{acc} = {init}
while True:
    d = {n} % 10
    {update}
    {n} //= 10
    if {n} == 0:
        break
return {acc}"""

_DIGITS_STR = """
{acc} = {init}
for ch in str({n}):
    d = int(ch)
    {update}
return {acc}"""


@family
def digits(rng: random.Random) -> Variant:
    k = rng.randrange(len(_DIGIT_AGGS))
    names, phrase, init, update = _DIGIT_AGGS[k]
    n, acc, d = one_of(rng, ["n", "num", "number", "value"]), one_of(rng, ["total", "acc", "result", "r"]), rng.randint(1, 8)
    signed = rng.random() < 0.5  # negative inputs too, the digits being those of abs(n)
    what = phrase.format(w=f"abs({n})" if signed else n, D=d)
    text = one_of(rng, [f"Return {what}.", f"Given an integer {n}, return {what}.",
                        f"Return {what}. The number 0 has the single digit 0."])
    if not signed:
        text += f" {n} is never negative."
    reverse = names[0] == "reverse_digits"  # a reversed number is built from the last digit first
    body = code(_DIGITS_WHILE if reverse or rng.random() < 0.5 else _DIGITS_STR,
                acc=acc, init=init, n=n, update=update.format(acc=acc, D=d))
    if signed:
        body = f"{n} = abs({n})\n" + body
    lo = -10**12 if signed else 0
    inputs = [(0,), (7,), (10,), (909,), (1000,)] + [(-x,) for x in (5, 120) if signed]
    inputs += many(rng, 6, lambda: (rng.randint(lo, 10**rng.randint(1, 12)),))
    return task("digits", one_of(rng, names), [(n, "int")], "int", text, body, inputs)


# ------------------------------------------------------------ number theory

def _is_prime(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "num", "x"])
    text = one_of(rng, [f"Return True if {n} is a prime number, else False ({n} may be 0 or negative: not prime).",
                        f"Is {n} prime? Return a bool; numbers below 2 are not prime."])
    body = one_of(rng, [code("""
                            if {n} < 2:
                                return False
                            d = 2
                            while d * d <= {n}:
                                if {n} % d == 0:
                                    return False
                                d += 1
                            return True""", n=n),
                        code("""
                            if {n} < 2:
                                return False
                            return all({n} % d != 0 for d in range(2, {n}))""", n=n)])
    inputs = [(-7,), (0,), (1,), (2,), (4,), (97,), (91,)] + many(rng, 5, lambda: (rng.randint(0, 400),))
    entry = one_of(rng, ["is_prime", "prime", "check_prime"])
    return task("number_theory", entry, [(n, "int")], "bool", text, body, inputs)


_DIVISOR_RULES = [  # (entry names, phrase, initial value, update over divisors d of n)
    (["count_divisors", "divisor_count", "num_divisors"], "the number of positive divisors of {n}", "0", "acc += 1"),
    (["sum_divisors", "divisor_sum", "sigma"], "the sum of the positive divisors of {n}", "0", "acc += d"),
    (["proper_divisor_sum", "aliquot_sum"], "the sum of the positive divisors of {n} that are smaller than {n}",
     "0", "if d < {n}:\n    acc += d"),
    (["largest_proper_divisor", "biggest_factor"], "the largest divisor of {n} that is smaller than {n} (0 for 1)",
     "0", "if d < {n}:\n    acc = max(acc, d)"),
]


def _divisors(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "num", "x"])
    names, phrase, init, update = one_of(rng, _DIVISOR_RULES)
    text = f"Return {phrase.format(n=n)} ({n} >= 1)."
    body = code("""
        acc = {init}
        for d in range(1, {n} + 1):
            if {n} % d == 0:
                {update}
        return acc""", init=init, n=n, update=update.format(n=n))
    inputs = [(1,), (2,), (12,), (28,), (97,)] + many(rng, 5, lambda: (rng.randint(1, 500),))
    return task("number_theory", one_of(rng, names), [(n, "int")], "int", text, body, inputs)


def _collatz(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "start", "x"])
    k = rng.choice([3, 3, 5])
    text = (f"Starting from {n} ({n} >= 1), repeatedly replace {n} by {n} // 2 when it is even and by "
            f"{k} * {n} + 1 when it is odd. Return the number of replacements until {n} becomes 1.")
    body = code("""
        steps = 0
        while {n} != 1:
            if {n} % 2 == 0:
                {n} //= 2
            else:
                {n} = {k} * {n} + 1
            steps += 1
        return steps""", n=n, k=k)
    if k == 5:  # 5n + 1 cycles for most starts; only powers of two and a few others reach 1
        text = text.replace(f"({n} >= 1)", f"({n} is a power of two, or 1)")
        inputs = [(1,), (2,), (16,), (1024,)] + [(2 ** rng.randint(0, 40),) for _ in range(5)]
    else:
        inputs = [(1,), (2,), (3,), (27,), (97,)] + many(rng, 5, lambda: (rng.randint(1, 10**4),))
    entry = one_of(rng, ["collatz_steps", "steps_to_one", "hailstone_length"])
    return task("number_theory", entry, [(n, "int")], "int", text, body, inputs)


def _multiples(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "limit", "below"])
    a, b = rng.sample(range(2, 10), 2)
    text = f"Return the sum of all non-negative integers below {n} that are multiples of {a} or of {b}."
    body = one_of(rng, [f"return sum(i for i in range({n}) if i % {a} == 0 or i % {b} == 0)",
                        code("""
                            total = 0
                            for i in range({n}):
                                if i % {a} == 0 or i % {b} == 0:
                                    total += i
                            return total""", n=n, a=a, b=b)])
    inputs = [(0,), (1,), (10,), (a * b + 1,)] + many(rng, 5, lambda: (rng.randint(0, 3000),))
    entry = one_of(rng, ["sum_multiples", "multiples_total", "fizz_sum"])
    return task("number_theory", entry, [(n, "int")], "int", text, body, inputs)


def _lcm(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("a", "b"), ("x", "y"), ("m", "n")])
    text = f"Return the least common multiple of the positive integers {a} and {b}."
    body = one_of(rng, [code("""
                            import math
                            return {a} * {b} // math.gcd({a}, {b})""", a=a, b=b),
                        code("""
                            step = max({a}, {b})
                            multiple = step
                            while multiple % {a} != 0 or multiple % {b} != 0:
                                multiple += step
                            return multiple""", a=a, b=b)])
    inputs = [(1, 1), (4, 6), (7, 13), (12, 12)] + many(rng, 6, lambda: (rng.randint(1, 60), rng.randint(1, 60)))
    entry = one_of(rng, ["lcm", "least_common_multiple", "common_multiple"])
    return task("number_theory", entry, [(a, "int"), (b, "int")], "int", text, body, inputs)


def _prime_factors(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "num", "x"])
    distinct = rng.random() < 0.4
    text = (f"Return the prime factors of {n} ({n} >= 2) in increasing order"
            + (", each prime once." if distinct else ", each as many times as it divides (12 gives [2, 2, 3])."))
    step = "if not out or out[-1] != d:\n    out.append(d)" if distinct else "out.append(d)"
    body = code("""
        out = []
        d = 2
        while d * d <= {n}:
            while {n} % d == 0:
                {step}
                {n} //= d
            d += 1
        if {n} > 1:
            out.append({n})
        return out""", n=n, step=step)
    inputs = [(2,), (12,), (97,), (360,), (1024,)] + many(rng, 5, lambda: (rng.randint(2, 10**5),))
    entry = one_of(rng, ["prime_factors", "factorize", "factor_list"])
    return task("number_theory", entry, [(n, "int")], "list[int]", text, body, inputs)


@family
def number_theory(rng: random.Random) -> Variant:
    return one_of(rng, [_is_prime, _divisors, _collatz, _multiples, _lcm, _prime_factors])(rng)
