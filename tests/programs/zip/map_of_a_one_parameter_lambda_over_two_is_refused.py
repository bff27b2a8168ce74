# map() of two iterables with a lambda of one parameter is CPython's
# TypeError when it calls it: left to CPython.
# error: Unsupported 5:21
def f(a: list[int], b: list[int]) -> list[int]:
    return list(map(lambda x: x, a, b))
