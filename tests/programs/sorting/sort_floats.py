# args: [[2.5, -1.0, 1e-300, -1e300, 0.5]]
# expect: [-1e+300, -1.0, 1e-300, 0.5, 2.5]
def f(xs: list[float]) -> list[float]:
    xs.sort()
    return xs
