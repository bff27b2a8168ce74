# args: [-2.5]
# expect: -2
# args: [2.1]
# expect: 3
# args: [1e-300]
# expect: 1
# args: [-inf]
# raises: OverflowError
# args: [-9.223372036854775808e18]
# expect: -9223372036854775808
import math


def f(x: float) -> int:
    return math.ceil(x)
