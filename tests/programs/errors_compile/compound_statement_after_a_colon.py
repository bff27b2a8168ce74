# error: SyntaxError 3
def f(xs: list[int]) -> int:
    for x in xs: if x > 0: return x
    return 0
