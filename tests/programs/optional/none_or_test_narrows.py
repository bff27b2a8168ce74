# `x is None or x < k` as an if test: the second operand runs only with x
# present, so x is narrowed there.
# args: [[3, 1, 2]]
# expect: 1
# args: [[]]
# expect: -1
from typing import Optional


def f(xs: list[int]) -> int:
    best: Optional[int] = None
    for x in xs:
        if best is None or x < best:
            best = x
    if best is None or best > 100:
        return -1
    return best
