# CPython only evaluates a parameter's annotation: the tests pass a tuple
# where the entry says List[int], and the body runs on the tuple.
# signature: def total(t: tuple[int, ...]) -> int
# args: [(1, 2, 3)]
# expect: 9
# args: [()]
# expect: 0
from typing import List


def total(t: List[int]) -> int:
    return sum(t) + len(t)
