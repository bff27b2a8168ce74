# args: [2.0]
# expect: 1.4142135623730951
# args: [-1.0]
# raises: ValueError
# args: [0.0]
# expect: 0.0
# args: [-0.0]
# expect: -0.0
# args: [inf]
# expect: inf
import math


def f(x: float) -> float:
    return math.sqrt(x)
