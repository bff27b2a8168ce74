# error: Unsupported 4
def f(n: int) -> int:
    xs = [n, 1]
    fs = [lambda x: x + 1]
    return n
