# error: Unsupported 3
def f(n: int) -> int:
    print(n, file=None)
    return n
