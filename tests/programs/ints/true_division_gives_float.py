# / on two ints always gives a float, even when exact.
# args: [7, 2]
# expect: 3.5
# args: [4, 2]
# expect: 2.0
# args: [-1, 4]
# expect: -0.25
# args: [0, -3]
# expect: -0.0
# args: [1, 0]
# raises: ZeroDivisionError
def f(a: int, b: int) -> float:
    return a / b
