# error: Unsupported 4
def f(i: int) -> int:
    t = (1, 2, 3)
    return t[i]
