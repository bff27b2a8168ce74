# error: Unsupported 3:16
def f(xs: list[int]) -> int:
    return max(*xs)
