# error: Unsupported 3
def f(n: int) -> int:
    t = (n, 1)
    return n
