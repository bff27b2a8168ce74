# ** with a negative int exponent gives a float in CPython: outside the
# DSL's static types, so it is rejected by name.
# error: Unsupported 5
def f(n: int) -> float:
    x = 2 ** -2
    if n < 0:
        x = 2 ** -1
    return x
