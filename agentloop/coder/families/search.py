"""Families that search: searching (linear and binary), two pointers."""

from __future__ import annotations

import random

from .base import (_INTS, _ITEM, _S, LOWER, Variant, code, family, int_inputs, int_list, many, one_of, predicate, task,
                   text_of)

# ------------------------------------------------------------ searching

def _find_value(rng: random.Random) -> Variant:
    xs, t = one_of(rng, [("xs", "target"), ("nums", "x"), ("values", "v"), ("items", "key")])
    last = rng.random() < 0.5
    which = "last" if last else "first"
    text = one_of(rng, [f"Return the index of the {which} occurrence of {t} in {xs}, or -1 if {t} does not occur.",
                        f"Find {t} in {xs} and return the position of its {which} occurrence (-1 when absent)."])
    order = f"range(len({xs}) - 1, -1, -1)" if last else f"range(len({xs}))"
    body = code("""
        for i in {order}:
            if {xs}[i] == {t}:
                return i
        return -1""", order=order, xs=xs, t=t)
    if not last and rng.random() < 0.5:
        body = f"return {xs}.index({t}) if {t} in {xs} else -1"
    inputs = [([], 3), ([3], 3), ([1, 3, 1], 1), ([4, 5], 6)]
    inputs += many(rng, 7, lambda: (int_list(rng, 0, 6, 9), rng.randint(0, 6)))
    entry = one_of(rng, [f"find_{which}", f"{which}_index", f"index_of_{which}", "locate"])
    return task("searching", entry, [(xs, "list[int]"), (t, "int")], "int", text, body, inputs)


def _find_pred(rng: random.Random) -> Variant:
    xs, x = one_of(rng, _INTS), one_of(rng, _ITEM)
    phrase, cond = predicate(rng, x)
    last = rng.random() < 0.4
    which = "last" if last else "first"
    text = f"Return the index of the {which} element of {xs} that is {phrase}, or -1 if there is none."
    body = code("""
        found = -1
        for i, {x} in enumerate({xs}):
            if {cond}:
                found = i
                {stop}
        return found""", x=x, xs=xs, cond=cond, stop="" if last else "break")
    entry = one_of(rng, [f"{which}_match", f"find_{which}", f"{which}_where", "position"])
    return task("searching", entry, [(xs, "list[int]")], "int", text, body, int_inputs(rng))


def _arg_extreme(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    big, last = rng.random() < 0.5, rng.random() < 0.5
    word, cmp = ("largest", ">") if big else ("smallest", "<")
    if last:
        cmp += "="
    text = (f"Return the index of the {word} element of {xs}; when it occurs several times, the index of its "
            f"{'last' if last else 'first'} occurrence. {xs} is not empty.")
    body = code("""
        best = 0
        for i in range(1, len({xs})):
            if {xs}[i] {cmp} {xs}[best]:
                best = i
        return best""", xs=xs, cmp=cmp)
    inputs = [([7],), ([2, 2],), ([1, 9, 9, 1],), ([-3, -1, -3],)]
    inputs += many(rng, 7, lambda: (int_list(rng, -5, 5, 9, min_len=1),))
    entry = one_of(rng, [f"index_of_{'max' if big else 'min'}", f"arg{'max' if big else 'min'}", f"where_{word}"])
    return task("searching", entry, [(xs, "list[int]")], "int", text, body, inputs)


def _sorted_inputs(rng: random.Random, distinct: bool) -> list[tuple]:
    def one() -> tuple:
        xs = sorted(rng.sample(range(-30, 60), rng.randint(0, 12)) if distinct else int_list(rng, -5, 15, 12))
        t = rng.choice(xs) if xs and rng.random() < 0.5 else rng.randint(-35, 65)
        return (xs, t)
    return [([], 4), ([4], 4), ([4], 2), ([1, 3], 5)] + many(rng, 8, one)


def _binary_search(rng: random.Random) -> Variant:
    xs, t = one_of(rng, [("xs", "target"), ("nums", "x"), ("sorted_values", "key")])
    lower = rng.random() < 0.5
    if lower:
        text = (f"{xs} is sorted in increasing order. Return the smallest index i with {xs}[i] >= {t}, or "
                f"len({xs}) if there is none. Use binary search.")
        check = f"{xs}[mid] < {t}"
    else:
        text = (f"{xs} is sorted in increasing order. Return the number of elements of {xs} that are at "
                f"most {t}, using binary search.")
        check = f"{xs}[mid] <= {t}"
    body = code("""
        lo = 0
        hi = len({xs})
        while lo < hi:
            mid = (lo + hi) // 2
            if {check}:
                lo = mid + 1
            else:
                hi = mid
        return lo""", xs=xs, check=check)
    entry = one_of(rng, ["lower_bound", "insert_position", "first_at_least"] if lower else ["count_at_most", "upper_bound", "rank"])
    return task("searching", entry, [(xs, "list[int]"), (t, "int")], "int", text, body, _sorted_inputs(rng, False))


def _binary_exact(rng: random.Random) -> Variant:
    xs, t = one_of(rng, [("xs", "target"), ("nums", "x"), ("sorted_values", "key")])
    text = (f"{xs} holds distinct numbers in increasing order. Return the index of {t} in {xs}, or -1 if it "
            f"is not there. Use binary search.")
    body = code("""
        lo, hi = 0, len({xs}) - 1
        while lo <= hi:
            mid = (lo + hi) // 2
            if {xs}[mid] == {t}:
                return mid
            if {xs}[mid] < {t}:
                lo = mid + 1
            else:
                hi = mid - 1
        return -1""", xs=xs, t=t)
    entry = one_of(rng, ["binary_search", "bsearch", "search_sorted", "find_sorted"])
    return task("searching", entry, [(xs, "list[int]"), (t, "int")], "int", text, body, _sorted_inputs(rng, True))


@family
def searching(rng: random.Random) -> Variant:
    return one_of(rng, [_find_value, _find_pred, _arg_extreme, _binary_search, _binary_exact])(rng)


# ------------------------------------------------------------ two pointers

def _pair_sum(rng: random.Random) -> Variant:
    xs, t = one_of(rng, [("xs", "target"), ("nums", "total"), ("values", "goal")])
    cmp, phrase = one_of(rng, [("==", "equal to"), ("<", "less than"), ("<=", "at most")])
    if cmp == "==":
        text = (f"{xs} is sorted in increasing order. Return True if two elements at different positions of "
                f"{xs} add up to {t}, else False. Walk two indices inward from both ends.")
        body = code("""
            i, j = 0, len({xs}) - 1
            while i < j:
                s = {xs}[i] + {xs}[j]
                if s == {t}:
                    return True
                if s < {t}:
                    i += 1
                else:
                    j -= 1
            return False""", xs=xs, t=t)
        ret, entry = "bool", one_of(rng, ["has_pair_sum", "two_sum_sorted", "pair_exists"])
    else:
        text = (f"{xs} is sorted in increasing order. Return the number of index pairs i < j with "
                f"{xs}[i] + {xs}[j] {phrase} {t}, using two indices that move toward each other.")
        body = code("""
            i, j = 0, len({xs}) - 1
            count = 0
            while i < j:
                if {xs}[i] + {xs}[j] {cmp} {t}:
                    count += j - i
                    i += 1
                else:
                    j -= 1
            return count""", xs=xs, t=t, cmp=cmp)
        ret, entry = "int", one_of(rng, ["count_pairs", "pairs_below", "small_pairs"])
    return task("two_pointer", entry, [(xs, "list[int]"), (t, "int")], ret, text, body, _sorted_inputs(rng, False))


def _mirror(rng: random.Random, half: str) -> str:
    """A palindrome of odd or even length made from `half`."""
    return half + half[::-1][rng.randint(0, 1):]


def _palindrome(rng: random.Random) -> Variant:
    s = one_of(rng, _S)
    mode = rng.randrange(3)
    keep = ["every character counts", "upper and lower case count as the same letter",
            "only letters and digits count, and upper and lower case are the same"][mode]
    text = f"Return True if {s} reads the same forwards and backwards, where {keep}; else False."
    clean = [f"t = {s}", f"t = {s}.lower()", f"t = ''.join(c.lower() for c in {s} if c.isalnum())"][mode]
    body = one_of(rng, [code("""
                            {clean}
                            i, j = 0, len(t) - 1
                            while i < j:
                                if t[i] != t[j]:
                                    return False
                                i += 1
                                j -= 1
                            return True""", clean=clean),
                        clean + "\nreturn t == t[::-1]"])
    inputs = [("",), ("a",), ("abba",), ("abca",), ("Abba",), ("A man, a plan, a canal: Panama",), ("No 'x' in Nixon",)]
    inputs += many(rng, 5, lambda: (_mirror(rng, text_of(rng, "abAB ,", 5)),))
    entry = one_of(rng, ["is_palindrome", "palindrome", "reads_same", "symmetric"])
    return task("two_pointer", entry, [(s, "str")], "bool", text, body, inputs)


def _merge(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("xs", "ys"), ("a", "b"), ("left", "right")])
    text = one_of(rng, [f"{a} and {b} are sorted in increasing order. Return one sorted list of all their "
                        f"elements, merging them with two indices (do not call sort).",
                        f"Merge the sorted lists {a} and {b} into a single sorted list and return it."])
    body = code("""
        out = []
        i, j = 0, 0
        while i < len({a}) and j < len({b}):
            if {a}[i] <= {b}[j]:
                out.append({a}[i])
                i += 1
            else:
                out.append({b}[j])
                j += 1
        return out + {a}[i:] + {b}[j:]""", a=a, b=b)
    inputs = [([], []), ([1], []), ([], [2, 3]), ([1, 1], [1])]
    inputs += many(rng, 7, lambda: (sorted(int_list(rng, -9, 9, 6)), sorted(int_list(rng, -9, 9, 6))))
    entry = one_of(rng, ["merge", "merge_sorted", "combine_sorted"])
    return task("two_pointer", entry, [(a, "list[int]"), (b, "list[int]")], "list[int]", text, body, inputs)


def _dedupe_sorted(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    text = f"{xs} is sorted in increasing order. Return a list of its values with every repeat removed, in order."
    body = code("""
        out = []
        for x in {xs}:
            if not out or out[-1] != x:
                out.append(x)
        return out""", xs=xs)
    inputs = [([],), ([1, 1, 1],), ([1, 2, 3],)] + many(rng, 7, lambda: (sorted(int_list(rng, 0, 6, 10)),))
    entry = one_of(rng, ["dedupe", "unique_sorted", "squeeze"])
    return task("two_pointer", entry, [(xs, "list[int]")], "list[int]", text, body, inputs)


def _reverse_vowels(rng: random.Random) -> Variant:
    s = one_of(rng, _S)
    chars = one_of(rng, ["aeiou", "aeiouAEIOU", "".join(sorted(rng.sample(LOWER, 4)))])
    text = (f"Return {s} with the characters that are among {chars!r} in reverse order of position, every "
            f"other character staying in place.")
    body = code("""
        cs = list({s})
        i, j = 0, len(cs) - 1
        while i < j:
            if cs[i] not in '{chars}':
                i += 1
            elif cs[j] not in '{chars}':
                j -= 1
            else:
                cs[i], cs[j] = cs[j], cs[i]
                i += 1
                j -= 1
        return ''.join(cs)""", s=s, chars=chars)
    inputs = [("",), ("hello",), ("aA",), (chars,)] + many(rng, 7, lambda: (text_of(rng, chars + "xyz AE", 10),))
    entry = one_of(rng, ["reverse_vowels", "swap_marked", "mirror_letters"])
    return task("two_pointer", entry, [(s, "str")], "str", text, body, inputs)


def _sorted_squares(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    desc = rng.random() < 0.4
    text = (f"{xs} is sorted in increasing order and may hold negative numbers. Return the squares of its "
            f"elements in {'decreasing' if desc else 'increasing'} order, filling the result from the "
            f"larger end with two indices that start at both ends of {xs}.")
    body = code("""
        out = []
        i, j = 0, len({xs}) - 1
        while i <= j:
            if abs({xs}[i]) > abs({xs}[j]):
                out.append({xs}[i] * {xs}[i])
                i += 1
            else:
                out.append({xs}[j] * {xs}[j])
                j -= 1
        {finish}""", xs=xs, finish="return out" if desc else "out.reverse()\nreturn out")
    inputs = [([],), ([-3],), ([-2, -1],), ([-4, -1, 0, 3, 10],)] + many(rng, 7, lambda: (sorted(int_list(rng, -12, 12, 9)),))
    entry = one_of(rng, ["sorted_squares", "square_sorted", "squares_in_order"])
    return task("two_pointer", entry, [(xs, "list[int]")], "list[int]", text, body, inputs)


@family
def two_pointer(rng: random.Random) -> Variant:
    return one_of(rng, [_pair_sum, _palindrome, _merge, _dedupe_sorted, _reverse_vowels, _sorted_squares])(rng)
