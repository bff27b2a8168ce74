# error: TypeError 3
def f(x: int) -> int:
    return g()


def g(a: int) -> int:
    return a
