# args: [0]
# expect: 0
# args: [15]
# expect: 3
# args: [16]
# expect: 4
# args: [9223372036854775807]
# expect: 3037000499
# args: [9223371429600159999]
# expect: 3037000399
# args: [999999999999999999]
# expect: 999999999
# args: [-1]
# raises: ValueError
import math


def f(n: int) -> int:
    return math.isqrt(n)
