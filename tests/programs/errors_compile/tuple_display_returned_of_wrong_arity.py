# error: TypeError 7
# A returned display still has to be the function's tuple type.
from typing import Optional


def f(x: int) -> tuple[Optional[int], int]:
    return (None,)
