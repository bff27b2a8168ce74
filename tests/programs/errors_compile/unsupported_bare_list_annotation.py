# error: Unsupported 3
def f(n: int) -> int:
    xs: list = []
    return n
