# A local given None after a value of another type (a branch each) holds
# either, as CPython's does: it is typed again as an Optional from its
# first store, narrowed where it was just given the value.
# args: [[2, -4, 1, -1]]
# expect: (-1, 1, 2)
# args: [[]]
# expect: (None, None, 0)
# args: [[0, 3]]
# expect: (None, 3, 6)
from typing import Optional


def f(xs: list[int]) -> tuple[Optional[int], Optional[int], int]:
    neg = [x for x in xs if x < 0]
    if neg:
        a = max(neg)
    else:
        a = None
    if [x for x in xs if x > 0]:
        b = min(x for x in xs if x > 0)
        c = b + 2
    else:
        b = None
        c = 0
    return a, b, c if b is None else b + c - 2
