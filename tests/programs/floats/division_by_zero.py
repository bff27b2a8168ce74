# args: [1.0, 0.0]
# raises: ZeroDivisionError
# args: [1.0, -0.0]
# raises: ZeroDivisionError
# args: [0.0, 0.0]
# raises: ZeroDivisionError
# args: [inf, 0.0]
# raises: ZeroDivisionError
# args: [1.0, 4.0]
# expect: 0.25
# args: [1.0, -inf]
# expect: -0.0
def f(a: float, b: float) -> float:
    return a / b
