# math.floor of an int returns it unchanged (no trip through float).
# overflow: intermediate
# args: [9007199254740993]
# expect: 9007199254740993
# args: [-9223372036854775808]
# raises: OverflowError
import math


def f(n: int) -> int:
    return math.floor(n) + math.ceil(n) - n
