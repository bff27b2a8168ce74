# math.fabs always returns a float.
# args: [-3, -0.0]
# expect: 3.0
# args: [0, -2.5]
# expect: 2.5
import math


def f(n: int, x: float) -> float:
    return math.fabs(n) + math.fabs(x)
