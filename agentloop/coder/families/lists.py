"""Families on lists: filters, maps, counting."""

from __future__ import annotations

import random

from .base import _INTS, _ITEM, WORDS, Variant, code, family, int_inputs, int_list, many, one_of, predicate, task

# ------------------------------------------------------------ lists: filters

def _filter_ints(rng: random.Random) -> Variant:
    xs, x = one_of(rng, _INTS), one_of(rng, _ITEM)
    phrase, cond = predicate(rng, x)
    keep = rng.random() < 0.7
    if not keep:
        cond = f"not {cond}"
    text = one_of(rng, [f"Return the elements of {xs} that are {phrase}, in their original order.",
                        f"Return a new list holding the numbers of {xs} that are {phrase}, keeping their order."]
                  if keep else [f"Return {xs} without the elements that are {phrase}, keeping the order of the rest.",
                                f"Remove every number that is {phrase} from a copy of {xs} and return the copy."])
    body = one_of(rng, [f"return [{x} for {x} in {xs} if {cond}]",
                        f"return list(filter(lambda {x}: {cond}, {xs}))",
                        code("""
                            out = []
                            for {x} in {xs}:
                                if {cond}:
                                    out.append({x})
                            return out""", x=x, xs=xs, cond=cond)])
    entry = one_of(rng, ["keep", "select", "filter_numbers", "pick", "only"] if keep else ["drop", "remove", "reject", "without"])
    return task("list_filter", entry, [(xs, "list[int]")], "list[int]", text, body, int_inputs(rng))


def _filter_words(rng: random.Random) -> Variant:
    ws, w = one_of(rng, [("words", "w"), ("names", "name"), ("items", "s"), ("tokens", "t")])
    k, c = rng.randint(1, 5), rng.choice("aeinorst")
    phrase, cond = one_of(rng, [(f"longer than {k} characters", f"len({w}) > {k}"),
                                (f"at most {k} characters long", f"len({w}) <= {k}"),
                                (f"containing the letter '{c}'", f"'{c}' in {w}"),
                                (f"not containing the letter '{c}'", f"'{c}' not in {w}"),
                                ("that read the same backwards (palindromes)", f"{w} == {w}[::-1]"),
                                ("starting with an upper-case letter", f"{w}[:1].isupper()")])
    text = one_of(rng, [f"Return the strings of {ws} {phrase}, in their original order.",
                        f"From the list {ws}, keep only the strings {phrase} and return them in order."])
    body = one_of(rng, [f"return [{w} for {w} in {ws} if {cond}]",
                        code("""
                            out: list[str] = []
                            for {w} in {ws}:
                                if {cond}:
                                    out.append({w})
                            return out""", w=w, ws=ws, cond=cond)])
    pool = list(WORDS[:12]) + ["Anna", "level", "Kayak", "Bob", "noon", "", "x"]
    inputs = [([],), ([""],), (["level", "Apple", "bob"],)]
    inputs += many(rng, 7, lambda: ([rng.choice(pool) for _ in range(rng.randint(0, 6))],))
    entry = one_of(rng, ["filter_words", "keep_words", "select_strings", "matching"])
    return task("list_filter", entry, [(ws, "list[str]")], "list[str]", text, body, inputs)


@family
def list_filter(rng: random.Random) -> Variant:
    return (_filter_ints if rng.random() < 0.65 else _filter_words)(rng)


# ------------------------------------------------------------ lists: maps

def _map_ints(rng: random.Random) -> Variant:
    xs, x = one_of(rng, _INTS), one_of(rng, _ITEM)
    k, m, c = rng.randint(2, 9), rng.randint(2, 7), rng.randint(-9, 9)
    phrase, expr = one_of(rng, [
        (f"multiplied by {k}", f"{x} * {k}"), (f"increased by {k}", f"{x} + {k}"),
        (f"decreased by {k}", f"{x} - {k}"), ("squared", f"{x} * {x}"),
        ("replaced by its absolute value", f"abs({x})"), (f"replaced by its remainder modulo {m}", f"{x} % {m}"),
        (f"floor-divided by {m}", f"{x} // {m}"), ("negated", f"-{x}"),
        (f"raised to {k} when it is smaller than {k}", f"max({x}, {k})"),
        (f"lowered to {k} when it is larger than {k}", f"min({x}, {k})"),
        (f"replaced by {k} times itself plus {c}", f"{x} * {k} + {c}"),
    ])
    text = one_of(rng, [f"Return a new list with every element of {xs} {phrase}.",
                        f"Return the list of the numbers of {xs}, each {phrase}, in the same order."])
    body = one_of(rng, [f"return [{expr} for {x} in {xs}]",
                        f"return list(map(lambda {x}: {expr}, {xs}))",
                        code("""
                            out = []
                            for {x} in {xs}:
                                out.append({expr})
                            return out""", x=x, xs=xs, expr=expr)])
    entry = one_of(rng, ["transform", "map_values", "convert", "apply_all", "rescale"])
    return task("list_map", entry, [(xs, "list[int]")], "list[int]", text, body, int_inputs(rng))


def _pairwise(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    back = rng.random() < 0.5
    a, b = ("i", "i + 1") if back else ("i + 1", "i")
    text = (f"Return the list of differences between neighbours of {xs}: element i is "
            f"{xs}[{a}] - {xs}[{b}]. A list of fewer than two elements gives [].")
    body = f"return [{xs}[{a}] - {xs}[{b}] for i in range(len({xs}) - 1)]"
    entry = one_of(rng, ["differences", "steps", "deltas", "gaps"])
    return task("list_map", entry, [(xs, "list[int]")], "list[int]", text, body, int_inputs(rng))


def _zip_lists(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("xs", "ys"), ("a", "b"), ("left", "right"), ("first", "second")])
    op, what = one_of(rng, [("+", "sums"), ("*", "products"), ("-", "differences")])
    fn = one_of(rng, [("max", "larger"), ("min", "smaller")]) if rng.random() < 0.3 else None
    if fn:
        expr, what = f"{fn[0]}(p, q)", f"the {fn[1]} of the two elements"
    else:
        expr = f"p {op} q"
    text = (f"Return the list of the element-wise {what} of {a} and {b} (element i combines {a}[i] and {b}[i]); "
            f"stop at the end of the shorter list.")
    body = one_of(rng, [f"return [{expr} for p, q in zip({a}, {b})]",
                        code("""
                            out = []
                            for i in range(min(len({a}), len({b}))):
                                p = {a}[i]
                                q = {b}[i]
                                out.append({expr})
                            return out""", a=a, b=b, expr=expr)])
    inputs = [([], []), ([1], []), ([1, 2, 3], [4, 5, 6]), ([7, -2], [3, 3, 3])]
    inputs += many(rng, 6, lambda: (int_list(rng, -20, 20, 6), int_list(rng, -20, 20, 6)))
    entry = one_of(rng, ["combine", "pairwise", "zip_with", "merge_values"])
    return task("list_map", entry, [(a, "list[int]"), (b, "list[int]")], "list[int]", text, body, inputs)


def _map_words(rng: random.Random) -> Variant:
    ws, w = one_of(rng, [("words", "w"), ("names", "name"), ("items", "s")])
    phrase, expr, ret = one_of(rng, [("its length", f"len({w})", "list[int]"),
                                     ("upper-cased", f"{w}.upper()", "list[str]"),
                                     ("reversed", f"{w}[::-1]", "list[str]"),
                                     ("with its first character upper-cased", f"{w}[:1].upper() + {w}[1:]", "list[str]"),
                                     ("repeated twice", f"{w} + {w}", "list[str]")])
    text = f"Return a list with each string of {ws} replaced by {phrase}, in the same order."
    if phrase.startswith(("upper", "reversed", "with", "repeated")):
        text = f"Return a list of the strings of {ws}, each {phrase}, in the same order."
    body = f"return [{expr} for {w} in {ws}]"
    pool = list(WORDS[:10]) + ["", "Xy"]
    inputs = [([],), ([""],)] + many(rng, 7, lambda: ([rng.choice(pool) for _ in range(rng.randint(1, 5))],))
    entry = one_of(rng, ["map_words", "convert_words", "each_word", "word_map"])
    return task("list_map", entry, [(ws, "list[str]")], ret, text, body, inputs)


@family
def list_map(rng: random.Random) -> Variant:
    return one_of(rng, [_map_ints, _map_ints, _pairwise, _zip_lists, _map_words])(rng)


# ------------------------------------------------------------ counting

def _count_pred(rng: random.Random) -> Variant:
    xs, x = one_of(rng, _INTS), one_of(rng, _ITEM)
    phrase, cond = predicate(rng, x)
    text = one_of(rng, [f"Return how many elements of {xs} are {phrase}.",
                        f"Count the numbers in {xs} that are {phrase}."])
    body = one_of(rng, [f"return sum(1 for {x} in {xs} if {cond})",
                        f"return len([{x} for {x} in {xs} if {cond}])",
                        code("""
                            count = 0
                            for {x} in {xs}:
                                if {cond}:
                                    count += 1
                            return count""", x=x, xs=xs, cond=cond)])
    entry = one_of(rng, ["count_matching", "how_many", "count_if", "tally"])
    return task("counting", entry, [(xs, "list[int]")], "int", text, body, int_inputs(rng))


def _count_target(rng: random.Random) -> Variant:
    xs, t = one_of(rng, [("xs", "target"), ("nums", "x"), ("values", "v"), ("data", "key")])
    text = one_of(rng, [f"Return how many times {t} occurs in {xs}.", f"Count the elements of {xs} equal to {t}."])
    body = one_of(rng, [f"return {xs}.count({t})",
                        code("""
                            n = 0
                            for y in {xs}:
                                if y == {t}:
                                    n += 1
                            return n""", xs=xs, t=t)])
    inputs = [([], 1), ([1, 1, 1], 1), ([1, 2, 3], 4)]
    inputs += many(rng, 7, lambda: (int_list(rng, 0, 5, 10), rng.randint(0, 5)))
    entry = one_of(rng, ["count_of", "occurrences", "frequency"])
    return task("counting", entry, [(xs, "list[int]"), (t, "int")], "int", text, body, inputs)


_NEIGHBOUR_RULES = [  # (entry names, phrase, condition on a = xs[i - 1], b = xs[i])
    (["count_repeats", "adjacent_equal", "same_neighbours"], "positions i >= 1 where {xs}[i] equals {xs}[i - 1]", "b == a"),
    (["count_rises", "increases", "ups"], "positions i >= 1 where {xs}[i] is greater than {xs}[i - 1]", "b > a"),
    (["count_drops", "decreases", "downs"], "positions i >= 1 where {xs}[i] is less than {xs}[i - 1]", "b < a"),
    (["big_jumps", "count_jumps"], "positions i >= 1 where {xs}[i] and {xs}[i - 1] differ by more than {K}",
     "abs(b - a) > {K}"),
]


def _count_neighbours(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    names, phrase, cond = one_of(rng, _NEIGHBOUR_RULES)
    k = rng.randint(1, 9)
    cond, text = cond.format(K=k), f"Return the number of {phrase.format(xs=xs, K=k)}."
    body = one_of(rng, [code("""
                            n = 0
                            for i in range(1, len({xs})):
                                a = {xs}[i - 1]
                                b = {xs}[i]
                                if {cond}:
                                    n += 1
                            return n""", xs=xs, cond=cond),
                        f"return sum(1 for a, b in zip({xs}, {xs}[1:]) if {cond})"])
    return task("counting", one_of(rng, names), [(xs, "list[int]")], "int", text, body,
                int_inputs(rng, [([2, 2, 2],), ([1, 2, 3, 2, 1],)]))


def _count_distinct(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    text = one_of(rng, [f"Return how many different values occur in {xs}.",
                        f"Return the number of distinct elements of {xs}."])
    body = one_of(rng, [code("""
                            seen = []
                            for x in {xs}:
                                if x not in seen:
                                    seen.append(x)
                            return len(seen)""", xs=xs),
                        code("""
                            s = sorted({xs})
                            return sum(1 for i in range(len(s)) if i == 0 or s[i] != s[i - 1])""", xs=xs)])
    entry = one_of(rng, ["count_distinct", "distinct_values", "unique_count"])
    return task("counting", entry, [(xs, "list[int]")], "int", text, body, int_inputs(rng, [([4, 4, 4, 4],)]))


@family
def counting(rng: random.Random) -> Variant:
    return one_of(rng, [_count_pred, _count_pred, _count_target, _count_neighbours, _count_distinct])(rng)
