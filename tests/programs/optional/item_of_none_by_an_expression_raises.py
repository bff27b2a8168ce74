# An item read of an Optional list checks for None before the index is
# computed, whatever the index: CPython raises TypeError for None[i + 1].
# args: [None, 0]
# raises: TypeError
# args: [[1, 2, 3], 0]
# expect: 2
from typing import Optional


def f(xs: Optional[list[int]], i: int) -> int:
    return xs[i + 1]
