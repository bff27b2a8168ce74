# entry: f
# An int default of a float parameter stays an int in CPython: left to it.
# error: Unsupported 4:16
def g(x: float = 0) -> float:
    return x


def f(n: int) -> float:
    return g() + n
