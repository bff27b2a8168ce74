# args: [inf]
# raises: OverflowError
# args: [nan]
# raises: ValueError
# args: [1e20]
# raises: OverflowError
# args: [-1e20]
# raises: OverflowError
def f(x: float) -> int:
    return round(x)
