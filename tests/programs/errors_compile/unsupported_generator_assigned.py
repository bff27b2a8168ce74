# error: Unsupported 3
def f(n: int) -> int:
    g = (i * i for i in range(n))
    return n
