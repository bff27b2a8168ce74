# An entry annotation that mentions typing's Any types nothing a run does:
# CPython only evaluates it when the def runs, so the problem's signature
# types the parameters and result, as the tests call the entry.
# signature: def f(a: list[int], b: list[int]) -> list[int]
# args: [[1, 2], [3]]
# expect: [1, 3]
# args: [[], [4, 5]]
# expect: [4, 5]
from typing import Any, List


def f(a: List[Any], b: list[Any]) -> List[Any]:
    return a[:-1] + b
