# error: SyntaxError 3
def f(x: int) -> str:
    return 'abc
