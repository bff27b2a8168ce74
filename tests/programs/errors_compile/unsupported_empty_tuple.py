# error: Unsupported 3
def f(n: int) -> int:
    t = ()
    return n
