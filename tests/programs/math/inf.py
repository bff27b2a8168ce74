# args: [1e308]
# expect: True
# args: [inf]
# expect: False
import math


def f(x: float) -> bool:
    return x < math.inf and -math.inf < -x
