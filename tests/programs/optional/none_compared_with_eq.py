# `== None` is also a test for None.
# args: [1]
# expect: (False, True)
# args: [2]
# expect: (True, False)
from typing import Optional


def f(n: int) -> tuple[bool, bool]:
    x: Optional[int] = None
    if n == 1:
        x = 1
    return x == None, x is not None
