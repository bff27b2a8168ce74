"""The benchmark's list and str workloads (the group "lists" of
workloads.py): tiers 3-4 problems over lists of 5-200 items."""

from __future__ import annotations

import random
import string

from workload_kit import CORRECT, POOLS, RAISES, WRONG, Workload, pools_with

# ------------------------------------------------------- list and str workloads
#
# Tier 3-4 problems: lists, tuples, list[list[int]], comprehensions, list
# methods, sorted with key=, str.split/join. Their locals take names from
# LIST_POOLS, which adds pools to POOLS (the scalar workloads above keep
# POOLS, so their candidates are the same text as before these were added).

LIST_POOLS = pools_with(
    POOLS,
    res=("ans", "output", "collected", "kept", "built", "res_list", "lst", "r_"),
    w=("w_", "word", "token", "tok", "wd", "piece", "term", "wrd"),
    words=("words", "parts", "tokens", "toks", "ws", "pieces", "wl", "split_"),
    x=("x_", "v", "val", "elem", "e", "it", "item", "y"),
    row=("row", "r", "line", "rw", "row_", "cur_row", "rr", "vec"),
    col=("col", "column", "cl", "new_row", "col_", "cc_", "column_", "tmp_col"),
    best=("best", "top", "winner", "best_w", "max_w", "champ", "leader", "mode"),
    sw=("swaps", "n_swaps", "swap_count", "sc", "moves", "exchanges", "nswap", "sw"),
)


def _two_sum_args(rng: random.Random) -> list:
    nums = [rng.randint(-50, 50) for _ in range(rng.randint(10, 100))]
    r = rng.random()
    if r < 0.6:
        a, b = rng.sample(range(len(nums)), 2)
        target = nums[a] + nums[b]
    elif r < 0.8:
        target = rng.randint(-100, 100)
    else:
        target = rng.choice((-1, 1)) * rng.randint(101, 200)  # no pair
    return [nums, target]


NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo", "kim", "lee",
         "max", "ned", "oz", "pat", "quin", "ray", "sue", "tom", "uma", "val", "wes", "zed")


def _rank_args(rng: random.Random) -> list:
    return [[(rng.choice(NAMES) + str(rng.randint(1, 9)), rng.randint(0, 20))
             for _ in range(rng.randint(10, 80))]]


VOCAB = ("the", "cat", "dog", "a", "sat", "on", "mat", "and", "ran", "to", "it", "is", "big", "red")


def _text_args(rng: random.Random) -> list:
    words = []
    for _ in range(rng.randint(10, 150)):
        w = rng.choice(VOCAB)
        r = rng.random()
        if r < 0.15:
            w = w.capitalize()
        elif r < 0.2:
            w = w.upper()
        words.append(w)
    out = words[0]
    for w in words[1:]:
        out += rng.choice((" ", " ", " ", " ", "  ", "\n", "\t")) + w
    return [rng.choice(("", " ", "\n")) + out + rng.choice(("", " ", "\n"))]


def _even_sq_args(rng: random.Random) -> list:
    return [[rng.randint(-40, 40) for _ in range(rng.randint(10, 200))], rng.randint(-10, 1600)]


def _matrix_args(rng: random.Random) -> list:
    rows = rng.randint(1, 15)
    cols = rows if rng.random() < 0.2 else rng.randint(1, 15)
    return [[[rng.randint(-99, 99) for _ in range(cols)] for _ in range(rows)]]


def _sentence_args(rng: random.Random) -> list:
    words = ["".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(1, 8)))
             for _ in range(rng.randint(10, 200))]
    if rng.random() < 0.6:
        return [" ".join(words)]
    out = rng.choice(("", " ", "  ", "\t")) + words[0]
    for w in words[1:]:
        out += rng.choice((" ", " ", " ", "  ", "   ", "\t")) + w
    return [out + rng.choice(("", " ", "  ", "\n"))]


def _dedup_args(rng: random.Random) -> list:
    n = rng.randint(10, 150)
    return [[rng.randint(0, max(2, n // rng.choice((2, 3, 5)))) for _ in range(n)]]


def _bubble_args(rng: random.Random) -> list:
    xs = [rng.randint(-100, 100) for _ in range(rng.randint(5, 50))]
    r = rng.random()
    if r < 0.1:
        xs.sort()
    elif r < 0.2:
        xs.sort(reverse=True)
    elif r < 0.4:
        xs = [x % 10 for x in xs]  # many equal items
    return [xs]


TWO_SUM = Workload(
    name="two_sum", entry="two_sum",
    signature="def two_sum(nums: list[int], target: int) -> tuple[int, int]",
    description="Return the indices (i, j), i < j, of the first pair of items of nums that add up to "
                "target, the smallest i first, then the smallest j; (-1, -1) if there is none.",
    reference="""
def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            if nums[i] + nums[j] == target:
                return (i, j)
    return (-1, -1)
""",
    make_args=_two_sum_args, fixed_args=[[[], 5], [[3, 3], 6], [[1, 2], 4], [[2, 7, 11, 15], 9]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    for $i in range(len(nums)):
        for $j in range($i + 1, len(nums)):
            if nums[$i] + nums[$j] == target:
                return ($i, $j)
    return (-1, -1)
""", """
def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    for $i, $x in enumerate(nums):
        rest = nums[$i + 1:]
        if target - $x in rest:
            return $i, $i + 1 + rest.index(target - $x)
    return -1, -1
""", """
def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    $i = 0
    while $i < len(nums):
        $j = $i + 1
        while $j < len(nums):
            if nums[$i] + nums[$j] == target:
                return ($i, $j)
            $j += 1
        $i += 1
    return (-1, -1)
""", """
def find_from(nums: list[int], start: int, want: int) -> int:
    for $j in range(start, len(nums)):
        if nums[$j] == want:
            return $j
    return -1


def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    for $i in range(len(nums) - 1):
        $j = find_from(nums, $i + 1, target - nums[$i])
        if $j != -1:
            return ($i, $j)
    return (-1, -1)
"""],
        WRONG: [
            """
def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    for $i in range(len(nums)):
        for $j in range($i, len(nums)):
            if nums[$i] + nums[$j] == target:
                return ($i, $j)
    return (-1, -1)
""", """
def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    seen: list[int] = []
    for $j, $x in enumerate(nums):
        if target - $x in seen:
            return (seen.index(target - $x), $j)
        seen.append($x)
    return (-1, -1)
"""],
        RAISES: [
            """
def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    for $i in range(len(nums)):
        for $j in range($i + 1, len(nums) + 1):
            if nums[$i] + nums[$j] == target:
                return ($i, $j)
    return (-1, -1)
"""],
    })

RANK = Workload(
    name="rank_scores", entry="rank", signature="def rank(pairs: list[tuple[str, int]]) -> list[str]",
    description="Given (name, score) pairs, return the names ordered by score, highest first; "
                "equal scores in alphabetical order of name.",
    reference="def rank(pairs):\n    return [n for n, s in sorted(pairs, key=lambda p: (-p[1], p[0]))]\n",
    make_args=_rank_args,
    fixed_args=[[[]], [[("bob", 3), ("al", 3), ("cy", 5)]], [[("x", 0)]]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def rank(pairs: list[tuple[str, int]]) -> list[str]:
    ordered = sorted(pairs, key=lambda kv: (-kv[1], kv[0]))
    return [kv[0] for kv in ordered]
""", """
def rank(pairs: list[tuple[str, int]]) -> list[str]:
    by_name = sorted(pairs)
    by_score = sorted(by_name, key=lambda kv: kv[1], reverse=True)
    return [name for name, _ in by_score]
""", """
def rank(pairs: list[tuple[str, int]]) -> list[str]:
    flipped = [(-score, name) for name, score in pairs]
    flipped.sort()
    return [name for _, name in flipped]
""", """
def before(a: tuple[str, int], b: tuple[str, int]) -> bool:
    if a[1] != b[1]:
        return a[1] > b[1]
    return a[0] < b[0]


def rank(pairs: list[tuple[str, int]]) -> list[str]:
    $res: list[tuple[str, int]] = []
    for $x in pairs:
        $i = 0
        while $i < len($res) and before($res[$i], $x):
            $i += 1
        $res.insert($i, $x)
    return [$x[0] for $x in $res]
"""],
        WRONG: [
            """
def rank(pairs: list[tuple[str, int]]) -> list[str]:
    ordered = sorted(pairs, key=lambda kv: kv[1], reverse=True)
    return [kv[0] for kv in ordered]
""", """
def rank(pairs: list[tuple[str, int]]) -> list[str]:
    ordered = sorted(pairs, key=lambda kv: (kv[1], kv[0]), reverse=True)
    return [name for name, score in ordered]
"""],
        RAISES: [
            # a bucket per score from the top one down: max() of nothing
            # raises. (Written max(kv[1] for kv in ...) because
            # max(score for name, score in ...) does not compile: see
            # the 2026-11-22 lists results in bench/results/'s git history.)
            """
def rank(pairs: list[tuple[str, int]]) -> list[str]:
    $best = max(kv[1] for kv in pairs)
    $res: list[str] = []
    for $cnt in range($best, -1, -1):
        $res.extend(sorted(name for name, score in pairs if score == $cnt))
    return $res
"""],
    })

MOST_COMMON = Workload(
    name="most_common", entry="most_common", signature="def most_common(text: str) -> tuple[str, int]",
    description="Split text on whitespace and lowercase the words; return the most frequent word and "
                "its count, the one that appears first among equally frequent words; ('', 0) if "
                "there are no words.",
    reference="""
def most_common(text):
    words = text.lower().split()
    best, n = '', 0
    for w in words:
        c = words.count(w)
        if c > n:
            best, n = w, c
    return (best, n)
""",
    make_args=_text_args, fixed_args=[[""], ["  \n "], ["b a B A c"], ["one"]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def most_common(text: str) -> tuple[str, int]:
    $words = text.lower().split()
    $best = ''
    $cnt = 0
    for $w in $words:
        $acc = $words.count($w)
        if $acc > $cnt:
            $best = $w
            $cnt = $acc
    return ($best, $cnt)
""", """
def most_common(text: str) -> tuple[str, int]:
    $words = text.lower().split()
    if not $words:
        return ('', 0)
    $best = max($words, key=lambda $w: $words.count($w))
    return ($best, $words.count($best))
""", """
def most_common(text: str) -> tuple[str, int]:
    uniq: list[str] = []
    counts: list[int] = []
    for $w in text.split():
        $t = $w.lower()
        if $t in uniq:
            counts[uniq.index($t)] += 1
        else:
            uniq.append($t)
            counts.append(1)
    if not uniq:
        return ('', 0)
    $i = 0
    for $j in range(1, len(uniq)):
        if counts[$j] > counts[$i]:
            $i = $j
    return (uniq[$i], counts[$i])
""", """
def most_common(text: str) -> tuple[str, int]:
    $words = text.lower().split()
    if len($words) == 0:
        return ('', 0)
    keyed = [(-$words.count($w), $words.index($w), $w) for $w in $words]
    $best = min(keyed)
    return ($best[2], -$best[0])
"""],
        WRONG: [
            """
def most_common(text: str) -> tuple[str, int]:
    $words = text.split()
    $best = ''
    $cnt = 0
    for $w in $words:
        if $words.count($w) > $cnt:
            $best = $w
            $cnt = $words.count($w)
    return ($best.lower(), $cnt)
""", """
def most_common(text: str) -> tuple[str, int]:
    $words = text.lower().split()
    $best = ''
    $cnt = 0
    for $w in $words:
        $acc = $words.count($w)
        if $acc >= $cnt:
            $best = $w
            $cnt = $acc
    return ($best, $cnt)
"""],
        RAISES: [
            """
def most_common(text: str) -> tuple[str, int]:
    $words = text.lower().split()
    $best = $words[0]
    for $w in $words:
        if $words.count($w) > $words.count($best):
            $best = $w
    return ($best, $words.count($best))
"""],
    })

EVEN_SQUARES = Workload(
    name="even_squares", entry="even_squares",
    signature="def even_squares(xs: list[int], limit: int) -> list[int]",
    description="Return the squares of the even items of xs that are at most limit, in the order of xs.",
    reference="def even_squares(xs, limit):\n    return [x * x for x in xs if x % 2 == 0 and x * x <= limit]\n",
    make_args=_even_sq_args, fixed_args=[[[], 10], [[0, 1, 2, 3, 4], 4], [[-6, 5, 6], 35]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def even_squares(xs: list[int], limit: int) -> list[int]:
    return [$x * $x for $x in xs if $x % 2 == 0 and $x * $x <= limit]
""", """
def even_squares(xs: list[int], limit: int) -> list[int]:
    evens = [$x for $x in xs if $x % 2 == 0]
    squares = [$x * $x for $x in evens]
    return [$x for $x in squares if $x <= limit]
""", """
def even_squares(xs: list[int], limit: int) -> list[int]:
    $res = []
    for $x in xs:
        if $x % 2 != 0:
            continue
        $acc = $x * $x
        if $acc <= limit:
            $res.append($acc)
    return $res
""", """
def even_squares(xs: list[int], limit: int) -> list[int]:
    return list(filter(lambda $x: $x <= limit,
                       map(lambda $x: $x * $x, filter(lambda $x: $x % 2 == 0, xs))))
"""],
        WRONG: [
            """
def even_squares(xs: list[int], limit: int) -> list[int]:
    return [$x * $x for $x in xs if $x % 2 == 0 and $x * $x < limit]
""", """
def even_squares(xs: list[int], limit: int) -> list[int]:
    return [$x * $x for $x in xs if $x % 2 == 0 and $x <= limit]
"""],
        RAISES: [
            # avoids computing x * x past the limit, but divides by 0
            """
def even_squares(xs: list[int], limit: int) -> list[int]:
    $res = []
    for $x in xs:
        if $x % 2 == 0 and abs($x) <= limit // abs($x):
            $res.append($x * $x)
    return $res
"""],
    })

TRANSPOSE = Workload(
    name="transpose", entry="transpose", signature="def transpose(m: list[list[int]]) -> list[list[int]]",
    description="Return the transpose of the rectangular matrix m (at least one row, every row of the "
                "same length, at least 1).",
    reference="def transpose(m):\n    return [[row[j] for row in m] for j in range(len(m[0]))]\n",
    make_args=_matrix_args, fixed_args=[[[[1]]], [[[1, 2, 3]]], [[[1], [2]]], [[[1, 2], [3, 4]]]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def transpose(m: list[list[int]]) -> list[list[int]]:
    return [[$row[$j] for $row in m] for $j in range(len(m[0]))]
""", """
def transpose(m: list[list[int]]) -> list[list[int]]:
    $res = []
    for $j in range(len(m[0])):
        $col = []
        for $row in m:
            $col.append($row[$j])
        $res.append($col)
    return $res
""", """
def transpose(m: list[list[int]]) -> list[list[int]]:
    rows = len(m)
    cols = len(m[0])
    $res = [[0] * rows for _ in range(cols)]
    for $i in range(rows):
        for $j in range(cols):
            $res[$j][$i] = m[$i][$j]
    return $res
""", """
def column(m: list[list[int]], k: int) -> list[int]:
    return [$row[k] for $row in m]


def transpose(m: list[list[int]]) -> list[list[int]]:
    $res: list[list[int]] = []
    $j = 0
    while $j < len(m[0]):
        $res.append(column(m, $j))
        $j += 1
    return $res
"""],
        WRONG: [
            # one inner list repeated: every row is the last column
            """
def transpose(m: list[list[int]]) -> list[list[int]]:
    $res = [[0] * len(m)] * len(m[0])
    for $i in range(len(m)):
        for $j in range(len(m[0])):
            $res[$j][$i] = m[$i][$j]
    return $res
""", """
def transpose(m: list[list[int]]) -> list[list[int]]:
    return [[$row[$j] for $row in m[::-1]] for $j in range(len(m[0]))]
"""],
        RAISES: [
            # the ranges swapped: right for square matrices only
            """
def transpose(m: list[list[int]]) -> list[list[int]]:
    return [[m[$i][$j] for $i in range(len(m[0]))] for $j in range(len(m))]
"""],
    })

REVERSE_WORDS = Workload(
    name="reverse_words", entry="reverse_words", signature="def reverse_words(s: str) -> str",
    description="Return the words of s (split on whitespace) in reverse order, joined by single spaces.",
    reference="def reverse_words(s):\n    return ' '.join(reversed(s.split()))\n",
    make_args=_sentence_args, fixed_args=[[""], ["   "], ["hello"], ["  a  b c "]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def reverse_words(s: str) -> str:
    return ' '.join(reversed(s.split()))
""", """
def reverse_words(s: str) -> str:
    $words = s.split()
    $words.reverse()
    return " ".join($words)
""", """
def reverse_words(s: str) -> str:
    return ' '.join(s.split()[::-1])
""", """
def reverse_words(s: str) -> str:
    $res: list[str] = []
    for $w in s.split():
        $res.insert(0, $w)
    return ' '.join($res)
""", """
def reverse_words(s: str) -> str:
    $words = s.split()
    $res = []
    for $i in range(len($words) - 1, -1, -1):
        $res.append($words[$i])
    return " ".join($res)
"""],
        WRONG: [
            """
def reverse_words(s: str) -> str:
    return ' '.join(reversed(s.split(' ')))
""", """
def reverse_words(s: str) -> str:
    $words = s.strip().split(' ')
    return ' '.join($words[::-1])
"""],
        RAISES: [
            """
def reverse_words(s: str) -> str:
    $words = s.split()
    $res = [$words[-1]]
    for $w in $words[-2::-1]:
        $res.append($w)
    return ' '.join($res)
"""],
    })

DEDUP = Workload(
    name="dedup", entry="dedup", signature="def dedup(xs: list[int]) -> list[int]",
    description="Return the items of xs without repeats, each kept at its first occurrence, in order.",
    reference="""
def dedup(xs):
    out = []
    for x in xs:
        if x not in out:
            out.append(x)
    return out
""",
    make_args=_dedup_args, fixed_args=[[[]], [[1, 1, 1]], [[3, 1, 3, 2, 1]]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def dedup(xs: list[int]) -> list[int]:
    $res = []
    for $x in xs:
        if $x not in $res:
            $res.append($x)
    return $res
""", """
def dedup(xs: list[int]) -> list[int]:
    return [$x for $i, $x in enumerate(xs) if $x not in xs[:$i]]
""", """
def dedup(xs: list[int]) -> list[int]:
    return [xs[$i] for $i in range(len(xs)) if xs.index(xs[$i]) == $i]
""", """
def dedup(xs: list[int]) -> list[int]:
    $res: list[int] = []
    for $x in xs:
        if $res.count($x) == 0:
            $res.append($x)
    return $res
"""],
        WRONG: [
            # keeps the last occurrences
            """
def dedup(xs: list[int]) -> list[int]:
    return [$x for $i, $x in enumerate(xs) if $x not in xs[$i + 1:]]
""", """
def dedup(xs: list[int]) -> list[int]:
    $res: list[int] = []
    for $x in sorted(xs):
        if not $res or $res[-1] != $x:
            $res.append($x)
    return $res
"""],
        RAISES: [
            """
def dedup(xs: list[int]) -> list[int]:
    $res = [xs[0]]
    for $x in xs[1:]:
        if $x not in $res:
            $res.append($x)
    return $res
"""],
    })

BUBBLE = Workload(
    name="bubble_sort", entry="bubble_sort",
    signature="def bubble_sort(xs: list[int]) -> tuple[list[int], int]",
    description="Sort xs ascending by bubble sort; return the sorted list and the number of swaps made "
                "(the number of inversions of xs).",
    reference="""
def bubble_sort(xs):
    xs = list(xs)
    swaps = 0
    for i in range(len(xs)):
        for j in range(len(xs) - 1 - i):
            if xs[j] > xs[j + 1]:
                xs[j], xs[j + 1] = xs[j + 1], xs[j]
                swaps += 1
    return xs, swaps
""",
    make_args=_bubble_args, fixed_args=[[[]], [[1]], [[2, 1]], [[3, 3, 1]]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    $sw = 0
    for $i in range(len(xs)):
        for $j in range(len(xs) - 1 - $i):
            if xs[$j] > xs[$j + 1]:
                xs[$j], xs[$j + 1] = xs[$j + 1], xs[$j]
                $sw += 1
    return xs, $sw
""", """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    n = len(xs)
    $sw = 0
    swapped = True
    while swapped:
        swapped = False
        for $j in range(n - 1):
            if xs[$j] > xs[$j + 1]:
                $d = xs[$j]
                xs[$j] = xs[$j + 1]
                xs[$j + 1] = $d
                swapped = True
                $sw += 1
    return (xs, $sw)
""", """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    $res = xs[:]
    $sw = 0
    for $i in range(1, len($res)):
        $j = $i
        while $j > 0 and $res[$j - 1] > $res[$j]:
            $res[$j - 1], $res[$j] = $res[$j], $res[$j - 1]
            $j -= 1
            $sw += 1
    return ($res, $sw)
""", """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    $sw = 0
    for $i in range(len(xs)):
        for $j in range($i + 1, len(xs)):
            if xs[$i] > xs[$j]:
                $sw += 1
    return sorted(xs), $sw
"""],
        WRONG: [
            # counts comparisons, not swaps
            """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    $sw = 0
    for $i in range(len(xs)):
        for $j in range(len(xs) - 1 - $i):
            $sw += 1
            if xs[$j] > xs[$j + 1]:
                xs[$j], xs[$j + 1] = xs[$j + 1], xs[$j]
    return xs, $sw
""", """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    $sw = 0
    for $i in range(len(xs)):
        for $j in range(len(xs) - 1 - $i):
            if xs[$j] >= xs[$j + 1]:
                xs[$j], xs[$j + 1] = xs[$j + 1], xs[$j]
                $sw += 1
    return xs, $sw
"""],
        RAISES: [
            """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    $sw = 0
    for $i in range(len(xs)):
        for $j in range(len(xs) - $i):
            if xs[$j] > xs[$j + 1]:
                xs[$j], xs[$j + 1] = xs[$j + 1], xs[$j]
                $sw += 1
    return xs, $sw
"""],
    })
