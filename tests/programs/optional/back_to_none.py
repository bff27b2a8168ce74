# args: [[1, 2, -1, 3]]
# expect: (3, True)
from typing import Optional


def f(xs: list[int]) -> tuple[int, bool]:
    last: Optional[int] = None
    resets = False
    for x in xs:
        if x < 0:
            last = None
            resets = True
        else:
            last = x
    return (last if last is not None else 0), resets
