# args: [4, 9, -2, 7, 0]
# expect: 7
def f(a: int, b: int, c: int, d: int, e: int) -> int:
    return max(a, b, c, d, e) + min(e, d, c, b, a)
