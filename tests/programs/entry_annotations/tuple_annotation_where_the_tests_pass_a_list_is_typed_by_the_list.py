# The tests pass a list where the entry says Tuple: the body is typed by
# the list, whose append runs as in CPython (a tuple has none).
# signature: def grow(xs: list[int], x: int) -> list[int]
# args: [[1, 2], 3]
# expect: [1, 2, 3]
from typing import Tuple


def grow(xs: Tuple[int, ...], x: int) -> Tuple[int, ...]:
    xs.append(x)
    return xs
