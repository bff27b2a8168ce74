# error: NameError 7:16
def f(x: int) -> int:
    return g(x)


def g(y: int) -> int:
    return y * zz
