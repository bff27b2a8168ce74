# error: Unsupported 3
def f(n: int) -> int:
    fs = [lambda x: x + 1]
    return n
