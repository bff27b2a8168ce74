# An ordering of a complex number is CPython's TypeError, on either side,
# and a function of math's refuses one too.
# args: [-1]
# raises: TypeError
# args: [4]
# expect: 2
import math


def f(n: int) -> int:
    if 3 < n ** 0.5:
        return 0
    return math.floor(n ** 0.5)
