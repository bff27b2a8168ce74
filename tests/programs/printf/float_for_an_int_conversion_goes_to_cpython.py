# error: Unsupported 3:17
def f(x: float) -> str:
    return "%d" % x
