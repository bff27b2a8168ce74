# args: [1, 2, 2, 5]
# expect: True
# args: [1, 2, 1, 5]
# expect: False
def f(a: int, b: int, c: int, d: int) -> bool:
    return a < b <= c < d
