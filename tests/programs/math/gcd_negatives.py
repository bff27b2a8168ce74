# gcd is never negative.
# args: [-12, 18]
# expect: 6
# args: [0, 0]
# expect: 0
# args: [0, -5]
# expect: 5
# args: [-9223372036854775808, 6]
# expect: 2
# args: [-9223372036854775808, 0]
# raises: OverflowError
# args: [-9223372036854775808, -9223372036854775808]
# raises: OverflowError
import math


def f(a: int, b: int) -> int:
    return math.gcd(a, b)
