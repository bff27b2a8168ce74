# A set's order is its hash table's: str() of one is left to CPython.
# error: Unsupported 5:16
def f(xs: list[int]) -> str:
    s = set(xs)
    return str(s)
