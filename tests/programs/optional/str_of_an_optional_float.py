# args: [[2.5, 0.1]]
# expect: '0.1'
# args: [[]]
# expect: 'None'
from typing import Optional


def f(xs: list[float]) -> str:
    best: Optional[float] = None
    for x in xs:
        if best is None or x < best:
            best = x
    return str(best)
