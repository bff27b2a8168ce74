# error: Unsupported 3
def f(n: int) -> int:
    d = {'a': n}
    return n
