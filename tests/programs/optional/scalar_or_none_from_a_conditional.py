# args: [[2, -4, 1, 3, -2]]
# expect: (-2, 1)
# args: [[]]
# expect: (None, None)
# args: [[0, 5]]
# expect: (None, 5)
from typing import Optional


def f(xs: list[int]) -> tuple[Optional[int], Optional[int]]:
    neg = [x for x in xs if x < 0]
    pos = [x for x in xs if x > 0]
    return (max(neg) if neg else None, None if not pos else min(pos))
