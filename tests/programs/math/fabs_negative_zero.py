# args: [-0.0]
# expect: 0.0
import math


def f(x: float) -> float:
    return math.fabs(x)
