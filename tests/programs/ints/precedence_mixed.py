# args: [2, 3, 4]
# expect: 3
def f(a: int, b: int, c: int) -> int:
    return a + b * c - 10 - 3 + 2 * 3 % 4 + (a + b) * c - 20 + -c // 3 + 2
