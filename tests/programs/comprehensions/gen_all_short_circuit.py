# all stops at the first false item.
# args: [[1, 20, 0]]
# expect: False
# args: [[1, 0, 20]]
# raises: ZeroDivisionError
# args: [[1, 2]]
# expect: True
# args: [[]]
# expect: True
def f(xs: list[int]) -> bool:
    return all(10 // x > 0 for x in xs)
