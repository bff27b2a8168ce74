# args: [0.0, -1.0]
# raises: ZeroDivisionError
# args: [-0.0, -0.5]
# raises: ZeroDivisionError
# args: [0.0, 0.0]
# expect: 1.0
# args: [-0.0, 3.0]
# expect: -0.0
# args: [-0.0, 2.0]
# expect: 0.0
def f(x: float, y: float) -> float:
    return x ** y
