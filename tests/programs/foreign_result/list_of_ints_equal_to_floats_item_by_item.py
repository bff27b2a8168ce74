# A list of ints compared with an expected list of floats is equal item by
# item (1 == 1.0), as CPython's == finds it.
# signature: def f(n: int) -> list[float]
# args: [2]
# expect: [2, 3]
def f(n):
    return [n, n + 1]
