# error: SyntaxError 3
def f(x: int) -> int:
    return x * * 2
