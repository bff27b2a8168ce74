# error: SyntaxError 3
def f(xs: list[int]) -> int:
    xs[0]b = 1
    return xs[0]
