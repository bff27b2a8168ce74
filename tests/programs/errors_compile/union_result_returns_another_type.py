# error: TypeError 6:12
# entry: f
def g(n: int) -> int | str:
    if n > 0:
        return n
    return 2.5


def f(n: int) -> int:
    return n
