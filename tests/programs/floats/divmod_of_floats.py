# divmod with a float is (a // b, a % b), floats: the remainder takes the
# divisor's sign.
# args: [7.5, 2.0]
# expect: (3.0, 1.5)
# args: [-7.5, 2.0]
# expect: (-4.0, 0.5)
# args: [7.5, -2.0]
# expect: (-4.0, -0.5)
# args: [0.1, 0.01]
# expect: (10.0, 3.469446951953614e-18)
# args: [-0.0, 5.0]
# expect: (-0.0, 0.0)
# args: [1.0, inf]
# expect: (0.0, 1.0)
# args: [-1.0, inf]
# expect: (-1.0, inf)
# args: [1.0, 0.0]
# raises: ZeroDivisionError
def f(a: float, b: float) -> tuple[float, float]:
    return divmod(a, b)
