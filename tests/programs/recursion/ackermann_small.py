# args: [2, 3]
# expect: 9
# args: [1, 5]
# expect: 7
def f(m: int, n: int) -> int:
    if m == 0:
        return n + 1
    if n == 0:
        return f(m - 1, 1)
    return f(m - 1, f(m, n - 1))
