# error: Unsupported 3
def f(n: int) -> int:
    g = lambda x: x + 1
    return n
