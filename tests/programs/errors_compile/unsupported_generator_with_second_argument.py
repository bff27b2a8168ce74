# error: Unsupported 3
def f(n: int) -> int:
    return sum((i for i in range(n)), 10)
