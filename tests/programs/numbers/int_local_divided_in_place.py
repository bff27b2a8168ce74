# error: TypeError 4
def f(x: int) -> int:
    y = x
    y /= 2
    return x
