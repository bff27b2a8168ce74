"""Families on order and running totals: sorting, prefix sums."""

from __future__ import annotations

import random

from .base import _INTS, Variant, code, family, int_inputs, int_list, many, one_of, task

# ------------------------------------------------------------ sorting

def _sort_ints(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    m = rng.randint(3, 10)
    phrase, key = one_of(rng, [("absolute value", "abs(x)"), ("last decimal digit", "abs(x) % 10"),
                               (f"remainder modulo {m}", f"x % {m}"), ("square", "x * x")])
    desc = rng.random() < 0.3
    order = "decreasing" if desc else "increasing"
    text = one_of(rng, [f"Return the elements of {xs} sorted by {order} {phrase}; elements with equal "
                        f"{phrase} keep their original order.",
                        f"Sort {xs} (into a new list) by the {phrase} of each element, in {order} order, "
                        f"keeping ties in their original order."])
    rev = ", reverse=True" if desc else ""
    body = one_of(rng, [f"return sorted({xs}, key=lambda x: {key}{rev})",
                        code("""
                            out = list({xs})
                            out.sort(key=lambda x: {key}{rev})
                            return out""", xs=xs, key=key, rev=rev)])
    entry = one_of(rng, ["sort_by_key", "order_by", "arrange", "sorted_by"])
    return task("sorting", entry, [(xs, "list[int]")], "list[int]", text, body, int_inputs(rng, [([-2, 2, -1, 1],)]))


def _with_rank(rng: random.Random, xs: list[int]) -> tuple[list[int], int]:
    """xs and a valid 1-based rank into it."""
    return xs, rng.randint(1, len(xs))


def _sort_desc(rng: random.Random) -> Variant:
    xs, k = one_of(rng, [("xs", "k"), ("nums", "n"), ("scores", "count")])
    top = rng.random() < 0.5
    if top:
        text = f"Return the {k} largest elements of {xs} in decreasing order (all of them when {xs} has fewer; {k} >= 0)."
        body = one_of(rng, [f"return sorted({xs}, reverse=True)[:{k}]",
                            f"return sorted({xs}, key=lambda x: -x)[:{k}]"])
        inputs = [([], 2), ([5], 0), ([1, 2, 3], 5), ([3, 3, 1], 2)]
        inputs += many(rng, 6, lambda: (int_list(rng, -20, 20, 9), rng.randint(0, 6)))
        ret, entry = "list[int]", one_of(rng, ["top_k", "largest", "best_scores"])
    else:
        text = f"Return the {k}-th smallest element of {xs}, counting from 1 ({k} is between 1 and len({xs}))."
        body = f"return sorted({xs})[{k} - 1]"
        inputs = [([5], 1), ([3, 1, 2], 3), ([2, 2, 1], 2)]
        inputs += many(rng, 6, lambda: _with_rank(rng, int_list(rng, -20, 20, 9, min_len=1)))
        ret, entry = "int", one_of(rng, ["kth_smallest", "order_statistic", "nth_lowest"])
    return task("sorting", entry, [(xs, "list[int]"), (k, "int")], ret, text, body, inputs)


def _sort_words(rng: random.Random) -> Variant:
    ws = one_of(rng, ["words", "names", "items", "strs"])
    phrase, key = one_of(rng, [("length", "len(w)"), ("length, then alphabetically", "(len(w), w)"),
                               ("last character", "w[-1:]"), ("lower-cased form", "w.lower()"),
                               ("number of vowels", "sum(1 for c in w if c in 'aeiou')")])
    desc = rng.random() < 0.25
    text = (f"Return the strings of {ws} sorted by {phrase}{' in decreasing order' if desc else ''}; strings "
            f"that compare equal keep their original order.")
    body = f"return sorted({ws}, key=lambda w: {key}{', reverse=True' if desc else ''})"
    pool = ["pear", "Fig", "apple", "kiwi", "banana", "Date", "fig", "plum", "", "yam"]
    inputs = [([],), (["b", "a"],)] + many(rng, 8, lambda: ([rng.choice(pool) for _ in range(rng.randint(1, 6))],))
    entry = one_of(rng, ["sort_words", "order_words", "arrange_names"])
    return task("sorting", entry, [(ws, "list[str]")], "list[str]", text, body, inputs)


def _sort_records(rng: random.Random) -> Variant:
    rs = one_of(rng, ["scores", "results", "entries", "players"])
    text = (f"{rs} holds (name, points) pairs. Return the names ordered by points from highest to lowest; "
            f"equal points are ordered by name alphabetically.")
    body = one_of(rng, [code("""
                            ranked = sorted({rs}, key=lambda p: (-p[1], p[0]))
                            return [p[0] for p in ranked]""", rs=rs),
                        code("""
                            pairs = [(-points, name) for name, points in {rs}]
                            pairs.sort()
                            return [name for _, name in pairs]""", rs=rs)])
    names = ["ann", "bob", "cy", "dee", "eve", "fay"]
    inputs = [([],), ([("zed", 1), ("amy", 1)],)]
    inputs += many(rng, 8, lambda: ([(rng.choice(names), rng.randint(0, 5)) for _ in range(rng.randint(1, 6))],))
    entry = one_of(rng, ["ranking", "leaderboard", "order_players"])
    return task("sorting", entry, [(rs, "list[tuple[str, int]]")], "list[str]", text, body, inputs)


@family
def sorting(rng: random.Random) -> Variant:
    return one_of(rng, [_sort_ints, _sort_desc, _sort_words, _sort_records])(rng)


# ------------------------------------------------------------ prefix sums

def _running(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    what, start, step = one_of(rng, [("sum", "0", "acc += x"), ("maximum", "", "acc = max(acc, x)"),
                                     ("minimum", "", "acc = min(acc, x)"), ("product", "1", "acc *= x")])
    text = (f"Return the running {what} of {xs}: a list whose element i is the {what} of "
            f"{xs}[0], ..., {xs}[i].")
    if start:
        body = code("""
            out = []
            acc = {start}
            for x in {xs}:
                {step}
                out.append(acc)
            return out""", xs=xs, start=start, step=step)
    else:  # no neutral start value for max/min: start from the first element
        body = code("""
            out: list[int] = []
            for x in {xs}:
                acc = x if not out else {fn}(out[-1], x)
                out.append(acc)
            return out""", xs=xs, fn="max" if what == "maximum" else "min")
    small = what == "product"  # keep products inside 64 bits
    inputs = int_inputs(rng) if not small else [([],), ([0],), ([2, -3, 4],)] + many(rng, 7, lambda: (int_list(rng, -4, 4, 8),))
    entry = one_of(rng, [f"running_{what[:3]}", f"prefix_{what[:3]}s", f"cumulative_{what}"])
    return task("prefix_sums", entry, [(xs, "list[int]")], "list[int]", text, body, inputs)


def _max_subarray(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    text = one_of(rng, [f"Return the largest sum of a non-empty run of consecutive elements of {xs} ({xs} is not empty).",
                        f"Find the maximum subarray sum of the non-empty list {xs}: the best total of "
                        f"{xs}[i] + ... + {xs}[j] over all i <= j."])
    body = one_of(rng, [code("""
                            best = {xs}[0]
                            cur = 0
                            for x in {xs}:
                                cur = max(x, cur + x)
                                best = max(best, cur)
                            return best""", xs=xs),
                        code("""
                            best = {xs}[0]
                            prefix = 0
                            lowest = 0
                            for x in {xs}:
                                prefix += x
                                best = max(best, prefix - lowest)
                                lowest = min(lowest, prefix)
                            return best""", xs=xs)])
    inputs = [([5],), ([-3],), ([-2, -1, -5],), ([2, -1, 2],), ([-2, 1, -3, 4, -1, 2, 1, -5, 4],)]
    inputs += many(rng, 6, lambda: (int_list(rng, -15, 15, 10, min_len=1),))
    entry = one_of(rng, ["max_subarray", "best_run", "largest_segment_sum", "kadane"])
    return task("prefix_sums", entry, [(xs, "list[int]")], "int", text, body, inputs)


def _range_sums(rng: random.Random) -> Variant:
    xs, qs = one_of(rng, [("xs", "queries"), ("nums", "ranges"), ("values", "spans")])
    closed = rng.random() < 0.5
    span = (f"(lo, hi) pair of {qs} (0 <= lo <= hi < len({xs})), return the sum of {xs}[lo], ..., {xs}[hi], inclusive"
            if closed else f"(lo, hi) pair of {qs} (0 <= lo <= hi <= len({xs})), return the sum of {xs}[lo:hi]")
    text = f"For each {span}. Compute prefix sums once so that each query takes constant time."
    body = code("""
        prefix = [0]
        for x in {xs}:
            prefix.append(prefix[-1] + x)
        return [prefix[{end}] - prefix[lo] for lo, hi in {qs}]""", xs=xs, qs=qs, end="hi + 1" if closed else "hi")

    def one() -> tuple:
        v = int_list(rng, -20, 20, 9, min_len=1)
        pairs = [tuple(sorted((rng.randrange(len(v)), rng.randrange(len(v))))) for _ in range(rng.randint(0, 4))]
        return (v, pairs)
    inputs = [([4], [(0, 0)]), ([1, 2, 3], [])] + many(rng, 8, one)
    entry = one_of(rng, ["range_sums", "answer_queries", "segment_totals"])
    return task("prefix_sums", entry, [(xs, "list[int]"), (qs, "list[tuple[int, int]]")], "list[int]", text, body, inputs)


def _equilibrium(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    text = (f"Return the first index i where the sum of the elements of {xs} before i equals the sum of the "
            f"elements after i, or -1 if there is none.")
    body = code("""
        total = sum({xs})
        left = 0
        for i, x in enumerate({xs}):
            if left == total - left - x:
                return i
            left += x
        return -1""", xs=xs)
    inputs = int_inputs(rng, [([1, 7, 3, 6, 5, 6],), ([2, 1, -1],), ([1, 2, 3],)])
    entry = one_of(rng, ["pivot_index", "balance_point", "equilibrium"])
    return task("prefix_sums", entry, [(xs, "list[int]")], "int", text, body, inputs)


def _window(rng: random.Random) -> Variant:
    xs, k = one_of(rng, _INTS), rng.randint(2, 5)
    word, fn = one_of(rng, [("largest", "max"), ("smallest", "min")])
    text = (f"Return the {word} sum of {k} consecutive elements of {xs}, or 0 when {xs} has fewer than {k} "
            f"elements.")
    body = code("""
        if len({xs}) < {k}:
            return 0
        cur = sum({xs}[:{k}])
        best = cur
        for i in range({k}, len({xs})):
            cur += {xs}[i] - {xs}[i - {k}]
            best = {fn}(best, cur)
        return best""", xs=xs, k=k, fn=fn)
    entry = one_of(rng, ["best_window", f"{fn}_window_sum", "window_" + ("peak" if fn == "max" else "low")])
    return task("prefix_sums", entry, [(xs, "list[int]")], "int", text, body, int_inputs(rng, [([-1] * k,)]))


def _subarray_count(rng: random.Random) -> Variant:
    xs, k = one_of(rng, [("xs", "k"), ("nums", "target"), ("values", "goal")])
    text = (f"Return how many runs of consecutive elements of {xs} (non-empty, {xs}[i], ..., {xs}[j] with "
            f"i <= j) add up to exactly {k}.")
    body = code("""
        count = 0
        for i in range(len({xs})):
            total = 0
            for j in range(i, len({xs})):
                total += {xs}[j]
                if total == {k}:
                    count += 1
        return count""", xs=xs, k=k)
    inputs = [([], 0), ([0, 0], 0), ([1, 2, 3], 3), ([1, -1, 1], 0)]
    inputs += many(rng, 7, lambda: (int_list(rng, -3, 5, 9), rng.randint(-2, 8)))
    entry = one_of(rng, ["count_subarrays", "runs_with_sum", "segments_summing_to"])
    return task("prefix_sums", entry, [(xs, "list[int]"), (k, "int")], "int", text, body, inputs)


@family
def prefix_sums(rng: random.Random) -> Variant:
    return one_of(rng, [_running, _max_subarray, _range_sums, _equilibrium, _window, _subarray_count])(rng)
