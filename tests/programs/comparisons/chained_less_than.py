# args: [1, 2, 3]
# expect: True
# args: [1, 3, 2]
# expect: False
# args: [2, 2, 3]
# expect: False
def f(a: int, b: int, c: int) -> bool:
    return a < b < c
