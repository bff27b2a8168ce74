# args: [9, 0.5]
# expect: 3.0
# args: [2.5, 2]
# expect: 6.25
# args: [0, -1.5]
# raises: ZeroDivisionError
def f(x: float, y: float) -> float:
    return pow(x, y)
