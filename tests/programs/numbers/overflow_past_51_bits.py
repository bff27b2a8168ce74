# An int | float holds ints of 51 bits; past them it is OverflowError, a
# deviation (CPython's path judges the lane again).
# overflow: intermediate
# args: [1]
# expect: 562949953421312
# args: [2]
# raises: OverflowError
# args: [1.0]
# expect: 562949953421312.0
def f(x: int | float) -> int | float:
    return x * 2 ** 49
