# args: [-7, 2]
# expect: -4
# args: [7, 2]
# expect: 3
import math


def f(a: int, b: int) -> int:
    return math.floor(a / b)
