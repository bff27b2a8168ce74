# args: [3, 4]
# raises: ValueError
# args: [4, 3]
# expect: 1.0
import math


def f(a: int, b: int) -> float:
    return math.sqrt(a - b)
