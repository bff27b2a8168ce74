# args: [3, 3]
# expect: 6
# args: [5, 4]
# expect: 35
def f(m: int, n: int) -> int:
    if m == 1 or n == 1:
        return 1
    return f(m - 1, n) + f(m, n - 1)
