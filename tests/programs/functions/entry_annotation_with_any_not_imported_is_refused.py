# Any not imported: CPython's NameError when the def runs, so the annotation
# is refused (the CPython path judges the program).
# signature: def f(a: list[int]) -> int
# error: Unsupported 8:15
from typing import List


def f(a: List[Any]) -> int:
    return len(a)
