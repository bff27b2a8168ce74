# args: []
# expect: 3.141592653589793
import math


def f() -> float:
    return math.pi
