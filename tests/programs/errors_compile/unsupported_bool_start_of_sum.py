# error: Unsupported 3
def f(xs: list[int]) -> int:
    return sum(xs, False)
