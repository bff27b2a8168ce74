# error: Unsupported 4:15
def f(xs: list[int]) -> int:
    n = 0
    xs[0] = n = 5
    return n
