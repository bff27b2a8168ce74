# x / n of an int | float that holds an int and an int n is int / int:
# CPython's exact quotient, correctly rounded; an n past the int | float's
# 51 bits is its OverflowError (the CPython path judges the lane again),
# never a quotient of n made a double first.
# overflow: intermediate
# args: [7038759996957902245, 1]
# raises: OverflowError
# args: [3, 1]
# expect: 1.3333333333333333
# args: [1125899906842623, 0]
# expect: 0.10965165576623646
def f(n: int, k: int) -> float:
    x = [123456789012345.0, 4][k % 2]
    return x / n
