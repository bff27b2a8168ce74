# args: [-2.0, 3.0]
# expect: -8.0
# args: [-2.0, 2.0]
# expect: 4.0
# args: [-1.5, -1.0]
# expect: -0.6666666666666666
# args: [-1.0, 1e300]
# expect: 1.0
def f(x: float, y: float) -> float:
    return x ** y
