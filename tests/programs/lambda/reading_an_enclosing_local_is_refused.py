# A named lambda that reads a local of its enclosing function is left to
# CPython, as a nested def that does is.
# error: Unsupported 5:23
def f(n: int) -> int:
    g = lambda x: x + n
    return g(2)
