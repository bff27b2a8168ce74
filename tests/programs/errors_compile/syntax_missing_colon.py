# error: SyntaxError 3
def f(x: int) -> int:
    if x > 0
        return 1
    return 0
