# args: [5e-324]
# expect: 0.0
# args: [1e-300]
# expect: 5e-301
def f(x: float) -> float:
    return x / 2.0
