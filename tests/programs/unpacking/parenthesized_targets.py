# args: [7, 8]
# expect: (8, 7)
def f(a: int, b: int) -> tuple[int, int]:
    (a, b) = (b, a)
    return a, b
