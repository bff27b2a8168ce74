# A list[int] compared with an expected list[float] is equal item by item
# (1 == 1.0): the VM compares such results only when they have one type.
# signature: def f(n: int) -> list[float]
# error: TypeError 6:12
def f(n):
    return [n, n + 1]
