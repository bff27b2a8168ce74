# args: [16]
# expect: 4.0
# args: [2]
# expect: 1.4142135623730951
# args: [-4]
# raises: ValueError
import math


def f(n: int) -> float:
    return math.sqrt(n)
