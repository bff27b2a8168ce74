# error: SyntaxError 3
def f(x: int) -> int:
    class = x
    return x
