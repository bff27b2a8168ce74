# a < b > c is (a < b) and (b > c), not (a < b) > c.
# args: [1, 5, 2]
# expect: True
# args: [1, 5, 7]
# expect: False
# args: [3, 2, 0]
# expect: False
def f(a: int, b: int, c: int) -> bool:
    return a < b > c
