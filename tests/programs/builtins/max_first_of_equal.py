# args: [-0.0, 0.0]
# expect: -0.0
# args: [0.0, -0.0]
# expect: 0.0
# args: [1.0, 2.0]
# expect: 2.0
def f(a: float, b: float) -> float:
    return max(a, b)
