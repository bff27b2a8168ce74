# min/max return the first of equal arguments.
# args: [0.0, -0.0]
# expect: 0.0
# args: [-0.0, 0.0]
# expect: -0.0
def f(a: float, b: float) -> float:
    return min(a, b)
