# error: Unsupported 3
def f(n: int) -> int:
    return (lambda x: x + 1)(n)
