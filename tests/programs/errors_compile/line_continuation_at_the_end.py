# error: SyntaxError 3
def f(n: int) -> int:
    return n \
