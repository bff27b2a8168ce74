# error: Unsupported 3
def f(n: int) -> int:
    t: tuple[int, ...] = (n, n)
    return n
