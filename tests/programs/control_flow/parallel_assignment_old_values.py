# args: [5, 3]
# expect: 82
def f(a: int, b: int) -> int:
    a, b = a + b, a - b
    return a * 10 + b
