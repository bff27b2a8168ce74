# A union's value goes nowhere but out of the entry: a caller that would
# add to it, print it or pass it on is left to CPython.
# error: Unsupported 9:16
def half(n: int) -> int | str:
    if n % 2 == 0:
        return n // 2
    return "odd"
def f(n: int) -> str:
    return str(half(n))
