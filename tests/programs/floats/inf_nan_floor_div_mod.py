# inf // x and inf % x are nan; nan is the only value unequal to itself.
# args: [inf, 3.0]
# expect: True
# args: [-inf, 3.0]
# expect: True
# args: [nan, 1.0]
# expect: True
# args: [5.0, 3.0]
# expect: False
def f(a: float, b: float) -> bool:
    q = a // b
    r = a % b
    return q != q and r != r
