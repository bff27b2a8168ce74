# args: [1, 2, 3]
# expect: 231
def f(a: int, b: int, c: int) -> int:
    a, b, c = b, c, a
    return a * 100 + b * 10 + c
