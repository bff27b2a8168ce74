# args: [3, -1, 2]
# expect: 2
# args: [5, 5, 5]
# expect: 5
def f(a: int, b: int, c: int) -> int:
    return min(a, b, c) + max(a, b, c) - min(a, b) + max(b, c) - max(a, b, c, 0, -7)
