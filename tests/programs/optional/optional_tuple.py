# args: [[1, 5, 3, 4]]
# expect: (0, 1)
# args: [[5, 4]]
# expect: None
from typing import Optional


def f(xs: list[int]) -> Optional[tuple[int, int]]:
    for i in range(len(xs) - 1):
        if xs[i] < xs[i + 1]:
            return i, i + 1
    return None
