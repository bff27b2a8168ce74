# args: [2, 2, 2]
# expect: True
# args: [2, 2, 3]
# expect: False
# args: [0, 0, 0]
# expect: True
def f(a: int, b: int, c: int) -> bool:
    return a == b == c
