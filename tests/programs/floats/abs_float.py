# args: [-0.0]
# expect: 0.0
# args: [-inf]
# expect: inf
# args: [-2.5]
# expect: 2.5
def f(x: float) -> float:
    return abs(x)
