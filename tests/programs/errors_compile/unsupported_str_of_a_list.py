# error: Unsupported 3:16
def f(xs: list[int]) -> str:
    return str(xs)
