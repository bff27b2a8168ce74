# args: [1, 0.5]
# expect: 1.0
# args: [-3, 2.0]
# expect: -4.0
# args: [0, -0.5]
# expect: -0.5
def f(a: int, b: float) -> float:
    return a + b + a * b + b * a - a - b + b - a * b
