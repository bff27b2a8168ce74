# Ordering a None raises TypeError when CPython's sort compares it, which
# depends on the pairs its timsort picks.
# order: sort-pairs
# args: [[2, 1], [5, 6]]
# expect: [(1, 6), (2, 5)]
# args: [[2, 1], [5, -1]]
# raises: Unsupported
from typing import Optional


def f(xs: list[int], ys: list[int]) -> list[tuple[int, Optional[int]]]:
    pairs = []
    for x, y in zip(xs, ys):
        pairs.append((x, y if y >= 0 else None))
    return sorted(pairs)
