# error: Unsupported 3:12
def f(n: int) -> bool:
    return type(n) == int
