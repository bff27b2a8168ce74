# 3 > 2 > 1 is True in Python (it would be False as (3 > 2) > 1).
# args: [3, 2, 1]
# expect: True
# args: [1, 0, 0]
# expect: False
def f(a: int, b: int, c: int) -> bool:
    return a > b > c
