# A zip kept as a value is left to CPython (its iterator is consumed once).
# error: Unsupported 4:9
def f(a: list[int], b: list[int]) -> int:
    z = zip(a, b)
    return len(list(z))
