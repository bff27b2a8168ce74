# args: [-2.5]
# expect: -3
# args: [2.5]
# expect: 2
# args: [-0.0]
# expect: 0
# args: [-1e-300]
# expect: -1
# args: [inf]
# raises: OverflowError
# args: [nan]
# raises: ValueError
# args: [1e300]
# raises: OverflowError
import math


def f(x: float) -> int:
    return math.floor(x)
