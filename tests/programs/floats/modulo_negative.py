# float % takes the sign of the divisor; a zero result has the divisor's sign.
# args: [-7.5, 2.0]
# expect: 0.5
# args: [7.5, -2.0]
# expect: -0.5
# args: [-1.0, 3.0]
# expect: 2.0
# args: [6.0, -3.0]
# expect: -0.0
# args: [-6.0, 3.0]
# expect: 0.0
# args: [0.0, -1.0]
# expect: -0.0
# args: [-0.0, 1.0]
# expect: 0.0
# args: [1e-300, -1.0]
# expect: -1.0
# args: [1.0, 0.0]
# raises: ZeroDivisionError
# args: [1.0, -0.0]
# raises: ZeroDivisionError
def f(a: float, b: float) -> float:
    return a % b
