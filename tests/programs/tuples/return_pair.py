# args: [17, 5]
# expect: (3, 2)
# args: [-17, 5]
# expect: (-4, 3)
def f(a: int, b: int) -> tuple[int, int]:
    q = a // b
    r = a - q * b
    return q, r
