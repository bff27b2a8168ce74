# Using an Optional that holds None as a number is a TypeError, as in CPython.
# args: [4]
# expect: 5
# args: [0]
# raises: TypeError
from typing import Optional


def f(n: int) -> int:
    x: Optional[int] = None
    if n > 0:
        x = n
    return x + 1
