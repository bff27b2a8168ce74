# error: Unsupported 5
def f(n: int) -> int:
    for i in range(n):
        pass
    else:
        n = 5
    return n
