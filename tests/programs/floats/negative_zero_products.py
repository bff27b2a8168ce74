# args: [0.0, -1.0]
# expect: -0.0
# args: [-0.0, -0.0]
# expect: 0.0
# args: [-0.0, 5.0]
# expect: -0.0
# args: [-2.0, 0.0]
# expect: -0.0
def f(a: float, b: float) -> float:
    return a * b
