# args: [1, 2]
# expect: 21
def f(a: int, b: int) -> int:
    a, b = b, a
    return a * 10 + b
