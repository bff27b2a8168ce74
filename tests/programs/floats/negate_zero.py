# args: [0.0]
# expect: -0.0
# args: [-0.0]
# expect: 0.0
# args: [inf]
# expect: -inf
def f(x: float) -> float:
    return -x
