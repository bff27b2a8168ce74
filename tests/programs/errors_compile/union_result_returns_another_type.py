# error: TypeError 6:12
# entry: f
def g(n: int) -> int | float:
    if n > 0:
        return n
    return "none"


def f(n: int) -> int:
    return n
