# error: NameError 3:16
def f(x: int) -> int:
    return x + yy
