# args: [2, 10]
# expect: 1024.0
# args: [2.0, 0.5]
# expect: 1.4142135623730951
# args: [-8.0, 0.5]
# raises: ValueError
# args: [0.0, -1.0]
# raises: ValueError
# args: [10.0, 400.0]
# raises: OverflowError
# args: [-2.0, 3.0]
# expect: -8.0
import math


def f(x: float, y: float) -> float:
    return math.pow(x, y)
