# error: Unsupported 3
def f(n: int) -> int:
    xs = [n, None]
    return n
