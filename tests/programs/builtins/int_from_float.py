# int(float) truncates toward zero.
# args: [3.9]
# expect: 3
# args: [-3.9]
# expect: -3
# args: [-0.5]
# expect: 0
# args: [inf]
# raises: OverflowError
# args: [nan]
# raises: ValueError
# args: [1e19]
# raises: OverflowError
# args: [-9.223372036854775808e18]
# expect: -9223372036854775808
# args: [9.223372036854775808e18]
# raises: OverflowError
def f(x: float) -> int:
    return int(x)
