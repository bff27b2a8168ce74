# The result of % takes the sign of the divisor.
# args: [7, -2]
# expect: -1
# args: [-7, 2]
# expect: 1
# args: [-7, -2]
# expect: -1
# args: [-6, 3]
# expect: 0
# args: [6, -3]
# expect: 0
# args: [5, 0]
# raises: ZeroDivisionError
def f(a: int, b: int) -> int:
    return a % b
