# x.is_integer() of a float: whether it has no fractional part; inf and nan
# have none to test and give False.
# args: [[1.0, 2.5, -3.0, -0.0, 1e300, 1e-300]]
# expect: [True, False, True, True, True, False]
def f(xs: list[float]) -> list[bool]:
    return [x.is_integer() for x in xs]
