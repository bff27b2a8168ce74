# A zip kept as a value and drawn twice is left to CPython (its iterator
# is consumed once: the second list is empty).
# error: Unsupported 5:9
def f(a: list[int], b: list[int]) -> int:
    z = zip(a, b)
    return len(list(z)) + len(list(z))
