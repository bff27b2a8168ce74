# error: Unsupported 3:19
def f(n: int) -> str:
    return "%.3d" % n
