# args: [True]
# expect: 3
# args: [False]
# expect: 0
def f(a: bool) -> int:
    return a * 5 - a - a + (-a) + a // 1 - a % 2 + a
