# The floats of a list are written by their shortest repr.
# args: [[1.0, 1e22, -0.0, 1e-07, 0.1]]
# expect: '[1.0, 1e+22, -0.0, 1e-07, 0.1]'
def f(xs: list[float]) -> str:
    return str(xs)
