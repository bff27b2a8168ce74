# A name bound to two lambdas in turn is left to CPython.
# error: Unsupported 6:9
def f(n: int) -> int:
    g = lambda x: x + 1
    a = g(n)
    g = lambda x: x * 2
    return a + g(n)
