# An annotated assignment of a tuple display takes the annotation's tuple
# type: its None and T items become the Optionals it says.
# args: [3]
# expect: (None, 3)
# args: [-2]
# expect: (-2, None)
from typing import Optional


def f(x: int) -> tuple[Optional[int], Optional[int]]:
    pair: tuple[Optional[int], Optional[int]] = (None, x)
    if x < 0:
        other: tuple[Optional[int], Optional[int]] = (x, None)
        return other
    return pair
