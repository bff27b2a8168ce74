# args: [[4, 7, 9], 7]
# expect: 1
# args: [[4, 7, 9], 5]
# expect: None
# args: [[], 5]
# expect: None
from typing import Optional


def f(xs: list[int], x: int) -> Optional[int]:
    for i in range(len(xs)):
        if xs[i] == x:
            return i
    return None
