# error: SyntaxError 3
def f(x: int) -> int:
    1 = x
    return x
