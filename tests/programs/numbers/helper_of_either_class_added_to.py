# A union's value goes nowhere but out of the entry: a caller that would
# add to it, print it or pass it on is left to CPython.
# error: Unsupported 9:12
def half(n: int) -> int | float:
    if n % 2 == 0:
        return n // 2
    return n / 2
def f(n: int) -> float:
    return half(n) + 1
