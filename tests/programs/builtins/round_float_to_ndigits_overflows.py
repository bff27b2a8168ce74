# Rounding a float up to a power of ten past the largest float overflows.
# args: [1.7976931348623157e+308, -308]
# raises: OverflowError
# args: [1.75e+308, -307]
# raises: OverflowError
# args: [1.7e+308, -307]
# expect: 1.7e+308
def f(x: float, n: int) -> float:
    return round(x, n)
