# error: Unsupported 3
def f(n: int) -> int:
    xs = [1, 2, n]
    return n
