# A parameter of several types (a helper's: the entry's annotations type nothing).
# entry: f
# error: Unsupported 4:10
def g(x: int | str) -> int:
    return 1


def f(x: int) -> int:
    return g(x)
