# error: Unsupported 3
def f(n: int) -> int:
    s = {n, 1}
    return n
