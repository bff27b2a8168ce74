# args: [97]
# expect: True
# args: [91]
# expect: False
import math


def f(n: int) -> bool:
    for d in range(2, math.isqrt(n) + 1):
        if n % d == 0:
            return False
    return n >= 2
