"""The benchmark's dict and set workloads (the groups "dicts" and "sets" of
workloads.py): tier 5 problems, counting, grouping and membership over
inputs of 10-300 items, written the ways models write them (dict.get,
`in` then store, setdefault, Counter, defaultdict, set operators and
methods, comprehensions)."""

from __future__ import annotations

import random

from workload_kit import CORRECT, RAISES, WRONG, Workload, pools_with
from workloads_lists import LIST_POOLS, VOCAB

# Their locals take names from DICT_POOLS: LIST_POOLS and the pools of the
# maps and sets that counting and membership keep.
DICT_POOLS = pools_with(
    LIST_POOLS,
    m=("counts", "freq", "tally_d", "occ", "hist", "table", "cmap", "by_word"),
    s=("seen", "visited", "met", "found", "have", "known", "sset", "uniq"),
    kv=("kv", "pair", "entry", "item_", "p_", "wc", "t_", "rec"),
)


def _freq_args(rng: random.Random) -> list:
    vocab = VOCAB + ("fox", "owl", "sun", "sky", "sea", "hat", "pen", "cup")
    words = []
    for _ in range(rng.randint(10, 300)):
        w = rng.choice(vocab[: rng.randint(4, len(vocab))])
        words.append(w.upper() if rng.random() < 0.1 else w.capitalize() if rng.random() < 0.15 else w)
    sep = rng.choice((" ", " ", "  ", "\n"))
    return [sep.join(words), rng.randint(1, 8)]


def _restock_args(rng: random.Random) -> list:
    items = ("apple", "pear", "fig", "kiwi", "lime", "plum", "date", "nut", "oat", "rye")
    stock = {name: rng.randint(1, 30) for name in rng.sample(items, rng.randint(0, 8))}
    orders = [(rng.choice(items), rng.randint(-25, 25)) for _ in range(rng.randint(10, 120))]
    return [stock, orders]


def _two_lists_args(rng: random.Random) -> list:
    span = rng.randint(10, 400)
    a = [rng.randint(-span, span) for _ in range(rng.randint(10, 200))]
    if rng.random() < 0.15:  # disjoint: every item of b is above a's
        b = [rng.randint(span + 1, 2 * span + 1) for _ in range(rng.randint(10, 200))]
    else:
        b = [rng.randint(-span, span) for _ in range(rng.randint(10, 200))]
    return [a, b]


def _repeat_args(rng: random.Random) -> list:
    n = rng.randint(10, 300)
    if rng.random() < 0.25:
        return [rng.sample(range(-1000, 1000), n)]  # all distinct
    return [[rng.randint(0, max(2, n * rng.choice((1, 2, 4)))) for _ in range(n)]]


WORD_FREQ = Workload(
    name="word_freq", entry="word_freq",
    signature="def word_freq(text: str, k: int) -> list[tuple[str, int]]",
    description="Split text on whitespace and lowercase the words; return the k most frequent words "
                "as (word, count) pairs, by count, highest first, equal counts in alphabetical order "
                "(fewer pairs if there are fewer distinct words).",
    reference="""
def word_freq(text, k):
    counts = {}
    for w in text.lower().split():
        counts[w] = counts.get(w, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:k]
""",
    make_args=_freq_args, fixed_args=[["", 3], ["a", 1], ["b a B a", 5]],
    pools=DICT_POOLS,
    templates={
        CORRECT: [
            """
def word_freq(text: str, k: int) -> list[tuple[str, int]]:
    $m: dict[str, int] = {}
    for $w in text.lower().split():
        $m[$w] = $m.get($w, 0) + 1
    return sorted($m.items(), key=lambda $kv: (-$kv[1], $kv[0]))[:k]
""", """
def word_freq(text: str, k: int) -> list[tuple[str, int]]:
    $m = {}
    for $w in text.split():
        $w = $w.lower()
        if $w in $m:
            $m[$w] += 1
        else:
            $m[$w] = 1
    $res = list($m.items())
    $res.sort(key=lambda $kv: (-$kv[1], $kv[0]))
    return $res[:k]
""", """
from collections import Counter

def word_freq(text: str, k: int) -> list[tuple[str, int]]:
    $m = Counter(text.lower().split())
    return sorted($m.items(), key=lambda $kv: (-$kv[1], $kv[0]))[:k]
""", """
from collections import defaultdict

def word_freq(text: str, k: int) -> list[tuple[str, int]]:
    $m = defaultdict(int)
    for $w in text.lower().split():
        $m[$w] += 1
    $res = sorted($m.items())
    $res.sort(key=lambda $kv: $kv[1], reverse=True)
    return $res[:k]
""", """
def word_freq(text: str, k: int) -> list[tuple[str, int]]:
    $words = text.lower().split()
    $m = {$w: $words.count($w) for $w in $words}
    $res = sorted($m, key=lambda $w: (-$m[$w], $w))
    return [($w, $m[$w]) for $w in $res[:k]]
"""],
        WRONG: [
            """
from collections import Counter

def word_freq(text: str, k: int) -> list[tuple[str, int]]:
    return Counter(text.lower().split()).most_common(k)
""", """
def word_freq(text: str, k: int) -> list[tuple[str, int]]:
    $m: dict[str, int] = {}
    for $w in text.split():
        $m[$w] = $m.get($w, 0) + 1
    return sorted($m.items(), key=lambda $kv: (-$kv[1], $kv[0]))[:k]
""", """
def word_freq(text: str, k: int) -> list[tuple[str, int]]:
    $m: dict[str, int] = {}
    for $w in text.lower().split():
        $m[$w] = $m.get($w, 0) + 1
    return sorted($m.items(), key=lambda $kv: ($kv[1], $kv[0]), reverse=True)[:k]
"""],
        RAISES: [
            """
def word_freq(text: str, k: int) -> list[tuple[str, int]]:
    $m: dict[str, int] = {}
    for $w in text.lower().split():
        $m[$w] += 1
    return sorted($m.items(), key=lambda $kv: (-$kv[1], $kv[0]))[:k]
""", """
def word_freq(text: str, k: int) -> list[tuple[str, int]]:
    $m: dict[str, int] = {}
    for $w in text.lower().split():
        $m[$w] = $m.get($w, 0) + 1
    $res = sorted($m.items(), key=lambda $kv: (-$kv[1], $kv[0]))
    return [$res[$i] for $i in range(k)]
"""],
    })

RESTOCK = Workload(
    name="restock", entry="restock",
    signature="def restock(stock: dict[str, int], orders: list[tuple[str, int]]) -> dict[str, int]",
    description="Apply the (item, quantity) orders in turn to a copy of stock: a quantity is added to "
                "the item's count (a missing item counts 0); an item whose count drops to 0 or below "
                "is removed at once. Return the new stock.",
    reference="""
def restock(stock, orders):
    out = dict(stock)
    for name, q in orders:
        out[name] = out.get(name, 0) + q
        if out[name] <= 0:
            del out[name]
    return out
""",
    make_args=_restock_args, fixed_args=[[{}, []], [{"fig": 2}, [("fig", -2), ("fig", 1)]]],
    pools=DICT_POOLS,
    templates={
        CORRECT: [
            """
def restock(stock: dict[str, int], orders: list[tuple[str, int]]) -> dict[str, int]:
    $m = dict(stock)
    for $w, $cnt in orders:
        $m[$w] = $m.get($w, 0) + $cnt
        if $m[$w] <= 0:
            del $m[$w]
    return $m
""", """
def restock(stock: dict[str, int], orders: list[tuple[str, int]]) -> dict[str, int]:
    $m = stock.copy()
    for $kv in orders:
        $w, $cnt = $kv
        if $w in $m:
            $m[$w] += $cnt
        else:
            $m[$w] = $cnt
        if $m[$w] <= 0:
            $m.pop($w)
    return $m
""", """
def restock(stock: dict[str, int], orders: list[tuple[str, int]]) -> dict[str, int]:
    $m = {$w: $cnt for $w, $cnt in stock.items()}
    for $w, $cnt in orders:
        $acc = $m.pop($w, 0) + $cnt
        if $acc > 0:
            $m[$w] = $acc
    return $m
"""],
        WRONG: [
            """
def restock(stock: dict[str, int], orders: list[tuple[str, int]]) -> dict[str, int]:
    $m = dict(stock)
    for $w, $cnt in orders:
        $m[$w] = $m.get($w, 0) + $cnt
    return {$w: $cnt for $w, $cnt in $m.items() if $cnt > 0}
""", """
def restock(stock: dict[str, int], orders: list[tuple[str, int]]) -> dict[str, int]:
    $m = dict(stock)
    for $w, $cnt in orders:
        $m[$w] = $m.get($w, 0) + $cnt
        if $m[$w] < 0:
            del $m[$w]
    return $m
"""],
        RAISES: [
            """
def restock(stock: dict[str, int], orders: list[tuple[str, int]]) -> dict[str, int]:
    $m = dict(stock)
    for $w, $cnt in orders:
        $m[$w] += $cnt
        if $m[$w] <= 0:
            del $m[$w]
    return $m
"""],
    })

COMMON = Workload(
    name="common", entry="common", signature="def common(a: list[int], b: list[int]) -> list[int]",
    description="Return the distinct values that occur in both a and b, in ascending order.",
    reference="def common(a, b):\n    return sorted(set(a) & set(b))\n",
    make_args=_two_lists_args, fixed_args=[[[], [1]], [[2, 2, 1], [2, 3, 2]]],
    pools=DICT_POOLS,
    templates={
        CORRECT: [
            """
def common(a: list[int], b: list[int]) -> list[int]:
    return sorted(set(a) & set(b))
""", """
def common(a: list[int], b: list[int]) -> list[int]:
    return sorted(set(a).intersection(b))
""", """
def common(a: list[int], b: list[int]) -> list[int]:
    $s = set(b)
    return sorted({$x for $x in a if $x in $s})
""", """
def common(a: list[int], b: list[int]) -> list[int]:
    $s = set(b)
    $res = []
    for $x in a:
        if $x in $s and $x not in $res:
            $res.append($x)
    $res.sort()
    return $res
""", """
def common(a: list[int], b: list[int]) -> list[int]:
    $s = set(a)
    return sorted($s - ($s - set(b)))
"""],
        WRONG: [
            """
def common(a: list[int], b: list[int]) -> list[int]:
    return sorted($x for $x in a if $x in b)
""", """
def common(a: list[int], b: list[int]) -> list[int]:
    return sorted(set(a) ^ set(b))
"""],
        RAISES: [
            """
def common(a: list[int], b: list[int]) -> list[int]:
    $s = set(a) & set(b)
    $i, $j = min($s), max($s)
    return [$x for $x in range($i, $j + 1) if $x in $s]
"""],
    })

FIRST_REPEAT = Workload(
    name="first_repeat", entry="first_repeat", signature="def first_repeat(xs: list[int]) -> int",
    description="Return the first item of xs that equals an earlier item; -1 if all items are distinct.",
    reference="""
def first_repeat(xs):
    seen = set()
    for x in xs:
        if x in seen:
            return x
        seen.add(x)
    return -1
""",
    make_args=_repeat_args, fixed_args=[[[]], [[5, 1, 1, 5]], [[3, 4, 3]]],
    pools=DICT_POOLS,
    templates={
        CORRECT: [
            """
def first_repeat(xs: list[int]) -> int:
    $s = set()
    for $x in xs:
        if $x in $s:
            return $x
        $s.add($x)
    return -1
""", """
def first_repeat(xs: list[int]) -> int:
    $s: set[int] = set()
    for $i in range(len(xs)):
        if xs[$i] in $s:
            return xs[$i]
        $s |= {xs[$i]}
    return -1
""", """
def first_repeat(xs: list[int]) -> int:
    $m = {}
    for $x in xs:
        if $m.get($x, False):
            return $x
        $m[$x] = True
    return -1
""", """
def first_repeat(xs: list[int]) -> int:
    $s = set()
    for $x in xs:
        $cnt = len($s)
        $s.add($x)
        if len($s) == $cnt:
            return $x
    return -1
"""],
        WRONG: [
            """
def first_repeat(xs: list[int]) -> int:
    for $x in xs:
        if xs.count($x) > 1:
            return $x
    return -1
""", """
def first_repeat(xs: list[int]) -> int:
    $s = set(xs)
    if len($s) == len(xs):
        return -1
    for $x in xs:
        if $x in $s:
            return $x
    return -1
"""],
        RAISES: [
            """
def first_repeat(xs: list[int]) -> int:
    $s = set()
    $i = 0
    while xs[$i] not in $s:
        $s.add(xs[$i])
        $i += 1
    return xs[$i]
"""],
    })

DICT_WORKLOADS = ("word_freq", "restock")
SET_WORKLOADS = ("common", "first_repeat")
