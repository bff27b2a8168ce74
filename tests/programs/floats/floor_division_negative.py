# args: [-7.5, 2.0]
# expect: -4.0
# args: [7.5, -2.0]
# expect: -4.0
# args: [7.5, 2.0]
# expect: 3.0
# args: [-0.0, 1.0]
# expect: -0.0
# args: [0.0, -1.0]
# expect: -0.0
# args: [-1.0, inf]
# expect: -1.0
# args: [1.0, inf]
# expect: 0.0
# args: [1.0, -inf]
# expect: -1.0
# args: [1.0, 0.0]
# raises: ZeroDivisionError
def f(a: float, b: float) -> float:
    return a // b
