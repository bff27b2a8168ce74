# error: TypeError 4
# entry: f
def g(x: int) -> int:
    return 'x'


def f(x: int) -> int:
    return x
