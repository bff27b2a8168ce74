# error: Unsupported 3
def f(n: int) -> int:
    d = dict()
    return n
