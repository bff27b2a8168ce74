# any stops at the first true item: a later 10 // 0 is never computed.
# args: [[5, 1, 0]]
# expect: True
# args: [[5, 0, 1]]
# raises: ZeroDivisionError
# args: [[5, 6]]
# expect: False
# args: [[]]
# expect: False
def f(xs: list[int]) -> bool:
    return any(10 // x > 2 for x in xs)
