# error: Unsupported 5
def f(n: int) -> int:
    while n > 0:
        n -= 1
    else:
        n = 5
    return n
