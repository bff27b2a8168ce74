# sum adds left to right, rounding at each step, as CPython 3.11 does.
# args: [[0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1]]
# expect: 0.9999999999999999
# args: [[1e100, 1.0, -1e100]]
# expect: 0.0
# args: [[1.0, 1e100, -1e100]]
# expect: 0.0
# args: [[0.5, 0.25]]
# expect: 0.75
def f(xs: list[float]) -> float:
    return sum(xs)
