# error: SyntaxError 4
def f(x: int) -> int:
    y = x
        z = y
    return z
