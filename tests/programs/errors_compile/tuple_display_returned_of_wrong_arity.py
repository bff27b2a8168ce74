# error: TypeError 8
# entry: f
# A returned display still has to be the function's tuple type.
from typing import Optional


def g(x: int) -> tuple[Optional[int], int]:
    return (None,)


def f(x: int) -> int:
    return x
