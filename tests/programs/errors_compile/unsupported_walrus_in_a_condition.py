# error: Unsupported 3:11
def f(xs: list[int]) -> int:
    if (n := len(xs)) > 0:
        return n
    return 0
