# error: TypeError 3
def f(x: int) -> int:
    return g(x, 1)


def g(a: int) -> int:
    return a
