# error: Unsupported 4
def f(i: int) -> str:
    t = (1, 'a', 3)
    return str(t[i])
