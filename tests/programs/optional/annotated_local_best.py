# args: [[3, 9, 2]]
# expect: 9
# args: [[]]
# expect: -1
from typing import Optional


def f(xs: list[int]) -> int:
    best: Optional[int] = None
    for x in xs:
        if best is None or x > best:
            best = x
    if best is None:
        return -1
    return best
