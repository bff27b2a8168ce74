# typing's List takes one argument: the def raises TypeError when it runs,
# before any test, so the annotation is read as written and refused.
# signature: def f(xs: list[int]) -> int
# error: TypeError
from typing import List


def f(xs: List[int, str]) -> int:
    return len(xs)
