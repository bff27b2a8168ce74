# error: SyntaxError 3
def f(xs: list[int]) -> int:
    return xs[]
